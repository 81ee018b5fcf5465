// The text report of `run` (`--format text`), and `--format github` (the same text plus
// GitHub Actions `::error` commands). Layout: see the top of Run/RunEvents.swift.

/// How the text report looks.
public struct TextStyle: Sendable, Equatable {
    /// ANSI colours: PASS green, FAIL and ERROR red.
    public var color: Bool
    /// After each failure and each file error, `::error file=F,line=L,col=C::MESSAGE`.
    public var github: Bool

    public init(color: Bool = false, github: Bool = false) {
        self.color = color
        self.github = github
    }
}

/// Writes the text report. The end of the report is the list of what failed (each failed
/// scenario as `FAIL  FILE:LINE  "NAME"`, LINE where it failed, and each file that could
/// not run as `ERROR  FILE  (nothing in it ran)`) under `failures:`, then the closing line
/// `N passed, M failed` (`, K errors` added when files could not run), alone and last.
public final class TextReporter: RunReporter {
    private let output: RunOutput
    private let style: TextStyle
    private var failures: [String] = []

    public init(output: RunOutput, style: TextStyle) {
        self.output = output
        self.style = style
    }

    private func paint(_ word: String, _ code: String) -> String {
        style.color ? "\u{1B}[\(code)m\(word)\u{1B}[0m" : word
    }

    private var failWord: String { paint("FAIL", "31") }
    private var errorWord: String { paint("ERROR", "31") }

    public func handle(_ event: RunEvent) {
        switch event {
        case .recorded(let u):
            output.err(u.reportLines.joined(separator: "\n") + "\n")
        case .fileFailed(let f):
            output.out("\(errorWord)  \(f.file)  (\(f.summary))\n")
            output.err(f.rendered)
            if style.github {
                if f.diagnostics.isEmpty {
                    output.out(githubErrorCommand(file: f.file, message: f.summary))
                }
                for d in f.diagnostics {
                    output.out(githubErrorCommand(file: d.location.file, line: d.location.line, column: d.location.column, message: d.message))
                }
            }
            failures.append("\(errorWord)  \(f.file)  (nothing in it ran)")
        case .fileWarnings(let w):
            output.err(w.rendered)
            if style.github {
                for d in w.diagnostics {
                    output.out(githubCommand("warning", file: d.location.file, line: d.location.line, column: d.location.column, message: d.message))
                }
            }
        case .scenario(let o):
            let r = o.result
            let word = r.failure == nil ? paint("PASS", "32") : failWord
            var s = "\(word)  \(o.file)  \(quoteString(r.name))  (\(formatFixed(r.duration, 3)) s)\n"
            for l in r.output { s += "    " + l + "\n" }
            if let f = r.failure {
                s += o.renderedFailure ?? f.render(sourceLines: [])
                if style.github {
                    let message = ([scenarioLabel(r.name) + ": " + f.message] + f.notes).joined(separator: "\n")
                    s += githubErrorCommand(file: f.location.file, line: f.location.line, column: f.location.column, message: message)
                }
                failures.append("\(failWord)  \(f.location.file):\(f.location.line)  \(quoteString(r.name))")
            }
            output.out(s)
        }
        output.endOfEvent()
    }

    public func finish(_ summary: RunSummary) {
        if !failures.isEmpty {
            output.out("failures:\n" + failures.map { "  " + $0 + "\n" }.joined())
        }
        if let why = summary.nothingRan { output.err("scrollscript: \(why.message)\n") }
        if summary.interrupted { output.err("scrollscript: interrupted; the rest of the run was skipped\n") }
        output.out(TextReporter.closingLine(summary) + "\n")
        output.endOfEvent()
    }

    /// `N passed, M failed`, and `, K errors` (`, 1 error`) when K files could not be read,
    /// parsed or checked: a closing line never hides them (spec §7).
    static func closingLine(_ summary: RunSummary) -> String {
        var line = "\(summary.passed) passed, \(summary.failed) failed"
        if summary.fileErrors > 0 { line += ", \(summary.fileErrors) error" + (summary.fileErrors == 1 ? "" : "s") }
        return line
    }
}

/// `scenario "name"`.
func scenarioLabel(_ name: String) -> String {
    "scenario " + quoteString(name)
}
