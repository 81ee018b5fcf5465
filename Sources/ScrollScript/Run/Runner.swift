// `scrollscript run` as a library: inputs in, events out, in input order (spec §7).
//
// A run is a stream. Files are read, checked and run one after another (with `jobs > 1`,
// a bounded window of them at once: Scheduler.swift); each result becomes a `RunEvent`
// (RunEvents.swift) handed, in input order, to the reporters (Report/). Nothing holds
// every file or every tree: memory does not grow with the number of files.
//
//     RunInput ──PreparedFile (read, check, --update)──▶ scenarios ──Scheduler──▶ RunEvent
//         ──reporters──▶ text, JSON Lines, JUnit, artifacts;  the totals: RunSummary
//
// Which scenarios run: RunSelection.swift. What is said when none ran: NothingRan.swift.
// `run --list`: RunList.swift.
import Foundation

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
        failure = RunFailure(location: loc, problem: .interrupted, time: interp.world.time)
    }
    return ScenarioResult(name: scenario.name, duration: interp.world.time, output: lines, failure: failure)
}

/// `run --update`: before a file's scenarios run, its `?`s are filled (Recording.swift)
/// and the file written with `write` (path, new bytes; returns why it could not).
public struct RunUpdate {
    public var write: (String, [UInt8]) -> String?

    public init(write: @escaping (String, [UInt8]) -> String? = { writeFileAtomically(path: $0, bytes: $1) }) {
        self.write = write
    }
}

/// How a run runs.
public struct RunOptions {
    public var selection: RunSelection
    /// Threads; 1 runs everything on the calling thread. Output is the same for any value.
    public var jobs: Int
    /// Polled between scenarios and once per frame: true stops the run (Ctrl-C).
    public var shouldInterrupt: () -> Bool
    /// Called after each file's last event (one call at a time, in input order): (files
    /// done, files in all, failed so far).
    public var progress: ((Int, Int, Int) -> Void)?
    /// `--update`; nil: the `?`s stay.
    public var update: RunUpdate?

    public init(selection: RunSelection = RunSelection(), jobs: Int = 1,
                shouldInterrupt: @escaping () -> Bool = { false }, progress: ((Int, Int, Int) -> Void)? = nil,
                update: RunUpdate? = nil) {
        self.selection = selection
        self.jobs = max(1, jobs)
        self.shouldInterrupt = shouldInterrupt
        self.progress = progress
        self.update = update
    }
}

/// The most threads a run uses.
public let maxRunJobs = 256

/// Runs every selected scenario of `inputs` and hands each event, in input order, to
/// every reporter; then the summary. Returns the summary.
@discardableResult
public func runScenarios(_ inputs: [RunInput], options: RunOptions, reporters: [RunReporter]) -> RunSummary {
    var summary = RunSummary()
    var filesDone = 0
    var filterMatches = 0
    func emit(_ e: RunEvent) {
        switch e {
        case .recorded(let u):
            if u.error != nil {
                summary.recordingErrors += 1
                summary.exitStatus = max(summary.exitStatus, 2)
            }
        case .fileFailed:
            summary.fileErrors += 1
            summary.exitStatus = max(summary.exitStatus, 2)
        case .fileWarnings:
            break
        case .scenario(let o):
            if o.passed {
                summary.passed += 1
            } else {
                summary.failed += 1
                summary.exitStatus = max(summary.exitStatus, 1)
                if o.result.failure?.problem == .interrupted && options.shouldInterrupt() { summary.interrupted = true }
            }
        }
        for r in reporters { r.handle(e) }
    }
    let completed = Scheduler(inputs, options).run { step in
        switch step {
        case .file(let p):
            filterMatches += p.stage.filterMatches
            if let u = p.recorded { emit(.recorded(u)) }
            switch p.stage {
            case .failed(let f): emit(.fileFailed(f))
            case .ready(let file): if let w = file.warnings { emit(.fileWarnings(w)) }
            case .skipped: break
            }
        case .scenario(let o):
            emit(.scenario(o))
        case .fileDone:
            filesDone += 1
            options.progress?(filesDone, inputs.count, summary.failed + summary.fileErrors)
        }
    }
    if !completed { summary.interrupted = true }
    if summary.interrupted {
        summary.exitStatus = 130
    } else if summary.passed + summary.failed == 0 && summary.fileErrors == 0 {
        var why = NothingRan(selection: options.selection, filterMatches: filterMatches)
        if case .noScenario = why, !inputs.isEmpty, inputs.allSatisfy(onlyDeclares) { why = .onlyDeclarations(inputs.map(\.name)) }
        summary.nothingRan = why
        if why.isError { summary.exitStatus = max(summary.exitStatus, 2) }
    }
    for r in reporters { r.finish(summary) }
    return summary
}

// MARK: - The whole run as text

/// What a run prints and returns (the text format, collected: for tests and embedding).
public struct RunReport: Equatable, Sendable {
    public var stdout: String
    public var stderr: String
    /// 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed or checked, or
    /// no scenario was found. The highest applies.
    public var exitStatus: Int32
    public var passed: Int
    public var failed: Int
}

/// Runs every scenario of every input (those whose name or file contains `filter`, when
/// given) and collects the text report.
public struct Runner {
    public var filter: String?
    public var shouldInterrupt: () -> Bool

    public init(filter: String? = nil, shouldInterrupt: @escaping () -> Bool = { false }) {
        self.filter = filter
        self.shouldInterrupt = shouldInterrupt
    }

    public func run(_ inputs: [RunInput], jobs: Int = 1) -> RunReport {
        let out = StringRunOutput()
        let text = TextReporter(output: out, style: TextStyle())
        let options = RunOptions(selection: RunSelection(filters: filter.map { [$0] } ?? []), jobs: jobs, shouldInterrupt: shouldInterrupt)
        let s = runScenarios(inputs, options: options, reporters: [text])
        return RunReport(stdout: out.stdout, stderr: out.stderr, exitStatus: s.exitStatus, passed: s.passed, failed: s.failed)
    }
}

/// (v1.5) The input's file starts with a `behaviour` or `import` item (one that runs no
/// scenario only declares behaviours).
private func onlyDeclares(_ input: RunInput) -> Bool {
    switch input {
    case .path(let p): return FileManager.default.contents(atPath: p).map { startsWithDeclaration([UInt8]($0)) } ?? false
    case .source(let s): return startsWithDeclaration(s.bytes)
    case .unreadable: return false
    }
}
