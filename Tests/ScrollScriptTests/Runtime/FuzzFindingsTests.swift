import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// Inputs the libFuzzer targets (tools/fuzz/libfuzzer/, docs/robustness.md) found, each kept
/// as a test of what it should have done.
final class FuzzFindingsTests: XCTestCase {
    private func fmt(_ text: String) -> FormatOutcome {
        formatSource(SourceFile(name: "t.scroll", text: text))
    }

    /// fuzz-format: a comment ending in a lone CR just before a CRLF (`# a\r\r\n`). The
    /// lexer keeps the CR in the comment's text, the layout's line end swallowed it, and the
    /// verification refused the file as "a formatter bug". A lone CR is white space: the
    /// layout drops it at the end of a comment, as it drops spaces and tabs there.
    func testCommentEndingInALoneCarriageReturnFormats() {
        XCTAssertEqual(fmt("# a\r\r\n"), .formatted("# a\n"))
        XCTAssertEqual(fmt("pull 1 # a\r\r\nrelease\r\n"), .formatted("pull 1  # a\nrelease\n"))
        XCTAssertEqual(fmt("# a \r\t\r\r\n"), .formatted("# a\n"))
    }

    /// `run /dev/zero` (read as a stream, up to 64 MiB + 1 byte) printed its whole 64 MiB
    /// "line" under "file is larger than 64 MiB". A line over the limit is shown up to 40
    /// characters past the column; lines within the limit are shown whole.
    func testAnOverLongLineIsClippedWhereItIsShown() {
        let long = String(repeating: "(", count: 70_000)
        let atStart = renderDiagnostic(at: SourceLocation(file: "f", line: 1, column: 1), message: "m", sourceLines: [long])
        XCTAssertEqual(atStart, "f:1:1: error: m\n" + String(repeating: "(", count: 41) + " …\n^\n")
        let atLimit = renderDiagnostic(at: SourceLocation(file: "f", line: 1, column: 10_001), message: "m", sourceLines: [long])
        XCTAssertEqual(atLimit, "f:1:10001: error: m\n" + String(repeating: "(", count: 10_041) + " …\n" + String(repeating: " ", count: 10_000) + "^\n")
        let ordinary = "pull 120"
        XCTAssertEqual(renderDiagnostic(at: SourceLocation(file: "f", line: 1, column: 6), message: "m", sourceLines: [ordinary]),
                       "f:1:6: error: m\npull 120\n     ^\n")
        let atLimitWhole = String(repeating: "x", count: 10_001)
        XCTAssertEqual(renderDiagnostic(at: SourceLocation(file: "f", line: 1, column: 1), message: "m", sourceLines: [atLimitWhole]),
                       "f:1:1: error: m\n" + atLimitWhole + "\n^\n")
    }
}
