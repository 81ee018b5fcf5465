import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// Post 003: 800 pt/s, 22 pt, 0.2 s; toolbar 44 on a 667 pt screen: shown y 623, hidden 667.
final class ToolbarTests: XCTestCase {
    func world() -> World { World(scene { $0.toolbarHeight = 44 }) }   // 30 rows: max = 1320 − 667 = 653

    func testFollowsFingerThenHidesPast22() {
        var w = world()
        XCTAssertEqual(w.beginDrag(-10, duration: nil), 2)   // 10/300 s = 2 frames
        w.run(2)
        // p = −10: y = 623 + 10 = 633, still shown
        XCTAssertEqual(w.n(.toolbarY), 633)
        XCTAssertEqual(state(w.value(.toolbarState)), "shown")
        // 20 more pt over 4 frames: p = −15, −20, −25 (hides from 648), −30
        w.drag(-20)
        XCTAssertEqual(state(w.value(.toolbarState)), "hiding")
        // hide started at frame 5 (t = 5/60) from 648; frame 6: progress (1/60)/0.2 = 1/12
        // y = 648 + 19/12 = 649.583
        XCTAssertEqual(w.n(.toolbarY), 649.583, accuracy: 0.001)
        // 0.2 s after it started (frame 17) it is hidden
        w.run(10)
        XCTAssertEqual(state(w.value(.toolbarState)), "hiding")
        w.step()
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
        XCTAssertEqual(w.n(.toolbarY), 667)
    }

    func testSlowSmallDragSnapsBackOnRelease() throws {
        var w = world()
        w.drag(-10)
        try w.release()
        // state shown but displaced (633 ≠ 623): show animates back
        XCTAssertEqual(state(w.value(.toolbarState)), "showing")
        w.run(12)   // 0.2 s
        XCTAssertEqual(state(w.value(.toolbarState)), "shown")
        XCTAssertEqual(w.n(.toolbarY), 623)
    }

    func testFastDownwardFlingShows() {
        var w = world()
        w.fling(-900)   // finger −15 pt per frame: hides at p = −30
        w.settle()
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
        let off = w.n(.offset)
        XCTAssertGreaterThan(off, 0)
        w.fling(900)    // finger velocity 900 > 800: show on its first frame
        XCTAssertEqual(state(w.value(.toolbarState)), "showing")
    }

    func testSlowDownwardDragDoesNotShow() {
        var w = world()
        w.fling(-900)
        w.settle()
        w.drag(30)      // 300 pt/s < 800
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
    }

    func testShowsAtTheBottom() throws {
        var w = world()
        w.fling(-900)
        w.settle()
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
        // drag up past the bottom (max 653), then release: offset ≥ max − 0.5 → show
        w.drag(-700, in: 1)
        try w.release()
        XCTAssertEqual(state(w.value(.toolbarState)), "showing")
        w.settle()
        XCTAssertEqual(w.n(.offset), 653)
        XCTAssertEqual(state(w.value(.toolbarState)), "shown")
    }

    func testTapRevealZoneShows() throws {
        var w = world()
        w.fling(-900)
        w.settle()
        XCTAssertEqual(try w.tap(.point(x: 100, y: 650)), .revealZone)
        XCTAssertEqual(state(w.value(.toolbarState)), "showing")
        w.run(12)
        XCTAssertEqual(w.n(.toolbarY), 623)
        // a tap on the shown toolbar reaches it and does nothing
        XCTAssertEqual(try w.tap(.toolbar), .toolbar(shows: false))
        XCTAssertEqual(state(w.value(.toolbarState)), "shown")
    }
}
