import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The formatter's rules that golden files cannot show well: refusal of files that do not
/// parse, the nesting limits, a layout that would break the line limit, atomic rewriting.
final class FormatterTests: XCTestCase {
    private func fmt(_ text: String) -> FormatOutcome {
        formatSource(SourceFile(name: "t.scroll", text: text))
    }

    func testFileThatDoesNotParseIsRefusedWithTheParsersError() {
        let out = fmt("pull 10\npul 3\n")
        XCTAssertEqual(out, .failed([Diagnostic(SourceLocation(file: "t.scroll", line: 2, column: 1, offset: 8, length: 3),
                                                .parse(.guess(Guess(headline: .unknownStatement("pul"), corrected: "pull 3"))))]))
        guard case .failed(let ds) = out else { return XCTFail("\(out)") }
        XCTAssertEqual(ds.map(\.message), ["unknown statement 'pul' (did you mean 'pull 3'?)"])
    }

    func testCheckerErrorsDoNotStopFormatting() {
        // An unknown name and a wrong unit are the checker's business, not the layout's.
        XCTAssertEqual(fmt("expect nosuch==1;pull 2s"), .formatted("expect nosuch == 1\npull 2s\n"))
    }

    func testEndOfLineCommentsAfterTwoSpacesAndOwnLineCommentsReindented() {
        XCTAssertEqual(fmt("repeat 2 {     # twice\n        tick # one frame\n# flush left\n}"),
                       .formatted("repeat 2 {  # twice\n  tick  # one frame\n  # flush left\n}\n"))
    }

    func testScenariosAreSetOffByOneBlankLineEvenWhenWrittenTogether() {
        XCTAssertEqual(fmt("scene { header 240 }\nscenario \"a\" { pull 1 }\nscenario \"b\" { pull 2 }"),
                       .formatted("scene {\n  header 240\n}\n\nscenario \"a\" {\n  pull 1\n}\n\nscenario \"b\" {\n  pull 2\n}\n"))
    }

    func testBlankLineBetweenACommentAndItsStatementIsKept() {
        XCTAssertEqual(fmt("# about the file\n\n\n\nscene {\n  header 240\n}\n"),
                       .formatted("# about the file\n\nscene {\n  header 240\n}\n"))
    }

    /// U+3000 and U+00A0 separate tokens like a space (the lexer must not loop on them);
    /// the layout writes an ASCII space.
    func testNonASCIISpacesSeparateTokens() {
        XCTAssertEqual(fmt("pull\u{3000}120\ntap\u{00A0}100 -20\n"), .formatted("pull 120\ntap 100 -20\n"))
    }

    /// 256 nested blocks (the parser's limit) are laid out, 2 spaces per level; 257 are refused.
    func testDeepBlockNesting() {
        let depth = SourceLimits.maxNesting
        let src = String(repeating: "repeat 1 { ", count: depth) + "tick" + String(repeating: " }", count: depth)
        var expected = ""
        for k in 0..<depth { expected += String(repeating: " ", count: 2 * k) + "repeat 1 {\n" }
        expected += String(repeating: " ", count: 2 * depth) + "tick\n"
        for k in stride(from: depth - 1, through: 0, by: -1) { expected += String(repeating: " ", count: 2 * k) + "}\n" }
        XCTAssertEqual(fmt(src), .formatted(expected))
        guard case .failed(let ds) = fmt("repeat 1 { " + src + " }") else { return XCTFail("257 levels must be refused") }
        XCTAssertEqual(ds.map(\.message), ["blocks nest too deeply (more than 256 levels)"])
    }

    /// Expressions at the depth limit: 256 parentheses, 256 minus signs, 256 additions.
    func testDeepExpressions() {
        let n = SourceLimits.maxNesting
        let parens = String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n)
        XCTAssertEqual(fmt("print " + parens), .formatted("print " + parens + "\n"))
        let minus = String(repeating: "-", count: n) + "1"
        XCTAssertEqual(fmt("print " + String(repeating: "- ", count: n) + "1"), .formatted("print " + minus + "\n"))
        // 257 terms joined by 256 '+': every operator gets one space either side.
        let terms = Array(repeating: "1", count: n + 1)
        XCTAssertEqual(fmt("print " + terms.joined(separator: "+")), .formatted("print " + terms.joined(separator: " + ") + "\n"))
    }

    /// `print 1,1,...` with 4000 items is 6 + 7999 = 8005 characters; the layout's
    /// `1, 1, ...` would be 6 + 3*3999 + 1 = 12004, past the 10,000 limit: refused.
    func testLayoutThatWouldBreakTheLineLimitIsRefused() {
        let src = "print " + Array(repeating: "1", count: 4000).joined(separator: ",") + "\n"
        XCTAssertEqual(src.count, 8006)
        XCTAssertEqual(fmt(src), .failed([Diagnostic(SourceLocation(file: "t.scroll", line: 1, column: 1),
            .format(.layoutWouldNotParse(line: 1, .lex(.lineTooLong))))]))
        guard case .failed(let ds) = fmt(src) else { return XCTFail("formatted") }
        XCTAssertEqual(ds.map(\.message),
            ["cannot format this file: the canonical layout would not parse (line 1 of it: line is longer than 10000 characters)"])
    }

    /// Two runs give the same bytes, and those bytes are the layout written out by hand:
    /// blocks opened on their statement's line with 2-space bodies, `;` split into lines,
    /// an end-of-line comment after two spaces, and the scenario set off from the scene by
    /// one blank line (the rules pinned by the tests above). Comparing a run only with
    /// another run would pass for any deterministic output, however wrong.
    func testDeterministic() {
        let src = "scene{header 240 pin 60}\nscenario \"a\"{pull 120;release # x\n}"
        let expected = "scene {\n  header 240 pin 60\n}\n\nscenario \"a\" {\n  pull 120\n  release  # x\n}\n"
        XCTAssertEqual(fmt(src), .formatted(expected))
        XCTAssertEqual(fmt(src), .formatted(expected))
    }

    // MARK: - Atomic rewrite

    private func tempDir() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("fmt-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d
    }

    func testAtomicWriteReplacesContentKeepsPermissionsLeavesNoTemporaryFile() throws {
        let d = try tempDir()
        let f = d.appendingPathComponent("a.scroll")
        try Data("old text that is longer than the new one\n".utf8).write(to: f)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: f.path)
        XCTAssertNil(writeFileAtomically(path: f.path, bytes: Array("new\n".utf8)))
        XCTAssertEqual(try Data(contentsOf: f), Data("new\n".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: f.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: d.path), ["a.scroll"])
    }

    func testAtomicWriteThroughASymbolicLinkRewritesTheTargetAndKeepsTheLink() throws {
        let d = try tempDir()
        let target = d.appendingPathComponent("real.scroll")
        let link = d.appendingPathComponent("link.scroll")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.scroll")
        XCTAssertNil(writeFileAtomically(path: link.path, bytes: Array("new\n".utf8)))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.scroll")
        XCTAssertEqual(try Data(contentsOf: target), Data("new\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: d.path).sorted(), ["link.scroll", "real.scroll"])
    }

    func testAtomicWriteOfAMissingFileFailsAndCreatesNothing() throws {
        let d = try tempDir()
        let f = d.appendingPathComponent("missing.scroll")
        let problem = writeFileAtomically(path: f.path, bytes: Array("x\n".utf8))
        XCTAssertEqual(problem, "cannot rewrite '\(f.path)': no such file or directory")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: d.path), [])
    }

    func testAtomicWriteRefusesAReadOnlyFile() throws {
        try XCTSkipIf(getuid() == 0, "root may write any file")
        let d = try tempDir()
        let f = d.appendingPathComponent("ro.scroll")
        try Data("old\n".utf8).write(to: f)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: f.path)
        XCTAssertEqual(writeFileAtomically(path: f.path, bytes: Array("new\n".utf8)), "cannot rewrite '\(f.path)': permission denied")
        XCTAssertEqual(try Data(contentsOf: f), Data("old\n".utf8))
    }
}
