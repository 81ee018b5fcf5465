import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// The editor grammars in `editors/`: generated from the vocabulary (regenerate with
/// SCROLLSCRIPT_UPDATE_EDITORS=1 swift test --filter EditorGrammarTests), valid, compiling
/// with NSRegularExpression, and colouring every word of the vocabulary in every shipped
/// scenario (a small TextMate matcher below runs the grammar).
final class EditorGrammarTests: XCTestCase {
    static let root = TestPaths.packageRoot
    static let grammarFiles = ["editors/scrollscript.tmLanguage.json", "editors/vscode/syntaxes/scrollscript.tmLanguage.json"]
    static let vimFile = "editors/vim/syntax/scrollscript.vim"

    static var generated: [(path: String, text: String)] {
        Self.grammarFiles.map { ($0, EditorGrammars.textMate()) } + [(Self.vimFile, EditorGrammars.vimSyntax())]
    }

    /// With SCROLLSCRIPT_UPDATE_EDITORS=1 the files are rewritten before any test reads them.
    override class func setUp() {
        super.setUp()
        guard ProcessInfo.processInfo.environment["SCROLLSCRIPT_UPDATE_EDITORS"] == "1" else { return }
        for (path, text) in generated {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
    }

    /// The shipped files are what the generator makes from today's vocabulary.
    func testShippedFilesAreGeneratedFromTheVocabulary() throws {
        for (path, text) in Self.generated {
            let url = Self.root.appendingPathComponent(path)
            let shipped = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(shipped, text, "\(path) is out of date: run SCROLLSCRIPT_UPDATE_EDITORS=1 swift test --filter EditorGrammarTests")
        }
    }

    func testGrammarIsValidJSONAndEveryPatternCompiles() throws {
        for path in Self.grammarFiles {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(json["scopeName"] as? String, "source.scrollscript")
            var regexes: [String] = []
            func walk(_ x: Any) {
                if let d = x as? [String: Any] {
                    for key in ["match", "begin", "end"] { if let r = d[key] as? String { regexes.append(r) } }
                    for v in d.values { walk(v) }
                } else if let a = x as? [Any] {
                    for v in a { walk(v) }
                }
            }
            walk(json)
            XCTAssertGreaterThan(regexes.count, 15)
            for r in regexes {
                XCTAssertNoThrow(try NSRegularExpression(pattern: r), "pattern does not compile: \(r)")
            }
        }
    }

    /// Every word the lexer sees in a shipped scenario that the vocabulary knows is scoped.
    func testEveryShippedScenarioIsColouredWithNoKnownWordUnscoped() throws {
        let grammar = try TextMateGrammar(url: Self.root.appendingPathComponent("editors/scrollscript.tmLanguage.json"))
        let dir = Self.root.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scroll") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 20)
        let known = Set(WordTable.vocabulary(.builtIn))
        var checked = 0
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            for miss in unscopedWords(text, grammar: grammar, known: known, checked: &checked) {
                XCTFail("\(f): '\(miss)' is not coloured")
            }
        }
        XCTAssertGreaterThan(checked, 500, "words checked")
    }

    /// Every name of the vocabulary, in the place it is written, is scoped; and the scope
    /// says what it is (an observable is not coloured as a statement keyword).
    func testEveryVocabularyNameIsColouredAsWhatItIs() throws {
        let grammar = try TextMateGrammar(url: Self.root.appendingPathComponent("editors/scrollscript.tmLanguage.json"))
        var cases: [(line: String, word: String, scope: String)] = []
        let lexicon = Lexicon.builtIn
        for k in lexicon.statementKeywords { cases.append((k + " 1", k, k == "scene" || k == "scenario" || k == "repeat" ? "keyword.control" : "")) }
        for o in lexicon.registry.observables {
            switch o.subscriptForm {
            case .none: cases.append(("expect \(o.name) == 1", o.name, "variable.other.observable"))
            case .section: cases.append(("expect section[0].\(o.member!) == 1", o.member!, "variable.other.member"))
            case .row: cases.append(("expect row[0,1].\(o.member!) == 1", o.member!, "variable.other.member"))
            }
        }
        for t in lexicon.tunableNames { cases.append(("set \(t) 1", t, "variable.other.tunable")) }
        for s in Lexicon.builtIn.registry.stateNames { cases.append(("expect phase == \(s)", s, "constant.language.state")) }
        for f in BuiltinFunction.names { cases.append(("expect \(f)(offset, 1) > 0", f, "support.function.builtin")) }
        for w in GrammarWord.allCases.dropFirst().map({ $0.spelling }) + lexicon.optionWords where !lexicon.statementKeywords.contains(w) {
            cases.append(("header 1 \(w) 2", w, ""))
        }
        for (line, word, scope) in cases {
            let scopes = grammar.scopes(of: [line])[0]
            let ns = line as NSString
            let r = ns.range(of: word, options: [], range: NSRange(location: line.hasPrefix(word) ? 0 : ns.range(of: " ").location, length: ns.length - (line.hasPrefix(word) ? 0 : ns.range(of: " ").location)))
            let covering = scopes.filter { NSIntersectionRange($0.range, r).length == r.length }
            XCTAssertFalse(covering.isEmpty, "'\(word)' in '\(line)' is not coloured")
            if !scope.isEmpty {
                XCTAssertTrue(covering.contains { $0.name.hasPrefix(scope) }, "'\(word)' in '\(line)': \(covering.map { $0.name }), expected \(scope)")
            }
        }
        // `header 240` is a statement, `header.height` an observable.
        let s = grammar.scopes(of: ["header 240", "expect header.height > 0"])
        XCTAssertEqual(s[0].first?.name, "storage.type.configuration.scrollscript")
        XCTAssertTrue(s[1].contains { $0.name == "variable.other.observable.scrollscript" && $0.range == NSRange(location: 7, length: 13) })
    }

    /// The check can fail: a misspelt name is left uncoloured and reported.
    func testAnUnknownWordIsLeftUnscoped() throws {
        let grammar = try TextMateGrammar(url: Self.root.appendingPathComponent("editors/scrollscript.tmLanguage.json"))
        var checked = 0
        let missing = unscopedWords("expect heder.height > 0\n", grammar: grammar, known: ["heder", "height"], checked: &checked)
        XCTAssertEqual(missing, ["heder", "height"])
    }

    /// Strings span lines; words inside them are the string's, comments likewise.
    func testStringsAndCommentsAcrossLines() throws {
        let grammar = try TextMateGrammar(url: Self.root.appendingPathComponent("editors/scrollscript.tmLanguage.json"))
        let s = grammar.scopes(of: ["section \"a pull", "b\\\" still\" rows 3  # pull", "pull 375x667 250ms"])
        XCTAssertTrue(s[0].contains { $0.name == "string.quoted.double.scrollscript" && $0.range == NSRange(location: 8, length: 7) })
        XCTAssertTrue(s[1].contains { $0.name == "constant.character.escape.scrollscript" && $0.range == NSRange(location: 1, length: 2) })
        XCTAssertTrue(s[1].contains { $0.name == "string.quoted.double.scrollscript" && $0.range == NSRange(location: 0, length: 10) })
        XCTAssertTrue(s[1].contains { $0.name == "comment.line.number-sign.scrollscript" && $0.range == NSRange(location: 19, length: 6) })
        XCTAssertFalse(s[1].contains { $0.name.hasPrefix("support.function") })
        XCTAssertEqual(s[2].map { $0.name }, ["support.function.action.scrollscript", "meta.size.scrollscript", "constant.numeric.scrollscript",
                                              "keyword.other.scrollscript", "constant.numeric.scrollscript", "constant.numeric.scrollscript"])
    }

    /// The Vim syntax file names every statement keyword and every observable and tunable.
    func testVimSyntaxHasEveryName() throws {
        let vim = try String(contentsOf: Self.root.appendingPathComponent(Self.vimFile), encoding: .utf8)
        let words = Set(vim.replacingOccurrences(of: "\\.", with: ".").split(whereSeparator: { " \n\"\\|()%<>".contains($0) }).map(String.init))
        for k in Lexicon.builtIn.statementKeywords { XCTAssertTrue(words.contains(k), k) }
        for o in BehaviourRegistry.builtIn.observables { XCTAssertTrue(words.contains(o.member ?? o.name), o.name) }
        for t in Lexicon.builtIn.tunableNames { XCTAssertTrue(words.contains(t), t) }
        let ftdetect = try String(contentsOf: Self.root.appendingPathComponent("editors/vim/ftdetect/scrollscript.vim"), encoding: .utf8)
        XCTAssertTrue(ftdetect.contains("*.scroll") && ftdetect.contains("filetype=scrollscript"))
    }

    /// The VS Code extension: its manifest names the language, the extension, the grammar
    /// and the server command; its files exist.
    func testVSCodeExtensionManifest() throws {
        let dir = Self.root.appendingPathComponent("editors/vscode")
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("package.json"))) as? [String: Any])
        let contributes = try XCTUnwrap(manifest["contributes"] as? [String: Any])
        let language = try XCTUnwrap((contributes["languages"] as? [[String: Any]])?.first)
        XCTAssertEqual(language["id"] as? String, "scrollscript")
        XCTAssertEqual(language["extensions"] as? [String], [".scroll"])
        let config = try XCTUnwrap(language["configuration"] as? String)
        let langConfig = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(config))) as? [String: Any])
        XCTAssertEqual((langConfig["comments"] as? [String: Any])?["lineComment"] as? String, "#")
        XCTAssertNotNil(langConfig["brackets"])
        let grammar = try XCTUnwrap((contributes["grammars"] as? [[String: Any]])?.first)
        XCTAssertEqual(grammar["language"] as? String, "scrollscript")
        XCTAssertEqual(grammar["scopeName"] as? String, "source.scrollscript")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(try XCTUnwrap(grammar["path"] as? String)).path))
        let main = try XCTUnwrap(manifest["main"] as? String)
        let js = try String(contentsOf: dir.appendingPathComponent(main), encoding: .utf8)
        XCTAssertTrue(js.contains("vscode-languageclient") && js.contains("'lsp'"), "extension.js starts 'scrollscript lsp'")
    }

    // MARK: - Helpers

    /// Known words the lexer finds in `text` that no scope covers.
    private func unscopedWords(_ text: String, grammar: TextMateGrammar, known: Set<String>, checked: inout Int) -> [String] {
        let doc = TextDocument(uri: "t.scroll", version: 0, text: text)
        var lines: [String] = []
        for i in 0..<doc.lineStarts.count {
            lines.append(String(decoding: doc.bytes[doc.lineStarts[i]..<doc.lineEnd(i)], as: UTF8.self))
        }
        let scopes = grammar.scopes(of: lines)
        var lexer = Lexer(bytes: doc.bytes, file: "t.scroll")
        var missing: [String] = []
        for t in lexer.tokenize() where t.kind == .word && known.contains(t.text) {
            checked += 1
            let r = doc.range(t.location("t.scroll"))
            let range = NSRange(location: r.start.character, length: r.end.character - r.start.character)
            let covered = scopes[r.start.line].contains { NSIntersectionRange($0.range, range).length == range.length && !$0.name.hasPrefix("punctuation") }
            if !covered { missing.append(t.text) }
        }
        return missing
    }
}

/// A small TextMate matcher: `match` rules and `begin`/`end` rules with inner patterns,
/// `include` of the repository, `captures`. At each position the earliest match wins,
/// the first rule on a tie (as in TextMate); a begin/end rule's end is tried before its
/// inner patterns. Scopes are per line, in UTF-16 ranges.
struct TextMateGrammar {
    final class Rule {
        var name: String?
        var match: NSRegularExpression?
        var begin: NSRegularExpression?
        var end: NSRegularExpression?
        var patterns: [Rule] = []
        var captures: [Int: String] = [:]
    }

    struct Scope {
        var range: NSRange
        var name: String
    }

    let top: [Rule]

    init(url: URL) throws {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let repository = json["repository"] as? [String: Any] ?? [:]
        func rule(_ d: [String: Any]) throws -> Rule {
            if let inc = d["include"] as? String {
                let key = String(inc.dropFirst())
                return try rule(try XCTUnwrap(repository[key] as? [String: Any], "include \(inc)"))
            }
            let r = Rule()
            r.name = d["name"] as? String
            if let m = d["match"] as? String { r.match = try NSRegularExpression(pattern: m) }
            if let b = d["begin"] as? String { r.begin = try NSRegularExpression(pattern: b) }
            if let e = d["end"] as? String { r.end = try NSRegularExpression(pattern: e) }
            r.patterns = try (d["patterns"] as? [[String: Any]] ?? []).map(rule)
            for (k, v) in d["captures"] as? [String: Any] ?? [:] {
                if let i = Int(k), let n = (v as? [String: Any])?["name"] as? String { r.captures[i] = n }
            }
            return r
        }
        top = try (json["patterns"] as? [[String: Any]] ?? []).map(rule)
    }

    /// The earliest match at or after `pos` among `rules` (first rule on a tie).
    private func earliest(_ rules: [(Rule, NSRegularExpression)], in line: String, from pos: Int) -> (Rule, NSTextCheckingResult)? {
        let length = (line as NSString).length
        var best: (Rule, NSTextCheckingResult)?
        for (rule, regex) in rules {
            // Anchoring bounds off: lookbehind sees the text before `pos`.
            guard let m = regex.firstMatch(in: line, options: [.withoutAnchoringBounds, .withTransparentBounds], range: NSRange(location: pos, length: length - pos)) else { continue }
            if best == nil || m.range.location < best!.1.range.location { best = (rule, m) }
        }
        return best
    }

    func scopes(of lines: [String]) -> [[Scope]] {
        var out: [[Scope]] = []
        var open: Rule?
        var openStart = 0
        for line in lines {
            var scopes: [Scope] = []
            let length = (line as NSString).length
            var pos = 0
            openStart = 0
            var guardSteps = 0
            while pos <= length && guardSteps < 10_000 {
                guardSteps += 1
                if let r = open {
                    var candidates: [(Rule, NSRegularExpression)] = [(r, r.end!)]
                    candidates += r.patterns.compactMap { p in p.match.map { (p, $0) } }
                    guard let (rule, m) = earliest(candidates, in: line, from: pos) else {
                        scopes.append(Scope(range: NSRange(location: openStart, length: length - openStart), name: r.name ?? ""))
                        break
                    }
                    if rule === r {
                        scopes.append(Scope(range: NSRange(location: openStart, length: NSMaxRange(m.range) - openStart), name: r.name ?? ""))
                        open = nil
                    } else if let n = rule.name {
                        scopes.append(Scope(range: m.range, name: n))
                    }
                    pos = max(NSMaxRange(m.range), pos + (m.range.length == 0 ? 1 : 0))
                    continue
                }
                let candidates: [(Rule, NSRegularExpression)] = top.compactMap { r in (r.match ?? r.begin).map { (r, $0) } }
                guard pos < length, let (rule, m) = earliest(candidates, in: line, from: pos) else { break }
                if rule.begin != nil {
                    open = rule
                    openStart = m.range.location
                } else {
                    if let n = rule.name { scopes.append(Scope(range: m.range, name: n)) }
                    for (i, n) in rule.captures.sorted(by: { $0.key < $1.key }) where m.range(at: i).location != NSNotFound {
                        scopes.append(Scope(range: m.range(at: i), name: n))
                    }
                }
                pos = max(NSMaxRange(m.range), pos + (m.range.length == 0 ? 1 : 0))
            }
            out.append(scopes)
        }
        return out
    }
}

/// The editor files run in their real hosts where the machine has them: the VS Code
/// extension's `extension.js` under Node with stand-ins for the `vscode` API and
/// `vscode-languageclient` (which cannot be installed here), and the Vim syntax file in
/// a headless Neovim. Each skips, saying why, when the program is missing.
final class EditorHostTests: XCTestCase {
    private func tool(_ name: String) throws -> String {
        guard let path = ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("EditorHostTests: skipped: \(name) is not installed (.ci/run installs it)")
            throw XCTSkip("\(name) is not installed")
        }
        return path
    }

    private func run(_ exe: String, _ args: [String], in dir: URL) throws -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `activate` starts a language client on `scrollscript lsp` for the scrollscript
    /// language, and honours the `scrollscript.path` setting.
    func testVSCodeExtensionStartsScrollscriptLsp() throws {
        let node = try tool("node")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollscript-vscode-\(UUID().uuidString)")
        let modules = dir.appendingPathComponent("node_modules")
        try FileManager.default.createDirectory(at: modules.appendingPathComponent("vscode-languageclient"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: modules.appendingPathComponent("vscode"), withIntermediateDirectories: true)
        let ext = EditorGrammarTests.root.appendingPathComponent("editors/vscode/extension.js")
        try FileManager.default.copyItem(at: ext, to: dir.appendingPathComponent("extension.js"))
        try """
        let setting;
        module.exports = { workspace: { getConfiguration: (s) => ({ get: (k) => (s === 'scrollscript' && k === 'path' ? setting : undefined) }) },
                           __set: (v) => { setting = v; } };
        """.write(to: modules.appendingPathComponent("vscode/index.js"), atomically: true, encoding: .utf8)
        try """
        const started = [];
        class LanguageClient {
          constructor(id, name, server, client) { this.args = { id, name, server, client }; }
          start() { started.push(this.args); return Promise.resolve(); }
          stop() { return Promise.resolve(); }
        }
        module.exports = { LanguageClient, __started: started };
        """.write(to: modules.appendingPathComponent("vscode-languageclient/node.js"), atomically: true, encoding: .utf8)
        try """
        const ext = require('./extension.js');
        const lc = require('vscode-languageclient/node');
        ext.activate({ subscriptions: [] });
        require('vscode').__set('/opt/bin/scrollscript');
        ext.activate({ subscriptions: [] });
        for (const s of lc.__started) {
          console.log(JSON.stringify([s.id, s.server.command, s.server.args, s.client.documentSelector.map((d) => d.language)]));
        }
        """.write(to: dir.appendingPathComponent("check.js"), atomically: true, encoding: .utf8)
        let r = try run(node, ["check.js"], in: dir)
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertEqual(r.out, """
        ["scrollscript","scrollscript",["lsp"],["scrollscript","scrollscript"]]
        ["scrollscript","/opt/bin/scrollscript",["lsp"],["scrollscript","scrollscript"]]

        """)
    }

    /// The Vim syntax file, loaded by Neovim for a `.scroll` file (through ftdetect),
    /// gives each word its group.
    func testVimSyntaxInNeovim() throws {
        let nvim = try tool("nvim")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollscript-vim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("t.scroll")
        try """
        scene { header 240 pin 60 }
        scenario "駅" {
          expect header.height > 0 and section[0].y == 1 # note
          set deceleration fast
          screen 375x667
          fling -900
          expect toolbar.state == hidden
        }

        """.write(to: file, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("groups.txt")
        // The group at the first character of each probe: a line (1-based) and a word on it.
        let probes: [(Int, String, String)] = [
            (1, "scene", "scrollStructure"), (1, "header", "scrollConfiguration"), (1, "240", "scrollNumber"), (1, "pin", "scrollOption"),
            (2, "scenario", "scrollStructure"), (2, "\"駅\"", "scrollString"),
            (3, "expect", "scrollCheck"), (3, "header.height", "scrollObservable"), (3, "and", "scrollLogical"),
            (3, "section[", "scrollObservable"), (3, "y ==", "scrollMember"), (3, "# note", "scrollComment"),
            (4, "set", "scrollConfiguration"), (4, "deceleration", "scrollTunable"), (4, "fast", "scrollNamedValue"),
            (5, "375x667", "scrollSize"), (6, "fling", "scrollAction"), (6, "-", "scrollOperator"),
            (7, "toolbar.state", "scrollObservable"), (7, "hidden", "scrollState"),
        ]
        let lua = """
        local out = { 'filetype=' .. vim.bo.filetype }
        for _, p in ipairs({ \(probes.map { "{\($0.0), [[\($0.1)]]}" }.joined(separator: ", ")) }) do
          local col = string.find(vim.fn.getline(p[1]), p[2], 1, true)
          table.insert(out, vim.fn.synIDattr(vim.fn.synID(p[1], col, 1), 'name'))
        end
        vim.fn.writefile(out, '\(out.path)')
        vim.cmd('qall!')
        """
        let script = dir.appendingPathComponent("probe.lua")
        try lua.write(to: script, atomically: true, encoding: .utf8)
        let vimDir = EditorGrammarTests.root.appendingPathComponent("editors/vim").path
        let r = try run(nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "--cmd", "set rtp^=\(vimDir)", "--cmd", "filetype on", "--cmd", "syntax on",
                               file.path, "-c", "luafile \(script.path)"], in: dir)
        XCTAssertEqual(r.status, 0, r.out)
        let groups = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(groups, ["filetype=scrollscript"] + probes.map { $0.2 })
    }
}
