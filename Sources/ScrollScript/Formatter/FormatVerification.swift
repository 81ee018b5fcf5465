// The formatter's safety net: the formatted text must parse, and must hold the same tokens
// as the input, comments included, apart from line ends and `;` (what the layout may
// change). A failure here is a formatter bug or a limit (a line pushed past 10,000
// characters by indentation), and the file is then left untouched.

/// Nil when `formatted` is a faithful layout of `original`; else why it is not.
func verifyFormatting(original: SourceFile, formatted: String) -> Diagnostic? {
    let start = SourceLocation(file: original.name, line: 1, column: 1)
    let reparsed = Parser.parse(SourceFile(name: original.name, text: formatted), lexicon: .builtIn)
    if let d = reparsed.diagnostics.first {
        return Diagnostic(start, .format(.layoutWouldNotParse(line: d.location.line, d.problem)))
    }
    var a = Lexer(bytes: original.bytes, file: original.name)
    var b = Lexer(bytes: Array(formatted.utf8), file: original.name)
    while true {
        let x = nextSignificant(&a), y = nextSignificant(&b)
        if x.kind != y.kind || tokenKey(x) != tokenKey(y) {
            return Diagnostic(x.location(original.name), .format(.layoutChangesTokens))
        }
        if x.kind == .eof { return nil }
    }
}

/// The next token that is not a line end or `;`.
private func nextSignificant(_ lexer: inout Lexer) -> Token {
    while true {
        let t = lexer.next()
        if t.kind != .newline && t.kind != .semicolon { return t }
    }
}

/// What must stay equal in a token: words and comments by text (trailing blanks of a
/// comment may go), literals by their source text (a CRLF inside a string may become LF).
private func tokenKey(_ t: Token) -> String {
    switch t.kind {
    case .word: return t.text
    case .comment: return trimmingTrailingBlanks(t.text)
    case .number: return t.raw
    case .string: return canonicalStringRaw(t.raw)
    default: return ""
    }
}
