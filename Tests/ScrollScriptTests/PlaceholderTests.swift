import XCTest
@testable import ScrollScript

final class VersionTests: XCTestCase {
    func testVersionIsSemver() {
        XCTAssertEqual(ScrollScriptInfo.version.split(separator: ".").count, 3)
    }
}
