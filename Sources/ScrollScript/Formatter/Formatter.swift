// `scrollscript fmt`: one canonical layout for a parsed file, comments kept (grammar.md §8).
//
// The layout is built from the syntax tree and its trivia (comments, blank lines); the
// result is then re-read and compared token by token with the input (FormatVerification),
// so a file is never rewritten into something that means anything else.

/// What formatting a file gave.
public enum FormatOutcome: Equatable, Sendable {
    /// The file in the canonical layout (empty for a file with no statements and no comments).
    case formatted(String)
    /// The file does not parse (or its layout could not be made safely): these errors,
    /// sorted; the file must be left as it is.
    case failed([Diagnostic])
}

/// Formats a source file: parses it and, when it parses without errors, lays it out.
public func formatSource(_ source: SourceFile) -> FormatOutcome {
    let parsed = Parser.parse(source, lexicon: .builtIn)
    if !parsed.diagnostics.isEmpty { return .failed(parsed.diagnostics) }
    var text = formatProgram(parsed.program)
    // (v1.5) Declared behaviours and imports stand at the top, laid out by their tokens (spec §9).
    let end = parsed.program.declarationPrefixEnd
    if end > 0 {
        let prefix = formatDeclarations(Array(source.bytes.prefix(end)), file: source.name)
        if !prefix.isEmpty { text = prefix + (text.isEmpty ? "" : "\n" + text) }
    }
    if let problem = verifyFormatting(original: source, formatted: text) {
        return .failed([problem])
    }
    return .formatted(text)
}

/// The canonical layout of a parsed program (one that parsed without errors).
public func formatProgram(_ program: Program) -> String {
    var f = ProgramFormatter()
    f.program(program)
    return f.writer.text
}

/// The separator between a statement (or `{`) and a comment on its line.
let endOfLineCommentGap = "  "

/// Walks the tree and writes lines.
private struct ProgramFormatter {
    var writer = LineWriter()

    mutating func program(_ p: Program) {
        for (i, s) in p.statements.enumerated() {
            // A scene or scenario block is always set off by one blank line.
            let aroundBlock = i > 0 && (isTopLevelBlock(s.kind) || isTopLevelBlock(p.statements[i - 1].kind))
            statement(s, blankBefore: aroundBlock)
        }
        comments(p.trailingComments)
    }

    private func isTopLevelBlock(_ k: StmtKind) -> Bool {
        switch k {
        case .scene, .scenario: return true
        default: return false
        }
    }

    /// Own-line comments (a block's closing comments, the file's last comments).
    private mutating func comments(_ cs: [Comment]) {
        for c in cs {
            if c.blankLineBefore { writer.blankLine() }
            writer.line(commentText(c))
        }
    }

    private mutating func statement(_ s: Stmt, blankBefore: Bool) {
        if blankBefore || s.blankLineBefore { writer.blankLine() }
        let leading = s.leadingComments
        for (i, c) in leading.enumerated() {
            if i > 0 && c.blankLineBefore { writer.blankLine() }
            writer.line(commentText(c))
        }
        // The parser records no blank line between the last comment and the statement:
        // the line numbers tell.
        if let last = leading.last, s.location.line - last.location.line >= 2 { writer.blankLine() }
        let trailing = s.trailingComment.map { endOfLineCommentGap + commentText($0) } ?? ""
        let head = statementHead(s.kind)
        guard let b = statementBlock(s.kind) else {
            writer.line(head + trailing)
            return
        }
        let open = b.openComment.map { endOfLineCommentGap + commentText($0) } ?? ""
        writer.open(head + " {" + open)
        for inner in b.statements { statement(inner, blankBefore: false) }
        comments(b.closingComments)
        writer.close("}" + trailing)
    }
}

/// A comment as written, without trailing spaces, tabs and lone CRs (white space to the
/// lexer; a CR kept before the layout's line end would join it).
func commentText(_ c: Comment) -> String {
    trimmingTrailingBlanks(c.text)
}

func trimmingTrailingBlanks(_ s: String) -> String {
    var scalars = Substring(s).unicodeScalars
    while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
    return String(scalars)
}
