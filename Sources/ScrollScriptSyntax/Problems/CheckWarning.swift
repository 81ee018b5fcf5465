// What the checker finds suspicious but valid: a warning is printed as
// `FILE:LINE:COL: warning: MESSAGE` (the source line and a caret under it), never stops a
// file from running and never changes an exit status (grammar.md §6) — unless `check` or
// `run` is given `--strict` (spec §5, §7): then each warning is an error
// (`Problem.strict`), and a file with one runs nothing.
//
// Spec v1.5 §5: a test tool must never pass what checks nothing. Each message ends with the
// fix.

/// A warning of the checker, with its data.
public enum CheckWarning: Equatable, Sendable {
    /// `drag -300 in 500`: a duration written without a unit after `in` or `within`, over
    /// `CheckWarning.bareDurationLimit` seconds; `keyword` is the word before it, `raw` the
    /// number as written.
    case bareLongDuration(keyword: String, raw: String)
    /// `wait 300`: a `wait` written without a unit, of `CheckWarning.bareWaitLimit` seconds
    /// or more; `raw` is the number as written, `seconds` its value.
    case bareLongWait(raw: String, seconds: Double)
    /// `toolbar.state == shown` alone as a statement of a file: it is computed and dropped.
    /// `text`: the condition as `fmt` writes it (nil when too long to quote); `expectLine`:
    /// the line of the `expect` right above it when this line looks like its continuation
    /// (indented further, on the next line).
    case conditionAlone(text: String?, expectLine: Int?)
    /// `offset` (a value that is no condition) alone as a statement of a file: the REPL
    /// prints it, a file drops it. `text` as for `conditionAlone`.
    case valueAlone(text: String?)
    /// `#expect(offset == 0)`, `#assert`: another framework's assertion, which `#` makes a
    /// comment here. `written`: the word as written with its `#` (`#expect`); `condition`:
    /// what it asserts, as written (nil when nothing or too long to quote); `inScene`: it
    /// stands in a `scene` block, which holds no `expect`.
    case assertionComment(written: String, condition: String?, inScene: Bool = false)
    /// A scenario with no `expect` (of any kind), `print` or `frames`: it can only pass.
    /// `name`: the scenario's name; `blocks`: false for a file without scenario blocks.
    case checksNothing(name: String, blocks: Bool)

    /// A bare duration longer than this, in seconds, is more likely milliseconds.
    public static let bareDurationLimit = 60.0
    /// A bare `wait` this long or longer, in seconds, is more likely milliseconds (spec §5:
    /// `wait 99` is taken as written, `wait 100` warns).
    public static let bareWaitLimit = 100.0
    /// The longest expression or condition quoted in a message's fix.
    package static let quotedLimit = 80

    public var message: String {
        switch self {
        case .bareLongDuration(let keyword, let raw):
            return "'\(keyword) \(raw)' is \(raw) seconds (a number without a unit is seconds here); write '\(raw)ms' for milliseconds, or '\(raw)s' if seconds are meant"
        case .bareLongWait(let raw, let seconds):
            return "'wait \(raw)' is \(spokenSeconds(seconds)) (a number without a unit is seconds); did you mean 'wait \(raw)ms'? (write 'wait \(raw)s' if seconds are meant)"
        case .conditionAlone(let text, let expectLine):
            let fix = text.map { "did you mean 'expect \($0)'?" } ?? "did you mean to write 'expect' before it?"
            if let line = expectLine {
                return "this condition checks nothing: an 'expect' ends at the end of its line, so this line does not continue the 'expect' on line \(line); \(fix) (or join the two with 'and' on line \(line))"
            }
            return "this condition checks nothing (a file drops its value; only the REPL prints it); \(fix)"
        case .valueAlone(let text):
            let fix = text.map { "did you mean 'print \($0)'?" } ?? "did you mean to write 'print' before it?"
            return "this value is dropped (a file does not print it; only the REPL does); \(fix)"
        case .assertionComment(let written, let condition, true):
            let check = "'expect \(condition ?? "CONDITION")'"
            return "'\(written)' is a comment here ('#' starts a comment), so it checks nothing; a scene holds configuration only: write the check as \(check) in a scenario"
        case .assertionComment(let written, let condition, false):
            let fix = condition.map { "did you mean 'expect \($0)'?" } ?? "write the check as 'expect CONDITION'"
            return "'\(written)' is a comment here ('#' starts a comment), so it checks nothing; \(fix)"
        case .checksNothing(let name, let blocks):
            let what = blocks ? "scenario \(quoteString(name))" : "this file"
            return "\(what) checks nothing: it has no 'expect' (nor 'print' or 'frames'), so it passes whenever its actions can run; add an 'expect' for what it should show"
        }
    }

    /// The fix's text for an expression: as `fmt` writes it, nil when it is too long to quote.
    package static func quoted(_ e: Expr) -> String? {
        let t = exprText(e)
        return t.unicodeScalars.count <= quotedLimit ? t : nil
    }
}

/// `300` → `5 minutes`, `100` → `1 minute 40 seconds`, `7200` → `2 hours`, `150.5` →
/// `2 minutes 30.5 seconds`: how long a bare `wait` is, said the way a reader checks it.
package func spokenSeconds(_ seconds: Double) -> String {
    let whole = seconds.rounded(.down)
    let rest = seconds - whole
    guard whole >= 60, whole < 1e9 else { return formatPlain(seconds) + " seconds" }
    let total = Int(whole)
    let h = total / 3600, m = (total % 3600) / 60, s = total % 60
    func part(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
    var parts: [String] = []
    if h > 0 { parts.append(part(h, "hour")) }
    if m > 0 { parts.append(part(m, "minute")) }
    if s > 0 || rest > 0 {
        parts.append(rest > 0 ? formatPlain(Double(s) + rest) + " seconds" : part(s, "second"))
    }
    return parts.joined(separator: " ")
}

/// A number as a reader writes it: `300`, `0.5`, `100.25` (no exponent, no trailing zeros).
private func formatPlain(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    var s = formatFixed(x, 6)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
