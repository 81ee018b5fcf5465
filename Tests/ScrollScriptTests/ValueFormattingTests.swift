import XCTest
@testable import ScrollScript

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
