import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

final class TapTests: XCTestCase {
    func testErrors() throws {
        var w = World(scene {
            $0.sections = [SectionConfig(title: "A", rowCount: 3), SectionConfig(title: nil, rowCount: 3),
                           SectionConfig(title: "C", rowCount: 3), SectionConfig(title: "D", rowCount: 3)]
        })
        XCTAssertThrowsError(try w.release()) { XCTAssertEqual($0 as? SimError, .noFingerToRelease) }
        XCTAssertThrowsError(try w.tap(.section(9))) { XCTAssertEqual($0 as? SimError, .noSection(9, count: 4)) }
        XCTAssertThrowsError(try w.tap(.section(-1))) { XCTAssertEqual($0 as? SimError, .noSection(-1, count: 4)) }
        XCTAssertThrowsError(try w.tap(.section(1))) { XCTAssertEqual($0 as? SimError, .untitledSection(1)) }
        XCTAssertThrowsError(try w.tap(.toolbar)) { XCTAssertEqual($0 as? SimError, .noToolbar) }
        XCTAssertThrowsError(try w.tap(.header)) { XCTAssertEqual($0 as? SimError, .noHeader) }
        _ = w.beginDrag(-10, duration: nil)
        XCTAssertThrowsError(try w.tap(.section(0))) { XCTAssertEqual($0 as? SimError, .tapWhileFingerDown) }
    }

    func testHeaderWithNoVisiblePartCannotBeTapped() throws {
        var w = World(scene { $0.header = HeaderConfig(height: 240) })
        w.drag(-300)
        try w.release()
        // header y = −300, bottom −60: off screen
        XCTAssertThrowsError(try w.tap(.header)) { XCTAssertEqual($0 as? SimError, .headerOffScreen) }
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

final class FramesTests: XCTestCase {
    func testHundredThousandRowsListsOnlyScreenRows() {
        var w = World(scene { $0.sections = [SectionConfig(rowCount: 100_000)] })
        // rows 0…15 overlap 0..667 (15 × 44 = 660 < 667 < 704)
        XCTAssertEqual(w.visibleFrames().map { $0.name }, (0...15).map { "row[0,\($0)]" })
        w.drag(-100)
        // offset 100: row 2 spans −12 … 32 (visible), row 17 spans 648 … 692: rows 2…17
        let names = w.visibleFrames().map { $0.name }
        XCTAssertEqual(names.first, "row[0,2]")
        XCTAssertEqual(names.last, "row[0,17]")
        XCTAssertEqual(names.count, 16)
        XCTAssertEqual(w.n(.rowY, 0, 2), -12)
        XCTAssertTrue(flag(w.value(.rowVisible, section: 0, row: 2)))
        XCTAssertFalse(flag(w.value(.rowVisible, section: 0, row: 1)))   // −56 … −12
    }

    func testHeaderAndToolbarFramesInOrder() {
        let w = World(scene { $0.header = HeaderConfig(height: 240); $0.toolbarHeight = 44; $0.sections = [SectionConfig(title: "A", rowCount: 2)] })
        let f = w.visibleFrames()
        XCTAssertEqual(f.map { $0.name }, ["header", "section[0]", "row[0,0]", "row[0,1]", "toolbar"])
        XCTAssertEqual(f[1].rect, Rect(x: 0, y: 240, width: 375, height: 28))
        XCTAssertEqual(f[1].title, "A")
        XCTAssertEqual(f[4].rect, Rect(x: 0, y: 623, width: 375, height: 44))
    }

    func testBadIndexesNeverTrap() {
        let w = World(SceneConfig())
        XCTAssertEqual(w.value(.sectionY, section: 99), .number(0, .points))
        XCTAssertEqual(w.value(.rowVisible, section: 0, row: -5), .bool(false))
        XCTAssertEqual(w.value(.sectionTitle, section: -1), .string(""))
        XCTAssertEqual(w.value(.sectionRows, section: 0), .number(30, .count))
        XCTAssertEqual(w.value(.deceleration), .number(0.998, .number))
        XCTAssertEqual(w.value(.headerBodyFollows), .bool(true))
    }

    func testSpecExampleFlingHidesToolbar() {
        var w = World(scene { $0.toolbarHeight = 44 })
        w.fling(-900)            // −15 pt per frame: p = −30 < −22 at frame 2 → hide, over 0.2 s
        w.run(World.frameCount(seconds: 0.3, fps: 60))
        XCTAssertEqual(state(w.value(.toolbarState)), "hidden")
    }
}
