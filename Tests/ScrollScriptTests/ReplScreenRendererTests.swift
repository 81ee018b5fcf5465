import XCTest
import ScrollSim
import ScrollSimTestSupport
@testable import ScrollScript

final class ReplScreenRendererTests: XCTestCase {
    private func frame(_ kind: ViewFrame.Kind, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ title: String? = nil) -> ViewFrame {
        ViewFrame.of(kind, Rect(x: x, y: y, width: w, height: h), title: title)
    }

    // Screen 100 x 100 on 11 x 6 cells: points per column = max(100/10, 100/(2*5)) = 10,
    // per row 20. Header y 0..40 → rows 0..2; row y 40..80 → rows 2..4; toolbar 80..100 → rows 4..5.
    func testHeaderRowAndToolbar() {
        let frames = [
            frame(.header, 0, 0, 100, 40),
            frame(.row(0, 0), 0, 40, 100, 40),
            frame(.toolbar, 0, 80, 100, 20),
        ]
        let lines = ScreenRenderer(columns: 11, rows: 6).render(frames, screenWidth: 100, screenHeight: 100)
        XCTAssertEqual(lines, [
            "+---------+",
            "| header  |",
            "+---------+",
            "| row[0,0]|",
            "+-toolbar-+",  // no inner line: the name goes on the top border
            "+---------+",
        ])
    }

    // Screen 100 x 100 on 11 x 6 (10 pt per column, 20 per row). A 20 pt section header at
    // y 40..60 spans rows 2..3: no inside row, so its label goes on its top border, row 2,
    // which the header (y 0..40, drawn later, on top) shares as its bottom border. The
    // header's border does not cover that label: "section[" fills label cells 2...9.
    func testAShortBoxKeepsItsLabelOnABorderItShares() {
        let frames = [
            frame(.section(0), 0, 40, 100, 20, "S"),
            frame(.row(0, 0), 0, 60, 100, 40),
            frame(.header, 0, 0, 100, 40),
        ]
        let lines = ScreenRenderer(columns: 11, rows: 6).render(frames, screenWidth: 100, screenHeight: 100)
        XCTAssertEqual(lines, [
            "+---------+",
            "| header  |",
            "+-section[+",
            "+---------+",
            "| row[0,0]|",
            "+---------+",
        ])
    }

    // Screen 200 x 100 on 21 x 6: 10 pt per column, 20 per row. The sticky section header
    // (drawn after rows) covers row[0,0]; row[0,1]'s title is cut before a wide character
    // that would not fit whole: label cells 2...19, "row[0,1] " takes 2...10, each kanji 2.
    func testStickyHeaderCoversRowsAndWideTitlesClip() {
        let frames = [
            frame(.section(0), 0, 0, 200, 40, "山手線"),
            frame(.row(0, 0), 0, 0, 200, 40, "x"),
            frame(.row(0, 1), 0, 40, 200, 60, "渋谷渋谷渋谷"),
        ]
        let lines = ScreenRenderer(columns: 21, rows: 6).render(frames, screenWidth: 200, screenHeight: 100)
        XCTAssertEqual(lines, [
            "+-------------------+",
            "| section[0] 山手線 |",
            "+-------------------+",
            "| row[0,1] 渋谷渋谷 |",
            "|                   |",
            "+-------------------+",
        ])
    }

    // A box whose left edge lands on the second half of 渋 (columns 11-12) blanks its first half.
    func testCuttingAWideCharacterInHalfBlanksIt() {
        let frames = [
            frame(.row(0, 0), 0, 0, 200, 40, "渋谷"),
            frame(.toolbar, 120, 0, 80, 40),  // columns 12...20
        ]
        let lines = ScreenRenderer(columns: 21, rows: 6).render(frames, screenWidth: 200, screenHeight: 100)
        XCTAssertEqual(lines, [
            "+-----------+-------+",
            "| row[0,0]  | toolba|",
            "+-----------+-------+",
            "", "", "",
        ])
    }

    // Header at y -20..40: top edge off screen (row -1), bottom at row 2; name on row 0.
    func testViewsClipAtTheScreenEdge() {
        let lines = ScreenRenderer(columns: 11, rows: 6).render([frame(.header, 0, -20, 100, 60)], screenWidth: 100, screenHeight: 100)
        XCTAssertEqual(lines, ["| header  |", "|         |", "+---------+", "", "", ""])
    }

    // 375 x 667 on 80 x 24: points per column = max(375/79, 667/(2*23)) = 14.5, per row 29;
    // columns used round(375/14.5)+1 = 27, rows round(667/29)+1 = 24: aspect kept, not stretched.
    func testAspectIsKept() {
        let lines = ScreenRenderer(columns: 80, rows: 24).render([frame(.row(0, 0), 0, 0, 375, 667)], screenWidth: 375, screenHeight: 667)
        XCTAssertEqual(lines.count, 24)
        XCTAssertEqual(lines.first, "+" + String(repeating: "-", count: 25) + "+")
        XCTAssertEqual(lines.last, lines.first)
    }

    func testBadInputDrawsNothingAndNeverTraps() {
        XCTAssertEqual(ScreenRenderer(columns: 10, rows: 10).render([], screenWidth: 0, screenHeight: 100), [])
        XCTAssertEqual(ScreenRenderer(columns: 10, rows: 10).render([], screenWidth: .nan, screenHeight: 100), [])
        let huge = [frame(.row(0, 0), -1e300, -1e300, 1e308, 1e308), frame(.header, .infinity, 0, 1, 1),
                    frame(.row(0, 1), 0, 0, -5, 10)]
        let lines = ScreenRenderer(columns: 11, rows: 6).render(huge, screenWidth: 100, screenHeight: 100)
        // The huge row covers the screen with all its edges off screen: only its label shows,
        // from column 1 (its left edge is off screen). The other two are skipped.
        XCTAssertEqual(lines, [" row[0,0]", "", "", "", "", ""])
    }

    func testControlCharactersInTitlesBecomeQuestionMarks() {
        XCTAssertEqual(ScreenRenderer.label(frame(.row(1, 2), 0, 0, 1, 1, "a\nb")), "row[1,2] a?b")
    }

    func testDisplayWidth() {
        func cells(_ s: String) -> Int { s.reduce(0) { $0 + cellWidth($1) } }
        XCTAssertEqual(cells("山手線"), 6)
        XCTAssertEqual(cells("abc"), 3)
        XCTAssertEqual(cells("ｶ"), 1)        // halfwidth katakana U+FF76
        XCTAssertEqual(cells("Ａ"), 2)       // fullwidth A U+FF21
        XCTAssertEqual(cells("e\u{301}"), 1) // e + combining acute: one character
    }
}
