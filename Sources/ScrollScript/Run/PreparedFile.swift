// A file of a run, read and checked, its selected scenarios ready to run.
//
// A file is read once and checked to its end before anything in it runs (nothing in a
// file with errors runs). A file of up to `PreparedFile.heldBytes` keeps the scenarios its
// check gave, so it is parsed and checked once. A larger one keeps only their count and is
// streamed a second time (`ScenarioStream`), one scenario at a time as they run: its whole
// tree would take about 20 times its size, its bytes and the scenarios running take about
// twice. `run --update` fills a file's `?`s here too, before its scenarios run
// (Recording.swift); a file it rewrote is checked again, from its new bytes.
import Foundation

/// A file read and checked clean, its selected scenarios ready to run.
final class PreparedFile: @unchecked Sendable {
    /// The largest file whose checked scenarios are kept from its check.
    static let heldBytes = 256 << 10

    let source: SourceFile
    /// How many of its scenarios this run runs (after --filter and --shard).
    let count: Int
    /// Scenarios of the file that pass `--filter`, in any shard.
    let filterMatches: Int
    /// What its check warned about, if anything.
    let warnings: FileWarnings?
    private let selection: RunSelection
    /// The selected scenarios, in file order, when the file was small enough to keep them.
    private let held: [CheckedScenario]?
    /// A large file's second reading (under `streamLock`), the selected scenarios read so
    /// far, and those read but not yet taken (by number).
    private let streamLock = NSLock()
    private var stream: ScenarioStream?
    private var produced = 0
    private var waiting: [Int: CheckedScenario] = [:]
    private let linesLock = NSLock()
    private var cachedLines: SourceLines?

    private init(source: SourceFile, count: Int, filterMatches: Int, warnings: FileWarnings?, selection: RunSelection,
                 held: [CheckedScenario]?) {
        self.source = source
        self.count = count
        self.filterMatches = filterMatches
        self.warnings = warnings
        self.selection = selection
        self.held = held
    }

    /// Selected scenario `k` (from 0), from any thread; each number is asked for once, in
    /// about increasing order (a large file is read up to it, under this file's lock, and
    /// the few read past a slower caller's wait here). Nil if the file has no scenario `k`.
    func scenario(_ k: Int) -> CheckedScenario? {
        if let held { return k < held.count ? held[k] : nil }
        streamLock.lock()
        defer { streamLock.unlock() }
        if stream == nil { stream = ScenarioStream(source, registry: selection.registry) }
        while produced < k {
            guard let sc = nextSelected(&stream!) else { return nil }
            waiting[produced] = sc
            produced += 1
        }
        if produced > k { return waiting.removeValue(forKey: k) }
        // The next one to read (the usual case: callers ask in order): handed over directly.
        produced += 1
        return nextSelected(&stream!)
    }

    /// Every selected scenario, in file order, for one caller (`--list`, `--update`'s
    /// recording): the kept ones, or a reading of its own.
    func scenarios() -> AnyIterator<CheckedScenario> {
        if let held { return AnyIterator(held.makeIterator()) }
        var own = ScenarioStream(source, registry: selection.registry)
        return AnyIterator { [self] in nextSelected(&own) }
    }

    private func nextSelected(_ s: inout ScenarioStream) -> CheckedScenario? {
        while let sc = s.next() {
            if selection.includes(file: source.name, scenario: sc.name) { return sc }
        }
        return nil
    }

    /// The file's line index, built once, when a failure needs it.
    var lines: SourceLines {
        linesLock.lock()
        defer { linesLock.unlock() }
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

    /// Checks `source` to its end, counting (and, for a small file, keeping) the scenarios
    /// the selection takes.
    static func check(_ source: SourceFile, _ selection: RunSelection) -> FileStage {
        let keeps = source.bytes.count <= heldBytes
        var check = ScenarioStream(source, keepsStatements: keeps, registry: selection.registry)
        var matching = 0
        var selected: [CheckedScenario] = []
        var selectedCount = 0
        while let sc = check.next() {
            guard selection.matchesFilter(file: source.name, scenario: sc.name) else { continue }
            matching += 1
            guard selection.shard?.contains(file: source.name, scenario: sc.name) ?? true else { continue }
            selectedCount += 1
            if keeps { selected.append(sc) }
        }
        // `--strict`: the warnings are errors, among the file's other errors.
        let strictWarnings = selection.strict ? check.warnings.map(\.strict) : []
        if !check.diagnostics.isEmpty || !strictWarnings.isEmpty {
            guard selection.reportsBrokenFile(source.name) else { return .skipped(filterMatches: 0) }
            let all = sortedDiagnostics(check.diagnostics + strictWarnings)
            let lines = SourceLines(source)
            var rendered = ""
            for d in all { rendered += renderDiagnostic(d, sourceLines: lines) }
            return .failed(FileFailure(file: source.name, summary: brokenFileSummary(errors: check.diagnostics.count, strictWarnings: strictWarnings.count),
                                       diagnostics: all, rendered: rendered, unreadable: false))
        }
        if selectedCount == 0 { return .skipped(filterMatches: matching) }
        var warnings: FileWarnings?
        if !check.warnings.isEmpty {
            let lines = SourceLines(source)
            warnings = FileWarnings(file: source.name, diagnostics: check.warnings,
                                    rendered: check.warnings.map { renderDiagnostic($0, sourceLines: lines) }.joined())
        }
        return .ready(PreparedFile(source: source, count: selectedCount, filterMatches: matching, warnings: warnings,
                                   selection: selection, held: keeps ? selected : nil))
    }
}

/// `2 errors; nothing in this file ran`; with `--strict`, `1 warning (an error with
/// --strict); ...` or `1 error, 2 warnings (errors with --strict); ...`.
func brokenFileSummary(errors: Int, strictWarnings: Int) -> String {
    var parts: [String] = []
    if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
    if strictWarnings > 0 {
        parts.append(strictWarnings == 1 ? "1 warning (an error with --strict)" : "\(strictWarnings) warnings (errors with --strict)")
    }
    return parts.joined(separator: ", ") + "; nothing in this file ran"
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

/// A file's stage, and what `run --update` did to it first.
struct PreparedInput {
    var stage: FileStage
    var recorded: RecordingUpdate?
}

/// Reads an input and checks it to its end; with `options.update`, fills its `?`s first
/// (and checks the rewritten file).
func prepare(_ input: RunInput, _ options: RunOptions) -> PreparedInput {
    let selection = options.selection
    let source: SourceFile
    switch input {
    case .unreadable(let path, let message):
        return PreparedInput(stage: unreadable(path, message, selection))
    case .path(let path):
        switch loadFile(path: path) {
        case .file(let s), .stream(let s): source = s
        case .unreadable(_, let message): return PreparedInput(stage: unreadable(path, message, selection))
        }
    case .source(let s):
        source = s
    }
    let stage = PreparedFile.check(source, selection)
    guard let update = options.update, case .ready(let file) = stage,
          let (bytes, recordings) = recordPlaceholders(in: file, shouldInterrupt: options.shouldInterrupt) else {
        return PreparedInput(stage: stage)
    }
    guard case .path(let path) = input else {
        // Standard input and `-e` text cannot be written: they run as they are.
        return PreparedInput(stage: stage, recorded: RecordingUpdate(
            path: source.name, written: 0, recordings: recordings,
            error: "cannot write recorded values into \(source.name): it is not a file"))
    }
    if let problem = update.write(path, bytes) {
        return PreparedInput(stage: stage, recorded: RecordingUpdate(path: path, written: 0, recordings: recordings, error: problem))
    }
    // The run runs what the file now says.
    return PreparedInput(stage: PreparedFile.check(SourceFile(name: source.name, bytes: bytes), selection),
                         recorded: RecordingUpdate(path: path, written: recordings.count, recordings: recordings, error: nil))
}

private func unreadable(_ path: String, _ message: String, _ selection: RunSelection) -> FileStage {
    guard selection.reportsBrokenFile(path) else { return .skipped(filterMatches: 0) }
    return .failed(FileFailure(file: path, summary: message, diagnostics: [], rendered: "scrollscript: \(message)\n", unreadable: true))
}
