// `scrollscript run` as a library function: sources in, report text and exit status out
// (spec §7). The executable only reads files and arguments and writes the result.
//
// stdout, per scenario, in file order then scenario order:
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
// diagnostics on stderr; the last stdout line is always `N passed, M failed`.

/// One input of a run: a source, or a file that could not be read (its message).
public enum RunInput: Sendable {
    case source(SourceFile)
    case unreadable(path: String, message: String)
}

/// What a run prints and returns.
public struct RunReport: Equatable, Sendable {
    public var stdout: String
    public var stderr: String
    /// 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed or checked, or
    /// no scenario was found. The highest applies.
    public var exitStatus: Int32
    public var passed: Int
    public var failed: Int
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

/// Runs one checked scenario from a fresh world to its end or first failure.
/// `shouldInterrupt` is polled once per frame; an interrupted scenario counts as failed.
public func runScenario(_ scenario: CheckedScenario, shouldInterrupt: @escaping () -> Bool = { false }) -> ScenarioResult {
    let interp = Interpreter(scenario)
    var lines: [String] = []
    interp.output = { lines.append($0) }
    interp.shouldInterrupt = shouldInterrupt
    interp.fastForwardsIdleFrames = true
    let end = interp.run()
    var failure = interp.failure
    if end == .paused {
        let loc = interp.currentStatement?.location ?? scenario.location
        failure = RunFailure(location: loc, message: "interrupted", time: interp.world.time)
    }
    return ScenarioResult(name: scenario.name, duration: interp.world.time, output: lines, failure: failure)
}

/// Runs every scenario of every input (those whose name contains `filter`, when given).
public struct Runner {
    public var filter: String?
    public var shouldInterrupt: () -> Bool
    /// `--artifacts DIR`: each failed scenario's plot and replay page are written there.
    public var artifacts: FailureArtifacts?

    public init(filter: String? = nil, shouldInterrupt: @escaping () -> Bool = { false }) {
        self.filter = filter
        self.shouldInterrupt = shouldInterrupt
    }

    public func run(_ inputs: [RunInput]) -> RunReport {
        var out = ""
        var err = ""
        var status: Int32 = 0
        var passed = 0
        var failed = 0
        for input in inputs {
            switch input {
            case .unreadable(let path, let message):
                out += "ERROR  \(path)  (\(message))\n"
                err += "scrollscript: \(message)\n"
                status = max(status, 2)
            case .source(let source):
                let checked = checkSource(source)
                if !checked.diagnostics.isEmpty {
                    let n = checked.diagnostics.count
                    out += "ERROR  \(source.name)  (\(n) error\(n == 1 ? "" : "s"); nothing in this file ran)\n"
                    let lines = source.lines
                    for d in checked.diagnostics { err += renderDiagnostic(d, sourceLines: lines) }
                    status = max(status, 2)
                    continue
                }
                var lines: [String]?
                for sc in checked.scenarios {
                    if let filter, !filter.isEmpty, !sc.name.contains(filter) { continue }
                    let r = runScenario(sc, shouldInterrupt: shouldInterrupt)
                    out += (r.failure == nil ? "PASS" : "FAIL") + "  \(source.name)  \(quoteString(r.name))  (\(formatFixed(r.duration, 3)) s)\n"
                    for l in r.output { out += "    " + l + "\n" }
                    if let f = r.failure {
                        if lines == nil { lines = source.lines }
                        out += f.render(sourceLines: lines ?? [])
                        artifacts?.write(file: source.name, scenario: sc)
                        failed += 1
                        status = max(status, 1)
                    } else {
                        passed += 1
                    }
                }
            }
        }
        if passed + failed == 0 && status < 2 {
            if let filter, !filter.isEmpty {
                err += "scrollscript: no scenario matches --filter \(quoteString(filter))\n"
            } else {
                err += "scrollscript: no scenario found\n"
            }
            status = 2
        }
        out += "\(passed) passed, \(failed) failed\n"
        return RunReport(stdout: out, stderr: err, exitStatus: status, passed: passed, failed: failed)
    }
}
