// What is wrong in a behaviour declared in the language (spec §9), worded: the declared
// checker (ScrollScript, ScrollScriptChecker/DeclaredChecker.swift) finds it, `CheckProblem.declared` carries it.

/// What is wrong in a declared behaviour, in a sentence.
public enum DeclaredCheckProblem: Equatable, Sendable {
    case reservedName(String, what: String, isBehaviour: Bool)
    case duplicateMember(String, firstLine: Int)
    case duplicateBehaviour(String, first: String)
    case secondStates
    case unknownEvent(String)
    case eventTakesNoView(String)
    case tapNeedsView([String])
    case unknownView(String, [String])
    /// `tap NAME` in a scenario, NAME no view it can tap: the views' names near it (by the
    /// whole name, else by the part after the dot), and what `tap` takes.
    case unknownTapView(String, near: [String], targets: [String])
    case unknownName(String, [String])
    case notReadable(String)
    case unknownAction(String, [String])
    case actionReachesItself([String])
    /// An action (`action NAME`) or a handler (`on EVENT`) that can run more statements in
    /// one call than `DeclaredChecker.eventStatements`, the actions it calls included.
    case runsTooLong(String)
    case notInBody(String)
    case onlyIn(String, handler: String)
    case assignsReadOnly(String, what: String)
    case notAState(String, behaviour: String, states: [String])
    case stateOfOtherFamily(String, behaviour: String, states: [String])
    case noStates(String)
    case wrongKind(expected: String, found: String, context: String)
    /// A value of pt/s (a kind no literal has) assigned to a var of another kind.
    case varNeedsVelocity(String, expected: String)
    /// `B.state` in a scenario, B a behaviour that declares no `states`.
    case declaresNoStates(String)
    /// A number (or other non-state) compared with a bare state word several families have.
    case comparedWithStateWord(found: String, word: String, families: [String])
    case mixedKinds(String, String, op: String)
    case notALiteral(String)
    /// A param's default (as written) outside its range (its ends as written).
    case defaultOutsideRange(String, value: String, low: String, high: String)
    /// A param's range whose low end is above its high end.
    case emptyRange(String, low: String, high: String)
    case rectOutsideView
    case viewNeedsRect
    case letShadows(String, what: String)
    case functionArguments(String)
    case importUnreadable(String, reason: String)
    case importCycle(String)
    case importNotDeclarations(String)
    /// (v1.5) At a `use` line: the behaviour's code reads `subject` (on `line` of its
    /// declaration), which needs a behaviour (`noun`, written `usage`) the scenario lacks.
    case useReadsMissing(behaviour: String, subject: String, line: Int, noun: String, usage: String)
    /// A body reads a member of a behaviour that reads this one (checked after it).
    case readsBelow(String, behaviour: String)
    /// A body reads a member of a behaviour refused for an error.
    case readsRefused(String, behaviour: String)

    public var message: String {
        switch self {
        case .reservedName(let n, let what, let b):
            return "\(b ? "a behaviour" : "a member") cannot be named '\(clip(n))': it is \(what)"
        case .duplicateMember(let n, let line):
            return "'\(clip(n))' is declared twice in this behaviour (first at line \(line)): each member needs a name of its own"
        case .duplicateBehaviour(let n, let first):
            return "a behaviour named '\(clip(n))' is already declared (at \(first)): each behaviour needs a name of its own"
        case .secondStates:
            return "a behaviour has at most one 'states' line"
        case .unknownEvent(let e):
            if let meant = DeclaredEvent.meant(byUIKitName: e) { return "unknown event '\(clip(e))' (did you mean '\(meant.rawValue)'?)" }
            let hint = wordHint(e, DeclaredEvent.allCases.map { $0.rawValue })
            if !hint.isEmpty { return "unknown event '\(clip(e))'" + hint }
            let events = DeclaredEvent.allCases.map { $0 == .tap ? "tap VIEW" : $0.rawValue }
            return "unknown event '\(clip(e))' (the events: " + events.joined(separator: ", ") + ")"
        case .eventTakesNoView(let e):
            return "'on \(e)' takes no view (only 'on tap VIEW' does)"
        case .tapNeedsView(let views):
            return "'on tap' needs one of the behaviour's views" + (views.isEmpty ? " (it declares none)" : ": " + views.joined(separator: ", "))
        case .unknownView(let v, let views):
            return "unknown view '\(clip(v))'" + wordHint(v, views)
        case .unknownTapView(let v, let near, let targets):
            if !near.isEmpty { return "unknown view '\(clip(v))' (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)" }
            return "unknown view '\(clip(v))' (tap takes \(targets.joined(separator: ", ")) or a point X Y)"
        case .unknownName(let n, let names):
            return "unknown name '\(clip(n))'" + wordHint(n, names)
        case .notReadable(let n):
            return "a declared behaviour's body cannot read '\(clip(n))' in this version (it reads the observables, the core tunables and its own members; not another behaviour's tunables, views or text)"
        case .unknownAction(let n, let actions):
            return "unknown action '\(clip(n))'" + wordHint(n, actions)
        case .actionReachesItself(let chain):
            return "the action '\(chain.first ?? "")' reaches itself (" + chain.joined(separator: " → ") + "): an action may not call itself"
        case .runsTooLong(let what):
            return "\(what) can run more than 100,000 statements in one call, counting the actions it calls: an event's work must stay small (no declaration may hang a frame); call fewer actions, or the same ones fewer times"
        case .notInBody(let k):
            return "'\(clip(k))' cannot stand in a behaviour's body: a body holds assignments, let, if, animate, scroll to and action calls (no gestures, waits, checks, configuration or repeat)"
        case .onlyIn(let n, let handler):
            return "'\(n)' exists only in the body of 'on \(handler)' (not in an action it calls, nor in a 'then' body)"
        case .assignsReadOnly(let n, let what):
            return "'\(clip(n))' is \(what): it cannot be assigned"
        case .notAState(let w, let b, let states):
            return "'\(clip(w))' is not a state of \(b) (its states: \(states.joined(separator: ", ")))" + didYouMean(w, states)
        case .stateOfOtherFamily(let w, let b, let states):
            return "'\(clip(w))' is a state of another family, not of \(b) (its states: \(states.joined(separator: ", ")))"
        case .noStates(let b):
            return "'state' needs a 'states' line in behaviour '\(b)'"
        case .wrongKind(let expected, let found, let context):
            return "\(context) must be \(expected), not \(found)"
        case .declaresNoStates(let b):
            return "behaviour '\(clip(b))' declares no states ('\(clip(b)).state' needs a 'states' line in it)"
        case .comparedWithStateWord(let found, let word, let families):
            return "cannot compare \(found) with a state ('\(clip(word))' is a state of \(families.joined(separator: ", ")))"
        case .varNeedsVelocity(let v, let expected):
            return "the var '\(clip(v))' must be \(expected), not pt/s (a var keeps the kind of its initial value, and no "
                + "literal is in pt/s: to hold a velocity, declare it 'var \(clip(v)) = 0 * velocity', or give it a velocity as its initial value)"
        case .mixedKinds(let a, let b, let op):
            return "cannot mix \(a) and \(b) in '\(op)'"
        case .notALiteral(let n):
            return "the param '\(clip(n))' takes a number (with an optional minus and unit), as in 'param start = 136pt'"
        case .defaultOutsideRange(let n, let value, let low, let high):
            return "the param '\(clip(n))' defaults to \(clip(value)), outside its range \(clip(low)) to \(clip(high))"
        case .emptyRange(let n, let low, let high):
            return "the range of the param '\(clip(n))' is empty: its low end \(clip(low)) is above its high end \(clip(high))"
        case .rectOutsideView:
            return "rect(x, y, width, height) gives a view's frame: it stands only after 'view NAME ='"
        case .viewNeedsRect:
            return "a view's frame is rect(x, y, width, height)"
        case .letShadows(let n, let what):
            return "'\(clip(n))' is \(what): 'let' cannot name a value after it"
        case .functionArguments(let f):
            return "\(f) takes other values here"
        case .importUnreadable(let path, let reason):
            return "cannot import \"\(path)\": \(reason)"
        case .importCycle(let path):
            return "importing \"\(path)\" closes a cycle of imports"
        case .useReadsMissing(let b, let subject, let line, let noun, let usage):
            return "behaviour '\(b)' reads '\(subject)' (line \(line)), which needs \(article(noun)) \(noun), and this scenario declares none (add '\(usage)')"
        case .readsRefused(let n, let b):
            return "'\(clip(n))' is a member of behaviour '\(b)', which has an error (fix it, and this reads it)"
        case .readsBelow(let n, let b):
            return "'\(clip(n))' is a member of behaviour '\(b)', which reads this one: two behaviours may not read each other's members"
        case .importNotDeclarations(let path):
            return "\"\(path)\" holds more than behaviours and imports: a file that is imported may hold only 'behaviour' and 'import' items and comments"
        }
    }
}
