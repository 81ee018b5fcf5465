// The command table and top-level argument handling.
import Foundation
import ScrollScript

/// One subcommand: `scrollscript NAME ARGS...`.
struct Command {
    /// `check`
    let name: String
    /// One line for `scrollscript --help`.
    let summary: String
    /// The full text of `scrollscript NAME --help` (ends with a newline).
    let help: String
    /// Runs with the arguments after the command name; returns the exit status.
    let run: ([String]) -> Int32
}

/// Every command, in the order --help lists them. To add one: write `let xCommand = Command(...)`
/// in its own file and put it here (replacing its placeholder).
let commands: [Command] = [
    runCommand,
    checkCommand,
    fmtCommand,
    replCommand,
    traceCommand,
    plotCommand,
    replayCommand,
    exploreCommand,
    lspCommand,
]

let mainHelp: String = {
    var s = """
    scrollscript \(ScrollScriptInfo.version): describe and check scroll-linked UITableView behaviour

    usage: scrollscript COMMAND [ARGS...]
           scrollscript --help | --version

    commands:

    """
    let width = commands.map { $0.name.count }.max() ?? 0
    for c in commands {
        s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
    }
    s += "\nRun 'scrollscript COMMAND --help' for a command's options.\n"
    s += "Exit status: 0 all passed, 1 a scenario failed, 2 a file could not be read, parsed or checked, or the command line was wrong.\n"
    return s
}()

func writeOut(_ s: String) {
    FileHandle.standardOutput.write(s.data(using: .utf8) ?? Data())
}

func writeErr(_ s: String) {
    FileHandle.standardError.write(s.data(using: .utf8) ?? Data())
}

/// A wrong command line: one line on stderr, exit 2.
func usageError(_ message: String) -> Int32 {
    writeErr("scrollscript: \(message); see 'scrollscript --help'\n")
    return 2
}

/// A wrong option of `scrollscript COMMAND`: the nearest of its options, and the help that lists them.
func unknownOption(_ option: String, of command: String, known: [String]) -> Int32 {
    // Every two-letter option is one edit from '-e': for those, only a different case is a typo.
    let near = option.count > 2 ? known : known.filter { $0.lowercased() == option.lowercased() }
    writeErr("scrollscript: \(command): unknown option '\(option)'\(didYouMean(option, near)); see 'scrollscript \(command) --help'\n")
    return 2
}

func runMain(_ args: [String]) -> Int32 {
    guard let first = args.first else {
        writeErr(mainHelp)
        return 2
    }
    switch first {
    case "--help", "-h", "help":
        if first == "help", args.count > 1 {
            return runMain([args[1], "--help"])
        }
        writeOut(mainHelp)
        return 0
    case "--version", "-V":
        writeOut("scrollscript \(ScrollScriptInfo.version)\n")
        return 0
    default:
        break
    }
    if first.hasPrefix("-") {
        return usageError("unknown option '\(first)'" + didYouMean(first, ["--help", "--version"]))
    }
    guard let cmd = commands.first(where: { $0.name == first }) else {
        return usageError("unknown command '\(first)'" + didYouMean(first, commands.map { $0.name }))
    }
    let rest = Array(args.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        writeOut(cmd.help)
        return 0
    }
    return cmd.run(rest)
}
