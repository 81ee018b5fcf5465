import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A pinned header that toggles to a height below its pin (`header 100 pin 80 toggle 50`).
/// The spec's frame y = max(−offset, E − (H − P)) assumes P ≤ H; with H = 50 < P = 80 it
/// would put the header 30 pt below the top edge at rest. The pin keeps at most the whole
/// header: P' = min(P, H), and section headers stick at S = E + P'.
final class PinToggleTests: XCTestCase {
    private func world() -> World {
        World(scene {
            $0.header = HeaderConfig(height: 100, pin: 80, toggle: 50)
            $0.sections = [SectionConfig(title: "A", rowCount: 30)]
        })
    }

    func testCollapsedBelowThePinRestsAtTheTopEdge() throws {
        var w = world()
        _ = try w.tap(.header)
        w.run(15)                       // header.duration 0.25 s = 15 frames: H = 50
        // offset 0: y = max(0, 0 − (50 − min(80, 50))) = 0 (not max(0, 0 − (50 − 80)) = 30)
        XCTAssertEqual(w.n(.headerY), 0)
        XCTAssertEqual(w.n(.headerHeight), 50)
        // section 0's header right under it: content y 50 − 0
        XCTAssertEqual(w.n(.sectionY, 0), 50)
    }

    func testCollapsedBelowThePinStaysWholeWhenScrolled() throws {
        var w = world()
        _ = try w.tap(.header)
        w.run(15)
        w.drag(-300, in: 1)             // offset 300
        XCTAssertEqual(w.offset, 300)
        // y = max(−300, 0 − (50 − 50)) = 0: the whole 50 pt header stays
        XCTAssertEqual(w.n(.headerY), 0)
        // section 0 stuck at S = E + min(80, 50) = 50, under the header's bottom
        XCTAssertEqual(w.n(.sectionY, 0), 50)
    }

    func testExpandedAbovePinIsUnchanged() {
        var w = world()
        w.drag(-300, in: 1)
        // H = 100 ≥ P: y = max(−300, 0 − (100 − 80)) = −20, bottom 80; S = 80
        XCTAssertEqual(w.n(.headerY), -20)
        XCTAssertEqual(w.n(.sectionY, 0), 80)
    }
}
