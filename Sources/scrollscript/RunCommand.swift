// `scrollscript run`: reads the command line, then hands the inputs to the library's
// `runScenarios` (Sources/ScrollScript/Run/Runner.swift) with the reporters asked for
// (Sources/ScrollScript/Run/Report/).
import Foundation
import ScrollScript

let runCommand = Command(
    name: "run",
    summary: "run scenario files (default: scenarios/)",
    help: """
    usage: scrollscript run [PATH ...] [-e TEXT] [-] [options]

    Runs scenario files. A directory gives every *.scroll inside it, recursively, not
    following directory links, sorted by the bytes of their paths; with no PATH the
    directory 'scenarios' is run. '-' reads a file from standard input, and so does a
    FIFO or pipe named as a PATH (run <(...)); '-e TEXT' runs TEXT as a file (one
    scenario when it has no scenario blocks). A path that cannot be read (missing, no
    permission, a broken link, a folder the walk cannot open) is an error with the
    system's reason: its line says ERROR and the exit status is 2. '--' ends the options.

    options:
      --filter TEXT        only scenarios whose file path or name contains TEXT (any
                           case); repeatable: any one matching is enough
      --shard I/N          only shard I of N: a stable partition by file path and
                           scenario name (shards 1..N add up to the whole, none twice)
      --list               print the scenarios that would run, without running them
      --format FORMAT      text (default), jsonl (one JSON object per scenario, then a
                           summary), or github (text plus ::error commands)
      --junit FILE         also write a JUnit XML report to FILE (atomically)
      --jobs N             run N files/scenarios at once (default: the number of cores);
                           the output is the same for every N
      --color WHEN         auto (default: on a terminal, unless NO_COLOR is set),
                           always or never
      --artifacts DIR      for each failed scenario, write its plot (.svg) and replay
                           page (.html) into DIR, named FILE--SCENARIO-HASH
                           (docs/pictures.md)
      --update             for each file, first run its selected scenarios recording
                           the value each 'expect X == ?' / 'expect X ~= ?' observes,
                           write those values in place of the '?'s (no other byte of
                           the file changes; atomically; listed on standard error),
                           then run the file as usual
      --strict             every warning of the checker is an error: a file that warns
                           (a condition alone on a line, '#expect(...)', a scenario
                           with no expect/print/frames, 'wait 300', 'drag D in 500')
                           runs nothing, its warnings printed as 'error: ... [--strict]'
      --watch              run, then run again the files that change (written,
                           created, renamed into place or deleted under the paths;
                           every file when a directory changes), each round under a
                           '--- round N: ...' line, until Ctrl-C (status 130);
                           docs/watch.md

    Output: one line per scenario, 'PASS' or 'FAIL', the file, the scenario's name and
    its simulated duration; print/frames output indented under it; each failure as
    FILE:LINE:COL: error: MESSAGE, the source line, a caret and the values involved.
    A file that cannot run prints 'ERROR  FILE  (...)' and its diagnostics on standard
    error. The checker's warnings (FILE:LINE:COL: warning: MESSAGE, with the fix) go to
    standard error before the file's scenarios; they change nothing unless --strict. At the end, 'failures:' lists each failed scenario and each file that could
    not run; the last line is 'N passed, M failed', with ', K errors' when K files could
    not run. Ctrl-C stops every scenario at once.

    Exit status: 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed
    or checked (its scenarios do not run; the others do), no scenario was found, or the
    command line was wrong; 130 interrupted.

    """,
    run: runRunCommand)

private let runOptions = ["-e", "--filter", "--shard", "--list", "--format", "--junit", "--jobs", "--color", "--update", "--artifacts", "--strict", "--watch", "--help"]

func runRunCommand(_ args: [String]) -> Int32 {
    var sources: [InputName] = []
    var filters: [String] = []
    var shard: Shard?
    var list = false
    var format = "text"
    var junit: String?
    var artifacts: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var color = "auto"
    var update = false
    var watch = false
    var strict = false
    // --option=value is the same as --option value.
    let accepted = CommandOptions(command: "run", flags: ["--list", "--update", "--watch", "--strict"],
                                 valued: ["-e", "--filter", "--shard", "--format", "--junit", "--jobs", "--color", "--artifacts"],
                                 known: runOptions, inlineValues: true)
    if let status = readArguments(args, accepted, { argument -> Int32? in
        switch argument {
        case .operand(let a): sources.append(InputName(argument: a))
        case .flag(let a):
            switch a {
            case "--list": list = true
            case "--update": update = true
            case "--watch": watch = true
            default: strict = true
            }
        case .option(let a, let v):
            switch a {
            case "-e": sources.append(.text(v))
            case "--filter": filters.append(v)
            case "--shard":
                guard let s = Shard(parsing: v) else {
                    return usageError("run: --shard takes I/N with 1 <= I <= N (e.g. --shard 2/4), not '\(v)'")
                }
                shard = s
            case "--format":
                guard ["text", "jsonl", "github"].contains(v) else {
                    if v.lowercased() == "junit" || v.lowercased() == "xml" {
                        return usageError("run: --format is text, jsonl or github, not '\(v)': a JUnit XML report is written with --junit FILE (beside any --format)")
                    }
                    return usageError("run: --format is text, jsonl or github, not '\(v)'" + didYouMean(v, ["text", "jsonl", "github"]))
                }
                format = v
            case "--junit":
                guard !v.isEmpty else { return usageError("run: --junit needs a file name") }
                junit = v
            case "--artifacts":
                guard !v.isEmpty else { return usageError("run: --artifacts needs a directory") }
                artifacts = v
            case "--jobs":
                guard let n = Int(v), n >= 1, n <= maxRunJobs else {
                    return usageError("run: --jobs takes a whole number from 1 to \(maxRunJobs), not '\(v)'")
                }
                jobs = n
            default:
                guard ["auto", "always", "never"].contains(v) else {
                    return usageError("run: --color is auto, always or never, not '\(v)'" + didYouMean(v, ["auto", "always", "never"]))
                }
                color = v
            }
        }
        return nil
    }) {
        return status
    }
    if sources.isEmpty {
        // The default: said as such when it is not here (`run` outside a project).
        guard FileManager.default.fileExists(atPath: "scenarios") else {
            return usageError("run: no PATH given, and no 'scenarios' folder here (the default it looks for): give a .scroll file or a folder, as in 'scrollscript run first.scroll'")
        }
        sources = [.path("scenarios")]
    }
    var watchedPaths: [String] = []
    if watch {
        for source in sources {
            guard case .path(let p) = source else {
                return usageError("run: --watch watches files and directories; standard input and -e cannot be watched")
            }
            watchedPaths.append(p)
        }
        if list { return usageError("run: --watch and --list do not go together (--list runs nothing)") }
    }

    let selection = RunSelection(filters: filters, shard: shard, registry: commandRegistry, strict: strict)
    let env = ProcessInfo.processInfo.environment
    let noColor = !(env["NO_COLOR"] ?? "").isEmpty
    let useColor = format != "jsonl" && (color == "always" || (color == "auto" && !noColor && StandardRunOutput.isTerminal(1)))
    // The progress line counts from the start of the run: not across the rounds of --watch.
    let showProgress = StandardRunOutput.isTerminal(2) && !list && !watch
    let output = StandardRunOutput(progressClock: showProgress ? monotonicSeconds : nil)
    defer { output.finish() }

    if list {
        // Paths only: each file is read when its turn comes, so memory does not grow with
        // the number of files.
        return listScenarios(locateInputs(sources).map(\.runInput), selection: selection, jsonl: format == "jsonl", output: output)
    }

    /// The reporters of one run (or one round of --watch), and false after saying why one
    /// of them could not be made (the others are there).
    func makeReports() -> (Reports, Bool) {
        let reports = Reports(output: output)
        if format == "jsonl" {
            reports.reporters.append(JSONLinesReporter(output: output))
        } else {
            reports.reporters.append(TextReporter(output: output, style: TextStyle(color: useColor, github: format == "github")))
        }
        var made = true
        /// A reporter that may not be made (its file or folder refused): added, or why not
        /// said on standard error.
        func add<R: RunReporter, E: Error>(_ make: () throws(E) -> R, _ why: (E) -> String) -> R? {
            do {
                let r = try make()
                reports.reporters.append(r)
                return r
            } catch {
                output.err("scrollscript: \(why(error))\n")
                made = false
                return nil
            }
        }
        if let junit {
            reports.junit = add({ () throws(JUnitWriteError) in try JUnitReporter(path: junit) }) { $0.message }
        }
        if let artifacts {
            reports.artifacts = add({ try FailureArtifacts(directory: artifacts) }) {
                "run: \(($0 as? PictureError)?.message ?? "\($0)"); see 'scrollscript --help'"
            }
        }
        return (reports, made)
    }

    Interrupt.install()
    // --update (spec §5 recording): each file's '?'s are filled before its scenarios run.
    let options = RunOptions(selection: selection, jobs: jobs, shouldInterrupt: Interrupt.poll,
                             progress: { output.progress(done: $0, total: $1, failed: $2) },
                             update: update ? RunUpdate() : nil)
    // A report that cannot be written is refused before anything runs.
    let (first, made) = makeReports()
    guard made else { return 2 }
    if watch {
        return runWatch(watchedPaths, options: options, output: output, jsonl: format == "jsonl", first: first, makeReports: makeReports)
    }
    let summary = runScenarios(locateInputs(sources).map(\.runInput), options: options, reporters: first.all)
    return first.junitFailed ? max(summary.exitStatus, 2) : summary.exitStatus
}

/// The reporters of one run; itself the last of them: when the run ends, it says what the
/// JUnit and artifacts reporters could not write.
private final class Reports: RunReporter {
    var reporters: [RunReporter] = []
    var junit: JUnitReporter?
    var artifacts: FailureArtifacts?
    private(set) var junitFailed = false
    private let output: RunOutput

    init(output: RunOutput) { self.output = output }

    /// Every reporter, this one last.
    var all: [RunReporter] { reporters + [self] }

    func handle(_ event: RunEvent) {}

    func finish(_ summary: RunSummary) {
        for problem in artifacts?.problems ?? [] { output.err("scrollscript: --artifacts: \(problem)\n") }
        if let failure = junit?.failure {
            output.err("scrollscript: \(failure)\n")
            junitFailed = true
        }
    }
}

/// `run --watch`: the library's `watchScenarios` (Sources/ScrollScript/Run/WatchRun.swift)
/// over the system's file watcher; each round starts with its separator line.
private func runWatch(_ paths: [String], options: RunOptions, output: StandardRunOutput, jsonl: Bool,
                      first: Reports, makeReports: () -> (Reports, Bool)) -> Int32 {
    let watcher: FileWatcher
    switch makeFileWatcher(paths: paths) {
    case .failure(let e):
        output.err("scrollscript: \(e.message)\n")
        return 2
    case .success(let w):
        watcher = w.watcher
        if let note = w.note { output.err("scrollscript: \(note)\n") }
    }
    var firstRound: Reports? = first
    return watchScenarios(paths: paths, options: options, watcher: watcher, wakeFD: Interrupt.wakeDescriptor) { round in
        for problem in round.changes?.unwatched ?? [] { output.err("scrollscript: \(problem); changes there are not seen\n") }
        output.out(jsonl ? String(decoding: round.json.encoded(), as: UTF8.self) + "\n" : round.separator + "\n")
        output.endOfEvent()
        let reports = firstRound ?? makeReports().0
        firstRound = nil
        return reports.all
    }
}

/// Seconds on a monotonic clock: only for deciding when to show the progress line.
private func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
