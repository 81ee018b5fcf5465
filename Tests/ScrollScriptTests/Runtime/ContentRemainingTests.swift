import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// `content.remaining` = offset.max − offset: how far the content can still scroll up
/// before its bottom edge. Numbers worked out by hand from spec §6.2/§6.3.
///
/// Scene: screen 390 x 844, `sections 1 rows 40` (a titled section: header 28 pt, rows
/// 44 pt). content.height = 28 + 40·44 = 1788; offset.min = 0; offset.max = 1788 − 844 = 944.
final class ContentRemainingTests: XCTestCase, SceneTests {
    let scene = "screen 390 x 844\nsections 1 rows 40\n"

    func testAtTheTopItIsTheWholeScrollRange() throws {
        XCTAssertNil(try run("expect content.height == 1788\nexpect offset.max == 944\nexpect content.remaining == 944"))
    }

    func testInsideTheBoundsItShrinksByTheDistanceScrolled() throws {
        // drag -300: the finger moves up 300 pt, u = 300, inside [0, 944]: offset 300,
        // remaining 944 − 300 = 644.
        XCTAssertNil(try run("drag -300 in 1s\nexpect offset == 300\nexpect content.remaining == 644"))
    }

    func testPastTheBottomItIsNegative() throws {
        // drag -1000: u = 1000, past max by x = 56, banded to b(56) = 56·0.55·844 /
        // (844 + 0.55·56) = 25995.2 / 874.8 = 29.7156: remaining = −29.7156.
        XCTAssertNil(try run("drag -1000 in 1s\nexpect content.remaining ~= -29.7156 within 0.0001"))
        // And a false expectation reports it like any observable (points, 2 decimals).
        let f = try XCTUnwrap(try run("drag -1000 in 1s\nexpect content.remaining > 0"))
        XCTAssertEqual(f.message, "expectation is false")
        XCTAssertEqual(f.notes, ["content.remaining is -29.72 at t = 1.000 s"])
    }

    func testIsADistanceToTheChecker() throws {
        let r = checkSource(SourceFile(name: "t.scroll", text: scene + "expect content.remaining > 1s"))
        XCTAssertEqual(r.diagnostics.map { $0.message }, ["cannot compare a distance (pt) with a duration (s)"])
    }
}
