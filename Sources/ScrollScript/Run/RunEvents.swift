// What a run takes in and hands out: its inputs, one event per file that could not run or
// per scenario that ran (in input order), the totals at the end, and the reporters that
// receive them (Report/: text, JSON Lines, JUnit; `--artifacts`).
//
// Text output (TextReporter), per scenario, in file order then scenario order:
//
//     PASS  scenarios/000-zoomable-header.scroll  "pull stretches the header"  (0.400 s)
//         t = 0.400 s: header.height = 300.06          <- print/frames output, indented 4
//     FAIL  path  "name"  (0.400 s)
//     path:9:3: error: expectation is false            <- the failure in full
//       expect header.height ~= 290
//       ^
//       header.height is 300.06 at t = 0.400 s
//
// a file that cannot be read or checked gives `ERROR  path  (...)` on stdout and its
// diagnostics on stderr, right after it; then the list of failures, and last, alone,
// `N passed, M failed` (`, K errors` when K files could not run).

/// One input of a run: a path (read when its turn comes), a source, or a file that could
/// not be read (its message).
public enum RunInput: Sendable {
    case path(String)
    case source(SourceFile)
    case unreadable(path: String, message: String)

    /// The name reports give it.
    public var name: String {
        switch self {
        case .path(let p): return p
        case .source(let s): return s.name
        case .unreadable(let p, _): return p
        }
    }
}

/// The outcome of one scenario.
public struct ScenarioResult: Equatable, Sendable {
    public var name: String
    /// Simulated time when it ended, seconds.
    public var duration: Double
    /// `print`/`frames` lines.
    public var output: [String]
    public var failure: RunFailure?
}

/// A file none of whose scenarios ran: it could not be read, parsed or checked.
public struct FileFailure: Sendable {
    public var file: String
    /// `cannot read 'x': no such file`, or `2 errors; nothing in this file ran`.
    public var summary: String
    /// The check's diagnostics (empty when the file could not be read).
    public var diagnostics: [Diagnostic]
    /// What goes to standard error: the rendered diagnostics, or `scrollscript: REASON`.
    public var rendered: String
    /// True when the file could not be read at all.
    public var unreadable: Bool
}

/// The warnings of a file that runs (`drag -300 in 500`): reported before its scenarios,
/// on standard error; they change no count and no exit status.
public struct FileWarnings: Sendable {
    public var file: String
    public var diagnostics: [Diagnostic]
    /// The rendered warnings (`FILE:LINE:COL: warning: ...`, the line and a caret).
    public var rendered: String
}

/// One scenario that ran, with everything a report needs.
public struct ScenarioOutcome: Sendable {
    public var file: String
    /// The checked scenario (its configuration and statements): a report that needs to run
    /// it again (a plot, a replay) has it here.
    public var scenario: CheckedScenario
    public var result: ScenarioResult
    /// The failure in full as the text output shows it (diagnostic, source line, caret,
    /// notes), nil when the scenario passed.
    public var renderedFailure: String?

    public var passed: Bool { result.failure == nil }
}

/// What a run reports, in input order.
public enum RunEvent: Sendable {
    /// `run --update` filled (or could not write) a file's `?`s, before its scenarios ran.
    case recorded(RecordingUpdate)
    case fileFailed(FileFailure)
    /// Before the scenarios of a file that runs, when its check warned.
    case fileWarnings(FileWarnings)
    case scenario(ScenarioOutcome)
}

/// The totals at the end of a run.
public struct RunSummary: Equatable, Sendable {
    public var passed = 0
    public var failed = 0
    /// Files that could not be read, parsed or checked.
    public var fileErrors = 0
    /// `run --update`: files whose recorded values could not be written.
    public var recordingErrors = 0
    /// Ctrl-C stopped the run before its end.
    public var interrupted = false
    /// When nothing ran: why (for standard error); nil otherwise.
    public var nothingRan: NothingRan?
    /// 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed or checked,
    /// recorded values could not be written, or no scenario was found; 130 interrupted.
    /// The highest applies.
    public var exitStatus: Int32 = 0

    public init() {}
}

/// Receives a run's events in input order, one at a time, then its summary once.
/// Reports (text, JSON Lines, JUnit, and any later one, e.g. per-scenario artifacts) are
/// reporters; a run feeds several at once.
public protocol RunReporter: AnyObject {
    func handle(_ event: RunEvent)
    func finish(_ summary: RunSummary)
}

// What the IO stage found (LocatedInput, IO/SourceLoader.swift) as the runner takes it.
extension LocatedInput {
    /// The input as the runner takes it (a regular file is still read when its turn comes).
    public var runInput: RunInput {
        switch self {
        case .file(let path): return .path(path)
        case .stream(let s), .text(let s): return .source(s)
        case .unreadable(let path, let message): return .unreadable(path: path, message: message)
        }
    }
}
