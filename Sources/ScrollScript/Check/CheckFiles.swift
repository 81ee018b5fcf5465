// `scrollscript check` as a library: files in, diagnostics and a closing line out.
//
// One file at a time, and each file one scenario at a time (ScenarioStream): memory is the
// file's bytes and one scenario, however large the file or the suite.

/// What `check` found.
public struct CheckSummary: Equatable, Sendable {
    /// Files read (checked, clean or not).
    public var files = 0
    /// Scenarios of the clean files.
    public var scenarios = 0
    /// Errors, over every file.
    public var errors = 0
    /// Warnings (suspicious but valid, `drag -300 in 500`), over every file: they change no
    /// status, unless `strict`.
    public var warnings = 0
    /// `check --strict`: every warning is an error (spec §5, §7).
    public var strict = false
    /// Inputs that could not be read.
    public var unreadable = 0

    public init(files: Int = 0, scenarios: Int = 0, errors: Int = 0, warnings: Int = 0, unreadable: Int = 0) {
        self.files = files
        self.scenarios = scenarios
        self.errors = errors
        self.warnings = warnings
        self.unreadable = unreadable
    }

    /// 0 when every file is clean, 2 on any error (and, with `strict`, on any warning).
    public var exitStatus: Int32 { errors + unreadable + (strict ? warnings : 0) > 0 ? 2 : 0 }
}

/// Parses and checks each input without running anything. Each file's errors and warnings,
/// in the order of the file (or why it could not be read: `scrollscript: cannot read ...`),
/// go to standard error as they are found; last, `ok: N files, M scenarios` (`, K
/// warnings` when there were) on standard output when no file has an error, else `N
/// errors` (`, K warnings`) on standard error when there were errors. Words are read
/// against `registry`'s behaviours. `strict` (`check --strict`): each warning is printed
/// as an error (`error: MESSAGE [--strict]`), and the last line, on standard error, is
/// `K warnings (errors with --strict)` (`1 warning (an error with --strict)`; after `N
/// errors, ` when there were others).
@discardableResult
public func checkFiles(_ inputs: [LocatedInput], registry: BehaviourRegistry = .builtIn, strict: Bool = false,
                       output: RunOutput) -> CheckSummary {
    var summary = CheckSummary()
    summary.strict = strict
    for input in inputs {
        switch input.load() {
        case .unreadable(_, let message):
            output.err("scrollscript: \(message)\n")
            summary.unreadable += 1
        case .file(let source), .stream(let source):
            summary.files += 1
            var stream = ScenarioStream(source, keepsStatements: false, registry: registry)
            var scenarios = 0
            while stream.next() != nil { scenarios += 1 }
            // Errors and warnings in the order of the file; warnings change no status.
            let shown = sortedDiagnostics(stream.diagnostics + (strict ? stream.warnings.map(\.strict) : stream.warnings))
            summary.warnings += stream.warnings.count
            if !shown.isEmpty {
                let lines = SourceLines(source)
                var text = ""
                for d in shown { text += renderDiagnostic(d, sourceLines: lines) }
                output.err(text)
            }
            if stream.diagnostics.isEmpty {
                summary.scenarios += scenarios
            } else {
                summary.errors += stream.diagnostics.count
            }
        }
        output.endOfEvent()
    }
    let warned = summary.warnings == 0 ? "" : ", " + counted(summary.warnings, "warning")
    if summary.exitStatus == 0 {
        output.out("ok: \(counted(summary.files, "file")), \(counted(summary.scenarios, "scenario"))\(warned)\n")
    } else if strict && summary.warnings > 0 {
        let errors = summary.errors > 0 ? counted(summary.errors, "error") + ", " : ""
        let made = summary.warnings == 1 ? "an error" : "errors"
        output.err("\(errors)\(counted(summary.warnings, "warning")) (\(made) with --strict)\n")
    } else if summary.errors > 0 {
        output.err("\(counted(summary.errors, "error"))\(warned)\n")
    }
    output.endOfEvent()
    return summary
}

/// `1 file`, `2 files`.
func counted(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
}
