// `scrollscript check PATH ...`: parse and check without running (the library's `checkFiles`,
// Sources/ScrollScript/Check/CheckFiles.swift).
import ScrollScript

let checkCommand = Command(
    name: "check",
    summary: "parse and check scenario files without running them",
    help: """
    usage: scrollscript check [PATH ...] [-e TEXT] [-] [--strict]

    Parses and checks each file (directories: every *.scroll inside, recursively,
    not following directory links, sorted by path; - reads standard input, and so
    does a FIFO or pipe named as a PATH; -e TEXT checks TEXT, named <-e>, as run -e
    runs it) without running anything. A path that cannot be read is an error, with
    the system's reason.
    Errors are printed as FILE:LINE:COL: error: MESSAGE, the source line and a caret;
    warnings (valid but most likely a mistake: a condition alone on a line, which
    checks nothing; a comment such as '#expect(...)'; a scenario with no expect, print
    or frames; 'wait 300', which is 5 minutes; 'drag -300 in 500') the same way as
    FILE:LINE:COL: warning: MESSAGE, each with its fix.

    options:
      --strict    every warning is an error (printed as 'error: MESSAGE [--strict]')

    Exit status: 0 when no file has an error (warnings do not count, unless --strict),
    2 on any error.

    """,
    run: runCheck)

func runCheck(_ args: [String]) -> Int32 {
    var inputs: [InputName] = []
    var strict = false
    let accepted = CommandOptions(command: "check", flags: ["--strict"], valued: ["-e"], known: ["-e", "--strict", "--help"])
    if let status = readArguments(args, accepted, { argument in
        switch argument {
        case .operand(let a): inputs.append(InputName(argument: a))
        case .option(_, let text): inputs.append(.text(text))
        case .flag: strict = true
        }
        return nil
    }) {
        return status
    }
    if inputs.isEmpty {
        return usageError("check: no files given (usage: scrollscript check [PATH ...] [-e TEXT] [-] [--strict])")
    }
    let output = StandardRunOutput()
    defer { output.finish() }
    return checkFiles(locateInputs(inputs), registry: commandRegistry, strict: strict, output: output).exitStatus
}
