// The formatter's output: whole lines with a two-space indent, and the blank-line rules
// (at most one blank line in a row; none at the start of the file, after a line that
// opens a block, or before a line that closes one).

/// Collects the formatted text line by line.
struct LineWriter {
    /// The text so far; every line ends with "\n".
    private(set) var text = ""
    private var depth = 0
    /// A blank line was asked for and is written before the next line, if that line may have one.
    private var wantBlank = false
    /// Nothing written yet, or the last line opened a block: no blank line may follow.
    private var atBlockStart = true

    /// Asks for one blank line before the next line (several requests still give one).
    mutating func blankLine() {
        wantBlank = true
    }

    /// Writes one line at the current indent.
    mutating func line(_ s: String) {
        if wantBlank && !atBlockStart { text += "\n" }
        write(s)
    }

    /// Writes a line that ends with `{` and indents what follows.
    mutating func open(_ s: String) {
        line(s)
        indent()
    }

    /// Writes the `}` line of a block (a pending blank line is dropped) one level out.
    mutating func close(_ s: String) {
        depth = max(0, depth - 1)
        write(s)
    }

    /// Writes a line that closes a block and opens another (`} else {`).
    mutating func closeAndOpen(_ s: String) {
        close(s)
        indent()
    }

    /// What follows is one level in, at the start of a block.
    private mutating func indent() {
        depth += 1
        atBlockStart = true
    }

    /// Writes `s` at the current indent; a blank line asked for and not written is dropped.
    private mutating func write(_ s: String) {
        wantBlank = false
        atBlockStart = false
        for _ in 0..<depth { text += "  " }
        text += s
        text += "\n"
    }
}
