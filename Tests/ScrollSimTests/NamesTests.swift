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

    func testThePackedTableHoldsEveryNameItIsGiven() {
        // Short ASCII names pack; a name of 17 bytes and a non-ASCII one do not, and are
        // found all the same. A name given twice keeps its last value.
        let long = "probe.averylongname"   // 19 bytes
        let t = PackedNameTable([("offset", 1), (long, 2), ("café", 3), ("offset", 4)])
        XCTAssertEqual(t.find("offset"), 4)
        XCTAssertEqual(t.find(long), 2)
        XCTAssertEqual(t.find("café"), 3)
        XCTAssertNil(t.find("offse"))
        XCTAssertNil(t.find(long + "x"))
        XCTAssertNil(t.find(""))
    }

    func testOneTableOfNamesWithItsPrecedence() {
        // The registry's table: `idle` is phase's first state; a tunable is read as a
        // tunable, an observable as an observable; `section.y` is written with an index.
        let r = BehaviourRegistry.builtIn
        XCTAssertEqual(r.resolve("idle"), .state(.idle))
        XCTAssertEqual(r.resolve("offset"), .observable(.core(.offset)))
        XCTAssertEqual(r.resolve("deceleration"), .tunable(.core(.deceleration)))
        XCTAssertEqual(r.tunable(named: "deceleration"), .core(.deceleration))
        XCTAssertNil(r.tunable(named: "offset"))
        XCTAssertNil(r.resolve("section.y"))
        // `row.height` as a plain name is the tunable (the observable is `row[I,J].height`).
        XCTAssertEqual(r.resolve("row.height"), .tunable(.core(.rowHeight)))
        XCTAssertEqual(r.tunable(named: "row.height"), .core(.rowHeight))
        XCTAssertNil(r.tunable(named: "idle"))
        XCTAssertNil(r.tunable(named: "nothing"))
        // No plain observable shares a tunable's name (so `tunable(named:)` is `resolve`'s).
        let plain = Set(r.observables.filter { $0.subscriptForm == .none }.map(\.name))
        XCTAssertEqual(r.tunables.filter { plain.contains($0.name) }.map(\.name), [])
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
