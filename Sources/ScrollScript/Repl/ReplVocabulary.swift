import ScrollSim

/// The words completion offers (the REPL's tab completion and the language server's):
/// statement words and the words that follow them, observable, tunable and state names,
/// all from one registry's `Lexicon` (the grammar's words and the behaviours' declarations).
public struct ReplVocabulary: Equatable, Sendable {
    /// Words that start a statement (`pull`, `expect`, `header`, ...).
    public var statementWords: [String]
    /// Words that may follow a given statement word (`header 240 pin 60` → `pin`).
    public var followWords: [String: [String]]
    /// Statement words whose arguments are expressions (`expect`, `print`).
    public var expressionStatements: [String]
    /// Words that may appear in an expression besides names (`and`, `true`).
    public var expressionWords: [String]
    /// Names an expression can read that need no subscript: `offset`, `header.height`,
    /// every tunable (`row.height`, `deceleration`), and the states.
    public var plainNames: [String]
    /// Members after `section[I].` (y height open rows title frame), in table order.
    public var sectionMembers: [String]
    /// Members after `row[I,J].` (y height visible title frame), in table order.
    public var rowMembers: [String]
    /// Names after `set`.
    public var tunableNames: [String]

    /// The words of `lexicon`'s registry.
    public init(_ lexicon: Lexicon) {
        statementWords = lexicon.statementKeywords
        followWords = lexicon.followers
        expressionStatements = [GrammarWord.expect, .print].map { $0.spelling }
        expressionWords = [GrammarWord.and, .or, .not, .true, .false, .within].map { $0.spelling }
        plainNames = lexicon.registry.observables.filter { $0.subscriptForm == .none }.map { $0.name }
            + lexicon.tunableNames + lexicon.registry.stateNames
        sectionMembers = Lexicon.members(of: .section)
        rowMembers = Lexicon.members(of: .row)
        tunableNames = lexicon.tunableNames
    }

    /// The built-in behaviours' words.
    public static let standard = ReplVocabulary(.builtIn)
}
