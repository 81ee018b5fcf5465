// `scrollscript explore` (spec §7, v1.3): the actions a run is made of, as values that
// become checked-form statements (for the Interpreter) and text (for the written
// counterexample). Numbers are whole points, whole pt/s, hundredths of seconds and whole
// frames, so every one prints exactly and reads back as the same value.
import ScrollSim

/// One generated action. Durations are in hundredths of a second.
public enum ExploreAction: Equatable, Hashable, Sendable {
    /// `pull D`, D ≥ 1 pt.
    case pull(Int)
    /// `drag D` or `drag D in T` (T ≥ 1 hundredth).
    case drag(Int, hundredths: Int?)
    /// `fling V` (pt/s, any sign).
    case fling(Int)
    /// `swipe D` or `swipe D in T` (T ≥ 1 hundredth): a drag whose finger lifts moving.
    case swipe(Int, hundredths: Int?)
    case release
    /// `tap NAME`: a behaviour's view (`tap header`, `tap toolbar`).
    case tapView(String)
    /// `tap header I`
    case tapSection(Int)
    /// `tap row I J`
    case tapRow(Int, Int)
    /// `tap X Y`
    case tapPoint(Int, Int)
    /// `wait T` (hundredths of a second, ≥ 0).
    case wait(Int)
    /// `tick N` (N ≥ 1; `tick` for 1).
    case tick(Int)
    /// `settle`
    case settle

    /// The statement as `scrollscript fmt` writes it.
    public var text: String {
        // The formatter's line for the statement it stands for: one writer of statements.
        statementHead(statement(at: SourceLocation(file: "", line: 0, column: 0)).kind)
    }

    /// Hundredths of a second as a literal with its unit: 25 → `0.25s`, 100 → `1s`, 150 → `1.5s`.
    static func seconds(_ h: Int) -> String {
        let whole = h / 100, frac = h % 100
        if frac == 0 { return "\(whole)s" }
        if frac % 10 == 0 { return "\(whole).\(frac / 10)s" }
        return "\(whole).\(frac < 10 ? "0" : "")\(frac)s"
    }

    /// The statement the interpreter runs, at `location`. Negative numbers are literals
    /// with a negative value (the parser reads `-900` as `-` applied to `900`; the value is
    /// the same, and a literal spares the interpreter an evaluation).
    func statement(at location: SourceLocation) -> Stmt {
        func num(_ v: Int, _ unit: NumberUnit = .none) -> Expr {
            .number(NumberLiteral(value: Double(v), unit: unit, raw: String(v)), location)
        }
        func dur(_ h: Int) -> Expr {
            let raw = ExploreAction.seconds(h)
            return .number(NumberLiteral(value: Double(h) / 100, unit: .s, raw: raw), location)
        }
        let kind: StmtKind
        switch self {
        case .pull(let d): kind = .pull(num(d))
        case .drag(let d, let h): kind = .drag(num(d), duration: h.map(dur))
        case .fling(let v): kind = .fling(num(v))
        case .swipe(let d, let h): kind = .swipe(num(d), duration: h.map(dur))
        case .release: kind = .release
        case .tapView(let name): kind = .tapView(name)
        case .tapSection(let i): kind = .tapHeader(num(i))
        case .tapRow(let i, let j): kind = .tapRow(section: num(i), row: num(j))
        case .tapPoint(let x, let y): kind = .tap(x: num(x), y: num(y))
        case .wait(let h): kind = .wait(dur(h))
        case .tick(let n): kind = .tick(n == 1 ? nil : num(n))
        case .settle: kind = .settle
        }
        return Stmt(kind: kind, location: location)
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast generator whose every seed gives
/// an independent-looking stream. Run i of seed S is seeded with `mix(S, i)`, so a run's
/// actions depend on nothing but (S, i): not on the worker that ran it, nor on the order.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The seed of run `index` of an exploration with `seed`.
    public static func runSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var g = SplitMix64(seed: seed ^ 0x5EED_5C20_11AB_1E00)
        let a = g.next()
        var h = SplitMix64(seed: a &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        return h.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in lo...hi (inclusive), without modulo bias worth speaking of
    /// (Lemire's multiply-shift; the ranges here are tiny against 2⁶⁴).
    public mutating func int(_ lo: Int, _ hi: Int) -> Int {
        guard hi > lo else { return lo }
        let span = UInt64(hi - lo) + 1
        let r = next().multipliedFullWidth(by: span).high
        return lo + Int(r)
    }

    /// True with probability p.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < p
    }
}
