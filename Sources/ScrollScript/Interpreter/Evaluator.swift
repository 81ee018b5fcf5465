// Expression evaluation against a World (spec §5). Pure: reads the world, never changes it.
//
// The parser refuses trees deeper than SourceLimits.maxNesting, so the recursion here is
// bounded. Run-time problems (division by zero, kinds that do not mix, an index past the
// table) are `RuntimeError`s, never traps.

/// A run-time error at a location: the scenario fails with it.
public struct RuntimeError: Error, Equatable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}

/// A value during evaluation. `quantity` nil is a bare number (a literal without a unit),
/// which mixes with any quantity.
enum EvalValue: Equatable {
    case number(Double, Quantity?)
    case bool(Bool)
    case state(String)
    case string(String)
    case rect(Rect)

    init(_ v: Value) {
        switch v {
        case .number(let x, let q): self = .number(x, q)
        case .bool(let b): self = .bool(b)
        case .state(let s): self = .state(s)
        case .string(let s): self = .string(s)
        case .rect(let r): self = .rect(r)
        }
    }

    /// As the simulator's Value (bare numbers print as plain numbers).
    var value: Value {
        switch self {
        case .number(let x, let q): return .number(x, q ?? .number)
        case .bool(let b): return .bool(b)
        case .state(let s): return .state(s)
        case .string(let s): return .string(s)
        case .rect(let r): return .rect(r)
        }
    }

    var kindName: String {
        switch self {
        case .number(_, let q): return q.map { ValueKind.quantity($0).displayName } ?? "a number"
        case .bool: return "a boolean"
        case .state: return "a state"
        case .string: return "a string"
        case .rect: return "a rect"
        }
    }
}

/// The quantity that decides a mix of two: points, velocity and seconds must agree; plain
/// numbers, counts and bare literals take the other side's quantity.
private func isDimensioned(_ q: Quantity?) -> Bool {
    q == .points || q == .velocity || q == .seconds
}

func combine(_ a: Quantity?, _ b: Quantity?) -> (ok: Bool, result: Quantity?) {
    if isDimensioned(a) && isDimensioned(b) { return (a == b, a) }
    if isDimensioned(a) { return (true, a) }
    if isDimensioned(b) { return (true, b) }
    return (true, a ?? b)
}

/// Evaluates expressions against one world.
struct Evaluator {
    let world: World
    /// Values for the `?` of an `expect`, by the `?`'s byte offset (recording, spec §5).
    var placeholders: [Int: EvalValue] = [:]

    init(world: World) {
        self.world = world
    }

    func eval(_ e: Expr) throws -> EvalValue {
        switch e {
        case .number(let n, _):
            switch n.unit {
            case .none: return .number(n.value, nil)
            case .s, .ms: return .number(n.value, .seconds)
            case .pt: return .number(n.value, .points)
            }
        case .string(let s): return .string(s.value)
        case .bool(let b, _): return .bool(b)
        case .name(let name, let loc): return try evalName(name, loc)
        case .indexed(let base, let indexes, let member, let loc):
            return EvalValue(try indexed(base, indexes, member, loc).0)
        case .paren(let x, _): return try eval(x)
        case .placeholder(let loc):
            guard let v = placeholders[loc.offset] else { throw RuntimeError(loc, "no recorded value for '?'") }
            return v
        case .unary(let op, let x, let loc): return try evalUnary(op, x, loc)
        case .binary(let op, let a, let b, let loc): return try evalBinary(op, a, b, loc)
        case .compare(let op, let a, let b, let tol, let loc):
            return .bool(try compare(op, a, b, tol, loc).holds)
        }
    }

    /// Evaluates a condition (`expect`), which must be a boolean.
    func condition(_ e: Expr) throws -> Bool {
        guard case .bool(let b) = try eval(e) else {
            throw RuntimeError(e.startLocation, "an expectation must be true or false")
        }
        return b
    }

    private func evalName(_ name: String, _ loc: SourceLocation) throws -> EvalValue {
        switch resolveName(name) {
        case .observable(let id)?: return EvalValue(world.value(id))
        case .tunable(let id)?: return EvalValue(world.value(id))
        case .state(let s, _)?: return .state(s)
        case nil: throw RuntimeError(loc, "unknown name '\(name)'")
        }
    }

    /// `section[I].member` / `row[I,J].member` with its name as written with numbers
    /// (`section[0].y`), for failure reports and `print`.
    func indexedValue(_ base: String, _ indexes: [Expr], _ member: String, _ loc: SourceLocation) throws -> (name: String, value: Value) {
        let (value, i, j) = try indexed(base, indexes, member, loc)
        return (base == "row" ? "row[\(i),\(j)].\(member)" : "section[\(i)].\(member)", value)
    }

    /// The value of `section[I].member` / `row[I,J].member` and its indexes. No allocation
    /// and no string work unless it fails: invariants evaluate this after every frame.
    func indexed(_ base: String, _ indexes: [Expr], _ member: String, _ loc: SourceLocation) throws -> (Value, Int, Int) {
        let form: Subscript = base == "row" ? .row : .section
        guard let id = subscriptedObservable(form, member) else {
            throw RuntimeError(loc, "unknown name '\(base)[...].\(member)'")
        }
        let need = form == .row ? 2 : 1
        guard indexes.count == need else {
            throw RuntimeError(loc, "\(base) takes \(need) index\(need == 1 ? "" : "es")")
        }
        let i = try index(indexes[0])
        let count = world.sectionCount
        guard i < count else {
            throw RuntimeError(loc, "there is no section \(i): the table has \(count) section\(count == 1 ? "" : "s")")
        }
        guard form == .row else { return (world.value(id, section: i), i, 0) }
        let j = try index(indexes[1])
        var rows = 0
        if case .number(let r, _) = world.value(.sectionRows, section: i) { rows = Int(exactly: r) ?? 0 }
        guard j < rows else {
            throw RuntimeError(loc, "there is no row \(j) in section \(i): it has \(rows) row\(rows == 1 ? "" : "s")")
        }
        return (world.value(id, section: i, row: j), i, j)
    }

    private func index(_ x: Expr) throws -> Int {
        let v = try eval(x)
        guard case .number(let d, _) = v, let i = Self.wholeIndex(d) else {
            throw RuntimeError(x.startLocation, "an index must be a whole number from 0, not \(v.value.formatted)")
        }
        return i
    }

    /// `d` as an index: a whole number from 0 (below 1e9), else nil.
    static func wholeIndex(_ d: Double) -> Int? {
        guard d >= 0, d < 1e9, d == d.rounded() else { return nil }
        return Int(exactly: d)
    }

    private func evalUnary(_ op: UnaryOp, _ x: Expr, _ loc: SourceLocation) throws -> EvalValue {
        let v = try eval(x)
        switch (op, v) {
        case (.negate, .number(let d, let q)): return .number(-d, q)
        case (.not, .bool(let b)): return .bool(!b)
        default:
            throw RuntimeError(loc, "'\(op.rawValue)' cannot be applied to \(v.kindName)")
        }
    }

    private func evalBinary(_ op: BinaryOp, _ a: Expr, _ b: Expr, _ loc: SourceLocation) throws -> EvalValue {
        if op == .and || op == .or {
            let x = try eval(a)
            guard case .bool(let l) = x else {
                throw RuntimeError(a.startLocation, "'\(op.rawValue)' needs booleans, not \(x.kindName)")
            }
            // Short-circuit, like every language a user knows.
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            let y = try eval(b)
            guard case .bool(let r) = y else {
                throw RuntimeError(b.startLocation, "'\(op.rawValue)' needs booleans, not \(y.kindName)")
            }
            return .bool(r)
        }
        let x = try eval(a), y = try eval(b)
        guard case .number(let l, let lq) = x, case .number(let r, let rq) = y else {
            throw RuntimeError(loc, "'\(op.rawValue)' needs numbers, not \(x.kindName) and \(y.kindName)")
        }
        let (ok, q) = combine(lq, rq)
        if (op == .add || op == .subtract) && !ok {
            throw RuntimeError(loc, "cannot \(op == .add ? "add" : "subtract") \(x.kindName) and \(y.kindName)")
        }
        switch op {
        case .add: return .number(l + r, q)
        case .subtract: return .number(l - r, q)
        case .multiply: return .number(l * r, q)
        default:
            guard r != 0 else { throw RuntimeError(loc, "division by zero") }
            return .number(l / r, q)
        }
    }

    /// The outcome of one comparison, with what a failure report needs for `~=`.
    struct Comparison {
        var holds: Bool
        var left: EvalValue
        var right: EvalValue
        /// `~=` only: the tolerance used and the quantity it was read in.
        var tolerance: Double?
        var quantity: Quantity?
    }

    func compare(_ op: CompareOp, _ a: Expr, _ b: Expr, _ tol: Expr?, _ loc: SourceLocation) throws -> Comparison {
        let x = try eval(a), y = try eval(b)
        switch (x, y) {
        case (.number(let l, let lq), .number(let r, let rq)):
            let (ok, q) = combine(lq, rq)
            guard ok else { throw RuntimeError(loc, "cannot compare \(x.kindName) with \(y.kindName)") }
            switch op {
            case .eq: return Comparison(holds: l == r, left: x, right: y)
            case .ne: return Comparison(holds: l != r, left: x, right: y)
            case .lt: return Comparison(holds: l < r, left: x, right: y)
            case .le: return Comparison(holds: l <= r, left: x, right: y)
            case .gt: return Comparison(holds: l > r, left: x, right: y)
            case .ge: return Comparison(holds: l >= r, left: x, right: y)
            case .approx:
                let t = try tolerance(tol, lq ?? rq ?? q, loc)
                return Comparison(holds: abs(l - r) <= t, left: x, right: y, tolerance: t, quantity: lq ?? rq ?? q)
            }
        case (.rect, _), (_, .rect):
            throw RuntimeError(loc, "rects can be printed but not compared")
        case (.bool(let l), .bool(let r)): return try equality(op, l == r, x, y, loc)
        case (.state(let l), .state(let r)): return try equality(op, l == r, x, y, loc)
        case (.string(let l), .string(let r)): return try equality(op, l == r, x, y, loc)
        default:
            throw RuntimeError(loc, "cannot compare \(x.kindName) with \(y.kindName)")
        }
    }

    private func equality(_ op: CompareOp, _ equal: Bool, _ x: EvalValue, _ y: EvalValue, _ loc: SourceLocation) throws -> Comparison {
        switch op {
        case .eq: return Comparison(holds: equal, left: x, right: y)
        case .ne: return Comparison(holds: !equal, left: x, right: y)
        default: throw RuntimeError(loc, "'\(op.rawValue)' needs numbers, not \(x.kindName)")
        }
    }

    /// `within X`, or the default for the left side's quantity: 0.5 pt and pt/s, half a
    /// frame for seconds, 0.005 for plain numbers, 0.5 for counts.
    func tolerance(_ tol: Expr?, _ q: Quantity?, _ loc: SourceLocation) throws -> Double {
        if let tol {
            guard case .number(let t, _) = try eval(tol), t >= 0, t.isFinite else {
                throw RuntimeError(tol.startLocation, "a tolerance must be a number at least 0")
            }
            return t
        }
        return defaultTolerance(q, fps: world.config.fps)
    }
}

/// `section[I].member` / `row[I,J].member` observables, built once from Names.swift so
/// that a lookup after every frame (`expect always section[0].y ...`) allocates nothing.
private struct SubscriptedEntry {
    var form: Subscript
    var member: String
    var id: ObservableID
}

private let subscriptedTable: [SubscriptedEntry] =
    ObservableID.allCases.compactMap { id in id.member.map { SubscriptedEntry(form: id.subscriptForm, member: $0, id: id) } }

func subscriptedObservable(_ form: Subscript, _ member: String) -> ObservableID? {
    // An index loop, not for-in: an unspecialised iterator allocates in debug builds.
    var k = 0
    while k < subscriptedTable.count {
        let e = subscriptedTable[k]
        if e.form == form && e.member == member { return e.id }
        k += 1
    }
    return nil
}

/// The default `~=` tolerance for a quantity (spec §5).
public func defaultTolerance(_ q: Quantity?, fps: Int) -> Double {
    switch q {
    case .points?, .velocity?, .count?: return 0.5
    case .seconds?: return 0.5 / Double(max(1, fps))
    case .number?, nil: return 0.005
    }
}
