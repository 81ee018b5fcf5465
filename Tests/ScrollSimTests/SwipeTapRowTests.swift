import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// v1.2 actions and observables in the pure world: `swipe`, `tap row`, `offset.min`/
/// `offset.max`, `tap.target`. Numbers worked out by hand from spec §4/§6.
final class SwipeTapRowTests: XCTestCase {
    func testSwipeLiftsWithDistanceTimesFpsOverFrames() throws {
        var w = World(SceneConfig())
        // 200 pt in 0.2 s = 12 frames at 60 fps; lift velocity -200·60/12 = -1000 pt/s.
        let n = w.beginSwipe(-200, duration: 0.2)
        XCTAssertEqual(n, 12)
        w.run(11)
        XCTAssertTrue(w.fingerIsDown, "still down before the last frame")
        w.run(1)
        XCTAssertFalse(w.fingerIsDown, "lifts at the end of its last frame")
        XCTAssertEqual(num(w.value(.fingerVelocity)), -1000)
        XCTAssertEqual(num(w.value(.fingerTranslation)), -200)
        XCTAssertEqual(w.offset, 200)
        XCTAssertEqual(w.phase, .decelerating)
        // One frame of the coast: 200 + 1000·(0.998^(1000/60) − 1)/(1000·ln 0.998).
        w.run(1)
        let k = 1000 * log(0.998)
        XCTAssertEqual(w.offset, 200 + 1000 * (pow(0.998, 1000.0 / 60) - 1) / k, accuracy: 1e-9)
    }

    func testSwipeWithoutDurationUsesDragSpeedAndContinuesATouch() {
        var w = World(SceneConfig())
        w.drag(-30)                         // 0.1 s, 6 frames; the finger stays down
        let n = w.beginSwipe(-60, duration: nil)
        XCTAssertEqual(n, 12)               // 60 / 300 = 0.2 s
        w.run(n)
        XCTAssertEqual(num(w.value(.fingerTranslation)), -90, "the same touch went on")
        XCTAssertEqual(num(w.value(.fingerVelocity)), -300)
        XCTAssertEqual(w.offset, 90)
    }

    func testOffsetBoundsAreTheLayoutBounds() throws {
        // header 240, 3 sections of 28 + 10·44: content 1644, max 977.
        var w = World(scene {
            $0.header = HeaderConfig(height: 240)
            $0.sections = (0..<3).map { SectionConfig(title: "S\($0)", rowCount: 10) }
            $0.accordion = .multiple
        })
        XCTAssertEqual(num(w.value(.offsetMin)), 0)
        XCTAssertEqual(num(w.value(.offsetMax)), 977)
        // Closing section 0 (0.3 s = 18 frames) takes its 440 pt of rows: max 537.
        _ = try w.tap(.section(0))
        w.run(18)
        XCTAssertEqual(num(w.value(.offsetMax)), 537)
        var inset = SceneConfig()
        inset.tunables[.insetTop] = 20
        XCTAssertEqual(num(World(inset).value(.offsetMin)), -20)
    }

    func testTapRowIsTargetedAndNeedsAVisiblePart() throws {
        var w = World(scene {
            $0.header = HeaderConfig(height: 240, pin: 60)
            $0.sections = (0..<10).map { SectionConfig(title: "S\($0)", rowCount: 3) }
        })
        XCTAssertEqual(try w.tap(.row(0, 0)), .row(0, 0))
        // Row 2 of section 9 is at 240 + 9·160 + 28 + 88 = 1796: off screen.
        XCTAssertThrowsError(try w.tap(.row(9, 2))) {
            XCTAssertEqual($0 as? SimError, .rowNotVisible(section: 9, row: 2, sectionClosed: false))
        }
        XCTAssertThrowsError(try w.tap(.row(0, 3))) {
            XCTAssertEqual($0 as? SimError, .noRow(section: 0, row: 3, rows: 3))
        }
        XCTAssertThrowsError(try w.tap(.row(10, 0))) {
            XCTAssertEqual($0 as? SimError, .noSection(10, count: 10))
        }
        // Offset 300: row[0,1] at 12..56 lies under the pinned header band (0..60); a
        // targeted tap still reaches it, a point tap there reaches the header.
        w.drag(-300, in: 0.5)
        try w.release()
        XCTAssertEqual(try w.tap(.row(0, 1)), .row(0, 1))
        XCTAssertEqual(try w.tap(.point(x: 10, y: 30)), .header(expanded: nil))
    }

    func testARowOfAClosedSectionHasNothingToTap() throws {
        var w = World(scene {
            $0.sections = [SectionConfig(title: "A", rowCount: 3, open: false)]
            $0.accordion = .multiple
        })
        XCTAssertThrowsError(try w.tap(.row(0, 0))) {
            XCTAssertEqual($0 as? SimError, .rowNotVisible(section: 0, row: 0, sectionClosed: true))
        }
    }

    func testTapTargetNamesTheLastReceiver() throws {
        var w = World(scene {
            $0.header = HeaderConfig(height: 100)
            $0.sections = (0..<20).map { SectionConfig(title: "S\($0)", rowCount: 3) }
            $0.toolbarHeight = 44
        })
        func target() -> Value { w.value(.tapTarget) }
        XCTAssertEqual(target(), .string(""))
        _ = try w.tap(.header); XCTAssertEqual(target(), .string("header"))
        _ = try w.tap(.section(1)); XCTAssertEqual(target(), .string("section[1]"))
        _ = try w.tap(.row(0, 2)); XCTAssertEqual(target(), .string("row[0,2]"))
        _ = try w.tap(.point(x: 10, y: 640)); XCTAssertEqual(target(), .string("toolbar"))
        _ = try w.tap(.point(x: -1, y: 10)); XCTAssertEqual(target(), .string("nothing"))
        // Hide the toolbar (finger up 30 > 22), then the bottom 44 pt are the reveal zone.
        w.drag(-30, in: 0.1)
        try w.release()
        w.run(12)
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
        _ = try w.tap(.point(x: 10, y: 660)); XCTAssertEqual(target(), .string("toolbar.zone"))
        // A tap that only stops a deceleration reaches no view.
        w.fling(-2000)
        XCTAssertEqual(try w.tap(.point(x: 10, y: 300)), .stoppedScrolling)
        XCTAssertEqual(target(), .string("nothing"))
    }
}
