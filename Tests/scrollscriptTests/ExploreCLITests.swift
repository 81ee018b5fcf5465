import XCTest

/// `scrollscript explore` end to end on real files: the counterexample it prints is a file
/// that `scrollscript run` fails at its invariant; same bytes for the same seed whatever
/// `--jobs`; exit statuses; the progress line only on a terminal.
final class ExploreCLITests: XCTestCase {
    static let root = CLI.repoRoot
    static let bodyLags = "Tests/scrollscriptTests/Scenarios/explore/planted-002-body-lags.scroll"
    static let multi = "Tests/scrollscriptTests/Scenarios/explore/planted-004-multi-accordion.scroll"

    func run(_ args: [String], in dir: URL = ExploreCLITests.root, stdin: String? = nil) throws -> CLI.Output {
        try CLI.run(args, in: dir, stdin: stdin, timeout: 300)
    }

    func testPlantedBugIsFoundShrunkAndFailsUnderRun() throws {
        let o = try run(["explore", Self.bodyLags, "--seed", "3"])
        XCTAssertEqual(o.status, 1, o.stderr)
        // The last lines of the scenario: the invariant, `tap header`, one frame.
        XCTAssertTrue(o.stdout.hasSuffix("""
              expect always (section[0].y ~= header.bottom within 0.01) or header.bottom <= 0
              tap header
              tick
            }

            """), o.stdout)
        XCTAssertTrue(o.stdout.hasPrefix("# Found by `scrollscript explore` in \(Self.bodyLags), scenario \"section 0 stays under the toggling header\":\n# seed 3, run "), o.stdout)
        XCTAssertFalse(o.stdout.contains("wall-clock"))
        // The summary on stderr: figures, the invariant's location, then the wall clock on its own line.
        let lines = o.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, o.stderr)
        XCTAssertTrue(lines[0].contains(" runs, ") && lines[0].contains(" steps, ") && lines[0].contains(" frames, seed 3: run "), lines[0])
        XCTAssertTrue(lines[0].contains("broke the invariant at \(Self.bodyLags):12:3 (invariant broken at t = 0.017 s); shrunk "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("explore: run ") && lines[1].contains(" as found: ") && lines[1].contains("tap header"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("explore: wall-clock "), lines[2])
        XCTAssertFalse(o.stderr.contains("\r"), "no progress line when stderr is not a terminal")

        // Written with -o, it is the same text, and `run` fails it at the invariant.
        let dir = try CLI.tempDir()
        let out = dir.appendingPathComponent("ce.scroll")
        let w = try run(["explore", Self.bodyLags, "--seed", "3", "-o", out.path])
        XCTAssertEqual(w.status, 1)
        XCTAssertEqual(w.stdout, "")
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), o.stdout)
        XCTAssertTrue(w.stderr.contains("explore: counterexample written to \(out.path)\n"))
        let r = try run(["run", "ce.scroll"], in: dir)
        XCTAssertEqual(r.status, 1)
        let textLines = o.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let invLine = (textLines.firstIndex { $0.hasPrefix("  expect always") } ?? -2) + 1
        XCTAssertTrue(r.stdout.contains("ce.scroll:\(invLine):3: error: invariant broken at t = 0.017 s\n"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("0 passed, 1 failed\n"))
        // And the written file is already in `fmt`'s layout.
        let f = try run(["fmt", "--check", "ce.scroll"], in: dir)
        XCTAssertEqual(f.status, 0, f.stdout + f.stderr)
    }

    func testSameBytesWhateverTheJobs() throws {
        let a = try run(["explore", Self.multi, "--seed", "7", "--jobs", "1"])
        let b = try run(["explore", Self.multi, "--seed", "7", "--jobs", "4"])
        let c = try run(["explore", Self.multi, "--seed", "7"])
        XCTAssertEqual(a.status, 1)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertEqual(a.stdout, c.stdout)
        // The summary's first line (no time in it) is the same too.
        XCTAssertEqual(a.stderr.split(separator: "\n").first, b.stderr.split(separator: "\n").first)
        XCTAssertTrue(a.stdout.hasSuffix("  tick\n}\n"), a.stdout)
        let d = try run(["explore", Self.multi, "--seed", "8", "--jobs", "2"])
        XCTAssertEqual(d.status, 1)
        XCTAssertTrue(d.stdout.contains("# seed 8, run "))
    }

    func testShippedPropertyPasses() throws {
        let o = try run(["explore", "scenarios/053-explore-safari-toolbar.scroll", "--scenario", "the toolbar never rests part-shown", "--runs", "300", "--seed", "42"])
        XCTAssertEqual(o.status, 0, o.stdout + o.stderr)
        XCTAssertEqual(o.stdout, "")
        XCTAssertTrue(o.stderr.hasPrefix("explore: scenarios/053-explore-safari-toolbar.scroll \"the toolbar never rests part-shown\": 300 runs, "), o.stderr)
        XCTAssertTrue(o.stderr.contains(", seed 42: no invariant broken\n"), o.stderr)
    }

    func testReadsStandardInput() throws {
        let text = "accordion\nsection \"a\" rows 1 closed\nsection \"b\" rows 1 closed\nexpect always not (section[0].open and section[1].open)\n"
        let o = try run(["explore", "-", "--seed", "1"], stdin: text)
        XCTAssertEqual(o.status, 1, o.stderr)
        XCTAssertTrue(o.stdout.contains("scenario \"<stdin> (counterexample)\" {") || o.stdout.contains("(counterexample)"), o.stdout)
        XCTAssertTrue(o.stdout.hasSuffix("  tick\n}\n"), o.stdout)
    }

    func testUsageAndFileErrors() throws {
        let cases: [([String], String)] = [
            (["explore"], "scrollscript: explore: no FILE given (usage: scrollscript explore FILE [options]); see 'scrollscript --help'\n"),
            (["explore", Self.multi, "--runs", "0"], "scrollscript: explore: --runs needs a whole number from 1 to 10000000, not '0'; see 'scrollscript --help'\n"),
            (["explore", Self.multi, "--steps", "x"], "scrollscript: explore: --steps needs a whole number from 1 to 10000, not 'x'; see 'scrollscript --help'\n"),
            (["explore", Self.multi, "--seed", "-1"], "scrollscript: explore: --seed needs a whole number from 0 to 18446744073709551615, not '-1'; see 'scrollscript --help'\n"),
            (["explore", Self.multi, "--jobs"], "scrollscript: explore: --jobs needs an argument; see 'scrollscript --help'\n"),
            (["explore", Self.multi, "--sede", "1"], "scrollscript: explore: unknown option '--sede' (did you mean '--seed'?); see 'scrollscript explore --help'\n"),
            (["explore", Self.multi, Self.bodyLags], "scrollscript: explore: one FILE at a time ('\(Self.multi)' and '\(Self.bodyLags)'); see 'scrollscript --help'\n"),
            (["explore", "no-such.scroll"], "scrollscript: cannot read 'no-such.scroll': no such file or directory\n"),
            (["explore", "scenarios/000-zoomable-header.scroll"], "scrollscript: explore: no scenario of scenarios/000-zoomable-header.scroll has an 'expect always' line: there is no property to explore\n"),
            (["explore", Self.multi, "--scenario", "one line"], "scrollscript: explore: \(Self.multi) has no scenario named \"one line\" (did you mean 'one line open at a time'?)\n"),
        ]
        for (args, err) in cases {
            let o = try run(args)
            XCTAssertEqual(o.status, 2, "\(args): \(o.stderr)")
            XCTAssertEqual(o.stdout, "", "\(args)")
            XCTAssertEqual(o.stderr, err, "\(args)")
        }
        // A file error on OUT: the system's reason, exit 2, nothing on stdout.
        let w = try run(["explore", Self.multi, "-o", "/nonexistent-dir/ce.scroll"])
        XCTAssertEqual(w.status, 2)
        XCTAssertEqual(w.stdout, "")
        XCTAssertTrue(w.stderr.hasSuffix("scrollscript: explore: cannot write '/nonexistent-dir/ce.scroll': no such file or directory\n"), w.stderr)
        // OUT may not be the file explored (through another spelling of its path either).
        let dir = try CLI.tempDir()
        let text = try String(contentsOf: Self.root.appendingPathComponent(Self.multi), encoding: .utf8)
        try text.write(to: dir.appendingPathComponent("p.scroll"), atomically: false, encoding: .utf8)
        let same = try run(["explore", "p.scroll", "-o", "./p.scroll"], in: dir)
        XCTAssertEqual(same.status, 2)
        XCTAssertEqual(same.stderr, "scrollscript: explore: -o ./p.scroll is the file being explored; write the counterexample to another file; see 'scrollscript --help'\n")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("p.scroll"), encoding: .utf8), text)
        let help = try run(["explore", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: scrollscript explore FILE [--scenario NAME] [--runs N] [--steps M] [--seed S]"))
        let main = try run(["--help"])
        XCTAssertTrue(main.stdout.contains("  explore "), main.stdout)
    }

    /// On a terminal, a progress line (rewritten with a carriage return and cleared at the
    /// end) goes to standard error; util-linux `script` gives the command a pty.
    func testProgressLineOnATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: /usr/bin/script (util-linux) is not installed, no pty to test the progress line")
            return
        }
        let cmd = "'\(CLI.binary.path)' explore scenarios/053-explore-safari-toolbar.scroll --scenario 'the toolbar stays within its band' --runs 300 --jobs 1"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", cmd, "/dev/null"]
        p.currentDirectoryURL = Self.root
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = Pipe()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 0, text)
        // Batches of 64 runs with one job: the first (64) and the last (300) are always
        // shown; those between at most 10 times a second.
        XCTAssertTrue(text.hasPrefix("\rexplore: 64/300 runs\r"), text)
        XCTAssertTrue(text.contains("\rexplore: 300/300 runs\r\u{1B}[K"), text)
        XCTAssertTrue(text.contains(": 300 runs, "), text)
    }
}

/// docs/explore.md's example is real output: the command in its `sh` block, run from the
/// repository's root, writes exactly the file shown, prints the summary shown (all but the
/// wall-clock line), and `run` on that file prints the failure shown.
final class ExploreReadmeTests: XCTestCase {
    func testReadmeExploreExampleIsRealOutput() throws {
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("docs/explore.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "## An example: a planted bug, found and shrunk"))
        let end = try XCTUnwrap(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        var blocks: [(info: String, text: String)] = []
        var info: String?
        var body = ""
        for line in readme[start.upperBound..<end.lowerBound].components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let i = info { blocks.append((i, body)); info = nil } else { info = String(line.dropFirst(3)); body = "" }
            } else if info != nil {
                body += line + "\n"
            }
        }
        XCTAssertEqual(blocks.map { $0.info }, ["sh", "text", "text", "text"])
        guard blocks.count == 4 else { return }
        let command = blocks[0].text.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(command.hasPrefix("scrollscript explore "))
        // The command's words (no quoting in it); -o goes to a temporary directory.
        var args = command.split(separator: " ").dropFirst().map(String.init)
        let dir = try CLI.tempDir()
        let oIndex = try XCTUnwrap(args.firstIndex(of: "-o"))
        XCTAssertEqual(args[oIndex + 1], "ce.scroll")
        args[oIndex + 1] = dir.appendingPathComponent("ce.scroll").path
        let o = try CLI.run(args, in: CLI.repoRoot, timeout: 300)
        XCTAssertEqual(o.status, 1, o.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("ce.scroll"), encoding: .utf8), blocks[1].text)
        let summary = o.stderr.split(separator: "\n", omittingEmptySubsequences: false).prefix(2).joined(separator: "\n") + "\n"
        XCTAssertEqual(summary, blocks[2].text)
        let r = try CLI.run(["run", "ce.scroll"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, blocks[3].text)
        // 50.43 is worked out independently: ease-in-out = cubic-bezier(0.42, 0, 0.58, 1)
        // at p = (1/60)/0.25 = 1/15 solves to 0.0086472 (bisection in Python), and
        // 50 + 50 * 0.0086472 = 50.4324.
        XCTAssertTrue(blocks[3].text.contains("header.bottom is 50.43 at t = 0.017 s"))
        // The shipped property the example names passes.
        let p = try CLI.run(["explore", "scenarios/053-explore-safari-toolbar.scroll"], in: CLI.repoRoot, timeout: 300)
        XCTAssertEqual(p.status, 0, p.stderr)
    }
}
