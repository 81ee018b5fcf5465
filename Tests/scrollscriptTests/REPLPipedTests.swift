import XCTest

/// `scrollscript repl` with standard input from a pipe: no prompts, no banner, line by
/// line, exit status 1 when an entry failed.
final class REPLPipedTests: XCTestCase {
    private func run(_ input: String, _ arguments: [String] = ["repl"]) throws -> (status: Int32, out: String, err: String) {
        let r = try CLI.run(arguments, env: ["HOME": NSTemporaryDirectory() + "repl-piped-no-such-home"], stdin: input)
        return (r.status, r.stdout, r.stderr)
    }

    func testHelpOnlySessionSucceedsWithoutPrompts() throws {
        let r = try run(":help quit\r\n:quit\n:help\n")
        XCTAssertEqual(r.out, ":quit\n  leave the REPL (Ctrl-D on an empty line does too)\n")
        XCTAssertEqual(r.status, 0)
    }

    func testAFailedEntryMeansStatus1() throws {
        let r = try run(":help\n:stpe 2")  // last line without a newline still counts
        XCTAssertTrue(r.out.hasSuffix("error: unknown command ':stpe'; did you mean ':step'?\n"), r.out)
        XCTAssertFalse(r.out.contains("scroll> "))
        XCTAssertEqual(r.status, 1)
    }

    func testARealPipedSessionAndItsSavedFilePassRun() throws {
        let dir = NSTemporaryDirectory() + "repl-piped-save-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/session.scroll"
        // b(120) = 120·0.55·667/(667 + 66) = 60.0573: header 240 + 60.06 = 300.06
        let r = try run("header 240 pin 60\npull 120\nheader.height\nexpect header.height ~= 300.06 within 0.01\nexpect offset == 3\n:save \(file)\n")
        XCTAssertEqual(r.status, 1)   // the false expect
        XCTAssertTrue(r.out.hasPrefix("t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging\nheader.height = 300.06\n<repl>:5:1: error: expectation is false\n"), r.out)
        XCTAssertTrue(r.out.hasSuffix("saved \"repl session\" to \(file) (1 configuration, 2 action statements)\n"), r.out)
        let ran = try run("", ["run", file])
        XCTAssertEqual(ran.status, 0, ran.out + ran.err)
        XCTAssertEqual(ran.out, "PASS  \(file)  \"repl session\"  (0.400 s)\n1 passed, 0 failed\n")
    }

    /// The session: the fourth line's error names line 4 (it said 1:1 for every
    /// line). Blank lines and colon commands count: the file's own line numbers.
    func testErrorsNameTheLineOfTheSession() throws {
        let r = try run("toolbar\nfling -900\nwait 0.3\nexpect offset == 5\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.contains("\n<repl>:4:1: error: expectation is false\nexpect offset == 5\n^\n"), r.out)
        let counted = try run("toolbar\n\n:tick 1\n# a comment\nrepeat 2 {\n  wait 1\n  pul 3\n}\n")
        XCTAssertTrue(counted.out.hasSuffix("<repl>:7:3: error: unknown statement 'pul' (did you mean 'pull 3'?)\n  pul 3\n  ^\n"), counted.out)
    }

    func testReplWithAFileLoadsIt() throws {
        let path = CLI.repoRoot.appendingPathComponent("scenarios/000-zoomable-header.scroll").path
        let r = try run(":continue\n", ["repl", path])
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.contains("PASS  \"pull stretches the header, release bounces back\""), r.out)
    }

    func testAHugeLineGetsTheLineTooLongErrorAndTheSessionGoesOn() throws {
        // 1 MiB line: the error the lexer gives a file's too-long line (spec §1: 10 000
        // characters), at column 10 001, the line shown to 40 characters past it + " …".
        let x = String(repeating: "x", count: 1 << 20)
        let r = try run("repeat 2 {\npull " + x + "\n}\ntick\n")
        let shown = "pull " + String(repeating: "x", count: 10_041 - 5) + " …"
        let caret = String(repeating: " ", count: 10_000) + "^"
        // The block the line was in is dropped with it, so the `}` on line 3 is then
        // unexpected; the session goes on (`tick` is one frame, 1/60 s).
        XCTAssertEqual(r.out, "<repl>:2:10001: error: line is longer than 10000 characters\n" + shown + "\n" + caret + "\n"
                       + "<repl>:3:1: error: unexpected '}' (no block is open)\n}\n^\n"
                       + "t=0.017 s\n")
        XCTAssertEqual(r.status, 1)
    }

    func testAWatchExpressionErrorShowsTheTypedExpression() throws {
        // "velocity + " is 11 characters: ofset starts at column 12
        let r = try run(":watch velocity + ofset\n:breaks\n")
        XCTAssertEqual(r.out, "<repl>:1:12: error: unknown name 'ofset' (did you mean 'offset'?)\n"
                       + "velocity + ofset\n" + String(repeating: " ", count: 11) + "^\n"
                       + "no breakpoints or watches\n")
        XCTAssertEqual(r.status, 1)
    }

    func testTooManyArgumentsIsStatus2() throws {
        let r = try run("", ["repl", "a.scroll", "b.scroll"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "error: repl takes at most one FILE\nusage: scrollscript repl [FILE]\n")
    }
}
