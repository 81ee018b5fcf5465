import Foundation
import XCTest
@testable import ScrollScript

/// Inputs found by the fuzzer (tools/fuzz/fuzz.py, docs/robustness.md): each must end with
/// a clear result in reasonable time, never a trap or a hang.
final class RobustnessTests: XCTestCase {
    func scenario(_ text: String) throws -> CheckedScenario {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        return try XCTUnwrap(r.scenarios.first)
    }

    /// Runs `text` frame by frame (no fast-forward) and in one batch run (fast-forward on);
    /// both must end in the same world with the same output and failure.
    func assertFastForwardIsExact(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
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
    }

    func testFastForwardGivesTheSameWorldAsFrameByFrame() throws {
        // Idle waits after motion, animations ending mid-wait, a within that fails at its
        // end, an invariant that does not read time, one that does.
        try assertFastForwardIsExact("pull 50\nrelease\nwait 3s\nprint offset, time")
        try assertFastForwardIsExact("header 50 toggle 100\ntap header\nwait 2s\nprint header.height, time")
        try assertFastForwardIsExact("toolbar\nfling -900\nwait 5s\nprint toolbar.y, offset")
        try assertFastForwardIsExact("section \"a\" rows 3\naccordion\ntap header 0\nwait 1s\nprint content.height")
        try assertFastForwardIsExact("expect always offset == 0\nwait 10s\nexpect within 2s offset == 1")
        try assertFastForwardIsExact("expect always time < 3\nwait 10s")
        try assertFastForwardIsExact("expect within 2s time > 1.5\nprint time")
        try assertFastForwardIsExact("set inset.top 20\npull 30\nrelease\nwait 4s\nprint offset")
    }

    func testAnIdleDayAtAThousandFramesASecondIsFast() throws {
        // fps 1000, wait 86000 s: 86,000 × 1000 = 86,000,000 frames of an idle world. Frame
        // by frame this took over a minute in a debug build; nothing moves, so it is skipped.
        let sc = try scenario("fps 1000\nwait 86000s\nprint time")
        let start = Date()
        let r = runScenario(sc)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertNil(r.failure)
        XCTAssertEqual(r.duration, 86_000, accuracy: 1e-9)
        XCTAssertEqual(r.output, ["t = 86000.000 s: time = 86000.000"])
    }

    func testAnIdleExpectWithinADayFailsAtItsEnd() throws {
        // expect within 86400s at fps 1000: 86,400,000 frames; offset stays 0, so it fails at
        // t = 86400 s, the last frame.
        let sc = try scenario("fps 1000\nexpect within 86400s offset == 1")
        let start = Date()
        let r = runScenario(sc)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.location.line, 2)
        XCTAssertEqual(f.location.column, 1)
        XCTAssertEqual(f.time, 86_400, accuracy: 1e-9)
        XCTAssertEqual(f.message, "expectation still false after 86400.000 s")
    }
}
