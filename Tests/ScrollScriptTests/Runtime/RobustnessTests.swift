import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Inputs found by the fuzzer (tools/fuzz/fuzz.py, docs/robustness.md): each must end with
/// a clear result in reasonable time, never a trap or a hang.
final class RobustnessTests: XCTestCase {
    /// Frames a batch run of `sc` simulates one by one (fast-forwarded frames not counted).
    func simulatedFrames(_ sc: CheckedScenario) throws -> Int {
        let interp = Interpreter(sc)
        interp.fastForwardsIdleFrames = true
        _ = interp.run()
        return interp.framesSimulated
    }

    func scenario(_ text: String) throws -> CheckedScenario {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        return try XCTUnwrap(r.scenarios.first)
    }

    /// Runs `text` frame by frame (no fast-forward) and in one batch run (fast-forward on);
    /// both must end in the same world with the same output and failure. Returns the frames
    /// the batch run skipped (ran without simulating), so a caller can show that the fast
    /// path was really taken: if it never is, the comparison is slow path against itself.
    @discardableResult
    func assertFastForwardIsExact(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let sc = try scenario(text)
        let slow = Interpreter(sc)
        var slowOut: [String] = []
        slow.output = { slowOut.append($0) }
        while true {
            let e = slow.advance()
            if e == .finished || e == .failed { break }
        }
        let fast = Interpreter(sc)
        fast.fastForwardsIdleFrames = true
        var fastOut: [String] = []
        fast.output = { fastOut.append($0) }
        fast.run()
        XCTAssertEqual(fast.world, slow.world, file: file, line: line)
        XCTAssertEqual(fastOut, slowOut, file: file, line: line)
        XCTAssertEqual(fast.failure, slow.failure, file: file, line: line)
        XCTAssertEqual(slow.framesSimulated, slow.world.frameIndex, "frame by frame simulates every frame", file: file, line: line)
        return fast.world.frameIndex - fast.framesSimulated
    }

    func testFastForwardGivesTheSameWorldAsFrameByFrame() throws {
        // Idle waits after motion, animations ending mid-wait, a within that fails at its
        // end, an invariant that does not read time, one that does.
        // pull 50 (10 frames) ends at -b(50) = -50·0.55·667/(667 + 27.5) = -26.41; the
        // critically damped bounce x = -26.41(1 + 10τ)e^(-10τ) is under 0.5 pt at τ = 0.6
        // (7·e^(-6) = 0.01735 → 0.458) with x' = 2641·0.6·e^(-6) = 3.93 < 5 pt/s: at rest
        // by 36 frames into the 180-frame wait, so well over 120 frames (2 s) are skipped.
        XCTAssertGreaterThanOrEqual(try assertFastForwardIsExact("pull 50\nrelease\nwait 3s\nprint offset, time"), 120)
        // The toggle animates 0.25 s = 15 frames of the 120-frame wait: over 100 skipped.
        XCTAssertGreaterThanOrEqual(try assertFastForwardIsExact("header 50 toggle 100\ntap header\nwait 2s\nprint header.height, time"), 100)
        try assertFastForwardIsExact("toolbar\nfling -900\nwait 5s\nprint toolbar.y, offset")
        try assertFastForwardIsExact("section \"a\" rows 3\naccordion\ntap header 0\nwait 1s\nprint content.height")
        // At rest throughout, the invariant does not read time: of 600 + 120 frames only
        // each statement's last frame need run.
        XCTAssertGreaterThanOrEqual(try assertFastForwardIsExact("expect always offset == 0\nwait 10s\nexpect within 2s offset == 1"), 700)
        // An invariant that reads time sees every frame: nothing may be skipped.
        XCTAssertEqual(try assertFastForwardIsExact("expect always time < 3\nwait 10s"), 0)
        try assertFastForwardIsExact("expect within 2s time > 1.5\nprint time")
        try assertFastForwardIsExact("set inset.top 20\npull 30\nrelease\nwait 4s\nprint offset")
        // Touches: a long drag, a pull then a held finger, past the bottom, a fling.
        try assertFastForwardIsExact("drag -3000 in 5s\nprint offset, velocity\nwait 2s\nrelease\nsettle\nprint offset")
        try assertFastForwardIsExact("pull 120\nwait 3s\nprint offset, velocity, finger.velocity\nrelease\nsettle")
        try assertFastForwardIsExact("header 100 pin 20\nsection \"a\" rows 50\nfps 120\ndrag 500 in 2s\ndrag -9000 in 3s\nprint offset, header.height, section[0].y\nrelease\nsettle")
        try assertFastForwardIsExact("set fling.duration 2\nfling -3000\nprint offset\nsettle\nprint offset")
        try assertFastForwardIsExact("header 50 toggle 100\ntap header\ndrag -200 in 1s\nprint offset, header.height")
        try assertFastForwardIsExact("toolbar\ndrag -300 in 2s\nprint toolbar.y\nrelease")
    }

    func testAnIdleDayAtAThousandFramesASecondIsFast() throws {
        // fps 1000, wait 86000 s: 86,000 × 1000 = 86,000,000 frames of an idle world. Frame
        // by frame this took over a minute in a debug build; nothing moves, so it is skipped.
        let sc = try scenario("fps 1000\nwait 86000s\nprint time")
        // At most a few frames are simulated one by one (the last frame always runs).
        XCTAssertLessThan(try simulatedFrames(sc), 10)
        let r = runScenario(sc)
        XCTAssertNil(r.failure)
        XCTAssertEqual(r.duration, 86_000, accuracy: 1e-9)
        XCTAssertEqual(r.output, ["t = 86000.000 s: time = 86000.000"])
    }

    func testAnIdleExpectWithinADayFailsAtItsEnd() throws {
        // expect within 86400s at fps 1000: 86,400,000 frames; offset stays 0, so it fails at
        // t = 86400 s, the last frame.
        let sc = try scenario("fps 1000\nexpect within 86400s offset == 1")
        XCTAssertLessThan(try simulatedFrames(sc), 10)
        let r = runScenario(sc)
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.location.line, 2)
        XCTAssertEqual(f.location.column, 1)
        XCTAssertEqual(f.time, 86_400, accuracy: 1e-9)
        XCTAssertEqual(f.message, "expectation still false after 86400.000 s")
    }

    // MARK: - Output limit

    func testOutputPastSixteenMebibytesFailsAtThePrint() throws {
        // `print offset` prints "t = 0.000 s: offset = 0.00" (26 characters + a line end =
        // 27 bytes). 16 MiB = 16,777,216 bytes hold 621,378 such lines (621,378 × 27 =
        // 16,777,206); the 621,379th would pass it, so the run stops there rather than
        // holding 10 million lines in memory.
        let sc = try scenario("repeat 10000000 { print offset }")
        let r = runScenario(sc)
        XCTAssertEqual(r.output.count, 621_378)
        XCTAssertEqual(r.output.first, "t = 0.000 s: offset = 0.00")
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.location.line, 1)
        XCTAssertEqual(f.location.column, 19)
        XCTAssertEqual(f.message, "the scenario passed the limit of 16 MiB of print and frames output")
    }

    // MARK: - Large tables

    /// Every view on screen by brute force over every section and row (spec §5: a view is
    /// listed when its height is > 0 and it overlaps 0..screen.height), in the fixed order.
    func bruteForceFrames(_ w: World) -> [ViewFrame.Kind] {
        func on(_ r: Rect) -> Bool { r.height > 0 && r.y < w.config.screenHeight && r.y + r.height > 0 }
        var out: [ViewFrame.Kind] = []
        if let r = w.frame(of: .named("header")), on(r) { out.append(.header) }
        let sections = w.config.effectiveSections
        for i in 0..<sections.count {
            if let r = w.sectionFrame(i), on(r) { out.append(.section(i)) }
            for j in 0..<sections[i].rowCount {
                if let r = w.rowFrame(i, j), on(r) { out.append(.row(i, j)) }
            }
        }
        if let r = w.frame(of: .named("toolbar")), on(r) { out.append(.toolbar) }
        return out
    }

    func testFramesOfALargeTableAreThoseOnScreen() throws {
        // `frames` searches the sections near the screen instead of walking all of them;
        // it must list exactly what a walk over every view finds, in every situation:
        // pulled, scrolled with sticky headers, mid-accordion, at the bottom, inset.
        let text = """
        header 100 pin 30
        toolbar
        sections 300 rows 3
        section rows 0
        section "t" rows 0
        section rows 5
        accordion
        set inset.top 20
        """
        let states = [
            "pull 80", "pull 80\nrelease\ntick 3", "drag -500 in 0.5s", "drag -3333 in 0.2s",
            "tap header 0\ntick 5", "drag -30000 in 1s", "drag -100000 in 1s", "fling -30000\ntick 7",
            "drag -200 in 1s\nrelease\ntap header 2\ntick 9", "tap 10 10", "tap 10 400",
            // Huge drags: x·c·d overflowed for x = 1e306 (offset ±inf before the fix).
            "drag 1e306 in 1ms", "drag -1e306 in 1ms", "drag 1e306 in 1ms\nrelease\ntick 3",
        ]
        var checked = 0
        for st in states {
            let it = Interpreter(try scenario(text + "\n" + st))
            while true {
                let e = it.advance()
                XCTAssertEqual(it.world.visibleFrames().map { $0.kind }, bruteForceFrames(it.world), st)
                checked += 1
                if e == .finished || e == .failed { break }
            }
            XCTAssertNil(it.failure, st)
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testTapsOnALargeTableHitTheViewUnderThePoint() throws {
        // 10,000 sections of 10 rows (28 + 10 × 44 = 468 pt each). Scrolled by 30,000 pt:
        // content y 30,000 is in section ⌊30000 / 468⌋ = 64 (it starts at 64 × 468 = 29,952),
        // whose header sticks at y = 0; screen y 300 is content y 30,300: 348 pt into
        // section 64, 320 pt past its header, row ⌊320 / 44⌋ = 7.
        let sc = try scenario("sections 10000 rows 10\ndrag -30000 in 1s\nrelease\nsettle")
        let it = Interpreter(sc)
        it.run()
        XCTAssertEqual(it.world.offset, 30_000, accuracy: 1e-6)
        var w = it.world
        XCTAssertEqual(try w.tap(.point(x: 10, y: 300)), .row(64, 7))
        XCTAssertEqual(try w.tap(.point(x: 10, y: 10)), .sectionHeader(64, open: nil))
        // Screen y 666: content 30,666, section 65 starts at 65 × 468 = 30,420: 246 pt in,
        // 218 past its header, row ⌊218 / 44⌋ = 4.
        XCTAssertEqual(try w.tap(.point(x: 10, y: 666)), .row(65, 4))
    }

    // MARK: - Error limit

    func testAFileOfTyposStopsAtAThousandErrors() throws {
        // 200,000 lines of "pulll 1": one error per line (an unknown statement with a "did
        // you mean"), each costing an edit-distance search: half a minute in a debug build,
        // hours for a 64 MiB file. Lines 1–1000 are reported, then one line at 1001:1 says
        // the rest is not checked.
        let text = String(repeating: "pulll 1\n", count: 200_000)
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1001)
        XCTAssertEqual(r.diagnostics[0].location.line, 1)
        XCTAssertEqual(r.diagnostics[0].message, "unknown statement 'pulll' (did you mean 'pull 1'?)")
        XCTAssertEqual(r.diagnostics[999].location.line, 1000)
        let last = r.diagnostics[1000]
        XCTAssertEqual(last.location.line, 1001)
        XCTAssertEqual(last.location.column, 1)
        XCTAssertEqual(last.message, "too many errors (1000); the rest of the file is not checked")
    }

    /// Issue 16: past the cap the parser lexed the rest of the file token by token (a loop
    /// that never ended in optimised builds: `check` of 1,001 lines of `x` hung at 100% CPU;
    /// tools/fuzz/libfuzzer/regressions/ keeps those inputs for the -O fuzz build). Now the
    /// lexer jumps to the end: nothing after "the rest of the file is not checked" is
    /// reported, not even the lexer's errors.
    func testNothingIsLexedPastTheErrorCap() throws {
        let text = String(repeating: "x\n", count: 1001) + "@\npull \"unterminated\n"
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1001)
        XCTAssertEqual(r.diagnostics[999].message, "unknown statement 'x'")
        XCTAssertEqual(r.diagnostics.last?.message, "too many errors (1000); the rest of the file is not checked")
        XCTAssertEqual(r.diagnostics.last?.location.line, 1001)
        XCTAssertEqual(r.diagnostics.filter { $0.location.line > 1001 }, [])
        // The same cap inside a block: the block's missing '}' is not reported either.
        let inBlock = checkSource(SourceFile(name: "t.scroll", text: "scenario \"s\" {\n" + text))
        XCTAssertEqual(inBlock.diagnostics.count, 1001)
        XCTAssertEqual(inBlock.diagnostics.last?.message, "too many errors (1000); the rest of the file is not checked")
    }

    func testCheckerErrorsAreBoundedToo() throws {
        // Statements that parse but do not check (an unknown name on each line): the
        // checker records 1000 and then the same closing line, at the 1001st statement.
        let text = String(repeating: "expect offsett == 0\n", count: 5000)
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1001)
        XCTAssertEqual(r.diagnostics[999].location.line, 1000)
        XCTAssertEqual(r.diagnostics[1000].location.line, 1001)
        XCTAssertEqual(r.diagnostics[1000].message, "too many errors (1000); the rest of the file is not checked")
    }

    func testTheParserAndTheCheckerCountTheirOwnErrors() throws {
        // 1500 lines that parse but do not check, then 1500 lines that do not parse. The
        // checker's count: lines 1–1000, then "too many ..." at the 1001st statement (line
        // 1001). The lexer and parser's own count: lines 1501–2500, then the parser stops at
        // line 2501 with the same line. 1000 + 1 + 1000 + 1 = 2002 (grammar.md §5).
        let text = String(repeating: "expect offsett == 0\n", count: 1500) + String(repeating: ")\n", count: 1500)
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 2002)
        let stops = r.diagnostics.filter { $0.problem == .tooManyErrors }.map { $0.location.line }
        XCTAssertEqual(stops, [1001, 2501])
        XCTAssertEqual(r.diagnostics[1001].location.line, 1501)
        XCTAssertEqual(r.diagnostics[1001].message, "expected a statement, found ')'")
    }

    func testACheckerStatementPastTheCapStillSaysSo() throws {
        // 999 errors, then a statement with three (999 + 3 = 1002, past the cap at once):
        // the next statement still gets the one "too many ..." line, not only when the
        // count is exactly 1000 (nothing past the cap is skipped silently).
        let text = String(repeating: "expect offsett == 0\n", count: 999)
            + String(repeating: "expect offsett == 0 and headr == 1 and xx == 2\n", count: 5)
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1003)
        XCTAssertEqual(r.diagnostics[1001].location.line, 1000)
        XCTAssertEqual(r.diagnostics[1002].location.line, 1001)
        XCTAssertEqual(r.diagnostics[1002].message, "too many errors (1000); the rest of the file is not checked")
        XCTAssertEqual(r.diagnostics.filter { $0.problem == .tooManyErrors }.count, 1)
    }

    func testAThousandUnexpectedCharactersThenTheLimit() throws {
        // The lexer's errors count as well: 5000 lines of "@" (unexpected character), the
        // lexer keeps 1000 (lines 1–1000); the parser then stops at line 1000's statement.
        // Only the first error of a line is shown, and at 1000:1 "too many ..." sorts
        // before "unexpected ...": 999 + 1 diagnostics.
        let text = String(repeating: "@\n", count: 5000)
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1000)
        XCTAssertEqual(r.diagnostics[0].message, "unexpected character '@'")
        XCTAssertEqual(r.diagnostics[999].location.line, 1000)
        XCTAssertEqual(r.diagnostics[999].message, "too many errors (1000); the rest of the file is not checked")
    }

    func testFramesWithAnInfiniteOffsetAreFast() throws {
        // drag 1e306 in 1 ms: 1e306 × 0.55 × 667 overflowed and the offset was -inf; then
        // `frames` walked all 10,000 sections each time: 10,000 × 10,000 steps, over a
        // minute in a debug build. (Now the rubber band gives its limit, offset -667: the
        // content starts at the bottom of the 667 pt screen, so nothing of it shows.)
        let sc = try scenario("sections 10000 rows 10\ndrag 1e306 in 1ms\nrepeat 10000 { frames }")
        let r = runScenario(sc)
        XCTAssertNil(r.failure)
        // 1 ms at 60 fps is 0 frames, at least 1: t = 1/60 = 0.017 s; only the heading.
        XCTAssertEqual(r.output.count, 10_000)
        XCTAssertEqual(r.output.first, "frames at t = 0.017 s:")
    }

    func testTheRubberBandOfAHugeDragTendsToTheScreenHeight() {
        // b(x) = x·c·d / (d + c·x) → d as x → ∞. For x = 1e306, c = 0.55, d = 667 the
        // product x·c·d overflows (3.7e308 > 1.8e308) and gave inf; the limit form
        // d / (1 + d/(c·x)) = 667 / (1 + 667/5.5e305) = 667.
        XCTAssertEqual(RubberBand.band(1e306, c: 0.55, d: 667), 667, accuracy: 1e-9)
        XCTAssertEqual(RubberBand.band(.infinity, c: 0.55, d: 667), 667)
        // Ordinary values keep the spec's form: 120 × 0.55 × 667 / (667 + 66) = 44022 / 733
        // = 60.0573 (README: -60.06 after pull 120).
        XCTAssertEqual(RubberBand.band(120, c: 0.55, d: 667), 44022.0 / 733.0, accuracy: 1e-9)
    }

    func testAHundredThousandInvariantsRegisterInLinearTime() throws {
        // Registering an `expect always` must not scan the invariants already registered
        // (100,000 lines would make 5·10⁹ comparisons). One frame checks all 100,000; the
        // last (line 100,001) is false at t = 1/60 s after a pull (offset < 0).
        let text = String(repeating: "expect always offset >= -1000\n", count: 100_000)
            + "expect always offset >= 0\npull 30"
        let sc = try scenario(text)
        let r = runScenario(sc)
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.location.line, 100_001)
        XCTAssertEqual(f.message, "invariant broken at t = 0.017 s")
    }

    func testTwentyThousandSectionLinesCheckInLinearTime() throws {
        // A `section` line must not re-add the rows of every section before it or copy the
        // list (20,000 lines would be O(n²)). Lines 10,001 on are one section
        // too many each; 1000 of those are reported (lines 10,001–11,000), then the limit
        // line at 11,001.
        let text = String(repeating: "section \"a\" rows 10\n", count: 20_000) + "tick\n"
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.count, 1001)
        XCTAssertEqual(r.diagnostics[0].location.line, 10_001)
        XCTAssertEqual(r.diagnostics[0].message, "too many sections (at most 10000)")
        XCTAssertEqual(r.diagnostics[999].location.line, 11_000)
        XCTAssertEqual(r.diagnostics[1000].location.line, 11_001)
        XCTAssertEqual(r.diagnostics[1000].message, "too many errors (1000); the rest of the file is not checked")
    }

    func testRowsAddUpAcrossSectionLines() throws {
        // The running total must count every line: 10 lines of 10,000 rows is 100,000 (the
        // most); an 11th line of 1 row makes 100,001.
        let ok = String(repeating: "section rows 10000\n", count: 10) + "tick\n"
        XCTAssertEqual(checkSource(SourceFile(name: "t.scroll", text: ok)).diagnostics, [])
        let bad = ok.replacingOccurrences(of: "tick\n", with: "section rows 1\ntick\n")
        let d = checkSource(SourceFile(name: "t.scroll", text: bad)).diagnostics
        XCTAssertEqual(d.map { $0.location.line }, [11])
        XCTAssertEqual(d.first?.message, "too many rows (at most 100000 in the table)")
    }

    func testADayLongDragAtAThousandFramesASecondIsFast() throws {
        // drag 100 in 86400s at fps 1000: 86,400,000 frames of a moving finger, 49 s in a
        // debug build. Only the finger and the offset change: the finger is at
        // 100 × k/86,400,000 at frame k, so at the end at 100 pt, offset −b(100) with
        // c = 0.55, d = 667: −100 × 0.55 × 667 / (667 + 55) = −36685 / 722 = −50.81.
        let sc = try scenario("fps 1000\ndrag 100 in 86400s\nprint offset, finger.translation")
        XCTAssertLessThan(try simulatedFrames(sc), 10)
        let r = runScenario(sc)
        XCTAssertNil(r.failure)
        XCTAssertEqual(r.output, ["t = 86400.000 s: offset = -50.81, finger.translation = 100.00"])
    }
}

final class GuessRobustnessTests: XCTestCase {
    /// A statement that starts with a comparison operator (found by fuzz-check) gets the
    /// single-'=' message; the guesser looking for a state family before the operator
    /// does not index before the first token.
    func testALineStartingWithAComparisonIsAnErrorNotATrap() {
        for line in ["= hwait 25h", "== hidden", "!= shown"] {
            let r = checkSource(SourceFile(name: "t.scroll", text: line + "\n"))
            XCTAssertEqual(r.diagnostics.count, 1, line)
            XCTAssertEqual(r.diagnostics.first?.location.line, 1, line)
            XCTAssertEqual(r.diagnostics.first?.location.column, 1, line)
        }
    }

    /// A configuration word cut short by a block or a comment (found by fuzz-check and
    /// fuzz-format): the guesser's expression rules look at an empty range, not a
    /// reversed one.
    func testAConfigurationWordCutShortIsAnErrorNotATrap() {
        for line in ["heade{ 50 toggle 100", "se#tion \"A B\" rows 3"] {
            let r = checkSource(SourceFile(name: "t.scroll", text: line + "\n"))
            XCTAssertFalse(r.diagnostics.isEmpty, line)
            XCTAssertEqual(r.diagnostics.first?.location.line, 1, line)
        }
    }

    /// `wait for` with nothing after it: the words the guesser takes out of a wait end its
    /// body sooner, and it reads no token past the end.
    func testAWaitOfFillerWordsOnlyIsAnErrorNotATrap() {
        for line in ["wait for", "wait for for", "sleep for about", "pump for"] {
            let r = checkSource(SourceFile(name: "t.scroll", text: line + "\n"))
            XCTAssertFalse(r.diagnostics.isEmpty, line)
            XCTAssertEqual(r.diagnostics.first?.location.line, 1, line)
        }
    }
}
