// `scrollscript repl` in the command table.

let replCommand = Command(
    name: "repl",
    summary: "the interactive REPL (GNU readline)",
    help: """
    usage: scrollscript repl [FILE]

    Starts the interactive REPL, optionally after loading FILE (:load FILE).
    Type statements to run them at once; :help lists the colon commands.
    With standard input not a terminal, runs the lines given, prompts off, and exits 1
    if anything failed.

    """,
    run: runReplCommand)
