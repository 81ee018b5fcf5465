import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// The layout keeps prefix sums plus the sections that moved (an accordion in a
/// 10,000-section table must not rebuild every frame). Whatever it keeps, every section's
/// y must be the spec's straight sum (§6.3): body top + Σ (header + rows · row height ·
/// open fraction) over the sections above. These tests work that sum out here, from the
/// accordion's fractions, and hold the layout to it.
final class TableLayoutTests: XCTestCase {
    /// §6.3's content y of section i's header, summed from scratch.
    private func straightTop(_ w: World, _ i: Int, bodyTop: Double) -> Double {
        var y = bodyTop
        for k in 0..<i {
            y += w.table.headerHeights[k] + Double(w.table.rowCounts[k]) * 44 * w.adjustments.sections.fraction[k]
        }
        return y
    }

    private func assertLayoutIsStraightSum(_ w: World, bodyTop: Double, _ context: String,
                                           file: StaticString = #filePath, line: UInt = #line) {
        let n = w.table.sectionCount
        for i in 0...n {
            let want = straightTop(w, i, bodyTop: bodyTop)
            if abs(w.table.top(i) - want) > 1e-9 {
                XCTFail("section \(i): top \(w.table.top(i)), straight sum \(want) — \(context)", file: file, line: line)
                return
            }
        }
        XCTAssertEqual(w.table.contentHeight, straightTop(w, n, bodyTop: bodyTop), accuracy: 1e-9, context, file: file, line: line)
    }

    /// Many sections tapped open and closed, overlapping animations, more distinct moved
    /// sections than the layout keeps apart (so it folds them back into the sums too).
    func testRandomAccordionTapsKeepTheStraightSum() {
        for seed: UInt64 in [1, 2, 3, 4, 5] {
            var rng = SplitMix64(seed: seed)
            var c = SceneConfig()
            c.sections = (0..<100).map { SectionConfig(title: "S\($0)", rowCount: 1 + $0 % 7, open: $0 % 3 == 0) }
            c.accordion = seed % 2 == 0 ? .single : .multiple
            var w = World(c)
            var log: [String] = []
            for _ in 0..<120 {
                let i = rng.int(100)
                _ = try? w.tap(.section(i))
                let frames = rng.int(12)
                log.append("tap \(i), \(frames) frames")
                for _ in 0..<frames { w.step() }
                assertLayoutIsStraightSum(w, bodyTop: 0, "seed \(seed): \(log.suffix(4).joined(separator: "; "))")
            }
            for _ in 0..<30 { w.step() }
            assertLayoutIsStraightSum(w, bodyTop: 0, "seed \(seed), at rest")
        }
    }

    /// Worked by hand: sections of 2 rows (88 pt open) under a 100 pt header that toggles to
    /// 150. After the toggle, section 2's header is at 150 + 2·(28 + 88) = 382; with section
    /// 0 closed as well, 150 + 28 + (28 + 88) = 294.
    func testHeaderToggleMovesEverySectionByTheBodyTop() {
        var c = SceneConfig()
        c.header = HeaderConfig(height: 100, toggle: 150)
        c.sections = (0..<3).map { SectionConfig(title: "S\($0)", rowCount: 2) }
        c.accordion = .multiple
        var w = World(c)
        _ = try? w.tap(.header)
        for _ in 0..<60 { w.step() }
        XCTAssertEqual(w.table.top(2), 382, accuracy: 1e-9)
        _ = try? w.tap(.section(0))
        for _ in 0..<60 { w.step() }
        XCTAssertEqual(w.table.top(2), 294, accuracy: 1e-9)
        XCTAssertEqual(w.table.contentHeight, 294 + 28 + 88, accuracy: 1e-9)
    }
}
