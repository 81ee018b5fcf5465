/// The read–eval–print loop: prompts, continuation lines for open `{` blocks, colon
/// commands, Ctrl-C and Ctrl-D, piped mode. Knows nothing of the terminal (that is the
/// `LineReader`) nor of the world (that is the `ReplEngine`).
public final class ReplLoop {
    public static let primaryPrompt = "scroll> "
    public static let continuationPrompt = "  ...> "

    private let reader: LineReader
    private let engine: ReplEngine
    private let write: (String) -> Void
    private let clearInterrupt: () -> Void

    /// - Parameters:
    ///   - write: where replies go (standard output in the product).
    ///   - clearInterrupt: forgets a pending Ctrl-C once back at the prompt.
    public init(reader: LineReader, engine: ReplEngine, write: @escaping (String) -> Void,
                clearInterrupt: @escaping () -> Void = { Interrupt.clear() }) {
        self.reader = reader
        self.engine = engine
        self.write = write
        self.clearInterrupt = clearInterrupt
    }

    /// Runs `initial` commands (e.g. `:load FILE` from the command line), then reads
    /// entries until end of input or `:quit`. Returns the exit status: 1 when the session
    /// was piped (not interactive) and any entry failed, else 0.
    public func run(initial: [ColonCommand] = []) -> Int32 {
        var anyFailed = false
        var quit = false
        for command in initial where !quit {
            let reply = execute(command)
            show(reply)
            anyFailed = anyFailed || reply.failed
            quit = reply.quit
        }
        var pending: [String] = []
        while !quit {
            let prompt = reader.isInteractive ? (pending.isEmpty ? ReplLoop.primaryPrompt : ReplLoop.continuationPrompt) : ""
            switch reader.readLine(prompt: prompt) {
            case .eof:
                if reader.isInteractive { write("\n") }
                if !pending.isEmpty {
                    // An unfinished block at the end of input: let the engine report it.
                    let reply = engine.handle(source: pending.joined(separator: "\n"))
                    show(reply)
                    anyFailed = anyFailed || reply.failed
                }
                quit = true
            case .interrupted:
                pending.removeAll()
                clearInterrupt()
            case .line(let line):
                reader.addHistory(line)
                guard let reply = entry(line, pending: &pending) else { continue }
                show(reply)
                clearInterrupt()
                anyFailed = anyFailed || reply.failed
                quit = reply.quit
            }
        }
        reader.close()
        return !reader.isInteractive && anyFailed ? 1 : 0
    }

    /// Adds `line` to the entry being typed; returns the reply once the entry is complete.
    private func entry(_ line: String, pending: inout [String]) -> ReplReply? {
        if pending.isEmpty {
            let trimmed = ColonCommands.trimBlanks(line)
            if trimmed.isEmpty { return nil }
            if trimmed.hasPrefix(":") {
                switch ColonCommands.parse(trimmed) {
                case .success(let command): return execute(command)
                case .failure(let error): return ReplReply(output: "error: " + error.message, failed: true)
                }
            }
        }
        pending.append(line)
        let text = pending.joined(separator: "\n")
        if engine.needsMoreInput(text) { return nil }
        pending.removeAll()
        return engine.handle(source: text)
    }

    private func execute(_ command: ColonCommand) -> ReplReply {
        switch command {
        case .quit:
            return ReplReply(quit: true)
        case .help(let name):
            switch ColonCommands.helpText(for: name) {
            case .success(let text): return ReplReply(output: text)
            case .failure(let error): return ReplReply(output: "error: " + error.message, failed: true)
            }
        default:
            return engine.handle(command: command)
        }
    }

    private func show(_ reply: ReplReply) {
        guard !reply.output.isEmpty else { return }
        write(reply.output.hasSuffix("\n") ? reply.output : reply.output + "\n")
    }
}
