import ScrollScript

/// What the engine says after one entry.
public struct ReplReply: Equatable {
    /// Text to show (what changed, a printed value, a diagnostic). May be empty.
    public var output: String
    /// True when the entry failed (a parse or check error, a failed `expect`, a runtime
    /// error). Piped sessions exit with status 1 if any entry failed.
    public var failed: Bool
    /// True to end the session.
    public var quit: Bool

    public init(output: String = "", failed: Bool = false, quit: Bool = false) {
        self.output = output
        self.failed = failed
        self.quit = quit
    }
}

/// The interpreter side of the REPL. The terminal side (`ReplLoop`, the line readers,
/// completion, history, Ctrl-C) talks to the world only through this.
///
/// An implementation keeps one world and one growing session: `handle(source:)` parses,
/// checks and runs a complete entry against it and reports what changed;
/// `handle(command:)` executes colon commands other than `:help` and `:quit`. Long runs
/// (`settle`, `:continue`, `repeat`) should poll `Interrupt.poll` once per frame and, when
/// it returns true, stop at the end of that frame with the world intact and reply
/// `interrupted` (the loop clears the flag afterwards).
public protocol ReplEngine: AnyObject {
    /// Runs a complete entry: one line, or the lines of a block joined with `\n`.
    func handle(source: String) -> ReplReply
    /// Executes a colon command (never `.help` or `.quit`; the loop handles those).
    func handle(command: ColonCommand) -> ReplReply
    /// True while `pending` (the lines typed so far, joined with `\n`) is an unfinished
    /// block, so the loop shows the continuation prompt and reads another line.
    func needsMoreInput(_ pending: String) -> Bool
    /// Words for Tab completion (statement keywords come from the language front end).
    var vocabulary: ReplVocabulary { get }
}

extension ReplEngine {
    public func needsMoreInput(_ pending: String) -> Bool {
        BlockBalance.isOpen(pending)
    }

    public var vocabulary: ReplVocabulary { .standard }
}

/// Counts braces outside strings and comments, for engines that have no parser yet.
public enum BlockBalance {
    /// True when more `{` than `}` are open in `text` (strings `"..."` with `\` escapes
    /// and `#` comments to the end of a line are skipped).
    public static func isOpen(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var inComment = false
        for b in text.utf8 {
            if inComment {
                if b == 0x0A { inComment = false }
                continue
            }
            if inString {
                if escaped { escaped = false }
                else if b == 0x5C { escaped = true }
                else if b == 0x22 { inString = false }
                else if b == 0x0A { inString = false }  // an unterminated string ends at its line
                continue
            }
            switch b {
            case 0x22: inString = true
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "{"): depth &+= 1
            case UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return depth > 0
    }
}
