import XCTest

/// The one input loader (Sources/ScrollScript/IO/SourceLoader.swift) seen from the command
/// line: every path the walk cannot read is an error that names it with the system's
/// reason; `run`, `check` and `fmt` agree; a FIFO or pipe named as a path is a stream.
final class InputLoaderTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.tempDir()
        // World-readable, so that `nobody` can walk it.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
    }

    override func tearDownWithError() throws {
        // A mode-000 folder inside would stop the removal.
        _ = chmod(dir.appendingPathComponent("tree/locked").path, 0o755)
        try? FileManager.default.removeItem(at: dir)
    }

    private func write(_ rel: String, _ text: String) throws {
        let url = dir.appendingPathComponent(rel)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Runs the binary as an unprivileged user: as root (which reads anything) through
    /// setpriv as `nobody`, from a copy in the world-readable test folder.
    private func runUnprivileged(_ args: [String]) throws -> CLI.Output {
        guard getuid() == 0 else { return try CLI.run(args, in: dir) }
        let setpriv = "/usr/bin/setpriv"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "as root these tests need setpriv (util-linux) to drop privileges")
        let bin = dir.appendingPathComponent("scrollscript-copy")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.copyItem(at: CLI.binary, to: bin)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path)
        }
        return try CLI.run(["--reuid=65534", "--regid=65534", "--clear-groups", bin.path] + args,
                           executable: URL(fileURLWithPath: setpriv), in: dir)
    }

    /// Issue 16: `run tree` with `tree/locked` mode 000 printed `1 passed, 0 failed` and
    /// exited 0; a broken link was skipped the same way. Now each is an error (exit 2), in
    /// the walk's order, and the readable file still runs.
    func testAWalkReportsEveryPathItCannotRead() throws {
        try write("tree/ok/a.scroll", "pull 10\nexpect offset < 0\n")
        try write("tree/locked/b.scroll", "pull 10\nexpect offset < 0\n")
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("broken.scroll").path, withDestinationPath: "nowhere.scroll")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("loop.scroll").path, withDestinationPath: "loop.scroll")
        XCTAssertEqual(mkfifo(tree.appendingPathComponent("fifo.scroll").path, 0o644), 0)
        XCTAssertEqual(chmod(tree.appendingPathComponent("locked").path, 0), 0)

        let run = try runUnprivileged(["run", "tree"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, """
            ERROR  tree/broken.scroll  (cannot read 'tree/broken.scroll': no such file or directory)
            ERROR  tree/fifo.scroll  (cannot read 'tree/fifo.scroll': it is a FIFO, not a regular file)
            ERROR  tree/locked  (cannot read directory 'tree/locked': permission denied)
            ERROR  tree/loop.scroll  (cannot read 'tree/loop.scroll': too many levels of symbolic links)
            PASS  tree/ok/a.scroll  "a"  (0.033 s)
            failures:
              ERROR  tree/broken.scroll  (nothing in it ran)
              ERROR  tree/fifo.scroll  (nothing in it ran)
              ERROR  tree/locked  (nothing in it ran)
              ERROR  tree/loop.scroll  (nothing in it ran)
            1 passed, 0 failed, 4 errors

            """)
        let reasons = """
            scrollscript: cannot read 'tree/broken.scroll': no such file or directory
            scrollscript: cannot read 'tree/fifo.scroll': it is a FIFO, not a regular file
            scrollscript: cannot read directory 'tree/locked': permission denied
            scrollscript: cannot read 'tree/loop.scroll': too many levels of symbolic links

            """
        XCTAssertEqual(run.stderr, reasons)
        // check and fmt walk the same way and say the same.
        let check = try runUnprivileged(["check", "tree"])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr, reasons)
        let fmt = try runUnprivileged(["fmt", "--check", "tree"])
        XCTAssertEqual(fmt.status, 2)
        XCTAssertEqual(fmt.stderr, reasons)
    }

    /// `cannot read 'secret.scroll'` said nothing of why; a loop of links said "no such file".
    func testAFileThatCannotBeReadSaysWhyInEveryCommand() throws {
        try write("secret.scroll", "pull 10\n")
        XCTAssertEqual(chmod(dir.appendingPathComponent("secret.scroll").path, 0), 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("a.scroll").path, withDestinationPath: "b.scroll")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("b.scroll").path, withDestinationPath: "a.scroll")
        for cmd in [["run"], ["check"], ["fmt"]] {
            let r = try runUnprivileged(cmd + ["secret.scroll", "a.scroll"])
            XCTAssertEqual(r.status, 2, "\(cmd)")
            XCTAssertEqual(r.stderr, """
                scrollscript: cannot read 'secret.scroll': permission denied
                scrollscript: cannot read 'a.scroll': too many levels of symbolic links

                """, "\(cmd)")
        }
    }

    /// `run <(echo 'pull 10')` was refused: a pipe named as a path is read like `-`.
    func testAPipeNamedAsAPathIsReadAsAStream() throws {
        let bash = "/bin/bash"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: bash), "needs bash for <(...)")
        func viaBash(_ command: String) throws -> CLI.Output {
            try CLI.run(["-c", "exec \"$0\" " + command, CLI.binary.path], executable: URL(fileURLWithPath: bash))
        }
        let run = try viaBash("run <(printf 'pull 10\\nexpect offset < 0\\n')")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("PASS  /dev/fd/"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("1 passed, 0 failed\n"), run.stdout)
        let check = try viaBash("check <(printf 'pul 10\\n')")
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains(":1:1: error: unknown statement 'pul' (did you mean 'pull 10'?)"), check.stderr)
        let fmt = try viaBash("fmt <(printf 'pull 1;release\\n')")
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertEqual(fmt.stdout, "pull 1\nrelease\n")
        let rewrite = try viaBash("fmt -w <(printf 'pull 1;release\\n')")
        XCTAssertEqual(rewrite.status, 2)
        XCTAssertTrue(rewrite.stderr.hasSuffix("': it is a stream, not a regular file\n"), rewrite.stderr)
    }

    /// An endless stream (`yes | scrollscript check -`) is read to at most 64 MiB + 1 byte,
    /// not until memory runs out, and the file is too large.
    func testAnEndlessStreamIsReadOnlyToTheSizeLimit() throws {
        let bash = "/bin/bash"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: bash), "needs bash for the pipe")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bash)
        p.arguments = ["-c", "yes | \"$0\" check -", CLI.binary.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let errData = PipeBytes()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success, "check - on an endless stream did not end")
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 2)
        XCTAssertEqual(String(decoding: errData.data, as: UTF8.self), "<stdin>:1:1: error: file is larger than 64 MiB\ny\n^\n1 error\n")
    }

    /// `check -` took `-` for an option-like name; it reads standard input as `run -` does.
    func testCheckReadsStandardInput() throws {
        let good = try CLI.run(["check", "-"], in: dir, stdin: "pull 10\nexpect offset < 0\n")
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(good.stdout, "ok: 1 file, 1 scenario\n")
        let bad = try CLI.run(["check", "-"], in: dir, stdin: "pul 10\n")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("<stdin>:1:1: error: unknown statement 'pul'"), bad.stderr)
    }

    /// The REPL's `:load` uses the same loader: the same reasons.
    func testReplLoadSaysTheSystemsReason() throws {
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("a.scroll").path, withDestinationPath: "a.scroll")
        let r = try CLI.run(["repl"], in: dir, stdin: ":load a.scroll\n:load .\n:load nope.scroll\n")
        XCTAssertTrue(r.stdout.contains("error: cannot read 'a.scroll': too many levels of symbolic links\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("error: cannot read '.': it is a directory\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("error: cannot read 'nope.scroll': no such file or directory\n"), r.stdout)
    }
}
