import XCTest

/// `scrollscript fmt` through the built binary: print mode, --check, -w, standard input,
/// errors and --help. Expected layouts are written by hand from grammar.md §8.
final class FmtCommandTests: TempFolderTestCase {

    private func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
    }

    static let ugly = "scene{header 240 pin 60}\nscenario \"a\"{pull 120;release # let go\n\n\n\n  expect offset<0}\n"
    static let pretty = "scene {\n  header 240 pin 60\n}\n\nscenario \"a\" {\n  pull 120\n  release  # let go\n\n  expect offset < 0\n}\n"
    static let unparsable = "pull 10\npul 3\n"
    static let unparsableError = "bad.scroll:2:1: error: unknown statement 'pul' (did you mean 'pull 3'?)\npul 3\n^\n"

    func testPrintsTheCanonicalLayout() throws {
        try write("ugly.scroll", Self.ugly)
        let r = try CLI.run(["fmt", "ugly.scroll"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.pretty)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try read("ugly.scroll"), Self.ugly, "print mode never writes")
    }

    func testDirectoryPrintsEveryFileInByteOrder() throws {
        try writeByteOrderFolder(b: "tick;tick 2\n", az: "settle\n", B: "release\n", notes: "not a scenario\n")
        let r = try CLI.run(["fmt", "d"], in: dir)
        XCTAssertEqual(r.status, 0)
        // d/B.scroll, d/a/z.scroll, d/b.scroll ("B" 0x42 < "a" 0x61 < "b" 0x62)
        XCTAssertEqual(r.stdout, "release\nsettle\ntick\ntick 2\n")
    }

    func testCheckNamesTheFilesThatWouldChange() throws {
        try write("d/clean.scroll", Self.pretty)
        try write("d/ugly.scroll", Self.ugly)
        try write("d/ugly2.scroll", "pull 1 ;release\n")
        let r = try CLI.run(["fmt", "--check", "d"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "d/ugly.scroll\nd/ugly2.scroll\n")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try read("d/ugly.scroll"), Self.ugly, "--check never writes")
    }

    func testCheckExitsZeroWhenEverythingIsInTheLayout() throws {
        try write("clean.scroll", Self.pretty)
        let r = try CLI.run(["fmt", "--check", "clean.scroll"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "")
    }

    func testCheckOnAFileThatDoesNotParseExitsTwo() throws {
        try write("ugly.scroll", Self.ugly)
        try write("bad.scroll", Self.unparsable)
        let r = try CLI.run(["fmt", "--check", "bad.scroll", "ugly.scroll"], in: dir)
        XCTAssertEqual(r.status, 2, "an error outranks 'would change'")
        XCTAssertEqual(r.stdout, "ugly.scroll\n")
        XCTAssertEqual(r.stderr, Self.unparsableError + "1 error\n")
    }

    func testWriteRewritesInPlaceKeepingPermissions() throws {
        try write("ugly.scroll", Self.ugly, mode: 0o600)
        try write("clean.scroll", Self.pretty)
        let cleanBefore = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("clean.scroll").path)
        let r = try CLI.run(["fmt", "-w", "ugly.scroll", "clean.scroll"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try read("ugly.scroll"), Self.pretty)
        let attrs = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("ugly.scroll").path)
        XCTAssertEqual(attrs[.posixPermissions] as? Int, 0o600)
        // A file already in the layout is not rewritten (same inode, so no rename happened).
        let cleanAfter = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("clean.scroll").path)
        XCTAssertEqual(cleanAfter[.systemFileNumber] as? Int, cleanBefore[.systemFileNumber] as? Int)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["clean.scroll", "ugly.scroll"],
                       "no temporary file is left behind")
        // Formatting the result again changes nothing.
        XCTAssertEqual(try CLI.run(["fmt", "--check", "ugly.scroll"], in: dir).status, 0)
    }

    func testWriteLeavesAFileThatDoesNotParseUntouchedByteForByte() throws {
        // CRLF, a tab and odd spacing: anything a rewrite would change.
        let bytes = Data("pull  10\r\n\tpul 3 ;  tick\r\n".utf8)
        try bytes.write(to: dir.appendingPathComponent("bad.scroll"))
        try write("ugly.scroll", Self.ugly)
        let r = try CLI.run(["fmt", "-w", "bad.scroll", "ugly.scroll"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "bad.scroll:2:2: error: unknown statement 'pul' (did you mean 'pull 3'?)\n\tpul 3 ;  tick\n\t^\n1 error\n")
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("bad.scroll")), bytes)
        XCTAssertEqual(try read("ugly.scroll"), Self.pretty, "the other files are still rewritten")
    }

    /// `-w` renames a temporary file over the original, which a writable directory allows
    /// even for a read-only file: fmt must refuse instead. Root may write anything, so as
    /// root the binary runs as `nobody` (setpriv) from a copy in a world-writable folder;
    /// as another user, FormatterTests covers the same refusal in process.
    func testWriteRefusesAReadOnlyFileAsAnotherUser() throws {
        let setpriv = "/usr/bin/setpriv"
        try XCTSkipUnless(getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv),
                          "needs root and setpriv (FormatterTests covers other users)")
        let d = try CLI.tempDir()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: d.path)
        let bin = d.appendingPathComponent("scrollscript")
        try FileManager.default.copyItem(at: CLI.binary, to: bin)
        let f = d.appendingPathComponent("ro.scroll")
        try Data("pull   1\n".utf8).write(to: f)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: f.path)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: setpriv)
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", bin.path, "fmt", "-w", f.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 2)
        XCTAssertEqual(message, "scrollscript: cannot rewrite '\(f.path)': permission denied\n")
        XCTAssertEqual(try Data(contentsOf: f), Data("pull   1\n".utf8))
    }

    func testStandardInput() throws {
        let r = try runWithInput(["fmt", "-"], input: "pull 1;release\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "pull 1\nrelease\n")
        let c = try runWithInput(["fmt", "--check", "-"], input: "pull 1;release\n")
        XCTAssertEqual(c.status, 1)
        XCTAssertEqual(c.stdout, "<stdin>\n")
    }

    func testHelp() throws {
        let r = try CLI.run(["fmt", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("usage: scrollscript fmt [--check | -w] PATH ...\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--check"))
        XCTAssertTrue(r.stdout.contains("-w, --write"))
        XCTAssertEqual(r.stderr, "")
    }

    func testCommandLineErrors() throws {
        let cases: [([String], String)] = [
            (["fmt"], "scrollscript: fmt: no files given (usage: scrollscript fmt [--check | -w] PATH ...); see 'scrollscript --help'\n"),
            (["fmt", "--check", "-w", "x.scroll"], "scrollscript: fmt: --check and -w cannot be used together; see 'scrollscript --help'\n"),
            (["fmt", "-w", "-"], "scrollscript: fmt: -w cannot rewrite standard input; see 'scrollscript --help'\n"),
            (["fmt", "--diff", "x.scroll"], "scrollscript: fmt: unknown option '--diff'; see 'scrollscript fmt --help'\n"),
            // '--chek' is one letter short of '--check'
            (["fmt", "--chek", "x.scroll"], "scrollscript: fmt: unknown option '--chek' (did you mean '--check'?); see 'scrollscript fmt --help'\n"),
            (["fmt", "-W", "x.scroll"], "scrollscript: fmt: unknown option '-W' (did you mean '-w'?); see 'scrollscript fmt --help'\n"),
            (["fmt", "-x", "x.scroll"], "scrollscript: fmt: unknown option '-x'; see 'scrollscript fmt --help'\n"),
            (["fmt", "nope.scroll"], "scrollscript: cannot read 'nope.scroll': no such file or directory\n"),
        ]
        for (args, err) in cases {
            let r = try CLI.run(args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertEqual(r.stderr, err, "\(args)")
        }
    }

    /// Runs the binary with `input` on standard input.
    private func runWithInput(_ args: [String], input: String) throws -> CLI.Output {
        try CLI.run(args, in: dir, stdin: input)
    }
    /// (v1.5) A declared behaviour gets the canonical layout too: printed, flagged by
    /// `--check`, written by `-w`, and then left alone (the layout written by hand from
    /// grammar.md §8).
    func testDeclaredBehavioursGetTheLayout() throws {
        let ugly = "behaviour fade {  # a fade\n var a=0\n on didScroll {a=min(a+1,5) ;  if a>3 { a = 0 }}\n}\nuse fade\npull 10\n"
        let pretty = "behaviour fade {  # a fade\n  var a = 0\n  on didScroll {\n    a = min(a + 1, 5)\n    if a > 3 { a = 0 }\n  }\n}\n\nuse fade\npull 10\n"
        try write("fade.scroll", ugly)
        let printed = try CLI.run(["fmt", "fade.scroll"], in: dir)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, pretty)
        let check = try CLI.run(["fmt", "--check", "fade.scroll"], in: dir)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "fade.scroll\n")
        XCTAssertEqual(try CLI.run(["fmt", "-w", "fade.scroll"], in: dir).status, 0)
        XCTAssertEqual(try read("fade.scroll"), pretty)
        XCTAssertEqual(try CLI.run(["fmt", "--check", "fade.scroll"], in: dir).status, 0)
        // The laid-out file runs as the original did.
        XCTAssertEqual(try CLI.run(["run", "fade.scroll"], in: dir).status, 0)
    }
}
