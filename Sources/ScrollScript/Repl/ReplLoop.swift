/// The read–eval–print loop: prompts, continuation lines for unfinished entries (the
/// front end's `isIncomplete`), colon commands (the table in `ColonCommand.swift`),
/// Ctrl-C and Ctrl-D, piped mode. Knows nothing of the terminal (that is the
/// `LineReader`); the world is the `ReplCore` it is given.
public final class ReplLoop {
    public static let primaryPrompt = "scroll> "
    public static let continuationPrompt = "  ...> "

    /// Where lines come from, and the terminal's Ctrl-C flag and size.
    public let reader: LineReader
    /// The world, the session and what the commands do.
    public let core: ReplCore
    private let write: (String) -> Void

    /// Connects `core`'s Ctrl-C poll to `reader`'s flag.
    /// - Parameter write: where replies go (standard output in the product).
    public init(reader: LineReader, core: ReplCore, write: @escaping (String) -> Void) {
        self.reader = reader
        self.core = core
        self.write = write
        core.shouldInterrupt = { reader.isInterrupted }
    }

    /// Loads `file` first when given (`scrollscript repl FILE` is `:load FILE`), then
    /// reads entries until end of input or `:quit`. Returns the exit status: 1 when the
    /// session was piped (not interactive) and any entry failed, else 0.
    public func run(loading file: String? = nil) -> Int32 {
        var anyFailed = false
        var quit = false
        if let file {
            let outcome = core.load(path: file, scenario: nil)
            show(outcome)
            anyFailed = outcome.failed
        }
        var pending: [String] = []
        while !quit {
            let prompt = reader.isInteractive ? (pending.isEmpty ? ReplLoop.primaryPrompt : ReplLoop.continuationPrompt) : ""
            switch reader.readLine(prompt: prompt) {
            case .eof:
                if reader.isInteractive { write("\n") }
                if !pending.isEmpty {
                    // An unfinished entry at the end of input: the core reports it.
                    let outcome = core.enter(pending.joined(separator: "\n"))
                    show(outcome)
                    anyFailed = anyFailed || outcome.failed
                }
                quit = true
            case .interrupted:
                pending.removeAll()
                reader.clearInterrupt()
            case .tooLong(let start):
                // The same error the lexer gives for a too-long line, at the same place;
                // the entry it was part of is dropped with it.
                let line = pending.count + 1
                pending.removeAll()
                let at = SourceLocation(file: "<repl>", line: line, column: SourceLimits.maxLineLength + 1)
                let lines = Array(repeating: "", count: line - 1) + [start]
                show(ReplOutcome([chomp(renderDiagnostic(at: at, message: LexProblem.lineTooLong.message, sourceLines: lines))], failed: true))
                anyFailed = true
            case .line(let line):
                reader.addHistory(line)
                guard let outcome = entry(line, pending: &pending) else { continue }
                show(outcome)
                reader.clearInterrupt()
                anyFailed = anyFailed || outcome.failed
                quit = outcome.quit
            }
        }
        reader.close()
        return !reader.isInteractive && anyFailed ? 1 : 0
    }

    /// Adds `line` to the entry being typed; returns the outcome once the entry is complete.
    private func entry(_ line: String, pending: inout [String]) -> ReplOutcome? {
        if pending.isEmpty {
            let trimmed = ColonCommands.trimBlanks(line)
            if trimmed.isEmpty { return nil }
            if trimmed.hasPrefix(":") {
                switch ColonCommands.parse(trimmed) {
                case .success(let command): return command.run(in: self)
                case .failure(let error): return ReplOutcome(["error: " + error.message], failed: true)
                }
            }
        }
        pending.append(line)
        let text = pending.joined(separator: "\n")
        if isIncomplete(text) { return nil }
        pending.removeAll()
        return core.enter(text)
    }

    private func show(_ outcome: ReplOutcome) {
        guard !outcome.text.isEmpty else { return }
        write(outcome.text.hasSuffix("\n") ? outcome.text : outcome.text + "\n")
    }
}
