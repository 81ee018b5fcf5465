import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class ReplColonCommandTests: XCTestCase {
    /// A parsed command as name and arguments (its action is a closure, not comparable).
    private struct Parsed: Equatable {
        var name: String
        var arguments: ColonArguments
    }

    private func parse(_ s: String) -> Result<Parsed, ColonCommandError> {
        ColonCommands.parse(s).map { Parsed(name: $0.name, arguments: $0.arguments) }
    }

    private func ok(_ name: String, _ arguments: ColonArguments = .none) -> Result<Parsed, ColonCommandError> {
        .success(Parsed(name: name, arguments: arguments))
    }

    func testCounts() {
        XCTAssertEqual(parse(":step"), ok("step", .count(1)))
        XCTAssertEqual(parse(":step 5"), ok("step", .count(5)))
        XCTAssertEqual(parse(":tick 60"), ok("tick", .count(60)))
        XCTAssertEqual(parse(":step 0"), .failure(.badNumber(":step [N]", "0", 1_000_000)))
        XCTAssertEqual(parse(":step -1"), .failure(.badNumber(":step [N]", "-1", 1_000_000)))
        XCTAssertEqual(parse(":tick 99999999999999999999"), .failure(.badNumber(":tick [N]", "99999999999999999999", 1_000_000)))
        XCTAssertEqual(parse(":step 1 2"), .failure(.unexpectedArguments(":step [N]")))
    }

    func testPrefixesAndAmbiguity() {
        XCTAssertEqual(parse(":q"), ok("quit"))
        XCTAssertEqual(parse(":cont"), ok("continue"))
        XCTAssertEqual(parse(":break 12"), ok("break", .line(12, condition: nil)))
        XCTAssertEqual(parse(":breaks"), ok("breaks"))
        XCTAssertEqual(parse(":b"), .failure(.ambiguous("b", ["break", "breaks"])))
        XCTAssertEqual(parse(":d 1"), .failure(.ambiguous("d", ["delete", "display"])))
    }

    func testBreakWithCondition() {
        XCTAssertEqual(parse(":break 12 if offset > 100"), ok("break", .line(12, condition: "offset > 100")))
        XCTAssertEqual(parse(":break"), .failure(.missingArgument(":break LINE [if EXPR]")))
        XCTAssertEqual(parse(":break x"), .failure(.badNumber(":break LINE [if EXPR]", "x", 100_000_000)))
        XCTAssertEqual(parse(":break 3 when x"), .failure(.unexpectedArguments(":break LINE [if EXPR]")))
    }

    func testLoadAndSave() {
        XCTAssertEqual(parse(":load a.scroll"), ok("load", .fileAndName("a.scroll", nil)))
        XCTAssertEqual(parse(":load \"my file.scroll\" \"pull stretches the header\""),
                       ok("load", .fileAndName("my file.scroll", "pull stretches the header")))
        XCTAssertEqual(parse(":load"), .failure(.missingArgument(":load FILE [SCENARIO]")))
        XCTAssertEqual(parse(":load \"open"), .failure(.missingArgument(":load FILE [SCENARIO]")))
        XCTAssertEqual(parse(":save out.scroll"), ok("save", .file("out.scroll")))
        XCTAssertEqual(parse(":save a b"), .failure(.unexpectedArguments(":save FILE")))
    }

    func testExpressionsAndNumbers() {
        XCTAssertEqual(parse(":watch header.height"), ok("watch", .expression("header.height")))
        XCTAssertEqual(parse(":display  section[0].y + 1 "), ok("display", .expression("section[0].y + 1")))
        XCTAssertEqual(parse(":watch"), .failure(.missingArgument(":watch EXPR")))
        XCTAssertEqual(parse(":undisplay 2"), ok("undisplay", .number(2)))
        XCTAssertEqual(parse(":delete 1"), ok("delete", .number(1)))
        XCTAssertEqual(parse(":help"), ok("help", .topic(nil)))
        XCTAssertEqual(parse(":help step"), ok("help", .topic("step")))
        XCTAssertEqual(parse(":list extra"), .failure(.unexpectedArguments(":list")))
        XCTAssertEqual(parse(":where"), ok("where"))
        XCTAssertEqual(parse(":"), .failure(.missingName))
        XCTAssertEqual(parse(":expect offset, header.height tap.target"), ok("expect", .names(["offset", "header.height", "tap.target"])))
        XCTAssertEqual(parse(":expect"), ok("expect", .names([])))
    }

    func testPictures() {
        XCTAssertEqual(parse(":plot a.svg"), ok("plot", .file("a.svg")))
        XCTAssertEqual(parse(":replay \"my page.html\""), ok("replay", .file("my page.html")))
        XCTAssertEqual(parse(":pl x.svg"), ok("plot", .file("x.svg")))
        XCTAssertEqual(parse(":plot"), .failure(.missingArgument(":plot FILE.svg")))
        XCTAssertEqual(parse(":replay a b"), .failure(.unexpectedArguments(":replay FILE.html")))
    }

    /// A command is built only with arguments of its action's shape.
    func testCommandsAreBuiltWithTheirOwnShapeOnly() {
        XCTAssertNotNil(ColonCommand("step", .count(3)))
        XCTAssertNil(ColonCommand("step", .file("a")))
        XCTAssertNil(ColonCommand("list", .count(1)))
        XCTAssertNil(ColonCommand("nope", .none))
        XCTAssertEqual(ColonCommand("break", .line(4, condition: "offset > 10")),
                       try ColonCommands.parse(":break 4 if offset > 10").get())
    }

    /// The table: 23 commands, unique names, usages as `:help` prints them.
    func testTheTable() {
        let names = ColonCommands.all.map { $0.name }
        XCTAssertEqual(names.count, 23)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(ColonCommands.all.first { $0.name == "load" }?.usage, ":load FILE [SCENARIO]")
        XCTAssertEqual(ColonCommands.all.first { $0.name == "list" }?.usage, ":list")
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
        XCTAssertEqual(all.split(separator: "\n").count, 23 + 2)
        XCTAssertEqual(try ColonCommands.helpText(for: ":q").get(), ":quit\n  leave the REPL (Ctrl-D on an empty line does too)")
        XCTAssertThrowsError(try ColonCommands.helpText(for: "nope").get())
    }
}
