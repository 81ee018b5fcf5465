import Foundation
import XCTest
@testable import ScrollScript

/// The language server with declared behaviours (spec §9): diagnostics inside a declaration
/// at their place, and go to definition from `use fade` / `fade.alpha` to the declaration.
final class DeclaredEditorTests: XCTestCase {
    let uri = "file:///tmp/declared-editor.scroll"
    let text = """
    behaviour fade {
      param start = 136pt
      var alpha = 0
      states hidden, visible
      on didScroll { alpha = clamp((offset - start) / 30pt, 0, 1) }
    }
    use fade
    set fade.start 150
    expect fade.alpha == 0 and fade.state == hidden

    """

    func server(_ text: String) -> (LanguageServer, [JSONValue]) {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let open = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                             "params": ["textDocument": ["uri": .string(uri), "languageId": "scrollscript", "version": 1, "text": .string(text)]]])
        return (s, open.first?["params"]?["diagnostics"]?.arrayValue ?? [])
    }

    func definition(_ s: LanguageServer, _ line: Int, _ character: Int) -> JSONValue? {
        let r = s.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/definition",
                          "params": ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]])
        return r.first?["result"]
    }

    func testDefinitionGoesToTheDeclaration() {
        let (s, diagnostics) = server(text)
        XCTAssertEqual(diagnostics, [])
        // `use fade` (line 6, 0-based) → `behaviour fade` (0:10-0:14).
        let use = definition(s, 6, 5)
        XCTAssertEqual(use?["uri"], .string(uri))
        XCTAssertEqual(use?["range"]?["start"]?["line"], .int(0))
        XCTAssertEqual(use?["range"]?["start"]?["character"], .int(10))
        // `fade.alpha` → `var alpha` (2:6); `fade.start` after set → `param start` (1:8); fade.state → `states`.
        XCTAssertEqual(definition(s, 8, 13)?["range"]?["start"]?["line"], .int(2))
        XCTAssertEqual(definition(s, 8, 13)?["range"]?["start"]?["character"], .int(6))
        XCTAssertEqual(definition(s, 7, 11)?["range"]?["start"]?["line"], .int(1))
        XCTAssertEqual(definition(s, 8, 34)?["range"]?["start"]?["line"], .int(3))
        // A built-in name has no declaration here.
        XCTAssertEqual(definition(s, 4, 34), .null)
    }

    func testHoverAndCompletionKnowTheDeclaredNames() {
        let (s, _) = server(text)
        let hover = s.handle(["jsonrpc": "2.0", "id": 4, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 6, "character": 5]]])
        XCTAssertEqual(hover.first?["result"]?["contents"]?["value"]?.stringValue?.hasPrefix("`use fade`: a behaviour declared in the language"), true)
        let alpha = s.handle(["jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 8, "character": 12]]])
        XCTAssertEqual(alpha.first?["result"]?["contents"]?["value"]?.stringValue?.contains("a var of behaviour 'fade'"), true)
        let completion = s.handle(["jsonrpc": "2.0", "id": 6, "method": "textDocument/completion",
                                   "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 8, "character": 12]]])
        let labels = completion.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        XCTAssertTrue(labels.contains("fade.alpha"), "\(labels)")
    }

    func testABodyReadingTheWorldChecksCleanAndHovers() {
        // (spec §9: a body reads any observable) line 1 is `  value h = header.height`.
        let (t, diagnostics) = server("behaviour dim {\n  value h = header.height\n}\nheader 200\nuse dim\nexpect dim.h == 200\n")
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
        let hover = t.handle(["jsonrpc": "2.0", "id": 8, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 16]]])
        XCTAssertNotNil(hover.first?["result"]?["contents"]?["value"]?.stringValue, "\(hover)")
        // Without the header, the editor shows the error at the `use` line (line 3 here).
        let (_, missing) = server("behaviour dim {\n  value h = header.height\n}\nuse dim\nexpect dim.h == 0\n")
        XCTAssertEqual(missing.first?["range"]?["start"]?["line"], .int(3), "\(missing)")
        XCTAssertEqual(missing.first?["message"]?.stringValue,
                       "behaviour 'dim' reads 'header.height' (line 2), which needs a header, and this scenario declares none (add 'header H')")
    }

    func testDiagnosticsInsideADeclaration() {
        let (_, diagnostics) = server(text.replacingOccurrences(of: "on didScroll", with: "on didScrol"))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?["range"]?["start"]?["line"], .int(4))
        XCTAssertEqual(diagnostics.first?["range"]?["start"]?["character"], .int(5))
        XCTAssertEqual(diagnostics.first?["message"]?.stringValue, "unknown event 'didScrol' (did you mean 'didScroll'?)")
    }
}

/// The REPL's completion inside a declaration.
final class DeclaredCompletionTests: XCTestCase {
    func testEventsCurvesAndMembers() {
        let c = Completer(listDirectory: { _ in [] })
        XCTAssertEqual(c.complete(line: "  on did", cursor: 8).candidates,
                       ["didEndDecelerating", "didEndDragging", "didEndScrollingAnimation", "didScroll"])
        XCTAssertEqual(c.complete(line: "on w", cursor: 4).candidates, ["willBeginDecelerating", "willBeginDragging", "willEndDragging"])
        XCTAssertEqual(c.complete(line: "animate y to 0 over 0.2s ease", cursor: 29).candidates, ["easeIn", "easeInOut", "easeOut"])
        XCTAssertEqual(c.complete(line: "behaviour fade { va", cursor: 19).candidates, ["value", "var"])
        // Elsewhere, statement completion as before.
        XCTAssertEqual(c.complete(line: "pu", cursor: 2).candidates, ["pull", "pulling"])
    }
}
