import XCTest
@testable import ScrollSim

final class NamesTests: XCTestCase {
    func testSubscriptedNamesDisplayAsWritten() {
        XCTAssertEqual(ObservableID.sectionY.displayName, "section[I].y")
        XCTAssertEqual(ObservableID.rowVisible.displayName, "row[I,J].visible")
        XCTAssertEqual(ObservableID.subscripted(.row, member: "frame"), .rowFrame)
        XCTAssertNil(ObservableID.plain("section.y"))
    }

    func testTunableRanges() {
        XCTAssertFalse(TunableID.deceleration.range.contains(1.5))
        XCTAssertFalse(TunableID.deceleration.range.contains(1))
        XCTAssertTrue(TunableID.deceleration.range.contains(0.99))
        XCTAssertFalse(TunableID.rowHeight.range.contains(-1))
        XCTAssertFalse(TunableID.rowHeight.range.contains(.nan))
    }

    func testTunableIndexIsTheTablePosition() {
        // Tunables stores values by index: every tunable has its own slot, in table order.
        for (k, id) in TunableID.allCases.enumerated() { XCTAssertEqual(id.index, k, id.rawValue) }
        var t = Tunables()
        t[.insetTop] = 12
        t[.rowHeight] = 50
        XCTAssertEqual(t[.insetTop], 12)
        XCTAssertEqual(t[.rowHeight], 50)
        XCTAssertEqual(t[.sectionHeight], 28)   // the default, untouched
    }
}
