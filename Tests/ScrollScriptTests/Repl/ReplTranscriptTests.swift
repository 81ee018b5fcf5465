import XCTest
import Foundation
@testable import ScrollScript
import ScrollSimTestSupport

/// Replays a transcript: the typed lines (after `scroll> ` or `  ...> `) go to the real
/// core through the loop; the result must be the transcript again, byte for byte.
func replayTranscript(_ expected: String, columns: Int = 40, rows: Int = 12) -> String {
    let typed = expected.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
        if line.hasPrefix(ReplLoop.primaryPrompt) { return String(line.dropFirst(ReplLoop.primaryPrompt.count)) }
        if line.hasPrefix(ReplLoop.continuationPrompt) { return String(line.dropFirst(ReplLoop.continuationPrompt.count)) }
        return nil
    }
    // `:show` leaves one line of the terminal for the prompt.
    let reader = EchoingLineReader(typed, screenSize: (columns, rows + 1))
    let loop = ReplLoop(reader: reader, core: ReplCore(), write: { reader.transcript += $0 })
    _ = loop.run()
    return reader.transcript
}

/// docs/repl.md's REPL sessions are real: replaying their typed lines gives them back exactly.
final class ReplTranscriptTests: XCTestCase {
    static let root = ReplCoreTests.root

    /// The first ``` block after `heading` in `file`, without the `$ scrollscript repl`
    /// line and the banner.
    private func transcript(in file: String, after heading: String) throws -> String {
        let text = try String(contentsOfFile: ReplTranscriptTests.root.appendingPathComponent(file).path, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: heading)).upperBound
        let open = try XCTUnwrap(text.range(of: "```\n", range: section..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```\n", range: open.upperBound..<text.endIndex))
        var lines = text[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "$ scrollscript repl")
        XCTAssertEqual(lines.dropFirst().first, "scrollscript \(ScrollScriptInfo.version) REPL; :help lists commands, Ctrl-D quits")
        lines.removeFirst(2)
        return lines.joined(separator: "\n")
    }

    private func check(_ file: String, _ heading: String) throws {
        let cwd = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(ReplTranscriptTests.root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        let expected = try transcript(in: file, after: heading)
        // An empty or prompt-less block would replay to itself and pass having checked
        // nothing: the sessions type a dozen lines or more (the second session 14 prompts, the first 15).
        let typed = expected.split(separator: "\n").filter { $0.hasPrefix(ReplLoop.primaryPrompt) }
        XCTAssertGreaterThanOrEqual(typed.count, 10, "\(file): the session shows typed lines")
        let got = replayTranscript(expected)
        XCTAssertEqual(got, expected, "---- replayed:\n" + got)
    }

    /// The session that was the README's: typed lines, then a loaded file stepped through.
    func testTheLoadedFileSessionIsReal() throws {
        try check("docs/repl.md", "## A second session: a loaded file, a breakpoint, a display")
    }

    func testTheDocsSessionIsReal() throws {
        try check("docs/repl.md", "# The REPL")
    }

    /// docs/repl.md's `:expect` session.
    func testTheDocsExpectSessionIsReal() throws {
        try check("docs/repl.md", "## `:expect [NAME ...]`")
    }
}
