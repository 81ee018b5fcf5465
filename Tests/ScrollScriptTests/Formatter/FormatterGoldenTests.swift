import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Every `Golden/fmt/NAME.scroll` (ugly input) is formatted and compared with
/// `NAME.expected`, written by hand from the layout rules in grammar.md §8.
final class FormatterGoldenTests: XCTestCase {
    static let dir: URL = TestPaths.target.appendingPathComponent("Golden/fmt")

    func testGoldenFiles() throws {
        for (name, bytes, expected) in try goldenPairs(in: Self.dir, atLeast: 11) {
            XCTAssertEqual(formatSource(SourceFile(name: name, bytes: bytes)), .formatted(expected), "golden \(name)")
            // The canonical layout is a fixed point.
            XCTAssertEqual(formatSource(SourceFile(name: name, text: expected)), .formatted(expected), "fixed point \(name)")
        }
    }

    /// The golden inputs really hold what they are meant to test (a stray editor could
    /// normalise them away).
    func testGoldenInputsKeepTheirAwkwardBytes() throws {
        func bytes(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: Self.dir.appendingPathComponent(name)))
        }
        let crlf = try bytes("crlf.scroll")
        XCTAssertEqual(Array(crlf.prefix(3)), [0xEF, 0xBB, 0xBF], "crlf.scroll starts with a BOM")
        XCTAssertTrue(zip(crlf, crlf.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }, "crlf.scroll has CRLF")
        XCTAssertTrue(try bytes("tabs.scroll").contains(0x09), "tabs.scroll has tabs")
        XCTAssertFalse(try bytes("crlf.expected").contains(0x0D), "the layout uses LF only")
    }
}
