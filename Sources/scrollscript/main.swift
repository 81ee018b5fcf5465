// scrollscript: a small dispatch over commands. Each command lives in its own file and is
// listed once in `commands` (Commands.swift).
import Foundation
import ScrollScript

// The command runs on a thread with a large stack. The parser, checker, evaluator and
// formatter recurse once per level of an expression, and the language allows 256 levels;
// in a debug build a level of `section[section[...]]` takes about 30 KB of stack, more than
// the main thread's 8 MB holds (it crashed at 256 levels). 512 MiB is address space only:
// pages are used when touched.
nonisolated(unsafe) var exitStatus: Int32 = 0
let finished = DispatchSemaphore(value: 0)
let worker = Thread {
    exitStatus = runMain(Array(CommandLine.arguments.dropFirst()))
    finished.signal()
}
worker.stackSize = 512 << 20
worker.start()
finished.wait()
exit(exitStatus)
