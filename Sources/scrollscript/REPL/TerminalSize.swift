import CReadline

/// The terminal's size in cells, for `:show`.
enum TerminalSize {
    /// What readline knows (it tracks SIGWINCH), or 80 × 24 when it knows nothing
    /// (not a terminal, or readline not started).
    static func current() -> (columns: Int, rows: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        guard rows > 0, columns > 0 else { return (80, 24) }
        return (Int(columns), Int(rows))
    }
}
