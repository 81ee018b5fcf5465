// `scrollscript check PATH ...`: parse and check without running (the library's `checkFiles`,
// Sources/ScrollScript/Check/CheckFiles.swift).
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
    let output = StandardRunOutput()
    defer { output.finish() }
    return checkFiles(locateInputs(inputs), registry: commandRegistry, output: output).exitStatus
}
