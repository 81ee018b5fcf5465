import XCTest

/// `scrollscript run` through the real binary: determinism across locales and file
/// creation orders, standard input, directories, and the README's examples.
final class RunCLITests: XCTestCase {
    static let repoRoot = CLI.repoRoot

    /// Runs the binary with extra environment variables and optional standard input.
    func run(_ args: [String], in dir: URL, env: [String: String] = [:], stdin: String? = nil) throws -> CLI.Output {
        try CLI.run(args, in: dir, env: env, stdin: stdin)
    }

    func testShippedScenariosPassAndOutputIsTheSameInEveryLocale() throws {
        let a = try run(["run"], in: Self.repoRoot, env: ["LC_ALL": "C"])
        let b = try run(["run"], in: Self.repoRoot, env: ["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"])
        let c = try run(["run", "scenarios"], in: Self.repoRoot)
        XCTAssertEqual(a.status, 0, a.stdout + a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertEqual(a.stdout, c.stdout)
        XCTAssertEqual(a.stderr, "")
        // Every scenario passes; the count grows as scenarios are added (25 shipped before the audit's).
        let last = a.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.hasSuffix(" passed, 0 failed"), a.stdout)
        XCTAssertGreaterThanOrEqual(Int(last.split(separator: " ").first ?? "") ?? 0, 25, a.stdout)
        XCTAssertFalse(a.stdout.contains("FAIL"))
    }

    /// Writes `files` (relative path -> text) in the given order.
    func makeTree(_ files: [(String, String)]) throws -> URL {
        let dir = try CLI.tempDir()
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        return dir
    }

    func testCreationOrderDoesNotMatter() throws {
        let files = [
            ("b.scroll", "print \"b\"\n"),
            ("a.scroll", "scenario \"x\" { print \"a\" }\n"),
            ("sub/c.scroll", "expect offset == 1\n"),
            ("B.scroll", "tick 6\n"),
            ("notes.txt", "not a scenario\n"),
        ]
        let d1 = try makeTree(files)
        let d2 = try makeTree(files.reversed())
        let o1 = try run(["run", "."], in: d1, env: ["LC_ALL": "C"])
        let o2 = try run(["run", "."], in: d2, env: ["LC_ALL": "C"])
        XCTAssertEqual(o1.stdout, o2.stdout)
        XCTAssertEqual(o1.status, 1)
        // Sorted by path bytes: "./B" (0x42) < "./a" (0x61) < "./b" < "./sub/c".
        let heads = o1.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        XCTAssertEqual(heads, ["./B.scroll", "./a.scroll", "./b.scroll", "./sub/c.scroll"])
        XCTAssertTrue(o1.stdout.hasSuffix("\n3 passed, 1 failed\n"))
    }

    func testDirectoryLinksAreNotFollowed() throws {
        let d = try makeTree([("real/a.scroll", "tick\n")])
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("link").path, withDestinationPath: d.appendingPathComponent("real").path)
        let o = try run(["run", "."], in: d)
        XCTAssertEqual(o.stdout, "PASS  ./real/a.scroll  \"a\"  (0.017 s)\n1 passed, 0 failed\n")
    }

    func testStandardInputAndEmptyDirectory() throws {
        let d = try CLI.tempDir()
        let o = try run(["run", "-"], in: d, stdin: "pull 30\nexpect time ~= 0.1\n")
        XCTAssertEqual(o.status, 0)
        XCTAssertEqual(o.stdout, "PASS  <stdin>  \"<stdin>\"  (0.100 s)\n1 passed, 0 failed\n")
        let empty = try run(["run", "."], in: d)
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "scrollscript: no scenario found\n")
        XCTAssertEqual(empty.stdout, "0 passed, 0 failed\n")
    }

    func testRunAgainGivesIdenticalBytes() throws {
        let args = ["run", "Golden/run/runtime_errors.scroll", "Scenarios/fail", "Golden/run/print_frames.scroll"]
        let dir = Self.repoRoot.appendingPathComponent("Tests/scrollscriptTests")
        let a = try run(args, in: dir), b = try run(args, in: dir, env: ["LC_ALL": "C"])
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertEqual(a.stderr, b.stderr)
        XCTAssertEqual(a.status, 1)
    }

    // MARK: - README

    /// The documents whose examples run as written: README.md, grammar.md, docs/*.md.
    func documents() throws -> [String] {
        ["README.md", "grammar.md"] + (try FileManager.default.contentsOfDirectory(atPath: Self.repoRoot.appendingPathComponent("docs").path))
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The fenced blocks of `file` (README.md by default) with their info strings.
    func readmeBlocks(_ file: String = "README.md") throws -> [(info: String, text: String)] {
        let readme = try String(contentsOf: Self.repoRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [(String, String)] = []
        var info: String?
        var body = ""
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let i = info {
                    blocks.append((i, body))
                    info = nil
                } else {
                    info = String(line.dropFirst(3))
                    body = ""
                }
            } else if info != nil {
                body += line + "\n"
            }
        }
        return blocks
    }

    /// Every ```scroll block of the README, grammar.md and docs/ passes under the real
    /// command; every ```scroll-fails block fails with exactly the ```text block after it.
    func testReadmeExamplesRunAsWritten() throws {
        let d = try CLI.tempDir()
        var passing = 0, failing = 0
        for file in try documents() {
            let blocks = try readmeBlocks(file)
            for (i, b) in blocks.enumerated() {
                switch b.info {
                case "scroll":
                    let url = d.appendingPathComponent("readme\(passing).scroll")
                    try b.text.write(to: url, atomically: false, encoding: .utf8)
                    let o = try run(["run", url.lastPathComponent], in: d)
                    XCTAssertEqual(o.status, 0, file + ":\n" + o.stdout + o.stderr)
                    passing += 1
                case "scroll-fails":
                    try b.text.write(to: d.appendingPathComponent("example.scroll"), atomically: false, encoding: .utf8)
                    let o = try run(["run", "example.scroll"], in: d)
                    XCTAssertEqual(o.status, 1, file)
                    let shown = try XCTUnwrap(blocks.dropFirst(i + 1).first { $0.info == "text" }, file)
                    XCTAssertEqual(o.stdout, shown.text, file)
                    failing += 1
                default:
                    break
                }
            }
        }
        XCTAssertGreaterThanOrEqual(passing, 9)
        XCTAssertGreaterThanOrEqual(failing, 2)
        // The one-liner quoted in the text.
        let e = try run(["run", "-e", "pull 50; print offset"], in: d)
        XCTAssertEqual(e.status, 0)
    }
}
