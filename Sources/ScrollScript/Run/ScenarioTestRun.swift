// Scenario files run from a user's test target (spec §8): every file under the paths
// given, with the user's behaviours registered, each failed scenario (and each file that
// could not run) as one failure at its `.scroll` location, for a test framework to record
// there (ScrollScriptTesting: XCTest and Swift Testing). No test framework here: the
// language library and the command never link one.

/// One failure for a test framework to record: where, and what to say.
public struct ScenarioTestFailure: Equatable, Sendable {
    /// The scenario file's path (as found under the paths given); nil when the failure
    /// belongs to the call itself (a behaviour refused at registration, no scenario found).
    public var file: String?
    /// 1-based; 0 when `file` is nil.
    public var line: Int
    /// 1-based; 0 when `file` is nil.
    public var column: Int
    /// The failure as `scrollscript run` prints it: the scenario's name, the error line,
    /// the source line with its caret, the values.
    public var message: String

    /// A failure at `file`:`line`:`column` saying `message`.
    public init(file: String?, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// What a run of scenario files from a test came to.
public struct ScenarioTestReport: Equatable, Sendable {
    /// Scenarios that passed.
    public var passed = 0
    /// Scenarios that failed.
    public var failed = 0
    /// Files that could not be read, parsed or checked.
    public var fileErrors = 0
    /// Every failure, in file then scenario order.
    public var failures: [ScenarioTestFailure] = []

    /// Nothing ran yet.
    public init() {}

    /// What ran, in a line, as `scrollscript run` ends: `scenarios: 4 ran, 4 passed, 0
    /// failed` (`, 1 file could not run` added when files could not be read, parsed or
    /// checked).
    public var summary: String {
        var line = "scenarios: \(passed + failed) ran, \(passed) passed, \(failed) failed"
        if fileErrors > 0 { line += ", \(fileErrors) \(fileErrors == 1 ? "file" : "files") could not run" }
        return line
    }
}

/// Runs the scenario files at `paths` (files, or directories searched for `*.scroll` as
/// `scrollscript run` does) with the built-in behaviours and `behaviours`. Relative paths
/// are taken from `directory` (nil: the current directory). A behaviour refused at
/// registration, or no scenario found at all, is one failure with no file.
public func runScenarioTests(_ paths: [String], behaviours: [any ScrollBehaviour.Type],
                             directory: String? = nil) -> ScenarioTestReport {
    var report = ScenarioTestReport()
    let registry: BehaviourRegistry
    do {
        registry = try BehaviourRegistry.with(behaviours)
    } catch {
        report.failures.append(ScenarioTestFailure(file: nil, line: 0, column: 0, message: "\(error)"))
        return report
    }
    let resolved = paths.map { p -> String in
        guard let d = directory, !p.hasPrefix("/") else { return p }
        return d.hasSuffix("/") ? d + p : d + "/" + p
    }
    let collector = ScenarioTestCollector()
    _ = runScenarios(locateInputs(resolved.map { InputName.path($0) }).map(\.runInput),
                               options: RunOptions(selection: RunSelection(registry: registry)), reporters: [collector])
    report = collector.report
    if report.passed + report.failed + report.fileErrors == 0 {
        report.failures.append(ScenarioTestFailure(file: nil, line: 0, column: 0,
                                                   message: "no scenario found in \(resolved.joined(separator: ", "))"))
    }
    return report
}

/// Collects a run's events as test failures.
final class ScenarioTestCollector: RunReporter {
    var report = ScenarioTestReport()

    func handle(_ event: RunEvent) {
        switch event {
        case .scenario(let o):
            guard let f = o.result.failure else {
                report.passed += 1
                return
            }
            report.failed += 1
            report.failures.append(ScenarioTestFailure(
                file: o.file, line: f.location.line, column: f.location.column,
                message: "scenario \(quoteString(o.scenario.name)) failed:\n" + trimmedEnd(o.renderedFailure ?? f.message)))
        case .fileFailed(let ff):
            report.fileErrors += 1
            if ff.diagnostics.isEmpty {
                report.failures.append(ScenarioTestFailure(file: ff.file, line: 1, column: 1, message: trimmedEnd(ff.rendered)))
            }
            for d in ff.diagnostics {
                report.failures.append(ScenarioTestFailure(file: ff.file, line: max(1, d.location.line),
                                                           column: max(1, d.location.column), message: d.message))
            }
        default:
            break
        }
    }

    func finish(_ summary: RunSummary) {}
}

/// `s` without the spaces and line ends it ends with.
private func trimmedEnd(_ s: String) -> String {
    var t = Substring(s)
    while let c = t.last, c == " " || c == "\n" { t.removeLast() }
    return String(t)
}
