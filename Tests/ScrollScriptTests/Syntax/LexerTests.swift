import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class LexerTests: XCTestCase {
    func lex(_ s: String) -> ([Token], [Diagnostic]) {
        var l = Lexer(bytes: Array(s.utf8), file: "t")
        let t = l.tokenize()
        return (t, l.diagnostics)
    }

    func kinds(_ s: String) -> [TokenKind] { lex(s).0.map { $0.kind } }

    func testPunctuationAndOperators() {
        XCTAssertEqual(kinds("[ ] , . ( ) { } ; == != < <= > >= ~= + - * /"),
                       [.lbracket, .rbracket, .comma, .dot, .lparen, .rparen, .lbrace, .rbrace, .semicolon,
                        .eq, .ne, .lt, .le, .gt, .ge, .approx, .plus, .minus, .star, .slash, .eof])
    }

    func testNumbersAndUnits() {
        let (t, d) = lex("120 0.25s 250ms 1e3 120pt 2.5e-1")
        XCTAssertTrue(d.isEmpty)
        let nums = t.filter { $0.kind == .number }
        XCTAssertEqual(nums.map { $0.raw }, ["120", "0.25s", "250ms", "1e3", "120pt", "2.5e-1"])
        XCTAssertEqual(nums.map { $0.unit }, [.none, .s, .ms, .none, .pt, .none])
        // 250 ms = 0.25 s; 1e3 = 1000; 2.5e-1 = 0.25
        XCTAssertEqual(nums.map { $0.number }, [120, 0.25, 0.25, 1000, 120, 0.25])
    }

    func testNoSignInNumbers() {
        // `tap 100 -20`: word, number, minus, number
        XCTAssertEqual(kinds("tap 100 -20"), [.word, .number, .minus, .number, .eof])
        // `header.height-60`: a subtraction
        XCTAssertEqual(kinds("header.height-60"), [.word, .dot, .word, .minus, .number, .eof])
    }

    func testScreenSizeGlued() {
        let (t, d) = lex("375x667")
        XCTAssertTrue(d.isEmpty)
        XCTAssertEqual(t.map { $0.kind }, [.number, .word, .number, .eof])
        XCTAssertEqual(t[1].text, "x")
        XCTAssertEqual(t[2].number, 667)
        XCTAssertEqual(t[2].at.column, 5)
    }

    func testUnknownUnit() {
        let (t, d) = lex("12px")
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.message, "unknown unit 'px' (units are s, ms and pt)")
        XCTAssertEqual(d.first?.location.column, 3)
        XCTAssertEqual(t.first?.kind, .number)
    }

    func testStringsAndEscapes() {
        let (t, d) = lex(#""a\"b\\c\nd\te\u{5C71}""#)
        XCTAssertTrue(d.isEmpty)
        XCTAssertEqual(t[0].kind, .string)
        XCTAssertEqual(t[0].text, "a\"b\\c\nd\te山")
        XCTAssertEqual(t[0].raw, #""a\"b\\c\nd\te\u{5C71}""#)
    }

    func testUnicodeColumns() {
        // "山手線" is 5 scalars wide in columns (quote, 3 kanji, quote): the word after it
        // starts at column 1 + 5 + 1 = 7.
        let (t, _) = lex("\"山手線\" rows")
        XCTAssertEqual(t[0].text, "山手線")
        XCTAssertEqual(t[1].at.column, 7)
        // Byte offset: 1 + 9 + 1 + 1 = 12
        XCTAssertEqual(t[1].at.offset, 12)
    }

    func testCaretUnderWideCharacters() {
        // 3 wide characters before column 5 (quote + 3 kanji = 4 scalars): 1 + 2*3 = 7 cells.
        XCTAssertEqual(caretLine(for: "\"山手線\" x", column: 5), "       ^")
        XCTAssertEqual(caretLine(for: "\ta\tb", column: 4), "\t \t^")
    }

    func testCommentsNewlinesSemicolons() {
        let (t, _) = lex("pull 1 # hi\n; settle")
        XCTAssertEqual(t.map { $0.kind }, [.word, .number, .comment, .newline, .semicolon, .word, .eof])
        XCTAssertEqual(t[2].text, "# hi")
    }

    func testBOMAndCRLF() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("pull 1\r\nsettle".utf8)
        var l = Lexer(bytes: bytes, file: "t")
        let t = l.tokenize()
        XCTAssertTrue(l.diagnostics.isEmpty)
        XCTAssertEqual(t.map { $0.kind }, [.word, .number, .newline, .word, .eof])
        XCTAssertEqual(t[0].at.column, 1)
        XCTAssertEqual(t[3].at.line, 2)
        XCTAssertEqual(t[3].at.column, 1)
    }

    func testInvalidUTF8() {
        let bytes: [UInt8] = Array("pull 1\nab ".utf8) + [0xC3, 0x28]
        var l = Lexer(bytes: bytes, file: "t")
        _ = l.tokenize()
        XCTAssertEqual(l.diagnostics.count, 1)
        XCTAssertEqual(l.diagnostics.first?.location.line, 2)
        XCTAssertEqual(l.diagnostics.first?.location.column, 4)
        XCTAssertEqual(l.diagnostics.first?.message, "invalid UTF-8 byte 0xC3")
    }

    func testOverflowLiteral() {
        let (_, d) = lex("1e400")
        XCTAssertEqual(d.first?.message, "number 1e400 is too large")
    }

    func testUnterminatedString() {
        let (_, d) = lex("print \"abc")
        XCTAssertEqual(d.first?.message, "unterminated string")
        XCTAssertEqual(d.first?.location.column, 7)
    }

    func testLongLine() {
        let (_, d) = lex(String(repeating: "a ", count: 5001))
        // 10,002 characters: the error stands at column 10,001.
        XCTAssertEqual(d.first?.message, "line is longer than 10000 characters")
        XCTAssertEqual(d.first?.location.column, 10_001)
        let (_, ok) = lex(String(repeating: "a", count: 10_000))
        XCTAssertTrue(ok.isEmpty)
    }
}
