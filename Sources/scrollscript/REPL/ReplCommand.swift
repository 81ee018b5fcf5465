import Foundation
import ScrollScript

/// `scrollscript repl [FILE]`. `args` are the arguments after `repl`. Returns the exit
/// status: 0, or 1 when standard input is not a terminal and an entry failed, or 2 for
/// a wrong command line.
public func runReplCommand(_ args: [String]) -> Int32 {
    if args.contains("-h") || args.contains("--help") {
        writeOut(ReplCommand.usage + "\n")
        return 0
    }
    if args.count > 1 || args.first.map({ $0.hasPrefix("-") && $0 != "-" }) == true {
        writeErr("error: " + (args.count > 1 ? "repl takes at most one FILE" : "unknown option '\(args[0])'") + "\n" + ReplCommand.usage + "\n")
        return 2
    }
    let engine = ReplCommand.makeEngine()
    let history = ReplHistory.defaultPath(environment: ProcessInfo.processInfo.environment).map { ReplHistory(path: $0) }
    let reader = LineReaders.forStandardInput(history: history)
    if let readline = reader as? ReadlineLineReader {
        readline.setVocabulary(engine.vocabulary)
        writeOut("scrollscript \(ScrollScriptInfo.version) REPL; :help lists commands, Ctrl-D quits\n")
    }
    let loop = ReplLoop(reader: reader, engine: engine, write: writeOut)
    let initial = args.first.map { [ColonCommand.load(path: $0, scenario: nil)] } ?? []
    return loop.run(initial: initial)
}

public enum ReplCommand {
    public static let usage = "usage: scrollscript repl [FILE]"

    /// The engine `scrollscript repl` runs: the interpreter, interrupted by Ctrl-C.
    nonisolated(unsafe) public static var makeEngine: () -> ReplEngine = { InterpreterEngine() }
}
