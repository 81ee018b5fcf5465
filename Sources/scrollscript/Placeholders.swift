// Commands written by others: replace each placeholder with its own file.

private func notYet(_ name: String) -> ([String]) -> Int32 {
    { _ in
        writeErr("scrollscript: '\(name)' is not yet implemented\n")
        return 2
    }
}

let runCommand = Command(
    name: "run",
    summary: "run scenario files (default: scenarios/)",
    help: """
    usage: scrollscript run [PATH ...] [-e TEXT] [-]

    Runs scenario files; directories give every *.scroll inside, recursively.

    """,
    run: notYet("run"))
