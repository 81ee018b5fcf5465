import XCTest
import Foundation
@testable import ScrollScript
import ScrollSimTestSupport

/// Issue 16's REPL findings, driven through ReplCore (the pty tests drive the terminal).
final class ReplRobustnessTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "repl-robust-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// The final `print` line of running `path` (through the library's Runner, as `run`).
    private func lastPrintLine(ofRunning path: String) throws -> String? {
        let src = try XCTUnwrap(try? loadSource(path: path).get())
        let report = Runner().run([.source(src)])
        XCTAssertEqual(report.exitStatus, 0, report.stdout + report.stderr)
        return report.stdout.split(separator: "\n").last { $0.hasPrefix("    t = ") }.map { String($0.dropFirst(4)) }
    }

    // MARK: - Ctrl-C in a loop that runs no frame

    func testCtrlCStopsALoopThatAdvancesNoFrame() {
        // Ctrl-C is already pending: the first poll says stop. Frames were the only poll,
        // so 9,999,999 expects ran to the end.
        var polls = 0
        let core = ReplCore(shouldInterrupt: { polls += 1; return true })
        let r = core.enter("repeat 9999999 { expect offset == 0 }")
        XCTAssertEqual(r.text, "interrupted at t=0.000 s")
        XCTAssertEqual(polls, 1)
        XCTAssertLessThanOrEqual(core.session.interpreter.statementCount, Interpreter.statementsPerPoll)
        // The session goes on.
        XCTAssertEqual(core.enter("offset").text, "offset = 0.00")
    }

    // MARK: - Limits belong to each entry

    func testALongEntryDoesNotUseUpTheLaterEntriesTime() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("fps 1").failed)
        // 86,399 frames at 1 fps: one second short of the 24 h limit.
        XCTAssertFalse(core.enter("wait 86399s").failed)
        // Was: "this statement would pass the limit of 24 h of simulated time", and every
        // later entry failed the same way until :reset.
        let r = core.enter("wait 2s")
        XCTAssertFalse(r.failed, r.text)
        XCTAssertEqual(core.enter("time").text, "time = 86401.000")
        // One entry is still held to 24 h.
        let long = core.enter("repeat 2 { wait 50000s }")
        XCTAssertTrue(long.failed)
        XCTAssertTrue(long.text.contains("this statement would pass the limit of 24 h of simulated time"), long.text)
    }

    func testTheStatementCountStartsAgainForEachEntry() {
        let i = Interpreter(config: SceneConfig())
        let sc = checkSource(SourceFile(name: "t", text: "tick\ntick\ntick\n")).scenarios[0]
        i.append(sc.statements, names: sc.names)
        i.run()
        XCTAssertEqual(i.statementCount, 3)
        i.restartLimits()
        XCTAssertEqual(i.statementCount, 0)
    }

    // MARK: - Breakpoints where no statement is

    private func writeTwoScenarios() throws -> String {
        let path = dir + "/bp.scroll"
        try """
        scene {
          header 240
        }

        scenario "a" {
          # a comment
          pull 10
          release

          settle
        }

        scenario "b" {
          pull 20
        }

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testABreakpointOnACommentOrBlankLineMovesToTheNextStatement() throws {
        let core = ReplCore()
        XCTAssertFalse(core.load(path: try writeTwoScenarios(), scenario: nil).failed)
        XCTAssertEqual(core.addBreakpoint(line: 9, condition: nil).text, "breakpoint 1: line 10 (moved from line 9: no statement there)")
        XCTAssertEqual(core.addBreakpoint(line: 6, condition: nil).text, "breakpoint 2: line 7 (moved from line 6: no statement there)")
        // It is hit: after the first statement, :continue stops before settle (line 10).
        _ = core.step(1)
        let c = core.continueRun()
        XCTAssertTrue(c.text.hasPrefix("breakpoint 1: line 10"), c.text)
    }

    func testABreakpointOutsideTheLoadedScenarioIsRefused() throws {
        let core = ReplCore()
        XCTAssertFalse(core.load(path: try writeTwoScenarios(), scenario: nil).failed)
        for line in [14, 2, 40] {
            let r = core.addBreakpoint(line: line, condition: nil)
            XCTAssertTrue(r.failed, "line \(line)")
            XCTAssertEqual(r.text, "error: line \(line) is not in the loaded scenario \"a\" (its statements are on lines 7–10); no breakpoint set")
        }
        XCTAssertEqual(core.listStops().text, "no breakpoints or watches")
    }

    func testBreakpointsSetBeforeLoadAreMovedOrDeletedWithAWord() throws {
        let core = ReplCore()
        _ = core.addBreakpoint(line: 6, condition: nil)
        _ = core.addBreakpoint(line: 14, condition: nil)
        let r = core.load(path: try writeTwoScenarios(), scenario: nil)
        XCTAssertTrue(r.text.contains("note: breakpoint 1 moved from line 6 to line 7 (no statement there)"), r.text)
        XCTAssertTrue(r.text.contains("note: breakpoint 2 deleted: line 14 is not in the loaded scenario \"a\""), r.text)
        XCTAssertEqual(core.listStops().text, "1  break line 7")
    }

    // MARK: - :load over a typed session

    func testLoadSaysItDiscardsTheTypedSession() throws {
        let core = ReplCore()
        _ = core.enter("header 240")
        _ = core.enter("pull 10")
        let r = core.load(path: try writeTwoScenarios(), scenario: nil)
        XCTAssertTrue(r.text.contains("note: the typed session (2 statements, t=0.033 s) was discarded; :save FILE before :load keeps it"), r.text)
        // Nothing typed: nothing to say.
        let fresh = ReplCore()
        XCTAssertFalse(fresh.load(path: try writeTwoScenarios(), scenario: nil).text.contains("discarded"))
    }

    // MARK: - :save replays the session

    func testSaveAfterAWatchStoppedAStatementReplaysTheSession() throws {
        // The watch stops `settle` part-way at t = 0.233 s; the next entry drops the rest.
        // The saved file keeps `settle`, so `run` prints t = 0.233 s ... hidden as the
        // REPL did (without it, t = 0.100 s ... hiding).
        let core = ReplCore()
        _ = core.enter("toolbar")
        _ = core.addWatch("toolbar.state")
        _ = core.enter("fling -900")
        _ = core.continueRun()
        _ = core.enter("settle")
        let printed = core.enter("print time, offset, toolbar.state").text
        XCTAssertTrue(printed.hasSuffix("toolbar.state = hidden"), printed)
        let path = dir + "/a.scroll"
        let r = core.save(path: path)
        XCTAssertFalse(r.failed, r.text)
        XCTAssertEqual(try lastPrintLine(ofRunning: path), printed)
        // The frames settle ran before the watch stopped it are written as a tick.
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(saved.contains("  fling -900\n  tick 8\n  print time, offset, toolbar.state\n"), saved)
    }

    func testCtrlCInAWaitIsSavedAsTheFramesItRan() throws {
        var frames = 0
        let core = ReplCore(shouldInterrupt: { frames += 1; return frames == 30 })
        let r = core.enter("wait 10s")
        XCTAssertEqual(r.text, "interrupted at t=0.500 s")
        let printed = core.enter("print time").text
        XCTAssertEqual(printed, "t = 0.500 s: time = 0.500")
        let path = dir + "/w.scroll"
        XCTAssertFalse(core.save(path: path).failed)
        XCTAssertEqual(try lastPrintLine(ofRunning: path), printed)
    }

    func testSaveRefusesWhenAGestureWasCutShort() throws {
        let core = ReplCore()
        _ = core.enter("toolbar")
        _ = core.addWatch("toolbar.state")
        let stopped = core.enter("fling -900")
        XCTAssertTrue(stopped.text.hasPrefix("watch 1: toolbar.state shown → hiding at t=0.033 s"), stopped.text)
        _ = core.enter("tick")  // drops the rest of the fling: its finger stopped part-way
        let path = dir + "/g.scroll"
        let r = core.save(path: path)
        XCTAssertTrue(r.failed)
        XCTAssertTrue(r.text.hasPrefix("error: cannot save a file that replays this session: 'fling' (<repl>:2) was stopped part-way at t=0.033 s"), r.text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        // :reset starts afresh, and a finished gesture saves again.
        _ = core.reset()
        _ = core.enter("fling -900")
        _ = core.continueRun()
        XCTAssertFalse(core.save(path: path).failed)
    }
}
