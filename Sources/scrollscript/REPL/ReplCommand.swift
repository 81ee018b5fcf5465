#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ScrollScript

/// `scrollscript repl [FILE]`. `args` are the arguments after `repl`. Returns the exit
/// status: 0, or 1 when standard input is not a terminal and an entry failed, or 2 for
/// a wrong command line. The loop, the commands, completion and `:show` are the
/// library's (`Sources/ScrollScript/Repl/`); this file picks the line reader.
func runReplCommand(_ args: [String]) -> Int32 {
    if args.contains("-h") || args.contains("--help") {
        writeOut(ReplCommand.usage + "\n")
        return 0
    }
    if args.count > 1 || args.first.map({ $0.hasPrefix("-") && $0 != "-" }) == true {
        writeErr("error: " + (args.count > 1 ? "repl takes at most one FILE" : "unknown option '\(args[0])'") + "\n" + ReplCommand.usage + "\n")
        return 2
    }
    let history = ReplHistory.defaultPath(environment: ProcessInfo.processInfo.environment).map { ReplHistory(path: $0) }
    let core = ReplCore(registry: commandRegistry)
    // Completion offers the sections and rows of the world being typed against, and the
    // names the session binds with `let`.
    var completer = Completer(lexicon: .of(commandRegistry), scene: { [unowned core] in core.session.config })
    completer.boundNames = { [unowned core] in core.letNames }
    let reader = ReplCommand.lineReaderForStandardInput(history: history, completer: completer)
    if reader.isInteractive {
        writeOut("scrollscript \(ScrollScriptInfo.version) REPL; :help lists commands, Ctrl-D quits\n")
    }
    let loop = ReplLoop(reader: reader, core: core, write: writeOut)
    return loop.run(loading: args.first)
}

enum ReplCommand {
    static let usage = "usage: scrollscript repl [FILE]"

    /// The reader for this process: readline when standard input is a terminal,
    /// otherwise plain lines from standard input with no prompts.
    static func lineReaderForStandardInput(history: ReplHistory?, completer: Completer = Completer()) -> LineReader {
        if isatty(0) != 0 {
            return ReadlineLineReader(history: history, completer: completer)
        }
        return PlainLineReader(fileDescriptor: 0)
    }
}
