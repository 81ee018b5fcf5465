import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// Post 004's four rail lines: 山手線 3 rows open, 東横線 2, 田園都市線 2, 常磐線 1, the last three closed.
final class AccordionTests: XCTestCase {
    func world(_ mode: AccordionMode = .multiple) -> World {
        World(scene {
            $0.sections = [
                SectionConfig(title: "山手線", rowCount: 3, rowTitles: ["渋谷", "新宿", "池袋"]),
                SectionConfig(title: "東横線", rowCount: 2, open: false),
                SectionConfig(title: "田園都市線", rowCount: 2, open: false),
                SectionConfig(title: "常磐線", rowCount: 1, open: false),
            ]
            $0.accordion = mode
        })
    }

    func testInitialLayout() {
        let w = world()
        // 4 headers × 28 + 3 rows × 44 = 112 + 132 = 244
        XCTAssertEqual(w.n(.contentHeight), 244)
        XCTAssertEqual(w.n(.sectionY, 1), 160)     // 28 + 132
        XCTAssertEqual(w.n(.sectionY, 3), 216)     // 160 + 28 + 28
        XCTAssertEqual(w.value(.sectionTitle, section: 2), .string("田園都市線"))
        XCTAssertEqual(w.value(.rowTitle, section: 0, row: 1), .string("新宿"))
        XCTAssertEqual(w.n(.rowY, 0, 2), 116)      // 28 + 2·44
        XCTAssertFalse(flag(w.value(.rowVisible, section: 1, row: 0)))
        XCTAssertEqual(w.n(.sectionRows, 1), 2)    // rows stay in the data
        XCTAssertEqual(w.n(.rowHeight, 1, 0), 0)
        let names = w.visibleFrames().map { $0.name }
        XCTAssertEqual(names, ["section[0]", "row[0,0]", "row[0,1]", "row[0,2]", "section[1]", "section[2]", "section[3]"])
    }

    func testTapOpensOverDurationEaseInOut() throws {
        var w = world()
        XCTAssertEqual(try w.tap(.section(1)), .sectionHeader(1, open: true))
        XCTAssertTrue(flag(w.value(.sectionOpen, section: 1)))
        // 0.15 s = 9 frames: progress 0.5 → fraction 0.5 → rows 22 pt: section 2 at 160 + 28 + 44 = 232
        w.run(9)
        XCTAssertEqual(w.n(.sectionY, 2), 232, accuracy: 1e-9)
        XCTAssertEqual(w.n(.rowHeight, 1, 1), 22, accuracy: 1e-9)
        // 0.3 s = 18 frames: open; content 244 + 88 = 332
        w.run(9)
        XCTAssertEqual(w.n(.contentHeight), 332)
        XCTAssertEqual(w.n(.sectionY, 2), 276)
        XCTAssertTrue(flag(w.value(.rowVisible, section: 1, row: 1)))
        XCTAssertTrue(w.isAtRest)
    }

    func testSingleModeClosesOthers() throws {
        var w = world(.single)
        _ = try w.tap(.section(1))
        XCTAssertFalse(flag(w.value(.sectionOpen, section: 0)))
        w.run(9)
        // 山手線 half closed: 28 + 3·22 = 94
        XCTAssertEqual(w.n(.sectionY, 1), 94, accuracy: 1e-9)
        w.run(9)
        // closed + open: 28 + 28 + 88 = 144 for section 2
        XCTAssertEqual(w.n(.sectionY, 2), 144)
        XCTAssertEqual(w.n(.contentHeight), 112 + 88)
    }

    func testRetargetFromWhereItIsWithFullDuration() throws {
        var w = world()
        _ = try w.tap(.section(1))
        w.run(9)                                   // fraction 0.5
        XCTAssertEqual(try w.tap(.section(1)), .sectionHeader(1, open: false))
        w.run(9)                                   // half of a full 0.3 s from 0.5 to 0: 0.25
        XCTAssertEqual(w.n(.rowHeight, 1, 0), 11, accuracy: 1e-9)
        XCTAssertFalse(w.isAtRest)
        w.run(9)
        XCTAssertEqual(w.n(.rowHeight, 1, 0), 0)
        XCTAssertTrue(w.isAtRest)
    }

    func testContentShrinkClampsWhenIdle() throws {
        var w = World(scene {
            $0.sections = [SectionConfig(title: "A", rowCount: 30), SectionConfig(title: "B", rowCount: 5)]
            $0.accordion = .multiple
        })
        // content 56 + 35·44 = 1596, max = 929
        w.drag(-929, in: 1)
        try w.release()
        XCTAssertEqual(w.n(.offset), 929)
        // A's header is stuck at y = min(0, 28 + 1320 − 929 − 28) = 0: a tap at y = 1 reaches it.
        XCTAssertEqual(try w.tap(.point(x: 10, y: 1)), .sectionHeader(0, open: false))
        w.settle()
        // content 28 + 28 + 5·44 = 276 < 667: max = 0; the resting offset is clamped to it
        XCTAssertEqual(w.n(.contentHeight), 276)
        XCTAssertEqual(w.n(.offset), 0)
    }

    func testTapWithoutAccordionDoesNothing() throws {
        var w = World(scene { $0.sections = [SectionConfig(title: "A", rowCount: 3)] })
        XCTAssertEqual(try w.tap(.section(0)), .sectionHeader(0, open: nil))
        XCTAssertTrue(w.isAtRest)
    }
}
