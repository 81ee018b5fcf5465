// `scrollscript check PATH ...`: parse and check without running (the library's `checkFiles`,
// Sources/ScrollScript/Check/CheckFiles.swift).
import ScrollScript

let checkCommand = Command(
    name: "check",
    summary: "parse and check scenario files without running them",
    help: """
    usage: scrollscript check PATH ...

    Parses and checks each file (directories: every *.scroll inside, recursively,
    not following directory links, sorted by path; - reads standard input, and so
    does a FIFO or pipe named as a PATH) without running anything. A path that
    cannot be read is an error, with the system's reason.
    Errors are printed as FILE:LINE:COL: error: MESSAGE, the source line and a caret.

    Exit status: 0 when every file is clean, 2 on any error.

    """,
    run: runCheck)

func runCheck(_ args: [String]) -> Int32 {
    var paths: [String] = []
    var onlyPaths = false
    for a in args {
        if !onlyPaths && a == "--" { onlyPaths = true; continue }
        if !onlyPaths && a.hasPrefix("-") && a != "-" {
            return unknownOption(a, of: "check", known: ["--help"])
        }
        paths.append(a)
    }
    if paths.isEmpty {
        return usageError("check: no files given (usage: scrollscript check PATH ...)")
    }
    let output = StandardRunOutput()
    defer { output.finish() }
    return checkFiles(locateInputs(paths), output: output).exitStatus
}
