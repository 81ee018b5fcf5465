// The checker of behaviours declared in the language (spec §9): it types every member and
// body with §5's kinds, refuses what §9 refuses (each at its place, with "did you mean"),
// and lowers each declaration once to slots and numbers (`DeclaredProgram`), with the
// `BehaviourDeclaration` every consumer reads — the same declaration type as the built-ins'
// and a Swift behaviour's.
import ScrollSim

/// A value's kind as the checker of declarations sees it.
package enum DeclaredType: Equatable {
    case number(Quantity)
    case bool
    case ownState
    case phase
    case rect
    /// A state of another behaviour's family (`toolbar.state`, `other.state`).
    case family(StateFamilyID)

    package var described: String {
        switch self {
        case .number(let q):
            switch q {
            case .points: return "points"
            case .seconds: return "seconds"
            case .velocity: return "pt/s"
            case .number, .count: return "a plain number"
            }
        case .bool: return "true or false"
        case .ownState: return "a state"
        case .phase: return "a phase state"
        case .rect: return "a rect"
        case .family: return "another behaviour's state"
        }
    }

    package var declaredKind: DeclaredKind {
        switch self {
        case .number(let q): return .quantity(q == .count ? .number : q)
        case .bool: return .bool
        case .ownState, .phase, .family: return .state
        case .rect: return .rect
        }
    }
}

extension DeclaredType {
    package var isOtherFamily: Bool {
        if case .family = self { return true }
        return false
    }
}

private func isPlain(_ q: Quantity) -> Bool { q == .number || q == .count }

/// The kind of `a OP b` for `+ - %`, the functions and comparisons: nil when they do not mix.
private func mixed(_ a: Quantity, _ b: Quantity) -> Quantity? {
    if isPlain(a) { return b }
    if isPlain(b) { return a }
    return a == b ? a : nil
}

/// Checks and lowers the behaviours declared for one file (its own and its imports').
package struct DeclaredChecker {
    /// The most statements one call of an action or a handler may run (§9: no declaration
    /// can hang a frame; `DeclaredCheckProblem.runsTooLong` words it).
    package static let eventStatements = 100_000
    /// Words that are keywords only in one place of a statement line (`screen W x H`,
    /// `drag D in T`, `expect always`, `section … rows N closed`): §9's member rule frees them
    /// ("everything else is free"), as it does `range`, `to` or `over`. (`within` stays
    /// reserved: it is a word of expressions, `a ~= b within t`, as `and` and `not` are.)
    package static let freeGrammarWords: Set<String> = ["in", "always", "rows", "open", "closed", "x"]
    package let base: BehaviourRegistry
    package var diagnostics: [Diagnostic] = []
    /// The words no behaviour or member may be named.
    private let reserved: UserBehaviourNames
    /// The behaviours of this file checked before the one being checked — those it reads
    /// come first (`readingOrder`) — in the order of their ids after the base registry's
    /// (`BehaviourRegistry.appending`).
    package var siblings: [BehaviourDeclaration] = []
    /// The names of every behaviour the file declares (one not checked yet reads this one).
    package var declaredNames: Set<String> = []
    /// Those refused for an error (reported): a read of one says so.
    package var refusedNames: Set<String> = []

    package init(base: BehaviourRegistry) {
        self.base = base
        reserved = UserBehaviourNames(base)
    }

    package mutating func error(_ l: SourceLocation, _ p: DeclaredCheckProblem) {
        diagnostics.append(Diagnostic(l, .check(.declared(p))))
    }

    /// The summary of every declared behaviour's configuration (what tells it from a Swift one).
    package static let summary = "a behaviour declared in the language (spec §9)"

    package static let facts: [String: (DeclaredFact, DeclaredType)] = [
        "time": (.time, .number(.seconds)), "offset": (.offset, .number(.points)), "velocity": (.velocity, .number(.velocity)),
        "phase": (.phase, .phase), "finger.down": (.fingerDown, .bool), "finger.translation": (.fingerTranslation, .number(.points)),
        "finger.velocity": (.fingerVelocity, .number(.velocity)), "screen.width": (.screenWidth, .number(.points)),
        "screen.height": (.screenHeight, .number(.points)), "content.height": (.contentHeight, .number(.points)),
        "offset.min": (.offsetMin, .number(.points)), "offset.max": (.offsetMax, .number(.points)),
        "contentInset.top": (.insetTop, .number(.points)), "contentInset.bottom": (.insetBottom, .number(.points)),
    ]

    /// What a member may not be named (spec §9's member rule), as a phrase; nil: free.
    package func reservedUse(_ name: String, states: [String]) -> String? {
        if DeclarationWords.members.contains(name) { return "a member keyword" }
        if ["state", "target", "decelerate", "behaviour", "import", "rect", "if", "else", "animate", "scroll", "let"].contains(name) {
            return "a word of the language"
        }
        if BuiltinFunction(name: name) != nil { return "a function" }
        if StateFamily.phase.names.contains(name) { return "a state ('\(name)')" }
        if let w = reserved.use(of: name), !DeclaredChecker.freeGrammarWords.contains(name) { return w }
        if DeclaredChecker.facts.keys.contains(where: { $0 == name || $0.hasPrefix(name + ".") }) {
            return "the first word of the scroll view's name '\(name)'"
        }
        if states.contains(name) { return "one of the behaviour's own states" }
        return nil
    }

    /// An earlier declaration of this file named `name` (its id and declaration).
    package func sibling(_ name: String) -> (BehaviourID, BehaviourDeclaration)? {
        guard let k = siblings.firstIndex(where: { $0.namespace == name }) else { return nil }
        return (BehaviourID(base.count + k), siblings[k])
    }

    /// The name and states of a family (the base registry's or an earlier declaration's).
    package func family(_ id: StateFamilyID) -> (name: String, states: [String]) {
        if case .behaviour(let b) = id, b.index >= base.count {
            let k = b.index - base.count
            return k < siblings.count ? (siblings[k].namespace, siblings[k].states) : ("", [])
        }
        let f = base.family(id)
        return (f.name, f.names)
    }

    /// Every observable a body may read of the world by a plain name (for "did you mean").
    package var worldNames: [String] {
        var out: [String] = []
        for o in base.observables where o.subscriptForm == .none {
            switch o.kind {
            case .quantity, .bool, .state: out.append(o.name)
            default: break
            }
        }
        for d in siblings {
            for o in d.observables where o.kind != .string && o.kind != .rect { out.append(d.namespace + "." + o.name) }
        }
        return out
    }

    /// Checks and lowers `b`; nil when it has an error (reported).
    package mutating func check(_ b: BehaviourSyntax) -> DeclaredProgram? {
        let before = diagnostics.count
        if let what = reservedUse(b.name, states: []) {
            error(b.nameLocation, .reservedName(b.name, what: what, isBehaviour: true))
        }
        var body = DeclaredBody(behaviour: b.name)
        body.collect(b.members, &self)
        body.lower(b.members, &self)
        guard diagnostics.count == before, let program = body.program() else { return nil }
        program.file = SourceFileNames.id(b.location.file)
        return program
    }
}

/// One behaviour's members while they are checked and lowered.
private struct DeclaredBody {
    let behaviour: String
    var params: [(name: String, quantity: Quantity, value: Double, range: TunableRange)] = []
    var variables: [(name: String, line: Int)] = []
    var variableTypes: [DeclaredType] = []
    var variableInits: [DeclaredExpr] = []
    var values: [String] = []
    var valueTypes: [DeclaredType] = []
    var valueExprs: [DeclaredExpr] = []
    var states: [String] = []
    var views: [(name: String, line: Int)] = []
    var lowViews: [DeclaredView] = []
    var actionNames: [String] = []
    var actions: [[DeclaredStmt]] = []
    var actionCalls: [[(Int, SourceLocation)]] = []
    /// Each action's name in its declaration, and each handler's body with its `on`.
    var actionLocations: [SourceLocation] = []
    var handlerBodies: [(body: [DeclaredStmt], at: SourceLocation, event: String)] = []
    var handlers: [DeclaredEvent: DeclaredHandlers] = [:]
    var taps: [DeclaredHandlers] = []
    var thenBodies: [[DeclaredStmt]] = []
    var localCount = 0
    var firstLines: [String: Int] = [:]
    /// What its code reads of the world (`DeclaredExpr.world`'s places).
    var reads: [WorldRead] = []

    init(behaviour: String) { self.behaviour = behaviour }

    /// Pass 1: every member's name (so a body may call an action declared below it).
    mutating func collect(_ members: [MemberSyntax], _ c: inout DeclaredChecker) {
        var sawStates = false
        for m in members {
            if case .states(let words) = m.kind {
                if sawStates { c.error(m.location, .secondStates); continue }
                sawStates = true
                for (w, l) in words {
                    if states.contains(w) { c.error(l, .duplicateMember(w, firstLine: m.location.line)); continue }
                    if let what = c.reservedUse(w, states: []), !isFreeStateWord(w) {
                        c.error(l, .reservedName(w, what: what, isBehaviour: false))
                    }
                    states.append(w)
                }
            }
        }
        for m in members {
            guard let name = m.name else { continue }
            if let first = firstLines[name] {
                c.error(m.nameLocation, .duplicateMember(name, firstLine: first))
                continue
            }
            firstLines[name] = m.location.line
            if let what = c.reservedUse(name, states: states) {
                c.error(m.nameLocation, .reservedName(name, what: what, isBehaviour: false))
            }
            switch m.kind {
            case .param(let n, let value, let range):
                guard let (v, q) = literal(value) else { c.error(m.nameLocation, .notALiteral(n)); continue }
                var r = TunableRange(-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
                if let (lo, hi) = range {
                    guard let (l, lq) = literal(lo), let (h, hq) = literal(hi) else { c.error(m.nameLocation, .notALiteral(n)); continue }
                    // A range's ends are the param's kind (a bare number takes it).
                    if let (end, eq) = [(lo, lq), (hi, hq)].first(where: { !isPlain($0.1) && $0.1 != q }) {
                        c.error(end.startLocation, .wrongKind(expected: DeclaredType.number(q).described, found: DeclaredType.number(eq).described,
                                                             context: "the range of the param '\(clip(n))'"))
                        continue
                    }
                    r = TunableRange(l, h)
                    if l > h { c.error(lo.startLocation, .emptyRange(n, low: exprText(lo), high: exprText(hi))); continue }
                    if !r.contains(v) {
                        c.error(value.startLocation, .defaultOutsideRange(n, value: exprText(value), low: exprText(lo), high: exprText(hi)))
                        continue
                    }
                }
                params.append((n, q, v, r))
            case .var(let n, _): variables.append((n, m.location.line))
            case .value(let n, _): values.append(n)
            case .view(let n, _, _, _): views.append((n, m.location.line))
            case .action(let n, _):
                actionNames.append(n)
                actionLocations.append(m.nameLocation)
            case .states, .on: break
            }
        }
        actions = Array(repeating: [], count: actionNames.count)
        actionCalls = Array(repeating: [], count: actionNames.count)
        taps = Array(repeating: [], count: views.count)
    }

    /// A state word that is also a built-in family's (a `states` line may reuse them).
    private func isFreeStateWord(_ w: String) -> Bool {
        ["idle", "dragging", "decelerating", "bouncing", "shown", "hidden", "showing", "hiding", "pulling", "refreshing", "ending"]
            .contains(w)
    }

    /// A number literal, with an optional minus: its value in base units and its quantity.
    private func literal(_ e: Expr) -> (Double, Quantity)? {
        switch e {
        case .number(let n, _): return (n.value, n.unit.quantity ?? .number)
        case .unary(.negate, let inner, _): return literal(inner).map { (-$0.0, $0.1) }
        case .paren(let inner, _): return literal(inner)
        default: return nil
        }
    }

    /// Pass 2: types and lowers every member, in order.
    mutating func lower(_ members: [MemberSyntax], _ c: inout DeclaredChecker) {
        // Vars first, in order (each may read params and the vars above it).
        var k = 0
        for m in members {
            guard case .var(_, let value) = m.kind else { continue }
            var scope = Scope(varLimit: k, valueLimit: 0, readOnly: true)
            let (e, t) = expr(value, &scope, &c) ?? (.constant(0), .number(.number))
            if t == .rect || t == .ownState || t == .phase || t.isOtherFamily {
                c.error(value.startLocation, .wrongKind(expected: "a number or true/false", found: t.described, context: "a var"))
            }
            variableInits.append(e)
            variableTypes.append(t)
            k += 1
        }
        // Values, in order (each may read the values above it).
        var v = 0
        for m in members {
            guard case .value(_, let value) = m.kind else { continue }
            var scope = Scope(varLimit: variables.count, valueLimit: v, readOnly: true)
            let (e, t) = expr(value, &scope, &c) ?? (.constant(0), .number(.number))
            if t.isOtherFamily {
                c.error(value.startLocation, .wrongKind(expected: "a number, true/false or its own state", found: t.described, context: "a value"))
            }
            valueExprs.append(e)
            valueTypes.append(t)
            v += 1
        }
        for m in members {
            switch m.kind {
            case .view(_, let rect, let alpha, let when):
                var scope = Scope(varLimit: variables.count, valueLimit: values.count, readOnly: true)
                guard case .call("rect", let args, let at) = rect.strippingParens else {
                    c.error(rect.startLocation, .viewNeedsRect)
                    lowViews.append(DeclaredView(x: .constant(0), y: .constant(0), width: .constant(0), height: .constant(0)))
                    continue
                }
                var parts: [DeclaredExpr] = []
                if args.count != 4 { c.error(at, .functionArguments("rect(x, y, width, height)")) }
                for a in args.prefix(4) {
                    if let (e, t) = expr(a, &scope, &c) {
                        if case .number(let q) = t, q == .points || isPlain(q) {} else {
                            c.error(a.startLocation, .wrongKind(expected: "points", found: t.described, context: "a view's x, y, width and height"))
                        }
                        parts.append(e)
                    } else {
                        parts.append(.constant(0))
                    }
                }
                while parts.count < 4 { parts.append(.constant(0)) }
                var view = DeclaredView(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
                if let alpha {
                    if let (e, t) = expr(alpha, &scope, &c) {
                        if case .number(let q) = t, isPlain(q) {} else {
                            c.error(alpha.startLocation, .wrongKind(expected: "a plain number", found: t.described, context: "alpha"))
                        }
                        view.alpha = e
                    }
                }
                if let when { view.when = condition(when, &scope, &c, context: "'when'") }
                lowViews.append(view)
            case .action(let name, let stmts):
                guard let i = actionNames.firstIndex(of: name) else { continue }
                var scope = Scope(varLimit: variables.count, valueLimit: values.count, readOnly: false)
                scope.action = i
                actions[i] = body(stmts, &scope, &c)
            case .on(let eventName, let el, let view, let stmts):
                guard let event = DeclaredEvent(rawValue: eventName) else {
                    c.error(el, .unknownEvent(eventName))
                    continue
                }
                var scope = Scope(varLimit: variables.count, valueLimit: values.count, readOnly: false)
                scope.event = event
                if event == .tap {
                    guard let (vn, vl) = view else { c.error(el, .tapNeedsView(views.map { $0.name })); continue }
                    guard let vi = views.firstIndex(where: { $0.name == vn }) else {
                        c.error(vl, .unknownView(vn, views.map { $0.name }))
                        continue
                    }
                    let b = body(stmts, &scope, &c)
                    taps[vi].append(b)
                    handlerBodies.append((b, el, "tap \(vn)"))
                } else {
                    if let (_, vl) = view { c.error(vl, .eventTakesNoView(eventName)); continue }
                    let b = body(stmts, &scope, &c)
                    handlers[event, default: []].append(b)
                    handlerBodies.append((b, el, eventName))
                }
            case .param, .states, .var, .value:
                break
            }
        }
        // An action that reaches itself: one depth-first walk over the calls (each action
        // visited once, so a chain of thousands checks in linear time).
        var done = [Bool](repeating: false, count: actionNames.count)
        var onPath = [Bool](repeating: false, count: actionNames.count)
        for start in actionNames.indices where !done[start] {
            var path = [start]
            onPath[start] = true
            if let (chain, at) = cycle(from: start, &path, &onPath, &done) {
                c.error(at, .actionReachesItself(chain.map { actionNames[$0] }))
                return
            }
        }
        checkWork(&c)
    }

    /// §9: "every event runs a bounded number of steps and no declaration can hang a frame".
    /// Without loops a body's work is bounded, but actions that each call the next twice
    /// double it at every level (40 levels: 2⁴⁰ statements). The most statements one call
    /// can run — each statement 1, an `if` its costliest branch, a call the action's own
    /// count, a `then` body apart (it runs when its animation ends) — must stay within
    /// `DeclaredChecker.eventStatements`. The error stands where the work first passes the
    /// bound: the first action over it whose callees are all within it, else the handler.
    private func checkWork(_ c: inout DeclaredChecker) {
        let limit = DeclaredChecker.eventStatements
        var memo = [Int?](repeating: nil, count: actions.count)
        func cost(_ body: [DeclaredStmt]) -> Int {
            var n = 0
            for s in body {
                n += 1
                switch s {
                case .branch(let arms, let otherwise):
                    var most = cost(otherwise)
                    for (_, b) in arms { most = max(most, cost(b)) }
                    n += most
                case .call(let a):
                    n += actionCost(a)
                default:
                    break
                }
                if n > limit { return limit + 1 }
            }
            return n
        }
        func actionCost(_ a: Int) -> Int {
            if let known = memo[a] { return known }
            let n = cost(actions[a])
            memo[a] = n
            return n
        }
        func callees(_ body: [DeclaredStmt], _ into: inout [Int]) {
            for s in body {
                switch s {
                case .branch(let arms, let otherwise):
                    for (_, b) in arms { callees(b, &into) }
                    callees(otherwise, &into)
                case .call(let a): into.append(a)
                default: break
                }
            }
        }
        for a in actions.indices where actionCost(a) > limit {
            var called: [Int] = []
            callees(actions[a], &called)
            if called.allSatisfy({ actionCost($0) <= limit }) {
                c.error(actionLocations[a], .runsTooLong("the action '\(actionNames[a])'"))
                return
            }
        }
        for h in handlerBodies where cost(h.body) > limit {
            c.error(h.at, .runsTooLong("'on \(h.event)'"))
            return
        }
        // A `then` body runs on its own when its animation ends.
        func animations(_ body: [DeclaredStmt], _ into: inout [(then: Int, line: Int)]) {
            for s in body {
                switch s {
                case .branch(let arms, let otherwise):
                    for (_, b) in arms { animations(b, &into) }
                    animations(otherwise, &into)
                case .animate(_, _, _, _, let t, let line) where t >= 0:
                    into.append((t, line))
                    animations(thenBodies[t], &into)
                default: break
                }
            }
        }
        let roots = actions.indices.map { (actions[$0], actionLocations[$0]) } + handlerBodies.map { ($0.body, $0.at) }
        for (body, at) in roots {
            var found: [(then: Int, line: Int)] = []
            animations(body, &found)
            if let over = found.first(where: { cost(thenBodies[$0.then]) > limit }) {
                c.error(SourceLocation(file: at.file, line: over.line, column: 1), .runsTooLong("the 'then' body of the animate on line \(over.line)"))
                return
            }
        }
    }

    /// The first cycle through `a`'s calls (from the action it closes on, back to it) and the
    /// call that closes it; `done` marks the actions whose calls reach no cycle.
    private func cycle(from a: Int, _ path: inout [Int], _ onPath: inout [Bool], _ done: inout [Bool]) -> ([Int], SourceLocation)? {
        for (callee, at) in actionCalls[a] {
            if onPath[callee] {
                let from = path.lastIndex(of: callee) ?? 0
                return (Array(path[from...]) + [callee], at)
            }
            guard !done[callee] else { continue }
            path.append(callee)
            onPath[callee] = true
            if let found = cycle(from: callee, &path, &onPath, &done) { return found }
            onPath[callee] = false
            path.removeLast()
        }
        done[a] = true
        return nil
    }

    func program() -> DeclaredProgram? {
        let program = DeclaredProgram(
            name: behaviour, variableInits: variableInits, variableKinds: variableTypes.map { $0.declaredKind },
            variableLines: variables.map { $0.line }, values: valueExprs, valueKinds: valueTypes.map { $0.declaredKind },
            states: states, views: lowViews, actions: actions, thenBodies: thenBodies, localCount: localCount,
            handlers: handlers, taps: taps, reads: reads, viewLines: views.map { $0.line })
        // Its own observables come on the REPL's change line right after `offset`, as a
        // Swift behaviour's do by default (`ObservableSpec.firstOnChangeLine`): vars, values,
        // then the state, in that order (docs/repl.md).
        let first = 1  // ObservableSpec.firstOnChangeLine
        var observables: [ObservableDeclaration] = []
        for (i, v) in variables.enumerated() {
            observables.append(ObservableDeclaration(v.name, variableTypes[i].declaredKind, summary: "a var of behaviour '\(behaviour)'",
                                                     prominence: first, trace: .always))
        }
        for (i, v) in values.enumerated() {
            observables.append(ObservableDeclaration(v, valueTypes[i].declaredKind, summary: "a value of behaviour '\(behaviour)'",
                                                     prominence: first, trace: .always))
        }
        if !states.isEmpty {
            observables.append(ObservableDeclaration("state", .state, summary: "the state of behaviour '\(behaviour)': "
                                                        + states.joined(separator: ", "), prominence: first, trace: .always))
        }
        let viewDecls = views.enumerated().map { i, v in
            ViewDeclaration(v.name == behaviour ? behaviour : behaviour + "." + v.name,
                            noun: "view '" + (v.name == behaviour ? behaviour : behaviour + "." + v.name) + "'", layer: .screen,
                            takesTaps: !taps[i].isEmpty, targetable: true, exploreWeight: 1, style: .box)
        }
        program.declaration = BehaviourDeclaration(
            name: behaviour, namespace: behaviour,
            configuration: .use(noun: behaviour, summary: DeclaredChecker.summary),
            tunables: params.map {
                TunableDeclaration($0.name, .quantity($0.quantity), default: $0.value, range: $0.range,
                                   summary: "a param of behaviour '\(behaviour)'")
            },
            observables: observables, states: states, views: viewDecls, listens: program.listens)
        program.declaration.reads = reads
        return program
    }

    // MARK: Scopes

    struct Scope {
        /// Vars and values visible (a var's initial value sees those above it).
        var varLimit: Int
        var valueLimit: Int
        /// `alpha`, `when`, `value`, a var's initial value: no assignment, no call.
        var readOnly: Bool
        /// The handler whose body this is directly (not an action, not a `then` body).
        var event: DeclaredEvent?
        /// The action whose body this is.
        var action: Int?
        var lets: [[String: (Int, DeclaredType)]] = [[:]]

        init(varLimit: Int, valueLimit: Int, readOnly: Bool) {
            self.varLimit = varLimit
            self.valueLimit = valueLimit
            self.readOnly = readOnly
        }
    }

    // MARK: Bodies

    mutating func body(_ stmts: [BodyStmt], _ scope: inout Scope, _ c: inout DeclaredChecker) -> [DeclaredStmt] {
        scope.lets.append([:])
        defer { scope.lets.removeLast() }
        var out: [DeclaredStmt] = []
        for s in stmts {
            if let l = statement(s, &scope, &c) { out.append(l) }
        }
        return out
    }

    private func ownMember(_ name: String) -> String {
        name.hasPrefix(behaviour + ".") ? String(name.dropFirst(behaviour.count + 1)) : name
    }

    mutating func statement(_ s: BodyStmt, _ scope: inout Scope, _ c: inout DeclaredChecker) -> DeclaredStmt? {
        let line = s.location.line
        switch s.kind {
        case .notInBody(let k):
            c.error(s.location, .notInBody(k))
            return nil
        case .call(let name):
            guard let i = actionNames.firstIndex(of: name) else {
                c.error(s.location, .unknownAction(name, actionNames))
                return nil
            }
            if let a = scope.action { actionCalls[a].append((i, s.location)) }
            return .call(i)
        case .let(let name, let nl, let value):
            if let what = letClash(name, scope, c) {
                c.error(nl, .letShadows(name, what: what))
                return nil
            }
            guard let (e, t) = expr(value, &scope, &c) else { return nil }
            let slot = localCount
            localCount += 1
            scope.lets[scope.lets.count - 1][name] = (slot, t)
            return .setLocal(slot, e, line: line)
        case .if(let branches, let otherwise):
            var low: [(DeclaredExpr, [DeclaredStmt])] = []
            for (cond, b) in branches {
                let e = condition(cond, &scope, &c, context: "an 'if' condition") ?? .constant(0)
                low.append((e, body(b, &scope, &c)))
            }
            return .branch(low, otherwise: otherwise.map { body($0, &scope, &c) } ?? [])
        case .scrollTo(let value, let animated):
            guard let e = number(value, .points, &scope, &c, context: "'scroll to'") else { return nil }
            return .scrollTo(e, animated: animated, line: line)
        case .animate(let name, let nl, let to, let over, let curve, let then):
            let member = ownMember(name)
            guard let i = variables.firstIndex(where: { $0.name == member }) else {
                assignError(name, nl, &c)
                return nil
            }
            guard case .number(let q) = variableTypes[i] else {
                c.error(nl, .wrongKind(expected: "a number", found: variableTypes[i].described, context: "an animated var"))
                return nil
            }
            guard let target = number(to, q, &scope, &c, context: "'animate \(name) to'"),
                  let duration = number(over, .seconds, &scope, &c, context: "'over'") else { return nil }
            var thenIndex = -1
            if let then {
                var inner = Scope(varLimit: variables.count, valueLimit: values.count, readOnly: false)
                inner.action = scope.action
                let lowered = body(then, &inner, &c)
                thenIndex = thenBodies.count
                thenBodies.append(lowered)
            }
            let curves: [DeclaredCurve: Curve] = [.linear: .linear, .easeInOut: .easeInOut, .easeIn: .easeIn, .easeOut: .easeOut]
            return .animate(variable: i, to: target, over: duration, curve: curves[curve ?? .easeInOut] ?? .easeInOut,
                            then: thenIndex, line: line)
        case .assign(let name, let nl, let value):
            let member = ownMember(name)
            if member == "state" {
                guard !states.isEmpty else { c.error(nl, .noStates(behaviour)); return nil }
                if case .name(let w, let wl) = value.strippingParens, !w.contains("."), resolveQuietly(w, scope) == nil {
                    if let k = states.firstIndex(of: w) { return .setState(k) }
                    if isFreeStateWord(w) || c.base.stateNames.contains(w) {
                        c.error(wl, .stateOfOtherFamily(w, behaviour: behaviour, states: states))
                    } else {
                        c.error(wl, .notAState(w, behaviour: behaviour, states: states))
                    }
                    return nil
                }
                guard let (e, t) = expr(value, &scope, &c) else { return nil }
                guard t == .ownState else {
                    c.error(value.startLocation, .wrongKind(expected: "one of its states (" + states.joined(separator: ", ") + ")",
                                                            found: t.described, context: "'state'"))
                    return nil
                }
                return .setStateTo(e)
            }
            if name == "target" {
                guard scope.event == .willEndDragging else {
                    c.error(nl, .onlyIn("target", handler: DeclaredEvent.willEndDragging.rawValue))
                    return nil
                }
                guard let e = number(value, .points, &scope, &c, context: "'target'") else { return nil }
                return .setTarget(e, line: line)
            }
            if name == "contentInset.top" || name == "contentInset.bottom" {
                guard let e = number(value, .points, &scope, &c, context: "'\(name)'") else { return nil }
                return .setInset(top: name.hasSuffix("top"), e, line: line)
            }
            guard let i = variables.firstIndex(where: { $0.name == member }) else {
                assignError(name, nl, &c)
                return nil
            }
            guard let (e, t) = expr(value, &scope, &c) else { return nil }
            let want = variableTypes[i]
            switch (want, t) {
            case (.bool, .bool): break
            case (.number(let a), .number(let b)) where a == b || isPlain(b) || (isPlain(a) && b == .count): break
            case (.number, .number(.velocity)):
                c.error(value.startLocation, .varNeedsVelocity(member, expected: want.described))
                return nil
            default:
                c.error(value.startLocation, .wrongKind(expected: want.described, found: t.described, context: "the var '\(member)'"))
                return nil
            }
            return .setVariable(i, e, line: line)
        }
    }

    private func assignError(_ name: String, _ at: SourceLocation, _ c: inout DeclaredChecker) {
        let member = ownMember(name)
        if params.contains(where: { $0.name == member }) { c.error(at, .assignsReadOnly(name, what: "a param (a tunable: 'set \(behaviour).\(member) VALUE')")); return }
        if values.contains(member) { c.error(at, .assignsReadOnly(name, what: "a value (derived where it is read)")); return }
        if name == "decelerate" || name == "velocity" || DeclaredChecker.facts[name] != nil || c.base.resolve(name) != nil {
            c.error(at, .assignsReadOnly(name, what: "read-only here"))
            return
        }
        if name.contains("."), !name.hasPrefix(behaviour + ".") {
            c.error(at, .assignsReadOnly(name, what: "another behaviour's member or a name of the scroll view"))
            return
        }
        c.error(at, .unknownName(name, variables.map { $0.name } + ["state", "target", "contentInset.top", "contentInset.bottom"]))
    }

    private func letClash(_ name: String, _ scope: Scope, _ c: DeclaredChecker) -> String? {
        if firstLines[name] != nil || name == "state" { return "a member of this behaviour" }
        if states.contains(name) { return "one of its states" }
        if DeclaredChecker.facts[name] != nil || name == "target" || name == "decelerate" { return "a name of the scroll view" }
        if c.base.resolve(name) != nil { return "a name of the language" }
        if scope.lets.contains(where: { $0[name] != nil }) { return "already bound by 'let'" }
        return nil
    }

    // MARK: Expressions

    mutating func condition(_ e: Expr, _ scope: inout Scope, _ c: inout DeclaredChecker, context: String) -> DeclaredExpr? {
        guard let (x, t) = expr(e, &scope, &c) else { return nil }
        guard t == .bool else {
            c.error(e.startLocation, .wrongKind(expected: "true or false", found: t.described, context: context))
            return nil
        }
        return x
    }

    /// A number of quantity `q` (a plain one mixes with it).
    mutating func number(_ e: Expr, _ q: Quantity, _ scope: inout Scope, _ c: inout DeclaredChecker, context: String) -> DeclaredExpr? {
        guard let (x, t) = expr(e, &scope, &c) else { return nil }
        guard case .number(let found) = t, mixed(found, q) == q || (isPlain(q) && isPlain(found)) else {
            c.error(e.startLocation, .wrongKind(expected: DeclaredType.number(q).described, found: t.described, context: context))
            return nil
        }
        return x
    }

    /// What a name stands for, without reporting (nil: nothing).
    func resolveQuietly(_ name: String, _ scope: Scope) -> (DeclaredExpr, DeclaredType)? {
        for lets in scope.lets.reversed() {
            if let (slot, t) = lets[name] { return (.local(slot), t) }
        }
        let member = ownMember(name)
        if let i = params.firstIndex(where: { $0.name == member }) { return (.param(i), .number(params[i].quantity)) }
        if let i = variables.prefix(scope.varLimit).firstIndex(where: { $0.name == member }), i < variableTypes.count {
            return (.variable(i), variableTypes[i])
        }
        if let i = values.prefix(scope.valueLimit).firstIndex(of: member) { return (.value(i), valueTypes[i]) }
        if member == "state", !states.isEmpty, !(scope.readOnly && scope.varLimit < variables.count && scope.valueLimit == 0) {
            return (.state, .ownState)
        }
        if name == "target", scope.event == .willEndDragging { return (.target, .number(.points)) }
        if name == "decelerate", scope.event == .didEndDragging { return (.decelerate, .bool) }
        if name == "velocity", scope.event == .willEndDragging { return (.releaseVelocity, .number(.velocity)) }
        if let (f, t) = DeclaredChecker.facts[name] { return (.fact(f), t) }
        // A core tunable (`row.height`, `deceleration`): fixed for a world, so it is read as
        // one more param, appended after the behaviour's own (DeclaredInstance.init).
        if let ct = CoreTunable(rawValue: name), case .quantity(let q) = ct.kind {
            return (.param(params.count + ct.index), .number(q))
        }
        return nil
    }

    mutating func resolve(_ name: String, _ at: SourceLocation, _ scope: Scope, _ c: inout DeclaredChecker) -> (DeclaredExpr, DeclaredType)? {
        if let r = resolveQuietly(name, scope) { return r }
        if name == "target" { c.error(at, .onlyIn("target", handler: DeclaredEvent.willEndDragging.rawValue)); return nil }
        if name == "decelerate" { c.error(at, .onlyIn("decelerate", handler: DeclaredEvent.didEndDragging.rawValue)); return nil }
        if name == "state" || ownMember(name) == "state" { c.error(at, .noStates(behaviour)); return nil }
        if states.contains(name) || isFreeStateWord(name) || c.base.stateNames.contains(name) {
            c.error(at, .wrongKind(expected: "compared with a state ('state == \(name)')", found: "a bare state word", context: "'\(name)'"))
            return nil
        }
        if let found = worldRead(name, at, &c) { return found }
        // A typo of a name it reads (`row.hieght`, `offset.mn`) is an unknown name with its
        // fix, not a name this version cannot read.
        let readable = DeclaredChecker.facts.keys.sorted() + CoreTunable.allCases.map { $0.rawValue } + c.worldNames
        if name.contains("."), c.base.resolve(name) == nil, !didYouMean(name, readable).isEmpty {
            c.error(at, .unknownName(name, readable))
            return nil
        }
        if c.base.resolve(name) != nil || (name.contains(".") && !name.hasPrefix(behaviour + ".")) {
            c.error(at, .notReadable(name))
            return nil
        }
        var names = params.map { $0.name } + variables.prefix(scope.varLimit).map { $0.name } + values.prefix(scope.valueLimit)
        names += readable
        if !states.isEmpty { names.append("state") }
        for lets in scope.lets { names += lets.keys.sorted() }
        c.error(at, .unknownName(name, names))
        return nil
    }

    /// The place of a read of the world in `reads` (one place per observable, section and row).
    private mutating func place(_ id: ObservableID, section: Int = 0, row: Int = 0, _ name: String, _ line: Int) -> Int {
        if let k = reads.firstIndex(where: { $0.observable == id && $0.section == section && $0.row == row }) { return k }
        reads.append(WorldRead(id, section: section, row: row, name: name, line: line))
        return reads.count - 1
    }

    /// The type of an observable of `kind` read by a body; nil: one it cannot read (text, a rect).
    private func readType(_ kind: ValueKind) -> DeclaredType? {
        switch kind {
        case .quantity(let q): return .number(q)
        case .bool: return .bool
        case .state(let f): return f.id == .phase ? .phase : .family(f.id)
        default: return nil
        }
    }

    /// `name` as an observable of the world (spec §9: a body reads any observable): a
    /// built-in's, a Swift behaviour's, an earlier declaration's. `.some(nil)`: it is one,
    /// refused (reported); nil: no such observable.
    private mutating func worldRead(_ name: String, _ at: SourceLocation, _ c: inout DeclaredChecker) -> (DeclaredExpr, DeclaredType)?? {
        if case .observable(let id)? = c.base.resolve(name) {
            guard let t = readType(c.base.observable(id).kind) else { c.error(at, .notReadable(name)); return .some(nil) }
            return .some((.world(place(id, name, at.line)), t))
        }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let owner = String(name[..<dot])
        guard let (b, d) = c.sibling(owner) else {
            if c.refusedNames.contains(owner) { c.error(at, .readsRefused(name, behaviour: owner)); return .some(nil) }
            if c.declaredNames.contains(owner), owner != behaviour { c.error(at, .readsBelow(name, behaviour: owner)); return .some(nil) }
            return nil
        }
        let member = String(name[name.index(after: dot)...])
        guard let k = d.observables.firstIndex(where: { $0.name == member }) else { return nil }
        let t: DeclaredType
        switch d.observables[k].kind {
        case .quantity(let q): t = .number(q)
        case .bool: t = .bool
        case .state: t = .family(.behaviour(b))
        case .string, .rect: c.error(at, .notReadable(name)); return .some(nil)
        }
        return .some((.world(place(.behaviour(b, k), name, at.line)), t))
    }

    /// `section[I].MEMBER` / `row[I,J].MEMBER` with whole-number literal indexes.
    private mutating func indexedRead(_ base: String, _ indexes: [Expr], _ member: String, _ at: SourceLocation,
                                      _ c: inout DeclaredChecker) -> (DeclaredExpr, DeclaredType)? {
        let written = "\(base)[...].\(member)"
        guard let form = Subscript(base: base), form != .none, indexes.count == (form == .section ? 1 : 2),
              let o = CoreObservable.subscripted(form, member: member) else {
            c.error(at, .unknownName(written, ["section[I].y", "section[I].height", "section[I].open", "section[I].rows",
                                               "row[I,J].y", "row[I,J].height", "row[I,J].visible"]))
            return nil
        }
        var numbers: [Int] = []
        for ix in indexes {
            guard case .number(let n, _) = ix.strippingParens, n.unit.quantity == nil, n.value >= 0, n.value == n.value.rounded(),
                  n.value < 1e6 else {
                c.error(ix.startLocation, .wrongKind(expected: "a whole number as written (section[1].y)", found: "another value",
                                                     context: "an index in a behaviour"))
                return nil
            }
            numbers.append(Int(n.value))
        }
        guard let t = readType(o.kind) else { c.error(at, .notReadable(written)); return nil }
        let section = numbers[0], row = numbers.count > 1 ? numbers[1] : 0
        let name = form == .section ? Subscript.written(section: section) + "." + member
                                    : Subscript.written(section: section, row: row) + "." + member
        return (.world(place(.core(o), section: section, row: row, name, at.line)), t)
    }

    /// A bare word read as a state of the family of the other side of `==`/`!=`.
    private func stateWord(_ e: Expr, in t: DeclaredType, _ scope: Scope, _ c: inout DeclaredChecker) -> (DeclaredExpr, Bool)? {
        guard case .name(let w, let at) = e.strippingParens, !w.contains("."), resolveQuietly(w, scope) == nil else { return nil }
        switch t {
        case .ownState:
            if let k = states.firstIndex(of: w) { return (.constant(Double(k)), true) }
            if isFreeStateWord(w) || c.base.stateNames.contains(w) {
                c.error(at, .stateOfOtherFamily(w, behaviour: behaviour, states: states))
            } else {
                c.error(at, .notAState(w, behaviour: behaviour, states: states))
            }
            return (.constant(0), false)
        case .phase:
            if let k = StateFamily.phase.names.firstIndex(of: w) { return (.constant(Double(k)), true) }
            c.error(at, .notAState(w, behaviour: "phase", states: StateFamily.phase.names))
            return (.constant(0), false)
        case .family(let id):
            let f = c.family(id)
            if let k = f.states.firstIndex(of: w) { return (.constant(Double(k)), true) }
            c.error(at, .notAState(w, behaviour: f.name, states: f.states))
            return (.constant(0), false)
        default:
            return nil
        }
    }

    mutating func expr(_ e: Expr, _ scope: inout Scope, _ c: inout DeclaredChecker) -> (DeclaredExpr, DeclaredType)? {
        switch e {
        case .number(let n, _):
            return (.constant(n.value), .number(n.unit.quantity ?? .number))
        case .bool(let b, _):
            return (.constant(b ? 1 : 0), .bool)
        case .string(let s):
            c.error(s.location, .wrongKind(expected: "a number, true/false or a state", found: "text", context: "a value in a behaviour"))
            return nil
        case .placeholder(let l):
            c.error(l, .wrongKind(expected: "a value", found: "'?'", context: "a value in a behaviour"))
            return nil
        case .name(let name, let at):
            return resolve(name, at, scope, &c)
        case .indexed(let base, let indexes, let member, let at):
            return indexedRead(base, indexes, member, at, &c)
        case .paren(let inner, _):
            return expr(inner, &scope, &c)
        case .unary(let op, let inner, let at):
            guard let (x, t) = expr(inner, &scope, &c) else { return nil }
            switch op {
            case .negate:
                guard case .number = t else {
                    c.error(at, .wrongKind(expected: "a number", found: t.described, context: "'-'")); return nil
                }
                if case .constant(let v) = x { return (.constant(-v), t) }
                return (.negate(x), t)
            case .not:
                guard t == .bool else { c.error(at, .wrongKind(expected: "true or false", found: t.described, context: "'not'")); return nil }
                return (.not(x), .bool)
            }
        case .binary(let op, let l, let r, let at):
            guard let (x, a) = expr(l, &scope, &c), let (y, b) = expr(r, &scope, &c) else { return nil }
            if op == .and || op == .or {
                guard a == .bool, b == .bool else {
                    c.error(at, .wrongKind(expected: "true or false", found: (a == .bool ? b : a).described, context: "'\(op.rawValue)'"))
                    return nil
                }
                return (op == .and ? .and(x, y) : .or(x, y), .bool)
            }
            guard case .number(let qa) = a, case .number(let qb) = b else {
                c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue))
                return nil
            }
            let q: Quantity
            switch op {
            case .multiply: q = isPlain(qa) ? qb : isPlain(qb) ? qa : .number
            case .divide: q = isPlain(qb) ? qa : .number
            default:
                guard let m = mixed(qa, qb) else { c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue)); return nil }
                q = m
            }
            return (.arithmetic(op, x, y), .number(q))
        case .compare(let op, let l, let r, let tolerance, let at):
            // A bare state word is read in the family of the other side.
            if op == .eq || op == .ne {
                if let (y, b) = expr(l, quiet: true, &scope, &c), let (sx, ok) = stateWord(r, in: b, scope, &c) {
                    return ok ? (.compare(op, y, sx, tolerance: nil), .bool) : nil
                }
                if let (y, b) = expr(r, quiet: true, &scope, &c), let (sx, ok) = stateWord(l, in: b, scope, &c) {
                    return ok ? (.compare(op, sx, y, tolerance: nil), .bool) : nil
                }
            }
            guard let (x, a) = expr(l, &scope, &c), let (y, b) = expr(r, &scope, &c) else { return nil }
            switch (a, b) {
            case (.number(let qa), .number(let qb)):
                guard let q = mixed(qa, qb) else { c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue)); return nil }
                if op == .approx {
                    if let tolerance {
                        guard let t = number(tolerance, q, &scope, &c, context: "'within'") else { return nil }
                        return (.compare(op, x, y, tolerance: t), .bool)
                    }
                    switch q {
                    case .seconds: return (.halfFrameCompare(x, y), .bool)
                    case .number: return (.compare(op, x, y, tolerance: .constant(0.005)), .bool)
                    case .points, .velocity, .count: return (.compare(op, x, y, tolerance: .constant(0.5)), .bool)
                    }
                }
                return (.compare(op, x, y, tolerance: nil), .bool)
            case (.bool, .bool), (.ownState, .ownState), (.phase, .phase):
                guard op == .eq || op == .ne else { c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue)); return nil }
                return (.compare(op, x, y, tolerance: nil), .bool)
            case (.family(let fa), .family(let fb)) where fa == fb:
                guard op == .eq || op == .ne else { c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue)); return nil }
                return (.compare(op, x, y, tolerance: nil), .bool)
            default:
                c.error(at, .mixedKinds(a.described, b.described, op: op.rawValue))
                return nil
            }
        case .call(let name, let args, let at):
            if name == "rect" { c.error(at, .rectOutsideView); return nil }
            guard let f = BuiltinFunction(name: name) else {
                c.error(at, .unknownName(name, ["min", "max", "abs", "clamp", "floor", "round"]))
                return nil
            }
            guard args.count >= f.minArguments, f.maxArguments.map({ args.count <= $0 }) ?? true else {
                c.error(at, .functionArguments(f.signature))
                return nil
            }
            var low: [DeclaredExpr] = []
            var q: Quantity = .number
            for a in args {
                guard let (x, t) = expr(a, &scope, &c) else { return nil }
                guard case .number(let qa) = t, let m = mixed(q, qa) else {
                    c.error(a.startLocation, .mixedKinds(DeclaredType.number(q).described, t.described, op: name))
                    return nil
                }
                q = m
                low.append(x)
            }
            return (.function(f, low), .number(q))
        }
    }

    /// `expr` without errors (nil when it has one): used to find the family of a state word.
    private mutating func expr(_ e: Expr, quiet: Bool, _ scope: inout Scope, _ c: inout DeclaredChecker) -> (DeclaredExpr, DeclaredType)? {
        let before = c.diagnostics.count
        let r = expr(e, &scope, &c)
        c.diagnostics.removeSubrange(before...)
        return r
    }
}

extension Expr {
    /// The expression inside any parentheses.
    package var strippingParens: Expr {
        if case .paren(let inner, _) = self { return inner.strippingParens }
        return self
    }
}

extension BehaviourRegistry {
    /// Behaviour `id` was declared in the language (not registered from Swift).
    package func isDeclaredInLanguage(_ id: BehaviourID) -> Bool {
        if case .use(_, let summary) = configuration(of: id) { return summary == DeclaredChecker.summary }
        return false
    }
}
