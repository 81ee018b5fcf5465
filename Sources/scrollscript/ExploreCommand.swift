// `scrollscript explore FILE [--scenario NAME] [--runs N] [--steps M] [--seed S] [--jobs N]
// [-o OUT]`: reads the file and the options; the library explores, shrinks and verifies
// (Sources/ScrollScript/Explore/). Here: the progress line (on a terminal only), the
// wall-clock figure (standard error only) and writing OUT.
import Foundation
import ScrollScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let exploreCommand = Command(
    name: "explore",
    summary: "find and shrink a gesture sequence that breaks a scenario's 'expect always' lines",
    help: """
    usage: scrollscript explore FILE [--scenario NAME] [--runs N] [--steps M] [--seed S]
                                [--jobs N] [-o OUT]

    Property-based exploration. The scenario's configuration and its 'expect always'
    lines are the property (its other statements are ignored). N runs (default 200) each
    draw up to M actions (default 12) from pull, drag, fling, release, tap header I (a
    section header), tap NAME (each view of the declared behaviours a tap aims at:
    header, toolbar, a behaviour of your own's views), tap X Y, wait, tick and settle,
    each only where the interpreter accepts it, and run them with the invariants checked
    after every frame.
    The first violation (the lowest run index) is shrunk -- steps removed, then actions
    and numbers simplified -- while it still breaks the same invariant, and written (to
    OUT, else standard output) as a scenario that 'scrollscript run' fails the same way;
    the tool runs it once more to make sure before writing it.

    --scenario NAME  the scenario to explore (default: the file's only scenario, or the
                     first one with an 'expect always' line)
    --runs N         runs (1 to 10000000; default 200)
    --steps M        actions per run at most (1 to 10000; default 12)
    --seed S         the seed (0 to 18446744073709551615; default 1): run i draws from
                     SplitMix64 seeded with (S, i), so the same seed gives the same bytes
    --jobs N         worker threads (1 to 256; default the number of cores); the output
                     is the same for every N
    -o OUT           write the counterexample to OUT instead of standard output

    A progress line goes to standard error when it is a terminal; a summary (runs,
    steps, frames, seed, then the wall-clock time on its own line) goes to standard
    error at the end. docs/explore.md describes the generator, the shrinker and the
    bounds.

    Exit status: 0 no invariant broken; 1 a counterexample was found; 2 the file cannot
    be read or checked, the scenario has no 'expect always' line, or the command line
    is wrong.

    """,
    run: runExplore)

func runExplore(_ args: [String]) -> Int32 {
    var file: String?
    var scenario: String?
    var out: String?
    var options = ExploreOptions()
    options.registry = commandRegistry
    options.jobs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, ExploreOptions.maxJobs))
    let known = ["--scenario", "--runs", "--steps", "--seed", "--jobs", "-o", "--help"]
    func whole(_ name: String, _ text: String, _ range: ClosedRange<Int>) -> Int? {
        guard let n = Int(text), range.contains(n) else {
            _ = usageError("explore: \(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            return nil
        }
        return n
    }
    let accepted = CommandOptions(command: "explore", valued: known.filter { $0 != "--help" }, known: known)
    if let status = readArguments(args, accepted, { argument -> Int32? in
        let (a, v): (String, String)
        switch argument {
        case .operand(let name):
            if let first = file { return usageError("explore: one FILE at a time ('\(first)' and '\(name)')") }
            file = name
            return nil
        case .flag: return nil
        case .option(let name, let value): (a, v) = (name, value)
        }
        switch a {
        case "--scenario": scenario = v
        case "-o":
            if v.isEmpty { return usageError("explore: -o needs a file name") }
            out = v
        case "--runs":
            guard let n = whole(a, v, 1...ExploreOptions.maxRuns) else { return 2 }
            options.runs = n
        case "--steps":
            guard let n = whole(a, v, 1...ExploreOptions.maxSteps) else { return 2 }
            options.steps = n
        case "--jobs":
            guard let n = whole(a, v, 1...ExploreOptions.maxJobs) else { return 2 }
            options.jobs = n
        case "--seed":
            guard let s = UInt64(v) else {
                return usageError("explore: --seed needs a whole number from 0 to \(UInt64.max), not '\(v)'")
            }
            options.seed = s
        default:
            break
        }
        return nil
    }) {
        return status
    }
    guard let file else { return usageError("explore: no FILE given (usage: scrollscript explore FILE [options])") }
    if let out, file != "-", let a = realpath(file, nil) {
        // Writing the counterexample over the file explored would lose the property.
        let b = realpath(out, nil)
        defer { free(a); free(b) }
        if let b, strcmp(a, b) == 0 {
            return usageError("explore: -o \(out) is the file being explored; write the counterexample to another file")
        }
    }
    let source: SourceFile
    switch loadSource(argument: file) {
    case .success(let s): source = s
    case .failure(let e):
        writeErr("scrollscript: \(e.message)\n")
        return 2
    }
    let onTerminal = isatty(2) == 1
    let runs = options.runs
    let started = DispatchTime.now().uptimeNanoseconds
    // The progress line is rewritten at most 10 times a second (and for the last batch).
    var lastShown: UInt64 = 0
    let progress: (Int) -> Void = { done in
        let now = DispatchTime.now().uptimeNanoseconds
        guard done == runs || lastShown == 0 || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        writeErr("\rexplore: \(done)/\(runs) runs")
    }
    let report = exploreFile(source, scenario: scenario, options: options, outputName: out ?? "<explore>",
                             progress: onTerminal ? progress : nil)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    if onTerminal && report.stats.runs > 0 { writeErr("\r\u{1B}[K") }
    if let text = report.scenarioText {
        if let out {
            if let problem = writeNewOrReplace(path: out, bytes: Array(text.utf8)) {
                writeErr(report.messages)
                writeErr("scrollscript: explore: \(problem)\n")
                return 2
            }
        } else {
            writeOut(text)
        }
    }
    writeErr(report.messages)
    if report.stats.runs > 0 {
        // Runs per second only when every run was made (a search that stops at a
        // counterexample also spent time shrinking it, and ran part of a batch past it).
        let rate = report.counterexample == nil && seconds > 0
            ? ", \(formatFixed(Double(report.stats.runs) / seconds, 0)) runs/s" : ""
        writeErr("explore: wall-clock \(formatFixed(seconds, 3)) s (\(options.jobs) job\(options.jobs == 1 ? "" : "s")\(rate))\n")
    }
    if let out, report.scenarioText != nil { writeErr("explore: counterexample written to \(out)\n") }
    return report.exitStatus
}
