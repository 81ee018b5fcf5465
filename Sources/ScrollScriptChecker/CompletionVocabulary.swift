import ScrollSim

/// The words completion offers (`Completions`, for the REPL's Tab and the language server):
/// the statement words, the words that follow them and the words of expressions, from one
/// registry's `Lexicon` (the names come from the registry itself).
public struct CompletionVocabulary: Equatable, Sendable {
    /// Words that start a statement (`pull`, `expect`, `header`, ...).
    public var statementWords: [String]
    /// Words that may follow a given statement word (`header 240 pin 60` → `pin`).
    public var followWords: [String: [String]]
    /// Statement words whose arguments are expressions (`expect`, `print`).
    public var expressionStatements: [String]
    /// Words that may appear in an expression besides names (`and`, `true`).
    public var expressionWords: [String]

    /// The words of `lexicon`'s registry.
    public init(_ lexicon: Lexicon) {
        statementWords = lexicon.statementKeywords
        followWords = lexicon.followers
        expressionStatements = [GrammarWord.expect, .print].map { $0.spelling }
        expressionWords = [GrammarWord.and, .or, .not, .true, .false, .within].map { $0.spelling }
    }

    /// The built-in behaviours' words.
    public static let standard = CompletionVocabulary(.builtIn)
}
