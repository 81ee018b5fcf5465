import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class ParserTests: XCTestCase {
    func parse(_ s: String) -> (Program, [Diagnostic]) {
        let r = parseChunk(s, file: "t")
        return (r.program, r.diagnostics)
    }

    func one(_ s: String) -> StmtKind? {
        let (p, d) = parse(s)
        XCTAssertTrue(d.isEmpty, "\(s): \(d.map { $0.message })")
        return p.statements.first?.kind
    }

    func testMisspeltOptionWordsSuggestTheRightOne() {
        // 'closd' is one deletion from 'closed'; 'singel' one swap from 'single'; 'heder' one
        // deletion from 'header', 'tolbar' from 'toolbar'.
        let expected: [(String, String)] = [
            ("section \"A\" rows 3 closd", "expected 'open', 'closed' or the end of the statement, found 'closd' (did you mean 'closed'?)"),
            ("accordion singel", "unknown accordion option 'singel' (did you mean 'single'?)"),
            ("accordion 3", "expected an accordion option (single), found number '3'"),
            ("header 240 3", "expected a header option (pin, nostretch, parallax, toggle), found number '3'"),
            ("tap heder 1", "expected 'header', 'row', 'toolbar' or a point X Y after 'tap', found 'heder' (did you mean 'header'?)"),
            ("tap tolbar", "expected 'header', 'row', 'toolbar' or a point X Y after 'tap', found 'tolbar' (did you mean 'toolbar'?)"),
        ]
        for (text, message) in expected {
            XCTAssertEqual(parse(text).1.map { $0.message }, [message], text)
        }
        guard case .tap? = one("tap offset 100") else { return XCTFail() }   // a name is still a coordinate
        XCTAssertEqual(parseAsWritten("pull 120 in 1s", lexicon: .builtIn).diagnostics.map { $0.message },
                       ["'pull' takes no duration (it moves at drag.speed, 300 pt/s by default); write 'drag D in T' to choose one"])
        XCTAssertEqual(parseAsWritten("wait 0.5 s", lexicon: .builtIn).diagnostics.map { $0.message },
                       ["expected end of statement, found 's' (write the unit right after the number, as in '0.5s')"])
        // Read as a guess, each says the whole statement meant.
        XCTAssertEqual(parse("pull 120 in 1s").1.map { $0.message },
                       ["unexpected 'in' (did you mean 'drag 120 in 1s'? pull moves at drag.speed; drag takes a duration)"])
        XCTAssertEqual(parse("wait 0.5 s").1.map { $0.message },
                       ["'s' is not a unit (did you mean 'wait 0.5s'? a unit is glued to its number: s, ms or pt)"])
        guard case .section(_, _, let open)? = one("section rows 2 closed") else { return XCTFail() }
        XCTAssertEqual(open, false)
    }

    func testTapTwoArguments() {
        guard case .tap(let x, let y)? = one("tap 100 -20") else { return XCTFail() }
        guard case .number(let n, _) = x, case .unary(.negate, .number(let m, _), _) = y else { return XCTFail() }
        XCTAssertEqual(n.value, 100)
        XCTAssertEqual(m.value, 20)
    }

    func testSubtractionInExpression() {
        guard case .print(let items)? = one("print header.height-60") else { return XCTFail() }
        guard case .binary(.subtract, .name("header.height", _), .number(let n, _), _) = items[0] else { return XCTFail() }
        XCTAssertEqual(n.raw, "60")
    }

    func testExpressionStatementAfterStatementWord() {
        guard case .expression(.name("header.height", _))? = one("header.height") else { return XCTFail() }
        guard case .expression(.indexed("section", let ix, "y", _))? = one("section[2].y") else { return XCTFail() }
        XCTAssertEqual(ix.count, 1)
        guard case .expression(.indexed("row", let ix2, "visible", _))? = one("row[0,1].visible") else { return XCTFail() }
        XCTAssertEqual(ix2.count, 2)
    }

    func testTapOfANameNoBuiltInOwnsIsAViewWhateverTheRegistry() {
        // The built-in lexicon knows no `fade`: a dotted name, or a word that is no plain
        // name, is a tap of a view, with where its name is written (the checker resolves it).
        guard case .tapView("fade.title", let l?)? = one("tap fade.title"), case .tapView("buton", _)? = one("tap buton") else {
            return XCTFail()
        }
        XCTAssertEqual([l.line, l.column, l.length], [1, 5, 10])
        // An observable, or a name that starts with a built-in's word, is still an X.
        for text in ["tap offset", "tap screen.width", "tap toolbar.zone", "tap header.height"] {
            XCTAssertFalse(parse(text).1.isEmpty, text)
        }
    }

    func testConfigurationForms() {
        guard case .screen? = one("screen 375 x 667"), case .screen? = one("screen 375x667") else { return XCTFail() }
        guard case .configure(let h)? = one("header 240 pin 60 parallax 0.2128 toggle 100 nostretch") else { return XCTFail() }
        XCTAssertEqual(h.word, "header")
        XCTAssertEqual(h.options.map { $0.word }, ["pin", "parallax", "toggle", "nostretch"])
        XCTAssertEqual(h.options.map { $0.argument == nil }, [false, false, false, true])
        guard case .section(let t, .titles(let rows), false)? = one("section \"山手線\" rows \"渋谷\" \"新宿\" closed") else { return XCTFail() }
        XCTAssertEqual(t?.value, "山手線")
        XCTAssertEqual(rows.map { $0.value }, ["渋谷", "新宿"])
        guard case .sections? = one("sections 4 rows 5"), case .configure(let a)? = one("accordion single"),
              case .configure(let t)? = one("toolbar") else { return XCTFail() }
        XCTAssertEqual(a, ConfigStatement(word: "accordion", options: [ConfigOptionSyntax(word: "single", location: a.options[0].location)]))
        XCTAssertEqual(t, ConfigStatement(word: "toolbar"))
        guard case .set("deceleration", _, .name("fast", _))? = one("set deceleration fast") else { return XCTFail() }
        guard case .set("header.bodyFollows", _, .bool(false, _))? = one("set header.bodyFollows false") else { return XCTFail() }
    }

    func testActions() {
        guard case .drag(_, let t)? = one("drag -100 in 0.5s"), t != nil else { return XCTFail() }
        guard case .tapView("header", _)? = one("tap header"), case .tapHeader(.number)? = one("tap header 2"),
              case .tapView("toolbar", _)? = one("tap toolbar"), case .tick(nil)? = one("tick"), case .tick(.some)? = one("tick 3"),
              case .release? = one("release"), case .settle? = one("settle"), case .frames? = one("frames"),
              case .wait? = one("wait 0.3s"), case .fling? = one("fling -900"), case .pull? = one("pull 120") else { return XCTFail() }
    }

    func testExpectForms() {
        guard case .expect(.compare(.approx, _, _, let tol, _))? = one("expect offset ~= 539.5 within 1") else { return XCTFail() }
        XCTAssertNotNil(tol)
        guard case .expectWithin(.number(let n, _), _)? = one("expect within 250ms time >= 0") else { return XCTFail() }
        XCTAssertEqual(n.value, 0.25)
        guard case .expectAlways? = one("expect always section[0].y >= header.bottom - 0.5") else { return XCTFail() }
        guard case .expect(.binary(.or, _, .unary(.not, _, _), _))? = one("expect finger.down or not header.expanded") else { return XCTFail() }
    }

    func testPrecedence() {
        // 1 + 2 * 3 groups as 1 + (2 * 3)
        guard case .print(let e)? = one("print 1 + 2 * 3"),
              case .binary(.add, _, .binary(.multiply, _, _, _), _) = e[0] else { return XCTFail() }
        // left associative: 1 - 2 - 3 is (1 - 2) - 3
        guard case .print(let f)? = one("print 1 - 2 - 3"),
              case .binary(.subtract, .binary(.subtract, _, _, _), _, _) = f[0] else { return XCTFail() }
    }

    func testBlocksAndSemicolons() {
        guard case .repeatBlock(_, let body)? = one("repeat 3 { fling -300; settle }") else { return XCTFail() }
        XCTAssertEqual(body.statements.map { $0.kind.keyword }, ["fling", "settle"])
    }

    func testCommentsAreKept() {
        let src = "# top\npull 1 # after pull\n\n# before settle\nsettle\nscenario \"a\" { # open\n  # inside end\n}\n# tail\n"
        let (p, _) = parse(src)
        XCTAssertEqual(p.comments.map { $0.text }, ["# top", "# after pull", "# before settle", "# open", "# inside end", "# tail"])
        XCTAssertEqual(p.statements[0].leadingComments.map { $0.text }, ["# top"])
        XCTAssertEqual(p.statements[0].trailingComment?.text, "# after pull")
        XCTAssertEqual(p.statements[1].leadingComments.map { $0.text }, ["# before settle"])
        XCTAssertTrue(p.statements[1].blankLineBefore)
        guard case .scenario(_, let b) = p.statements[2].kind else { return XCTFail() }
        XCTAssertEqual(b.openComment?.text, "# open")
        XCTAssertEqual(b.closingComments.map { $0.text }, ["# inside end"])
        XCTAssertEqual(p.trailingComments.map { $0.text }, ["# tail"])
    }

    func testRawLiteralsKept() {
        guard case .print(let e)? = one("print 0.50, 250ms, \"a\\n\"") else { return XCTFail() }
        guard case .number(let a, _) = e[0], case .number(let b, _) = e[1], case .string(let s) = e[2] else { return XCTFail() }
        XCTAssertEqual(a.raw, "0.50")
        XCTAssertEqual(b.raw, "250ms")
        XCTAssertEqual(s.raw, "\"a\\n\"")
        XCTAssertEqual(s.value, "a\n")
    }

    func testLocations() {
        let (p, _) = parse("settle\n  expect offset >= 3")
        XCTAssertEqual(p.statements[1].location.line, 2)
        XCTAssertEqual(p.statements[1].location.column, 3)
        guard case .expect(let e) = p.statements[1].kind else { return XCTFail() }
        // operator at column 3 + 7 + 7 = 17
        XCTAssertEqual(e.location.column, 17)
        XCTAssertEqual(e.startLocation.column, 10)
    }

    func testErrorRecoveryOneErrorPerTypo() {
        let (p, d) = parse("pull 1 2\npull 3\nscenario x {\n pull 4\n}\nsettle")
        XCTAssertEqual(d.map { $0.location.line }, [1, 3])
        // pull 3 and settle survive; the bad scenario header skips its block.
        XCTAssertEqual(p.statements.map { $0.kind.keyword }, ["pull", "settle"])
    }

    func testNestingLimits() {
        let ok = "print " + String(repeating: "(", count: 256) + "1" + String(repeating: ")", count: 256)
        XCTAssertTrue(parse(ok).1.isEmpty)
        let bad = "print " + String(repeating: "(", count: 257) + "1" + String(repeating: ")", count: 257)
        XCTAssertEqual(parse(bad).1.first?.message, "expression nests too deeply (more than 256 levels)")
        // 257 terms = 256 additions: allowed; 258 terms: too deep.
        let chainOK = "print " + Array(repeating: "1", count: 257).joined(separator: "+")
        XCTAssertTrue(parse(chainOK).1.isEmpty)
        let chain300 = "print " + Array(repeating: "1", count: 300).joined(separator: "+")
        XCTAssertEqual(parse(chain300).1.count, 1)
        let blocks = String(repeating: "repeat 1 { ", count: 257) + "settle" + String(repeating: " }", count: 257)
        XCTAssertEqual(parse(blocks).1.map { $0.message }, ["blocks nest too deeply (more than 256 levels)"])
    }

    func testIncomplete() {
        XCTAssertTrue(isIncomplete("scenario \"a\" {"))
        XCTAssertTrue(isIncomplete("repeat 2 {\n pull 1"))
        XCTAssertTrue(isIncomplete("print \"abc"))
        XCTAssertFalse(isIncomplete("pull 1"))
        XCTAssertFalse(isIncomplete("repeat 2 { pull 1 }"))
        XCTAssertFalse(isIncomplete("print \"{\""))
    }
}
