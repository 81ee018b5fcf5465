// What the checker finds suspicious but valid: a warning is printed as
// `FILE:LINE:COL: warning: MESSAGE` (the source line and a caret under it), never stops a
// file from running and never changes an exit status (grammar.md §6).

/// A warning of the checker, with its data.
public enum CheckWarning: Equatable, Sendable {
    /// `drag -300 in 500`: a duration written without a unit after `in` or `within`, over
    /// `CheckWarning.bareDurationLimit` seconds; `keyword` is the word before it, `raw` the
    /// number as written.
    case bareLongDuration(keyword: String, raw: String)

    /// A bare duration longer than this, in seconds, is more likely milliseconds.
    public static let bareDurationLimit = 60.0

    public var message: String {
        switch self {
        case .bareLongDuration(let keyword, let raw):
            return "'\(keyword) \(raw)' is \(raw) seconds (a number without a unit is seconds here); write '\(raw)ms' for milliseconds, or '\(raw)s' if seconds are meant"
        }
    }
}
