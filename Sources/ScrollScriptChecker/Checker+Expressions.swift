// The checker, expressions: static types, names, indexes, recorded values (`?`).

extension Checker {
    package mutating func placeholderError(_ l: SourceLocation) {
        switch placeholderRule {
        case .timed(let what):
            error(l, .placeholderInTimedExpect(what))
        case .allowed where placeholderBlocked > 0:
            error(l, .placeholderUnderNotOrOr)
        default:
            error(l, .placeholderNotHere)
        }
    }

    /// The static type of `e` in the world `current`, reporting problems; nil after an
    /// error (no cascade).
    package mutating func type(_ e: Expr) -> CheckType? {
        switch e {
        case .number(let n, _): return .num(NumberDimension.of(n.unit))
        case .string: return .string
        case .bool: return .bool
        case .paren(let x, _): return type(x)
        case .placeholder(let l):
            placeholderError(l)
            return nil
        case .name(let n, let l): return nameType(n, l)
        case .indexed(let base, let indexes, let member, let l):
            return indexedType(base, indexes, member, l)
        case .unary(.negate, let x, let l):
            guard let t = type(x) else { return nil }
            guard case .num = t else {
                error(l, .negateNeedsNumber(found: shown(t)))
                return nil
            }
            return t
        case .unary(.not, let x, let l):
            placeholderBlocked += 1
            let tx = type(x)
            placeholderBlocked -= 1
            guard let t = tx else { return nil }
            guard t == .bool else {
                error(l, .notNeedsCondition(found: shown(t)))
                return nil
            }
            return .bool
        case .binary(let op, let a, let b, let l):
            return binaryType(op, a, b, l)
        case .compare(let op, let a, let b, let tol, let l):
            return compareType(op, a, b, tol, l)
        case .call(let name, let args, let l):
            return callType(name, args, l)
        }
    }

    /// `min(a, b)`, `clamp(x, lo, hi)`, ...: a known function, the number of values it
    /// takes, numbers that mix as for `+`; the result has their unit.
    package mutating func callType(_ name: String, _ args: [Expr], _ l: SourceLocation) -> CheckType? {
        guard let f = BuiltinFunction(name: name) else {
            error(l, .unknownFunction(name))
            return nil
        }
        guard args.count >= f.minArguments, f.maxArguments.map({ args.count <= $0 }) ?? true else {
            error(l, .functionArity(f, found: args.count))
            return nil
        }
        resolved(.function(f), at: l)
        var result: NumberDimension?
        for a in args {
            guard let t = type(a) else { return nil }
            guard case .num(let d) = t else {
                error(a.startLocation, .functionNeedsNumbers(f, found: shown(t)))
                return nil
            }
            guard let r = result else {
                result = d
                continue
            }
            if !r.compatible(d) {
                error(a.startLocation, .functionMixesKinds(f, r, d))
                return nil
            }
            result = QuantityMix.sum(r, d)
        }
        if f == .clamp, let lo = constValue(args[1]), let hi = constValue(args[2]), lo.value > hi.value {
            error(args[1].startLocation, .clampBoundsReversed(lo: lo.value, hi: hi.value))
            return nil
        }
        return result.map { .num($0) }
    }

    package mutating func binaryType(_ op: BinaryOp, _ a: Expr, _ b: Expr, _ l: SourceLocation) -> CheckType? {
        if op == .or { placeholderBlocked += 1 }
        let ta = type(a), tb = type(b)
        if op == .or { placeholderBlocked -= 1 }
        guard let ta, let tb else { return nil }
        if op == .and || op == .or {
            // The left side first (no array of the two to allocate).
            if ta != .bool || tb != .bool {
                error(l, .logicNeedsConditions(op, found: shown(ta != .bool ? ta : tb)))
                return nil
            }
            return .bool
        }
        guard case .num(let da) = ta, case .num(let db) = tb else {
            let bad = { if case .num = ta { return tb } else { return ta } }()
            error(l, .arithmeticNeedsNumbers(op, found: shown(bad)))
            return nil
        }
        switch op {
        case .add, .subtract, .remainder:
            if !da.compatible(db) {
                error(l, .cannotAddOrSubtract(op, left: da, right: db))
                return nil
            }
            if op == .remainder, let c = constValue(b), c.value == 0 {
                error(l, .remainderByZero)
                return nil
            }
            return .num(QuantityMix.sum(da, db))
        case .multiply:
            return .num(QuantityMix.product(da, db))
        default:
            if let c = constValue(b), c.value == 0 {
                error(l, .divisionByZero)
                return nil
            }
            return .num(QuantityMix.quotient(da, db))
        }
    }

    package mutating func compareType(_ op: CompareOp, _ a: Expr, _ b: Expr, _ tol: Expr?, _ l: SourceLocation) -> CheckType? {
        if case .placeholder(let pl) = b {
            return recordedCompareType(op, a, pl, tol, l)
        }
        // A bare state word is read in the family of the state it is compared with (§5:
        // `refresh.state == idle`, `phase == idle`), in parentheses too, and so is a `let`
        // name bound to one (the first comparison settles its family); alone, in the first
        // family that has it. Each side's name is looked up once (`PlainName`), not once
        // for each question asked of it.
        let aName = PlainName.of(a, registry)
        // (The word itself is read out of `a` only where a message or a state needs it.)
        let aIsStateWord = aName?.isStateWord ?? false
        var aWord: (word: String, at: SourceLocation)? { aIsStateWord ? aName.map { (PlainName.word(a), $0.at) } : nil }
        var ta = aIsStateWord ? nil : type(a, aName)
        let bName = PlainName.of(b, registry)
        // `toolbar.state == visible`: an unknown word compared with a state lists the states.
        if case .state(let family)? = ta, case .name(let n, let nl) = b, bName?.ref == nil,
           CoreObservable(rawValue: n) == nil, lets[n] == nil {
            error(nl, .notAState(n, registry.family(family)))
            return nil
        }
        // `toolbar.state == "hidden"`: a state is a bare word.
        if case .state(let id)? = ta, case .string(let str) = b {
            let family = registry.family(id)
            if family.names.contains(str.value) {
                error(str.location, .stateAsString(value: str.value, raw: str.raw))
            } else {
                error(str.location, .stateComparedWithString(family))
            }
            return nil
        }
        var tb: CheckType?
        if case .state(let family)? = ta, let bName, case .state(let firstFamily, let index)? = bName.ref,
           let s = state(named: PlainName.word(b), firstFamily, index, in: family) {
            tb = .state(family)
            resolved(.state(s), at: bName.at)
        } else {
            settleLetStateWord(b, in: ta)
            tb = type(b, bName)
        }
        if let aName, case .state(let firstFamily, let index)? = aName.ref {
            if case .state(let family)? = tb, let s = state(named: PlainName.word(a), firstFamily, index, in: family) {
                ta = .state(family)
                resolved(.state(s), at: aName.at)
            } else {
                ta = type(a, aName)
            }
        } else if settleLetStateWord(a, in: tb) {
            ta = type(a)
        }
        var tt: CheckType?
        if let tol { tt = type(tol) }
        guard let ta, let tb else { return nil }
        // Matched in place, not through a tuple of copies (most comparisons are of numbers).
        if case .rect = ta {
            error(l, .rectsCannotBeCompared)
            return nil
        }
        if case .rect = tb {
            error(l, .rectsCannotBeCompared)
            return nil
        }
        if case .num(let da) = ta, case .num(let db) = tb {
            if !da.compatible(db) {
                error(l, .cannotCompare(.num(da), .num(db)))
                return nil
            }
            if let tt {
                guard case .num(let dt) = tt, dt.compatible(da), dt.compatible(db) else {
                    error(tol?.startLocation ?? l, .toleranceKind(want: QuantityMix.sum(da, db), found: shown(tt)))
                    return nil
                }
            }
            return .bool
        }
        if op != .eq && op != .ne {
            let bad = { if case .num = ta { return tb } else { return ta } }()
            error(l, .orderNeedsNumbers(op, found: shown(bad)))
            return nil
        }
        switch (ta, tb) {
        case (.bool, .bool): return .bool
        case (.string, .string): return checkTapTargetLiteral(a, b) ? .bool : nil
        case (.state(let x), .state(let y)):
            if x != y {
                // The bare word, and the family it is not a state of: at the word.
                if let ((word, at), family) = bareStateName(b).map({ ($0, x) }) ?? aWord.map({ ($0, y) }) {
                    error(at, .stateOfOtherFamily(word, registry.family(family), of: registry.families(having: word).map(\.name)))
                } else if let (name, at, word, family) = unsettledLetStateWord(b).map({ ($0.0, $0.1, $0.2, x) })
                            ?? unsettledLetStateWord(a).map({ ($0.0, $0.1, $0.2, y) }) {
                    // `let h = hidden` … `refresh.state == h`: at the name, what it is bound to.
                    error(at, .letStateOfOtherFamily(name, word: word.word, line: word.at.line, registry.family(family),
                                                     of: registry.families(having: word.word).map(\.name)))
                } else {
                    error(l, .cannotCompare(shown(ta), shown(tb)))
                }
                return nil
            }
            return .bool
        default:
            // `backtop.alpha == shown`, `shown` a state of several families: name them all,
            // not the states of the first.
            if let (word, other) = bareStateName(b).map({ ($0.word, ta) }) ?? aWord.map({ ($0.word, tb) }),
               case let families = registry.families(having: word), families.count > 1 {
                error(l, .declared(.comparedWithStateWord(found: shown(other).name, word: word, families: families.map(\.name))))
                return nil
            }
            error(l, .cannotCompare(shown(ta), shown(tb)))
            return nil
        }
    }

    /// `a == ?` / `a ~= ?` in a plain `expect`: the value of `a` is what gets recorded.
    package mutating func recordedCompareType(_ op: CompareOp, _ a: Expr, _ pl: SourceLocation, _ tol: Expr?, _ l: SourceLocation) -> CheckType? {
        let ta = type(a)
        guard case .allowed = placeholderRule, placeholderBlocked == 0 else {
            placeholderError(pl)
            return nil
        }
        guard op == .eq || op == .approx else {
            error(pl, .placeholderOperator(op))
            return nil
        }
        guard let ta else { return nil }
        if ta == .rect {
            error(l, .rectsCannotBeCompared)
            return nil
        }
        if op == .approx {
            guard case .num(let da) = ta else {
                error(l, .approxRecordNeedsNumber(found: shown(ta)))
                return nil
            }
            if let tol, let tt = type(tol) {
                guard case .num(let dt) = tt, dt.compatible(da) else {
                    error(tol.startLocation, .toleranceKind(want: da, found: shown(tt)))
                    return nil
                }
            }
        }
        return .bool
    }

    /// Keeps what the name at `l` stands for, for lowering (when the scenario's statements
    /// are kept to run).
    @inline(__always)
    package mutating func resolved(_ ref: CheckedNames.Ref, at l: SourceLocation) {
        if keepsStatements { names.record(ref, at: l) }
    }

    /// The word of a bare state name (`idle`), nil for any other expression.
    package func bareStateWord(_ e: Expr) -> String? { bareStateName(e)?.word }

    /// A bare state name (`idle`, `(idle)`: parentheses say nothing of its family) and where
    /// the word is written.
    package func bareStateName(_ e: Expr) -> (word: String, at: SourceLocation)? {
        switch e {
        case .name(let n, let l): if case .state? = registry.resolve(n) { return (n, l) }
        case .paren(let x, _): return bareStateName(x)
        default: break
        }
        return nil
    }

    /// A plain name (`offset`, `idle`; in parentheses or not: `type` reads through them) and
    /// what the lexicon resolves it to, looked up once for every question a comparison asks.
    package struct PlainName {
        // (No copy of the word: a plain value, nothing in it to retain or release for each
        // side of each comparison. `word(_:)` reads it from the expression when needed.)
        package let at: SourceLocation
        /// As a plain value (nothing in it to retain: a state's name is `word`).
        package let ref: PlainNameRef?

        /// The plain name `e` is, looked up in `registry` (the lexicon's), nil for any other
        /// expression. (A static function, not an initializer: an initializer takes `e` as
        /// its own, a copy the caller makes and it destroys.)
        package static func of(_ e: Expr, _ registry: BehaviourRegistry) -> PlainName? {
            switch e {
            case .name(let n, let l): return PlainName(at: l, ref: registry.resolvePlain(n))
            case .paren(let x, _): return of(x, registry)
            default: return nil
            }
        }

        /// The word of the plain name `e` (the one `of(e, _)` looked up); empty for any
        /// other expression.
        package static func word(_ e: Expr) -> String {
            switch e {
            case .name(let n, _): return n
            case .paren(let x, _): return word(x)
            default: return ""
            }
        }

        /// `bareStateName`: it is a state's word.
        package var isStateWord: Bool {
            if case .state? = ref { return true }
            return false
        }
    }

    /// A `let` name (in parentheses or not) bound to a bare state word whose family no
    /// comparison has settled: the name, where it is written here, and the word.
    package func unsettledLetStateWord(_ e: Expr) -> (String, SourceLocation, LetStateWord)? {
        var inner = e
        while case .paren(let x, _) = inner { inner = x }
        guard case .name(let n, let l) = inner, let word = lets[n]?.stateWord else { return nil }
        return (n, l, word)
    }

    /// `e` is a `let` name bound to a bare state word whose family no comparison has settled
    /// yet (`let i = idle`), compared with a state of a family that has that word: the word
    /// is read in that family from now on (what lowering reads at the `let`). True when it
    /// settled.
    @discardableResult
    @inline(__always)
    package mutating func settleLetStateWord(_ e: Expr, in other: CheckType?) -> Bool {
        // Most scenarios bind nothing: every comparison of theirs comes here (inlined: not
        // even a call).
        if lets.isEmpty { return false }
        return settleBoundStateWord(e, in: other)
    }

    /// `settleLetStateWord` once there are `let` names.
    package mutating func settleBoundStateWord(_ e: Expr, in other: CheckType?) -> Bool {
        var inner = e
        while case .paren(let x, _) = inner { inner = x }
        guard case .name(let n, _) = inner, let word = lets[n]?.stateWord,
              case .state(let id)? = other, let s = registry.family(id).state(named: word.word) else { return false }
        resolved(.state(s), at: word.at)
        let family = registry.family(id)
        lets[n]?.type = .state(family)
        lets[n]?.stateWord = nil
        return true
    }

    /// `type(e)` for an expression whose plain name (if it is one) was looked up already.
    @inline(__always)
    package mutating func type(_ e: Expr, _ name: PlainName?) -> CheckType? {
        guard let name else { return type(e) }
        // An observable the scenario declares and a tunable, as `nameType` types them,
        // without reading the word (only a message or a state needs it).
        switch name.ref {
        case .observable(let o)? where registry.missing(for: o, in: current) == nil:
            resolved(.observable(o), at: name.at)
            return CheckType(registry.observablePlainKind(o))
        case .tunable(let t)?:
            resolved(.tunable(t), at: name.at)
            return CheckType(registry.tunable(t).kind.plain)
        default:
            return nameType(PlainName.word(e), name.at, name.ref)
        }
    }

    package mutating func nameType(_ n: String, _ l: SourceLocation) -> CheckType? {
        nameType(n, l, registry.resolvePlain(n))
    }

    /// The type of the plain name `n`, which `lexicon` resolves to `resolvedRef`.
    package mutating func nameType(_ n: String, _ l: SourceLocation, _ resolvedRef: PlainNameRef?) -> CheckType? {
        guard let ref = resolvedRef else {
            // A name bound by `let` (never one of the names above: `checkLet` refuses those).
            if let bound = lets[n] {
                resolved(.boundByLet, at: l)
                return bound.type.map(CheckType.init)
            }
            if let line = firstLet(named: n, in: scenarioBody) {
                error(l, .letNotYetBound(n, line: line))
            } else if let o = CoreObservable(rawValue: n), o.subscriptForm != .none {
                error(l, .needsIndex(o))
            } else if registry.tunables.contains(where: { $0.namedValues.contains { $0.name == n } }) {
                error(l, .setValueAsName(n))
            } else if n.hasSuffix(".state"), let b = registry.used(named: String(n.dropLast(6))) {
                // `backtop.state` of a behaviour with no `states` line.
                error(l, .declared(.declaresNoStates(registry.declaration(b).name)))
            } else {
                error(l, .unknownName(n, known: lexicon.plainNames))
            }
            return nil
        }
        switch ref {
        case .observable(let o):
            if let missing = registry.missing(for: o, in: current) {
                needsBehaviour(n, missing, l)
                return nil
            }
            resolved(.observable(o), at: l)
            // Its kind alone, a plain value (not a copy of its whole `ObservableInfo`, nor
            // of its state family).
            return CheckType(registry.observablePlainKind(o))
        case .tunable(let t):
            resolved(.tunable(t), at: l)
            return CheckType(registry.tunable(t).kind.plain)
        case .state(let family, let index):
            // (The state's name is the word: a name resolves to a state only by being one.)
            resolved(.state(StateID(family: family, index: index, name: n)), at: l)
            return .state(family)
        }
    }

    /// `subject` (`header.y`, `tap toolbar`) needs behaviour `b`'s word, which the scenario
    /// does not declare.
    package mutating func needsBehaviour(_ subject: String, _ b: BehaviourID, _ l: SourceLocation) {
        error(l, .needsBehaviour(subject: subject, noun: registry.noun(of: b), usage: registry.usage(of: b)))
    }

    package mutating func indexedType(_ base: String, _ indexes: [Expr], _ member: String, _ l: SourceLocation) -> CheckType? {
        guard let form = Subscript(base: base) else {
            error(l, .unknownIndexedName(base))
            return nil
        }
        let want = form == .section ? 1 : 2
        guard indexes.count == want else {
            error(l, .indexCount(form, member: member))
            return nil
        }
        // `section[I].MEMBER` / `row[I,J].MEMBER`: the evaluator's own table.
        guard let c = CoreObservable.subscripted(form, member: member) else {
            error(l, .unknownMember(form, member))
            return nil
        }
        let id = ObservableID.core(c)
        resolved(.observable(id), at: l)
        var values: [Int?] = []
        for ix in indexes {
            guard let t = type(ix) else { return nil }
            guard case .num(let d) = t, d.dimensioned == nil else {
                error(ix.startLocation, .indexNotNumber(found: shown(t)))
                return nil
            }
            if let c = constValue(ix) {
                guard let v = wholeNumber(c.value) else {
                    error(ix.startLocation, .notWholeCount(.index, c.value))
                    return nil
                }
                values.append(v)
            } else {
                values.append(nil)
            }
        }
        let sections = current.effectiveSections
        if let s = values[0], !tableUnknown {
            if s >= sections.count {
                error(indexes[0].startLocation, .noSuchSection(written: String(s), count: sections.count))
                return nil
            }
            if form == .row, let r = values[1], r >= sections[s].rowCount {
                error(indexes[1].startLocation, .noSuchRow(written: String(r), section: s, rows: sections[s].rowCount))
                return nil
            }
        }
        return CheckType(registry.observablePlainKind(id))
    }

    /// The state named `word` in the family `family`: the state the lexicon resolves the
    /// word to (`index` of `firstFamily`, the first family that has it) when it is of that
    /// family, else the family's own state of that name; nil when the family has none.
    @inline(__always)
    package func state(named word: String, _ firstFamily: StateFamilyID, _ index: Int, in family: StateFamilyID) -> StateID? {
        if firstFamily == family { return StateID(family: family, index: index, name: word) }
        return registry.family(family).state(named: word)
    }
}
