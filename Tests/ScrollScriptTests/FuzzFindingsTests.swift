import XCTest
@testable import ScrollScript

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
}
