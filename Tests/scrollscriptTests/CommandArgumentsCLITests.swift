import XCTest

/// The one argument reader every command uses (Sources/scrollscript/CommandArguments.swift),
/// end to end: after `--` every argument is a file, whatever it looks like; run's
/// `--option=value` is `--option value`, and only for its own options; a value missing at
/// the end, an unknown option and a second FILE are usage errors (exit 2), each said once,
/// in the command's own words. The expected lines are the help texts' and `usageError`'s
/// formats, written out here.
final class CommandArgumentsCLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("args-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "scenario \"one\" {\n  drag -100\n  expect offset == 100\n}\n".write(to: dir.appendingPathComponent("a.scroll"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func run(_ args: [String]) throws -> CLI.Output { try CLI.run(args, in: dir) }

    /// After `--`, `-x` is the name of a file (there is none): each command says it cannot
    /// read it, not that the option is unknown.
    func testAfterTwoDashesEveryArgumentIsAFile() throws {
        for command in ["check", "fmt"] {
            let o = try run([command, "--", "-x"])
            XCTAssertEqual(o.status, 2, command)
            XCTAssertTrue(o.stderr.hasPrefix("scrollscript: cannot read '-x': no such file or directory\n"), "\(command): \(o.stderr)")
            XCTAssertFalse(o.stderr.contains("unknown option"), o.stderr)
        }
        // Before `--` the same word is an option, and not one of fmt's.
        let o = try run(["fmt", "-x"])
        XCTAssertEqual(o.status, 2)
        XCTAssertEqual(o.stderr, "scrollscript: fmt: unknown option '-x'; see 'scrollscript fmt --help'\n")
    }

    /// `run --jobs=2` is `run --jobs 2`; `--jobs=0` is refused with the value after `=`;
    /// a `--name=value` that is not one of run's options is unknown as written.
    func testRunReadsOptionEqualsValue() throws {
        let ok = try run(["run", "--jobs=2", "a.scroll"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("one"), ok.stdout)
        let zero = try run(["run", "--jobs=0", "a.scroll"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "scrollscript: run: --jobs takes a whole number from 1 to 256, not '0'; see 'scrollscript --help'\n")
        let unknown = try run(["run", "--frobnicate=1", "a.scroll"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("scrollscript: run: unknown option '--frobnicate=1'"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
    }

    /// An option that takes a value, last on the line: `CMD: OPTION needs an argument`.
    func testAValueMissingAtTheEnd() throws {
        for (args, message) in [(["check", "a.scroll", "-e"], "check: -e needs an argument"),
                                (["run", "a.scroll", "--filter"], "run: --filter needs an argument"),
                                (["explore", "a.scroll", "--runs"], "explore: --runs needs an argument"),
                                (["trace", "a.scroll", "--every"], "trace: --every needs an argument"),
                                (["plot", "a.scroll", "-o"], "plot: -o needs an argument")] {
            let o = try run(args)
            XCTAssertEqual(o.status, 2, "\(args)")
            XCTAssertEqual(o.stderr, "scrollscript: \(message); see 'scrollscript --help'\n", "\(args)")
            XCTAssertEqual(o.stdout, "", "\(args)")
        }
    }

    /// explore and the picture commands take one FILE; the second is named, even after `--`.
    func testOneFileCommandsNameTheSecondFile() throws {
        let e = try run(["explore", "a.scroll", "--", "-o"])
        XCTAssertEqual(e.status, 2)
        XCTAssertEqual(e.stderr, "scrollscript: explore: one FILE at a time ('a.scroll' and '-o'); see 'scrollscript --help'\n")
        let t = try run(["trace", "a.scroll", "b.scroll"])
        XCTAssertEqual(t.status, 2)
        XCTAssertEqual(t.stderr, "scrollscript: trace: one FILE only ('b.scroll' is a second); see 'scrollscript --help'\n")
    }

    /// The first problem on the line is the one said: here the unknown option comes before
    /// the missing value.
    func testTheFirstProblemIsSaid() throws {
        let o = try run(["check", "--strictt", "a.scroll", "-e"])
        XCTAssertEqual(o.status, 2)
        XCTAssertEqual(o.stderr, "scrollscript: check: unknown option '--strictt' (did you mean '--strict'?); see 'scrollscript check --help'\n")
    }
}
