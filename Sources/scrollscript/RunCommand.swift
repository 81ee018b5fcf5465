// `scrollscript run [PATH ...] [-e TEXT] [-] [--filter TEXT]`: reads files and arguments;
// the library's Runner does the work (Sources/ScrollScript/Interpreter/Runner.swift).
import Foundation
import ScrollScript

let runCommand = Command(
    name: "run",
    summary: "run scenario files (default: scenarios/)",
    help: """
    usage: scrollscript run [PATH ...] [-e TEXT] [-] [--filter TEXT] [--artifacts DIR]

    Runs scenario files. A directory gives every *.scroll inside it, recursively, not
    following directory links, sorted by the bytes of their paths; with no PATH the
    directory 'scenarios' is run. '-' reads a file from standard input; '-e TEXT' runs
    TEXT as a file (one scenario when it has no scenario blocks). '--filter TEXT' runs
    only the scenarios whose name contains TEXT. '--artifacts DIR' writes, for each
    failed scenario, its plot (.svg) and replay page (.html) into DIR (created if
    needed), named FILE--SCENARIO-HASH (see docs/pictures.md). '--' ends the options.

    Output: one line per scenario, 'PASS' or 'FAIL', the file, the scenario's name and
    its simulated duration; print/frames output indented under it; each failure as
    FILE:LINE:COL: error: MESSAGE, the source line, a caret and the values involved;
    last, the line 'N passed, M failed'. Check errors go to standard error.

    Exit status: 0 all passed; 1 a scenario failed; 2 a file could not be read, parsed
    or checked (its scenarios do not run; the others do), no scenario was found, or the
    command line was wrong.

    """,
    run: runRun)

/// One source named on the command line, in order.
private enum RunArg {
    case path(String)
    case stdin
    case text(String)
}

func runRun(_ args: [String]) -> Int32 {
    var sources: [RunArg] = []
    var filter: String?
    var artifactsDir: String?
    var onlyPaths = false
    var i = 0
    while i < args.count {
        let a = args[i]
        i += 1
        if onlyPaths { sources.append(.path(a)); continue }
        switch a {
        case "--": onlyPaths = true
        case "-": sources.append(.stdin)
        case "-e", "--filter", "--artifacts":
            guard i < args.count else { return usageError("run: \(a) needs an argument") }
            if a == "-e" { sources.append(.text(args[i])) } else if a == "--filter" { filter = args[i] } else { artifactsDir = args[i] }
            i += 1
        default:
            if a.hasPrefix("-") { return unknownOption(a, of: "run", known: ["-e", "--filter", "--artifacts", "--help"]) }
            sources.append(.path(a))
        }
    }
    if sources.isEmpty { sources = [.path("scenarios")] }
    var inputs: [RunInput] = []
    var eCount = 0
    for s in sources {
        switch s {
        case .stdin:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            inputs.append(.source(SourceFile(name: "<stdin>", bytes: [UInt8](data))))
        case .text(let t):
            eCount += 1
            inputs.append(.source(SourceFile(name: eCount == 1 ? "<-e>" : "<-e\(eCount)>", text: t)))
        case .path(let p):
            let (files, missing) = collectScenarioFiles([p])
            for m in missing {
                inputs.append(.unreadable(path: m, message: "cannot read '\(m)': no such file or directory"))
            }
            for f in files {
                switch loadSource(path: f) {
                case .success(let src): inputs.append(.source(src))
                case .failure(let e): inputs.append(.unreadable(path: f, message: e.message))
                }
            }
        }
    }
    var runner = Runner(filter: filter)
    if let dir = artifactsDir {
        do { runner.artifacts = try FailureArtifacts(directory: dir) } catch {
            return usageError("run: \((error as? PictureError)?.message ?? "\(error)")")
        }
    }
    let report = runner.run(inputs)
    if !report.stderr.isEmpty { writeErr(report.stderr) }
    for p in runner.artifacts?.problems ?? [] { writeErr("scrollscript: --artifacts: \(p)\n") }
    writeOut(report.stdout)
    return report.exitStatus
}
