// `scrollscript run` as a library: inputs in, events out, in input order (spec §7).
//
// A run is a stream. Files are read, checked and run one after another (with `jobs > 1`,
// a bounded window of them at once); each result becomes a `RunEvent` handed, in input
// order, to the reporters (Report/: text, github, JSON Lines, JUnit). Nothing holds every
// file or every AST: memory does not grow with the number of files.
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
import Foundation

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

// MARK: - Events

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
    /// Ctrl-C stopped the run before its end.
    public var interrupted = false
    /// When nothing ran: why (`no scenario found`), for standard error; nil otherwise.
    public var nothingRan: String?
    /// 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed or checked, or
    /// no scenario was found; 130 interrupted. The highest applies.
    public var exitStatus: Int32 = 0

    public init() {}
}

/// Receives a run's events in input order, on one thread, then its summary once.
/// Reports (text, JSON Lines, JUnit, and any later one, e.g. per-scenario artifacts) are
/// reporters; a run feeds several at once.
public protocol RunReporter: AnyObject {
    func handle(_ event: RunEvent)
    func finish(_ summary: RunSummary)
}

// MARK: - Which scenarios run

/// `--filter` and `--shard`: which scenarios of which files a run includes.
public struct RunSelection: Sendable, Equatable {
    /// Case-insensitive substrings of the file path or the scenario name; any one matching
    /// is enough. Empty: everything.
    public var filters: [String]
    public var shard: Shard?
    /// The behaviours the files' words are read against.
    public var registry: BehaviourRegistry

    public init(filters: [String] = [], shard: Shard? = nil, registry: BehaviourRegistry = .builtIn) {
        self.filters = filters.filter { !$0.isEmpty }
        self.shard = shard
        self.registry = registry
        lowered = self.filters.map { $0.lowercased() }
    }

    private var lowered: [String]

    /// Whether the scenario `name` of `file` runs.
    public func includes(file: String, scenario name: String) -> Bool {
        matchesFilter(file: file, scenario: name) && (shard?.contains(file: file, scenario: name) ?? true)
    }

    /// Whether the scenario passes `--filter` (whatever its shard).
    public func matchesFilter(file: String, scenario name: String) -> Bool {
        if lowered.isEmpty { return true }
        let f = file.lowercased(), n = name.lowercased()
        return lowered.contains(where: { f.contains($0) || n.contains($0) })
    }

    /// Whether a file that could not run is reported here: always without shards; with
    /// shards, in exactly one shard (the one its path alone hashes to).
    public func reportsBrokenFile(_ file: String) -> Bool {
        shard?.contains(file: file, scenario: "") ?? true
    }
}

/// `--shard I/N`: shard I (1-based) of N. A scenario belongs to the shard its file path and
/// name hash to (64-bit FNV-1a of `path`, a 0 byte, `name`, modulo N), so shards 1...N
/// add up to the whole, none twice, and adding a file moves no other scenario.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 1_000_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `"2/4"`; nil unless both are whole numbers with 1 <= I <= N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
              let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public func contains(file: String, scenario name: String) -> Bool {
        Int(Shard.hash(file: file, scenario: name) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a over the UTF-8 of `file`, one 0 byte, and the UTF-8 of `name`: a fixed
    /// function, the same on every machine and run (Swift's `Hasher` is seeded per process).
    public static func hash(file: String, scenario name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        for b in file.utf8 { h = (h ^ UInt64(b)) &* prime }
        h = (h ^ 0) &* prime
        for b in name.utf8 { h = (h ^ UInt64(b)) &* prime }
        return h
    }
}

// MARK: - Preparing a file

/// A file read and checked clean, its selected scenarios ready to run. They are not held:
/// the file is streamed a second time (`nextScenario`), one scenario at a time, so a
/// 60 MB file costs its bytes and the scenarios running, not its whole tree.
final class PreparedFile: @unchecked Sendable {
    let source: SourceFile
    /// How many of its scenarios this run runs (after --filter and --shard).
    let count: Int
    /// Scenarios of the file that pass `--filter`, in any shard.
    let filterMatches: Int
    /// What its check warned about, if anything.
    let warnings: FileWarnings?
    private let selection: RunSelection
    private var stream: ScenarioStream
    private let lock = NSLock()
    private var cachedLines: SourceLines?

    init(source: SourceFile, count: Int, filterMatches: Int, selection: RunSelection, warnings: FileWarnings? = nil) {
        self.source = source
        self.count = count
        self.filterMatches = filterMatches
        self.selection = selection
        self.warnings = warnings
        stream = ScenarioStream(source, registry: selection.registry)
    }

    /// The next selected scenario, in file order; nil after the last (one caller at a time:
    /// the serial run and `--list`).
    func nextScenario() -> CheckedScenario? {
        while let sc = stream.next() {
            if selection.includes(file: source.name, scenario: sc.name) { return sc }
        }
        return nil
    }

    private let streamLock = NSLock()
    /// Selected scenarios read so far, and those read but not yet taken (by number).
    private var produced = 0
    private var waiting: [Int: CheckedScenario] = [:]

    /// Selected scenario `k` (from 0) for the parallel run's workers, each number taken
    /// once, in about increasing order: the file is read up to it (under this file's lock,
    /// not the run's), and the few read past a slower worker's wait here. Nil if the file
    /// has no scenario `k`.
    func scenario(_ k: Int) -> CheckedScenario? {
        streamLock.lock()
        defer { streamLock.unlock() }
        while produced <= k {
            guard let sc = nextScenario() else { return nil }
            waiting[produced] = sc
            produced += 1
        }
        return waiting.removeValue(forKey: k)
    }

    /// The file's line index, built once, when a failure needs it.
    var lines: SourceLines {
        lock.lock()
        defer { lock.unlock() }
        if let l = cachedLines { return l }
        let l = SourceLines(source)
        cachedLines = l
        return l
    }

    func run(_ sc: CheckedScenario, shouldInterrupt: @escaping () -> Bool) -> ScenarioOutcome {
        let r = runScenario(sc, shouldInterrupt: shouldInterrupt)
        return ScenarioOutcome(file: source.name, scenario: sc, result: r,
                               renderedFailure: r.failure.map { $0.render(sourceLines: lines) })
    }
}

/// What reading and checking a file gave.
enum FileStage {
    case failed(FileFailure)
    case ready(PreparedFile)
    /// Nothing of the file is in this run (filtered or in another shard); how many of its
    /// scenarios pass `--filter` in other shards.
    case skipped(filterMatches: Int)

    var filterMatches: Int {
        switch self {
        case .failed: return 0
        case .ready(let f): return f.filterMatches
        case .skipped(let n): return n
        }
    }
}

/// Reads a file and checks it to its end (nothing in a file with errors runs), counting
/// the scenarios the selection takes; the scenarios themselves are not kept.
func prepare(_ input: RunInput, _ selection: RunSelection) -> FileStage {
    let source: SourceFile
    switch input {
    case .unreadable(let path, let message):
        return unreadable(path, message, selection)
    case .path(let path):
        switch loadFile(path: path) {
        case .file(let s), .stream(let s): source = s
        case .unreadable(_, let message): return unreadable(path, message, selection)
        }
    case .source(let s):
        source = s
    }
    var check = ScenarioStream(source, keepsStatements: false, registry: selection.registry)
    var matching = 0
    var selected = 0
    while let sc = check.next() {
        guard selection.matchesFilter(file: source.name, scenario: sc.name) else { continue }
        matching += 1
        if selection.shard?.contains(file: source.name, scenario: sc.name) ?? true { selected += 1 }
    }
    if !check.diagnostics.isEmpty {
        guard selection.reportsBrokenFile(source.name) else { return .skipped(filterMatches: 0) }
        let n = check.diagnostics.count
        let lines = SourceLines(source)
        var rendered = ""
        for d in check.diagnostics { rendered += renderDiagnostic(d, sourceLines: lines) }
        return .failed(FileFailure(file: source.name, summary: "\(n) error\(n == 1 ? "" : "s"); nothing in this file ran",
                                   diagnostics: check.diagnostics, rendered: rendered, unreadable: false))
    }
    if selected == 0 { return .skipped(filterMatches: matching) }
    var warnings: FileWarnings?
    if !check.warnings.isEmpty {
        let lines = SourceLines(source)
        warnings = FileWarnings(file: source.name, diagnostics: check.warnings,
                                rendered: check.warnings.map { renderDiagnostic($0, sourceLines: lines) }.joined())
    }
    return .ready(PreparedFile(source: source, count: selected, filterMatches: matching, selection: selection, warnings: warnings))
}

private func unreadable(_ path: String, _ message: String, _ selection: RunSelection) -> FileStage {
    guard selection.reportsBrokenFile(path) else { return .skipped(filterMatches: 0) }
    return .failed(FileFailure(file: path, summary: message, diagnostics: [], rendered: "scrollscript: \(message)\n", unreadable: true))
}

// MARK: - Running

/// How a run runs.
public struct RunOptions {
    public var selection: RunSelection
    /// Worker threads; 1 runs everything on the calling thread. Output is the same for any value.
    public var jobs: Int
    /// Polled between scenarios and once per frame: true stops the run (Ctrl-C).
    public var shouldInterrupt: () -> Bool
    /// Called on the emitting thread after each event: (files done, files in all, failed so far).
    public var progress: ((Int, Int, Int) -> Void)?

    public init(selection: RunSelection = RunSelection(), jobs: Int = 1,
                shouldInterrupt: @escaping () -> Bool = { false }, progress: ((Int, Int, Int) -> Void)? = nil) {
        self.selection = selection
        self.jobs = max(1, jobs)
        self.shouldInterrupt = shouldInterrupt
        self.progress = progress
    }
}

/// The most worker threads a run starts.
public let maxRunJobs = 256

/// Runs every selected scenario of `inputs` and hands each event, in input order, to
/// every reporter; then the summary. Returns the summary.
@discardableResult
public func runScenarios(_ inputs: [RunInput], options: RunOptions, reporters: [RunReporter]) -> RunSummary {
    var summary = RunSummary()
    var filesDone = 0
    var filterMatches = 0
    func sawStage(_ stage: FileStage) { filterMatches += stage.filterMatches }
    func emit(_ e: RunEvent) {
        switch e {
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
    func fileDone() {
        filesDone += 1
        options.progress?(filesDone, inputs.count, summary.failed + summary.fileErrors)
    }
    let completed: Bool
    if options.jobs <= 1 || inputs.isEmpty {
        completed = runSerially(inputs, options, sawStage, emit, fileDone)
    } else {
        completed = ParallelRun(inputs, options).run(sawStage, emit, fileDone)
    }
    if !completed { summary.interrupted = true }
    if summary.interrupted {
        summary.exitStatus = 130
    } else if summary.passed + summary.failed == 0 && summary.fileErrors == 0 {
        let sel = options.selection
        if !sel.filters.isEmpty && filterMatches == 0 {
            summary.nothingRan = noFilterMatch(sel.filters)
            summary.exitStatus = 2
        } else if let s = sel.shard, filterMatches > 0 {
            // A small suite over many CI jobs leaves some shards empty: that is not an
            // error, as long as the suite (after --filter) has scenarios in other shards.
            summary.nothingRan = "shard \(s.index)/\(s.count) has no scenarios"
        } else {
            summary.nothingRan = "no scenario found"
            summary.exitStatus = 2
        }
    }
    for r in reporters { r.finish(summary) }
    return summary
}

/// `--jobs 1`: everything on the calling thread. Returns false when interrupted.
private func runSerially(_ inputs: [RunInput], _ options: RunOptions, _ sawStage: (FileStage) -> Void,
                         _ emit: (RunEvent) -> Void, _ fileDone: () -> Void) -> Bool {
    for input in inputs {
        if options.shouldInterrupt() { return false }
        let stage = prepare(input, options.selection)
        sawStage(stage)
        switch stage {
        case .skipped: break
        case .failed(let f): emit(.fileFailed(f))
        case .ready(let file):
            if let w = file.warnings { emit(.fileWarnings(w)) }
            for _ in 0..<file.count {
                if options.shouldInterrupt() { return false }
                guard let sc = file.nextScenario() else { break }
                emit(.scenario(file.run(sc, shouldInterrupt: options.shouldInterrupt)))
            }
        }
        fileDone()
    }
    return true
}

/// `--jobs N`: N worker threads take the next piece of work — a scenario of the earliest
/// file that has one waiting, else reading and checking the next file — while the calling
/// thread emits results strictly in input order. At most `window` pieces are started
/// and not yet emitted (the emitter's current file may always run up to `window`
/// scenarios past the one it waits for, so the window cannot deadlock), so memory stays
/// bounded however many files there are, and however many scenarios one file has.
private final class ParallelRun: @unchecked Sendable {
    final class OpenFile {
        let index: Int
        var stage: FileStage?
        var stageEmitted = false
        var nextStart = 0
        var emitted = 0
        var results: [Int: ScenarioOutcome] = [:]
        /// Set if the file's second reading ended before the count its check gave (it
        /// cannot: the same bytes, the same checks; but then the file ends there, no wait).
        var endedAt: Int?
        init(index: Int) { self.index = index }
        var scenarioCount: Int {
            if let endedAt { return endedAt }
            if case .ready(let f)? = stage { return f.count }
            return 0
        }
    }

    enum Job {
        case check(OpenFile)
        case scenario(OpenFile, PreparedFile, Int)
    }

    let inputs: [RunInput]
    let options: RunOptions
    let jobs: Int
    let window: Int
    let cond = NSCondition()
    var open: [OpenFile] = []     // in input order; open[0] is the emitter's file once started
    var nextFile = 0
    var emitFile = 0
    var startedNotEmitted = 0
    var busy = 0
    var alive = 0
    var stopping = false

    init(_ inputs: [RunInput], _ options: RunOptions) {
        self.inputs = inputs
        self.options = options
        jobs = min(options.jobs, maxRunJobs)
        window = 4 * jobs
    }

    func run(_ sawStage: (FileStage) -> Void, _ emit: (RunEvent) -> Void, _ fileDone: () -> Void) -> Bool {
        alive = jobs
        for _ in 0..<jobs {
            let t = Thread { [self] in work() }
            // Parsing, checking and evaluating recurse once per level of an expression
            // (up to 256 levels); a debug build needs about 8 MB for that. Address space only.
            t.stackSize = 64 << 20
            t.start()
        }
        var completed = true
        while true {
            cond.lock()
            var event: RunEvent?
            var stageSeen: FileStage?
            var finishedFile = false
            while event == nil && !finishedFile {
                if emitFile == inputs.count { break }
                if let f = open.first, f.index == emitFile, let stage = f.stage {
                    if !f.stageEmitted {
                        f.stageEmitted = true
                        stageSeen = stage
                        if case .failed(let ff) = stage { event = .fileFailed(ff) }
                        if case .ready(let pf) = stage, let w = pf.warnings { event = .fileWarnings(w) }
                        continue
                    }
                    if f.emitted < f.scenarioCount {
                        if let r = f.results.removeValue(forKey: f.emitted) {
                            f.emitted += 1
                            startedNotEmitted -= 1
                            event = .scenario(r)
                            cond.broadcast()
                        }
                    } else {
                        open.removeFirst()
                        emitFile += 1
                        startedNotEmitted -= 1
                        finishedFile = true
                        cond.broadcast()
                        continue
                    }
                }
                if event != nil { break }
                if stopping && busy == 0 { break }
                if options.shouldInterrupt() {
                    stopping = true
                    cond.broadcast()
                }
                _ = cond.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
            let done = event == nil && !finishedFile
            if done && emitFile < inputs.count { completed = false }
            cond.unlock()
            if let stageSeen { sawStage(stageSeen) }
            if let event { emit(event) }
            if finishedFile { fileDone() }
            if done { break }
        }
        // Every worker leaves once there is nothing left or the run stops: wait for them.
        cond.lock()
        stopping = true
        cond.broadcast()
        while alive > 0 { _ = cond.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        // Stopped by Ctrl-C: a scenario of a later file may have run (and been interrupted)
        // while an earlier file was still being checked, so the loop above could not reach
        // it in order. Everything that ran is still reported, in input order; what never
        // started is not.
        var leftStages: [FileStage] = []
        var leftEvents: [RunEvent] = []
        for f in open {
            if !f.stageEmitted, let stage = f.stage {
                f.stageEmitted = true
                leftStages.append(stage)
                if case .failed(let ff) = stage { leftEvents.append(.fileFailed(ff)) }
                if case .ready(let pf) = stage, let w = pf.warnings { leftEvents.append(.fileWarnings(w)) }
            }
            for k in f.results.keys.sorted() {
                if let r = f.results.removeValue(forKey: k) { leftEvents.append(.scenario(r)) }
            }
        }
        open.removeAll()
        cond.unlock()
        for stage in leftStages { sawStage(stage) }
        for e in leftEvents { emit(e) }
        return completed
    }

    /// The next piece of work, or nil when this worker should leave. Called with the lock held.
    private func nextJob() -> Job? {
        while true {
            if stopping { return nil }
            if options.shouldInterrupt() {
                stopping = true
                cond.broadcast()
                return nil
            }
            var pending = false
            for f in open {
                guard case .ready(let pf)? = f.stage else {
                    if f.stage == nil { pending = true }
                    continue
                }
                guard f.nextStart < f.scenarioCount else { continue }
                pending = true
                if f.index == emitFile ? f.nextStart - f.emitted < window : startedNotEmitted < window {
                    let k = f.nextStart
                    f.nextStart += 1
                    startedNotEmitted += 1
                    return .scenario(f, pf, k)
                }
                break
            }
            if nextFile < inputs.count {
                pending = true
                if nextFile == emitFile || (startedNotEmitted < window && open.count < window) {
                    let f = OpenFile(index: nextFile)
                    nextFile += 1
                    open.append(f)
                    startedNotEmitted += 1
                    return .check(f)
                }
            }
            if !pending { return nil }
            _ = cond.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
    }

    private func work() {
        cond.lock()
        while let job = nextJob() {
            busy += 1
            cond.unlock()
            switch job {
            case .check(let f):
                let stage = prepare(inputs[f.index], options.selection)
                cond.lock()
                f.stage = stage
            case .scenario(let f, let pf, let k):
                // Read (parsed and checked) outside the run's lock.
                let r = pf.scenario(k).map { pf.run($0, shouldInterrupt: options.shouldInterrupt) }
                cond.lock()
                if let r {
                    f.results[k] = r
                } else {
                    // The file's second reading ended before its check's count (it cannot:
                    // the same bytes, the same checks); the file ends there, no wait.
                    f.endedAt = min(f.endedAt ?? k, k)
                    startedNotEmitted -= 1
                }
            }
            busy -= 1
            cond.broadcast()
        }
        alive -= 1
        cond.broadcast()
        cond.unlock()
    }
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

// MARK: - --list

/// `run --list`: the scenarios that would run (after filter and shard), one per line —
/// `FILE  "NAME"`, or with `jsonl` `{"type":"scenario","file":F,"name":N,"line":L}` — in
/// the order a run would run them. A file that could not be read or checked prints its
/// `ERROR` line (and its diagnostics on standard error) as in a run. Returns the exit
/// status: 0, or 2 for a file error or when nothing would run.
public func listScenarios(_ inputs: [RunInput], selection: RunSelection, jsonl: Bool, output: RunOutput) -> Int32 {
    var status: Int32 = 0
    var count = 0
    var filterMatches = 0
    for input in inputs {
        let stage = prepare(input, selection)
        filterMatches += stage.filterMatches
        switch stage {
        case .skipped: break
        case .failed(let f):
            status = 2
            if jsonl {
                output.out("{\"type\":\"error\",\"file\":\(jsonString(f.file)),\"message\":\(jsonString(f.summary))}\n")
            } else {
                output.out("ERROR  \(f.file)  (\(f.summary))\n")
            }
            output.err(f.rendered)
        case .ready(let file):
            while let sc = file.nextScenario() {
                count += 1
                if jsonl {
                    output.out("{\"type\":\"scenario\",\"file\":\(jsonString(file.source.name)),\"name\":\(jsonString(sc.name)),\"line\":\(sc.location.line)}\n")
                } else {
                    output.out("\(file.source.name)  \(quoteString(sc.name))\n")
                }
            }
        }
        output.endOfEvent()
    }
    if count == 0 && status == 0 {
        if !selection.filters.isEmpty && filterMatches == 0 {
            output.err("scrollscript: \(noFilterMatch(selection.filters))\n")
            status = 2
        } else if selection.shard == nil || filterMatches == 0 {
            output.err("scrollscript: no scenario found\n")
            status = 2
        }
    }
    return status
}

/// `no scenario matches --filter "a" or --filter "b"`
private func noFilterMatch(_ filters: [String]) -> String {
    "no scenario matches " + filters.map { "--filter \(quoteString($0))" }.joined(separator: " or ")
}
