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
    /// The most bytes an unfinished entry may hold (its lines and the newlines between
    /// them): the file size limit. Smaller in tests.
    var maxEntryBytes = SourceLimits.maxFileBytes

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
        var pending = PendingEntry()
        // Lines read so far, and the line the entry being typed started on: every line
        // counts (blank ones and colon commands too), so errors name the session's lines.
        var lineNumber = 0
        var entryStart = 1
        while !quit {
            let prompt = reader.isInteractive ? (pending.isEmpty ? ReplLoop.primaryPrompt : ReplLoop.continuationPrompt) : ""
            switch reader.readLine(prompt: prompt) {
            case .eof:
                if reader.isInteractive { write("\n") }
                if !pending.isEmpty {
                    // An unfinished entry at the end of input: the core reports it.
                    core.line = entryStart
                    let outcome = core.enter(pending.text)
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
                lineNumber += 1
                pending.removeAll()
                let at = SourceLocation(file: "<repl>", line: lineNumber, column: SourceLimits.maxLineLength + 1)
                var lines = TypedLines()
                lines.replace(with: [start], from: lineNumber, keeping: [])
                show(ReplOutcome([chomp(renderDiagnostic(at: at, message: LexProblem.lineTooLong.message, sourceLines: lines))], failed: true))
                anyFailed = true
            case .line(let line):
                reader.addHistory(line)
                lineNumber += 1
                if pending.isEmpty {
                    entryStart = lineNumber
                    core.line = lineNumber
                }
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
    private func entry(_ line: String, pending: inout PendingEntry) -> ReplOutcome? {
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
        if pending.append(line) {
            guard pending.byteCount > maxEntryBytes else { return nil }
            pending.removeAll()
            return ReplOutcome(["error: unfinished entry is larger than \(maxEntryBytes / (1024 * 1024)) MiB (the limit for a file); it was dropped"], failed: true)
        }
        let text = pending.text
        pending.removeAll()
        return core.enter(text)
    }

    private func show(_ outcome: ReplOutcome) {
        guard !outcome.text.isEmpty else { return }
        write(outcome.text.hasSuffix("\n") ? outcome.text : outcome.text + "\n")
    }
}

/// The lines of an entry being typed, and whether it is still unfinished — the same
/// answer as `isIncomplete(text)`, without lexing the whole entry again for every line:
/// lines that end outside a string are lexed once and their bracket depth kept; while a
/// string is open, the lines from the one it may have started on are lexed again only
/// when a new line has a `"` (without one, the string stays open).
struct PendingEntry {
    private(set) var lines: [String] = []
    /// UTF-8 bytes of `text`.
    private(set) var byteCount = 0
    /// Bytes lexed so far (for tests: each line once, unless a string spans lines).
    private(set) var lexedBytes = 0
    /// Lines before this one end outside any string; `depth` is their bracket depth.
    private var settled = 0
    private var depth = 0
    private var openString = false

    var isEmpty: Bool { lines.isEmpty }
    /// The entry as the core takes it: the lines joined with `\n`.
    var text: String { lines.joined(separator: "\n") }

    /// Adds a line; returns whether the entry is still unfinished.
    mutating func append(_ line: String) -> Bool {
        byteCount += line.utf8.count + (lines.isEmpty ? 0 : 1)
        lines.append(line)
        if openString && !line.utf8.contains(UInt8(ascii: "\"")) { return true }
        // Lines after a newline outside a string lex as they would in the whole entry.
        let chunk = lines[settled...].joined(separator: "\n")
        lexedBytes += chunk.utf8.count
        let b = bracketBalance(chunk)
        if b.openString {
            openString = true
            return true
        }
        openString = false
        depth += b.depth
        settled = lines.count
        return depth > 0
    }

    mutating func removeAll() {
        self = PendingEntry()
    }
}
