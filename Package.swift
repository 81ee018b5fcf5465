// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "ScrollScript",
    products: [
        .executable(name: "scrollscript", targets: ["scrollscript"]),
        // The command-line tool as a library: a user's executable of a few lines is
        // `scrollscript` with their behaviours known to every command.
        .library(name: "ScrollScriptCommand", targets: ["ScrollScriptCommand"]),
        .library(name: "ScrollScript", targets: ["ScrollScript"]),
        .library(name: "ScrollSim", targets: ["ScrollSim"]),
        // Scenario files from a user's tests, failures at their .scroll lines (XCTest, Swift Testing).
        .library(name: "ScrollScriptTesting", targets: ["ScrollScriptTesting"]),
    ],
    targets: [
        // The world: physics, layout, behaviours. Pure, no I/O.
        .target(name: "ScrollSim"),
        // The modules by stage, each importing only those below it (docs/architecture.md,
        // "Modules"; ModuleGraphTests holds every source file's imports to this graph).
        // The language's syntax: lexer, parser, tree, the text of expressions and values,
        // and the diagnostics every stage words.
        .target(name: "ScrollScriptSyntax", dependencies: ["ScrollSim"]),
        // The first-guess rules: a statement as another tool or plain English writes it, and
        // the ScrollScript statement it most likely means (behind `StatementGuessing`).
        .target(name: "ScrollScriptGuesses", dependencies: ["ScrollScriptSyntax"]),
        // The behaviours a user writes: in Swift against UIKit's shapes (`ScrollBehaviour`,
        // registered through the adapter) and in the language (`behaviour` blocks, run from
        // the program the checker lowers them to).
        .target(name: "ScrollScriptBehaviours", dependencies: ["ScrollScriptSyntax", "CThreadContext"]),
        // The checker: names, types, configuration, declared behaviours (lowered), completions.
        .target(name: "ScrollScriptChecker", dependencies: ["ScrollScriptSyntax", "ScrollScriptGuesses", "ScrollScriptBehaviours"]),
        // The runtime: resolution (lowering), evaluator, interpreter and its frame loop.
        .target(name: "ScrollScriptRuntime", dependencies: ["ScrollScriptChecker"]),
        // The tools on top (check and run, reports, format, pictures, REPL core, language
        // server, explore, watch); re-exports every module below it.
        .target(name: "ScrollScript", dependencies: ["ScrollSim", "ScrollScriptSyntax", "ScrollScriptGuesses", "ScrollScriptBehaviours",
                                                     "ScrollScriptChecker", "ScrollScriptRuntime", "CThreadContext"]),
        // Per-thread cells a user behaviour's calls run inside (C thread-locals: one instruction).
        .target(name: "CThreadContext"),
        // Runs scenario files from a user's test target and records failures there; the only
        // target that links XCTest and Swift Testing.
        .target(name: "ScrollScriptTesting", dependencies: ["ScrollScript"]),
        // GNU readline, from the system (Debian: libreadline-dev), on the default include and
        // library paths; the module map links it. No pkg-config: its flags
        // (-D_XOPEN_SOURCE=600) are refused with a warning in every package that depends on
        // this one.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // The SIGINT flag the REPL and the interpreter's frame loop poll (async-signal-safe, in C).
        .target(name: "CSignal"),
        // The command-line tool: argument handling, REPL, output (every file of
        // Sources/scrollscript but main.swift), with `ScrollScriptCommand.main(behaviours:)`.
        .target(name: "ScrollScriptCommand", dependencies: ["ScrollScript", "ScrollSim", "CReadline", "CSignal"],
                path: "Sources/scrollscript", exclude: ["main.swift"]),
        // The stock `scrollscript`: the command with the built-in behaviours only.
        .executableTarget(name: "scrollscript", dependencies: ["ScrollScriptCommand"], path: "Sources/scrollscript",
                          sources: ["main.swift"]),
        // Benchmarks that print figures: `swift run -c release Benchmarks`.
        .executableTarget(name: "Benchmarks", dependencies: ["ScrollScript", "ScrollSim", "SafariToolbarPort"]),
        // The SafariToolbar example's behaviour (post 003 ported), for `Benchmarks port`: the
        // example's own source file, compiled here under another module name.
        .target(name: "SafariToolbarPort", dependencies: ["ScrollScript"], path: "Examples/SafariToolbar/Sources/SafariToolbar"),
        // Two app delegates ported to behaviours with only README's checklist of edits
        // (test support: Tests/PortedDelegates/Originals holds them as the app wrote them),
        // and `scrollscript` with them known, for the CLI tests.
        .target(name: "PortedDelegates", dependencies: ["ScrollScript"], path: "Tests/PortedDelegates", exclude: ["Originals"]),
        .executableTarget(name: "ported-scrollscript", dependencies: ["ScrollScriptCommand", "PortedDelegates"], path: "Tests/PortedCommand"),
        // The built-in behaviours' names as the tests write them (test support only).
        .target(name: "ScrollSimTestSupport", dependencies: ["ScrollSim"], path: "Tests/ScrollSimTestSupport"),
        .testTarget(name: "ScrollSimTests", dependencies: ["ScrollSim", "ScrollSimTestSupport"]),
        .testTarget(name: "ScrollScriptTests", dependencies: ["ScrollScript", "ScrollSim", "ScrollSimTestSupport", "ScrollScriptTesting",
                                                             "PortedDelegates"],
                    exclude: ["Golden", "UserBehaviour/TestingScenarios", "UserBehaviour/PortedScenarios"]),
        .testTarget(name: "scrollscriptTests", dependencies: ["scrollscript", "ScrollScriptCommand", "ported-scrollscript"],
                    exclude: ["Scenarios", "Golden", "CI"]),
    ]
)
