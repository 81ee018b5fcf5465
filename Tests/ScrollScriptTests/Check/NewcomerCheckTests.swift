import XCTest
@testable import ScrollScript

/// What a newcomer met in `check` (issue 30, item 3): each message here was wrong before.
final class NewcomerCheckTests: XCTestCase {
    func messages(_ text: String) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// The default table is one untitled section of 30 rows (spec §3): row 30 is past its
    /// end, and the message says so, as it does for declared sections. No guess repeats
    /// the statement as written.
    func testARowPastTheDefaultTableIsSaidSo() {
        XCTAssertEqual(messages("tap row 0 30\n"), ["1:11 row 30 does not exist in section 0 (it has 30 rows, 0 to 29)"])
        XCTAssertEqual(messages("tap row 0 29\n"), [])
        XCTAssertFalse(messages("tap row 1 0\n").joined().contains("unexpected"), messages("tap row 1 0\n").joined())
        // Brackets are still read as another spelling of the two indexes.
        XCTAssertEqual(messages("sections 2 rows 5\ntap row[1,2]\n").first?.contains("did you mean 'tap row 1 2'?"), true)
    }

    /// A bare state word in parentheses is read in the family it is compared with, as
    /// without them (§5); on either side.
    func testAStateWordInParenthesesTakesTheFamilyItIsComparedWith() {
        let refresh = "header 100 nostretch\ntoolbar\nrefresh\n"
        XCTAssertEqual(messages(refresh + "expect refresh.state == (idle)\nexpect (idle) == refresh.state\nexpect toolbar.state != ((hidden))\n"), [])
        XCTAssertEqual(messages(refresh + "expect refresh.state == (shown)"),
                       ["4:26 'shown' is a toolbar state, not a refresh state (idle, pulling, refreshing, ending)"])
    }

    /// A word of another family: the caret on the word, and which family it is of.
    func testAWordOfAnotherFamilySaysWhichFamilyItIsOf() {
        let refresh = "header 100 nostretch\ntoolbar\nrefresh\n"
        XCTAssertEqual(messages(refresh + "expect refresh.state == hidden"),
                       ["4:25 'hidden' is a toolbar state, not a refresh state (idle, pulling, refreshing, ending)"])
        XCTAssertEqual(messages(refresh + "expect dragging == refresh.state"),
                       ["4:8 'dragging' is a phase state, not a refresh state (idle, pulling, refreshing, ending)"])
        // A `let` name bound to a word of another family: at the name, with its word and
        // its `let` (before: "cannot compare a state (...) with a state (...)" at the `==`).
        XCTAssertEqual(messages(refresh + "let h = hidden\nexpect refresh.state == h\nexpect (h) != refresh.state\n"),
                       ["5:25 'h' is 'hidden' (its 'let' on line 4): a toolbar state, not a refresh state (idle, pulling, refreshing, ending)",
                        "6:9 'h' is 'hidden' (its 'let' on line 4): a toolbar state, not a refresh state (idle, pulling, refreshing, ending)"])
        XCTAssertEqual(messages(refresh + "let i = idle\nexpect toolbar.state == i\n"),
                       ["5:25 'i' is 'idle' (its 'let' on line 4): a phase and a refresh state, not a toolbar state (shown, hidden, showing, hiding)"])
        // Settled by its first comparison, it stays in that family: a later one is two families.
        XCTAssertEqual(messages(refresh + "let i = idle\nexpect refresh.state == i\nexpect phase == i\n"),
                       ["6:14 cannot compare a state (idle, dragging, decelerating, bouncing) with a state (idle, pulling, refreshing, ending)"])
        // `idle` is a state of two families; neither is the toolbar's.
        XCTAssertEqual(messages(refresh + "expect toolbar.state == idle"),
                       ["4:25 'idle' is a phase and a refresh state, not a toolbar state (shown, hidden, showing, hiding)"])
    }

    /// `let i = idle` takes the family of the first state it is compared with, and runs so:
    /// while the refresh control refreshes `refresh.state != i`, and `phase` is not idle
    /// either (the finger is down), so a phase `idle` would give the same answer there; at
    /// the start both are idle, and after `settle` refresh.state is idle again.
    func testALetBoundToAStateWordTakesTheFamilyItIsComparedWith() throws {
        let text = """
        header 100 nostretch
        refresh
        let i = idle
        expect refresh.state == i
        drag 240 in 0.8s
        expect refresh.state != i
        release
        settle
        expect i == refresh.state
        """
        XCTAssertEqual(messages(text), [])
        let result = checkSource(SourceFile(name: "t.scroll", text: text))
        let scenario = try XCTUnwrap(result.scenarios.first)
        XCTAssertNil(runScenario(scenario).failure)
        // And it can fail: refreshing is not the refresh control's idle.
        let refreshing = try runChecked("header 100 nostretch\nrefresh\nlet i = idle\ndrag 240 in 0.8s\nexpect refresh.state == i\n")
        XCTAssertEqual(refreshing.failure?.location.line, 5)
        // Once settled, the family is the name's: another family is refused.
        XCTAssertEqual(messages("refresh\nlet i = idle\nexpect refresh.state == i\nexpect phase == i\n").count, 1)
        // A word the family does not have.
        XCTAssertEqual(messages("refresh\nlet h = dragging\nexpect refresh.state == h\n").count, 1)
    }

    /// The suggestion repeats the subject as ScrollScript writes it: no spaces around `.`.
    func testARepeatedSubjectIsQuotedAsWritten() {
        let m = messages("header 100 nostretch\nrefresh\nexpect refresh.state == idle or refreshing\n")
        XCTAssertEqual(m, ["3:30 missing 'refresh.state ==' (did you mean 'expect refresh.state == idle or refresh.state == refreshing'?)"])
        XCTAssertEqual(messages("expect row[0,1].y >= 0 and <= 100\n").first?.hasPrefix("1:28 missing 'row[0,1].y' "), true)
    }

    /// A scene's `refresh` and a scenario's stretchy header: the error is at each such
    /// scenario's `header` line, not once at the scene.
    func testASceneRefreshUnderAScenariosStretchyHeaderIsReportedAtEachHeader() {
        let text = """
        scene {
          refresh
        }
        scenario "one" {
          header 200
          expect offset == 0
        }
        scenario "two" {
          header 100 pin 20
          expect offset == 0
        }
        scenario "three" {
          header 100 nostretch
          expect offset == 0
        }
        """
        let said = "this 'header' needs 'nostretch': the scene's 'refresh' (line 2) needs 'header' to have it (as in 'header H nostretch')"
        XCTAssertEqual(messages(text), ["5:3 " + said, "9:3 " + said])
        // Both in the scene: once, at the `refresh` line, as before.
        XCTAssertEqual(messages("scene {\n  header 200\n  refresh\n}\nscenario \"a\" {\n  expect offset == 0\n}\nscenario \"b\" {\n  expect offset == 0\n}\n"),
                       ["3:3 'refresh' needs 'header' to have 'nostretch' (as in 'header H nostretch')"])
    }

    /// A block comment before a statement: the statement, with the comment after it.
    func testABlockCommentBeforeAStatementKeepsTheStatement() {
        XCTAssertEqual(messages("/* block */ pull 10\n"),
                       ["1:1 '/*' does not start a comment (did you mean 'pull 10  # block'? comments start with #)"])
        XCTAssertEqual(messages("/* stretch */\nsettle\n"),
                       ["1:1 '/*' does not start a comment (did you mean '# stretch'? comments start with #)"])
        // Two such comments: the first is moved, the second is not read apart (no guess).
        XCTAssertEqual(messages("/* a */ /* b */ pull 10\n").count, 1)
        // A line of many is read once, not once per comment (it ends, with one error).
        XCTAssertEqual(messages(String(repeating: "/* a */ ", count: 1000) + "pull 10\n").count, 1)
    }

    /// In a scene, which holds configuration only, `// expect offset == 0` gets no guess of
    /// an `expect` (the scene would refuse it: before, "did you mean 'expect offset == 0'?").
    /// In a scenario it keeps that guess; in a scene, `// toolbar` is still `# toolbar`.
    func testAGuessInASceneIsConfiguration() {
        let m = messages("scene {\n  // expect offset == 0\n}\nscenario \"a\" {\n  expect offset == 0\n}\n")
        XCTAssertEqual(m.count, 1, m.joined())
        XCTAssertTrue(m.first?.hasPrefix("2:3 ") == true, m.joined())
        XCTAssertFalse(m.joined().contains("did you mean 'expect"), m.joined())
        XCTAssertEqual(messages("scenario \"a\" {\n  // expect offset == 0\n}\n"),
                       ["2:3 '//' does not start a comment (did you mean 'expect offset == 0'?)"])
        XCTAssertEqual(messages("scene {\n  toolbar // the bar\n}\nscenario \"a\" {\n  expect offset == 0\n}\n").first?
                        .contains("did you mean 'toolbar  # the bar'?"), true)
        // `#expect(...)` in a scene: its warning says where an `expect` goes, not "did you
        // mean 'expect ...'?" (an `expect` the scene would refuse).
        let scene = "scene {\n  toolbar\n  #expect(toolbar.state == shown)\n}\nscenario \"a\" {\n  #expect(offset == 0)\n  expect offset == 0\n}\n"
        XCTAssertEqual(messages(scene), [])
        XCTAssertEqual(checkSource(SourceFile(name: "t.scroll", text: scene)).warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" },
                       ["3:3 '#expect' is a comment here ('#' starts a comment), so it checks nothing; a scene holds configuration only: write the check as 'expect toolbar.state == shown' in a scenario",
                        "6:3 '#expect' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect offset == 0'?"])
    }

    /// `pull to refresh`: with the defaults a refresh needs a pull of 213.9 pt (q = b(D) ≥
    /// 100, spec §6.2: D ≥ 100·667 / (0.55·(667 − 100))); `pull 100` pulls q = 50.8 and starts
    /// none. The guesser knows no tunables: it suggests no amount.
    func testPullToRefreshGetsNoWrongAmount() {
        let m = messages("header 100 nostretch\nrefresh\npull to refresh\n")
        XCTAssertEqual(m.count, 1)
        XCTAssertFalse(m.joined().contains("pull 100"), m.joined())
    }

    /// `scroll up 200` is `drag 200`: its note says the finger moves down.
    func testScrollUpExplainsItsOwnDirection() {
        XCTAssertEqual(messages("scroll up 200\n"),
                       ["1:1 unknown statement 'scroll' (did you mean 'drag 200'? scrolling the content up (toward its top) moves the finger down, a positive distance)"])
        XCTAssertEqual(messages("scroll down 200\n"),
                       ["1:1 unknown statement 'scroll' (did you mean 'drag -200'? scrolling the content down moves the finger up, a negative distance)"])
        // To the top, the finger moves down by offset − offset.min ≥ 0; to the bottom, up by
        // offset.max − offset; to an offset, either way: each note says its own direction.
        XCTAssertEqual(messages("scroll to top\n"),
                       ["1:1 unknown statement 'scroll' (did you mean 'drag (offset - offset.min)'? scrolling the content up (toward its top) moves the finger down, a positive distance)"])
        XCTAssertEqual(messages("scroll to bottom\n"),
                       ["1:1 unknown statement 'scroll' (did you mean 'drag (offset - offset.max)'? scrolling the content down moves the finger up, a negative distance)"])
        XCTAssertEqual(messages("scroll to 500\n"),
                       ["1:1 unknown statement 'scroll' (did you mean 'drag (offset - 500)'? distances are the finger's: negative moves it up (the content scrolls toward its end), positive down)"])
    }

    /// `tap row 0 -1`: a negative index is no index; the sign dropped would tap row 1, so
    /// no guess (before: "did you mean 'tap row 0 1'?", and for `tap row -1 0` a note that
    /// the default table "declares no sections").
    func testANegativeTapIndexGetsNoGuessThatDropsItsSign() {
        for text in ["tap row 0 -1\n", "tap row -1 0\n", "tap header -1\n", "sections 3 rows 3\ntap row 1 -2\n"] {
            let m = messages(text)
            XCTAssertEqual(m.count, 1, text)
            XCTAssertFalse(m.joined().contains("did you mean"), m.joined())
            XCTAssertFalse(m.joined().contains("declares no sections"), m.joined())
        }
        XCTAssertEqual(messages("tap row 0 -1\n"), ["1:11 a row index must be a whole number of at least 0 (found -1)"])
        // Brackets are still read as the two indexes.
        XCTAssertEqual(messages("tap row[0,1]\n").first?.contains("did you mean 'tap row 0 1'?"), true)
    }

    /// A behaviour's tunable set where the behaviour is not declared: refused as its
    /// observables are; declared in the scenario or the scene, accepted.
    func testSettingATunableOfAnUndeclaredBehaviourIsRefused() {
        XCTAssertEqual(messages("set refresh.trigger 50\npull 10\n"),
                       ["1:5 'refresh.trigger' needs a refresh control, and this scenario declares none (add 'refresh')"])
        XCTAssertEqual(messages("set refresh.trigger 50\nrefresh\npull 10\n"), [])
        XCTAssertEqual(messages("set toolbar.duration 1\npull 10\n").count, 1)
        XCTAssertEqual(messages("scene {\n  toolbar\n  set toolbar.duration 1\n}\nscenario \"a\" {\n  pull 10\n}\n"), [])
        // The scene's `set` and scenarios without the word: an error at each such scenario,
        // naming it (before: one error at the scene's line, "this scenario declares none",
        // saying neither which scenario nor that there were two).
        let scene = "scene {\n  set refresh.trigger 50\n}\nscenario \"a\" {\n  refresh\n  pull 10\n  expect offset < 0\n}\n"
            + "scenario \"b\" {\n  pull 10\n  expect offset < 0\n}\nscenario \"c\" {\n  pull 10\n  expect offset < 0\n}\n"
        let said = "declares no refresh control, and the scene's 'set refresh.trigger' (line 2) needs a refresh control (add 'refresh' to this scenario, or move the 'set' into the scenarios that declare one)"
        XCTAssertEqual(messages(scene), ["9:1 scenario \"b\" " + said, "13:1 scenario \"c\" " + said])
        // A file without blocks keeps its one error at the `set`.
        XCTAssertEqual(messages("set refresh.trigger 50\npull 10\nexpect offset < 0\n"),
                       ["1:5 'refresh.trigger' needs a refresh control, and this scenario declares none (add 'refresh')"])
        // `header.duration` needs the header (its toggle option is not needed to set it).
        XCTAssertEqual(messages("header 200\nset header.duration 0.5\npull 10\n"), [])
    }

    /// A file whose lines end with CR alone reads as one line: its error says so (at the
    /// first CR) rather than "expected end of statement" somewhere along it. CRLF and LF
    /// end lines (spec §1); a lone CR in a file that has line ends says nothing new.
    func testAFileWithCarriageReturnLineEndsIsToldSo() {
        let m = messages("scenario \"a\" {\r  pull 10\r  expect offset < 0\r}\r")
        XCTAssertEqual(m, ["1:15 this file ends its lines with CR alone (as classic Mac OS did), so it reads as one line: ScrollScript ends lines with LF or CRLF; convert them (as in: tr '\\r' '\\n' < old.scroll > new.scroll)"])
        XCTAssertEqual(messages("scenario \"a\" {\r\n  pull 10\r\n  expect offset < 0\r\n}\r\n"), [])
        XCTAssertEqual(messages("pull 10\r"), [])
        XCTAssertEqual(messages("pull 10\rexpect offset < 0\npull 5\n"), ["1:9 expected end of statement, found 'expect'"])
    }
}
