// The canonical layout of a file's declaration items (`behaviour NAME { ... }`, `import
// "PATH"`: spec §9, grammar.md §8), from their tokens: the same rules as the scenarios'
// blocks. Two spaces of indent a level; `{` ends its line and `}` stands on its own line
// (`} else if C {`, `} else {` join it), except a body written on one line with no `;`
// (`on tap bar { reveal }`, `if c { show }`), which stays on one line; `;` splits lines;
// one space around binary and comparison operators and `=`, none after unary minus,
// `, ` in lists, nothing inside `(...)` and `[...]`, none between a function's name and
// its `(`; comments where they stand (end-of-line ones two spaces after the code); a run
// of blank lines becomes one, none after `{` or before `}`, and one after each top-level
// block. The tokens are never changed (FormatVerification re-reads the result).

/// The canonical layout of `bytes` (the declaration prefix of a file that parsed), ending
/// with one newline; empty if it holds no token.
func formatDeclarations(_ bytes: [UInt8], file: String) -> String {
    var lexer = Lexer(bytes: bytes, file: file)
    var tokens: [Token] = []
    while true {
        let t = lexer.next()
        if t.kind == .eof { break }
        tokens.append(t)
    }
    var layout = DeclarationLayout(tokens: tokens)
    layout.run()
    return layout.writer.text
}

private struct DeclarationLayout {
    let tokens: [Token]
    var writer = LineWriter()
    /// The tokens of the line being assembled.
    var line: [Token] = []
    /// Line ends since the last line written (two or more: a blank line before the next).
    var newlines = 0
    /// Brace depth at the start of the line being assembled.
    var depth = 0
    /// The last line closed a top-level block: a blank line before the next.
    var afterTopBlock = false
    /// The last line written was an own-line comment.
    var lastWasComment = false

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// The token being read.
    var i = 0

    mutating func run() {
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .newline:
                flush(comment: nil)
                newlines += 1
            case .semicolon:
                flush(comment: nil)
            case .comment:
                flush(comment: t)
            case .lbrace:
                if let close = oneLineClose(i) {
                    line += tokens[i...close]
                    i = close
                } else {
                    line.append(t)
                    flush(comment: commentAfter(i))
                    if i + 1 < tokens.count, tokens[i + 1].kind == .comment { i += 1 }
                }
            case .rbrace:
                flush(comment: nil)
                line.append(t)
            default:
                line.append(t)
            }
            i += 1
        }
        flush(comment: nil)
    }

    private func startsBehaviour(_ t: Token?) -> Bool {
        t?.kind == .word && t?.text == DeclarationWords.behaviour
    }

    /// The first token after the current one that is no comment or line end.
    private func nextCode() -> Token? {
        var k = i + 1
        while k < tokens.count, tokens[k].kind == .comment || tokens[k].kind == .newline { k += 1 }
        return k < tokens.count ? tokens[k] : nil
    }

    /// The comment right after token `i` on its line, if any.
    private func commentAfter(_ i: Int) -> Token? {
        i + 1 < tokens.count && tokens[i + 1].kind == .comment ? tokens[i + 1] : nil
    }

    /// The index of the `}` matching the `{` at `open` when the body between them is on one
    /// line and holds no `;` (nor a comment, which ends the line); else nil.
    private func oneLineClose(_ open: Int) -> Int? {
        var level = 0
        var k = open
        while k < tokens.count {
            switch tokens[k].kind {
            case .newline, .semicolon, .comment: return nil
            case .lbrace: level += 1
            case .rbrace:
                level -= 1
                if level == 0 { return k }
            default: break
            }
            k += 1
        }
        return nil
    }

    /// Writes the line assembled (with `comment` at its end, or alone on its line).
    private mutating func flush(comment: Token?) {
        if line.isEmpty && comment == nil { return }
        let code = lineText(line)
        let note = comment.map { trimmingTrailingBlanks($0.text) }
        let text = code.isEmpty ? note ?? "" : code + (note.map { endOfLineCommentGap + $0 } ?? "")
        let closes = line.first?.kind == .rbrace
        let opens = line.last?.kind == .lbrace
        let depthBefore = depth
        if newlines >= 2 { writer.blankLine() }
        // A top-level block is set off by one blank line on each side (its comments go with it).
        if depthBefore == 0 && !closes {
            if afterTopBlock { writer.blankLine() }
            if !lastWasComment && (startsBehaviour(line.first) || line.isEmpty && startsBehaviour(nextCode())) {
                writer.blankLine()
            }
        }
        if closes { depth -= 1 }
        if opens { depth += 1 }
        if closes && opens {
            writer.closeAndOpen(text)
        } else if closes {
            writer.close(text)
        } else if opens {
            writer.open(text)
        } else {
            writer.line(text)
        }
        afterTopBlock = closes && !opens && depth == 0
        lastWasComment = line.isEmpty
        line = []
        newlines = 0
    }

    /// One line's tokens with the canonical spaces between them.
    private func lineText(_ ts: [Token]) -> String {
        var out = ""
        var brackets: [TokenKind] = []
        var prev: Token?
        var prevUnary = false
        for t in ts {
            let unary = t.kind == .minus && !(prev.map(endsOperand) ?? false)
            if let p = prev, space(p, t, prevUnary: prevUnary, inBrackets: brackets.last == .lbracket) { out += " " }
            out += Self.text(t)
            switch t.kind {
            case .lparen, .lbracket: brackets.append(t.kind)
            case .rparen, .rbracket: if !brackets.isEmpty { brackets.removeLast() }
            default: break
            }
            prev = t
            prevUnary = unary
        }
        return out
    }

    /// Words after which a value starts (so a `-` after them is unary, and a `(` after them
    /// is a parenthesis, not a call).
    private static let keywords: Set<String> = ["not", "and", "or", "within", "if", "else", "to", "over", "range", "when",
                                                "alpha", "then", "animate", "scroll", "let", "param", "var", "value", "view",
                                                "action", "on", "states", "behaviour", "import"]

    /// A token after which a `-` subtracts.
    private func endsOperand(_ t: Token) -> Bool {
        switch t.kind {
        case .number, .string, .rparen, .rbracket, .question: return true
        case .word: return !Self.keywords.contains(t.text)
        default: return false
        }
    }

    private func space(_ p: Token, _ t: Token, prevUnary: Bool, inBrackets: Bool) -> Bool {
        switch t.kind {
        case .comma, .rparen, .rbracket, .dot: return false
        default: break
        }
        switch p.kind {
        case .lparen, .lbracket, .dot: return false
        case .comma: return !inBrackets
        case .minus where prevUnary: return false
        default: break
        }
        if t.kind == .lparen, p.kind == .word, !Self.keywords.contains(p.text) {
            // A call: glued as written, or a built-in function's name (the parser reads
            // both as a call); a name and a parenthesis apart stay apart.
            let glued = t.at.offset == p.at.offset + p.at.length
            return !(glued || BuiltinFunction(name: p.text) != nil)
        }
        if t.kind == .lbracket, p.kind == .word { return t.at.offset != p.at.offset + p.at.length }
        return true
    }

    private static func text(_ t: Token) -> String {
        switch t.kind {
        case .word: return t.text
        case .number: return t.raw
        case .string: return canonicalStringRaw(t.raw)
        case .comment: return trimmingTrailingBlanks(t.text)
        case .newline, .semicolon, .error, .eof: return ""
        default: return Token.spelling(t.kind)   // punctuation and operators, as the lexer's table spells them
        }
    }
}
