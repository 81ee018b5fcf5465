// An expression with its names resolved (spec §5): built once from a checked `Expr` and
// the checker's resolution of its names (`CheckedNames`: lowering looks no name up from
// its spelling), so evaluating it after every frame hashes no names. `Evaluate`
// (Evaluator.swift) runs it.
//
// The tree is built from a parsed `Expr`, which is never deeper than
// `SourceLimits.maxNesting`, so the recursion here is bounded.

/// An expression with every name resolved to an id and every literal to a value.
package indirect enum ResolvedExpr: Sendable {
    /// A literal or a state name: its value never changes.
    case constant(EvalValue, at: SourceLocation)
    case observable(ObservableID, at: SourceLocation)
    case tunable(TunableID, at: SourceLocation)
    /// `section[I].m` (`column` nil) or `row[I,J].m`, with the observable resolved.
    case indexed(ObservableID, ResolvedExpr, column: ResolvedExpr?, at: SourceLocation)
    /// A recorded `?` (spec §5), found by its byte offset.
    case placeholder(at: SourceLocation)
    case unary(UnaryOp, ResolvedExpr, at: SourceLocation)
    case binary(BinaryOp, ResolvedExpr, ResolvedExpr, at: SourceLocation)
    case compare(CompareOp, ResolvedExpr, ResolvedExpr, tolerance: ResolvedExpr?, at: SourceLocation)
    /// `min(a, b)`, `clamp(x, lo, hi)`, ...: the function and its values (as many as it takes).
    case call(BuiltinFunction, [ResolvedExpr], at: SourceLocation)
    /// A name bound by `let`: its slot among the interpreter's values (`name` for reports).
    case letValue(slot: Int, name: String, at: SourceLocation)
    /// `tap.target == "LITERAL"` (`equal`) or `!=` (either side): the literal resolved once
    /// to the target it names (nil: none), compared with the world's `tapTarget` by id, so a
    /// frame builds no string. `general` is the same comparison unspecialised, for reports.
    case tapTargetIs(TapTargetName?, equal: Bool, general: ResolvedExpr)
    /// Something that fails when evaluated (an unknown name, a wrong index count): the
    /// checker refuses these, so only a program it did not see reaches one.
    case failure(RuntimeError)

    /// Lowers `e` with the names as the checker resolved them (`names`: no name is looked
    /// up again from its spelling; done once, never per frame); `lets` gives the slot of
    /// each name bound by `let` so far.
    package init(_ e: Expr, _ names: CheckedNames, _ registry: BehaviourRegistry, _ lets: LetSlots) {
        switch e {
        case .number(let n, let loc): self = .constant(.number(n.value, n.unit.quantity), at: loc)
        case .string(let s): self = .constant(.string(s.value), at: s.location)
        case .bool(let b, let loc): self = .constant(.bool(b), at: loc)
        case .name(let name, let loc):
            switch names.ref(at: loc) {
            case .observable(let id)?: self = .observable(id, at: loc)
            case .tunable(let id)?: self = .tunable(id, at: loc)
            case .state(let s)?: self = .constant(.state(s), at: loc)
            case .boundByLet?:
                // The slot is the interpreter's (a REPL session's grow entry by entry).
                if let slot = lets.slot(of: name) {
                    self = .letValue(slot: slot, name: name, at: loc)
                } else {
                    self = .failure(RuntimeError(loc, .unknownName(name)))
                }
            default:
                self = .failure(RuntimeError(loc, .unknownName(name)))
            }
        case .indexed(let base, let indexes, let member, let loc):
            self = ResolvedExpr.indexed(base, indexes, member, loc, names, registry, lets)
        case .paren(let x, _): self = ResolvedExpr(x, names, registry, lets)
        case .placeholder(let loc): self = .placeholder(at: loc)
        case .unary(let op, let x, let loc): self = .unary(op, ResolvedExpr(x, names, registry, lets), at: loc)
        case .binary(let op, let a, let b, let loc):
            self = .binary(op, ResolvedExpr(a, names, registry, lets), ResolvedExpr(b, names, registry, lets), at: loc)
        case .compare(let op, let a, let b, let tol, let loc):
            // A bare state word compared with a state is already in that state's family
            // (the checker read it there).
            let ra = ResolvedExpr(a, names, registry, lets), rb = ResolvedExpr(b, names, registry, lets)
            let general = ResolvedExpr.compare(op, ra, rb, tolerance: tol.map { ResolvedExpr($0, names, registry, lets) }, at: loc)
            self = ResolvedExpr.tapTargetComparison(general, registry) ?? general
        case .call(let name, let args, let loc):
            guard case .function(let f)? = names.ref(at: loc) else {
                self = .failure(RuntimeError(loc, .unknownFunction(name)))
                return
            }
            guard args.count >= f.minArguments, f.maxArguments.map({ args.count <= $0 }) ?? true else {
                self = .failure(RuntimeError(loc, .functionArity(f, found: args.count)))
                return
            }
            self = .call(f, args.map { ResolvedExpr($0, names, registry, lets) }, at: loc)
        }
    }

    /// True when the expression reads the clock (`time`): its value changes even when
    /// nothing moves.
    package var readsTime: Bool {
        switch self {
        case .observable(let id, _): return id == .core(.time)
        case .constant, .tunable, .placeholder, .letValue, .failure: return false
        case .indexed(_, let i, let j, _): return i.readsTime || (j?.readsTime ?? false)
        case .unary(_, let x, _): return x.readsTime
        case .binary(_, let a, let b, _): return a.readsTime || b.readsTime
        case .compare(_, let a, let b, let t, _): return a.readsTime || b.readsTime || (t?.readsTime ?? false)
        case .call(_, let args, _): return args.contains { $0.readsTime }
        case .tapTargetIs(_, _, let general): return general.readsTime
        }
    }

    /// `tap.target == "..."` / `!=` with a string literal on either side, specialised.
    private static func tapTargetComparison(_ e: ResolvedExpr, _ registry: BehaviourRegistry) -> ResolvedExpr? {
        guard case .compare(let op, let a, let b, nil, _) = e, op == .eq || op == .ne else { return nil }
        let text: String
        switch (a, b) {
        case (.observable(.core(.tapTarget), _), .constant(.string(let s), _)),
             (.constant(.string(let s), _), .observable(.core(.tapTarget), _)):
            text = s
        default: return nil
        }
        return .tapTargetIs(TapTargetName(text: text, registry), equal: op == .eq, general: e)
    }

    private static func indexed(_ base: String, _ indexes: [Expr], _ member: String, _ loc: SourceLocation,
                                _ names: CheckedNames, _ registry: BehaviourRegistry, _ lets: LetSlots) -> ResolvedExpr {
        guard case .observable(let id)? = names.ref(at: loc), case .core(let c) = id, c.subscriptForm != .none else {
            return .failure(RuntimeError(loc, .unknownIndexedName(base: base, member: member)))
        }
        let need = c.subscriptForm == .row ? 2 : 1
        guard indexes.count == need else {
            return .failure(RuntimeError(loc, .indexCount(base: base, need: need)))
        }
        return .indexed(id, ResolvedExpr(indexes[0], names, registry, lets),
                        column: need == 2 ? ResolvedExpr(indexes[1], names, registry, lets) : nil, at: loc)
    }

    /// Where the expression starts in the source (the left operand's start for a binary
    /// operator or a comparison), as `Expr.startLocation`.
    package var startLocation: SourceLocation {
        switch self {
        case .constant(_, let loc), .observable(_, let loc), .tunable(_, let loc),
             .indexed(_, _, _, let loc), .placeholder(let loc), .unary(_, _, let loc),
             .call(_, _, let loc), .letValue(_, _, let loc):
            return loc
        case .binary(_, let a, _, _), .compare(_, let a, _, _, _): return a.startLocation
        case .tapTargetIs(_, _, let general): return general.startLocation
        case .failure(let err): return err.location
        }
    }
}
