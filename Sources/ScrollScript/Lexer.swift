// The lexer: UTF-8 bytes in, tokens out (spec §1). Never fails: problems become
// diagnostics plus `.error` tokens, so the parser can go on.

/// Language limits (spec §1).
public enum SourceLimits {
    public static let maxNesting = 256
    public static let maxLineLength = 10_000
    public static let maxFileBytes = 64 * 1024 * 1024
}

public struct Lexer {
    private let bytes: [UInt8]
    private let file: String
    private var pos = 0
    private var line = 1
    private var col = 1
    private var tokens: [Token] = []
    /// Errors found while lexing, in source order.
    public private(set) var diagnostics: [Diagnostic] = []

    public init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Tokenizes the whole input; the last token is `.eof`. Comments and newlines are tokens.
    public mutating func tokenize() -> [Token] {
        if bytes.count > SourceLimits.maxFileBytes {
            diagnostics.append(Diagnostic(loc(0, 0), "file is larger than 64 MiB"))
            tokens.append(Token(kind: .eof, location: loc(0, 0)))
            return tokens
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { pos = 3 }
        tokens.reserveCapacity(bytes.count / 4)
        while pos < bytes.count { lexOne() }
        checkLineLength()
        tokens.append(Token(kind: .eof, location: loc(pos, 0)))
        return tokens
    }

    private func loc(_ start: Int, _ length: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: col, offset: start, length: length)
    }

    private func loc(_ start: Int, line: Int, col: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: col, offset: start, length: pos - start)
    }

    private mutating func error(_ l: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(l, message))
    }

    private func peekByte(_ k: Int = 0) -> UInt8 {
        pos + k < bytes.count ? bytes[pos + k] : 0
    }

    private func text(_ a: Int, _ b: Int) -> String {
        String(decoding: bytes[a..<b], as: UTF8.self)
    }

    private mutating func checkLineLength() {
        if col - 1 > SourceLimits.maxLineLength {
            error(SourceLocation(file: file, line: line, column: SourceLimits.maxLineLength + 1, offset: pos, length: 0),
                  "line is longer than \(SourceLimits.maxLineLength) characters")
        }
    }

    private mutating func newline(_ width: Int) {
        tokens.append(Token(kind: .newline, location: loc(pos, width)))
        checkLineLength()
        pos += width
        line += 1
        col = 1
    }

    private mutating func simple(_ kind: TokenKind, _ width: Int) {
        tokens.append(Token(kind: kind, location: loc(pos, width)))
        pos += width
        col += width
    }

    /// Skips one scalar (or one invalid byte, reported) inside a comment or string.
    /// Returns false on invalid UTF-8.
    private mutating func skipScalar() -> Bool {
        if let (_, n) = decodeUTF8(bytes, pos) {
            pos += n
            col += 1
            return true
        }
        error(loc(pos, 1), "invalid UTF-8 byte 0x\(String(bytes[pos], radix: 16, uppercase: true))")
        pos += 1
        col += 1
        return false
    }

    private mutating func lexOne() {
        let b = bytes[pos]
        switch b {
        case 0x20, 0x09: pos += 1; col += 1
        case 0x0A: newline(1)
        case 0x0D:
            if peekByte(1) == 0x0A { newline(2) } else { pos += 1; col += 1 }
        case UInt8(ascii: "#"): lexComment()
        case UInt8(ascii: ";"): simple(.semicolon, 1)
        case UInt8(ascii: "{"): simple(.lbrace, 1)
        case UInt8(ascii: "}"): simple(.rbrace, 1)
        case UInt8(ascii: "["): simple(.lbracket, 1)
        case UInt8(ascii: "]"): simple(.rbracket, 1)
        case UInt8(ascii: "("): simple(.lparen, 1)
        case UInt8(ascii: ")"): simple(.rparen, 1)
        case UInt8(ascii: ","): simple(.comma, 1)
        case UInt8(ascii: "."): simple(.dot, 1)
        case UInt8(ascii: "+"): simple(.plus, 1)
        case UInt8(ascii: "-"): simple(.minus, 1)
        case UInt8(ascii: "*"): simple(.star, 1)
        case UInt8(ascii: "/"): simple(.slash, 1)
        case UInt8(ascii: "<"): peekByte(1) == UInt8(ascii: "=") ? simple(.le, 2) : simple(.lt, 1)
        case UInt8(ascii: ">"): peekByte(1) == UInt8(ascii: "=") ? simple(.ge, 2) : simple(.gt, 1)
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "~"):
            if peekByte(1) == UInt8(ascii: "=") {
                simple(b == UInt8(ascii: "=") ? .eq : b == UInt8(ascii: "!") ? .ne : .approx, 2)
            } else {
                let hint = b == UInt8(ascii: "=") ? " (did you mean '=='?)" : b == UInt8(ascii: "~") ? " (did you mean '~='?)" : " (did you mean 'not' or '!='?)"
                error(loc(pos, 1), "unexpected '\(Character(Unicode.Scalar(b)))'" + hint)
                simple(.error, 1)
            }
        case UInt8(ascii: "\""): lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"): lexNumber()
        default:
            if isWordStart(b) {
                lexWord()
            } else if b >= 0x80 {
                // Non-ASCII: a word if it decodes, else an invalid byte.
                if decodeUTF8(bytes, pos) != nil { lexWord() } else {
                    let l = loc(pos, 1)
                    _ = skipScalar()
                    tokens.append(Token(kind: .error, location: l))
                }
            } else {
                let shown = b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
                error(loc(pos, 1), "unexpected character \(shown)")
                simple(.error, 1)
            }
        }
    }

    private func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        isWordStart(b) || (b >= 0x30 && b <= 0x39)
    }

    private mutating func lexComment() {
        let start = pos, startCol = col
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x0A || (b == 0x0D && peekByte(1) == 0x0A) { break }
            if b < 0x80 { pos += 1; col += 1 } else { _ = skipScalar() }
        }
        tokens.append(Token(kind: .comment, text: text(start, pos), location: loc(start, line: line, col: startCol)))
    }

    private mutating func lexWord() {
        let start = pos, startCol = col
        while pos < bytes.count {
            let b = bytes[pos]
            if b < 0x80 {
                if !isWordByte(b) { break }
                pos += 1; col += 1
            } else {
                guard let (v, n) = decodeUTF8(bytes, pos) else { break }
                // Non-ASCII spaces end a word.
                if v == 0x3000 || v == 0xA0 { break }
                pos += n; col += 1
            }
        }
        tokens.append(Token(kind: .word, text: text(start, pos), location: loc(start, line: line, col: startCol)))
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func lexNumber() {
        let start = pos, startCol = col
        while isDigit(peekByte()) { pos += 1 }
        if peekByte() == UInt8(ascii: "."), isDigit(peekByte(1)) {
            pos += 1
            while isDigit(peekByte()) { pos += 1 }
        }
        let e = peekByte()
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            let s = peekByte(1)
            if isDigit(s) || ((s == UInt8(ascii: "+") || s == UInt8(ascii: "-")) && isDigit(peekByte(2))) {
                pos += isDigit(s) ? 1 : 2
                while isDigit(peekByte()) { pos += 1 }
            }
        }
        let digitsEnd = pos
        col += digitsEnd - start
        // The unit: ASCII letters glued to the digits.
        var unitEnd = pos
        while unitEnd < bytes.count, isWordStart(bytes[unitEnd]), bytes[unitEnd] != 0x5F { unitEnd += 1 }
        let digits = text(start, digitsEnd)
        var value = Double(digits) ?? 0
        var unit = NumberUnit.none
        let suffix = text(digitsEnd, unitEnd)
        if suffix == "x" {
            // `375x667`: the number, then the word `x` (the next number lexes on its own).
            tokens.append(Token(kind: .number, text: digits, raw: digits, number: value, location: loc(start, line: line, col: startCol)))
            reportOverflow(value, digits, start, startCol)
            tokens.append(Token(kind: .word, text: "x", location: loc(pos, 1)))
            pos += 1; col += 1
            return
        }
        if !suffix.isEmpty {
            if let u = NumberUnit(rawValue: suffix), u != .none {
                unit = u
                if u == .ms { value /= 1000 }
            } else {
                error(loc(digitsEnd, unitEnd - digitsEnd), "unknown unit '\(suffix)' (units are s, ms and pt)")
            }
            col += unitEnd - digitsEnd
            pos = unitEnd
        }
        let raw = text(start, pos)
        tokens.append(Token(kind: .number, text: digits, raw: raw, number: value, unit: unit, location: loc(start, line: line, col: startCol)))
        reportOverflow(value, digits, start, startCol)
    }

    private mutating func reportOverflow(_ value: Double, _ digits: String, _ start: Int, _ startCol: Int) {
        if !value.isFinite {
            error(SourceLocation(file: file, line: line, column: startCol, offset: start, length: digits.utf8.count),
                  "number \(digits.count > 24 ? String(digits.prefix(20)) + "..." : digits) is too large")
        }
    }

    private mutating func lexString() {
        let start = pos, startLine = line, startCol = col
        pos += 1; col += 1
        var value = String.UnicodeScalarView()
        var ok = true
        while true {
            guard pos < bytes.count else {
                error(SourceLocation(file: file, line: startLine, column: startCol, offset: start, length: 1), "unterminated string")
                tokens.append(Token(kind: .error, location: SourceLocation(file: file, line: startLine, column: startCol, offset: start, length: pos - start)))
                return
            }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") { pos += 1; col += 1; break }
            if b == 0x0A {
                // Strings may span lines; the newline is part of the value.
                checkLineLength()
                value.append("\n")
                pos += 1; line += 1; col = 1
                continue
            }
            if b == 0x0D && peekByte(1) == 0x0A { continue_crlf(&value); continue }
            if b == UInt8(ascii: "\\") {
                if !lexEscape(&value) { ok = false }
                continue
            }
            if b < 0x80 {
                value.append(Unicode.Scalar(b))
                pos += 1; col += 1
            } else if let (v, n) = decodeUTF8(bytes, pos), let u = Unicode.Scalar(v) {
                value.append(u)
                pos += n; col += 1
            } else {
                _ = skipScalar()
                ok = false
            }
        }
        let l = SourceLocation(file: file, line: startLine, column: startCol, offset: start, length: pos - start)
        if ok {
            tokens.append(Token(kind: .string, text: String(value), raw: text(start, pos), location: l))
        } else {
            tokens.append(Token(kind: .error, location: l))
        }
    }

    private mutating func continue_crlf(_ value: inout String.UnicodeScalarView) {
        checkLineLength()
        value.append("\n")
        pos += 2; line += 1; col = 1
    }

    /// `\"` `\\` `\n` `\t` `\u{HEX}`. Returns false (after reporting) on a bad escape.
    private mutating func lexEscape(_ value: inout String.UnicodeScalarView) -> Bool {
        let escLoc = loc(pos, 2)
        let c = peekByte(1)
        switch c {
        case UInt8(ascii: "\""): value.append("\""); pos += 2; col += 2; return true
        case UInt8(ascii: "\\"): value.append("\\"); pos += 2; col += 2; return true
        case UInt8(ascii: "n"): value.append("\n"); pos += 2; col += 2; return true
        case UInt8(ascii: "t"): value.append("\t"); pos += 2; col += 2; return true
        case UInt8(ascii: "u"):
            pos += 2; col += 2
            guard peekByte() == UInt8(ascii: "{") else {
                error(escLoc, "expected '{' after \\u in string (write \\u{HEX})")
                return false
            }
            pos += 1; col += 1
            var v: UInt32 = 0
            var count = 0
            while let d = hexValue(peekByte()) {
                if count < 8 { v = v &* 16 &+ d }
                count += 1
                pos += 1; col += 1
            }
            guard peekByte() == UInt8(ascii: "}"), count >= 1, count <= 6, let u = Unicode.Scalar(v) else {
                error(escLoc, "invalid \\u{...} escape in string (1 to 6 hex digits naming a Unicode scalar)")
                return false
            }
            pos += 1; col += 1
            value.append(u)
            return true
        default:
            let shown = c >= 0x21 && c < 0x7F ? "\\\(Character(Unicode.Scalar(c)))" : "\\"
            error(escLoc, "unknown escape '\(shown)' in string (escapes are \\\" \\\\ \\n \\t \\u{...})")
            pos += 1; col += 1
            return false
        }
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
