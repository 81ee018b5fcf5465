// scrollscript: a small dispatch over commands. Each command lives in its own file and is
// listed once in `commands` (Commands.swift).
import Foundation
import ScrollScript

exit(runMain(Array(CommandLine.arguments.dropFirst())))
