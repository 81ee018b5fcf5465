import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The interpreter's stepping API and semantics. Expected numbers are worked out by hand
/// from the spec (arithmetic in the comments), never read back from the tool.
final class InterpreterTests: XCTestCase {
    /// The one scenario of `text` (a file without blocks), ready to run.
    func scenario(_ text: String, file: String = "t.scroll") throws -> CheckedScenario {
        let r = checkSource(SourceFile(name: file, text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        return try XCTUnwrap(r.scenarios.first)
    }

    func interpreter(_ text: String) throws -> Interpreter {
        Interpreter(try scenario(text))
    }

    /// The interpreter of `text`, run until it stops with `event` (`.finished`, `.failed`,
    /// `.paused`).
    func ran(_ text: String, _ event: StepEvent, file: StaticString = #filePath, line: UInt = #line) throws -> Interpreter {
        let it = try interpreter(text)
        XCTAssertEqual(it.run(), event, file: file, line: line)
        return it
    }

    func number(_ v: Value) -> Double {
        if case .number(let x, _) = v { return x }
        XCTFail("not a number: \(v)")
        return .nan
    }

    // MARK: - Stepping

    func testFrameByFrameThroughAPull() throws {
        // pull 120 at 300 pt/s: 0.4 s = 24 frames; the finger is at 120*i/24 = 5i at frame i.
        let it = try interpreter("pull 120\nexpect finger.translation == 120")
        XCTAssertEqual(it.stepFrame(), .frame)
        XCTAssertEqual(it.world.frameIndex, 1)
        XCTAssertTrue(it.isInsideStatement)
        XCTAssertEqual(number(it.world.value(.fingerTranslation)), 5, accuracy: 1e-9)
        XCTAssertEqual(it.stepFrame(), .frame)
        XCTAssertEqual(number(it.world.value(.fingerTranslation)), 10, accuracy: 1e-9)
        XCTAssertEqual(it.stepStatement(), .statement)
        XCTAssertEqual(it.world.frameIndex, 24)
        XCTAssertFalse(it.isInsideStatement)
        XCTAssertEqual(it.currentStatement?.location.line, 2)
        XCTAssertEqual(it.run(), .finished)
        XCTAssertNil(it.failure)
        XCTAssertTrue(it.isFinished)
    }

    func testZeroFrameStatementsThenAFrame() throws {
        // stepFrame runs the zero-frame statements before the first frame, then stops.
        let it = try interpreter("header 100 toggle 200\ntap header\nprint offset\ntick 5")
        XCTAssertEqual(it.stepFrame(), .frame)
        XCTAssertEqual(it.world.frameIndex, 1)
        XCTAssertEqual(it.world.value(.headerExpanded), .bool(true))
    }

    func testInterruptStopsAtTheEndOfAFrameAndResumes() throws {
        // wait 1s = 60 frames; the poll after each frame is the only one (statements poll
        // every 1024), so the 10th poll comes after frame 10. (The poll must not read the
        // interpreter: the frame loop holds its world.)
        let it = try interpreter("wait 1s\ntick")
        var polls = 0
        it.shouldInterrupt = { polls += 1; return polls == 10 }
        XCTAssertEqual(it.run(), .paused)
        XCTAssertEqual(it.world.frameIndex, 10)
        XCTAssertEqual(it.currentStatement?.location.line, 1)
        it.shouldInterrupt = { false }
        XCTAssertEqual(it.run(), .finished)
        XCTAssertEqual(it.world.frameIndex, 61)
    }

    /// `run()`'s frame loop (no observer) and the frame-by-frame path (`advance()`, taken
    /// under an observer and by `stepFrame()`) give the same world, output and failure.
    func testRunLoopAndFrameByFrameAgree() throws {
        let scene = "header 240 pin 60\ntoolbar\nsections 50 rows 10\n"
        let programs = [
            "fling -2500\nsettle\nprint offset, toolbar.state\nfling 2500\nsettle\ndrag -100 in 0.5s\nfling -900\nwait 0.3s\nsettle\nprint time, offset",
            // An invariant that breaks part-way through a settle.
            "expect always offset < 300\nfling -2500\nsettle\nprint offset",
            // An invariant that holds throughout, read every frame of the settle.
            "expect always header.height >= 60\nfling 2500\nsettle\nfling -2500\nsettle\nprint offset",
        ]
        for program in programs {
            var outputs: [[String]] = []
            var results: [(Int, Value, RunFailure?)] = []
            for path in 0..<3 {
                let it = try interpreter(scene + program)
                var lines: [String] = []
                it.output = { lines.append($0) }
                switch path {
                case 0: _ = it.run()
                case 1:
                    it.observer = { _, _ in false }
                    _ = it.run()
                default:
                    var e = StepEvent.frame
                    while e != .finished && e != .failed { e = it.stepFrame() }
                }
                outputs.append(lines)
                results.append((it.world.frameIndex, it.world.value(.offset), it.failure))
            }
            XCTAssertEqual(results[0].2 != nil, program.contains("offset < 300"), program)
            for k in 1..<3 {
                XCTAssertEqual(outputs[k], outputs[0], program)
                XCTAssertEqual(results[k].0, results[0].0, program)
                XCTAssertEqual(results[k].1, results[0].1, program)
                XCTAssertEqual(results[k].2, results[0].2, program)
            }
        }
    }

    /// Every way of driving the one frame loop — `run()` (no budget), `run()` under an
    /// observer, `stepFrame()`, `stepStatement()`, `advance()` one frame at a time, and a
    /// `run()` paused every few frames and resumed — ends in the same world with the same
    /// output and failure, for every kind of statement that runs frames (timed, settle,
    /// `expect within` passing and timing out, an invariant breaking).
    func testEveryDriverOfTheFrameLoopAgrees() throws {
        let scene = "header 240 pin 60\ntoolbar\nsections 50 rows 10\n"
        let programs: [(String, Int?)] = [
            ("fling -2500\nexpect within 2s offset > 500\nprint offset\nsettle\nlet o = offset\nfling 900\nexpect within 1s offset < o\nprint time, offset", nil),
            // Times out at line 6 (within 0.2 s = 12 frames of a world at rest).
            ("fling -2500\nsettle\nlet o = offset\nwait 0.1s\nprint o\nexpect within 0.2s offset > o + 1", 6),
            // An invariant that breaks during an `expect within` (line 4: the first frame
            // the scroll passes 300 is inside the fling's deceleration).
            ("expect always offset < 300\nfling -2500\nprint offset\nexpect within 3s offset > 1000", 1),
        ]
        for (program, failLine) in programs {
            var outputs: [[String]] = []
            var results: [(Int, Value, RunFailure?)] = []
            for path in 0..<6 {
                let it = try interpreter(scene + program)
                var lines: [String] = []
                it.output = { lines.append($0) }
                var e = StepEvent.frame
                switch path {
                case 0: e = it.run()
                case 1:
                    it.observer = { _, _ in false }
                    e = it.run()
                case 2: while e != .finished && e != .failed { e = it.stepFrame() }
                case 3: while e != .finished && e != .failed { e = it.stepStatement() }
                case 4:
                    it.observer = { _, _ in true }
                    while e != .finished && e != .failed { e = it.advance() }
                default:
                    var polls = 0
                    it.shouldInterrupt = { polls += 1; return polls % 7 == 0 }
                    repeat { e = it.run() } while e == .paused
                }
                XCTAssertEqual(e, failLine == nil ? .finished : .failed, "\(program) path \(path)")
                outputs.append(lines)
                results.append((it.world.frameIndex, it.world.value(.offset), it.failure))
            }
            XCTAssertEqual(results[0].2?.location.line, failLine.map { $0 + 3 }, program)
            for k in 1..<results.count {
                XCTAssertEqual(outputs[k], outputs[0], "\(program) path \(k)")
                XCTAssertEqual(results[k].0, results[0].0, "\(program) path \(k)")
                XCTAssertEqual(results[k].1, results[0].1, "\(program) path \(k)")
                XCTAssertEqual(results[k].2, results[0].2, "\(program) path \(k)")
            }
        }
    }

    /// A run-time error that an `expect within`'s condition or an invariant meets part-way
    /// through the frames fails at the expression that met it, at that frame, whether the
    /// frames run in `run()`'s loop or one at a time.
    func testAnErrorMetPartWayThroughTheFramesFailsWhereItWasMet() throws {
        // `offset > 300 and ...` is false (short-circuit) until the fling's deceleration
        // passes 300 pt, after its 6 touch frames (t = 0.1 s, offset 250); then section[7]
        // of 3 is an error. Column 35: `expect within 1s offset > 300 and ` is 34 characters.
        let programs = [("let k = 7\nfling -2500\nexpect within 1s offset > 300 and section[k].y > 0", 4),
                        ("let k = 7\nexpect always offset < 300 or section[k].y > 0\nfling -2500\nsettle", 3)]
        for (program, line) in programs {
            var failures: [RunFailure] = []
            for stepping in [false, true] {
                let it = try interpreter("sections 3 rows 20\n" + program)
                if stepping {
                    var e = StepEvent.frame
                    while e != .finished && e != .failed { e = it.stepFrame() }
                } else {
                    XCTAssertEqual(it.run(), .failed)
                }
                let f = try XCTUnwrap(it.failure, program)
                XCTAssertEqual(f.problem, .noSuchSection(7, count: 3), program)
                XCTAssertEqual(f.location.line, line, program)
                XCTAssertGreaterThan(f.time, 0.1, program)
                failures.append(f)
            }
            XCTAssertEqual(failures[0], failures[1], program)
        }
        // Column of `section` in each: 35 in the within; 31 in the always
        // (`expect always offset < 300 or ` is 30 characters).
        XCTAssertEqual(try ran("sections 3 rows 20\n" + programs[0].0, .failed).failure?.location.column, 35)
        XCTAssertEqual(try ran("sections 3 rows 20\n" + programs[1].0, .failed).failure?.location.column, 31)
    }

    /// The observer is given the world after every frame of every kind of statement: a
    /// wait, an `expect within` and a tick, in `run()` as when stepping.
    func testTheObserverSeesEveryFrameOfAWithinAndASettle() throws {
        // wait 0.1s = 6 frames (t = 0.1); `time >= 0.14s` first holds at frame 9
        // (9/60 = 0.15; frame 8 is 0.133); tick 2 = frames 10 and 11.
        for stepping in [false, true] {
            let it = try interpreter("wait 0.1s\nexpect within 0.1s time >= 0.14s\ntick 2")
            var seen: [Int] = []
            it.observer = { w, _ in seen.append(w.frameIndex); return false }
            if stepping {
                // (stepFrame() with nothing left runs a bare frame: stop at the end)
                while !it.isFinished { XCTAssertNotEqual(it.stepFrame(), .failed) }
            } else {
                XCTAssertEqual(it.run(), .finished)
            }
            XCTAssertEqual(seen, Array(1...11), "stepping: \(stepping)")
        }
        // A settle's frames, as many as it took.
        let it = try interpreter("fling -2500\nsettle")
        var seen: [Int] = []
        it.observer = { w, _ in seen.append(w.frameIndex); return false }
        XCTAssertEqual(it.run(), .finished)
        XCTAssertGreaterThan(it.world.frameIndex, 6)
        XCTAssertEqual(seen, Array(1...it.world.frameIndex))
    }

    func testInterruptInASettleResumesAsIfUninterrupted() throws {
        // fling is 0.1 s = 6 frames; polls come once a frame, so the 10th is after frame 10,
        // the settle's 4th. Resumed, the run ends where an uninterrupted one does.
        let text = "fling -2500\nsettle\nprint offset"
        let whole = try interpreter(text)
        var wholeLines: [String] = []
        whole.output = { wholeLines.append($0) }
        XCTAssertEqual(whole.run(), .finished)

        let it = try interpreter(text)
        var lines: [String] = []
        it.output = { lines.append($0) }
        var polls = 0
        it.shouldInterrupt = { polls += 1; return polls == 10 }
        XCTAssertEqual(it.run(), .paused)
        XCTAssertEqual(it.world.frameIndex, 10)
        XCTAssertEqual(it.currentStatement?.location.line, 2)
        XCTAssertEqual(it.run(), .finished)
        XCTAssertEqual(it.world.frameIndex, whole.world.frameIndex)
        XCTAssertGreaterThan(it.world.frameIndex, 10)
        XCTAssertEqual(lines, wholeLines)
    }

    func testObserverAfterEveryFrameAndItCanPause() throws {
        // wait 0.5s = 30 frames, tick 3 = 3 frames: 33 calls, frame indexes 1...33.
        let it = try interpreter("wait 0.5s\ntick 3")
        var seen: [Int] = []
        it.observer = { w, _ in seen.append(w.frameIndex); return false }
        XCTAssertEqual(it.run(), .finished)
        XCTAssertEqual(seen, Array(1...33))

        let it2 = try interpreter("wait 0.5s")
        it2.observer = { w, _ in w.frameIndex == 7 }
        XCTAssertEqual(it2.run(), .paused)
        XCTAssertEqual(it2.world.frameIndex, 7)
    }

    func testRepeatUsesTheControlStack() throws {
        // 4 x 3 ticks = 12 frames; 1 + 4*(1 + 3) = 17 statements (outer, inner, tick).
        let it = try ran("repeat 4 { repeat 3 { tick } }", .finished)
        XCTAssertEqual(it.world.frameIndex, 12)
        XCTAssertEqual(it.statementCount, 17)
    }

    func testDeepRepeatNestingDoesNotRecurse() throws {
        // 200 nested repeat 1 blocks around one tick: one frame.
        let text = String(repeating: "repeat 1 { ", count: 200) + "tick" + String(repeating: " }", count: 200)
        let it = try ran(text, .finished)
        XCTAssertEqual(it.world.frameIndex, 1)
    }

    // MARK: - Expectations

    func testExpectAlwaysRegisteredOnceAndFailsAtTheFirstFalseFrame() throws {
        // time < 0.05 is false from frame 3 (3/60 = 0.05) on.
        let it = try ran("repeat 3 {\n  expect always time < 0.05\n  tick\n}\ntick 10", .failed)
        let f = try XCTUnwrap(it.failure)
        assertFailure(f, line: 2, column: 3, time: 3.0 / 60, message: "invariant broken at t = 0.050 s",
                      notes: ["time is 0.050 at t = 0.050 s"])
    }

    func testExpectWithinWaitsFrameByFrame() throws {
        // drag -15 at 300 pt/s: 0.05 s = 3 frames; the toolbar follows the finger down
        // 15 pt and the release animates it back over 0.2 s = 12 frames: shown at frame 15.
        let it = try ran("toolbar\ndrag -15\nrelease\nexpect within 0.3s toolbar.state == shown\nexpect time == 0.25", .finished)
        XCTAssertNil(it.failure)
        XCTAssertEqual(it.world.frameIndex, 15)
    }

    func testExpectWithinChecksTheCurrentFrameFirst() throws {
        let it = try ran("expect within 1s time == 0", .finished)
        XCTAssertEqual(it.world.frameIndex, 0)
    }

    func testExpectWithinFailsAtItsDeadline() throws {
        // 0.1 s = 6 frames: fails at t = 0.1 with the value at that frame.
        let it = try ran("expect within 0.1s time > 1", .failed)
        XCTAssertEqual(it.world.frameIndex, 6)
        XCTAssertEqual(it.failure?.message, "expectation still false after 0.100 s")
    }

    func testDefaultTolerances() throws {
        // Half a frame at 60 fps is 1/120 = 0.008333 s; 0.5 pt; 0.005 for plain numbers.
        let cases: [(String, Bool)] = [
            ("expect time ~= 0.008", true), ("expect time ~= 0.0084", false),
            ("fps 10\nexpect time ~= 0.05", true), ("fps 10\nexpect time ~= 0.051", false),
            ("expect offset ~= 0.5", true), ("expect offset ~= 0.51", false),
            ("expect velocity ~= -0.5", true), ("expect velocity ~= -0.6", false),
            ("header 100\nexpect header.scale ~= 1.005", true), ("header 100\nexpect header.scale ~= 1.006", false),
            ("expect offset ~= 3 within 3", true), ("expect offset ~= 3 within 2.9", false),
        ]
        for (text, passes) in cases {
            let it = try interpreter(text)
            XCTAssertEqual(it.run(), passes ? .finished : .failed, text)
        }
    }

    func testApproxFailureNotes() throws {
        // offset 0 vs 2 with the default 0.5 pt.
        let it = try ran("expect offset ~= 2", .failed)
        XCTAssertEqual(it.failure?.notes, ["offset is 0.00 at t = 0.000 s", "~= expected 2.00 within 0.50, actual 0.00 (off by 2.00)"])
    }

    // MARK: - Errors and limits

    func testRuntimeErrorsAreFailuresNotTraps() throws {
        let it = try ran("expect offset / offset == 0", .failed)
        XCTAssertEqual(it.failure?.message, "division by zero")
        XCTAssertEqual(it.failure?.location.column, 15)

        // Kinds that the checker would refuse, evaluated directly.
        // The checker refuses `phase == 1`, having resolved `phase`.
        let (program, diags) = parseChunk("phase == 1")
        XCTAssertEqual(diags, [])
        let check = checkStatementsAndWarn(program.statements, config: SceneConfig())
        XCTAssertFalse(check.errors.isEmpty)
        guard case .expression(let e)? = program.statements.first?.kind else { return XCTFail("not an expression") }
        guard case .failure(let err) = Interpreter(config: SceneConfig()).evaluate(e, names: check.names) else { return XCTFail("no error") }
        XCTAssertEqual(err.message, "cannot compare a state with a number")
    }

    func testSettleErrors() throws {
        let down = try ran("pull 10\nsettle", .failed)
        XCTAssertEqual(down.failure?.location.line, 2)
        XCTAssertEqual(down.failure?.message, "settle while a finger is down: release it first")
        // Already at rest: no frame.
        let rest = try ran("settle", .finished)
        XCTAssertEqual(rest.world.frameIndex, 0)
    }

    func testTimeLimitFailsTheCrossingStatementAtOnce() throws {
        // 50000 s + 50000 s > 86400 s: the second wait fails before it runs.
        let it = try ran("repeat 2 {\n  wait 50000s\n}", .failed)
        XCTAssertEqual(it.failure?.location.line, 2)
        XCTAssertEqual(it.failure?.time, 50000)
    }

    func testStatementLimit() throws {
        // 1 + 3334 * (1 + 3000) = 10,006,335 statements > 10,000,000. Statement number
        // 10,000,001: 10,000,000 = 3001 * 3332 + 2668 -> pass 3333, item 2668 = the 2667th
        // `expect` of that pass (item 1 is the inner repeat), at column 29.
        let it = try ran("repeat 3334 { repeat 3000 { expect true } }", .failed)
        XCTAssertEqual(it.failure?.location.column, 29)
        XCTAssertEqual(it.failure?.message, "the scenario passed the limit of 10,000,000 executed statements")
        XCTAssertEqual(it.statementCount, 10_000_001)
    }

    // MARK: - REPL support

    func testAppendResetRecoverAndCompleted() throws {
        var config = SceneConfig()
        config.header = HeaderConfig(height: 100)
        let it = Interpreter(config: config)
        var finished: [Stmt] = []
        it.onStatementFinished = { finished.append($0) }
        XCTAssertEqual(it.run(), .finished)
        func enter(_ text: String) -> StepEvent {
            let (p, d) = parseChunk(text)
            XCTAssertEqual(d, [])
            let check = checkStatementsAndWarn(p.statements, config: it.world.config)
            XCTAssertEqual(check.errors, [])
            it.append(p.statements, names: check.names)
            return it.run()
        }
        // pull 30: 6 frames, offset -b(30) = -(30*0.55*667)/(667 + 16.5) = -11005.5/683.5 = -16.1017.
        XCTAssertEqual(enter("pull 30"), .finished)
        XCTAssertEqual(number(it.world.value(.offset)), -16.1017, accuracy: 1e-4)
        XCTAssertEqual(enter("release; settle"), .finished)
        XCTAssertEqual(finished.count, 3)
        XCTAssertEqual(enter("release"), .failed)
        XCTAssertEqual(finished.count, 3)
        // The failed `release` (a zero-frame top-level statement) is the one dropped.
        XCTAssertEqual(it.recover().map { [$0.statement.kind.keyword: $0.frames] }, ["release": 0])
        XCTAssertNil(it.failure)
        XCTAssertEqual(enter("repeat 2 { tick }"), .finished)
        XCTAssertEqual(finished.map { $0.kind.keyword }, ["pull", "release", "settle", "repeat"])
        it.reset(config: config)
        XCTAssertEqual(it.world.frameIndex, 0)
        XCTAssertNil(it.recover())
    }

    /// `recover()` unregisters the invariant that failed and keeps the others; `let`s bound
    /// entry by entry keep their values (the two lists the frame loop reads at each call).
    func testRecoverDropsOnlyTheFailedInvariantAndLetsAccumulate() throws {
        let it = Interpreter(config: SceneConfig())
        func enter(_ text: String) -> StepEvent {
            let (p, d) = parseChunk(text, letNames: Set(it.boundLets.keys))
            XCTAssertEqual(d, [])
            let check = checkStatementsAndWarn(p.statements, config: it.world.config, lets: it.boundLets)
            XCTAssertEqual(check.errors, [])
            it.append(p.statements, names: check.names)
            return it.run()
        }
        // fps 60: t = frame/60. The first is false at frame 6 (t = 0.1), the second at frame
        // 12 (t = 0.2); "expect always time < 0.1; " is 26 characters, so the second is at
        // column 27.
        XCTAssertEqual(enter("expect always time < 0.1; expect always time < 0.2"), .finished)
        XCTAssertEqual(enter("tick 10"), .failed)
        XCTAssertEqual(it.failure?.location.column, 1)
        XCTAssertEqual(it.failure?.message, "invariant broken at t = 0.100 s")
        XCTAssertEqual(it.world.frameIndex, 6)
        it.recover()
        // The first is gone (it would fail at frame 7); the second fails at frame 12.
        XCTAssertEqual(enter("tick 10"), .failed)
        XCTAssertEqual(it.failure?.location.column, 27)
        XCTAssertEqual(it.failure?.message, "invariant broken at t = 0.200 s")
        XCTAssertEqual(it.world.frameIndex, 12)
        it.recover()
        XCTAssertEqual(enter("tick 10"), .finished)
        XCTAssertEqual(it.world.frameIndex, 22)
        // Slots 0 and 1, bound by two entries: 2 + 2·3 = 8.
        XCTAssertEqual(enter("let a = 2"), .finished)
        XCTAssertEqual(enter("let b = a * 3"), .finished)
        XCTAssertEqual(enter("expect a + b == 8"), .finished)
        XCTAssertEqual(enter("expect a + b == 9"), .failed)
    }

    func testPrintAndFramesOutput() throws {
        // header 100: pull 30 stretches it by b(30) = 11005.5/683.5 = 16.1017 -> 116.10.
        let it = try interpreter("header 100\npull 30\nprint \"at\", header.height, 1 / 4\nframes")
        var lines: [String] = []
        it.output = { lines.append($0) }
        XCTAssertEqual(it.run(), .finished)
        XCTAssertEqual(lines.first, "t = 0.100 s: at, header.height = 116.10, 0.250")
        XCTAssertEqual(lines[1], "frames at t = 0.100 s:")
        XCTAssertEqual(lines[2], "  header (0.00, 0.00, 375.00, 116.10)")
        // rows of the default table: 44 pt from 116.10: row 0 at 116.10.
        XCTAssertEqual(lines[3], "  row[0,0] (0.00, 116.10, 375.00, 44.00)")
    }

    // MARK: - Runner

    func testRunnerReportAndExitStatus() throws {
        let ok = SourceFile(name: "a.scroll", text: "scenario \"one\" { expect offset == 0 }\nscenario \"two\" { tick 6; expect time > 0 }")
        let bad = SourceFile(name: "b.scroll", text: "pul 10")
        let r = Runner().run([.source(ok), .source(bad)])
        XCTAssertEqual(r.stdout, """
            PASS  a.scroll  "one"  (0.000 s)
            PASS  a.scroll  "two"  (0.100 s)
            ERROR  b.scroll  (1 error; nothing in this file ran)
            failures:
              ERROR  b.scroll  (nothing in it ran)
            2 passed, 0 failed, 1 error

            """)
        XCTAssertEqual(r.exitStatus, 2)
        XCTAssertTrue(r.stderr.hasPrefix("b.scroll:1:1: error: unknown statement 'pul'"))
        XCTAssertEqual(Runner(filter: "two").run([.source(ok)]).passed, 1)
        XCTAssertEqual(Runner(filter: "three").run([.source(ok)]).exitStatus, 2)
        XCTAssertEqual(Runner().run([]).exitStatus, 2)
    }
}
