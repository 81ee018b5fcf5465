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
    case mixedKinds(String, String, op: String)
    case notALiteral(String)
    case defaultOutsideRange(String)
    case rectOutsideView
    case viewNeedsRect
    case letShadows(String, what: String)
    case functionArguments(String)
    case importUnreadable(String, reason: String)
    case importCycle(String)
    case importNotDeclarations(String)

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
            return "unknown event '\(clip(e))'" + wordHint(e, DeclaredEvent.allCases.map { $0.rawValue })
        case .eventTakesNoView(let e):
            return "'on \(e)' takes no view (only 'on tap VIEW' does)"
        case .tapNeedsView(let views):
            return "'on tap' needs one of the behaviour's views" + (views.isEmpty ? " (it declares none)" : ": " + views.joined(separator: ", "))
        case .unknownView(let v, let views):
            return "unknown view '\(clip(v))'" + wordHint(v, views)
        case .unknownName(let n, let names):
            return "unknown name '\(clip(n))'" + wordHint(n, names)
        case .notReadable(let n):
            return "a declared behaviour's body cannot read '\(clip(n))' in this version (it reads the scroll view's names, the core tunables and its own members)"
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
        case .mixedKinds(let a, let b, let op):
            return "cannot mix \(a) and \(b) in '\(op)'"
        case .notALiteral(let n):
            return "the param '\(clip(n))' takes a number (with an optional minus and unit), as in 'param start = 136pt'"
        case .defaultOutsideRange(let n):
            return "the param '\(clip(n))' has a default outside its range (or a range whose low end is above its high end)"
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
        case .importNotDeclarations(let path):
            return "\"\(path)\" holds more than behaviours and imports: a file that is imported may hold only 'behaviour' and 'import' items and comments"
        }
    }
}
