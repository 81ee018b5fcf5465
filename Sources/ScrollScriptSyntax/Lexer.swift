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
    /// Known words, shared (see WordTable).
    private let words = WordTable.shared
    /// A token lexed ahead (the `x` of `375x667`).
    private var pending: Token?
    /// The first CR not followed by LF (white space), if any.
    private var loneCarriageReturn: SourceLocation?
    /// Recently lexed number literals by their packed source bytes (see `lexNumber`).
    private var numberCache: [CachedNumber] = []
    private var started = false
    private var finished = false
    /// Errors found while lexing, in source order.
    /// What the lexer found wrong, each with its data (rendered by `LexProblem.message`).
    public private(set) var problems: [(location: SourceLocation, problem: LexProblem)] = []
    /// `problems` as diagnostics (the rendered messages).
    public var diagnostics: [Diagnostic] { problems.map { Diagnostic($0.location, .lex($0.problem)) } }
    /// Comments that are another framework's assertion (`#expect(...)`, `#assert`; spec §5),
    /// in source order (at most `DiagnosticLimits.maxPerFile`): the checker warns of each.
    public private(set) var assertionComments: [AssertionComment] = []

    /// Where a file that ends its lines with CR alone (classic Mac OS) has its first: it
    /// has a lone CR and, lexed so far, no line end (LF or CRLF) at all.
    package var carriageReturnLineEnds: SourceLocation? { line == 1 ? loneCarriageReturn : nil }

    public init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// A lexer whose input is line `firstLine` of what `file` names, its first line
    /// starting at column `firstColumn` (the REPL numbers the lines of its session, so an
    /// entry typed on line 4 reports `<repl>:4:COL`; it parses a typed expression as
    /// `print EXPR` with the first column at -5, so that its columns are those of the text
    /// typed).
    package init(bytes: [UInt8], file: String, firstLine: Int = 1, firstColumn: Int = 1) {
        self.init(bytes: bytes, file: file)
        line = firstLine
        col = firstColumn
    }

    /// Tokenizes the whole input; the last token is `.eof`. Comments and newlines are tokens.
    public mutating func tokenize() -> [Token] {
        var all: [Token] = []
        while true {
            let t = next()
            all.append(t)
            if t.kind == .eof { return all }
        }
    }

    /// Stops lexing: every later `next()` is `.eof` at the end of the input (the parser's
    /// "too many errors"). The rest of the input is not examined.
    public mutating func skipToEnd() {
        pending = nil
        started = true
        finished = true
        while pos < bytes.count {
            // Count the lines left, so the end's location is right: one pass over bytes.
            let b = bytes[pos]
            if b == 0x0A {
                line += 1; col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1  // not a UTF-8 continuation byte: a new scalar
            }
            pos += 1
        }
    }

    /// The next token (streaming: the parser never holds the whole token list). After the
    /// end, `.eof` again and again.
    public mutating func next() -> Token {
        if let t = pending {
            pending = nil
            return t
        }
        if !started {
            started = true
            if bytes.count > SourceLimits.maxFileBytes {
                problems.append((loc(0, 0), .fileTooLarge))
                finished = true
                pos = bytes.count
            } else if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { pos = 3 }
        }
        while pos < bytes.count {
            // Spaces, tabs and a CR not before LF separate tokens.
            let b = bytes[pos]
            if b == 0x20 || b == 0x09 || (b == 0x0D && peekByte(1) != 0x0A) {
                if b == 0x0D && loneCarriageReturn == nil { loneCarriageReturn = loc(pos, 1) }
                pos += 1; col += 1
                continue
            }
            // The non-ASCII spaces that end a word (U+3000 E3 80 80, U+00A0 C2 A0) separate
            // tokens like a space (lexing them as a word would give an empty word that never
            // advances).
            if b == 0xE3 && peekByte(1) == 0x80 && peekByte(2) == 0x80 {
                pos += 3; col += 1
                continue
            }
            if b == 0xC2 && peekByte(1) == 0xA0 {
                pos += 2; col += 1
                continue
            }
            return lexOne(b)
        }
        if !finished {
            checkLineLength()
            finished = true
        }
        return Token(kind: .eof, at: tp(pos, 0))
    }

    // The small non-mutating helpers below are inlined: called from the lexer's (and the
    // parser's) mutating methods, an outlined one is handed a copy of the whole lexer.
    @inline(__always)
    private func tp(_ start: Int, _ length: Int) -> TokenPos {
        TokenPos(line: line, column: col, offset: start, length: length)
    }

    @inline(__always)
    private func tp(_ start: Int, line: Int, col: Int) -> TokenPos {
        TokenPos(line: line, column: col, offset: start, length: pos - start)
    }

    @inline(__always)
    private func loc(_ start: Int, _ length: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: col, offset: start, length: length)
    }

    @inline(__always)
    private func loc(_ start: Int, line: Int, col: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: col, offset: start, length: pos - start)
    }

    private mutating func error(_ l: SourceLocation, _ problem: LexProblem) {
        // Bounded: the parser stops at DiagnosticLimits.maxPerFile errors and says so.
        if problems.count < DiagnosticLimits.maxPerFile { problems.append((l, problem)) }
    }

    @inline(__always)
    private func peekByte(_ k: Int = 0) -> UInt8 {
        pos + k < bytes.count ? bytes[pos + k] : 0
    }

    private func text(_ a: Int, _ b: Int) -> String {
        String(decoding: bytes[a..<b], as: UTF8.self)
    }

    /// The source text of bytes `a..<b` (offsets of tokens already lexed), as one stored
    /// String when it is a known word or dotted name. For the parser's dotted names.
    @inline(__always)
    package func sourceText(_ a: Int, _ b: Int) -> String {
        guard a >= 0, a < b, b <= bytes.count else { return "" }
        if b - a <= 16, let (lo, hi) = packBytes(a, b), let (w, _) = words.lookup(lo, hi) { return w }
        return text(a, b)
    }

    /// The source byte at `offset`, or nil past the end.
    package func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The source bytes `a..<b` (a statement a guess reads again).
    package func sourceBytes(_ a: Int, _ b: Int) -> [UInt8] {
        guard a >= 0, a < b, b <= bytes.count else { return [] }
        return Array(bytes[a..<b])
    }

    /// Forgets the problems found in bytes `a..<b` (a guess that says it better replaces them).
    package mutating func removeProblems(in range: Range<Int>) {
        problems.removeAll { range.contains($0.location.offset) }
    }

    private mutating func checkLineLength() {
        if col - 1 > SourceLimits.maxLineLength {
            error(SourceLocation(file: file, line: line, column: SourceLimits.maxLineLength + 1, offset: pos, length: 0),
                  .lineTooLong)
        }
    }

    private mutating func newline(_ width: Int) -> Token {
        let t = Token(kind: .newline, at: tp(pos, width))
        checkLineLength()
        pos += width
        line += 1
        col = 1
        return t
    }

    private mutating func simple(_ kind: TokenKind, _ width: Int) -> Token {
        let t = Token(kind: kind, at: tp(pos, width))
        pos += width
        col += width
        return t
    }

    /// Skips one scalar (or one invalid byte, reported) inside a comment or string.
    /// Returns false on invalid UTF-8.
    private mutating func skipScalar() -> Bool {
        if let (_, n) = decodeUTF8(bytes, pos) {
            pos += n
            col += 1
            return true
        }
        error(loc(pos, 1), .invalidUTF8(bytes[pos]))
        pos += 1
        col += 1
        return false
    }

    /// The token starting with byte `b` at `pos` (white space was skipped by `next`).
    private mutating func lexOne(_ b: UInt8) -> Token {
        switch b {
        case 0x0A: return newline(1)
        case 0x0D: return newline(2)  // CR LF (a lone CR is white space, skipped in next())
        case UInt8(ascii: "#"): return lexComment()
        case UInt8(ascii: ";"): return simple(.semicolon, 1)
        case UInt8(ascii: "{"): return simple(.lbrace, 1)
        case UInt8(ascii: "}"): return simple(.rbrace, 1)
        case UInt8(ascii: "["): return simple(.lbracket, 1)
        case UInt8(ascii: "]"): return simple(.rbracket, 1)
        case UInt8(ascii: "("): return simple(.lparen, 1)
        case UInt8(ascii: ")"): return simple(.rparen, 1)
        case UInt8(ascii: ","): return simple(.comma, 1)
        case UInt8(ascii: "."): return simple(.dot, 1)
        case UInt8(ascii: "+"): return simple(.plus, 1)
        case UInt8(ascii: "-"): return simple(.minus, 1)
        case UInt8(ascii: "*"): return simple(.star, 1)
        case UInt8(ascii: "/"): return simple(.slash, 1)
        case UInt8(ascii: "%"): return simple(.percent, 1)
        case UInt8(ascii: "?"): return simple(.question, 1)
        case UInt8(ascii: "&"), UInt8(ascii: "|"):
            // `&&` / `||` (or one of them alone): the words are `and` / `or`.
            let word = b == UInt8(ascii: "&") ? "and" : "or"
            let width = peekByte(1) == b ? 2 : 1
            let written = String(repeating: Character(Unicode.Scalar(b)), count: width)
            error(loc(pos, width), .symbolForWord(written: written, word: word))
            return simple(.error, width)
        case UInt8(ascii: "<"): return peekByte(1) == UInt8(ascii: "=") ? simple(.le, 2) : simple(.lt, 1)
        case UInt8(ascii: ">"): return peekByte(1) == UInt8(ascii: "=") ? simple(.ge, 2) : simple(.gt, 1)
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "~"):
            if peekByte(1) == UInt8(ascii: "=") {
                return simple(b == UInt8(ascii: "=") ? .eq : b == UInt8(ascii: "!") ? .ne : .approx, 2)
            } else if b == UInt8(ascii: "=") {
                // `let o = offset`; anywhere else the parser says what to write.
                return simple(.assign, 1)
            } else {
                error(loc(pos, 1), .loneOperator(b))
                return simple(.error, 1)
            }
        case UInt8(ascii: "\""): return lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return lexNumber()
        default:
            if isWordStart(b) {
                return lexWord()
            } else if b >= 0x80 {
                // Non-ASCII: a word if it decodes, else an invalid byte.
                if decodeUTF8(bytes, pos) != nil { return lexWord() }
                let l = tp(pos, 1)
                _ = skipScalar()
                return Token(kind: .error, at: l)
            } else {
                error(loc(pos, 1), .unexpectedByte(b))
                return simple(.error, 1)
            }
        }
    }

    @inline(__always)
    private static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    @inline(__always)
    private static func isWordByte(_ b: UInt8) -> Bool {
        isWordStart(b) || (b >= 0x30 && b <= 0x39)
    }

    private func isWordStart(_ b: UInt8) -> Bool { Lexer.isWordStart(b) }

    private mutating func lexComment() -> Token {
        let start = pos, startCol = col
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x0A || (b == 0x0D && peekByte(1) == 0x0A) { break }
            if b < 0x80 { pos += 1; col += 1 } else { _ = skipScalar() }
        }
        let comment = text(start, pos)
        // `#expect(...)`, `#require(...)`, `#assert`: a letter glued to the `#` is rare
        // enough that only then is the text looked at.
        if start + 1 < pos, assertionComments.count < DiagnosticLimits.maxPerFile {
            let c = bytes[start + 1]
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "r") || c == UInt8(ascii: "a"),
               let a = assertionComment(comment[...], at: loc(start, line: line, col: startCol)) {
                assertionComments.append(a)
            }
        }
        return (Token(kind: .comment, text: comment, at: tp(start, line: line, col: startCol)))
    }

    private mutating func lexWord() -> Token {
        let start = pos, startCol = col
        let scan = bytes.withUnsafeBufferPointer { Lexer.scanWord($0, from: start) }
        pos = scan.end
        col += scan.scalars
        let at = tp(start, line: line, col: startCol)
        if scan.ascii && pos - start <= 16, let (w, g) = words.lookup(scan.lo, scan.hi) {
            return Token(word: w, g, at: at)
        }
        return Token(kind: .word, text: text(start, pos), at: at)
    }

    /// What `scanWord` found: where the word ends, its scalar count, and (for an ASCII
    /// word) its first 16 bytes packed into two integers, to find it in the word table.
    private struct WordScan {
        var end: Int
        var scalars: Int
        var lo: UInt64
        var hi: UInt64
        var ascii: Bool
    }

    /// Scans a word starting at `start` (a word start byte or a decodable scalar).
    @inline(__always)
    private static func scanWord(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> WordScan {
        var i = start
        var scalars = 0
        var lo: UInt64 = 0, hi: UInt64 = 0
        var ascii = true
        while i < buf.count {
            let b = buf[i]
            if b < 0x80 {
                guard isWordByte(b) else { break }
                let k = i - start
                if k < 8 {
                    lo |= UInt64(b) << (8 * UInt64(k))
                } else if k < 16 {
                    hi |= UInt64(b) << (8 * UInt64(k - 8))
                }
                i += 1
            } else {
                guard let (v, n) = decodeUTF8(buf, i) else { break }
                // Non-ASCII spaces end a word.
                if v == 0x3000 || v == 0xA0 { break }
                ascii = false
                i += n
            }
            scalars += 1
        }
        return WordScan(end: i, scalars: scalars, lo: lo, hi: hi, ascii: ascii)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func lexNumber() -> Token {
        let start = pos, startCol = col
        var whole: Double = 0
        var simpleDigits = 0
        while isDigit(peekByte()) {
            whole = whole * 10 + Double(bytes[pos] - 0x30)
            simpleDigits += 1
            pos += 1
        }
        var isPlain = simpleDigits <= 15
        if peekByte() == UInt8(ascii: "."), isDigit(peekByte(1)) {
            isPlain = false
            pos += 1
            while isDigit(peekByte()) { pos += 1 }
        }
        let e = peekByte()
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            let s = peekByte(1)
            if isDigit(s) || ((s == UInt8(ascii: "+") || s == UInt8(ascii: "-")) && isDigit(peekByte(2))) {
                isPlain = false
                pos += isDigit(s) ? 1 : 2
                while isDigit(peekByte()) { pos += 1 }
            }
        }
        let digitsEnd = pos
        col += digitsEnd - start
        // The unit: ASCII letters glued to the digits.
        var unitEnd = pos
        while unitEnd < bytes.count, isWordStart(bytes[unitEnd]), bytes[unitEnd] != 0x5F { unitEnd += 1 }
        // A literal written before (`0.5`, `250ms`) reuses its strings and value.
        let cacheKey = unitEnd - start <= 16 ? packBytes(start, unitEnd) : nil
        if let (lo, hi) = cacheKey, !numberCache.isEmpty {
            let slot = WordTable.hash(lo, hi) & (numberCache.count - 1)
            if numberCache[slot].lo == lo && numberCache[slot].hi == hi {
                let c = numberCache[slot]
                col += unitEnd - pos
                pos = unitEnd
                return Token(kind: .number, text: c.digits, raw: c.raw, number: c.value, unit: c.unit,
                             at: tp(start, line: line, col: startCol))
            }
        }
        let digits = text(start, digitsEnd)
        // Whole numbers of up to 15 digits are exact as computed; others go through Double().
        var value = isPlain ? whole : (Double(digits) ?? 0)
        let suffixLength = unitEnd - digitsEnd
        if suffixLength == 1 && bytes[digitsEnd] == UInt8(ascii: "x") {
            // `375x667`: the number, then the word `x` (the next number lexes on its own).
            let t = Token(kind: .number, text: digits, raw: digits, number: value, at: tp(start, line: line, col: startCol))
            reportOverflow(value, digits, start, startCol)
            pending = Token(word: "x", .x, at: tp(pos, 1))
            pos += 1; col += 1
            return t
        }
        var unit = NumberUnit.none
        if suffixLength > 0 {
            let b0 = bytes[digitsEnd]
            if suffixLength == 1 && b0 == UInt8(ascii: "s") {
                unit = .s
            } else if suffixLength == 2 && b0 == UInt8(ascii: "m") && bytes[digitsEnd + 1] == UInt8(ascii: "s") {
                unit = .ms
                value /= 1000
            } else if suffixLength == 2 && b0 == UInt8(ascii: "p") && bytes[digitsEnd + 1] == UInt8(ascii: "t") {
                unit = .pt
            } else {
                error(loc(digitsEnd, suffixLength), .unknownUnit(text(digitsEnd, unitEnd)))
            }
            col += suffixLength
            pos = unitEnd
        }
        let raw = suffixLength == 0 ? digits : text(start, pos)
        let t = Token(kind: .number, text: digits, raw: raw, number: value, unit: unit, at: tp(start, line: line, col: startCol))
        reportOverflow(value, digits, start, startCol)
        // Only literals that lexed without a diagnostic are remembered.
        if let (lo, hi) = cacheKey, value.isFinite, suffixLength == 0 || unit != .none {
            if numberCache.isEmpty {
                numberCache = Array(filled: CachedNumber(), count: 256)
            }
            let slot = WordTable.hash(lo, hi) & (numberCache.count - 1)
            numberCache[slot] = CachedNumber(lo: lo, hi: hi, digits: digits, raw: raw, value: value, unit: unit)
        }
        return t
    }

    /// Bytes `a..<b` (at most 16, b > a) packed into two integers; nil unless all ASCII.
    @inline(__always)
    private func packBytes(_ a: Int, _ b: Int) -> (UInt64, UInt64)? {
        guard a >= 0, a <= b, b <= bytes.count, b - a <= 16 else { return nil }
        return bytes.withUnsafeBufferPointer { buf -> (UInt64, UInt64)? in
            var lo: UInt64 = 0, hi: UInt64 = 0
            var k = 0
            while k < b - a {
                let v = buf[a + k]
                if v >= 0x80 { return nil }
                if k < 8 { lo |= UInt64(v) << (8 * UInt64(k)) } else { hi |= UInt64(v) << (8 * UInt64(k - 8)) }
                k += 1
            }
            return (lo, hi)
        }
    }

    private mutating func reportOverflow(_ value: Double, _ digits: String, _ start: Int, _ startCol: Int) {
        if !value.isFinite {
            error(SourceLocation(file: file, line: line, column: startCol, offset: start, length: digits.utf8.count),
                  .numberTooLarge(digits))
        }
    }

    private mutating func lexString() -> Token {
        if let t = lexPlainString() { return t }
        let start = pos, startLine = line, startCol = col
        pos += 1; col += 1
        var value = String.UnicodeScalarView()
        var ok = true
        while true {
            guard pos < bytes.count else {
                error(SourceLocation(file: file, line: startLine, column: startCol, offset: start, length: 1), .unterminatedString)
                return Token(kind: .error, at: TokenPos(line: startLine, column: startCol, offset: start, length: pos - start))
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
            return Token(kind: .string, text: String(value), raw: text(start, pos), at: TokenPos(l))
        }
        return Token(kind: .error, at: TokenPos(l))
    }

    /// A string on one line without escapes and with valid UTF-8 (the common case): its
    /// value is the bytes between the quotes. Nil (nothing consumed) for any other string.
    private mutating func lexPlainString() -> Token? {
        var i = pos + 1
        var scalars = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let start = pos, startCol = col
                pos = i + 1
                col += scalars + 2
                return Token(kind: .string, text: text(start + 1, i), raw: text(start, pos),
                             at: TokenPos(line: line, column: startCol, offset: start, length: pos - start))
            }
            if b == UInt8(ascii: "\\") || b == 0x0A || b == 0x0D { return nil }
            if b < 0x80 {
                i += 1
            } else {
                guard let (_, n) = decodeUTF8(bytes, i) else { return nil }
                i += n
            }
            scalars += 1
        }
        return nil
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
                error(escLoc, .escapeWithoutBrace)
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
                error(escLoc, .invalidUnicodeEscape)
                return false
            }
            pos += 1; col += 1
            value.append(u)
            return true
        default:
            error(escLoc, .unknownEscape(c))
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

/// A number literal remembered by `Lexer.lexNumber` (`lo == 0`: an empty slot; a literal
/// starts with a digit, so its packed bytes are never 0).
private struct CachedNumber {
    var lo: UInt64 = 0
    var hi: UInt64 = 0
    var digits = ""
    var raw = ""
    var value: Double = 0
    var unit = NumberUnit.none
}

/// What the lexer can find wrong, with its data. `message` is the one place that words it.
public enum LexProblem: Equatable, Sendable {
    /// The file is larger than `SourceLimits.maxFileBytes`.
    case fileTooLarge
    /// A line is longer than `SourceLimits.maxLineLength` characters.
    case lineTooLong
    case invalidUTF8(UInt8)
    /// `&&`/`||` (or one of them alone), for which ScrollScript writes `and`/`or`.
    case symbolForWord(written: String, word: String)
    /// A lone `!` or `~` (a lone `=` is a token: `let`).
    case loneOperator(UInt8)
    case unexpectedByte(UInt8)
    case unknownUnit(String)
    /// The digits of a number too large for a Double.
    case numberTooLarge(String)
    case unterminatedString
    case escapeWithoutBrace
    case invalidUnicodeEscape
    /// The byte after a backslash.
    case unknownEscape(UInt8)

    public var message: String {
        switch self {
        case .fileTooLarge: return "file is larger than \(SourceLimits.maxFileBytes / (1024 * 1024)) MiB"
        case .lineTooLong: return "line is longer than \(SourceLimits.maxLineLength) characters"
        case .invalidUTF8(let b): return "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))"
        case .symbolForWord(let written, let word):
            return "unexpected '\(written)': ScrollScript writes '\(word)' (as in 'offset > 0 \(word) phase == idle')"
        case .loneOperator(let b):
            let hint = b == UInt8(ascii: "~") ? " (did you mean '~='?)" : " (did you mean 'not' or '!='?)"
            return "unexpected '\(Character(Unicode.Scalar(b)))'" + hint
        case .unexpectedByte(let b):
            let shown = b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
            return "unexpected character \(shown)"
        case .unknownUnit(let u): return "unknown unit '\(u)' (units are s, ms and pt)"
        case .numberTooLarge(let digits):
            return "number \(digits.count > 24 ? String(digits.prefix(20)) + "..." : digits) is too large"
        case .unterminatedString: return "unterminated string"
        case .escapeWithoutBrace: return "expected '{' after \\u in string (write \\u{HEX})"
        case .invalidUnicodeEscape: return "invalid \\u{...} escape in string (1 to 6 hex digits naming a Unicode scalar)"
        case .unknownEscape(let c):
            let shown = c >= 0x21 && c < 0x7F ? "\\\(Character(Unicode.Scalar(c)))" : "\\"
            return "unknown escape '\(shown)' in string (escapes are \\\" \\\\ \\n \\t \\u{...})"
        }
    }
}
