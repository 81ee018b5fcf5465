import XCTest

/// Spec v1.5 §5 warnings and `--strict` (§7), end to end: the built binary on real files,
/// `check` and `run`, in text, jsonl, github and JUnit. Without `--strict` a warning is
/// printed with its fix and fails nothing; with it, it is an error (exit 2) and the file
/// runs nothing. (The checker's rules in detail: ScrollScriptTests/Check/NothingCheckedWarningTests.)
final class WarningsCLITests: TempFolderTestCase {
    /// One file per kind of warning, each with one scenario and that one warning: where it
    /// is, its message (written out by hand from grammar.md §6), the source line and the
    /// caret, and the PASS line `run` gives it without `--strict`.
    struct Case {
        var file: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var source: String
        var caret: String
        var pass: String
    }

    static let cases: [Case] = [
        // fling -900: 0.1 s = 6 frames; wait 0.3s: 18 frames; 24/60 = 0.400 s.
        Case(file: "lone.scroll", text: "toolbar\nfling -900\nwait 0.3s\ntoolbar.state == hidden\n", line: 4, column: 1,
             message: "this condition checks nothing (a file drops its value; only the REPL prints it); did you mean 'expect toolbar.state == hidden'?",
             source: "toolbar.state == hidden", caret: "^", pass: "PASS  lone.scroll  \"lone\"  (0.400 s)"),
        Case(file: "wrapped.scroll", text: "toolbar\nfling -900\nwait 0.3s\nexpect toolbar.state == hidden\n  toolbar.y == 667\n", line: 5, column: 3,
             message: "this condition checks nothing: an 'expect' ends at the end of its line, so this line does not continue the 'expect' on line 4; did you mean 'expect toolbar.y == 667'? (or join the two with 'and' on line 4)",
             source: "  toolbar.y == 667", caret: "  ^", pass: "PASS  wrapped.scroll  \"wrapped\"  (0.400 s)"),
        // pull 100 at drag.speed 300 pt/s: 1/3 s = 20 frames = 0.333 s.
        Case(file: "comment.scroll", text: "scenario \"pulls\" {\n  pull 100\n  #expect(offset < 0)\n}\n", line: 3, column: 3,
             message: "'#expect' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect offset < 0'?",
             source: "  #expect(offset < 0)", caret: "  ^", pass: "PASS  comment.scroll  \"pulls\"  (0.333 s)"),
        Case(file: "nothing.scroll", text: "scenario \"gestures only\" {\n  pull 100\n}\n", line: 1, column: 1,
             message: "scenario \"gestures only\" checks nothing: it has no 'expect' (nor 'print' or 'frames'), so it passes whenever its actions can run; add an 'expect' for what it should show",
             source: "scenario \"gestures only\" {", caret: "^", pass: "PASS  nothing.scroll  \"gestures only\"  (0.333 s)"),
        // 300 s = 5 minutes (18,000 frames).
        Case(file: "wait.scroll", text: "wait 300\nexpect time == 300\n", line: 1, column: 6,
             message: "'wait 300' is 5 minutes (a number without a unit is seconds); did you mean 'wait 300ms'? (write 'wait 300s' if seconds are meant)",
             source: "wait 300", caret: "     ^", pass: "PASS  wait.scroll  \"wait\"  (300.000 s)"),
    ]

    /// `"` and `\` escaped as JSON writes them.
    private func json(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// `&`, `<`, `>`, `"`, `'` as the JUnit writer escapes an attribute (text: the first three).
    private func xml(_ s: String, attribute: Bool = false) -> String {
        var t = s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        if attribute { t = t.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;") }
        return t
    }

    private func rendered(_ c: Case, _ severity: String, _ suffix: String = "") -> String {
        "\(c.file):\(c.line):\(c.column): \(severity): \(c.message)\(suffix)\n\(c.source)\n\(c.caret)\n"
    }

    func testEachWarningIsPrintedWithItsFixAndFailsNothing() throws {
        for c in Self.cases {
            try write(c.file, c.text)
            let warning = rendered(c, "warning")
            let check = try CLI.run(["check", c.file], in: dir)
            XCTAssertEqual(check.status, 0, c.file)
            XCTAssertEqual(check.stdout, "ok: 1 file, 1 scenario, 1 warning\n", c.file)
            XCTAssertEqual(check.stderr, warning, c.file)

            let run = try CLI.run(["run", c.file], in: dir)
            XCTAssertEqual(run.status, 0, c.file)
            XCTAssertEqual(run.stdout, "\(c.pass)\n1 passed, 0 failed\n", c.file)
            XCTAssertEqual(run.stderr, warning, c.file)

            let github = try CLI.run(["run", "--format", "github", c.file], in: dir)
            XCTAssertEqual(github.status, 0, c.file)
            XCTAssertEqual(github.stdout, "::warning file=\(c.file),line=\(c.line),col=\(c.column)::\(c.message)\n\(c.pass)\n1 passed, 0 failed\n", c.file)

            let jsonl = try CLI.run(["run", "--format", "jsonl", "--junit", "report.xml", c.file], in: dir)
            XCTAssertEqual(jsonl.status, 0, c.file)
            let lines = jsonl.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, jsonl.stdout)
            XCTAssertEqual(lines.first, "{\"type\":\"warning\",\"file\":\"\(c.file)\",\"diagnostics\":[{\"file\":\"\(c.file)\",\"line\":\(c.line),\"column\":\(c.column),\"message\":\"\(json(c.message))\"}]}")
            XCTAssertTrue(lines[1].hasPrefix("{\"type\":\"scenario\",\"file\":\"\(c.file)\""), lines[1])
            XCTAssertTrue(lines[1].contains("\"status\":\"passed\""), lines[1])
            XCTAssertEqual(lines.last, "{\"type\":\"summary\",\"passed\":1,\"failed\":0,\"errors\":0,\"interrupted\":false,\"exit\":0}")
            // JUnit: the test case passes; the warning ends the file's testsuite, as <system-err>.
            let junit = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
            XCTAssertTrue(junit.contains("<testsuites name=\"scrollscript\" tests=\"1\" failures=\"0\" errors=\"0\""), junit)
            XCTAssertTrue(junit.contains("    </testcase>\n    <system-err>\(xml(warning))</system-err>\n  </testsuite>\n"), junit)
        }
    }

    func testStrictMakesEachWarningAnErrorOfItsFile() throws {
        for c in Self.cases {
            try write(c.file, c.text)
            let error = rendered(c, "error", " [--strict]")
            let summary = "1 warning (an error with --strict); nothing in this file ran"
            let check = try CLI.run(["check", "--strict", c.file], in: dir)
            XCTAssertEqual(check.status, 2, c.file)
            XCTAssertEqual(check.stdout, "", c.file)
            XCTAssertEqual(check.stderr, error + "1 warning (an error with --strict)\n", c.file)

            let run = try CLI.run(["run", "--strict", c.file], in: dir)
            XCTAssertEqual(run.status, 2, c.file)
            XCTAssertEqual(run.stdout, "ERROR  \(c.file)  (\(summary))\nfailures:\n  ERROR  \(c.file)  (nothing in it ran)\n0 passed, 0 failed, 1 error\n", c.file)
            XCTAssertEqual(run.stderr, error, c.file)

            let github = try CLI.run(["run", "--strict", "--format", "github", c.file], in: dir)
            XCTAssertEqual(github.status, 2, c.file)
            XCTAssertTrue(github.stdout.hasPrefix("ERROR  \(c.file)  (\(summary))\n::error file=\(c.file),line=\(c.line),col=\(c.column)::\(c.message) [--strict]\n"), github.stdout)

            let jsonl = try CLI.run(["run", "--strict", "--format", "jsonl", "--junit", "report.xml", c.file], in: dir)
            XCTAssertEqual(jsonl.status, 2, c.file)
            XCTAssertEqual(jsonl.stdout, "{\"type\":\"error\",\"file\":\"\(c.file)\",\"message\":\"\(summary)\",\"diagnostics\":[{\"file\":\"\(c.file)\",\"line\":\(c.line),\"column\":\(c.column),\"message\":\"\(json(c.message)) [--strict]\",\"strict\":true}]}\n"
                           + "{\"type\":\"summary\",\"passed\":0,\"failed\":0,\"errors\":1,\"interrupted\":false,\"exit\":2}\n")
            let junit = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
            XCTAssertTrue(junit.contains("<testsuites name=\"scrollscript\" tests=\"1\" failures=\"0\" errors=\"1\""), junit)
            XCTAssertTrue(junit.contains("<error message=\"\(xml(summary, attribute: true))\" type=\"check\">\(xml(error))</error>"), junit)
            XCTAssertFalse(junit.contains("<system-err>"), junit)
        }
    }

    /// The same warnings in several files at once: without `--strict` every file runs; with
    /// it the files that warn run nothing and the others run, in order, whatever `--jobs`.
    func testStrictAmongCleanFiles() throws {
        for c in Self.cases { try write("d/" + c.file, c.text) }
        try write("d/clean.scroll", "scenario \"pull\" {\n  pull 100\n  expect offset < 0\n}\n")
        let loose = try CLI.run(["run", "d"], in: dir)
        XCTAssertEqual(loose.status, 0)
        XCTAssertTrue(loose.stdout.hasSuffix("6 passed, 0 failed\n"), loose.stdout)
        XCTAssertEqual(loose.stderr.components(separatedBy: ": warning: ").count, 6)
        let one = try CLI.run(["run", "--strict", "--jobs", "1", "d"], in: dir)
        let three = try CLI.run(["run", "--strict", "--jobs", "3", "d"], in: dir)
        XCTAssertEqual(one.status, 2)
        XCTAssertEqual(one.stdout, three.stdout)
        XCTAssertEqual(one.stderr, three.stderr)
        XCTAssertEqual(one.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ERROR  d/") }.count, 5, one.stdout)
        XCTAssertTrue(one.stdout.contains("PASS  d/clean.scroll  \"pull\"  (0.333 s)\n"), one.stdout)
        XCTAssertTrue(one.stdout.hasSuffix("1 passed, 0 failed, 5 errors\n"), one.stdout)
        XCTAssertFalse(one.stderr.contains(": warning: "), one.stderr)
        let check = try CLI.run(["check", "--strict", "d"], in: dir)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.hasSuffix("\n5 warnings (errors with --strict)\n"), check.stderr)
        // An error beside a warning: both are errors under --strict, counted apart.
        try write("both.scroll", "wait 300\npul 3\n")
        let both = try CLI.run(["check", "--strict", "both.scroll"], in: dir)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("both.scroll:1:6: error: 'wait 300' is 5 minutes"), both.stderr)
        XCTAssertTrue(both.stderr.hasSuffix("pul 3\n^\n1 error, 1 warning (an error with --strict)\n"), both.stderr)
        let bothRun = try CLI.run(["run", "--strict", "both.scroll"], in: dir)
        XCTAssertTrue(bothRun.stdout.hasPrefix("ERROR  both.scroll  (1 error, 1 warning (an error with --strict); nothing in this file ran)\n"), bothRun.stdout)
        // --list under --strict says which files would not run.
        let list = try CLI.run(["run", "--strict", "--list", "d/wait.scroll", "d/clean.scroll"], in: dir)
        XCTAssertEqual(list.status, 2)
        XCTAssertEqual(list.stdout, "ERROR  d/wait.scroll  (1 warning (an error with --strict); nothing in this file ran)\nd/clean.scroll  \"pull\"\n")
    }

    /// What checks something is not warned about: `check --strict` and `run --strict` pass it.
    func testTheMustNotWarnSetPassesStrict() throws {
        try write("fine.scroll", """
        # We expect the toolbar to hide (prose: a space after '#').
        scene {
          toolbar
        }

        scenario "expect on one line" {
          fling -900
          wait 0.3s
          expect toolbar.state == hidden and toolbar.y == 667
        }

        scenario "waits" {
          wait 300ms
          wait 99
          expect time ~= 99.3
        }

        scenario "only prints" {
          pull 100
          print offset
        }

        scenario "comment mentions expect" {
          # expect offset == 0 is left out on purpose; #expectations below
          frames
        }

        """)
        let check = try CLI.run(["check", "--strict", "fine.scroll"], in: dir)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout, "ok: 1 file, 4 scenarios\n")
        XCTAssertEqual(check.stderr, "")
        let run = try CLI.run(["run", "--strict", "fine.scroll"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasSuffix("4 passed, 0 failed\n"), run.stdout)
        XCTAssertEqual(run.stderr, "")
    }

    /// Every shipped scenario checks something: `check --strict` passes scenarios/, and so
    /// does `run --strict --list` (every file would run).
    func testShippedScenariosPassCheckStrict() throws {
        let check = try CLI.run(["check", "--strict", "scenarios"], in: CLI.repoRoot)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("ok: "), check.stdout)
        XCTAssertFalse(check.stdout.contains("warning"), check.stdout)
        XCTAssertEqual(check.stderr, "")
        let list = try CLI.run(["run", "--strict", "--list", "scenarios"], in: CLI.repoRoot)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertFalse(list.stdout.contains("ERROR"), list.stdout)
    }

    /// The REPL, in a real pseudo-terminal, still prints a condition or value typed alone
    /// (no warning: that is what it is for there); `wait 300` is warned about before what
    /// the entry printed.
    func testTheReplPrintsALoneConditionAndWarnsOfALongWait() throws {
        try PseudoTerminal.withRepl("repl-warnings") { term, _ in
            term.enter("toolbar", thenPrompt: 2)
            term.type("toolbar.state == shown\r", until: .once("true\r\n"), .prompt(after: "true\r\n"))
            term.type("offset\r", until: .once("offset = 0.00"), .prompt(after: "offset = 0.00"))
            XCTAssertFalse(term.transcript.contains("warning"), term.transcript)
            term.type("wait 300\r", until: .once("warning: 'wait 300' is 5 minutes (a number without a unit is seconds); did you mean 'wait 300ms'?"),
                      .prompt(after: "did you mean 'wait 300ms'?"))
        }
    }

    func testStrictIsAnOptionOfCheckAndRunOnly() throws {
        let c = try CLI.run(["check", "--strct", "x.scroll"], in: dir)
        XCTAssertEqual(c.status, 2)
        XCTAssertTrue(c.stderr.contains("did you mean '--strict'"), c.stderr)
        let help = try CLI.run(["check", "--help"], in: dir)
        XCTAssertTrue(help.stdout.contains("--strict"), help.stdout)
        let runHelp = try CLI.run(["run", "--help"], in: dir)
        XCTAssertTrue(runHelp.stdout.contains("--strict"), runHelp.stdout)
        try write("w.scroll", "wait 300\nexpect true\n")
        let trace = try CLI.run(["trace", "w.scroll", "--strict"], in: dir)
        XCTAssertEqual(trace.status, 2)
    }
}
