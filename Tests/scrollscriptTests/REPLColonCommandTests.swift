import XCTest
import ScrollScript
@testable import scrollscript

final class REPLColonCommandTests: XCTestCase {
    private func parse(_ s: String) -> Result<ColonCommand, ColonCommandError> { ColonCommands.parse(s) }

    func testCounts() {
        XCTAssertEqual(parse(":step"), .success(.step(1)))
        XCTAssertEqual(parse(":step 5"), .success(.step(5)))
        XCTAssertEqual(parse(":tick 60"), .success(.tick(60)))
        XCTAssertEqual(parse(":step 0"), .failure(.badNumber(":step [N]", "0", 1_000_000)))
        XCTAssertEqual(parse(":step -1"), .failure(.badNumber(":step [N]", "-1", 1_000_000)))
        XCTAssertEqual(parse(":tick 99999999999999999999"), .failure(.badNumber(":tick [N]", "99999999999999999999", 1_000_000)))
        XCTAssertEqual(parse(":step 1 2"), .failure(.unexpectedArguments(":step [N]")))
    }

    func testPrefixesAndAmbiguity() {
        XCTAssertEqual(parse(":q"), .success(.quit))
        XCTAssertEqual(parse(":cont"), .success(.continueRun))
        XCTAssertEqual(parse(":break 12"), .success(.breakAt(line: 12, condition: nil)))
        XCTAssertEqual(parse(":breaks"), .success(.breaks))
        XCTAssertEqual(parse(":b"), .failure(.ambiguous("b", ["break", "breaks"])))
        XCTAssertEqual(parse(":d 1"), .failure(.ambiguous("d", ["delete", "display"])))
    }

    func testBreakWithCondition() {
        XCTAssertEqual(parse(":break 12 if offset > 100"), .success(.breakAt(line: 12, condition: "offset > 100")))
        XCTAssertEqual(parse(":break"), .failure(.missingArgument(":break LINE [if EXPR]")))
        XCTAssertEqual(parse(":break x"), .failure(.badNumber(":break LINE [if EXPR]", "x", 100_000_000)))
        XCTAssertEqual(parse(":break 3 when x"), .failure(.unexpectedArguments(":break LINE [if EXPR]")))
    }

    func testLoadAndSave() {
        XCTAssertEqual(parse(":load a.scroll"), .success(.load(path: "a.scroll", scenario: nil)))
        XCTAssertEqual(parse(":load \"my file.scroll\" \"pull stretches the header\""),
                       .success(.load(path: "my file.scroll", scenario: "pull stretches the header")))
        XCTAssertEqual(parse(":load"), .failure(.missingArgument(":load FILE [SCENARIO]")))
        XCTAssertEqual(parse(":load \"open"), .failure(.missingArgument(":load FILE [SCENARIO]")))
        XCTAssertEqual(parse(":save out.scroll"), .success(.save("out.scroll")))
        XCTAssertEqual(parse(":save a b"), .failure(.unexpectedArguments(":save FILE")))
    }

    func testExpressionsAndNumbers() {
        XCTAssertEqual(parse(":watch header.height"), .success(.watch("header.height")))
        XCTAssertEqual(parse(":display  section[0].y + 1 "), .success(.display("section[0].y + 1")))
        XCTAssertEqual(parse(":watch"), .failure(.missingArgument(":watch EXPR")))
        XCTAssertEqual(parse(":undisplay 2"), .success(.undisplay(2)))
        XCTAssertEqual(parse(":delete 1"), .success(.delete(1)))
        XCTAssertEqual(parse(":help"), .success(.help(nil)))
        XCTAssertEqual(parse(":help step"), .success(.help("step")))
        XCTAssertEqual(parse(":list extra"), .failure(.unexpectedArguments(":list")))
        XCTAssertEqual(parse(":where"), .success(.whereAmI))
        XCTAssertEqual(parse(":"), .failure(.missingName))
    }

    func testDidYouMean() {
        XCTAssertEqual(parse(":stpe"), .failure(.unknown("stpe", ["step"])))
        XCTAssertEqual(ColonCommandError.unknown("stpe", ["step"]).message, "unknown command ':stpe'; did you mean ':step'?")
        // sow→show is 1 edit; save and step are 3
        XCTAssertEqual(parse(":sow"), .failure(.unknown("sow", ["show"])))
        // brek→break 1, breaks 2
        XCTAssertEqual(parse(":brek"), .failure(.unknown("brek", ["break"])))
        XCTAssertEqual(parse(":xyzzy"), .failure(.unknown("xyzzy", [])))
        XCTAssertEqual(ColonCommandError.unknown("xyzzy", []).message, "unknown command ':xyzzy' (type :help for the list)")
    }

    func testEditDistance() {
        func d(_ a: String, _ b: String) -> Int {
            // The one edit distance (the library's), which `:` command suggestions use.
            ScrollScript.editDistance(a, b)
        }
        XCTAssertEqual(d("kitten", "sitting"), 3)  // the textbook example
        XCTAssertEqual(d("stpe", "step"), 1)       // one transposition
        XCTAssertEqual(d("", "abc"), 3)
    }

    func testHelpText() throws {
        let all = try ColonCommands.helpText(for: nil).get()
        XCTAssertEqual(all.split(separator: "\n").count, 21 + 2)
        XCTAssertEqual(try ColonCommands.helpText(for: ":q").get(), ":quit\n  leave the REPL (Ctrl-D on an empty line does too)")
        XCTAssertThrowsError(try ColonCommands.helpText(for: "nope").get())
    }
}
