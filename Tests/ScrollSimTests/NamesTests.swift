import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

final class NamesTests: XCTestCase {
    func testSubscriptedNamesDisplayAsWritten() {
        XCTAssertEqual(CoreObservable.sectionY.displayName, "section[I].y")
        XCTAssertEqual(CoreObservable.rowVisible.displayName, "row[I,J].visible")
        XCTAssertEqual(CoreObservable.subscripted(.row, member: "frame"), .rowFrame)
        XCTAssertNil(BehaviourRegistry.builtIn.plainObservable(named: "section.y"))
        XCTAssertEqual(BehaviourRegistry.builtIn.observable(.core(.rowVisible)).displayName, "row[I,J].visible")
    }

    func testTunableRanges() {
        XCTAssertFalse(CoreTunable.deceleration.range.contains(1.5))
        XCTAssertFalse(CoreTunable.deceleration.range.contains(1))
        XCTAssertTrue(CoreTunable.deceleration.range.contains(0.99))
        XCTAssertFalse(CoreTunable.rowHeight.range.contains(-1))
        XCTAssertFalse(CoreTunable.rowHeight.range.contains(.nan))
    }

    func testTunableIndexIsTheTablePosition() {
        // Tunables stores values by index: every tunable has its own slot, in table order.
        for (k, id) in CoreTunable.allCases.enumerated() { XCTAssertEqual(id.index, k, id.rawValue) }
        var t = Tunables()
        t[.insetTop] = 12
        t[.rowHeight] = 50
        XCTAssertEqual(t[.insetTop], 12)
        XCTAssertEqual(t[.rowHeight], 50)
        XCTAssertEqual(t[.sectionHeight], 28)   // the default, untouched
    }
}
