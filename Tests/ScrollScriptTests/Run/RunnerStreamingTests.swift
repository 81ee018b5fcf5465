import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The runner as a library: it streams (a file is read only when its turn comes, within a
/// bounded window), emits in input order whatever `jobs` is, and the report escapers.
final class RunnerStreamingTests: XCTestCase {
    /// Records events; on the first one, deletes `deleteOnFirst`.
    final class Recorder: RunReporter {
        var events: [RunEvent] = []
        var summary: RunSummary?
        var deleteOnFirst: [String] = []
        func handle(_ event: RunEvent) {
            if events.isEmpty {
                for p in deleteOnFirst { try? FileManager.default.removeItem(atPath: p) }
            }
            events.append(event)
        }
        func finish(_ summary: RunSummary) { self.summary = summary }
    }

    func makeFiles(_ n: Int) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runner-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var paths: [String] = []
        for i in 0..<n {
            let p = dir.appendingPathComponent(String(format: "f%03d.scroll", i)).path
            try "scenario \"a\" { tick \(i % 3); expect time >= 0 }\nscenario \"b\" { tick; expect time > 0 }\n".write(toFile: p, atomically: false, encoding: .utf8)
            paths.append(p)
        }
        return paths
    }

    /// Files are read one after another: when the first result is reported, files far
    /// ahead have not been read yet (deleting them then makes them unreadable). With
    /// --jobs 4 at most 128 pieces of work are started and not yet reported (a file is one
    /// until it is reported in full, each of its two scenarios one), so files 100... are
    /// still unread.
    func testFilesAreReadWhenTheirTurnComesWithinABoundedWindow() throws {
        for jobs in [1, 2, 4] {
            let paths = try makeFiles(200)
            let rec = Recorder()
            rec.deleteOnFirst = Array(paths[100...])
            let s = runScenarios(paths.map { .path($0) }, options: RunOptions(jobs: jobs), reporters: [rec])
            XCTAssertEqual(s.passed, 200, "jobs \(jobs)")
            XCTAssertEqual(s.fileErrors, 100, "jobs \(jobs)")
            // In input order: file i's two scenarios, then the 100 unreadable files.
            var expected: [String] = []
            for p in paths[..<100] { expected += [p + " a", p + " b"] }
            for p in paths[100...] { expected.append(p + " unreadable") }
            let got = rec.events.map { e -> String in
                switch e {
                case .scenario(let o): return o.file + " " + o.result.name
                case .fileFailed(let f): return f.file + (f.unreadable ? " unreadable" : " check")
                case .recorded(let u): return u.path + " recorded"
                case .fileWarnings(let w): return w.file + " warnings"
                }
            }
            XCTAssertEqual(got, expected, "jobs \(jobs)")
        }
    }

    func testParallelRunEmitsTheSameEventsAsSerial() throws {
        let paths = try makeFiles(30)
        var inputs: [RunInput] = paths.map { .path($0) }
        inputs.insert(.source(SourceFile(name: "bad.scroll", text: "setle\n")), at: 7)
        inputs.insert(.unreadable(path: "gone.scroll", message: "cannot read 'gone.scroll': no such file"), at: 3)
        inputs.append(.source(SourceFile(name: "many.scroll", text: (0..<50).map { "scenario \"m\($0)\" { tick \($0 % 4)\n expect time < 0.04 }\n" }.joined())))
        let serial = Runner().run(inputs, jobs: 1)
        for jobs in [2, 3, 8] {
            XCTAssertEqual(Runner().run(inputs, jobs: jobs), serial, "jobs \(jobs)")
        }
        // tick 3 reaches 0.05 s: m3, m7, ..., m47 fail (12 of 50).
        XCTAssertEqual(serial.failed, 12)
        XCTAssertEqual(serial.passed, 60 + 38)
        XCTAssertEqual(serial.exitStatus, 2)
    }

    /// An interrupt flag that turns true at poll `n` (polls counted over every worker) and
    /// stays true; `pressed` runs once, at that poll.
    private func ctrlC(atPoll n: Int, pressed: @escaping () -> Void = {}) -> () -> Bool {
        let lock = NSLock()
        var polls = 0
        return {
            lock.lock()
            defer { lock.unlock() }
            polls += 1
            if polls == n { pressed() }
            return polls >= n
        }
    }

    /// Ctrl-C in the middle of scenarios: the interrupt flag turns true after 2,000 polls
    /// (one per frame), while long scenarios run on every worker. Each stops at its next
    /// frame, is reported as failed ("interrupted"), nothing new starts, and the run
    /// returns (so every worker has left) with status 130.
    func testInterruptStopsScenariosInFlight() throws {
        for jobs in [1, 3] {
            let interrupt = ctrlC(atPoll: 2001)
            let long = (0..<6).map { i in
                RunInput.source(SourceFile(name: "long\(i).scroll", text: "scenario \"l\" {\n  expect always offset > -10000\n  repeat 100000 {\n    drag 100 in 1s\n    drag -100 in 1s\n  }\n}\n"))
            }
            let rec = Recorder()
            let s = runScenarios(long, options: RunOptions(jobs: jobs, shouldInterrupt: interrupt), reporters: [rec])
            XCTAssertTrue(s.interrupted)
            XCTAssertEqual(s.exitStatus, 130)
            XCTAssertEqual(s.passed, 0)
            XCTAssertGreaterThanOrEqual(s.failed, 1, "jobs \(jobs)")
            XCTAssertLessThanOrEqual(s.failed, jobs, "only scenarios in flight are reported, jobs \(jobs)")
            for e in rec.events {
                guard case .scenario(let o) = e else { XCTFail("unexpected \(e)"); continue }
                XCTAssertEqual(o.result.failure?.message, "interrupted")
                XCTAssertLessThan(o.result.duration, 100, "stopped long before its end")
            }
            // In input order. With several jobs there may be a gap: a later file's scenario
            // can run (and be interrupted) while an earlier file is still being checked, and
            // the earlier file's scenario then never starts; what ran is still reported.
            let files = rec.events.compactMap { e -> Int? in
                if case .scenario(let o) = e { return Int(o.file.dropFirst(4).dropLast(7)) }
                return nil
            }
            XCTAssertEqual(files.count, s.failed)
            XCTAssertEqual(files, files.sorted(), "in input order, jobs \(jobs)")
            XCTAssertEqual(Set(files).count, files.count, "each at most once, jobs \(jobs)")
            if jobs == 1 { XCTAssertEqual(files, [0], "one job: the first file's scenario, alone") }
        }
    }

    /// The race that made the test above fail once under load, made certain: file 0 is a
    /// FIFO whose text arrives only after Ctrl-C, so with two jobs file 1's scenario runs
    /// (and is interrupted) while file 0 is still being read. What ran must be reported.
    func testInterruptReportsALaterFilesScenarioThatRanWhileAnEarlierFileWasRead() throws {
        let dir = NSTemporaryDirectory() + "runner-race-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/first.scroll"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let interrupted = DispatchSemaphore(value: 0)
        let interrupt = ctrlC(atPoll: 200) { interrupted.signal() }
        // The writer: only once Ctrl-C has been "pressed" does file 0's text arrive.
        let writer = Thread {
            interrupted.wait()
            let fd = open(fifo, O_WRONLY)
            let text = Array("scenario \"first\" {\n  wait 1s\n}\n".utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let long = "scenario \"l\" {\n  repeat 100000 {\n    drag 100 in 1s\n    drag -100 in 1s\n  }\n}\n"
        let inputs: [RunInput] = [.path(fifo), .source(SourceFile(name: "second.scroll", text: long))]
        let rec = Recorder()
        let s = runScenarios(inputs, options: RunOptions(jobs: 2, shouldInterrupt: interrupt), reporters: [rec])
        XCTAssertTrue(s.interrupted)
        XCTAssertEqual(s.exitStatus, 130)
        let reported = rec.events.compactMap { e -> String? in
            if case .scenario(let o) = e { return "\(o.file) \(o.result.failure?.message ?? "passed")" }
            return nil
        }
        XCTAssertEqual(reported, ["second.scroll interrupted"])
        XCTAssertEqual(s.failed, 1)
    }

    /// `run` and `run --list` decide "nothing ran" in one place: the same words and status.
    /// ("a.scroll" with scenario "x" hashes to shard 2 of 2: RunCITests works it out.)
    func testRunAndListSayTheSameWhenNothingRuns() {
        let a = RunInput.source(SourceFile(name: "a.scroll", text: "scenario \"x\" { tick }\n"))
        let sceneOnly = RunInput.source(SourceFile(name: "s.scroll", text: "scene {\n  header 240\n}\n"))
        let cases: [([RunInput], RunSelection, String, Int32)] = [
            ([a], RunSelection(filters: ["zz", "yy"]), "no scenario matches --filter \"zz\" or --filter \"yy\"", 2),
            ([a], RunSelection(shard: Shard(index: 1, count: 2)), "shard 1/2 has no scenarios", 0),
            ([a], RunSelection(filters: ["X"], shard: Shard(index: 1, count: 2)), "shard 1/2 has no scenarios", 0),
            ([sceneOnly], RunSelection(shard: Shard(index: 1, count: 2)), "no scenario found", 2),
            ([], RunSelection(), "no scenario found", 2),
        ]
        for (inputs, selection, message, status) in cases {
            let s = runScenarios(inputs, options: RunOptions(selection: selection), reporters: [])
            XCTAssertEqual(s.nothingRan?.message, message)
            XCTAssertEqual(s.exitStatus, status, message)
            let out = StringRunOutput()
            XCTAssertEqual(listScenarios(inputs, selection: selection, jsonl: false, output: out), status, message)
            XCTAssertEqual(out.stderr, "scrollscript: \(message)\n")
            XCTAssertEqual(out.stdout, "")
        }
    }

    /// `--list --format jsonl` through JSONValue: keys sorted, text escaped as JSON.
    func testListJSONLines() throws {
        let inputs: [RunInput] = [
            .source(SourceFile(name: "q\"uote.scroll", text: "scenario \"a\\\\b\" { tick }\n\nscenario \"日本\" { tick }\n")),
            .unreadable(path: "gone.scroll", message: "cannot read 'gone.scroll': no such file or directory"),
        ]
        let out = StringRunOutput()
        XCTAssertEqual(listScenarios(inputs, selection: RunSelection(), jsonl: true, output: out), 2)
        XCTAssertEqual(out.stdout, """
        {"file":"q\\"uote.scroll","line":1,"name":"a\\\\b","type":"scenario"}
        {"file":"q\\"uote.scroll","line":3,"name":"日本","type":"scenario"}
        {"file":"gone.scroll","message":"cannot read 'gone.scroll': no such file or directory","type":"error"}

        """)
        XCTAssertEqual(out.stderr, "scrollscript: cannot read 'gone.scroll': no such file or directory\n")
    }

    func testFNV1aMatchesPublishedValues() {
        // Shard.hash(file, name) is 64-bit FNV-1a of file + [0] + name. Values from an
        // independent implementation (Python integers, the FNV spec's offset and prime);
        // "foobar" is also in the FNV test suite (0x85944171f73967e8).
        XCTAssertEqual(Shard.hash(file: "", scenario: ""), 0xaf63_bd4c_8601_b7df)
        XCTAssertEqual(Shard.hash(file: "a", scenario: ""), 0x089b_e207_b544_f1e4)
        XCTAssertEqual(Shard.hash(file: "日本", scenario: "名前"), 0x7c2a_41e7_e5ce_43a6)
        XCTAssertNil(Shard(parsing: "0/3"))
        XCTAssertNil(Shard(parsing: "4/3"))
        XCTAssertNil(Shard(parsing: "1/3/4"))
        XCTAssertNil(Shard(parsing: "+1/3"))
        XCTAssertNil(Shard(parsing: "1/"))
        XCTAssertEqual(Shard(parsing: "3/3"), Shard(index: 3, count: 3))
    }

    func testEscapers() {
        XCTAssertEqual(xmlText("a]]>b & <c> \r\n\t\u{0}\u{1F}\u{FFFE}"), "a]]&gt;b &amp; &lt;c&gt; &#13;\n\t\u{2400}\u{241F}\u{FFFD}")
        XCTAssertEqual(xmlAttribute("\"'<&>\t\n\r\u{B}日本"), "&quot;&apos;&lt;&amp;&gt;&#9;&#10;&#13;\u{240B}日本")
        XCTAssertEqual(jsonString("a\"b\\c\n\t\r\u{8}\u{C}\u{1}\u{1F}日本\u{7F}"), "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f日本\u{7F}\"")
        XCTAssertEqual(githubMessage("100% a:b,c\r\nd"), "100%25 a:b,c%0D%0Ad")
        XCTAssertEqual(githubProperty("100% a:b,c\r\nd"), "100%25 a%3Ab%2Cc%0D%0Ad")
        XCTAssertEqual(githubErrorCommand(file: "x,y.scroll", line: 3, column: 4, message: "m%"), "::error file=x%2Cy.scroll,line=3,col=4::m%25\n")
    }

    func testJUnitClassName() {
        XCTAssertEqual(JUnitReporter.className("./scenarios/sub/a.scroll"), "scenarios.sub.a")
        XCTAssertEqual(JUnitReporter.className("<stdin>"), "<stdin>")
    }
}
