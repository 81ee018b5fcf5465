// The built-in functions of expressions (spec §5): their names, how many values each
// takes, and what each does, for the checker, the evaluator, completion and hovers.

/// A function an expression may call: `min(a, b, ...)`, `max(a, b, ...)`, `abs(x)`,
/// `clamp(x, lo, hi)`, `floor(x)`, `round(x)`. Each takes numbers and keeps their unit.
public enum BuiltinFunction: String, CaseIterable, Equatable, Sendable {
    case min, max, abs, clamp, floor, round

    /// The function named `name` (exact spelling), or nil.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The fewest values it takes.
    public var minArguments: Int {
        switch self {
        case .min, .max: return 2
        case .abs, .floor, .round: return 1
        case .clamp: return 3
        }
    }

    /// The most values it takes (nil: any number from `minArguments`).
    public var maxArguments: Int? {
        switch self {
        case .min, .max: return nil
        case .abs, .floor, .round: return 1
        case .clamp: return 3
        }
    }

    /// How it is called, as a hover and an error show it.
    public var signature: String {
        switch self {
        case .min: return "min(a, b, ...)"
        case .max: return "max(a, b, ...)"
        case .abs: return "abs(x)"
        case .clamp: return "clamp(x, lo, hi)"
        case .floor: return "floor(x)"
        case .round: return "round(x)"
        }
    }

    /// `two or more values`, `one value`, `three values, x, lo and hi`: what an arity error says.
    public var valuesPhrase: String {
        switch self {
        case .min, .max: return "two or more values"
        case .abs, .floor, .round: return "one value"
        case .clamp: return "three values, x, lo and hi"
        }
    }

    /// A call that passes `check` wherever `offset` and `velocity` are known.
    public var example: String {
        switch self {
        case .min: return "min(offset, 100)"
        case .max: return "max(offset, 0)"
        case .abs: return "abs(velocity)"
        case .clamp: return "clamp(offset, 0, 100)"
        case .floor: return "floor(offset)"
        case .round: return "round(offset)"
        }
    }

    /// What it gives, for hovers and docs.
    public var summary: String {
        switch self {
        case .min: return "the smallest of its values"
        case .max: return "the largest of its values"
        case .abs: return "x without its sign"
        case .clamp: return "x held between lo and hi: lo when x < lo, hi when x > hi (lo must not be above hi)"
        case .floor: return "the largest whole number at or below x"
        case .round: return "x to the nearest whole number, halves away from 0 (2.5 → 3, -2.5 → -3)"
        }
    }

    // The rules, in one place: the checker's constants and the evaluator both call these.

    /// `min`/`max`: the result so far with the next value.
    @inline(__always)
    public func fold(_ a: Double, _ b: Double) -> Double {
        self == .max ? Swift.max(a, b) : Swift.min(a, b)
    }

    /// `abs`, `floor`, `round` (halves away from 0) of x.
    @inline(__always)
    public func single(_ x: Double) -> Double {
        switch self {
        case .floor: return x.rounded(.down)
        case .round: return x.rounded(.toNearestOrAwayFromZero)
        default: return Swift.abs(x)
        }
    }

    /// `clamp(x, lo, hi)`; nil when lo is above hi.
    @inline(__always)
    public static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double? {
        guard lo <= hi else { return nil }
        return Swift.min(Swift.max(x, lo), hi)
    }

    /// The function of `values` (as many as it takes); nil for a wrong count or `clamp`
    /// with lo above hi.
    public func apply(_ values: [Double]) -> Double? {
        guard let first = values.first, values.count >= minArguments,
              maxArguments.map({ values.count <= $0 }) ?? true else { return nil }
        switch self {
        case .min, .max: return values.dropFirst().reduce(first) { fold($0, $1) }
        case .abs, .floor, .round: return single(first)
        case .clamp: return BuiltinFunction.clamp(first, values[1], values[2])
        }
    }

    /// Every function name, in table order (completion, "did you mean").
    public static let names: [String] = allCases.map { $0.rawValue }
}
