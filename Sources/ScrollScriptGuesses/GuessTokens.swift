// The tokens a guess is read in: the lexer's tokens of one statement, with the symbols of
// other languages joined into one token each (`===`, `=>`, `+/-`, `//` and the rest of
// the line, text in single quotes), and written back as text for the parser.
import ScrollScriptSyntax

/// One token of a guess.
package struct GuessToken: Equatable {
    package enum Kind: Equatable {
        case word, number, string, symbol, comment
        /// A `{` and everything after it in the statement, as written.
        case block
    }

    package var kind: Kind
    /// A word, a symbol, a number's digits, a string's source text with its quotes.
    package var text: String
    /// A number's unit as written (`s`, `sec`, `px`; "" for none).
    package var unit = ""
    /// Where it starts in the guessed text (nil: put there by a rule), and its length there.
    package var offset: Int?
    package var length = 0
    /// No space between it and the token before it.
    package var glued = false
    /// The text as written when the tokenizer joined or rewrote it (`'A'` for `"A"`).
    package var original: String?

    package static func word(_ w: String) -> GuessToken { GuessToken(kind: .word, text: w) }
    package static func symbol(_ s: String) -> GuessToken { GuessToken(kind: .symbol, text: s) }
    package static func number(_ digits: String, _ unit: String = "") -> GuessToken { GuessToken(kind: .number, text: digits, unit: unit) }

    /// The token as the parser is to read it.
    package var written: String { kind == .number ? text + unit : text }

    package func isWord(_ w: String) -> Bool { kind == .word && text == w }
    package func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
    /// A word whose key (`guessKey`) is `k`.
    package func hasKey(_ k: String) -> Bool { kind == .word && guessKey(text) == k }
    /// The number's value (nil for other tokens).
    package var value: Double? { kind == .number ? Double(text) : nil }
}

package enum GuessTokens {
    /// The tokens of one statement's text (up to its first line end or `;` outside a block).
    /// `splitsComment`: a `/* ... */` with text after it ends at its `*/` (once: the rest is
    /// read without, so a line of many such comments is not read again for each).
    package static func tokens(_ bytes: [UInt8], splitsComment: Bool = true) -> [GuessToken] {
        var lexer = Lexer(bytes: bytes, file: "")
        let toks = lexer.tokenize()
        func source(_ a: Int, _ b: Int) -> String {
            String(decoding: bytes[max(0, a)..<min(bytes.count, max(a, b))], as: UTF8.self)
        }
        var out: [GuessToken] = []
        var lastEnd = -1
        var i = 0
        loop: while i < toks.count {
            let t = toks[i]
            let start = t.at.offset, end = t.at.offset + t.at.length
            var g: GuessToken
            switch t.kind {
            case .eof, .newline, .semicolon: break loop
            case .lbrace:
                g = GuessToken(kind: .block, text: trimmedEnd(source(start, bytes.count)))
                g.offset = start
                g.glued = start == lastEnd
                out.append(g)
                break loop
            case .comment: g = GuessToken(kind: .comment, text: t.text)
            case .word: g = GuessToken(kind: .word, text: t.text)
            case .number: g = GuessToken(kind: .number, text: t.text, unit: String(t.raw.dropFirst(t.text.count)))
            case .string: g = GuessToken(kind: .string, text: t.raw)
            case .error:
                let s = source(start, end)
                g = GuessToken(kind: s.hasPrefix("\"") ? .string : .symbol, text: s)
            default: g = GuessToken(kind: .symbol, text: Token.spelling(t.kind))
            }
            g.offset = start
            g.length = end - start
            g.glued = start == lastEnd
            lastEnd = end
            // Joined symbols: `//` and `/*` comments and `--` at the start take the rest.
            if let prev = out.last, g.glued, prev.kind == .symbol {
                let pair = prev.text + g.text
                if pair == "//" || pair == "/*" || (pair == "--" && out.count == 1) {
                    let from = prev.offset ?? start, eol = lineEnd(bytes, from: start)
                    // `/* block */ pull 10`: the comment ends at its `*/`; the rest is read on.
                    if pair == "/*", splitsComment, let close = closingMark(bytes, from: end, to: eol),
                       bytes[(close + 2)..<eol].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                        var c = GuessToken(kind: .comment, text: source(from, close + 2))
                        c.offset = from
                        c.length = 2
                        c.original = pair
                        out[out.count - 1] = c
                        for var r in tokens(Array(bytes[(close + 2)...]), splitsComment: false) {
                            r.offset = r.offset.map { $0 + close + 2 }
                            out.append(r)
                        }
                        break loop
                    }
                    var c = GuessToken(kind: .comment, text: trimmedEnd(source(from, eol)))
                    c.offset = prev.offset
                    c.length = 2
                    c.original = pair
                    out[out.count - 1] = c
                    break loop
                }
                if let joined = joinedSymbols[pair] {
                    out[out.count - 1].text = joined
                    out[out.count - 1].length += g.length
                    i += 1
                    continue
                }
            }
            // `isn't`, `doesn't`: an apostrophe inside a word.
            if g.isSymbol("'"), let prev = out.last, prev.kind == .word, g.glued, i + 1 < toks.count, toks[i + 1].kind == .word,
               toks[i + 1].at.offset == end {
                out[out.count - 1].text += "'" + toks[i + 1].text
                out[out.count - 1].length += 1 + toks[i + 1].at.length
                lastEnd = toks[i + 1].at.offset + toks[i + 1].at.length
                i += 2
                continue
            }
            // `.5s`: a number written without its 0.
            if g.kind == .number, let prev = out.last, prev.isSymbol("."), g.glued,
               out.count < 2 || !(out[out.count - 2].kind == .word || out[out.count - 2].kind == .number) || !prev.glued {
                var n = g
                n.text = "0." + g.text
                n.offset = prev.offset
                n.original = "." + g.written
                out[out.count - 1] = n
                lastEnd = end
                i += 1
                continue
            }
            // `0,5s`: a decimal comma (a unit after it: `tap 100,200` is two numbers).
            if g.kind == .number, out.count >= 2, out[out.count - 1].isSymbol(","), out[out.count - 1].glued, g.glued,
               out[out.count - 2].kind == .number, out[out.count - 2].unit.isEmpty, !g.text.contains("."), !g.unit.isEmpty {
                var n = out[out.count - 2]
                n.original = n.text + "," + g.written
                n.text += "." + g.text
                n.unit = g.unit
                out.removeLast(2)
                out.append(n)
                lastEnd = end
                i += 1
                continue
            }
            // `±0.5`, `×812`: a sign glued to a number lexes as one word.
            if g.kind == .word, let first = g.text.unicodeScalars.first, !first.isASCII, !first.properties.isAlphabetic,
               g.text.unicodeScalars.count > 1, g.text.unicodeScalars.dropFirst().allSatisfy({ $0.properties.numericType != nil && $0.isASCII }) {
                var sign = GuessToken.symbol(String(first))
                sign.offset = start
                sign.length = String(first).utf8.count
                sign.glued = g.glued
                var digits = String(String.UnicodeScalarView(g.text.unicodeScalars.dropFirst()))
                var numberEnd = end
                // and its decimals: `±0` `.` `5`
                if i + 2 < toks.count, toks[i + 1].kind == .dot, toks[i + 1].at.offset == end, toks[i + 2].kind == .number,
                   toks[i + 2].at.offset == end + 1 {
                    digits += "." + toks[i + 2].raw
                    numberEnd = toks[i + 2].at.offset + toks[i + 2].at.length
                    i += 2
                }
                var n = GuessToken.number(digits)
                if let u = digits.firstIndex(where: { $0.isLetter }) {
                    n.text = String(digits[..<u])
                    n.unit = String(digits[u...])
                }
                n.offset = start + sign.length
                n.length = numberEnd - n.offset!
                n.glued = true
                out += [sign, n]
                lastEnd = numberEnd
                i += 1
                continue
            }
            // Full-width letters, digits and signs (a Japanese input method): in ASCII.
            if g.kind == .word || g.kind == .symbol, g.text.unicodeScalars.contains(where: { $0.value >= 0xFF01 && $0.value <= 0xFF5E }) {
                let ascii = String(String.UnicodeScalarView(g.text.unicodeScalars.map { s in
                    s.value >= 0xFF01 && s.value <= 0xFF5E ? Unicode.Scalar(s.value - 0xFEE0) ?? s : s
                }))
                if ascii.unicodeScalars.allSatisfy(\.isASCII) {
                    var relexed = GuessTokens.tokens(Array(ascii.utf8))
                    for r in relexed.indices {
                        relexed[r].offset = start
                        relexed[r].length = g.length
                        relexed[r].glued = r == 0 ? g.glued : relexed[r].glued
                        relexed[r].original = g.text
                    }
                    out += relexed
                    lastEnd = end
                    i += 1
                    continue
                }
            }
            // Text in single quotes: `'Section 1'` → `"Section 1"`.
            if g.isSymbol("'") {
                var j = i + 1
                while j < toks.count, toks[j].kind != .newline, toks[j].kind != .eof,
                      !(toks[j].kind == .error && source(toks[j].at.offset, toks[j].at.offset + 1) == "'") {
                    j += 1
                }
                if j < toks.count, toks[j].kind == .error {
                    let inner = source(end, toks[j].at.offset)
                    var s = GuessToken(kind: .string, text: "\"" + inner.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
                    s.offset = start
                    s.length = toks[j].at.offset + 1 - start
                    s.glued = g.glued
                    s.original = "'" + inner + "'"
                    out.append(s)
                    lastEnd = toks[j].at.offset + 1
                    i = j + 1
                    continue
                }
            }
            out.append(g)
            i += 1
        }
        return out
    }

    /// Two symbols glued together that are one symbol of another language.
    private static let joinedSymbols: [String: String] = [
        "===": "===", "!==": "!==", "=>": "=>", "=<": "=<", "<>": "<>", ":=": ":=", "+-": "+-", "+/": "+/",
        "+/-": "+/-", "..": "..", "...": "...", "..<": "..<", "**": "**", "=~": "=~",
    ]

    /// Where the `*/` that closes a `/*` comment starts, between `from` and `to`.
    private static func closingMark(_ bytes: [UInt8], from: Int, to: Int) -> Int? {
        var k = from
        while k + 1 < to {
            if bytes[k] == 0x2A, bytes[k + 1] == 0x2F { return k }
            k += 1
        }
        return nil
    }

    /// Where the line holding `offset` ends.
    private static func lineEnd(_ bytes: [UInt8], from offset: Int) -> Int {
        var k = offset
        while k < bytes.count, bytes[k] != 0x0A, bytes[k] != 0x0D { k += 1 }
        return k
    }

    private static func trimmedEnd(_ s: String) -> String {
        var t = Substring(s)
        while let last = t.last, last == " " || last == "\t" || last == "\n" || last == "\r" { t.removeLast() }
        return String(t)
    }

    /// The tokens as one line of text for the parser (single spaces between them).
    package static func text(_ toks: [GuessToken]) -> String {
        toks.map(\.written).joined(separator: " ")
    }

    /// The tokens as a message quotes them, as they are written in ScrollScript: no space
    /// around `.` or inside brackets and parentheses (`refresh.state ==`, `row[0,1].y`).
    package static func quoted(_ toks: [GuessToken]) -> String {
        var out = ""
        var previous: GuessToken?
        var brackets = 0
        for t in toks {
            if let p = previous {
                let tight = t.isSymbol(".") || p.isSymbol(".") || t.isSymbol("[") || p.isSymbol("[") || t.isSymbol("]")
                    || t.isSymbol(",") || (p.isSymbol(",") && brackets > 0)
                    || p.isSymbol("(") || t.isSymbol(")") || (t.isSymbol("(") && p.kind == .word)
                if !tight { out += " " }
            }
            if t.isSymbol("[") { brackets += 1 }
            if t.isSymbol("]") { brackets -= 1 }
            out += t.written
            previous = t
        }
        return out
    }
}
