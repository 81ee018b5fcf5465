import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Every `Golden/check/NAME.scroll` is checked and its rendered diagnostics compared with
/// `NAME.expected` (written by hand from the rules; empty for a clean file).
final class GoldenCheckTests: XCTestCase {
    static let dir: URL = TestPaths.target.appendingPathComponent("Golden/check")

    func testGoldenFiles() throws {
        for (name, bytes, expected) in try goldenPairs(in: Self.dir, atLeast: 31) {
            let source = SourceFile(name: name, bytes: bytes)
            let result = checkSource(source)
            let lines = source.lines
            let actual = result.diagnostics.map { renderDiagnostic($0, sourceLines: lines) }.joined()
            XCTAssertEqual(actual, expected, "golden \(name)")
            if expected.isEmpty {
                XCTAssertFalse(result.scenarios.isEmpty, "\(name): a clean file yields scenarios")
            } else {
                XCTAssertTrue(result.scenarios.isEmpty, "\(name): a file with errors yields nothing to run")
            }
        }
    }
}
