// The syntax of behaviours declared in the language (spec v1.5 §2, §9): top-level
// `behaviour NAME { ... }` and `import "PATH"` items, their members and their bodies.
// The parser reads them (Parser.swift, `parseDeclarationItem`); the checker types and lowers
// them (ScrollScriptChecker/DeclaredChecker.swift); the runtime runs them (ScrollScriptBehaviours/Declared/DeclaredRuntime.swift).

/// A top-level declaration item: a behaviour or an import.
public enum DeclarationItem: Equatable, Sendable {
    case behaviour(BehaviourSyntax)
    /// `import "PATH"`: the path as written, and the location of the string.
    case `import`(StringLiteral, SourceLocation)
}

/// `behaviour NAME { MEMBER ... }`.
public struct BehaviourSyntax: Equatable, Sendable {
    public var name: String
    public var nameLocation: SourceLocation
    /// Location of the `behaviour` keyword.
    public var location: SourceLocation
    public var members: [MemberSyntax]
}

/// The events of `on EVENT` (spec §9), by their names as written.
public enum DeclaredEvent: String, CaseIterable, Equatable, Sendable {
    case willBeginDragging, didScroll, dragging, willEndDragging, didEndDragging, willBeginDecelerating,
         didEndDecelerating, didEndScrollingAnimation, frame, tap

    /// The event UIKit's delegate method or another spelling names: `scrollViewDidScroll`
    /// and `scroll` → `didScroll`, `scrollViewWillEndDragging` → `willEndDragging` (the
    /// longest event the name ends with, case aside, after a prefix). Nil for an event's own
    /// name or none.
    package static func meant(byUIKitName name: String) -> DeclaredEvent? {
        if name == "scroll" || name == "scrolled" { return .didScroll }
        let lower = name.lowercased()
        var best: DeclaredEvent?
        for e in allCases where e != .tap && e != .frame {
            let w = e.rawValue.lowercased()
            guard lower.count > w.count, lower.hasSuffix(w) else { continue }
            if best.map({ $0.rawValue.count < w.count }) ?? true { best = e }
        }
        return best
    }
}

/// The curves of `animate ... over D [CURVE]`.
public enum DeclaredCurve: String, CaseIterable, Equatable, Sendable {
    case linear, easeInOut, easeIn, easeOut
}

/// One member of a behaviour, with the location of its name (its first word for `states`
/// and `on`).
public struct MemberSyntax: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `param NAME = LITERAL [range LO to HI]`
        case param(name: String, value: Expr, range: (lower: Expr, upper: Expr)?)
        /// `states A, B, C` with each word's location.
        case states([(String, SourceLocation)])
        /// `var NAME = EXPR`
        case `var`(name: String, value: Expr)
        /// `value NAME = EXPR`
        case value(name: String, value: Expr)
        /// `view NAME = RECT [alpha EXPR] [when COND]`
        case view(name: String, rect: Expr, alpha: Expr?, when: Expr?)
        /// `action NAME { BODY }`
        case action(name: String, body: [BodyStmt])
        /// `on EVENT { BODY }`, `on tap VIEW { BODY }`: the event as written, its view.
        case on(event: String, eventLocation: SourceLocation, view: (String, SourceLocation)?, body: [BodyStmt])

        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.param(let n1, let v1, let r1), .param(let n2, let v2, let r2)):
                return n1 == n2 && v1 == v2 && r1?.lower == r2?.lower && r1?.upper == r2?.upper
            case (.states(let a), .states(let b)):
                return a.map { $0.0 } == b.map { $0.0 } && a.map { $0.1 } == b.map { $0.1 }
            case (.var(let n1, let v1), .var(let n2, let v2)), (.value(let n1, let v1), .value(let n2, let v2)):
                return n1 == n2 && v1 == v2
            case (.view(let n1, let r1, let a1, let w1), .view(let n2, let r2, let a2, let w2)):
                return n1 == n2 && r1 == r2 && a1 == a2 && w1 == w2
            case (.action(let n1, let b1), .action(let n2, let b2)):
                return n1 == n2 && b1 == b2
            case (.on(let e1, let l1, let v1, let b1), .on(let e2, let l2, let v2, let b2)):
                return e1 == e2 && l1 == l2 && v1?.0 == v2?.0 && v1?.1 == v2?.1 && b1 == b2
            default:
                return false
            }
        }
    }

    public var kind: Kind
    /// The member's keyword (`param`, `on`, ...).
    public var location: SourceLocation
    /// The member's name (for `states` and `on`: the keyword's location).
    public var nameLocation: SourceLocation

    /// The member's name (nil for `states` and `on`).
    public var name: String? {
        switch kind {
        case .param(let n, _, _), .var(let n, _), .value(let n, _), .view(let n, _, _, _), .action(let n, _): return n
        case .states, .on: return nil
        }
    }
}

/// A statement of a body (spec §9).
public struct BodyStmt: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        /// `NAME = EXPR` (a var, `state`, `target`, `contentInset.top`/`.bottom`), NAME as written.
        case assign(name: String, nameLocation: SourceLocation, value: Expr)
        /// `let NAME = EXPR`
        case `let`(name: String, nameLocation: SourceLocation, value: Expr)
        /// `if C { } else if C { } else { }`: each condition with its body, then the else body.
        case `if`(branches: [(Expr, [BodyStmt])], otherwise: [BodyStmt]?)
        /// `animate VAR to EXPR over DURATION [CURVE] [then { BODY }]`
        case animate(name: String, nameLocation: SourceLocation, to: Expr, over: Expr, curve: DeclaredCurve?,
                     then: [BodyStmt]?)
        /// `scroll to EXPR [animated]`
        case scrollTo(Expr, animated: Bool)
        /// A bare `NAME`: a call of an action.
        case call(name: String)
        /// A statement of the scenario language that a body may not hold (`pull`, `wait`,
        /// `expect`, `repeat`, `set`, ...): its keyword.
        case notInBody(keyword: String)

        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.assign(let n1, let l1, let v1), .assign(let n2, let l2, let v2)),
                 (.let(let n1, let l1, let v1), .let(let n2, let l2, let v2)):
                return n1 == n2 && l1 == l2 && v1 == v2
            case (.if(let b1, let o1), .if(let b2, let o2)):
                return b1.count == b2.count && zip(b1, b2).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 } && o1 == o2
            case (.animate(let n1, let l1, let t1, let d1, let c1, let h1), .animate(let n2, let l2, let t2, let d2, let c2, let h2)):
                return n1 == n2 && l1 == l2 && t1 == t2 && d1 == d2 && c1 == c2 && h1 == h2
            case (.scrollTo(let e1, let a1), .scrollTo(let e2, let a2)):
                return e1 == e2 && a1 == a2
            case (.call(let n1), .call(let n2)), (.notInBody(let n1), .notInBody(let n2)):
                return n1 == n2
            default:
                return false
            }
        }
    }

    public var kind: Kind
    public var location: SourceLocation
}

/// Words that start a body statement or a member, and words reserved in a behaviour.
public enum DeclarationWords {
    public static let behaviour = "behaviour"
    public static let importWord = "import"
    /// The member keywords.
    public static let members = ["param", "states", "var", "value", "view", "action", "on"]
    /// Words a body gives a meaning to.
    public static let body = ["if", "else", "animate", "scroll", "let", "state", "target", "decelerate", "contentInset"]
    /// The words that start a body statement other than an assignment or a call.
    package static let bodyStatements = ["if", "let", "animate", "scroll"]
    /// The words an editor colours inside a declaration (besides the member keywords).
    public static let editorWords = ["range", "alpha", "when", "if", "else", "animate", "to", "over", "then", "scroll", "animated",
                                     "rect", "state", "target", "decelerate"]
        + DeclaredEvent.allCases.map { $0.rawValue } + DeclaredCurve.allCases.map { $0.rawValue }
}

/// What is wrong in the syntax of a `behaviour` or `import` item.
public enum DeclaredSyntaxProblem: Equatable, Sendable {
    /// A `behaviour` or `import` after a scene, a scenario or a statement.
    case declarationAfterItems(String)
    /// A name was expected (`what`: "a param's name").
    case expectedName(String, found: FoundToken)
    /// `NAME` not followed by `=`.
    case expectedAssign(String, found: FoundToken)
    /// A member was expected.
    case expectedMember(found: FoundToken)
    /// `word` was expected after `after`.
    case expectedWord(String, after: String, found: FoundToken)
    /// A word that is no member keyword.
    case unknownMember(String)
    /// A curve that is none of linear, easeInOut, easeIn, easeOut.
    case unknownCurve(String)
    /// `else` at the start of a body statement: the `}` before it ended its line, and the `if`.
    case elseOnItsOwnLine
    /// A word near a body keyword (`animat n to 1 over 1s`), not followed by `=`.
    case unknownBodyStatement(String, near: [String])
    /// Swift's `n += 1` (also `-=`, `*=`, `/=`): the assignment it means.
    case compoundAssign(String, meant: String)
    /// Swift's `self.alpha = 1` in a behaviour not named `self`: the assignment it means.
    case selfMember(meant: String)

    public var message: String {
        switch self {
        case .declarationAfterItems(let w):
            return "'\(w)' must come before the scenes, scenarios and statements of the file"
        case .expectedName(let what, let found):
            return "expected \(what), found \(found.described)"
        case .expectedAssign(let name, let found):
            return "expected '=' after '\(name)', found \(found.described)"
        case .expectedMember(let found):
            return "expected a member (\(DeclarationWords.members.joined(separator: ", "))), found \(found.described)"
        case .expectedWord(let word, let after, let found):
            return "expected '\(word)' after '\(after)', found \(found.described)"
        case .unknownMember(let w):
            let hint = didYouMean(w, DeclarationWords.members)
            return "unknown member '\(clip(w))'" + (hint.isEmpty ? " (a behaviour holds " + DeclarationWords.members.joined(separator: ", ") + ")" : hint)
        case .unknownCurve(let w):
            return "unknown curve '\(clip(w))'" + wordHint(w, DeclaredCurve.allCases.map { $0.rawValue })
        case .elseOnItsOwnLine:
            return "'else' must follow '}' on the same line ('} else {'): the end of the line ends the 'if'"
        case .unknownBodyStatement(let w, let near):
            return "unknown statement '\(clip(w))'" + didYouMean(w, near)
        case .compoundAssign(let op, let meant):
            return "'\(op)' is not in the language (did you mean '\(clip(meant))'?)"
        case .selfMember(let meant):
            return "a body names its behaviour's members without 'self.' (did you mean '\(clip(meant))'?)"
        }
    }
}
