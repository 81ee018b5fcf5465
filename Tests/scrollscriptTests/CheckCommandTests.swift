import XCTest

final class CheckCommandTests: TempFolderTestCase {

    func testCleanFileExitsZero() throws {
        try write("ok.scroll", "scene {\n  header 240 pin 60\n  toolbar\n}\nscenario \"a\" {\n  pull 120\n  expect header.height > 240\n}\n")
        let r = try CLI.run(["check", "ok.scroll"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "ok: 1 file, 1 scenario\n")
        XCTAssertEqual(r.stderr, "")
    }

    /// `drag -300 in 500` is valid (500 s) but warned about; a warning fails nothing:
    /// `check` exits 0 and counts it, `run` prints it on standard error and passes, the
    /// github format adds a ::warning, JSON Lines a "warning" object.
    func testAWarningIsPrintedAndFailsNothing() throws {
        try write("w.scroll", "sections 3 rows 40\ndrag -300 in 500\nexpect offset == 300\n")
        let warning = "w.scroll:2:14: warning: 'in 500' is 500 seconds (a number without a unit is seconds here); write '500ms' for milliseconds, or '500s' if seconds are meant\ndrag -300 in 500\n             ^\n"
        let c = try CLI.run(["check", "w.scroll"], in: dir)
        XCTAssertEqual(c.status, 0)
        XCTAssertEqual(c.stdout, "ok: 1 file, 1 scenario, 1 warning\n")
        XCTAssertEqual(c.stderr, warning)
        // Beside an error, in line order; the error decides the status.
        try write("both.scroll", "drag -300 in 500\npul 3\n")
        let b = try CLI.run(["check", "both.scroll"], in: dir)
        XCTAssertEqual(b.status, 2)
        XCTAssertTrue(b.stderr.hasPrefix("both.scroll:1:14: warning: 'in 500'"), b.stderr)
        XCTAssertTrue(b.stderr.hasSuffix("pul 3\n^\n1 error, 1 warning\n"), b.stderr)
        // run: 500 s of drag (30,000 frames) ends at offset 300.
        let r = try CLI.run(["run", "w.scroll"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "PASS  w.scroll  \"w\"  (500.000 s)\n1 passed, 0 failed\n")
        XCTAssertEqual(r.stderr, warning)
        let g = try CLI.run(["run", "--format", "github", "w.scroll"], in: dir)
        XCTAssertEqual(g.status, 0)
        XCTAssertTrue(g.stdout.hasPrefix("::warning file=w.scroll,line=2,col=14::'in 500' is 500 seconds"), g.stdout)
        let j = try CLI.run(["run", "--format", "jsonl", "--junit", "j.xml", "w.scroll"], in: dir)
        XCTAssertEqual(j.status, 0)
        XCTAssertTrue(j.stdout.hasPrefix("{\"type\":\"warning\",\"file\":\"w.scroll\",\"diagnostics\":[{\"file\":\"w.scroll\",\"line\":2,\"column\":14,\"message\":\"'in 500' is 500 seconds"), j.stdout)
        XCTAssertTrue(j.stdout.hasSuffix("{\"type\":\"summary\",\"passed\":1,\"failed\":0,\"errors\":0,\"interrupted\":false,\"exit\":0}\n"), j.stdout)
        let junit = try String(contentsOf: dir.appendingPathComponent("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"1\" failures=\"0\" errors=\"0\""), junit)
        // With several files and jobs, each file's warnings come before its scenarios, in order.
        try write("a.scroll", "pull 10\nexpect offset < 0\n")
        try write("z.scroll", "expect within 90 offset == 0\n")
        let one = try CLI.run(["run", "--jobs", "1", "a.scroll", "w.scroll", "z.scroll"], in: dir)
        let three = try CLI.run(["run", "--jobs", "3", "a.scroll", "w.scroll", "z.scroll"], in: dir)
        XCTAssertEqual(one.stdout, three.stdout)
        XCTAssertEqual(one.stderr, three.stderr)
        XCTAssertEqual(one.stderr.components(separatedBy: ": warning: ").count, 3)
    }

    func testErrorFormatAndExitTwo() throws {
        try write("bad.scroll", "pull 10\npul 3\n")
        let r = try CLI.run(["check", "bad.scroll"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "bad.scroll:2:1: error: unknown statement 'pul' (did you mean 'pull 3'?)\npul 3\n^\n1 error\n")
    }

    /// `check` and `run` stream a file scenario by scenario: an error in the last of 2,000
    /// scenarios is still found, nothing of the file runs, and a clean copy counts them all.
    func testErrorInTheLastScenarioOfALargeFile() throws {
        var text = "scene {\n  sections 3 rows 4\n}\n"
        for k in 0..<2000 { text += "scenario \"s\(k)\" {\n  print \(k)\n  pull 10\n}\n" }
        try write("clean.scroll", text)
        try write("late.scroll", text + "scenario \"last\" {\n  tap row 0 9\n}\n")
        let ok = try CLI.run(["check", "clean.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.stdout, "ok: 1 file, 2000 scenarios\n")
        let bad = try CLI.run(["check", "late.scroll"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("late.scroll:8005:13: error: "), bad.stderr)
        XCTAssertTrue(bad.stderr.hasSuffix("  tap row 0 9\n            ^\n1 error\n"), bad.stderr)
        let run = try CLI.run(["run", "late.scroll", "clean.scroll", "--jobs", "2"], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.hasPrefix("ERROR  late.scroll  (1 error; nothing in this file ran)\nPASS  clean.scroll  \"s0\""), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("2000 passed, 0 failed, 1 error\n"), run.stdout)
        XCTAssertEqual(run.stderr, bad.stderr.replacingOccurrences(of: "1 error\n", with: ""))
    }

    /// `-` is standard input for every command that reads scenario files (one loader), and
    /// they report a bad one alike.
    func testStandardInputIsTheSameForEveryCommand() throws {
        let expected = "<stdin>:1:1: error: unknown statement 'pul' (did you mean 'pull 3'?)\npul 3\n^\n"
        for args in [["check", "-"], ["fmt", "-"], ["run", "-"], ["trace", "-"], ["plot", "-", "-o", "x.svg"], ["replay", "-", "-o", "x.html"], ["explore", "-"]] {
            let r = try CLI.run(args, in: dir, stdin: "pul 3\n")
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix(expected), "\(args): \(r.stderr)")
        }
        // The REPL reads its commands from standard input: `-` is refused with that reason
        // (not looked for as a file named '-'); './-' is the file.
        let repl = try CLI.run(["repl", "-"], in: dir, stdin: "")
        XCTAssertTrue(repl.stdout.hasPrefix("error: cannot read '-': standard input is where the REPL reads its commands"), repl.stdout + repl.stderr)
        try write("-", "pull 10\n")
        let dash = try CLI.run(["repl"], in: dir, stdin: ":load ./-\n")
        XCTAssertFalse(dash.stdout.contains("error"), dash.stdout)
        let trace = try CLI.run(["trace", "-", "--every", "30"], in: dir, stdin: "pull 10\n")
        XCTAssertEqual(trace.status, 0, trace.stderr)
        XCTAssertTrue(trace.stdout.hasPrefix("frame,time,line,phase,offset,"), trace.stdout)
    }

    /// `check -e TEXT` checks TEXT as `run -e` runs it (named `<-e>`, `<-e2>`, ...), beside
    /// paths; `-e` without TEXT is a usage error.
    func testDashEChecksText() throws {
        let bad = try CLI.run(["check", "-e", "pull 10; expect offst > 0"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "<-e>:1:17: error: unknown name 'offst' (did you mean 'offset'?)\npull 10; expect offst > 0\n                ^\n1 error\n")
        // (Each checks something: no v1.5 warning that it checks nothing.)
        try write("ok.scroll", "pull 10\nexpect offset < 0\n")
        let ok = try CLI.run(["check", "ok.scroll", "-e", "tick; expect time > 0", "-e", "header 240; tap header; frames"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "ok: 3 files, 3 scenarios\n")
        XCTAssertEqual(ok.stderr, "")
        let second = try CLI.run(["check", "-e", "tick; frames", "-e", "tap heder"], in: dir)
        XCTAssertTrue(second.stderr.hasPrefix("<-e2>:1:5: error: "), second.stderr)
        let missing = try CLI.run(["check", "-e"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("-e needs an argument"), missing.stderr)
    }

    func testDirectoryIsRecursiveAndSortedByBytes() throws {
        try writeByteOrderFolder(b: "pul 1\n", az: "pul 1\n", B: "pul 1\n", notes: "pul 1\n")
        let r = try CLI.run(["check", "d"], in: dir)
        XCTAssertEqual(r.status, 2)
        let files = r.stderr.split(separator: "\n").filter { $0.contains(": error:") }.map { $0.split(separator: ":")[0] }
        // Byte order: "B" (0x42) < "a" (0x61) < "b" (0x62); notes.txt is not a scenario file.
        XCTAssertEqual(files, ["d/B.scroll", "d/a/z.scroll", "d/b.scroll"])
    }

    func testMissingFile() throws {
        let r = try CLI.run(["check", "nope.scroll"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "scrollscript: cannot read 'nope.scroll': no such file or directory\n")
    }

    func testHelpVersionAndUnknowns() throws {
        let h = try CLI.run(["--help"])
        XCTAssertEqual(h.status, 0)
        for c in ["run", "check", "fmt", "repl"] { XCTAssertTrue(h.stdout.contains("  \(c) "), c) }
        let ch = try CLI.run(["check", "--help"])
        XCTAssertEqual(ch.status, 0)
        XCTAssertTrue(ch.stdout.hasPrefix("usage: scrollscript check [PATH ...] [-e TEXT] [-]"))
        let v = try CLI.run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertTrue(v.stdout.hasPrefix("scrollscript "))
        let u = try CLI.run(["chek"])
        XCTAssertEqual(u.status, 2)
        XCTAssertEqual(u.stderr, "scrollscript: unknown command 'chek' (did you mean 'check'?); see 'scrollscript --help'\n")
        let f = try CLI.run(["--frobnicate"])
        XCTAssertEqual(f.status, 2)
        XCTAssertEqual(f.stderr, "scrollscript: unknown option '--frobnicate'; see 'scrollscript --help'\n")
        // '--versoin' is one swap from '--version'
        let vt = try CLI.run(["--versoin"])
        XCTAssertEqual(vt.status, 2)
        XCTAssertEqual(vt.stderr, "scrollscript: unknown option '--versoin' (did you mean '--version'?); see 'scrollscript --help'\n")
        let cf = try CLI.run(["check", "--bogus", "x.scroll"])
        XCTAssertEqual(cf.status, 2)
        XCTAssertEqual(cf.stderr, "scrollscript: check: unknown option '--bogus'; see 'scrollscript check --help'\n")
        let none = try CLI.run(["check"])
        XCTAssertEqual(none.status, 2)
        // Its usage is the help's, --strict included.
        XCTAssertEqual(none.stderr, "scrollscript: check: no files given (usage: scrollscript check [PATH ...] [-e TEXT] [-] [--strict]); see 'scrollscript --help'\n")
    }

    func testOutputIsDeterministic() throws {
        try write("a.scroll", "pull 2s\nwait 20pt\nexpect offset == hidden\npul 1\n")
        let a = try CLI.run(["check", "a.scroll"], in: dir)
        let b = try CLI.run(["check", "a.scroll"], in: dir)
        XCTAssertEqual(a.stderr, b.stderr)
        XCTAssertEqual(a.stderr.components(separatedBy: ": error: ").count - 1, 4)
    }

    // MARK: - Catalogue of bad input: exit 2, the right place, never a crash or hang.

    /// Checks `data` as `name`; asserts exit 2 and that the first diagnostic is at `line:col`.
    func assertBad(_ name: String, _ data: Data, _ line: Int, _ col: Int, _ message: String? = nil,
                   file: StaticString = #filePath, fileLine: UInt = #line) throws {
        try write(name, data)
        let r = try CLI.run(["check", name], in: dir)
        XCTAssertEqual(r.status, 2, name, file: file, line: fileLine)
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("\(name):\(line):\(col): error: "), "\(name): \(first.prefix(200))", file: file, line: fileLine)
        if let message {
            XCTAssertTrue(first.hasSuffix(message), "\(name): \(first.prefix(200))", file: file, line: fileLine)
        }
    }

    func testCatalogueTyposAndUnits() throws {
        try assertBad("typo.scroll", Data("settle\nexepct offset > 0\n".utf8), 2, 1, "unknown statement 'exepct' (did you mean 'expect offset > 0'?)")
        try assertBad("unit.scroll", Data("pull 2s\n".utf8), 1, 6, "pull takes a distance (pt), found a duration (s)")
        try assertBad("unknownunit.scroll", Data("wait 3min\n".utf8), 1, 7, "'min' is not a unit (did you mean 'wait 180s'? a unit is glued to its number: s, ms or pt)")
    }

    func testCatalogueDeepParens() throws {
        // 100,000 '(' on one line: the line limit (10,000 characters) stops it first; the
        // parser still must not crash on it.
        let text = "expect " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + " == 1\n"
        try assertBad("deep.scroll", Data(text.utf8), 1, 10_001, "line is longer than 10000 characters")
        // 300 '(' fit a line: the 257th is too deep. "expect " is 7 columns: 7 + 257 = 264.
        let short = "expect " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + " == 1\n"
        try assertBad("deep300.scroll", Data(short.utf8), 1, 264, "expression nests too deeply (more than 256 levels)")
        // Unary minus counts too: "print " is 6 columns, the 257th '-' is at 263.
        try assertBad("minus.scroll", Data(("print " + String(repeating: "-", count: 5000) + "1\n").utf8), 1, 263,
                      "expression nests too deeply (more than 256 levels)")
    }

    func testCatalogueLongChain() throws {
        // A chain of 1,000,000 terms on one line: the line limit reports it.
        let text = "print " + Array(repeating: "1", count: 1_000_000).joined(separator: "+") + "\n"
        try assertBad("chain.scroll", Data(text.utf8), 1, 10_001, "line is longer than 10000 characters")
        // 1,000 terms: the 257th '+' is too deep. "print " is 6 columns, each "1+" is 2: the
        // k-th '+' stands at column 6 + 2k, so the 257th at 520.
        let short = "print " + Array(repeating: "1", count: 1_000).joined(separator: "+") + "\n"
        try assertBad("chain1000.scroll", Data(short.utf8), 1, 520, "expression nests too deeply (more than 256 levels)")
        // 1,000,000 terms split over lines by 'and' is still one expression per line; a
        // million one-term statements parse fine and the first problem is reported.
        let many = String(repeating: "print 1+1+1+1+1+1+1+1\n", count: 100_000) + "pul 1\n"
        try assertBad("many.scroll", Data(many.utf8), 100_001, 1, "unknown statement 'pul' (did you mean 'pull 1'?)")
    }

    func testCatalogueDeepBlocks() throws {
        // 100,000 nested repeats, one per line: the 257th '{' (line 257, column 10) is too deep.
        let text = String(repeating: "repeat 1 {\n", count: 100_000) + "settle\n" + String(repeating: "}\n", count: 100_000)
        try assertBad("blocks.scroll", Data(text.utf8), 257, 10, "blocks nest too deeply (more than 256 levels)")
        try assertBad("braces.scroll", Data(String(repeating: "{\n", count: 100_000).utf8), 1, 1, "expected a statement, found '{'")
    }

    func testCatalogueHugeLiterals() throws {
        try assertBad("huge.scroll", Data("pull 1e400\n".utf8), 1, 6, "number 1e400 is too large")
        try assertBad("wait.scroll", Data("wait 100000\n".utf8), 1, 6, "wait is longer than 24 hours (100000 s)")
        try assertBad("digits.scroll", Data(("pull " + String(repeating: "9", count: 400) + "\n").utf8), 1, 6)
    }

    func testCatalogueLongLine() throws {
        let text = "print " + String(repeating: "a", count: 20_000) + "\n"
        try write("long.scroll", text)
        let r = try CLI.run(["check", "long.scroll"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("long.scroll:1:10001: error: line is longer than 10000 characters\n"))
        try assertBad("long2.scroll", Data(("pull 1 " + String(repeating: " ", count: 20_000) + "\n").utf8), 1, 10_001)
    }

    func testCatalogueInvalidUTF8() throws {
        var d = Data("settle\nprint \"caf".utf8)
        d.append(contentsOf: [0xE9, 0x22, 0x0A])  // Latin-1 é: not UTF-8
        try assertBad("latin1.scroll", d, 2, 11, "invalid UTF-8 byte 0xE9")
        try assertBad("stray.scroll", Data([0x70, 0x75, 0x6C, 0x6C, 0x20, 0xFF, 0x0A]), 1, 6, "invalid UTF-8 byte 0xFF")
    }

    func testCatalogueUnclosed() throws {
        try assertBad("block.scroll", Data("scenario \"a\" {\n  pull 1\n".utf8), 1, 14, "'{' is never closed (missing '}')")
        try assertBad("string.scroll", Data("settle\nprint \"abc\n".utf8), 2, 7, "unterminated string")
        try assertBad("paren.scroll", Data("expect (offset > 1\n".utf8), 1, 19)
    }

    func testCatalogueEmpty() throws {
        try assertBad("empty.scroll", Data(), 1, 1, "no scenario found (the file has no statements)")
        try assertBad("comments.scroll", Data("# only a comment\n".utf8), 1, 1, "no scenario found (the file has no statements)")
    }
}
