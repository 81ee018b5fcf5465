import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The language server's core, driven message by message (no process): framing, UTF-16
/// positions, and what completion and hover offer. The real `scrollscript lsp` process
/// over pipes is tested in scrollscriptTests/LSPProcessTests.swift.
final class LanguageServerTests: XCTestCase {
    // MARK: - Framing

    private func framed(_ json: String) -> [UInt8] {
        Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
    }

    func testFramerCutsMessagesFedByteByByteAndTogether() {
        let a = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"name":"山手線🚃"}}"#
        let b = #"{"jsonrpc":"2.0","method":"initialized"}"#
        var framer = MessageFramer()
        var events: [FramerEvent] = []
        for byte in framed(a) + framed(b) { events += framer.feed([byte]) }
        XCTAssertEqual(events, [.message(Array(a.utf8)), .message(Array(b.utf8))])
        var together = MessageFramer()
        XCTAssertEqual(together.feed(framed(a) + framed(b)), [.message(Array(a.utf8)), .message(Array(b.utf8))])
        // Content-Type is allowed; header names are case-insensitive.
        var typed = MessageFramer()
        let withType = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        XCTAssertEqual(typed.feed(withType), [.message(Array("{}".utf8))])
    }

    func testFramerReportsABadHeaderAndResynchronizes() {
        let ok = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
        var framer = MessageFramer()
        let events = framer.feed(Array("garbage\r\n\r\n".utf8) + framed(ok))
        XCTAssertEqual(events.count, 2)
        guard case .error(let e) = events[0] else { return XCTFail("\(events)") }
        XCTAssertTrue(e.contains("bad header line 'garbage'"), e)
        XCTAssertEqual(events[1], .message(Array(ok.utf8)))

        // No Content-Length, then a non-number: one error each, and the next message still comes.
        var f2 = MessageFramer()
        let e2 = f2.feed(Array("Content-Type: x\r\n\r\nContent-Length: ten\r\n\r\n".utf8) + framed(ok))
        XCTAssertEqual(e2.count, 3)
        XCTAssertEqual(e2[0], .error("header without Content-Length; skipped to the next 'Content-Length:'"))
        XCTAssertEqual(e2[1], .error("bad Content-Length 'ten' (expected a number of bytes); skipped to the next 'Content-Length:'"))
        XCTAssertEqual(e2[2], .message(Array(ok.utf8)))
    }

    func testFramerSkipsAMessageOverTheLimitWithoutHoldingIt() {
        let ok = #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#
        var framer = MessageFramer()
        let size = MessageFramer.maxBodyBytes + 10
        var events = framer.feed(Array("Content-Length: \(size)\r\n\r\n".utf8))
        XCTAssertEqual(events, [.error("message of \(size) bytes is larger than the limit of \(MessageFramer.maxBodyBytes) bytes; skipped")])
        // The body arrives in chunks and is dropped; then the next message is read.
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        var sent = 0
        while sent + chunk.count <= size {
            events = framer.feed(chunk)
            XCTAssertEqual(events, [])
            sent += chunk.count
        }
        events = framer.feed([UInt8](repeating: 0x41, count: size - sent) + framed(ok))
        XCTAssertEqual(events, [.message(Array(ok.utf8))])
    }

    func testFramerBoundsAHeaderThatNeverEnds() {
        var framer = MessageFramer()
        let events = framer.feed([UInt8](repeating: 0x61, count: MessageFramer.maxHeaderBytes + 100))
        XCTAssertEqual(events.count, 1)
        let ok = #"{"id":1}"#
        XCTAssertEqual(framer.feed(framed(ok)), [.message(Array(ok.utf8))])
    }

    // MARK: - Positions

    func testUTF16PositionsWorkedOutByHand() {
        // Line 1: `  print "渋谷🚃🚃"; x` — 渋 and 谷 are one UTF-16 unit (3 UTF-8 bytes) each,
        // 🚃 is two units (a surrogate pair; 4 bytes). `x` is scalar column 17 (1-based),
        // UTF-16 character 2+5+1+1+2+4+1+1+1 = 18 (0-based), byte 2+5+1+1+6+8+1+1+1 = 26 into the line.
        let doc = TextDocument(uri: "file:///t.scroll", version: 1, text: "fps 60\n  print \"渋谷🚃🚃\"; x\r\nend")
        let lineStart = 7
        XCTAssertEqual(doc.byteOffset(line: 2, column: 17), lineStart + 26)
        XCTAssertEqual(doc.position(ofByte: lineStart + 26), LSPPosition(line: 1, character: 18))
        XCTAssertEqual(doc.byteOffset(of: LSPPosition(line: 1, character: 18)), lineStart + 26)
        // A character past the end of the line (before its CR) is the line's end.
        XCTAssertEqual(doc.byteOffset(of: LSPPosition(line: 1, character: 99)), lineStart + 27)
        XCTAssertEqual(doc.range(SourceLocation(file: "", line: 2, column: 17, length: 1)),
                       LSPRange(LSPPosition(line: 1, character: 18), LSPPosition(line: 1, character: 19)))
        // A zero-length location covers the character there: the first emoji, scalar column
        // 12, after 11 units (2 + 5 + 1 + 1 + 1 + 1), two units wide.
        XCTAssertEqual(doc.range(SourceLocation(file: "", line: 2, column: 12, length: 0)),
                       LSPRange(LSPPosition(line: 1, character: 11), LSPPosition(line: 1, character: 13)))
        XCTAssertEqual(doc.endPosition, LSPPosition(line: 2, character: 3))
        XCTAssertEqual(TextDocument(uri: "file:///a%20b/%E5%B1%B1.scroll", version: 0, text: "").fileName, "/a b/山.scroll")
    }

    func testEveryStatementKeywordAndNameHasASummary() {
        let lexicon = Lexicon.builtIn
        for k in lexicon.statementKeywords {
            XCTAssertTrue(lexicon.statementSummaries[k]?.hasPrefix(k) == true, "statementSummaries[\(k)] should start with its form")
        }
        XCTAssertEqual(Set(lexicon.statementSummaries.keys), Set(lexicon.statementKeywords))
        let observables = lexicon.registry.observables
        for o in observables { XCTAssertGreaterThan(o.summary.count, 10, o.name) }
        for t in lexicon.registry.tunables { XCTAssertGreaterThan(t.summary.count, 10, t.name) }
        XCTAssertEqual(Set(observables.map { $0.summary }).count, observables.count, "summaries are distinct")
    }

    // MARK: - Completion and hover through the core

    private let uri = "file:///work/demo.scroll"
    private let text = """
    scene {
      header 240 pin 60
      section "山手線" rows "渋谷" "新宿"
      section rows 5
      section "京浜東北線" rows 3 closed
    }

    scenario "a" {
      set deceleration fast
      expect header.h
      expect toolbar.state == h
      expect section[1].h
      expect row[0,
      tap header 
      pu
      expect phase == 
      expect (time > 0) and header.im
      expect section[2].height > 0
    }

    """

    private func server() -> LanguageServer {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let open = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                             "params": ["textDocument": ["uri": .string(uri), "languageId": "scrollscript", "version": 1, "text": .string(text)]]])
        XCTAssertEqual(open.first?["method"], "textDocument/publishDiagnostics")
        return s
    }

    private func labels(_ s: LanguageServer, _ line: Int, _ character: Int) -> [String] {
        let r = s.handle(["jsonrpc": "2.0", "id": 9, "method": "textDocument/completion",
                          "params": ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]])
        return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? ["<no result: \(r)>"]
    }

    func testCompletionByContext() {
        let s = server()
        XCTAssertEqual(labels(s, 9, 17), ["header.height"])                   // expect header.h
        XCTAssertEqual(labels(s, 10, 27), ["hidden", "hiding"])                // toolbar.state == h
        XCTAssertEqual(labels(s, 11, 21), ["height"])                          // section[1].h
        XCTAssertEqual(labels(s, 12, 15), ["0", "1"])                          // row[0, → rows of section 0
        // tap header → titled sections (and their titles, where the language takes them)
        XCTAssertEqual(labels(s, 13, 13), (LanguageServer.tapHeaderTakesTitle ? ["\"京浜東北線\"", "\"山手線\""] : []) + ["0", "2"])
        XCTAssertEqual(labels(s, 14, 4), ["pull"])                             // statement words
        XCTAssertEqual(labels(s, 15, 18), ["bouncing", "decelerating", "dragging", "idle"])
        XCTAssertEqual(labels(s, 16, 33), ["header.image.height", "header.image.y"])
        XCTAssertEqual(labels(s, 8, 6), Lexicon.builtIn.tunableNames.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        XCTAssertEqual(labels(s, 14, 2), Lexicon.builtIn.statementKeywords.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // Inside a string or a comment: nothing.
        XCTAssertEqual(labels(s, 2, 13), [])
    }

    func testCompletionHidesViewsTheScenarioDoesNotDeclare() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///x.scroll", "version": 1, "text": "pull 10\nexpect \n"]]])
        let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                          "params": ["textDocument": ["uri": "file:///x.scroll"], "position": ["line": 1, "character": 7]]])
        let names = r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        XCTAssertTrue(names.contains("offset") && names.contains("section[") && names.contains("deceleration") && names.contains("always"))
        // Tunables are always readable (`header.duration`); observables of undeclared views are not offered.
        let viewObservables = BehaviourRegistry.builtIn.observables.filter { $0.requires != nil }.map { $0.name }
        // Every behaviour's observable needs its word (derived from the declarations: a new
        // built-in needs no edit here), among them the spec's (independent).
        let registry = BehaviourRegistry.builtIn
        let declared = registry.ids.flatMap { id in
            registry.declaration(id).observables.map { registry.declaration(id).namespace + "." + $0.name }
        }
        XCTAssertEqual(viewObservables.sorted(), declared.sorted())
        for spec in ["header.y", "header.height", "header.bottom", "header.scale", "header.image.y", "header.image.height",
                     "header.expanded", "toolbar.y", "toolbar.state", "refresh.state", "refresh.progress"] {
            XCTAssertTrue(viewObservables.contains(spec), spec)
        }
        XCTAssertTrue(names.contains("header.duration"))
        XCTAssertFalse(names.contains { viewObservables.contains($0) }, "\(names)")
    }

    private func hover(_ s: LanguageServer, _ line: Int, _ character: Int) -> String? {
        let r = s.handle(["jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
                          "params": ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]])
        return r.first?["result"]?["contents"]?["value"]?.stringValue
    }

    /// A warning is published with severity 2 (Warning), an error with 1.
    func testWarningsArePublishedAsWarnings() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let open = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                             "params": ["textDocument": ["uri": "file:///w.scroll", "languageId": "scrollscript", "version": 1,
                                                         "text": "drag -300 in 500\npul 3\n"]]])
        let ds = open.first?["params"]?["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(ds.map { $0["severity"] }, [.int(2), .int(1)])
        XCTAssertEqual(ds.first?["range"]?["start"]?["line"], .int(0))
        XCTAssertEqual(ds.first?["range"]?["start"]?["character"], .int(13))
        XCTAssertTrue(ds.first?["message"]?.stringValue?.contains("'500ms'") ?? false)
    }

    /// Hover on `fling` says which way a sign moves the finger and how long the finger
    /// moves (fling.duration, 0.1 s: `fling -900` moves it 90 pt up); `drag` and `swipe`
    /// say the sign too.
    func testHoverOnGesturesSaysTheSignAndTheFingerTime() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let doc = "file:///g.scroll"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": .string(doc), "languageId": "scrollscript", "version": 1,
                                                  "text": "fling -900\ndrag -100 in 0.5s\nswipe 80\n"]]])
        func hoverAt(_ line: Int) -> String {
            let r = s.handle(["jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(doc)], "position": ["line": .int(line), "character": 2]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue ?? ""
        }
        let fling = hoverAt(0)
        XCTAssertTrue(fling.contains("for fling.duration (0.1 s by default: V × 0.1 pt)"), fling)
        XCTAssertTrue(fling.contains("negative moves it up (the content scrolls on, toward its end: offset grows), positive down"), fling)
        XCTAssertTrue(hoverAt(1).contains("drag.speed, 300 pt/s by default"), hoverAt(1))
        XCTAssertTrue(hoverAt(1).contains("negative moves it up"), hoverAt(1))
        XCTAssertTrue(hoverAt(2).contains("negative moves it up"), hoverAt(2))
    }

    /// A diagnostic's own "did you mean" as a quick fix: each word its message suggests,
    /// and nothing else, replacing the word where it is written; applying the preferred
    /// fixes gives a file that checks.
    func testQuickFixesAreTheWordsTheMessagesSuggest() throws {
        let lexicon = Lexicon.builtIn
        let header = try XCTUnwrap(lexicon.registry.configWord(named: "header")).optionWords
        let variants: [Problem] = [
            .parse(.unknownStatement("pul", keywords: lexicon.statementKeywords)),
            .parse(.unknownStatement("ｐｕｌｌ", keywords: lexicon.statementKeywords)),
            .parse(.unknownOption(word: "header", option: "pinn", options: header)),
            .parse(.tapUnknownTarget(found: FoundToken(kind: .word, text: "heder"), targets: lexicon.tapTargets)),
            .parse(.expectedSectionState(found: FoundToken(kind: .word, text: "opne"))),
            .parse(.unknownOption(word: "accordion", option: "singel", options: ["single"])),
            .check(.unknownName("ofset", known: lexicon.plainNames)), .check(.unknownName("山手線", known: lexicon.plainNames)),
            .check(.unknownTunable("drag.sped", known: lexicon.tunableNames)),
            .check(.notAState("hiden", .toolbar)), .check(.unknownMember(.section, "tittle")), .check(.unknownIndexedName("sectoin")),
            .check(.stateAsString(value: "hidden", raw: "\"hidden\"")),
            .check(.noSectionTitled(raw: "\"Inbx\"", near: ["Inbox"], titles: ["Inbox", "Outbox"])),
            .lex(.symbolForWord(written: "&&", word: "and")),
            .warning(.bareLongDuration(keyword: "in", raw: "500")),
        ]
        for p in variants {
            let fix = try XCTUnwrap(p.quickFix, p.message)
            XCTAssertFalse(fix.replacements.isEmpty, p.message)
            for r in fix.replacements {
                let shown = r.hasPrefix(".") ? "'\(r.dropFirst())'" : r
                XCTAssertTrue(p.message.contains(shown), "'\(r)' is not what '\(p.message)' suggests")
            }
        }
        XCTAssertEqual(Problem.check(.unknownName("ofset", known: lexicon.plainNames)).quickFix, QuickFix(written: "ofset", replacements: ["offset"]))
        XCTAssertEqual(Problem.check(.unknownMember(.section, "tittle")).quickFix, QuickFix(written: ".tittle", replacements: [".title"]))
        XCTAssertEqual(Problem.warning(.bareLongDuration(keyword: "in", raw: "500")).quickFix, QuickFix(written: "500", replacements: ["500ms", "500s"]))
        XCTAssertNil(Problem.check(.unknownName("zzzzqqqq", known: lexicon.plainNames)).quickFix)   // nothing suggested, nothing fixed
        XCTAssertNil(Problem.check(.divisionByZero).quickFix)

        let s = LanguageServer()
        let initialized = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        XCTAssertEqual(initialized.first?["result"]?["capabilities"]?["codeActionProvider"]?["codeActionKinds"], ["quickfix"])
        let uri = "file:///q.scroll"
        let text = "sections 2 rows 3\npul 10\nrelease\nexpect section[1].tittle == \"Section 1\" && offst < 0\n"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": .string(uri), "languageId": "scrollscript", "version": 1, "text": .string(text)]]])
        func actions(_ line: Int) -> [JSONValue] {
            let r = s.handle(["jsonrpc": "2.0", "id": 5, "method": "textDocument/codeAction",
                              "params": ["textDocument": ["uri": .string(uri)],
                                         "range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]],
                                         "context": ["diagnostics": []]]])
            return r.first?["result"]?.arrayValue ?? []
        }
        let pul = actions(1)
        // A guess: the whole statement meant in place of the statement written.
        XCTAssertEqual(pul.map { $0["title"]?.stringValue }, ["Replace 'pul 10' with 'pull 10'"])
        XCTAssertEqual(pul.first?["kind"], "quickfix")
        XCTAssertEqual(pul.first?["isPreferred"], .bool(true))
        let edit = pul.first?["edit"]?["changes"]?[uri]?.arrayValue?.first
        XCTAssertEqual(edit?["range"], ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 6]])
        XCTAssertEqual(edit?["newText"], "pull 10")
        XCTAssertEqual(pul.first?["diagnostics"]?.arrayValue?.first?["message"], "unknown statement 'pul' (did you mean 'pull 10'?)")
        XCTAssertEqual(actions(2), [])   // nothing wrong on line 2
        // Line 3: '&&' is a lexer error; the checker's errors come once the file parses.
        XCTAssertEqual(actions(3).map { $0["title"]?.stringValue }, ["Replace '&&' with 'and'"])
        // Apply the preferred fixes, line by line, until the file checks.
        var fixed = text
        for _ in 0..<4 {
            let r = checkSource(SourceFile(name: "q.scroll", text: fixed))
            guard let d = r.diagnostics.first, let fix = d.problem.quickFix else { break }
            var lines = fixed.components(separatedBy: "\n")
            let line = lines[d.location.line - 1]
            if fix.wholeStatement {
                lines[d.location.line - 1] = fix.replacements[0]
                fixed = lines.joined(separator: "\n")
                continue
            }
            let from = line.index(line.startIndex, offsetBy: d.location.column - 1)
            let at = try XCTUnwrap(line.range(of: fix.written, range: from..<line.endIndex))
            lines[d.location.line - 1] = line.replacingCharacters(in: at, with: fix.replacements[0])
            fixed = lines.joined(separator: "\n")
        }
        XCTAssertEqual(fixed, "sections 2 rows 3\npull 10\nrelease\nexpect section[1].title == \"Section 1\" and offset < 0\n")
        XCTAssertEqual(checkSource(SourceFile(name: "q.scroll", text: fixed)).diagnostics, [])
    }

    func testHoverContents() {
        let s = server()
        XCTAssertEqual(hover(s, 8, 10), """
        `deceleration`: a number, tunable (`set deceleration VALUE`)

        UIScrollView's decelerationRate, per ms (normal = 0.998, fast = 0.99)

        Default: 0.998; range: greater than 0 and less than 1; named values: `normal` = 0.998, `fast` = 0.99
        """)
        XCTAssertEqual(hover(s, 10, 12), """
        `toolbar.state`: a state (shown, hidden, showing, hiding), observable

        the toolbar: shown, hidden, showing or hiding

        Needs a `toolbar` in the scene or scenario.
        """)
        XCTAssertEqual(hover(s, 1, 3), "`header` statement\n\n" + Lexicon.builtIn.statementSummaries["header"]!)
        XCTAssertEqual(hover(s, 17, 22), "`section[I].height`: a distance (pt), observable\n\nthe height of section I's header view (0 when untitled)")
        XCTAssertNil(hover(s, 2, 12), "no hover inside a string")
        XCTAssertEqual(hover(s, 8, 20), "`fast`: a value of `deceleration` (`set deceleration fast` = 0.99)")
    }
}

extension LanguageServerTests {
    /// Full-text sync is what the server asks for; a change with a range is applied too.
    func testChangesWithFullTextAndWithARange() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///c.scroll", "version": 1, "text": "print \"🚃\"; pul 1\n"]]])
        // Replace `pul` by `pull`: `print "🚃"; ` is 5 + 1 + 1 + 2 + 1 + 1 + 1 = 12 UTF-16 units, so 12..15.
        let out = s.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                            "params": ["textDocument": ["uri": "file:///c.scroll", "version": 2],
                                       "contentChanges": [["range": ["start": ["line": 0, "character": 12], "end": ["line": 0, "character": 15]], "text": "pull"]]]])
        XCTAssertEqual(out.first?["params"]?["version"], 2)
        XCTAssertEqual(out.first?["params"]?["diagnostics"], [])
        let full = s.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                             "params": ["textDocument": ["uri": "file:///c.scroll", "version": 3], "contentChanges": [["text": "pul 1\n"]]]])
        XCTAssertEqual(full.first?["params"]?["diagnostics"]?.arrayValue?.first?["message"], "unknown statement 'pul' (did you mean 'pull 1'?)")
        let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/formatting", "params": ["textDocument": ["uri": "file:///c.scroll"]]])
        XCTAssertEqual(r.first?["result"], [], "a file that does not parse gets no edits")
    }
}

extension LanguageServerTests {
    func testJSONLoneSurrogatesAreReadAsReplacementCharacters() throws {
        XCTAssertEqual(try JSONValue.parse(Array(#"{"t":"a\ud800b"}"#.utf8)), ["t": "a\u{FFFD}b"])
        XCTAssertEqual(try JSONValue.parse(Array(#"{"t":"\udc00\ud83d\ude83\\ud800"}"#.utf8)), ["t": "\u{FFFD}🚃\\ud800"])
        XCTAssertThrowsError(try JSONValue.parse(Array(#"{"t":"\ud800"#.utf8)))
        XCTAssertEqual(try JSONValue.parse(Array(#"[1, 1.5, true, null, "x"]"#.utf8)), [.int(1), .double(1.5), .bool(true), .null, "x"])
    }
}

extension LanguageServerTests {
    /// Indexes come in numeric order (`2` before `10`), and only those that exist here: the
    /// scenario's own `sections` replace the scene's.
    func testIndexesOfTheScenarioInNumericOrder() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let text = "scene {\n  sections 3 rows 2\n}\n\nscenario \"a\" {\n  sections 12 rows 1\n  expect section[\n}\n\nscenario \"b\" {\n  expect section[\n}\n"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///i.scroll", "version": 1, "text": .string(text)]]])
        func labels(_ line: Int, _ character: Int) -> [String] {
            let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                              "params": ["textDocument": ["uri": "file:///i.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        }
        XCTAssertEqual(labels(6, 17), ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"])
        XCTAssertEqual(labels(10, 17), ["0", "1", "2"])
    }
}

extension LanguageServerTests {
    /// 5,000 sections: the first 1000 indexes (0...999), and the answer says it is incomplete.
    func testCompletionIsCappedAndSaysSo() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///cap.scroll", "version": 1, "text": "sections 5000 rows 1\nexpect section[\n"]]])
        let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                          "params": ["textDocument": ["uri": "file:///cap.scroll"], "position": ["line": 1, "character": 15]]])
        let result = r.first?["result"]
        XCTAssertEqual(result?["isIncomplete"], true)
        let labels = result?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        XCTAssertEqual(labels, (0..<1000).map(String.init))
        // Typing narrows it: `section[49` → 49 and 490...499, 4900...4999.
        let narrowed = s.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                 "params": ["textDocument": ["uri": "file:///cap.scroll", "version": 2], "contentChanges": [["text": "sections 5000 rows 1\nexpect section[49\n"]]]])
        XCTAssertEqual(narrowed.count, 1)
        let r2 = s.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
                           "params": ["textDocument": ["uri": "file:///cap.scroll"], "position": ["line": 1, "character": 17]]])
        XCTAssertEqual(r2.first?["result"]?["isIncomplete"], false)
        XCTAssertEqual(r2.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue },
                       ["49"] + (490...499).map(String.init) + (4900...4999).map(String.init))
    }
}

extension LanguageServerTests {
    /// `tap row I J`: section indexes, then the rows of that section; `swipe` has its
    /// hover; `tap.target` and `offset.max` complete in expressions.
    func testTapRowSwipeAndTheV12Names() {
        XCTAssertTrue(Lexicon.builtIn.statementKeywords.contains("swipe"))
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let text = "section \"A\" rows 2\nsection rows 4\ntap row \ntap row 1 \nswipe -300\nexpect tap.t\nexpect offset.m\n"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///r.scroll", "version": 1, "text": .string(text)]]])
        func labels(_ line: Int, _ character: Int) -> [String] {
            let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion",
                              "params": ["textDocument": ["uri": "file:///r.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        }
        XCTAssertEqual(labels(2, 8), ["0", "1"])
        XCTAssertEqual(labels(3, 10), ["0", "1", "2", "3"])
        XCTAssertEqual(labels(5, 12), ["tap.target"])
        XCTAssertEqual(labels(6, 15), ["offset.max", "offset.min"])
        let h = s.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                          "params": ["textDocument": ["uri": "file:///r.scroll"], "position": ["line": 4, "character": 2]]])
        XCTAssertEqual(h.first?["result"]?["contents"]?["value"], .string("`swipe` statement\n\n" + Lexicon.builtIn.statementSummaries["swipe"]!))
    }
}

extension LanguageServerTests {
    /// Issue 30: hover on the option words of a configuration statement (`pin`,
    /// `nostretch`, `parallax`) said nothing; now its form, the word's whole form (spec §3:
    /// `header H [pin P] [parallax F] [toggle H2] [nostretch]`, the header's own options
    /// first), what it does and its argument's range.
    func testHoverOnConfigurationOptions() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let doc = "file:///o.scroll"
        let text = "header 240 pin 60 nostretch parallax 0.2 toggle 300\naccordion single\npull 10\n"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": .string(doc), "version": 1, "text": .string(text)]]])
        func hoverAt(_ line: Int, _ character: Int) -> String? {
            let r = s.handle(["jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(doc)], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue
        }
        let form = "`header H [pin P] [nostretch] [parallax F] [toggle H2]`"
        XCTAssertEqual(hoverAt(0, 12), """
        `pin P`: an option of `header` (\(form))

        The header scrolls away but keeps its bottom P pt on screen.

        P: a distance (pt), from 0 to header's H
        """)
        XCTAssertEqual(hoverAt(0, 20), """
        `nostretch`: an option of `header` (\(form))

        The header does not grow when pulled past the top.
        """)
        XCTAssertEqual(hoverAt(0, 30), """
        `parallax F`: an option of `header` (\(form))

        The header image moves at (1 − F) of the scroll speed (post 001 uses 1/4.7 = 0.2128).

        F: a number, at least 0 and at most 1
        """)
        XCTAssertTrue(hoverAt(0, 43)?.hasPrefix("`toggle H2`: an option of `header`") ?? false, "\(hoverAt(0, 43) ?? "nil")")
        XCTAssertTrue(hoverAt(1, 12)?.hasPrefix("`single`: an option of `accordion` (`accordion [single]`)\n\nOpening a section closes the others.") ?? false,
                      "\(hoverAt(1, 12) ?? "nil")")
        // The numbers are not options; the statement word keeps its own hover.
        XCTAssertNil(hoverAt(0, 8))
        XCTAssertEqual(hoverAt(0, 2), "`header` statement\n\n" + Lexicon.builtIn.statementSummaries["header"]!)
        // Every option of every built-in word says what it does.
        for w in BehaviourRegistry.builtIn.configWords {
            for o in w.options { XCTAssertFalse(o.option.summary.isEmpty, "\(w.word) \(o.option.word)") }
        }
    }

    /// Issue 30: hover on a state word named every family that has it — `idle` "a state of
    /// `phase` ...; of `refresh.state` ..." in a scenario without a refresh control. Now the
    /// families the scenario around the cursor can read (phase, and the behaviours it
    /// declares); a word only undeclared behaviours have says what to declare.
    func testHoverOnAStateNamesOnlyTheFamiliesTheScenarioDeclares() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let doc = "file:///st.scroll"
        let text = """
        scenario "plain" {
          pull 10
          expect phase == idle
          expect toolbar.state == hidden
        }

        scenario "with refresh" {
          header 200 nostretch
          refresh
          expect phase == idle
        }

        """
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": .string(doc), "version": 1, "text": .string(text)]]])
        func hoverAt(_ line: Int, _ character: Int) -> String? {
            let r = s.handle(["jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": .string(doc)], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue
        }
        XCTAssertEqual(hoverAt(2, 19), "`idle`: a state of `phase` (idle, dragging, decelerating, bouncing)")
        XCTAssertEqual(hoverAt(3, 27), "`hidden`: a state of `toolbar.state` (shown, hidden, showing, hiding)\n\nNeeds a `toolbar` in the scene or scenario.")
        XCTAssertEqual(hoverAt(9, 19), "`idle`: a state of `phase` (idle, dragging, decelerating, bouncing); of `refresh.state` (idle, pulling, refreshing, ending)")
    }
}
