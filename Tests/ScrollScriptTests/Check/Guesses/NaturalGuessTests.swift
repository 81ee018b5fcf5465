import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Issue 12: what a new user naturally types gets an answer that names the right form.
/// One test per guess, on the words of the message (not only that it fails), and each
/// guess gives exactly one error (no follow-on noise).
final class NaturalGuessTests: XCTestCase {
    /// The diagnostics of `body` in a one-scenario file, as "LINE:COL MESSAGE".
    private func errors(_ body: String) -> [String] {
        checkSource(SourceFile(name: "guess.scroll", text: body)).diagnostics.map {
            "\($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    private func one(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let e = errors(body)
        XCTAssertEqual(e.count, 1, "\(e)", file: file, line: line)
        return e.first ?? ""
    }

    func testTapSectionPointsAtTapHeader() {
        XCTAssertEqual(one("sections 3 rows 2\ntap section 0\n"),
                       "2:5 unexpected 'section' (did you mean 'tap header 0'? a section is tapped through its header, a row as tap row SECTION ROW)")
    }

    func testExpectEventuallyPointsAtExpectWithin() {
        XCTAssertEqual(one("toolbar\nfling -900\nexpect eventually toolbar.state == hidden\n"),
                       "3:8 unexpected 'eventually' (did you mean 'expect within 1s toolbar.state == hidden'? expect within T runs frames until the condition holds, for at most T; 1s is a guess at the time limit)")
        // A name that starts with the word is still an expression (no false alarm).
        XCTAssertEqual(errors("expect offset >= 0\n"), [])
    }

    func testDoubleAmpersandAndBarSayAndOr() {
        XCTAssertEqual(one("expect offset >= 0 && phase == idle\n"),
                       "1:20 '&&' is not an operator here (did you mean 'expect offset >= 0 and phase == idle'?)")
        XCTAssertEqual(one("expect offset >= 0 || phase == idle\n"),
                       "1:20 '||' is not an operator here (did you mean 'expect offset >= 0 or phase == idle'?)")
    }

    func testWaitWithOnlyFillerWordsIsAnErrorNotACrash() {
        // The filler words after `wait` are dropped one by one; with nothing after them the
        // guess once read past the end of the statement (an out-of-range trap).
        // One error, at the word the statement cannot take (counted by hand), naming it.
        for (body, at) in [("wait for\n", "1:6 "), ("wait for about\n", "1:10 "), ("wait about another\n", "1:12 ")] {
            let e = one(body)
            XCTAssertTrue(e.hasPrefix(at), "\(body): \(e)")
            XCTAssertTrue(e.contains("'\(body.split(separator: " ").last!.dropLast())'"), "\(body): \(e)")
        }
        // A duration after them is still the wait meant.
        XCTAssertTrue(one("wait for 1s\n").contains("'wait 1s'"), "\(errors("wait for 1s\n"))")
    }

    func testAnUnknownStateListsTheStates() {
        // A word another tool uses for a state: the state meant.
        XCTAssertEqual(one("toolbar\nexpect toolbar.state == visible\n"),
                       "2:25 'visible' is not a toolbar state (did you mean 'expect toolbar.state == shown'? a state is compared with a bare word: shown, hidden, showing, hiding)")
        // A word of no meaning lists the states; a near miss also gets its "did you mean".
        XCTAssertEqual(one("toolbar\nexpect toolbar.state == purple\n"), "2:25 'purple' is not a toolbar state (they are shown, hidden, showing, hiding)")
        XCTAssertTrue(one("expect phase == idel\n").hasSuffix("(did you mean 'idle'?)"))
    }

    func testAQuotedStateSaysStatesAreBareWords() {
        XCTAssertEqual(one("toolbar\nexpect toolbar.state == \"hidden\"\n"),
                       "2:25 \"hidden\" is text, not a state (did you mean 'expect toolbar.state == hidden'? a state is compared with a bare word: shown, hidden, showing, hiding)")
        XCTAssertEqual(one("expect phase == \"purple\"\n"),
                       "1:17 a phase state is compared with a bare word (idle, dragging, decelerating, bouncing), not a string")
    }

    func testAnUnknownTunableListsItsFamilyOrAll() {
        XCTAssertEqual(one("set toolbar.threshold 30\n"),
                       "1:5 unknown tunable 'toolbar.threshold' (the toolbar tunables are toolbar.showVelocity, toolbar.hideDistance, toolbar.duration)")
        let all = one("set friction 3\n")
        XCTAssertTrue(all.contains("(the tunables are row.height, section.height, "), all)
        for name in ["deceleration", "rubberband", "drag.speed", "toolbar.hideDistance", "inset.top"] {
            XCTAssertTrue(all.contains(name), "\(name) in \(all)")
        }
        // A near miss keeps its "did you mean".
        XCTAssertEqual(one("set toolbar.hideDistanse 30\n"), "1:5 unknown tunable 'toolbar.hideDistanse' (did you mean 'toolbar.hideDistance'?)")
    }

    func testFullWidthKeywordSuggestsTheRealKeyword() {
        // ＰＵＬＬ is PULL in full-width letters; 'PULL' is not a keyword: suggest 'pull'.
        XCTAssertEqual(one("\u{FF30}\u{FF35}\u{FF2C}\u{FF2C} 50\n"),
                       "1:1 unknown statement 'ＰＵＬＬ' (did you mean 'pull 50'? it is typed in full-width letters)")
    }

    func testAnInvisibleCharacterIsNamed() {
        XCTAssertEqual(one("pu\u{200B}ll 50\n"),
                       "1:1 unknown statement 'pu\u{200B}ll' (it contains U+200B ZERO WIDTH SPACE, which is invisible; did you mean 'pull'?)")
        // In a name too (U+FEFF ZERO WIDTH NO-BREAK SPACE after 'offset').
        XCTAssertEqual(one("expect offset\u{FEFF} > 0\n"),
                       "1:8 unknown name 'offset\u{FEFF}' (it contains U+FEFF ZERO WIDTH NO-BREAK SPACE, which is invisible; did you mean 'offset'?)")
    }

    func testALookAlikeLetterIsNamed() {
        // U+0440 CYRILLIC SMALL LETTER ER looks like a Latin p.
        XCTAssertEqual(one("\u{0440}ull 50\n"),
                       "1:1 unknown statement '\u{0440}ull' (it contains U+0440 CYRILLIC SMALL LETTER ER, which looks like 'p'; did you mean 'pull'?)")
        // A word wholly in another script is not "look-alike": it is text to quote.
        XCTAssertEqual(one("sections 1 rows 1\nexpect section[0].title == \u{043F}\u{0440}\u{0438}\n"),
                       "2:28 'при' is not a value (did you mean 'expect section[0].title == \"при\"'? text is in double quotes)")
        XCTAssertEqual(one("sections 1 rows 1\nexpect \u{043F}\u{0440}\u{0438} == 1\n"), "2:8 unknown name 'при' (text needs quotes: \"при\")")
    }

    func testAHugeWholeTickSaysTooLargeWithTheLimit() {
        XCTAssertEqual(one("tick 99999999999999999999\n"),
                       "1:6 tick count 99999999999999999999 is too large (at most 5184000 frames, 24 hours at 60 fps)")
        XCTAssertEqual(one("repeat 99999999999999999999 { tick }\n"),
                       "1:8 repeat count 99999999999999999999 is more than the 10000000 statements a scenario may run")
        XCTAssertEqual(one("sections 2 rows 1\ntap header 99999999999999999999\n"),
                       "2:12 section 99999999999999999999 does not exist (the table has 2 sections, 0 to 1)")
        // A fraction is still "not whole".
        XCTAssertTrue(one("tick 2.5\n").contains("needs a whole number of frames"))
    }

    func testAnOverflowingLiteralIsOneErrorWithoutInf() {
        for text in ["fling 1e400\n", "pull 1e400\n", "header 1e400\n", "set deceleration 1e400\n", "wait 1e400\n"] {
            let m = one(text)
            XCTAssertTrue(m.contains("number 1e400 is too large"), m)
            XCTAssertFalse(m.contains("inf"), m)
        }
    }
}
