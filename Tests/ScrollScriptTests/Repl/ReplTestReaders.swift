@testable import ScrollScript
import ScrollSimTestSupport

/// TEST DOUBLE: a line reader that returns scripted results, then end of input. Its
/// Ctrl-C flag is raised at the `interruptAtPoll`-th poll (the core polls once per
/// frame, and every 1024 statements), as a Ctrl-C typed during a run would raise it.
final class ScriptedLineReader: LineReader {
    private var results: [LineResult]
    let isInteractive: Bool
    var screenSize: (columns: Int, rows: Int)
    var interruptAtPoll: Int?
    private(set) var prompts: [String] = []
    private(set) var history: [String] = []
    private(set) var closed = false
    private(set) var polls = 0
    private(set) var clears = 0
    private var flag = false

    init(_ results: [LineResult], interactive: Bool, screenSize: (columns: Int, rows: Int) = (80, 24)) {
        self.results = results
        self.isInteractive = interactive
        self.screenSize = screenSize
    }

    convenience init(lines: [String], interactive: Bool, screenSize: (columns: Int, rows: Int) = (80, 24)) {
        self.init(lines.map { .line($0) }, interactive: interactive, screenSize: screenSize)
    }

    func readLine(prompt: String) -> LineResult {
        prompts.append(prompt)
        return results.isEmpty ? .eof : results.removeFirst()
    }

    func addHistory(_ line: String) { history.append(line) }

    var isInterrupted: Bool {
        polls += 1
        if polls == interruptAtPoll { flag = true }
        return flag
    }

    func clearInterrupt() {
        clears += 1
        flag = false
    }

    func close() { closed = true }
}

/// TEST DOUBLE: a reader that "types" scripted lines and echoes them after the prompt,
/// as a terminal would, into the same transcript the loop writes to.
final class EchoingLineReader: LineReader {
    private var lines: [String]
    var transcript = ""
    let isInteractive = true
    let screenSize: (columns: Int, rows: Int)

    init(_ lines: [String], screenSize: (columns: Int, rows: Int)) {
        self.lines = lines
        self.screenSize = screenSize
    }

    func readLine(prompt: String) -> LineResult {
        guard !lines.isEmpty else { return .eof }
        let line = lines.removeFirst()
        transcript += prompt + line + "\n"
        return .line(line)
    }

    func addHistory(_ line: String) {}
    var isInterrupted: Bool { false }
    func clearInterrupt() {}
    func close() {}
}

/// The loop with the real core, fed `reader`'s lines; what it wrote and its status.
func runLoop(_ reader: LineReader, loading file: String? = nil) -> (status: Int32, out: String) {
    var out = ""
    let status = ReplLoop(reader: reader, core: ReplCore(), write: { out += $0 }).run(loading: file)
    return (status, out)
}
