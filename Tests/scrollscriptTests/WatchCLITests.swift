import Foundation
import XCTest

/// `run --watch`, driven as an author would: the built binary watches a real directory
/// while the test writes, atomically replaces, deletes and moves files. The test waits for
/// output only the expected round can print (its separator names its number), with a
/// generous deadline, never for a length of time.
final class WatchCLITests: XCTestCase {
    /// A running `scrollscript run --watch ...`, its standard output read as it comes.
    final class Watching {
        let process = Process()
        private let lock = NSCondition()
        private var text = ""
        private var ended = false
        private let errPipe = Pipe()

        init(_ args: [String], in dir: URL) throws {
            process.executableURL = CLI.binary
            process.arguments = ["run", "--watch"] + args
            process.currentDirectoryURL = dir
            let out = Pipe()
            process.standardOutput = out
            process.standardError = errPipe
            process.standardInput = Pipe()
            try process.run()
            let reader = out.fileHandleForReading
            Thread { [self] in
                while true {
                    let chunk = reader.availableData
                    lock.lock()
                    if chunk.isEmpty { ended = true } else { text += String(decoding: chunk, as: UTF8.self) }
                    if let needle = pauseAfter, text.contains(needle) {
                        paused = true
                        lock.broadcast()
                        while pauseAfter != nil { lock.wait() }
                        paused = false
                    }
                    lock.broadcast()
                    lock.unlock()
                    if chunk.isEmpty { return }
                }
            }.start()
        }

        private var pauseAfter: String?
        private var paused = false

        /// Stops reading the output once it holds `needle` (the watcher then waits on the
        /// full pipe), until `resumeReading`.
        func pauseReading(after needle: String) {
            lock.lock()
            pauseAfter = needle
            lock.unlock()
        }

        func waitUntilPaused(file: StaticString = #filePath, line: UInt = #line) {
            let deadline = Date().addingTimeInterval(60)
            lock.lock()
            defer { lock.unlock() }
            while !paused {
                if ended || !lock.wait(until: deadline) {
                    XCTFail("the output never held \(pauseAfter ?? "")", file: file, line: line)
                    return
                }
            }
        }

        func resumeReading() {
            lock.lock()
            pauseAfter = nil
            lock.broadcast()
            lock.unlock()
        }

        /// Waits until the output holds `needle` after the first `from` characters, and
        /// returns everything from `from` to the end of the needle's line.
        func wait(for needle: String, from: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> String {
            let deadline = Date().addingTimeInterval(60)
            lock.lock()
            defer { lock.unlock() }
            while true {
                let tail = String(text.dropFirst(from))
                if let r = tail.range(of: needle) {
                    // The end of the line the needle ends on (a needle may end with its "\n").
                    let last = tail.index(before: r.upperBound)
                    let end = tail[last...].firstIndex(of: "\n").map { tail.index(after: $0) } ?? tail.endIndex
                    return String(tail[..<end])
                }
                if ended || !lock.wait(until: deadline) {
                    XCTFail("no \(needle.debugDescription) in the output:\n\(text)", file: file, line: line)
                    return ""
                }
            }
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }

        /// Ctrl-C; the exit status and what went to standard error.
        func interrupt() -> (Int32, String) {
            kill(process.processIdentifier, SIGINT)
            let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, err)
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    private func write(_ text: String, _ path: URL) throws {
        try text.write(to: path, atomically: false, encoding: .utf8)
    }

    /// (Its `expect` by default holds after any pull: a scenario that checks nothing would
    /// warn, spec §5 v1.5.)
    private func scenario(_ name: String, pull: Int, expect: String = "offset < 0") -> String {
        "scenario \"\(name)\" {\n  pull \(pull)\n  expect \(expect)\n}\n"
    }

    /// The PASS/FAIL lines of one round's output: `PASS path "name"`.
    private func ran(_ round: String) -> [String] {
        round.split(separator: "\n").compactMap { l in
            guard l.hasPrefix("PASS  ") || l.hasPrefix("FAIL  ") else { return nil }
            let parts = l.components(separatedBy: "  ")
            return parts[0] + " " + parts[1] + " " + parts[2]
        }
    }

    func testEachRoundRunsExactlyWhatChanged() throws {
        let root = try CLI.tempDir()
        let dir = root.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try write(scenario("a", pull: 10), dir.appendingPathComponent("a.scroll"))
        try write(scenario("b", pull: 20), dir.appendingPathComponent("b.scroll"))
        try write(scenario("c", pull: 30), dir.appendingPathComponent("sub/c.scroll"))
        let w = try Watching(["--jobs", "2", "suite"], in: root)

        // Round 1: everything.
        var seen = w.output.count
        var round = w.wait(for: "3 passed, 0 failed\n")
        XCTAssertTrue(round.hasPrefix("--- round 1: all 3 files ---\n"), round)
        XCTAssertEqual(ran(round), ["PASS suite/a.scroll \"a\"", "PASS suite/b.scroll \"b\"", "PASS suite/sub/c.scroll \"c\""])

        // A file written in place: only it runs (and now fails).
        seen = w.output.count
        try write(scenario("a", pull: 10, expect: "offset == 3"), dir.appendingPathComponent("a.scroll"))
        round = w.wait(for: "0 passed, 1 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 2: changed: suite/a.scroll ---\n"), round)
        XCTAssertEqual(ran(round), ["FAIL suite/a.scroll \"a\""])
        XCTAssertTrue(round.contains("suite/a.scroll:3:3: error: expectation is false\n"), round)

        // An editor's atomic save: a temporary file renamed onto the name.
        seen = w.output.count
        let tmp = dir.appendingPathComponent(".b.scroll.tmp")
        try write(scenario("b", pull: 20) + scenario("b2", pull: 25), tmp)
        XCTAssertEqual(rename(tmp.path, dir.appendingPathComponent("b.scroll").path), 0)
        round = w.wait(for: "2 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 3: changed: suite/b.scroll ---\n"), round)
        XCTAssertEqual(ran(round), ["PASS suite/b.scroll \"b\"", "PASS suite/b.scroll \"b2\""])

        // A deletion: nothing to run, and the round says so.
        seen = w.output.count
        try FileManager.default.removeItem(at: dir.appendingPathComponent("sub/c.scroll"))
        round = w.wait(for: "0 passed, 0 failed\n", from: seen)
        XCTAssertEqual(round, "--- round 4: deleted: suite/sub/c.scroll ---\n0 passed, 0 failed\n")

        // A directory moved in, with a file already inside: a change outside a file, so
        // every file runs (a, b's two and the new d).
        seen = w.output.count
        let outside = root.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try write(scenario("d", pull: 40), outside.appendingPathComponent("d.scroll"))
        XCTAssertEqual(rename(outside.path, dir.appendingPathComponent("new").path), 0)
        round = w.wait(for: "3 passed, 1 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 5: all 3 files (a directory changed) ---\n"), round)
        XCTAssertEqual(ran(round), ["FAIL suite/a.scroll \"a\"", "PASS suite/b.scroll \"b\"", "PASS suite/b.scroll \"b2\"", "PASS suite/new/d.scroll \"d\""])

        // The new directory is watched too. A file that is not a scenario file (an editor's
        // swap file) makes no round: the next round is the next change's.
        seen = w.output.count
        try write("swap", dir.appendingPathComponent("new/.d.scroll.swp"))
        try write(scenario("d", pull: 40) + scenario("e", pull: 50), dir.appendingPathComponent("new/d.scroll"))
        round = w.wait(for: "2 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 6: changed: suite/new/d.scroll ---\n"), round)
        XCTAssertEqual(ran(round), ["PASS suite/new/d.scroll \"d\"", "PASS suite/new/d.scroll \"e\""])

        // Ctrl-C while waiting ends it with 130.
        let (status, err) = w.interrupt()
        XCTAssertEqual(status, 130)
        XCTAssertEqual(err, "")
        XCTAssertFalse(w.output.contains("round 7"), w.output)
    }

    /// When the system drops events (inotify's queue overflows), every file runs. To fill
    /// the queue while the watcher is not reading it, the test stops reading the watcher's
    /// output in the middle of a round that prints megabytes: the watcher waits on the full
    /// pipe and reads no events until the test reads again.
    func testLostEventsRunEveryFile() throws {
        let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        guard limit > 0, limit <= 1 << 20 else { throw XCTSkip("no inotify queue limit to reach") }
        let dir = try CLI.tempDir()
        try write(scenario("a", pull: 10), dir.appendingPathComponent("a.scroll"))
        try write(scenario("b", pull: 10), dir.appendingPathComponent("b.scroll"))
        let w = try Watching(["."], in: dir)
        _ = w.wait(for: "2 passed, 0 failed\n")

        // About 3 MB of print lines: far more than a pipe holds.
        w.pauseReading(after: "--- round 2: changed: ./big.scroll ---\n")
        try write("scenario \"big\" {\n  repeat 100000 {\n    print offset\n  }\n}\n", dir.appendingPathComponent("big.scroll"))
        w.waitUntilPaused()
        // More events than the queue holds, two names in turn (two alike in a row are merged).
        for i in 0..<(limit + 100) {
            close(open(dir.appendingPathComponent("junk\(i % 2)").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
        }
        w.resumeReading()
        var round = w.wait(for: "1 passed, 0 failed\n")
        XCTAssertEqual(ran(round).last, "PASS ./big.scroll \"big\"")
        round = w.wait(for: "3 passed, 0 failed\n", from: round.count)
        XCTAssertTrue(round.hasPrefix("--- round 3: all 3 files (events were lost) ---\n"),
                      w.output.split(separator: "\n").filter { !$0.hasPrefix("    t = ") }.joined(separator: "\n"))
        XCTAssertEqual(ran(round), ["PASS ./a.scroll \"a\"", "PASS ./b.scroll \"b\"", "PASS ./big.scroll \"big\""])
        XCTAssertEqual(w.interrupt().0, 130)
    }

    /// A file named on the command line is watched by its name: replacing it by a rename
    /// is seen, a file beside it is not.
    func testAFileIsWatchedByName() throws {
        let dir = try CLI.tempDir()
        try write(scenario("one", pull: 10), dir.appendingPathComponent("one.scroll"))
        try write(scenario("two", pull: 10), dir.appendingPathComponent("two.scroll"))
        let w = try Watching(["one.scroll"], in: dir)
        var round = w.wait(for: "1 passed, 0 failed\n")
        XCTAssertTrue(round.hasPrefix("--- round 1: all 1 file ---\nPASS  one.scroll  \"one\""), round)

        var seen = w.output.count
        try write(scenario("two changed", pull: 10), dir.appendingPathComponent("two.scroll"))
        let tmp = dir.appendingPathComponent("one.tmp")
        try write(scenario("one renamed", pull: 10), tmp)
        XCTAssertEqual(rename(tmp.path, dir.appendingPathComponent("one.scroll").path), 0)
        round = w.wait(for: "1 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 2: changed: one.scroll ---\n"), round)
        XCTAssertEqual(ran(round), ["PASS one.scroll \"one renamed\""])

        // Deleted, then written again: a round for each.
        seen = w.output.count
        try FileManager.default.removeItem(at: dir.appendingPathComponent("one.scroll"))
        round = w.wait(for: "0 passed, 0 failed\n", from: seen)
        XCTAssertEqual(round, "--- round 3: deleted: one.scroll ---\n0 passed, 0 failed\n")
        seen = w.output.count
        try write(scenario("back", pull: 10), dir.appendingPathComponent("one.scroll"))
        round = w.wait(for: "1 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 4: changed: one.scroll ---\nPASS  one.scroll  \"back\""), round)
        XCTAssertEqual(w.interrupt().0, 130)
    }

    /// (v1.5) A watched file runs again when a file it imports changes, wherever that file
    /// is (spec §9); the imports are read again every round, so a file no longer imported
    /// is no longer watched and a newly imported one is.
    func testAFileRunsAgainWhenItsImportChanges() throws {
        let root = try CLI.tempDir()
        for d in ["app", "lib", "lib2"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(d), withIntermediateDirectories: true)
        }
        func fade(start: Int) -> String {
            "behaviour fade {\n  param start = \(start)pt\n  var alpha = 0\n  on didScroll { alpha = clamp((offset - start) / 30pt, 0, 1) }\n}\n"
        }
        // drag -150: (150 − 136) / 30 = 0.467; with start 120, (150 − 120) / 30 = 1.
        func uses(_ lib: String) -> String {
            "import \"../\(lib)/fade.scroll\"\n\nscenario \"fades\" {\n  use fade\n  drag -150\n  expect fade.alpha ~= 0.467 within 0.001\n}\n"
        }
        try write(fade(start: 136), root.appendingPathComponent("lib/fade.scroll"))
        try write(fade(start: 136), root.appendingPathComponent("lib2/fade.scroll"))
        try write(uses("lib"), root.appendingPathComponent("app/uses.scroll"))
        let w = try Watching(["app/uses.scroll"], in: root)
        var round = w.wait(for: "1 passed, 0 failed\n")
        XCTAssertTrue(round.hasPrefix("--- round 1: all 1 file ---\nPASS  app/uses.scroll  \"fades\""), round)

        var seen = w.output.count
        try write(fade(start: 120), root.appendingPathComponent("lib/fade.scroll"))
        round = w.wait(for: "0 passed, 1 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 2: changed: lib/fade.scroll ---\nFAIL  app/uses.scroll  \"fades\""), round)

        // It imports lib2's now: lib2's changes count, lib's do not.
        seen = w.output.count
        try write(uses("lib2"), root.appendingPathComponent("app/uses.scroll"))
        round = w.wait(for: "1 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 3: changed: app/uses.scroll ---\nPASS"), round)
        seen = w.output.count
        try write(fade(start: 120), root.appendingPathComponent("lib2/fade.scroll"))
        round = w.wait(for: "0 passed, 1 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 4: changed: lib2/fade.scroll ---\nFAIL"), round)
        seen = w.output.count
        try write(fade(start: 136), root.appendingPathComponent("lib/fade.scroll"))
        try write(fade(start: 136), root.appendingPathComponent("lib2/fade.scroll"))
        round = w.wait(for: "1 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 5: changed: lib2/fade.scroll ---\nPASS"), round)
        // Deleted: its importer runs and cannot read it (the error goes to standard error);
        // written again: it runs again.
        seen = w.output.count
        try FileManager.default.removeItem(at: root.appendingPathComponent("lib2/fade.scroll"))
        round = w.wait(for: "0 passed, 0 failed, 1 error\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 6: deleted: lib2/fade.scroll ---\nERROR  app/uses.scroll"), round)
        seen = w.output.count
        try write(fade(start: 136), root.appendingPathComponent("lib2/fade.scroll"))
        round = w.wait(for: "1 passed, 0 failed\n", from: seen)
        XCTAssertTrue(round.hasPrefix("--- round 7: changed: lib2/fade.scroll ---\nPASS"), round)
        XCTAssertEqual(w.interrupt().0, 130)
    }

    /// Ctrl-C in the middle of a round stops it as it stops a run, then the watch: 130.
    func testCtrlCDuringARoundEndsTheWatch() throws {
        let dir = try CLI.tempDir()
        try write("scenario \"quick\" { tick; expect time > 0 }\n", dir.appendingPathComponent("a.scroll"))
        let w = try Watching(["."], in: dir)
        _ = w.wait(for: "1 passed, 0 failed\n")
        let seen = w.output.count
        try write("scenario \"quick\" { tick; expect time > 0 }\nscenario \"long\" {\n  expect always offset > -10000\n  repeat 1000000 {\n    drag 100 in 1s\n    drag -100 in 1s\n  }\n}\n",
                  dir.appendingPathComponent("a.scroll"))
        _ = w.wait(for: "PASS  ./a.scroll  \"quick\"", from: seen)
        let (status, err) = w.interrupt()
        XCTAssertEqual(status, 130)
        XCTAssertEqual(err, "scrollscript: interrupted; the rest of the run was skipped\n")
        // The long scenario is reported as interrupted if it had started when Ctrl-C came
        // (it starts right after "quick" is reported; whether it had is up to the threads:
        // RunnerStreamingTests pins that case). Either way the round ends with its line.
        if w.output.contains("error: interrupted") {
            XCTAssertTrue(w.output.hasSuffix("  \"long\"\n1 passed, 1 failed\n"), w.output)
        } else {
            XCTAssertTrue(w.output.hasSuffix("\"quick\"  (0.017 s)\n1 passed, 0 failed\n"), w.output)
        }
        XCTAssertFalse(w.output.contains("round 3"), w.output)
    }

    /// With `--format jsonl` each round starts with a round object: every line is JSON.
    func testJSONLinesRoundsAreJSON() throws {
        let dir = try CLI.tempDir()
        try write(scenario("a", pull: 10), dir.appendingPathComponent("a.scroll"))
        let w = try Watching(["--format", "jsonl", "."], in: dir)
        _ = w.wait(for: "\"type\":\"summary\"")
        let seen = w.output.count
        try write(scenario("a", pull: 11), dir.appendingPathComponent("a.scroll"))
        _ = w.wait(for: "\"type\":\"summary\"", from: seen)
        XCTAssertEqual(w.interrupt().0, 130)
        let objects = try w.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["round", "scenario", "summary", "round", "scenario", "summary"])
        XCTAssertEqual(objects[0]["round"] as? Int, 1)
        XCTAssertEqual(objects[0]["all"] as? Bool, true)
        XCTAssertEqual(objects[3]["round"] as? Int, 2)
        XCTAssertEqual(objects[3]["changed"] as? [String], ["./a.scroll"])
    }

    func testWhatCannotBeWatchedIsRefused() throws {
        let dir = try CLI.tempDir()
        for (args, message) in [
            (["run", "--watch", "-"], "scrollscript: run: --watch watches files and directories; standard input and -e cannot be watched; see 'scrollscript --help'\n"),
            (["run", "--watch", "-e", "tick"], "scrollscript: run: --watch watches files and directories; standard input and -e cannot be watched; see 'scrollscript --help'\n"),
            (["run", "--watch", "--list", "."], "scrollscript: run: --watch and --list do not go together (--list runs nothing); see 'scrollscript --help'\n"),
            (["run", "--watch", "/dev/null"], "scrollscript: cannot watch '/dev/null': it is not a regular file or a directory (a stream can be read only once)\n"),
            (["run", "--watch", "nowhere/a.scroll"], "scrollscript: cannot watch 'nowhere/a.scroll': cannot read its directory 'nowhere': no such file or directory\n"),
        ] {
            let o = try CLI.run(args, in: dir)
            XCTAssertEqual(o.status, 2, "\(args)")
            XCTAssertEqual(o.stderr, message, "\(args)")
            XCTAssertEqual(o.stdout, "", "\(args)")
        }
    }
}
