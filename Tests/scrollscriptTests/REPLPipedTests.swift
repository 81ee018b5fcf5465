import XCTest

/// `scrollscript repl` with standard input from a pipe: no prompts, no banner, line by
/// line, exit status 1 when an entry failed.
final class REPLPipedTests: XCTestCase {
    private func run(_ input: String, _ arguments: [String] = ["repl"]) throws -> (status: Int32, out: String, err: String) {
        var bin = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            bin = bundle.bundleURL.deletingLastPathComponent()
        }
        let process = Process()
        process.executableURL = bin.appendingPathComponent("scrollscript")
        process.arguments = arguments
        process.environment = ["HOME": NSTemporaryDirectory() + "repl-piped-no-such-home", "PATH": "/usr/bin:/bin"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
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

    func testTooManyArgumentsIsStatus2() throws {
        let r = try run("", ["repl", "a.scroll", "b.scroll"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "error: repl takes at most one FILE\nusage: scrollscript repl [FILE]\n")
    }
}
