// A REPL chunk, parsed: the session's words, lets and configuration, with the tool's first
// guesses (`Lexicon.of`).
import ScrollSim

/// Parses a REPL chunk (one or more lines of statements). `file` names it in diagnostics;
/// `firstLine` is the line of the session the chunk starts on; `letNames` are the names
/// the session bound with `let` before it; `configuration` the session's configuration
/// statements as text (a guess at a statement with an error is checked in it; nil: every
/// view); words are `registry`'s.
public func parseChunk(_ text: String, file: String = "<repl>", firstLine: Int = 1, letNames: Set<String> = [],
                       configuration: String? = nil, registry: BehaviourRegistry = .builtIn) -> (program: Program, diagnostics: [Diagnostic]) {
    var parser = Parser(lexer: Lexer(bytes: Array(text.utf8), file: file, firstLine: firstLine), file: file,
                        letNames: letNames, configuration: configuration, lexicon: Lexicon.of(registry))
    let program = parser.parseProgram()
    return (program, parser.syntaxDiagnostics)
}
