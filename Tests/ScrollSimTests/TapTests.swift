import XCTest
@testable import ScrollSim

final class TapTests: XCTestCase {
    func testErrors() throws {
        var w = World(scene {
            $0.sections = [SectionConfig(title: "A", rowCount: 3), SectionConfig(title: nil, rowCount: 3),
                           SectionConfig(title: "C", rowCount: 3), SectionConfig(title: "D", rowCount: 3)]
        })
        XCTAssertThrowsError(try w.release()) { XCTAssertTrue(($0 as? SimError)?.message.contains("no finger") ?? false) }
        XCTAssertThrowsError(try w.tap(.section(9))) { XCTAssertTrue(($0 as? SimError)?.message.contains("4 sections") ?? false) }
        XCTAssertThrowsError(try w.tap(.section(-1)))
        XCTAssertThrowsError(try w.tap(.section(1))) { XCTAssertTrue(($0 as? SimError)?.message.contains("no title") ?? false) }
        XCTAssertThrowsError(try w.tap(.toolbar))
        XCTAssertThrowsError(try w.tap(.header))
        _ = w.beginDrag(-10, duration: nil)
        XCTAssertThrowsError(try w.tap(.section(0))) { XCTAssertTrue(($0 as? SimError)?.message.contains("finger is down") ?? false) }
    }

    func testHeaderWithNoVisiblePartCannotBeTapped() throws {
        var w = World(scene { $0.header = HeaderConfig(height: 240) })
        w.drag(-300)
        try w.release()
        // header y = −300, bottom −60: off screen
        XCTAssertThrowsError(try w.tap(.header))
    }

    func testTapWhileDeceleratingStopsIt() throws {
        var w = World(SceneConfig())
        w.fling(-900)
        XCTAssertEqual(w.phase, .decelerating)
        let off = w.n(.offset)
        XCTAssertEqual(try w.tap(.point(x: 100, y: 300)), .stoppedScrolling)
        XCTAssertEqual(w.phase, .idle)
        XCTAssertEqual(w.n(.offset), off)
        XCTAssertEqual(w.n(.velocity), 0)
        w.run(5)
        XCTAssertEqual(w.n(.offset), off)
    }

    func testPinnedHeaderPassesTapsThrough() throws {
        var w = World(scene { $0.header = HeaderConfig(height: 240, pin: 60) })
        w.drag(-500)
        try w.release()
        // visible header frame: y −180 … 60. y = 30 hits it.
        XCTAssertEqual(try w.tap(.point(x: 10, y: 30)), .header(expanded: nil))
        // y = 100: below it, content y = 600, rows start at 240: row ⌊360/44⌋ = 8
        XCTAssertEqual(try w.tap(.point(x: 10, y: 100)), .row(0, 8))
        XCTAssertEqual(try w.tap(.point(x: 10, y: 700)), .nothing)
    }

    func testToolbarTakesPrecedence() throws {
        var w = World(scene { $0.toolbarHeight = 44; $0.header = HeaderConfig(height: 700) })
        XCTAssertEqual(try w.tap(.point(x: 10, y: 630)), .toolbar(shows: false))
        XCTAssertEqual(try w.tap(.point(x: 10, y: 600)), .header(expanded: nil))
    }
}
