// `run --format jsonl`: one JSON object per line, in input order (docs/ci.md lists the
// fields). Keys are written in a fixed order (JSONWriter's ordered objects) and times with
// three decimals, so the bytes are stable.

/// Writes one object per scenario, one per file that could not run, and a summary last.
public final class JSONLinesReporter: RunReporter {
    private let output: RunOutput

    public init(output: RunOutput) {
        self.output = output
    }

    public func handle(_ event: RunEvent) {
        switch event {
        case .recorded(let u):
            output.err(u.reportLines.joined(separator: "\n") + "\n")
        case .fileFailed(let f):
            output.err(f.rendered)
            line(.ordered(["type": "error", "file": .string(f.file), "message": .string(f.summary),
                           "diagnostics": .array(f.diagnostics.map(diagnostic))]))
        case .fileWarnings(let w):
            output.err(w.rendered)
            line(.ordered(["type": "warning", "file": .string(w.file),
                           "diagnostics": .array(w.diagnostics.map { located($0.location, ["message": .string($0.message)]) })]))
        case .scenario(let o):
            let r = o.result
            let failure = r.failure.map { f in
                located(f.location, ["message": .string(f.message), "notes": .array(f.notes.map(JSONValue.string)),
                                     "time": .formatted(formatFixed(f.time, 3))])
            }
            line(.ordered(["type": "scenario", "file": .string(o.file), "name": .string(r.name),
                           "line": .int(o.scenario.location.line), "status": r.failure == nil ? "passed" : "failed",
                           "time": .formatted(formatFixed(r.duration, 3)), "output": .array(r.output.map(JSONValue.string)),
                           "failure": failure ?? .null]))
        }
        output.endOfEvent()
    }

    public func finish(_ summary: RunSummary) {
        if let why = summary.nothingRan { output.err("scrollscript: \(why.message)\n") }
        if summary.interrupted { output.err("scrollscript: interrupted; the rest of the run was skipped\n") }
        line(.ordered(["type": "summary", "passed": .int(summary.passed), "failed": .int(summary.failed),
                       "errors": .int(summary.fileErrors), "interrupted": .bool(summary.interrupted),
                       "exit": .int(Int(summary.exitStatus))]))
        output.endOfEvent()
    }

    private func line(_ object: JSONValue) { output.out(JSONWriter.text(object) + "\n") }

    /// `{"file":F,"line":L,"column":C,"message":M}`, and `"strict":true` for a warning that
    /// `--strict` made an error.
    private func diagnostic(_ d: Diagnostic) -> JSONValue {
        if case .strict = d.problem {
            return located(d.location, ["message": .string(d.message), "strict": .bool(true)])
        }
        return located(d.location, ["message": .string(d.message)])
    }

    /// `{"file":F,"line":L,"column":C, ...more}`.
    private func located(_ l: SourceLocation, _ more: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .members([JSONMember("file", .string(l.file)), JSONMember("line", .int(l.line)), JSONMember("column", .int(l.column))]
                 + more.map { JSONMember($0.key, $0.value) })
    }
}
