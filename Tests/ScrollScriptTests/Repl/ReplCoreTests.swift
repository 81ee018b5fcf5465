import XCTest
import Foundation
@testable import ScrollScript
import ScrollSimTestSupport

/// The REPL core driven entry by entry, no terminal. Expected numbers are worked out by
/// hand from the spec's formulas (spec §6): rubber band b(x) = x·c·d/(d + c·x) with
/// c = 0.55 and d = 667 (the screen height); rows 44 pt; drag.speed 300 pt/s; 60 fps.
final class ReplCoreTests: XCTestCase {
    static let root = TestPaths.packageRoot
    static func scenario(_ name: String) -> String { root.appendingPathComponent("scenarios/" + name).path }

    private func text(_ v: Value) -> String { v.formatted }

    func testAStatementPrintsWhatChanged() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("header 240 pin 60").failed)
        // pull 120 at 300 pt/s = 0.4 s = 24 frames. offset = -b(120) =
        // -(120·0.55·667)/(667 + 0.55·120) = -44022/733 = -60.0573; the stretched header is
        // 240 + 60.0573 = 300.0573 tall; the finger is still down: dragging.
        let r = core.enter("pull 120")
        XCTAssertEqual(r.text, "t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging")
        XCTAssertFalse(r.failed)
    }

    /// (v1.5) A declared behaviour's own observables come right after the offset, as a
    /// Swift behaviour's do (issue 31 item 4, A7): vars, values, then the state, before
    /// phase and velocity (the line shows three).
    func testADeclaredBehavioursObservablesComeRightAfterTheOffset() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("""
        behaviour fade {
          param start = 136pt
          states hidden, fading, visible
          var alpha = 0
          value lit = alpha > 0
          on didScroll {
            alpha = clamp((offset - start) / 30pt, 0, 1)
            if alpha == 0 { state = hidden } else if alpha == 1 { state = visible } else { state = fading }
          }
        }
        """).failed)
        XCTAssertFalse(core.enter("use fade").failed)
        // drag -150 at 300 pt/s: 0.5 s; alpha (150 − 136) / 30 = 0.467; lit; fading.
        XCTAssertEqual(core.enter("drag -150").text, "t=0.500 s  offset 0.00 → 150.00  fade.alpha 0.000 → 0.467  fade.lit false → true")
        // Without the value, the state is third.
        _ = core.reset()
        XCTAssertFalse(core.enter("behaviour fade {\n  states hidden, fading\n  var alpha = 0\n  on didScroll { alpha = offset / 300pt; state = fading }\n}").failed)
        XCTAssertEqual(core.enter("drag -150").text, "t=0.500 s  offset 0.00 → 150.00  fade.alpha 0.000 → 0.500  fade.state hidden → fading")
    }

    func testABareExpressionPrintsItsValue() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        _ = core.enter("pull 120")
        XCTAssertEqual(core.enter("header.height").text, "header.height = 300.06")
        XCTAssertEqual(core.enter("header.height - 240").text, "60.06")
    }

    func testTickKeepsTheFingerHeldAndFramesAdvanceTheBounce() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        _ = core.enter("pull 120")
        // 3 more frames: 27/60 = 0.450 s; the finger stays down and still.
        let t = core.tick(3)
        XCTAssertTrue(t.text.hasPrefix("t=0.450 s"), t.text)
        XCTAssertEqual(core.world.value(.fingerDown), .bool(true))
        XCTAssertEqual(core.world.value(.phase), .state(.dragging))
        XCTAssertEqual(text(core.world.value(.offset)), "-60.06")
        XCTAssertTrue(core.enter("release").text.contains("phase dragging → bouncing"))
        // the snap-back spring (stiffness 2000, ζ 2.8; r1 = −8.258275, r2 = −242.181339),
        // x0 = -60.0573, v0 = 0: A = −r2·x0/(r1 − r2) = −62.1775, B = x0 − A = 2.1202;
        // x(0.1) = −62.1775·e^(−0.8258275) + 2.1202·e^(−24.218) = −27.2258 after 6 frames.
        _ = core.tick(6)
        XCTAssertEqual(text(core.world.value(.offset)), "-27.23")
        XCTAssertEqual(text(core.world.value(.time)), "0.550")
    }

    func testTapsSayWhatReceivedThem() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        // y = 400 lies in the content below the 240 pt header: row (400 - 240)/44 = 3.6 → row 3.
        XCTAssertEqual(core.enter("tap 100 400").text, "tap: row[0,3]")
        XCTAssertEqual(core.enter("tap header").text, "tap: header")
    }

    func testConfigurationAfterTimeAdvancedRebuildsTheWorld() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        XCTAssertFalse(core.enter("toolbar").text.contains("rebuilt"))   // t = 0: just added
        _ = core.enter("pull 120")
        let r = core.enter("header 200")
        XCTAssertTrue(r.text.contains("rebuilt at t=0.000 s"), r.text)
        XCTAssertEqual(core.world.time, 0)
        XCTAssertEqual(text(core.world.value(.headerHeight)), "200.00")
        XCTAssertEqual(core.world.value(.toolbarState), .state(.shown))  // the toolbar stays
        XCTAssertEqual(core.session.actions.count, 0)                    // pull 120 dropped
    }

    func testErrorsPrintLikeRunAndTheSessionGoesOn() {
        let core = ReplCore()
        let bad = core.enter("pul 120")
        XCTAssertTrue(bad.failed)
        XCTAssertTrue(bad.text.hasPrefix("<repl>:1:1: error: "), bad.text)
        XCTAssertTrue(bad.text.contains("\npul 120\n^"), bad.text)
        let failedExpect = core.enter("expect offset == 5")
        XCTAssertTrue(failedExpect.failed)
        // The session's second line.
        XCTAssertEqual(failedExpect.text, "<repl>:2:1: error: expectation is false\nexpect offset == 5\n^\n  offset is 0.00 at t = 0.000 s\n  == expected 5.00, actual 0.00 (off by 5.00)")
        // still alive: 10 pt at 300 pt/s = 2 frames, b(10) = 10·0.55·667/(667 + 5.5) = 5.4550
        let ok = core.enter("pull 10")
        XCTAssertFalse(ok.failed)
        XCTAssertTrue(ok.text.hasPrefix("t=0.033 s  offset 0.00 → -5.46"), ok.text)
    }

    /// An `expect always` typed on line 1 that breaks during the entry on line 5 is
    /// reported at its own line, with its own text (it showed the running entry's line).
    func testAnInvariantTypedEarlierIsShownAtItsOwnLine() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("expect always offset > -1").failed)
        core.line = 5   // as the loop sets it: three more lines were read in between
        let r = core.enter("pull 30")
        XCTAssertTrue(r.failed)
        // b(30) per frame: the first frame pulls 5 pt, b(5) = 5·0.55·667/(667 + 2.75) = 2.74 > 1.
        XCTAssertTrue(r.text.hasPrefix("<repl>:1:1: error: invariant broken at t = 0.017 s\nexpect always offset > -1\n^\n"), r.text)
        XCTAssertEqual(core.line, 6)
        let block = core.enter("repeat 2 {\n  tick\n  tic 2\n}")
        XCTAssertTrue(block.text.hasPrefix("<repl>:8:3: error: unknown statement 'tic'"), block.text)
        XCTAssertTrue(block.text.contains("\n  tic 2\n  ^"), block.text)
    }

    /// A warning is printed before what the entry did; the entry runs and does not fail.
    func testAWarningIsShownAndTheEntryRuns() {
        let core = ReplCore()
        _ = core.enter("sections 3 rows 40")
        let r = core.enter("drag -300 in 500")
        XCTAssertFalse(r.failed)
        XCTAssertTrue(r.text.hasPrefix("<repl>:2:14: warning: 'in 500' is 500 seconds"), r.text)
        XCTAssertTrue(r.text.hasSuffix("\ndrag -300 in 500\n             ^\nt=500.000 s  offset 0.00 → 300.00  phase idle → dragging  velocity 0.00 → 0.60"), r.text)
    }

    /// An interrupted `wait` at rest says where it stopped and prints no change line that
    /// holds only the time; an interrupted one in motion still shows what moved.
    func testAnInterruptedWaitPrintsNoEmptyChangeLine() {
        var polls = 0
        let core = ReplCore(shouldInterrupt: { polls += 1; return polls == 30 })
        // Frames poll once each: the 30th frame's poll stops it, t = 30/60.
        XCTAssertEqual(core.enter("wait 10").text, "interrupted at t=0.500 s")
        XCTAssertEqual(core.tick(1).text, "t=0.517 s")   // an ordinary tick still says the time
        polls = 0
        _ = core.enter("toolbar")
        let moving = core.enter("fling -900\nwait 10")
        // (`toolbar` after time advanced rebuilt the world at t = 0 first.) The fling moves
        // 90 pt in 0.1 s and lifts at 900 pt/s; 0.4 s of deceleration later the offset is
        // 90 + 900·(0.998^400 − 1)/(1000·ln 0.998) = 337.72.
        XCTAssertTrue(moving.text.hasSuffix("interrupted at t=0.500 s\nt=0.500 s  offset 0.00 → 337.72  phase idle → decelerating  toolbar.state shown → hidden"), moving.text)
    }

    func testCtrlCStopsALongRunAndKeepsTheWorld() {
        var polls = 0
        let core = ReplCore(shouldInterrupt: { polls += 1; return polls >= 10 })
        let r = core.enter("repeat 100000 { tick }")
        // the 10th frame polls true: it stops at 10/60 s = 0.1667
        XCTAssertTrue(r.text.hasPrefix("interrupted at t=0.167 s"), r.text)
        XCTAssertEqual(core.world.frameIndex, 10)
        polls = -1_000_000
        XCTAssertEqual(core.enter("time").text, "time = 0.167")
        XCTAssertTrue(core.session.interpreter.isFinished)  // the rest was dropped
    }

    func testLoadOfAFileWithSeveralScenariosSaysHowToPickAnother() {
        // scenarios/000-zoomable-header.scroll holds 4 scenario blocks (grep -c '^scenario "').
        let path = ReplCoreTests.scenario("000-zoomable-header.scroll")
        let first = ReplCore().load(path: path, scenario: nil).text.split(separator: "\n").map(String.init)
        XCTAssertEqual(first[1], "the first of 4 scenarios in the file; ':load \(path) \"NAME\"' loads another")
        let named = ReplCore().load(path: path, scenario: "scrolling up pins a 60 pt band").text
        XCTAssertFalse(named.contains("loads another"), named)
        XCTAssertTrue(named.hasPrefix("loaded \"scrolling up pins a 60 pt band\""), named)
    }

    func testLoadStepWhereList() throws {
        let core = ReplCore()
        let path = ReplCoreTests.scenario("000-zoomable-header.scroll")
        let l = core.load(path: path, scenario: nil)
        XCTAssertFalse(l.failed, l.text)
        XCTAssertTrue(l.text.hasPrefix("loaded \"pull stretches the header, release bounces back\""), l.text)
        XCTAssertEqual(core.whereLines(), ["at \(path):16 (t=0.000 s)", "-> 16    pull 120"])
        let s = core.step(1)
        XCTAssertEqual(s.text, "t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging")
        XCTAssertEqual(core.whereLines()[0], "at \(path):18 (t=0.400 s)")
        let list = core.list().text.split(separator: "\n").map(String.init)
        XCTAssertTrue(list.contains("-> 18    expect time ~= 0.4"), list.joined(separator: "\n"))
        XCTAssertTrue(list.contains("   14  "), list.joined(separator: "\n"))
        XCTAssertEqual(list.count, 9)   // lines 14 ... 22
        // a statement typed mid-scenario must wait; an expression is answered
        XCTAssertTrue(core.enter("pull 10").failed)
        XCTAssertEqual(core.enter("header.scale").text, "header.scale = 1.250")  // 300.0573/240
        let missing = core.load(path: path, scenario: "no such")
        XCTAssertTrue(missing.failed)
        XCTAssertTrue(core.load(path: "/no/such/file.scroll", scenario: nil).failed)
    }

    func testTickInsideALoadedTimedAction() {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        _ = core.tick(12)   // half of pull 120: 12 frames, 60 pt of finger travel
        XCTAssertEqual(text(core.world.value(.fingerTranslation)), "60.00")
        XCTAssertTrue(core.session.interpreter.isInsideStatement)
        XCTAssertTrue(core.whereLines()[0].hasSuffix("(t=0.200 s, part-way through this statement)"))
        _ = core.step(1)    // finishes the pull
        XCTAssertEqual(text(core.world.value(.offset)), "-60.06")
        XCTAssertEqual(core.world.frameIndex, 24)
    }

    func testTicksPastTheEndOfALoadedScenarioAreBareFrames() {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        _ = core.addBreakpoint(line: 44, condition: nil)   // the expects after settle, at rest
        _ = core.continueRun()
        // settle ends at 1.0 s (the file's comment: rest at tau = 0.6 after the 0.4 s pull)
        XCTAssertEqual(core.world.frameIndex, 60)
        // the last expects take no frame: all 5 ticks are frames, then the end is reported
        let t = core.tick(5)
        XCTAssertTrue(t.text.contains("PASS  \"pull stretches the header, release bounces back\"  (1.000 s)"), t.text)
        XCTAssertEqual(core.world.frameIndex, 65)
        XCTAssertEqual(core.world.value(.phase), .state(.idle))
    }

    func testBreakpointsWithConditions() {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        // line 36 comes after `release; wait 0.1s`: offset is -27.23 there (the file's
        // snap-back comment), t = 0.5
        XCTAssertFalse(core.addBreakpoint(line: 36, condition: "offset < -50").failed)
        XCTAssertFalse(core.addBreakpoint(line: 38, condition: "offset > -50").failed)
        XCTAssertEqual(core.listStops().text, "1  break line 36 if offset < -50\n2  break line 38 if offset > -50")
        let c = core.continueRun()
        XCTAssertTrue(c.text.hasPrefix("breakpoint 2: line 38 if offset > -50\n"), c.text)
        XCTAssertEqual(text(core.world.value(.time)), "0.500")
        XCTAssertEqual(text(core.world.value(.offset)), "-27.23")
        XCTAssertTrue(core.deleteStop(2).text.hasPrefix("deleted 2"))
        XCTAssertTrue(core.deleteStop(7).failed)
        XCTAssertFalse(core.addBreakpoint(line: 31, condition: nil).failed)  // release: already past
        let end = core.continueRun()
        XCTAssertTrue(end.text.contains("PASS  \"pull stretches the header, release bounces back\""), end.text)
        XCTAssertTrue(core.step(1).text.hasPrefix("nothing to step"))
        // a bad condition is refused with the checker's message
        XCTAssertTrue(core.addBreakpoint(line: 3, condition: "ofset > 1").failed)
        // :reset goes back to the start; the unconditional breakpoint on 31 now stops at 0.4 s
        _ = core.reset()
        XCTAssertTrue(core.continueRun().text.hasPrefix("breakpoint 3: line 31\n"))
        XCTAssertEqual(text(core.world.value(.time)), "0.400")
    }

    /// With a file loaded, `:reset` goes back to its scenario's first statement (its help
    /// says so: it did say "a fresh world"), where typed statements are refused with a
    /// way out; `:unload` leaves the file: a fresh default world that takes statements,
    /// its breakpoints gone, the watch kept.
    func testResetRestartsTheLoadedScenarioAndUnloadLeavesIt() throws {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        XCTAssertFalse(core.addBreakpoint(line: 31, condition: nil).failed)
        XCTAssertFalse(core.addWatch("offset").failed)
        _ = core.step(2)
        let reset = core.reset()
        XCTAssertTrue(reset.text.hasPrefix("reset: back to the start of \"pull stretches the header, release bounces back\"\nat "), reset.text)
        XCTAssertEqual(try ColonCommands.helpText(for: "reset").get(),
                       ":reset\n  start again: the loaded scenario from its first statement, else a fresh world with the configuration typed so far")
        let refused = core.enter("pull 10")
        XCTAssertTrue(refused.failed)
        XCTAssertTrue(refused.text.contains("or :unload it to type statements of your own"), refused.text)
        let u = core.unload()
        XCTAssertEqual(u.text, "unloaded \"pull stretches the header, release bounces back\" (\(ReplCoreTests.scenario("000-zoomable-header.scroll"))): a fresh world at t=0.000 s with no configuration; type statements (its 1 breakpoint was deleted)")
        XCTAssertNil(core.loaded)
        XCTAssertEqual(core.world.value(.headerHeight), World(SceneConfig()).value(.headerHeight))  // no header now
        XCTAssertEqual(core.listStops().text, "2  watch offset (now 0.00)")
        // pull 10 at 300 pt/s = 2 frames of 5 pt: typed statements run again (the watch
        // stops each frame: b(5) = 2.74, b(10) = 5.46).
        let pulled = core.enter("pull 10")
        XCTAssertFalse(pulled.failed)
        XCTAssertTrue(pulled.text.hasPrefix("watch 2: offset 0.00 → -2.74 at t=0.017 s"), pulled.text)
        XCTAssertTrue(core.continueRun().text.hasPrefix("watch 2: offset -2.74 → -5.46 at t=0.033 s"))
        XCTAssertTrue(core.unload().failed)
        // Without a file, :reset keeps the typed configuration.
        _ = core.enter("header 100")
        XCTAssertEqual(core.reset().text, "reset: a fresh world at t=0.000 s (configuration kept)")
        XCTAssertEqual(text(core.world.value(.headerHeight)), "100.00")
    }

    /// A watch is evaluated by the frame loop's hook in the world it holds, with the
    /// session's `let` values: typed statements (`run()`) stop at the first frame it changes.
    func testAWatchReadingALetStopsATypedStatement() {
        let core = ReplCore()
        _ = core.enter("sections 20 rows 10")
        _ = core.enter("let k = 100")
        XCTAssertEqual(core.addWatch("offset > k").text, "watch 1: offset > k (now false)")
        // fling -2500: the finger moves 2500/60 = 41.67 pt a frame for 6 frames; the offset
        // is 83.33 after frame 2 and 125 after frame 3 (t = 3/60 = 0.050 s).
        let r = core.enter("fling -2500")
        XCTAssertTrue(r.text.hasPrefix("watch 1: offset > k false → true at t=0.050 s"), r.text)
        XCTAssertEqual(core.world.frameIndex, 3)
    }

    func testWatchStopsAtTheFirstChangingFrame() {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        XCTAssertEqual(core.addWatch("phase").text, "watch 1: phase (now idle)")
        // the pull's first frame (1/60 s) makes the phase dragging
        let c = core.continueRun()
        XCTAssertTrue(c.text.hasPrefix("watch 1: phase idle → dragging at t=0.017 s"), c.text)
        // next change: release (0 frames) → bouncing, seen at the first frame after it,
        // the 25th: 25/60 = 0.417 s
        let c2 = core.continueRun()
        XCTAssertTrue(c2.text.hasPrefix("watch 1: phase dragging → bouncing at t=0.417 s"), c2.text)
        XCTAssertTrue(core.addWatch("nonsense +").failed)
    }

    func testDisplayAfterEveryStep() {
        let core = ReplCore()
        _ = core.load(path: ReplCoreTests.scenario("000-zoomable-header.scroll"), scenario: nil)
        XCTAssertEqual(core.addDisplay("header.height").text, "1: header.height = 240.00")
        XCTAssertTrue(core.step(1).text.hasSuffix("\n1: header.height = 300.06"))
        XCTAssertTrue(core.step(1).text.hasSuffix("1: header.height = 300.06"))  // expect: nothing changes
        XCTAssertEqual(core.removeDisplay(1).text, "undisplayed 1")
        XCTAssertFalse(core.step(1).text.contains("header.height ="))
        XCTAssertTrue(core.removeDisplay(1).failed)
    }

    func testFramesTable() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        let lines = core.framesTable().text.split(separator: "\n").map(String.init)
        // screen 667 tall: the header (0..240) and rows at 240 + 44k while < 667: k = 0...9
        XCTAssertEqual(lines[0], "t=0.000 s, 11 views on screen")
        XCTAssertEqual(lines[1], "view         x       y   width  height  title")
        XCTAssertEqual(lines[2], "header    0.00    0.00  375.00  240.00")
        XCTAssertEqual(lines[3], "row[0,0]  0.00  240.00  375.00   44.00")
        XCTAssertEqual(lines[12], "row[0,9]  0.00  636.00  375.00   44.00")
        XCTAssertEqual(lines.count, 13)
    }

    func testSaveRoundTrip() throws {
        let dir = NSTemporaryDirectory() + "repl-save-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let core = ReplCore()
        for line in ["header 240 pin 60", "toolbar", "pull 120", "header.height", "expect offset == 99",
                     "release", "repeat 2 { tick }", "fling -900", "print offset", "settle"] {
            _ = core.enter(line)
        }
        let path = dir + "/s.scroll"
        let r = core.save(path: path)
        XCTAssertFalse(r.failed, r.text)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(saved, """
        # Saved by scrollscript repl.
        scenario "repl session" {
          header 240 pin 60
          toolbar
          pull 120
          release
          repeat 2 {
            tick
          }
          fling -900
          print offset
          settle
        }

        """)
        let checked = checkSource(SourceFile(name: path, text: saved))
        XCTAssertEqual(checked.diagnostics, [])
        let interp = Interpreter(try XCTUnwrap(checked.scenarios.first))
        XCTAssertEqual(interp.run(), .finished)
        XCTAssertEqual(ReplSnapshot(interp.world), ReplSnapshot(core.world))
        XCTAssertEqual(interp.world.frameIndex, core.world.frameIndex)
        // saving again replaces the file whole; a bad place fails and writes nothing
        XCTAssertFalse(core.save(path: path).failed)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), saved)
        XCTAssertTrue(core.save(path: dir + "/no/such/dir/x.scroll").failed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["s.scroll"])
    }

    func testSaveNeverTruncatesAFileItCannotReplace() throws {
        let dir = NSTemporaryDirectory() + "repl-save-ro-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let core = ReplCore()
        _ = core.enter("pull 10")
        // an existing directory in the way: refused, nothing left behind
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        XCTAssertTrue(core.save(path: dir + "/sub").failed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["sub"])
        // an existing file is replaced whole, keeping its permissions
        let path = dir + "/keep.scroll"
        _ = FileManager.default.createFile(atPath: path, contents: Data("old text, longer than the new one? no\n".utf8), attributes: [.posixPermissions: 0o640])
        XCTAssertFalse(core.save(path: path).failed)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "# Saved by scrollscript repl.\nscenario \"repl session\" {\n  pull 10\n}\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["keep.scroll", "sub"])
    }

    func testAWatchPausesATypedEntryAndContinueGoesOn() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        _ = core.addWatch("finger.down")
        // pull 120 = 24 frames; the finger is down from the first frame
        let r = core.enter("pull 120")
        XCTAssertTrue(r.text.hasPrefix("watch 1: finger.down false → true at t=0.017 s\n"), r.text)
        XCTAssertEqual(core.world.frameIndex, 1)
        XCTAssertTrue(core.whereLines()[0].hasSuffix("a typed entry is paused part-way (:continue, :step or :tick go on)"))
        let c = core.continueRun()
        XCTAssertTrue(c.text.hasPrefix("t=0.400 s  offset -"), c.text)
        XCTAssertEqual(core.world.frameIndex, 24)
        XCTAssertEqual(text(core.world.value(.offset)), "-60.06")
        XCTAssertEqual(core.session.actions.count, 1)   // pull 120 finished: it will be saved
    }

    func testResetKeepsTheConfiguration() {
        let core = ReplCore()
        _ = core.enter("header 240 pin 60")
        _ = core.enter("pull 120")
        XCTAssertTrue(core.reset().text.hasPrefix("reset: a fresh world"))
        XCTAssertEqual(core.world.frameIndex, 0)
        XCTAssertEqual(text(core.world.value(.headerHeight)), "240.00")
    }

    /// A mistake in the expression of `:watch`, `:display` or `:break N if` is shown in the
    /// text typed, the caret under it (before: in a made-up `print EXPR` line, column + 6).
    func testExpressionErrorsOfCommandsPointIntoTheTypedText() {
        let core = ReplCore()
        XCTAssertEqual(core.addWatch("ofset").text,
                       "<repl>:1:1: error: unknown name 'ofset' (did you mean 'offset'?)\nofset\n^")
        // "offset + " then ofset at column 10
        let display = core.addDisplay("offset + ofset")
        XCTAssertTrue(display.failed)
        XCTAssertEqual(display.text, "<repl>:1:10: error: unknown name 'ofset' (did you mean 'offset'?)\noffset + ofset\n         ^")
        XCTAssertEqual(core.addBreakpoint(line: 3, condition: "velocity > 0 and ofset < 1").text,
                       "<repl>:1:18: error: unknown name 'ofset' (did you mean 'offset'?)\nvelocity > 0 and ofset < 1\n                 ^")
        // a parse error, whose message names a column too: the '(' is the typed text's first
        XCTAssertEqual(core.addDisplay("(offset").text,
                       "<repl>:1:8: error: expected ')' to close the '(' at 1:1, found end of file\n(offset\n       ^")
        // a check error on a constant (1/0 is refused before it runs): the '/' is column 2
        XCTAssertEqual(core.addWatch("1/0").text, "<repl>:1:2: error: division by zero\n1/0\n ^")
        // nothing was added by the failures
        XCTAssertEqual(core.listStops().text, "no breakpoints or watches")
    }
}
