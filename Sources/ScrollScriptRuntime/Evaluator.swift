// The one set of rules that evaluates a resolved expression (spec §5). Pure: reads the
// world, never changes it.
//
// The world is passed borrowed, never stored: `inout` at the entry points lets a
// caller pass a class's stored world in place (a plain or `borrowing` parameter made a
// copy of it there, ~900 instructions a frame). Run-time problems (division by zero,
// kinds that do not mix, an index past the table) throw a `RuntimeError` (typed throws:
// no allocation unless one is thrown), never trap. The tree is never deeper than
// `SourceLimits.maxNesting`, so the recursion here is bounded.

/// The outcome of one comparison, with what a failure report needs for `~=`.
package struct Comparison: Sendable {
    package var holds: Bool
    package var left: EvalValue
    package var right: EvalValue
    /// `~=` only: the tolerance used and the quantity it was read in.
    package var tolerance: Double?
    package var quantity: Quantity?
}

/// What an expression reads besides the world: the value of each `let` slot (nil until
/// its statement has run), and the values of the `?`s of an `expect` by byte offset
/// (recording).
package struct EvalBindings {
    package var lets: [EvalValue?]
    package var placeholders: [Int: EvalValue] = [:]

    package init(lets: [EvalValue?], placeholders: [Int: EvalValue] = [:]) {
        (self.lets, self.placeholders) = (lets, placeholders)
    }
}

/// The one evaluator: every rule of expression evaluation, over a borrowed world.
package enum Evaluate {
    /// The condition of an `expect`: true or false, or the run-time error it meets.
    package static func condition(_ e: ResolvedExpr, in world: inout World, _ b: EvalBindings) throws(RuntimeError) -> Bool {
        try condition(e, world, b)
    }

    /// True only when the condition certainly holds (the per-frame question of an
    /// invariant or an `expect within`; a false answer is then reported in full).
    package static func holds(_ e: ResolvedExpr, in world: inout World, _ b: EvalBindings) -> Bool {
        (try? condition(e, world, b)) == true
    }

    /// The value of `e` in `world`.
    package static func value(_ e: ResolvedExpr, in world: inout World, _ b: EvalBindings) throws(RuntimeError) -> EvalValue {
        try eval(e, world, b)
    }

    package static func condition(_ e: ResolvedExpr, _ world: borrowing World,
                          _ env: EvalBindings) throws(RuntimeError) -> Bool {
        guard case .bool(let b) = try eval(e, world, env) else {
            throw RuntimeError(e.startLocation, .expectationNotBool)
        }
        return b
    }

    package static func eval(_ e: ResolvedExpr, _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> EvalValue {
        switch e {
        case .constant(let v, _): return v
        case .observable(let id, let loc):
            let v = world.value(id)
            // A user behaviour's number that is not finite fails where it is read (spec §8).
            if case .behaviour(let b, _) = id, case .number(let x, _) = v, !x.isFinite {
                let registry = world.registry
                throw RuntimeError(loc, .behaviourValueNotFinite(behaviour: registry.declaration(b).name,
                                                                 observable: registry.observable(id).name, value: x))
            }
            return EvalValue(v)
        case .tunable(let id, _): return EvalValue(world.value(id))
        case .indexed(let id, let i, let j, let loc): return EvalValue(try indexed(id, i, j, loc, world, env).value)
        case .placeholder(let loc):
            guard let v = env.placeholders[loc.offset] else { throw RuntimeError(loc, .placeholderWithoutValue) }
            return v
        case .letValue(let slot, let name, let loc):
            guard slot < env.lets.count, let v = env.lets[slot] else { throw RuntimeError(loc, .letNotBound(name)) }
            return v
        case .call(let f, let args, let loc): return try call(f, args, loc, world, env)
        case .unary(let op, let x, let loc): return try unary(op, x, loc, world, env)
        case .binary(let op, let a, let b, let loc): return try binary(op, a, b, loc, world, env)
        case .compare(let op, let a, let b, let tol, let loc):
            return .bool(try compare(op, a, b, tol, loc, world, env).holds)
        case .tapTargetIs(let target, let equal, _):
            return .bool((target == world.tapTarget) == equal)
        case .failure(let err): throw err
        }
    }

    /// The value of `section[I].m` / `row[I,J].m` and its indexes. No allocation and no
    /// string work unless it fails.
    package static func indexed(_ id: ObservableID, _ ix: ResolvedExpr, _ jx: ResolvedExpr?, _ loc: SourceLocation,
                        _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> (value: Value, section: Int, row: Int?) {
        let i = try index(ix, world, env)
        let count = world.sectionCount
        guard i < count else {
            throw RuntimeError(loc, .noSuchSection(i, count: count))
        }
        guard let jx else { return (world.value(id, section: i), i, nil) }
        let j = try index(jx, world, env)
        var rows = 0
        if case .number(let r, _) = world.value(.sectionRows, section: i) { rows = Int(exactly: r) ?? 0 }
        guard j < rows else {
            throw RuntimeError(loc, .noSuchRow(j, section: i, rows: rows))
        }
        return (world.value(id, section: i, row: j), i, j)
    }

    private static func index(_ x: ResolvedExpr, _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> Int {
        let v = try eval(x, world, env)
        guard case .number(let d, _) = v, let i = wholeIndex(d) else {
            throw RuntimeError(x.startLocation, .badIndex(v.value))
        }
        return i
    }

    /// `d` as an index: a whole number from 0 (below 1e9), else nil.
    package static func wholeIndex(_ d: Double) -> Int? {
        wholeNumber(d, below: 1e9)
    }

    private static func unary(_ op: UnaryOp, _ x: ResolvedExpr, _ loc: SourceLocation,
                              _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> EvalValue {
        let v = try eval(x, world, env)
        switch (op, v) {
        case (.negate, .number(let d, let q)): return .number(-d, q)
        case (.not, .bool(let b)): return .bool(!b)
        default: throw RuntimeError(loc, .unaryNotApplicable(op, v.kind))
        }
    }

    private static func binary(_ op: BinaryOp, _ a: ResolvedExpr, _ b: ResolvedExpr, _ loc: SourceLocation,
                               _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> EvalValue {
        if op == .and || op == .or {
            let x = try eval(a, world, env)
            guard case .bool(let l) = x else {
                throw RuntimeError(a.startLocation, .needsBooleans(op, x.kind))
            }
            // Short-circuit, like every language a user knows.
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            let y = try eval(b, world, env)
            guard case .bool(let r) = y else {
                throw RuntimeError(b.startLocation, .needsBooleans(op, y.kind))
            }
            return .bool(r)
        }
        let x = try eval(a, world, env), y = try eval(b, world, env)
        guard case .number(let l, let lq) = x, case .number(let r, let rq) = y else {
            throw RuntimeError(loc, .needsNumbers(op, x.kind, y.kind))
        }
        let (ok, q) = QuantityMix.combine(lq, rq)
        if (op == .add || op == .subtract || op == .remainder) && !ok {
            throw RuntimeError(loc, .cannotAddOrSubtract(op, x.kind, y.kind))
        }
        switch op {
        case .add: return .number(l + r, q)
        case .subtract: return .number(l - r, q)
        case .multiply: return .number(l * r, q)
        case .remainder:
            guard r != 0 else { throw RuntimeError(loc, .remainderByZero) }
            return .number(l.truncatingRemainder(dividingBy: r), q)
        default:
            guard r != 0 else { throw RuntimeError(loc, .divisionByZero) }
            return .number(l / r, q)
        }
    }

    /// A function of numbers: their quantities mix as for `+` (the result takes the
    /// dimensioned one). No allocation: the values are read one at a time.
    private static func call(_ f: BuiltinFunction, _ args: [ResolvedExpr], _ loc: SourceLocation,
                             _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> EvalValue {
        guard !args.isEmpty else { throw RuntimeError(loc, .functionArity(f, found: 0)) }
        var (acc, q) = try number(f, args[0], world, env)
        switch f {
        case .abs, .floor, .round:
            return .number(f.single(acc), q)
        case .min, .max:
            var k = 1
            while k < args.count {
                let (x, xq) = try number(f, args[k], world, env)
                let (ok, cq) = QuantityMix.combine(q, xq)
                guard ok else { throw RuntimeError(args[k].startLocation, .functionMixesKinds(f, .number(q), .number(xq))) }
                acc = f.fold(acc, x)
                q = cq
                k += 1
            }
            return .number(acc, q)
        case .clamp:
            guard args.count == 3 else { throw RuntimeError(loc, .functionArity(f, found: args.count)) }
            let (lo, loq) = try number(f, args[1], world, env)
            let (hi, hiq) = try number(f, args[2], world, env)
            let (ok1, q1) = QuantityMix.combine(q, loq)
            guard ok1 else { throw RuntimeError(args[1].startLocation, .functionMixesKinds(f, .number(q), .number(loq))) }
            let (ok2, q2) = QuantityMix.combine(q1, hiq)
            guard ok2 else { throw RuntimeError(args[2].startLocation, .functionMixesKinds(f, .number(q1), .number(hiq))) }
            guard let v = BuiltinFunction.clamp(acc, lo, hi) else {
                throw RuntimeError(args[1].startLocation, .clampBoundsReversed(lo: lo, hi: hi, q2))
            }
            return .number(v, q2)
        }
    }

    /// A function's value: a number, else the error that names the function.
    @inline(__always)
    private static func number(_ f: BuiltinFunction, _ e: ResolvedExpr, _ world: borrowing World,
                               _ env: EvalBindings) throws(RuntimeError) -> (Double, Quantity?) {
        let v = try eval(e, world, env)
        guard case .number(let x, let q) = v else { throw RuntimeError(e.startLocation, .functionNeedsNumbers(f, v.kind)) }
        return (x, q)
    }

    // Inlined into `eval`, so that the per-frame path builds no `Comparison` it drops.
    @inline(__always)
    package static func compare(_ op: CompareOp, _ a: ResolvedExpr, _ b: ResolvedExpr, _ tol: ResolvedExpr?, _ loc: SourceLocation,
                        _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> Comparison {
        let x = try eval(a, world, env), y = try eval(b, world, env)
        switch (x, y) {
        case (.number(let l, let lq), .number(let r, let rq)):
            let (ok, q) = QuantityMix.combine(lq, rq)
            guard ok else { throw RuntimeError(loc, .cannotCompare(x.kind, y.kind)) }
            switch op {
            case .eq: return Comparison(holds: l == r, left: x, right: y)
            case .ne: return Comparison(holds: l != r, left: x, right: y)
            case .lt: return Comparison(holds: l < r, left: x, right: y)
            case .le: return Comparison(holds: l <= r, left: x, right: y)
            case .gt: return Comparison(holds: l > r, left: x, right: y)
            case .ge: return Comparison(holds: l >= r, left: x, right: y)
            case .approx:
                let t = try tolerance(tol, lq ?? rq ?? q, loc, world, env)
                return Comparison(holds: abs(l - r) <= t, left: x, right: y, tolerance: t, quantity: lq ?? rq ?? q)
            }
        case (.rect, _), (_, .rect):
            throw RuntimeError(loc, .rectsNotComparable)
        case (.bool(let l), .bool(let r)): return try equality(op, l == r, x, y, loc)
        case (.state(let l), .state(let r)): return try equality(op, l == r, x, y, loc)
        case (.string(let l), .string(let r)): return try equality(op, l == r, x, y, loc)
        default:
            throw RuntimeError(loc, .cannotCompare(x.kind, y.kind))
        }
    }

    @inline(__always)
    private static func equality(_ op: CompareOp, _ equal: Bool, _ x: EvalValue, _ y: EvalValue,
                                 _ loc: SourceLocation) throws(RuntimeError) -> Comparison {
        switch op {
        case .eq: return Comparison(holds: equal, left: x, right: y)
        case .ne: return Comparison(holds: !equal, left: x, right: y)
        default: throw RuntimeError(loc, .orderNeedsNumbers(op, x.kind))
        }
    }

    /// `within X`, or the default for the left side's quantity (`defaultTolerance`).
    package static func tolerance(_ tol: ResolvedExpr?, _ q: Quantity?, _ loc: SourceLocation,
                          _ world: borrowing World, _ env: EvalBindings) throws(RuntimeError) -> Double {
        guard let tol else { return defaultTolerance(q, fps: world.config.fps) }
        guard case .number(let t, _) = try eval(tol, world, env), t >= 0, t.isFinite else {
            throw RuntimeError(tol.startLocation, .badTolerance)
        }
        return t
    }
}
