import Foundation
import XCTest
import ScrollScript

/// The real `scrollscript lsp` process, driven over pipes by a scripted client. Every wait
/// waits for one specific message (a response by id, a diagnostic for a document version)
/// with a generous deadline; nothing sleeps.
final class LSPProcessTests: XCTestCase {
    static let deadline: TimeInterval = 120

    /// A client: writes framed messages to the server's stdin; a reader thread cuts its
    /// stdout into messages (strictly: anything that is not `Content-Length: N\r\n\r\n` and
    /// N bytes of JSON is recorded as a violation).
    final class Client {
        let process = Process()
        private let input = Pipe(), output = Pipe(), errors = Pipe()
        private let lock = NSCondition()
        private var received: [JSONValue] = []
        private var violations: [String] = []
        private var stdoutClosed = false
        private var errData = Data()
        private var stderrClosed = false
        private var nextID = 100

        init() throws {
            process.executableURL = CLI.binary
            process.arguments = ["lsp"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let out = output.fileHandleForReading
            Thread.detachNewThread { [self] in
                var buffer: [UInt8] = []
                while true {
                    let chunk = out.availableData
                    if chunk.isEmpty { break }
                    buffer += chunk
                    while let (message, rest) = Client.cut(buffer) {
                        buffer = rest
                        lock.lock()
                        switch message {
                        case .success(let m): received.append(m)
                        case .failure(let e): violations.append(e.message)
                        }
                        lock.broadcast()
                        lock.unlock()
                    }
                }
                lock.lock()
                if !buffer.isEmpty { violations.append("\(buffer.count) stray bytes at the end of stdout") }
                stdoutClosed = true
                lock.broadcast()
                lock.unlock()
            }
            let err = errors.fileHandleForReading
            Thread.detachNewThread { [self] in
                let d = err.readDataToEndOfFile()
                lock.lock()
                errData = d
                stderrClosed = true
                lock.broadcast()
                lock.unlock()
            }
        }

        struct Violation: Error { var message: String }

        /// One message off the front of `b`, or nil when more bytes are needed.
        static func cut(_ b: [UInt8]) -> (Result<JSONValue, Violation>, [UInt8])? {
            let prefix = Array("Content-Length: ".utf8)
            guard b.count >= prefix.count else { return nil }
            guard Array(b[0..<prefix.count]) == prefix else {
                return (.failure(Violation(message: "stdout does not start with a header: \(String(decoding: b.prefix(60), as: UTF8.self))")), [])
            }
            guard let end = (0..<max(0, b.count - 3)).first(where: { b[$0] == 13 && b[$0 + 1] == 10 && b[$0 + 2] == 13 && b[$0 + 3] == 10 }) else { return nil }
            guard let n = Int(String(decoding: b[prefix.count..<end], as: UTF8.self)) else {
                return (.failure(Violation(message: "bad header")), [])
            }
            guard b.count >= end + 4 + n else { return nil }
            let body = Array(b[(end + 4)..<(end + 4 + n)])
            let rest = Array(b[(end + 4 + n)...])
            do { return (.success(try JSONValue.parse(body)), rest) } catch {
                return (.failure(Violation(message: "a body is not JSON: \(String(decoding: body, as: UTF8.self))")), rest)
            }
        }

        func sendRaw(_ bytes: [UInt8]) {
            input.fileHandleForWriting.write(Data(bytes))
        }

        func send(_ message: JSONValue) {
            sendRaw(MessageFramer.frame(message.encoded()))
        }

        @discardableResult
        func request(_ method: String, _ params: JSONValue = [:]) -> Int {
            nextID += 1
            send(["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method), "params": params])
            return nextID
        }

        func notify(_ method: String, _ params: JSONValue = [:]) {
            send(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }

        /// The first received message that satisfies `match`, waiting for it.
        func wait(for what: String, file: StaticString = #filePath, line: UInt = #line, _ match: (JSONValue) -> Bool) throws -> JSONValue {
            let limit = Date().addingTimeInterval(LSPProcessTests.deadline)
            lock.lock()
            defer { lock.unlock() }
            while true {
                if let m = received.first(where: match) { return m }
                if stdoutClosed || !lock.wait(until: limit) {
                    XCTFail("no \(what) (stdout \(stdoutClosed ? "closed" : "still open")); received: \(received)", file: file, line: line)
                    throw Violation(message: "no \(what)")
                }
            }
        }

        func response(_ id: Int, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
            try wait(for: "response to request \(id)", file: file, line: line) { $0["id"] == .int(id) && $0["method"] == nil }
        }

        func result(_ id: Int, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
            let r = try response(id, file: file, line: line)
            XCTAssertNil(r["error"], "request \(id) failed: \(r)", file: file, line: line)
            return r["result"] ?? .null
        }

        func diagnostics(_ uri: String, version: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [JSONValue] {
            let m = try wait(for: "diagnostics of \(uri) version \(version)", file: file, line: line) {
                $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) && $0["params"]?["version"] == .int(version)
            }
            return m["params"]?["diagnostics"]?.arrayValue ?? []
        }

        /// After `exit`: the exit status, stderr, and every message received.
        func finish(file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String, messages: [JSONValue]) {
            try? input.fileHandleForWriting.close()
            let limit = Date().addingTimeInterval(LSPProcessTests.deadline)
            lock.lock()
            // Both pipes to their end: stderr is read by its own thread, and the exit status
            // alone does not say that thread has stored what the server wrote there.
            while !(stdoutClosed && stderrClosed) && lock.wait(until: limit) {}
            let closed = stdoutClosed && stderrClosed
            lock.unlock()
            if !closed {
                process.terminate()
                XCTFail("the server did not end", file: file, line: line)
            }
            process.waitUntilExit()
            lock.lock()
            defer { lock.unlock() }
            XCTAssertEqual(violations, [], "stdout holds only protocol messages", file: file, line: line)
            return (process.terminationStatus, String(decoding: errData, as: UTF8.self), received)
        }

        func initialize() throws -> JSONValue {
            let id = request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
            let r = try result(id)
            notify("initialized")
            return r
        }

        func open(_ uri: String, _ text: String, version: Int = 1) {
            notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "scrollscript", "version": .int(version), "text": .string(text)]])
        }

        func shutdownAndExit() throws -> (status: Int32, stderr: String, messages: [JSONValue]) {
            _ = try result(request("shutdown", .null))
            notify("exit", .null)
            return try finish()
        }
    }

    private func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue { ["start": position(l1, c1), "end": position(l2, c2)] }

    // MARK: - Lifecycle

    func testInitializeCapabilitiesShutdownExit() throws {
        let c = try Client()
        let r = try c.initialize()
        let caps = try XCTUnwrap(r["capabilities"])
        XCTAssertEqual(caps["textDocumentSync"]?["change"], 1, "full-text sync")
        XCTAssertEqual(caps["textDocumentSync"]?["openClose"], true)
        XCTAssertEqual(caps["hoverProvider"], true)
        XCTAssertEqual(caps["documentFormattingProvider"], true)
        XCTAssertEqual(caps["documentSymbolProvider"], true)
        XCTAssertNotNil(caps["completionProvider"]?["triggerCharacters"])
        XCTAssertEqual(r["serverInfo"]?["name"], "scrollscript")
        let end = try c.shutdownAndExit()
        XCTAssertEqual(end.status, 0)
        XCTAssertEqual(end.messages.count, 2, "the initialize and shutdown responses, nothing else")
    }

    func testCommandLine() throws {
        let help = try CLI.run(["lsp", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: scrollscript lsp [--stdio]\n"), help.stdout)
        let top = try CLI.run(["--help"])
        XCTAssertTrue(top.stdout.contains("\n  lsp "), top.stdout)
        let extra = try CLI.run(["lsp", "file.scroll"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.stdout, "")
        XCTAssertTrue(extra.stderr.contains("lsp: takes no arguments"), extra.stderr)
        let option = try CLI.run(["lsp", "--stdin"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("unknown option '--stdin' (did you mean '--stdio'?)"), option.stderr)
        // --stdio is accepted: the server runs (and ends with 1 when its input ends at once).
        let stdio = try CLI.run(["lsp", "--stdio"], stdin: "")
        XCTAssertEqual(stdio.status, 1)
        XCTAssertEqual(stdio.stdout, "")
        XCTAssertTrue(stdio.stderr.contains("standard input ended before 'exit'"), stdio.stderr)
    }

    func testExitWithoutShutdownEndsWithStatusOne() throws {
        let c = try Client()
        _ = try c.initialize()
        c.notify("exit")
        XCTAssertEqual(try c.finish().status, 1)
    }

    // MARK: - Diagnostics

    /// The squiggle on a line with Japanese text and emoji before the error, in UTF-16 code
    /// units worked out by hand, with check's message; fixed by a change; cleared by a close.
    func testDiagnosticRangeAfterJapaneseAndEmojiMatchesCheck() throws {
        let dir = try CLI.tempDir()
        let path = dir.appendingPathComponent("山手線.scroll").path
        // Line 6 (0-based 5): `  print "渋谷🚃🚃"; expect heder.height > 0`.
        // Before `heder`: 2 spaces, `print`, space, `"`, 渋 谷 (one unit each), 🚃 🚃 (two
        // units each: surrogate pairs), `"`, `;`, space, `expect`, space:
        // 2+5+1+1+2+4+1+1+1+6+1 = 25 UTF-16 units (23 scalars: check's column 24; 35 bytes).
        // `heder.height` is 12 units: the range is 25..37.
        let text = """
        scene {
          header 240 pin 60
        }

        scenario "駅 🚃" {
          print "渋谷🚃🚃"; expect heder.height > 0
        }

        """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", path])
        XCTAssertEqual(check.status, 2)
        let checkMessage = try XCTUnwrap(check.stderr.split(separator: "\n").first.flatMap { $0.range(of: "error: ").map { l in String(check.stderr.split(separator: "\n").first![l.upperBound...]) } })
        XCTAssertEqual(checkMessage, "unknown name 'heder.height' (did you mean 'header.height'?)")
        XCTAssertTrue(check.stderr.hasPrefix("\(path):6:24: error: "), check.stderr)

        let c = try Client()
        _ = try c.initialize()
        let uri = URL(fileURLWithPath: path).absoluteString
        c.open(uri, text)
        let ds = try c.diagnostics(uri, version: 1)
        XCTAssertEqual(ds.count, 1)
        XCTAssertEqual(ds.first?["range"], range(5, 25, 5, 37))
        XCTAssertEqual(ds.first?["message"], .string(checkMessage))
        XCTAssertEqual(ds.first?["severity"], 1)

        c.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                            "contentChanges": [["text": .string(text.replacingOccurrences(of: "heder", with: "header"))]]])
        XCTAssertEqual(try c.diagnostics(uri, version: 2), [])
        c.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 3],
                                            "contentChanges": [["text": "scenario \"x\" {\n  🚃🚃 pull 1\n}\n"]]])
        let d3 = try c.diagnostics(uri, version: 3)
        XCTAssertEqual(d3.first?["range"]?["start"], position(1, 2))
        c.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        _ = try c.wait(for: "cleared diagnostics") {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) && $0["params"]?["diagnostics"] == []
        }
        XCTAssertEqual(try c.shutdownAndExit().status, 0)
    }

    /// A hostile document is bounded as `check` bounds it: the same number of errors (at
    /// most 1000 and the "too many errors" line), a nesting limit, an over-long line.
    func testHostileDocumentsAreBoundedAsCheckBoundsThem() throws {
        let dir = try CLI.tempDir()
        var docs: [(String, String)] = []
        docs.append(("typos", String(repeating: "pul 1\n", count: 3000)))
        docs.append(("nesting", "expect " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000) + "\n"))
        docs.append(("long", "print " + String(repeating: "1+", count: 12_000) + "1\n"))
        let c = try Client()
        _ = try c.initialize()
        for (name, text) in docs {
            let path = dir.appendingPathComponent(name + ".scroll").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let check = try CLI.run(["check", path])
            let expected = check.stderr.split(separator: "\n").filter { $0.hasPrefix(path + ":") }.count
            XCTAssertGreaterThan(expected, 0)
            let uri = URL(fileURLWithPath: path).absoluteString
            c.open(uri, text)
            let ds = try c.diagnostics(uri, version: 1)
            XCTAssertEqual(ds.count, expected, name)
            if name == "typos" {
                XCTAssertEqual(expected, DiagnosticLimits.maxPerFile + 1)
                XCTAssertEqual(ds.last?["message"], .string(DiagnosticLimits.stoppedMessage))
            }
        }
        XCTAssertEqual(try c.shutdownAndExit().status, 0)
    }

    // MARK: - Completion, hover

    func testCompletionAndHover() throws {
        let uri = "file:///tmp/completion.scroll"
        let text = """
        scene {
          header 240
          sections 3 rows 2
        }

        scenario "a" {
          set rubber
          expect header.h
          expect phase == d
          expect row[2,
          pu
        }

        """
        let c = try Client()
        _ = try c.initialize()
        c.open(uri, text)
        _ = try c.diagnostics(uri, version: 1)
        func complete(_ line: Int, _ character: Int) throws -> [JSONValue] {
            let id = c.request("textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": position(line, character)])
            return try c.result(id)["items"]?.arrayValue ?? []
        }
        let header = try complete(7, 17)
        XCTAssertEqual(header.map { $0["label"] }, ["header.height"])
        XCTAssertEqual(header.first?["textEdit"], ["range": range(7, 9, 7, 17), "newText": "header.height"], "replaces the whole 'header.h'")
        XCTAssertEqual(header.first?["detail"], "header.height: a distance (pt)")
        XCTAssertEqual(try complete(6, 12).map { $0["label"] }, ["rubberband"])
        XCTAssertEqual(try complete(8, 19).map { $0["label"] }, ["decelerating", "dragging"])
        XCTAssertEqual(try complete(9, 15).map { $0["label"] }, ["0", "1"], "row indexes of section 2 (2 rows)")
        XCTAssertEqual(try complete(10, 4).map { $0["label"] }, ["pull"])

        let hid = c.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(8, 11)])
        let hover = try c.result(hid)
        XCTAssertEqual(hover["contents"]?["kind"], "markdown")
        XCTAssertEqual(hover["contents"]?["value"], .string("`phase`: a state (idle, dragging, decelerating, bouncing), observable\n\n\(CoreObservable.phase.summary)"))
        XCTAssertEqual(hover["range"], range(8, 9, 8, 14))
        let tid = c.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(6, 6)])
        XCTAssertEqual(try c.result(tid)["contents"]?["value"], nil, "'rubber' is not a tunable")
        let kid = c.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(10, 2)])
        XCTAssertEqual(try c.result(kid), .null, "'pu' is not a word the vocabulary knows")
        let sid = c.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(6, 3)])
        XCTAssertEqual(try c.result(sid)["contents"]?["value"], "`set` statement\n\nset NAME VALUE — sets a tunable (row.height, deceleration, ...)")
        XCTAssertEqual(try c.shutdownAndExit().status, 0)
    }

    // MARK: - Formatting, symbols

    /// The edits turn the document into exactly what `scrollscript fmt` prints.
    func testFormattingEqualsFmtAndNothingWhenTheFileDoesNotParse() throws {
        let dir = try CLI.tempDir()
        let path = dir.appendingPathComponent("messy.scroll").path
        let text = "scene{header 240 pin 60 ;toolbar}\n\n\n  scenario \"山手線 🚃\"{pull   120 # 引く\nexpect header.height~=300.06\n}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let fmt = try CLI.run(["fmt", path])
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertNotEqual(fmt.stdout, text)

        let c = try Client()
        _ = try c.initialize()
        let uri = URL(fileURLWithPath: path).absoluteString
        c.open(uri, text)
        let id = c.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])
        let edits = try XCTUnwrap(try c.result(id).arrayValue)
        XCTAssertEqual(apply(edits, to: text), fmt.stdout)

        // Already formatted: no edits. Broken: no edits.
        c.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(fmt.stdout)]]])
        XCTAssertEqual(try c.result(c.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]])), [])
        c.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 3], "contentChanges": [["text": "scenario \"x\" {\n  pull (\n}\n"]]])
        XCTAssertEqual(try c.result(c.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]])), [])
        XCTAssertEqual(try c.shutdownAndExit().status, 0)
    }

    func testDocumentSymbolsOutlineTheSceneAndScenarios() throws {
        let uri = "file:///tmp/outline.scroll"
        let text = "scene {\n  toolbar\n}\n\nscenario \"駅🚃\" {\n  pull 1\n}\nscenario \"two\" { pull 2 }\n"
        let c = try Client()
        _ = try c.initialize()
        c.open(uri, text)
        let symbols = try XCTUnwrap(try c.result(c.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])).arrayValue)
        XCTAssertEqual(symbols.map { $0["name"] }, ["scene", "駅🚃", "two"])
        XCTAssertEqual(symbols[0]["range"], range(0, 0, 2, 1))
        // `scenario "駅🚃"`: the name's string is 1 + 1 + 2 + 1 = 5 UTF-16 units from column 9.
        XCTAssertEqual(symbols[1]["selectionRange"], range(4, 9, 4, 14))
        XCTAssertEqual(symbols[1]["range"], range(4, 0, 6, 1))
        XCTAssertEqual(symbols[2]["range"], range(7, 0, 7, 25))
        XCTAssertEqual(try c.shutdownAndExit().status, 0)
    }

    // MARK: - Robustness

    /// Each malformed message gets a JSON-RPC error, and the server goes on serving.
    func testMalformedMessagesGetErrorsAndTheServerKeepsServing() throws {
        let c = try Client()
        // A request before initialize.
        let early = c.request("textDocument/hover", ["textDocument": ["uri": "file:///x"], "position": position(0, 0)])
        XCTAssertEqual(try c.response(early)["error"]?["code"], .int(LSPErrorCode.serverNotInitialized))
        _ = try c.initialize()
        // A bad header, then a good request: one error (id null), then the answer.
        c.sendRaw(Array("Content-Lenght: 12\r\n\r\n".utf8))
        let after = c.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///nope"]])
        XCTAssertEqual(try c.response(after)["error"]?["code"], .int(LSPErrorCode.invalidParams), "not open")
        // Bad JSON.
        c.sendRaw(Array("Content-Length: 9\r\n\r\n{\"id\": 1,".utf8))
        // A JSON value that is not a request.
        c.sendRaw(MessageFramer.frame(Array("[1,2]".utf8)))
        // Deeply nested JSON.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        c.sendRaw(MessageFramer.frame(Array(deep.utf8)))
        // An unknown method, and wrong params.
        let unknown = c.request("textDocument/rename", [:])
        XCTAssertEqual(try c.response(unknown)["error"]?["code"], .int(LSPErrorCode.methodNotFound))
        let wrong = c.request("textDocument/hover", ["textDocument": 3])
        XCTAssertEqual(try c.response(wrong)["error"]?["code"], .int(LSPErrorCode.invalidParams))
        // Still serving.
        c.open("file:///tmp/ok.scroll", "pull 10\nexpect offset < 0\n")
        XCTAssertEqual(try c.diagnostics("file:///tmp/ok.scroll", version: 1), [])
        let end = try c.shutdownAndExit()
        XCTAssertEqual(end.status, 0)
        let nullErrors = end.messages.filter { $0["id"] == .null }.compactMap { $0["error"]?["code"] }
        XCTAssertEqual(nullErrors, [.int(LSPErrorCode.parseError), .int(LSPErrorCode.parseError), .int(LSPErrorCode.invalidRequest), .int(LSPErrorCode.parseError)],
                       "bad header, bad JSON, not an object, too deep")
        XCTAssertTrue(end.stderr.contains("header without Content-Length"), end.stderr)
    }

    /// A request after shutdown is refused; input ending without exit ends the server.
    func testAfterShutdownAndEndOfInput() throws {
        let c = try Client()
        _ = try c.initialize()
        _ = try c.result(c.request("shutdown", .null))
        let late = c.request("textDocument/hover", [:])
        XCTAssertEqual(try c.response(late)["error"]?["code"], .int(LSPErrorCode.invalidRequest))
        let end = try c.finish()
        XCTAssertEqual(end.status, 1)
        XCTAssertTrue(end.stderr.contains("standard input ended before 'exit'"), end.stderr)
    }

    // MARK: - A real client

    /// Runs a headless Neovim set up with docs/editors.md's Neovim snippet exactly as written
    /// (`scrollscript` found on PATH) on a file holding `text`, then `lua` (which writes its
    /// findings to the file named by the global `out` and quits); returns what it wrote.
    private func neovim(on text: String, _ lua: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("LSPProcessTests: skipped: nvim is not installed (apt-get install neovim; .ci/run installs it)")
            throw XCTSkip("nvim is not installed")
        }
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        let neovim = try XCTUnwrap(readme.range(of: "**Neovim**"), "docs/editors.md has a Neovim part")
        let open = try XCTUnwrap(readme.range(of: "```lua\n", range: neovim.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "```", range: open.upperBound..<readme.endIndex))
        let snippet = String(readme[open.upperBound..<close.lowerBound])
        XCTAssertTrue(snippet.contains("vim.lsp.start"), file: file, line: line)

        let dir = try CLI.tempDir()
        let initFile = dir.appendingPathComponent("init.lua")
        try snippet.write(to: initFile, atomically: true, encoding: .utf8)
        let scroll = dir.appendingPathComponent("test.scroll")
        try text.write(to: scroll, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.txt")
        let script = dir.appendingPathComponent("script.lua")
        // The test's Lua runs under pcall: an error is written out, and Neovim always quits.
        try ("out = '\(out.path)'\ndeadline = \(Int(LSPProcessTests.deadline * 1000))\nlocal ok, err = pcall(function()\n" + lua + """
        end)
        if not ok then vim.fn.writefile({ 'lua error: ' .. tostring(err) }, out) end
        for _, c in ipairs(vim.lsp.get_active_clients()) do c.stop() end
        vim.wait(deadline, function() return #vim.lsp.get_active_clients() == 0 end, 20)
        vim.cmd('qall!')
        """).write(to: script, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: nvim)
        p.arguments = ["--headless", "-u", initFile.path, "-i", "NONE", "-n", scroll.path, "-c", "luafile \(script.path)"]
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = CLI.productsDirectory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for v in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] { env[v] = dir.path }
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        try p.run()
        if done.wait(timeout: .now() + LSPProcessTests.deadline * 2) == .timedOut {
            p.terminate()
            XCTFail("nvim did not finish", file: file, line: line)
        }
        return try String(contentsOf: out, encoding: .utf8)
    }

    /// Neovim's built-in LSP client, attached to `scrollscript lsp` on a file with an error,
    /// reports that diagnostic.
    func testNeovimWithTheReadmeSnippetReportsTheDiagnostic() throws {
        let report = try neovim(on: "scenario \"駅\" {\n  print \"渋谷🚃\"; pul 120\n}\n", """
        local ok = vim.wait(deadline, function() return #vim.diagnostic.get(0) > 0 end, 20)
        local lines = { 'filetype=' .. vim.bo.filetype }
        for _, d in ipairs(vim.diagnostic.get(0)) do
          table.insert(lines, string.format('%d:%d-%d:%d %s', d.lnum, d.col, d.end_lnum, d.end_col, d.message))
        end
        if not ok then table.insert(lines, 'timed out') end
        vim.fn.writefile(lines, out)
        """)
        // Neovim turns the server's UTF-16 columns into byte columns: `pul` starts after
        // `  print "渋谷🚃"; ` = 2 + 5 + 1 + 1 + 6 + 4 + 1 + 1 + 1 = 22 bytes, and is 3 long.
        XCTAssertEqual(report, "filetype=scrollscript\n1:22-1:25 unknown statement 'pul' (did you mean 'pull 120'?)\n")
    }

    /// Through Neovim: hover and completion answers it can read, and formatting it applies
    /// to the buffer, which then equals `scrollscript fmt`'s output.
    func testNeovimHoverCompletionAndFormatting() throws {
        let text = "scene{header 240 pin 60}\nscenario \"渋谷🚃\"{ pull 120 # 引く\nexpect header.height~=300.06\n}\n"
        let dir = try CLI.tempDir()
        let path = dir.appendingPathComponent("messy.scroll").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let fmt = try CLI.run(["fmt", path])
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        let report = try neovim(on: text, """
        local lines = {}
        local ok = vim.wait(deadline, function()
          local c = vim.lsp.get_active_clients()[1]
          return c ~= nil and c.initialized == true
        end, 20)
        if not ok then table.insert(lines, 'not initialized') end
        local uri = vim.uri_from_bufnr(0)
        -- hover on `header.height` (line 2, character 9)
        local h = vim.lsp.buf_request_sync(0, 'textDocument/hover', { textDocument = { uri = uri }, position = { line = 2, character = 9 } }, deadline)
        for _, r in pairs(h or {}) do table.insert(lines, 'hover: ' .. vim.split(r.result.contents.value, '\\n')[1]) end
        -- completion after `expect header.h` (line 2, character 15)
        local c = vim.lsp.buf_request_sync(0, 'textDocument/completion', { textDocument = { uri = uri }, position = { line = 2, character = 15 } }, deadline)
        for _, r in pairs(c or {}) do
          for _, item in ipairs(r.result.items) do table.insert(lines, 'completion: ' .. item.label) end
        end
        if vim.lsp.buf.format then vim.lsp.buf.format({ async = false, timeout_ms = deadline }) else vim.lsp.buf.formatting_sync(nil, deadline) end
        table.insert(lines, '--- formatted:')
        for _, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do table.insert(lines, l) end
        vim.fn.writefile(lines, out)
        """)
        XCTAssertEqual(report, """
        hover: `header.height`: a distance (pt), observable
        completion: header.height
        --- formatted:
        \(fmt.stdout)
        """)
    }

    private func apply(_ edits: [JSONValue], to text: String) -> String {
        let doc = TextDocument(uri: "", version: 0, text: text)
        var bytes = doc.bytes
        // Apply from the end so earlier offsets stay valid.
        let sorted = edits.sorted {
            let a = $0["range"]?["start"], b = $1["range"]?["start"]
            return (a?["line"]?.intValue ?? 0, a?["character"]?.intValue ?? 0) > (b?["line"]?.intValue ?? 0, b?["character"]?.intValue ?? 0)
        }
        for e in sorted {
            func offset(_ p: JSONValue?) -> Int {
                doc.byteOffset(of: LSPPosition(line: p?["line"]?.intValue ?? 0, character: p?["character"]?.intValue ?? 0))
            }
            let s = offset(e["range"]?["start"]), t = offset(e["range"]?["end"])
            bytes.replaceSubrange(s..<t, with: Array((e["newText"]?.stringValue ?? "").utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
