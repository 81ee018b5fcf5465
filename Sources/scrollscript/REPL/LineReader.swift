#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one read of a line gave.
public enum LineResult: Equatable {
    /// A line, without its line ending.
    case line(String)
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case eof
    /// Ctrl-C while the line was being typed: the line was thrown away.
    case interrupted
}

/// The narrow interface between the REPL loop and the terminal (like lua.c's
/// `lua_readline`/`lua_saveline`): the loop never talks to readline directly.
public protocol LineReader: AnyObject {
    /// Shows `prompt` (if the reader shows prompts) and reads one line.
    func readLine(prompt: String) -> LineResult
    /// Records a line in the history (a reader without history ignores it).
    func addHistory(_ line: String)
    /// True when prompts are shown and the user is at a terminal.
    var isInteractive: Bool { get }
    /// Called once when the loop ends (the readline reader writes its history file).
    func close()
}

public enum LineReaders {
    /// The reader for this process: readline when standard input is a terminal,
    /// otherwise plain lines from standard input with no prompts.
    public static func forStandardInput(history: ReplHistory?) -> LineReader {
        if isatty(0) != 0 {
            return ReadlineLineReader(history: history)
        }
        return PlainLineReader(fileDescriptor: 0)
    }
}
