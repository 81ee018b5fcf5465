import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The REPL's session API: entries typed one at a time against one world.
final class InterpreterSessionTests: XCTestCase {
    func testEntriesRunAgainstOneWorld() {
        let s = Session()
        XCTAssertEqual(s.enter("header 240 pin 60").diagnostics, [])
        // pull 120 at 300 pt/s = 24 frames; stretch b(120) = 120*0.55*667/(667 + 66)
        // = 44022/733 = 60.0573 -> height 300.06.
        let r = s.enter("pull 120")
        XCTAssertEqual(r.event, .finished)
        XCTAssertEqual(s.world.frameIndex, 24)
        XCTAssertEqual(s.enter("header.height").output, ["header.height = 300.06"])
        XCTAssertEqual(s.enter("section[0].y").output, ["section[0].y = 300.06"])
        XCTAssertEqual(s.enter("1 + 2").output, ["3.000"])
        XCTAssertEqual(s.enter("print time").output, ["t = 0.400 s: time = 0.400"])
    }

    func testCheckErrorsRunNothing() {
        let s = Session()
        let r = s.enter("expect header.height > 0")   // no header declared
        XCTAssertEqual(r.diagnostics.count, 1)
        XCTAssertNil(r.event)
        XCTAssertTrue(r.failed)
        XCTAssertEqual(s.enter("pul 10").diagnostics.first?.location.column, 1)
        XCTAssertEqual(s.world.frameIndex, 0)
    }

    func testAFailedEntryKeepsTheSessionGoing() {
        let s = Session()
        let r = s.enter("release")
        XCTAssertEqual(r.event, .failed)
        XCTAssertEqual(r.failure?.location.file, "<repl>")
        XCTAssertEqual(s.enter("tick 2").event, .finished)
        XCTAssertEqual(s.world.frameIndex, 2)
        XCTAssertEqual(s.actions.map { $0.kind.keyword }, ["tick"])
    }

    func testConfigurationAfterTimeAdvancedRebuildsTheWorld() {
        let s = Session()
        XCTAssertFalse(s.enter("section \"A\" rows 3").rebuilt)
        XCTAssertFalse(s.enter("section \"B\" rows 2").rebuilt)
        // Sections typed one by one accumulate: 28 + 3*44 + 28 + 2*44 = 276.
        XCTAssertEqual(s.enter("content.height").output, ["content.height = 276.00"])
        XCTAssertEqual(s.enter("expect offset == 0").event, .finished)
        s.enter("tick 3")
        let r = s.enter("toolbar")
        XCTAssertTrue(r.rebuilt)
        XCTAssertEqual(s.world.frameIndex, 0)
        XCTAssertEqual(s.actions, [])
        XCTAssertEqual(s.configuration.count, 3)
        XCTAssertEqual(s.enter("toolbar.y").output, ["toolbar.y = 623.00"])
    }

    func testTapsReportTheirReceiver() {
        let s = Session()
        s.enter("header 100 toggle 200")
        // The default table's rows start under the 100 pt header: screen y 300 is 200 pt
        // into them, row ⌊200 / 44⌋ = 4.
        XCTAssertEqual(s.enter("tap 10 300").output, ["tap: row[0,4]"])
        // The toggle header starts collapsed (100): a tap sets it expanding to 200.
        let r = s.enter("tap header")
        XCTAssertEqual(r.output, ["tap: header (expanding)"])
        XCTAssertEqual(s.world.value(.headerExpanded), .bool(true))
    }

    func testInterruptAndResume() {
        let s = Session()
        var frames = 0
        s.interpreter.shouldInterrupt = { frames += 1; return frames == 30 }
        XCTAssertEqual(s.enter("wait 1s").event, .paused)
        XCTAssertEqual(s.world.frameIndex, 30)
        XCTAssertEqual(s.resume().event, .finished)
        XCTAssertEqual(s.world.frameIndex, 60)
    }
}
