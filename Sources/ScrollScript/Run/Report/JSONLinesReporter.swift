// `run --format jsonl`: one JSON object per line, in input order (docs/ci.md lists the
// fields). Keys are written in a fixed order and numbers as text, so the bytes are stable.

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
            let ds = f.diagnostics.map { jsonLocation($0.location) + ",\"message\":" + jsonString($0.message) + "}" }
            output.out("{\"type\":\"error\",\"file\":\(jsonString(f.file)),\"message\":\(jsonString(f.summary)),\"diagnostics\":[\(ds.joined(separator: ","))]}\n")
        case .fileWarnings(let w):
            output.err(w.rendered)
            let ds = w.diagnostics.map { jsonLocation($0.location) + ",\"message\":" + jsonString($0.message) + "}" }
            output.out("{\"type\":\"warning\",\"file\":\(jsonString(w.file)),\"diagnostics\":[\(ds.joined(separator: ","))]}\n")
        case .scenario(let o):
            let r = o.result
            var s = "{\"type\":\"scenario\",\"file\":\(jsonString(o.file)),\"name\":\(jsonString(r.name))"
            s += ",\"line\":\(o.scenario.location.line)"
            s += ",\"status\":\(r.failure == nil ? "\"passed\"" : "\"failed\"")"
            s += ",\"time\":\(formatFixed(r.duration, 3))"
            s += ",\"output\":[" + r.output.map(jsonString).joined(separator: ",") + "]"
            if let f = r.failure {
                s += ",\"failure\":" + jsonLocation(f.location) + ",\"message\":" + jsonString(f.message)
                s += ",\"notes\":[" + f.notes.map(jsonString).joined(separator: ",") + "]"
                s += ",\"time\":\(formatFixed(f.time, 3))}"
            } else {
                s += ",\"failure\":null"
            }
            output.out(s + "}\n")
        }
        output.endOfEvent()
    }

    public func finish(_ summary: RunSummary) {
        if let why = summary.nothingRan { output.err("scrollscript: \(why.message)\n") }
        if summary.interrupted { output.err("scrollscript: interrupted; the rest of the run was skipped\n") }
        output.out("{\"type\":\"summary\",\"passed\":\(summary.passed),\"failed\":\(summary.failed),\"errors\":\(summary.fileErrors),\"interrupted\":\(summary.interrupted),\"exit\":\(summary.exitStatus)}\n")
        output.endOfEvent()
    }
}

/// `{"file":F,"line":L,"column":C` (left open).
private func jsonLocation(_ l: SourceLocation) -> String {
    "{\"file\":\(jsonString(l.file)),\"line\":\(l.line),\"column\":\(l.column)"
}
