@testable import scrollscript

/// TEST DOUBLE: a line reader that returns scripted results, then end of input.
final class ScriptedLineReader: LineReader {
    private var results: [LineResult]
    let isInteractive: Bool
    private(set) var prompts: [String] = []
    private(set) var history: [String] = []
    private(set) var closed = false

    init(_ results: [LineResult], interactive: Bool) {
        self.results = results
        self.isInteractive = interactive
    }

    func readLine(prompt: String) -> LineResult {
        prompts.append(prompt)
        return results.isEmpty ? .eof : results.removeFirst()
    }

    func addHistory(_ line: String) { history.append(line) }

    func close() { closed = true }
}

/// TEST DOUBLE: an engine that echoes what it is given. A source containing `fail`
/// fails; `bye` quits. Only for tests of `ReplLoop`; not part of the product.
final class EchoEngine: ReplEngine {
    private(set) var sources: [String] = []
    private(set) var commands: [ColonCommand] = []

    func handle(source: String) -> ReplReply {
        sources.append(source)
        return ReplReply(output: "echo: " + source, failed: source.contains("fail"), quit: source == "bye")
    }

    func handle(command: ColonCommand) -> ReplReply {
        commands.append(command)
        return ReplReply(output: "command")
    }
}
