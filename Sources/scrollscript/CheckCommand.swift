// `scrollscript check PATH ...`: parse and check without running.
import ScrollScript

let checkCommand = Command(
    name: "check",
    summary: "parse and check scenario files without running them",
    help: """
    usage: scrollscript check [PATH ...] [-e TEXT] [-]

    Parses and checks each file (directories: every *.scroll inside, recursively,
    not following directory links, sorted by path; - reads standard input, and so
    does a FIFO or pipe named as a PATH; -e TEXT checks TEXT, named <-e>, as run -e
    runs it) without running anything. A path that cannot be read is an error, with
    the system's reason.
    Errors are printed as FILE:LINE:COL: error: MESSAGE, the source line and a caret;
    warnings (suspicious but valid, e.g. 'drag -300 in 500': 500 seconds) the same way
    as FILE:LINE:COL: warning: MESSAGE.

    Exit status: 0 when no file has an error (warnings do not count), 2 on any error.

    """,
    run: runCheck)

func runCheck(_ args: [String]) -> Int32 {
    var inputs: [InputName] = []
    var onlyPaths = false
    var i = 0
    while i < args.count {
        let a = args[i]
        i += 1
        if onlyPaths { inputs.append(InputName(argument: a)); continue }
        if a == "--" { onlyPaths = true; continue }
        if a == "-e" {
            guard i < args.count else { return usageError("check: -e needs an argument") }
            inputs.append(.text(args[i]))
            i += 1
            continue
        }
        if a.hasPrefix("-") && a != "-" {
            return unknownOption(a, of: "check", known: ["-e", "--help"])
        }
        inputs.append(InputName(argument: a))
    }
    if inputs.isEmpty {
        return usageError("check: no files given (usage: scrollscript check [PATH ...] [-e TEXT] [-])")
    }
    var status: Int32 = 0
    var errorCount = 0
    var warningCount = 0
    var scenarioCount = 0
    var fileCount = 0
    // One file at a time, and each file one scenario at a time (ScenarioStream): memory
    // is the file's bytes and one scenario, however large the file or the suite.
    for located in locateInputs(inputs) {
        switch located.load() {
        case .unreadable(_, let message):
            writeErr("scrollscript: \(message)\n")
            status = 2
        case .file(let source), .stream(let source):
            fileCount += 1
            var stream = ScenarioStream(source, keepsStatements: false, registry: commandRegistry)
            var scenarios = 0
            while stream.next() != nil { scenarios += 1 }
            // Errors and warnings in the order of the file; warnings change no status.
            let shown = sortedDiagnostics(stream.diagnostics + stream.warnings)
            warningCount += stream.warnings.count
            if !shown.isEmpty {
                let lines = SourceLines(source)
                var out = ""
                for d in shown { out += renderDiagnostic(d, sourceLines: lines) }
                writeErr(out)
            }
            if stream.diagnostics.isEmpty {
                scenarioCount += scenarios
                continue
            }
            status = 2
            errorCount += stream.diagnostics.count
        }
    }
    let warned = warningCount == 0 ? "" : ", \(warningCount) warning\(warningCount == 1 ? "" : "s")"
    if status == 0 {
        writeOut("ok: \(fileCount) file\(fileCount == 1 ? "" : "s"), \(scenarioCount) scenario\(scenarioCount == 1 ? "" : "s")\(warned)\n")
    } else if errorCount > 0 {
        writeErr("\(errorCount) error\(errorCount == 1 ? "" : "s")\(warned)\n")
    }
    return status
}
