import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

// Number and value formatting lives in the language library (ValueFormatting.swift); these
// cases moved here from ScrollSimTests with it. Expected texts are worked out by hand from
// spec §5's printing rules.
final class FormatTests: XCTestCase {
    func testFixedFormatting() {
        XCTAssertEqual(formatFixed(-0.001, 2), "0.00")
        XCTAssertEqual(formatFixed(-60.0625, 2), "-60.06")
        XCTAssertEqual(formatFixed(0.3, 3), "0.300")
        XCTAssertEqual(formatFixed(449.554, 2), "449.55")
        XCTAssertEqual(formatFixed(7, 0), "7")
        XCTAssertEqual(formatFixed(1e300, 2).hasSuffix(".00"), true)
    }

    func testValueFormatting() {
        XCTAssertEqual(Value.number(300.0625, .points).formatted, "300.06")
        XCTAssertEqual(Value.number(0.25, .seconds).formatted, "0.250")
        XCTAssertEqual(Value.string("山手線").formatted, "\"山手線\"")
        XCTAssertEqual(Value.rect(Rect(x: 0, y: -0.001, width: 375, height: 44)).formatted, "(0.00, 0.00, 375.00, 44.00)")
    }
}

/// The world's refusals are cases (ScrollSim); their sentences are written here. The
/// expected sentences are the ones the scenarios and docs show (hand-written).
final class SimErrorWordingTests: XCTestCase {
    func testSentences() {
        XCTAssertEqual(SimError.noFingerToRelease.message, "there is no finger down to release ('release' follows a 'pull' or 'drag')")
        XCTAssertEqual(SimError.rowNotVisible(section: 9, row: 2, sectionClosed: false).message,
                       "row 2 of section 9 has no visible part to tap: it is off screen")
        XCTAssertEqual(SimError.rowNotVisible(section: 0, row: 0, sectionClosed: true).message,
                       "row 0 of section 0 has no visible part to tap: its section is closed")
        XCTAssertEqual(SimError.noRow(section: 0, row: 3, rows: 3).message, "row 3 does not exist in section 0: it has 3 rows")
        XCTAssertEqual(SimError.noRow(section: 1, row: 1, rows: 1).message, "row 1 does not exist in section 1: it has 1 row")
        XCTAssertEqual(SimError.noSection(9, count: 4).message, "section 9 does not exist: the table has 4 sections (0 to 3)")
        XCTAssertEqual(SimError.untitledSection(1).message, "section 1 has no title, so it has no header view to tap")
        XCTAssertEqual(SimError.tapWhileFingerDown.message, "a tap cannot happen while a finger is down; 'release' it first")
    }

    func testTapOutcomes() {
        XCTAssertEqual(TapOutcome.sectionHeader(2, open: true).description(.builtIn), "section[2] header (opening)")
        XCTAssertEqual(TapOutcome.sectionHeader(0, open: nil).description(.builtIn), "section[0] header")
        XCTAssertEqual(TapOutcome.row(0, 3).description(.builtIn), "row[0,3]")
        XCTAssertEqual(TapOutcome.header(expanded: false).description(.builtIn), "header (collapsing)")
        XCTAssertEqual(TapOutcome.revealZone.description(.builtIn), "toolbar reveal zone (showing)")
    }
}

