// The entry point of `scrollscript`, in a library so that a user's executable target is the
// same tool with their behaviours known to every command (spec §8):
//
//     import ScrollScriptCommand
//     import Fade
//     ScrollScriptCommand.main(behaviours: [Fade.self])
//
// The stock executable (main.swift) calls it with none.
import Foundation
import ScrollScript

/// `scrollscript` as a library: parses the command line and runs the command.
public enum ScrollScriptCommand {
    /// Runs `scrollscript` with the process's arguments, the built-in behaviours followed by
    /// `behaviours` (in that order: the order every frame calls them), and exits with the
    /// command's status. A behaviour that cannot be registered (a name that clashes with a
    /// built-in word or another behaviour's, a wrong declaration) is refused before any
    /// command runs: its sentence on standard error, exit status 2.
    public static func main(behaviours: [any ScrollBehaviour.Type]) -> Never {
        do {
            commandRegistry = try BehaviourRegistry.with(behaviours)
        } catch {
            let problem = (error as? BehaviourRegistrationProblem)?.message ?? "\(error)"
            writeErr("scrollscript: a behaviour could not be registered: \(problem)\n")
            exit(2)
        }
        // The command runs on a thread with a large stack. The parser, checker, evaluator and
        // formatter recurse once per level of an expression, and the language allows 256
        // levels; in a debug build a level of `section[section[...]]` takes about 30 KB of
        // stack, more than the main thread's 8 MB holds (it crashed at 256 levels). 512 MiB
        // is address space only: pages are used when touched.
        nonisolated(unsafe) var status: Int32 = 0
        let finished = DispatchSemaphore(value: 0)
        let worker = Thread {
            status = runMain(Array(CommandLine.arguments.dropFirst()))
            finished.signal()
        }
        worker.stackSize = 512 << 20
        worker.start()
        finished.wait()
        exit(status)
    }
}

/// The behaviours every command reads files against: the built-ins and the user's. Set once
/// by `ScrollScriptCommand.main` before any command runs, read only after.
nonisolated(unsafe) private(set) var commandRegistry: BehaviourRegistry = .builtIn
