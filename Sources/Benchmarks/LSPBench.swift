// Language-server latency: what an editor waits for on a large file, through the
// server's core (no pipes): diagnostics after an open/change, completion, hover,
// formatting and the outline, on the parse benchmark's generated file.
// Run: swift run -c release Benchmarks lsp
import Foundation
import ScrollScript

func lspBenchmark() {
    for target in [100_000, 1_000_000, 10_000_000] {
        let text = String(decoding: generateScenarioFile(targetBytes: target), as: UTF8.self)
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = all.count
        // `  expect header.height ~= ...` lines: completion of `header.h` there, hover on it.
        let last = all.lastIndex { $0.hasPrefix("  expect header.height") } ?? 0
        let first = all.firstIndex { $0.hasPrefix("  expect header.height") } ?? 0
        let server = LanguageServer()
        _ = server.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let uri: JSONValue = "file:///bench.scroll"
        func time(_ body: () -> [JSONValue]) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let out = body()
            precondition(!out.isEmpty)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        func request(_ method: String, _ line: Int, _ character: Int) -> [JSONValue] {
            server.handle(["jsonrpc": "2.0", "id": 1, "method": .string(method),
                           "params": ["textDocument": ["uri": uri], "position": ["line": .int(line), "character": .int(character)]]])
        }
        let open = time {
            server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                           "params": ["textDocument": ["uri": uri, "version": 1, "text": .string(text)]]])
        }
        let change = time {
            server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                           "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": .string(text + "pul 1\n")]]]])
        }
        let completeEnd = time { request("textDocument/completion", last, 17) }
        let completeStart = time { request("textDocument/completion", first, 17) }
        let hover = time { request("textDocument/hover", last, 12) }
        let format = time { server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/formatting", "params": ["textDocument": ["uri": uri]]]) }
        let symbols = time { server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]]) }
        let mb = Double(text.utf8.count) / 1e6
        print(String(format: "lsp %6.2f MB, %7d lines: open→diagnostics %8.1f ms, change→diagnostics %8.1f ms, completion at the end %7.1f ms, at the start %5.1f ms, hover %7.1f ms, formatting %8.1f ms, symbols %8.1f ms",
                     mb, lines, open, change, completeEnd, completeStart, hover, format, symbols))
    }
}
