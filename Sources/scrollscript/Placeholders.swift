// Commands written by others: replace each placeholder with its own file.

private func notYet(_ name: String) -> ([String]) -> Int32 {
    { _ in
        writeErr("scrollscript: '\(name)' is not yet implemented\n")
        return 2
    }
}

let fmtCommand = Command(
    name: "fmt",
    summary: "print or check the canonical layout",
    help: """
    usage: scrollscript fmt [--check] PATH ...

    Prints each file in the canonical layout, or with --check lists files that differ.

    """,
    run: notYet("fmt"))
