import ScrollScript
import Foundation
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "repl" { exit(runReplCommand(Array(CommandLine.arguments.dropFirst(2)))) }
print("scrollscript \(ScrollScriptInfo.version)")
