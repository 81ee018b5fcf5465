import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class VersionTests: XCTestCase {
    /// MAJOR.MINOR.PATCH, each a decimal number without a leading zero (semver.org §2):
    /// "1.x.0", "1..0" or "01.2.3" must not pass, as they would on a count of dots alone.
    func testVersionIsSemver() {
        let parts = ScrollScriptInfo.version.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, ScrollScriptInfo.version)
        for p in parts {
            XCTAssertFalse(p.isEmpty, ScrollScriptInfo.version)
            XCTAssertTrue(p.allSatisfy { ("0"..."9").contains($0) }, ScrollScriptInfo.version)
            XCTAssertFalse(p.count > 1 && p.hasPrefix("0"), ScrollScriptInfo.version)
        }
    }
}
