/// What one read of a line gave.
public enum LineResult: Equatable {
    /// A line, without its line ending.
    case line(String)
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case eof
    /// Ctrl-C while the line was being typed: the line was thrown away.
    case interrupted
    /// A line longer than the reader keeps (piped input): its start, for the diagnostic;
    /// the rest of it was dropped. The loop reports `LexProblem.lineTooLong`.
    case tooLong(String)
}

/// The narrow interface between the REPL loop and the terminal (like lua.c's
/// `lua_readline`/`lua_saveline`): the loop never talks to readline, signals or the
/// terminal directly. The executable provides two: readline at a terminal, plain lines
/// from a pipe; tests provide scripted ones.
public protocol LineReader: AnyObject {
    /// Shows `prompt` (if the reader shows prompts) and reads one line.
    func readLine(prompt: String) -> LineResult
    /// Records a line in the history (a reader without history ignores it).
    func addHistory(_ line: String)
    /// True when prompts are shown and the user is at a terminal.
    var isInteractive: Bool { get }
    /// True once Ctrl-C was pressed, until `clearInterrupt()`. The core polls it once per
    /// frame of a long run and stops at the end of that frame.
    var isInterrupted: Bool { get }
    /// Forgets a pending Ctrl-C (the loop calls it once back at the prompt).
    func clearInterrupt()
    /// The terminal's size in cells (`:show` draws to fit it, one line left for the prompt).
    var screenSize: (columns: Int, rows: Int) { get }
    /// Called once when the loop ends (the readline reader writes its history file).
    func close()
}
