// An expression with its names resolved (spec §5): built once from a checked `Expr` (when
// a statement starts, when an invariant is registered, when `expect within` begins), so
// evaluating it after every frame hashes no names. `Evaluate` (Evaluator.swift) runs it.
//
// The tree is built from a parsed `Expr`, which is never deeper than
// `SourceLimits.maxNesting`, so the recursion here is bounded.

/// An expression with every name resolved to an id and every literal to a value.
indirect enum ResolvedExpr: Sendable {
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

    /// Resolves every name in `e` against `registry`'s vocabulary (done once, never per
    /// frame); `lets` gives the slot of each name bound by `let` so far.
    init(_ e: Expr, _ registry: BehaviourRegistry, _ lets: LetSlots) {
        switch e {
        case .number(let n, let loc): self = .constant(.number(n.value, n.unit.quantity), at: loc)
        case .string(let s): self = .constant(.string(s.value), at: s.location)
        case .bool(let b, let loc): self = .constant(.bool(b), at: loc)
        case .name(let name, let loc):
            switch registry.resolve(name) {
            case .observable(let id)?: self = .observable(id, at: loc)
            case .tunable(let id)?: self = .tunable(id, at: loc)
            case .state(let s)?: self = .constant(.state(s), at: loc)
            case nil:
                // A `let` name: its own lookup, after every name of the language.
                if let slot = lets.slot(of: name) {
                    self = .letValue(slot: slot, name: name, at: loc)
                } else {
                    self = .failure(RuntimeError(loc, .unknownName(name)))
                }
            }
        case .indexed(let base, let indexes, let member, let loc):
            self = ResolvedExpr.indexed(base, indexes, member, loc, registry, lets)
        case .paren(let x, _): self = ResolvedExpr(x, registry, lets)
        case .placeholder(let loc): self = .placeholder(at: loc)
        case .unary(let op, let x, let loc): self = .unary(op, ResolvedExpr(x, registry, lets), at: loc)
        case .binary(let op, let a, let b, let loc):
            self = .binary(op, ResolvedExpr(a, registry, lets), ResolvedExpr(b, registry, lets), at: loc)
        case .compare(let op, let a, let b, let tol, let loc):
            // A bare state word is read in the family of the state it is compared with (§5:
            // `refresh.state == idle` is refresh's idle, `phase == idle` phase's; a `let`
            // name bound to a state reads in its value's family).
            var ra = ResolvedExpr(a, registry, lets), rb = ResolvedExpr(b, registry, lets)
            ra = ra.inFamily(of: rb, word: a, registry, lets)
            rb = rb.inFamily(of: ra, word: b, registry, lets)
            let general = ResolvedExpr.compare(op, ra, rb, tolerance: tol.map { ResolvedExpr($0, registry, lets) }, at: loc)
            self = ResolvedExpr.tapTargetComparison(general, registry) ?? general
        case .call(let name, let args, let loc):
            guard let f = BuiltinFunction(name: name) else {
                self = .failure(RuntimeError(loc, .unknownFunction(name)))
                return
            }
            guard args.count >= f.minArguments, f.maxArguments.map({ args.count <= $0 }) ?? true else {
                self = .failure(RuntimeError(loc, .functionArity(f, found: args.count)))
                return
            }
            self = .call(f, args.map { ResolvedExpr($0, registry, lets) }, at: loc)
        }
    }

    /// This side, a bare state `word`, read in the family of `other` when `other` is a state
    /// (an observable, or a `let` name bound to one) whose family has that word; else unchanged.
    private func inFamily(of other: ResolvedExpr, word: Expr, _ registry: BehaviourRegistry, _ lets: LetSlots) -> ResolvedExpr {
        guard case .constant(.state, let at) = self, case .name(let n, _) = word,
              let family = other.stateFamily(registry, lets), let s = registry.family(family).state(named: n) else { return self }
        return .constant(.state(s), at: at)
    }

    /// The state family of this expression's value when it is a state observable, a state
    /// or a `let` name bound to one; nil for anything else.
    func stateFamily(_ registry: BehaviourRegistry, _ lets: LetSlots) -> StateFamilyID? {
        switch self {
        case .observable(let id, _):
            if case .state(let family) = registry.observable(id).kind { return family.id }
            return nil
        case .constant(.state(let s), _): return s.family
        case .letValue(let slot, _, _): return lets.family(of: slot)
        default: return nil
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
                                _ registry: BehaviourRegistry, _ lets: LetSlots) -> ResolvedExpr {
        // The checker refuses other bases; an unchecked one reads as `section`, as before.
        let form: Subscript = Subscript(base: base) == .row ? .row : .section
        guard let id = SubscriptMembers.find(form, member) else {
            return .failure(RuntimeError(loc, .unknownIndexedName(base: base, member: member)))
        }
        let need = form == .row ? 2 : 1
        guard indexes.count == need else {
            return .failure(RuntimeError(loc, .indexCount(base: base, need: need)))
        }
        return .indexed(id, ResolvedExpr(indexes[0], registry, lets), column: form == .row ? ResolvedExpr(indexes[1], registry, lets) : nil, at: loc)
    }

    /// Where the expression starts in the source (the left operand's start for a binary
    /// operator or a comparison), as `Expr.startLocation`.
    var startLocation: SourceLocation {
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
