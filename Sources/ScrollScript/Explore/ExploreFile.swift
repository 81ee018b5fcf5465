// `scrollscript explore FILE` without the I/O: picks the scenario, explores it, writes and
// verifies the counterexample. The executable reads the file, adds the progress line and
// the wall-clock figure, and writes the result (Sources/scrollscript/ExploreCommand.swift).
import ScrollSim

/// What `explore` prints and returns (everything here is deterministic).
public struct ExploreFileReport: Sendable {
    /// The counterexample scenario (for OUT, else standard output); nil when none was found.
    public var scenarioText: String?
    /// Lines for standard error: diagnostics, or the summary (no wall-clock time).
    public var messages: String
    /// 0 no violation; 1 a counterexample; 2 the file, the scenario or the options are wrong.
    public var exitStatus: Int32
    public var stats: ExploreStats
    public var counterexample: Counterexample?
}

/// Explores scenario `scenarioName` of `source` (default: its only scenario, or the first
/// that has an `expect always` line). `outputName` names the counterexample file when it
/// is read back for verification.
public func exploreFile(_ source: SourceFile, scenario scenarioName: String?, options: ExploreOptions,
                        outputName: String = "<explore>", progress: ((Int) -> Void)? = nil) -> ExploreFileReport {
    var report = ExploreFileReport(scenarioText: nil, messages: "", exitStatus: 2, stats: ExploreStats(), counterexample: nil)
    let checked = checkSource(source, registry: options.registry)
    if !checked.diagnostics.isEmpty {
        let lines = source.lines
        for d in checked.diagnostics { report.messages += renderDiagnostic(d, sourceLines: lines) }
        return report
    }
    let scenario: CheckedScenario
    if let scenarioName {
        guard let s = checked.scenarios.first(where: { $0.name == scenarioName }) else {
            report.messages = "scrollscript: explore: \(source.name) has no scenario named \(quoteString(scenarioName))"
                + didYouMean(scenarioName, checked.scenarios.map { $0.name }) + "\n"
            return report
        }
        scenario = s
    } else if checked.scenarios.count == 1 {
        scenario = checked.scenarios[0]
    } else if let s = checked.scenarios.first(where: { !ExploreProperty($0).invariants.isEmpty }) {
        scenario = s
        report.messages += "scrollscript: explore: exploring \(quoteString(s.name)), the first scenario of \(source.name) with 'expect always' (--scenario NAME picks another)\n"
    } else {
        report.messages = "scrollscript: explore: no scenario of \(source.name) has an 'expect always' line: there is no property to explore\n"
        return report
    }
    let property = ExploreProperty(scenario)
    if property.invariants.isEmpty {
        report.messages += "scrollscript: explore: scenario \(quoteString(scenario.name)) of \(source.name) has no 'expect always' line: there is no property to explore\n"
        return report
    }
    let result = explore(property, options: options, progress: progress)
    report.stats = result.stats
    let s = result.stats
    let figures = "\(s.runs) run\(s.runs == 1 ? "" : "s"), \(s.steps) step\(s.steps == 1 ? "" : "s"), \(s.frames) frame\(s.frames == 1 ? "" : "s"), seed \(options.seed)"
    let what = "explore: \(source.name) \(quoteString(scenario.name)): "
    if let (run, actions, f) = result.refused {
        report.messages += "scrollscript: explore: internal error: run \(run + 1) drew an action the interpreter refused: \(f.message)\n"
        report.messages += "  actions: " + actions.map { $0.text }.joined(separator: "; ") + "\n"
        return report
    }
    guard let ce = result.counterexample else {
        report.messages += what + figures + ": no invariant broken\n"
        report.exitStatus = 0
        return report
    }
    // What makes its `use` lines known, valid from where it is written (standard output:
    // the current directory).
    let declarations = DeclarationCopy.text(of: checked.program.declarations, source: source, destination: outputName)
    let text = counterexampleText(program: checked.program, property: property, counterexample: ce,
                                  origin: source.name, options: options, declarations: declarations)
    if let problem = verifyCounterexample(text, name: outputName, counterexample: ce, registry: options.registry) {
        report.messages += "scrollscript: explore: internal error: \(problem)\n" + text
        return report
    }
    let at = "\(source.name):\(ce.failure.location.line):\(ce.failure.location.column)"
    report.messages += what + figures + ": run \(ce.runIndex + 1) broke the invariant at \(at) (\(ce.failure.message));"
        + " shrunk \(ce.found.count) step\(ce.found.count == 1 ? "" : "s") to \(ce.actions.count) in \(ce.shrinkAttempts) replay\(ce.shrinkAttempts == 1 ? "" : "s")\n"
    report.messages += "explore: run \(ce.runIndex + 1) as found: " + (ce.found.isEmpty ? "(no action: the configuration breaks it at t = 0)" : ce.found.map { $0.text }.joined(separator: "; ")) + "\n"
    report.scenarioText = text
    report.counterexample = ce
    report.exitStatus = 1
    return report
}
