// `scrollscript run [PATH ...] [-e TEXT] [-] [--filter TEXT]`: reads files and arguments;
// the library's Runner does the work (Sources/ScrollScript/Interpreter/Runner.swift).
import Foundation
import ScrollScript

let runCommand = Command(
    name: "run",
    summary: "run scenario files (default: scenarios/)",
    help: """
    usage: scrollscript run [PATH ...] [-e TEXT] [-] [--filter TEXT] [--update]

    Runs scenario files. A directory gives every *.scroll inside it, recursively, not
    following directory links, sorted by the bytes of their paths; with no PATH the
    directory 'scenarios' is run. '-' reads a file from standard input; '-e TEXT' runs
    TEXT as a file (one scenario when it has no scenario blocks). '--filter TEXT' runs
    only the scenarios whose name contains TEXT. '--update' first runs the scenarios
    recording the value each 'expect X == ?' / 'expect X ~= ?' observes, writes those
    values in place of the '?'s (nothing else in the file changes; atomically), says
    so on standard error, then runs the updated files. '--' ends the options.

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
    var onlyPaths = false
    var update = false
    var i = 0
    while i < args.count {
        let a = args[i]
        i += 1
        if onlyPaths { sources.append(.path(a)); continue }
        switch a {
        case "--": onlyPaths = true
        case "-": sources.append(.stdin)
        case "--update": update = true
        case "-e", "--filter":
            guard i < args.count else { return usageError("run: \(a) needs an argument") }
            if a == "-e" { sources.append(.text(args[i])) } else { filter = args[i] }
            i += 1
        default:
            if a.hasPrefix("-") { return unknownOption(a, of: "run", known: ["-e", "--filter", "--update", "--help"]) }
            sources.append(.path(a))
        }
    }
    if sources.isEmpty { sources = [.path("scenarios")] }
    var inputs: [RunInput] = []
    var readFromPath = Set<String>()   // inputs read from a path (--update may write them)
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
                case .success(let src): inputs.append(.source(src)); readFromPath.insert(f)
                case .failure(let e): inputs.append(.unreadable(path: f, message: e.message))
                }
            }
        }
    }
    var updateFailed = false
    if update {
        let r = updateRecordings(inputs, filter: filter, isFile: { readFromPath.contains($0) })
        inputs = r.inputs
        for u in r.updates {
            writeErr(u.reportLines.joined(separator: "\n") + "\n")
            if u.error != nil { updateFailed = true }
        }
    }
    let report = Runner(filter: filter).run(inputs)
    if !report.stderr.isEmpty { writeErr(report.stderr) }
    writeOut(report.stdout)
    return updateFailed ? max(report.exitStatus, 2) : report.exitStatus
}
