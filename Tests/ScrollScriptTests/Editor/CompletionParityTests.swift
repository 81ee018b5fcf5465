import XCTest
@testable import ScrollScript

/// The REPL's Tab and the language server complete through one engine (`Completions`):
/// what one of them offered and the other lacked, both offer now.
final class CompletionParityTests: XCTestCase {
    private let scene = "header 240 pin 60\ntoolbar 44\n"

    /// The REPL's candidates at the end of `line`, in a session with `scene` typed.
    private func repl(_ line: String) -> [String] {
        let config = checkSource(SourceFile(name: "s.scroll", text: scene)).scenarios.first?.config
        XCTAssertNotNil(config)
        return Completer(listDirectory: { _ in [] }, scene: { config }).complete(line: line, cursor: line.utf8.count).candidates
    }

    /// The language server's labels at the end of `line`, written below `scene`.
    private func lsp(_ line: String) -> [String] {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///p.scroll", "version": 1, "text": .string(scene + line + "\n")]]])
        let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                          "params": ["textDocument": ["uri": "file:///p.scroll"], "position": ["line": 2, "character": .int(line.utf16.count)]]])
        return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? ["<no result>"]
    }

    /// An expression statement that starts with a name (`offset + ...`) completes names in
    /// the REPL too (it offered nothing there; the language server did).
    func testAnExpressionStatementStartingWithANameCompletesNames() {
        XCTAssertEqual(repl("offset + header.h"), ["header.height"])
        XCTAssertEqual(lsp("offset + header.h"), ["header.height"])
        XCTAssertEqual(repl("offset.min - off"), ["offset", "offset.max", "offset.min"])
    }

    /// After `let NAME =`, an expression: the language server offered nothing there, and
    /// the REPL nothing when `=` touched the name (`let x=`).
    func testTheValueOfALetCompletesNames() {
        XCTAssertEqual(lsp("let x = header.h"), ["header.height"])
        XCTAssertEqual(repl("let x = header.h"), ["header.height"])
        XCTAssertEqual(repl("let x=header.h"), ["header.height"])
        // The name being bound is new: nothing is offered for it.
        XCTAssertEqual(lsp("let he"), [])
        XCTAssertEqual(repl("let he"), [])
    }

    /// After a tap target, never the target words again (the language server offered
    /// `tap toolbar header`; the REPL had stopped that).
    func testNoTapWordAfterATapTarget() {
        XCTAssertEqual(lsp("tap toolbar "), [])
        XCTAssertEqual(repl("tap toolbar "), [])
        // header, row and the behaviours' targetable views (derived from the registry: a new
        // built-in's view needs no edit here), the toolbar among them (independent).
        let targetable = BehaviourRegistry.builtIn.ids.flatMap { BehaviourRegistry.builtIn.declaration($0).views }
            .filter { $0.targetable }.map { $0.name }
        let expected = Completer.sortedByBytes(Array(Set(["header", "row"] + targetable)))
        XCTAssertTrue(expected.contains("toolbar"))
        XCTAssertEqual(lsp("tap "), expected)
        XCTAssertEqual(repl("tap "), expected)
    }

    /// State names complete anywhere in an expression (`expect idle == phase`), in the
    /// language server as in the REPL; after `X.state ==` only X's family.
    func testStateNamesCompleteInExpressions() {
        XCTAssertEqual(lsp("expect idl"), ["idle"])
        XCTAssertEqual(repl("expect idl"), ["idle"])
        XCTAssertEqual(lsp("expect toolbar.state == hid"), ["hidden", "hiding"])
        XCTAssertEqual(repl("expect toolbar.state == hid"), ["hidden", "hiding"])
        XCTAssertEqual(lsp("expect phase == hid"), [])
        XCTAssertEqual(repl("expect phase == hid"), [])
    }
}
