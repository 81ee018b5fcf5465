// The per-frame form of an `expect always` condition (the hot path).
//
// Names are resolved once, when the invariant is registered, so checking it after every
// frame hashes no strings; and the world is passed as a borrowed parameter, never stored,
// so it is not copied. The answer is only a quick "it holds": whenever this form cannot
// say so (the condition is false, or evaluating it would be a run-time error), it gives
// `nil`/`false` and the caller runs the full `Evaluator`, which reports exactly as before.
// Every rule below mirrors `Evaluator`; a case that `Evaluator` would reject gives nil.
//
// The tree is built from a parsed `Expr`, which is never deeper than
// `SourceLimits.maxNesting`, so the recursion here is bounded.

/// A condition with its names resolved.
indirect enum FastExpr {
    /// A literal or a state name: its value never changes.
    case constant(EvalValue)
    case observable(ObservableID)
    case tunable(TunableID)
    /// `section[I].m` (`column` nil) or `row[I,J].m`, with the observable resolved.
    case indexed(ObservableID, FastExpr, column: FastExpr?)
    case unary(UnaryOp, FastExpr)
    case binary(BinaryOp, FastExpr, FastExpr)
    case compare(CompareOp, FastExpr, FastExpr, tolerance: FastExpr?)
    /// Something the full evaluator rejects (an unknown name, a wrong index count).
    case unsupported

    /// Resolves every name in `e` (done once, at registration).
    init(_ e: Expr) {
        switch e {
        case .number(let n, _):
            switch n.unit {
            case .none: self = .constant(.number(n.value, nil))
            case .s, .ms: self = .constant(.number(n.value, .seconds))
            case .pt: self = .constant(.number(n.value, .points))
            }
        case .string(let s): self = .constant(.string(s.value))
        case .bool(let b, _): self = .constant(.bool(b))
        case .name(let name, _):
            switch resolveName(name) {
            case .observable(let id)?: self = .observable(id)
            case .tunable(let id)?: self = .tunable(id)
            case .state(let s, _)?: self = .constant(.state(s))
            case nil: self = .unsupported
            }
        case .indexed(let base, let indexes, let member, _):
            self = FastExpr.indexed(base, indexes, member)
        case .paren(let x, _): self = FastExpr(x)
        case .placeholder: self = .unsupported
        case .unary(let op, let x, _): self = .unary(op, FastExpr(x))
        case .binary(let op, let a, let b, _): self = .binary(op, FastExpr(a), FastExpr(b))
        case .compare(let op, let a, let b, let tol, _):
            self = .compare(op, FastExpr(a), FastExpr(b), tolerance: tol.map { FastExpr($0) })
        }
    }

    private static func indexed(_ base: String, _ indexes: [Expr], _ member: String) -> FastExpr {
        let form: Subscript = base == "row" ? .row : .section
        guard let id = subscriptedObservable(form, member) else { return .unsupported }
        switch (form, indexes.count) {
        case (.section, 1): return .indexed(id, FastExpr(indexes[0]), column: nil)
        case (.row, 2): return .indexed(id, FastExpr(indexes[0]), column: FastExpr(indexes[1]))
        default: return .unsupported
        }
    }
}

/// Evaluates `FastExpr` against a borrowed world (no copy, no allocation, no hashing).
enum FastCondition {
    /// True only when the condition certainly holds in `world`. The world is only read:
    /// `inout` lets a caller pass a class's stored world in place (a plain or `borrowing`
    /// parameter still made a copy of it there, ~900 instructions a frame).
    static func holds(_ e: FastExpr, in world: inout World) -> Bool {
        holds(e, world)
    }

    /// True only when the condition certainly holds in `world`.
    static func holds(_ e: FastExpr, _ world: borrowing World) -> Bool {
        if case .bool(true)? = eval(e, world) { return true }
        return false
    }

    /// The value, or nil where `Evaluator` would throw (or this form cannot decide).
    static func eval(_ e: FastExpr, _ world: borrowing World) -> EvalValue? {
        switch e {
        case .constant(let v): return v
        case .observable(let id): return EvalValue(world.value(id))
        case .tunable(let id): return EvalValue(world.value(id))
        case .indexed(let id, let i, let j): return indexed(id, i, j, world)
        case .unary(let op, let x): return unary(op, x, world)
        case .binary(let op, let a, let b): return binary(op, a, b, world)
        case .compare(let op, let a, let b, let tol): return compare(op, a, b, tol, world)
        case .unsupported: return nil
        }
    }

    private static func indexed(_ id: ObservableID, _ ix: FastExpr, _ jx: FastExpr?, _ world: borrowing World) -> EvalValue? {
        guard let i = index(ix, world), i < world.sectionCount else { return nil }
        guard let jx else { return EvalValue(world.value(id, section: i)) }
        guard let j = index(jx, world) else { return nil }
        var rows = 0
        if case .number(let r, _) = world.value(.sectionRows, section: i) { rows = Int(exactly: r) ?? 0 }
        guard j < rows else { return nil }
        return EvalValue(world.value(id, section: i, row: j))
    }

    private static func index(_ x: FastExpr, _ world: borrowing World) -> Int? {
        guard case .number(let d, _)? = eval(x, world) else { return nil }
        return Evaluator.wholeIndex(d)
    }

    private static func unary(_ op: UnaryOp, _ x: FastExpr, _ world: borrowing World) -> EvalValue? {
        switch (op, eval(x, world)) {
        case (.negate, .number(let d, let q)?): return .number(-d, q)
        case (.not, .bool(let b)?): return .bool(!b)
        default: return nil
        }
    }

    private static func binary(_ op: BinaryOp, _ a: FastExpr, _ b: FastExpr, _ world: borrowing World) -> EvalValue? {
        if op == .and || op == .or {
            guard case .bool(let l)? = eval(a, world) else { return nil }
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            guard case .bool(let r)? = eval(b, world) else { return nil }
            return .bool(r)
        }
        guard case .number(let l, let lq)? = eval(a, world),
              case .number(let r, let rq)? = eval(b, world) else { return nil }
        let (ok, q) = combine(lq, rq)
        if (op == .add || op == .subtract) && !ok { return nil }
        switch op {
        case .add: return .number(l + r, q)
        case .subtract: return .number(l - r, q)
        case .multiply: return .number(l * r, q)
        default: return r != 0 ? .number(l / r, q) : nil
        }
    }

    private static func compare(_ op: CompareOp, _ a: FastExpr, _ b: FastExpr, _ tol: FastExpr?,
                                _ world: borrowing World) -> EvalValue? {
        guard let x = eval(a, world), let y = eval(b, world) else { return nil }
        switch (x, y) {
        case (.number(let l, let lq), .number(let r, let rq)):
            let (ok, q) = combine(lq, rq)
            guard ok else { return nil }
            switch op {
            case .eq: return .bool(l == r)
            case .ne: return .bool(l != r)
            case .lt: return .bool(l < r)
            case .le: return .bool(l <= r)
            case .gt: return .bool(l > r)
            case .ge: return .bool(l >= r)
            case .approx:
                guard let t = tolerance(tol, lq ?? rq ?? q, world) else { return nil }
                return .bool(abs(l - r) <= t)
            }
        case (.bool(let l), .bool(let r)): return equality(op, l == r)
        case (.state(let l), .state(let r)): return equality(op, l == r)
        case (.string(let l), .string(let r)): return equality(op, l == r)
        default: return nil
        }
    }

    private static func equality(_ op: CompareOp, _ equal: Bool) -> EvalValue? {
        switch op {
        case .eq: return .bool(equal)
        case .ne: return .bool(!equal)
        default: return nil
        }
    }

    private static func tolerance(_ tol: FastExpr?, _ q: Quantity?, _ world: borrowing World) -> Double? {
        guard let tol else { return defaultTolerance(q, fps: world.config.fps) }
        guard case .number(let t, _)? = eval(tol, world), t >= 0, t.isFinite else { return nil }
        return t
    }
}
