// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "ScrollScript",
    products: [
        .executable(name: "scrollscript", targets: ["scrollscript"]),
        .library(name: "ScrollScript", targets: ["ScrollScript"]),
        .library(name: "ScrollSim", targets: ["ScrollSim"]),
    ],
    targets: [
        // The world: physics, layout, behaviours. Pure, no I/O.
        .target(name: "ScrollSim"),
        // The language: lexer, parser, AST, diagnostics, checker, interpreter, formatter, runner.
        .target(name: "ScrollScript", dependencies: ["ScrollSim"]),
        // GNU readline, from the system (Debian: libreadline-dev).
        .systemLibrary(
            name: "CReadline",
            pkgConfig: "readline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // The SIGINT flag the REPL and the interpreter's frame loop poll (async-signal-safe, in C).
        .target(name: "CSignal"),
        // The command-line tool: argument handling, REPL, output.
        .executableTarget(name: "scrollscript", dependencies: ["ScrollScript", "ScrollSim", "CReadline", "CSignal"]),
        // Benchmarks that print figures: `swift run -c release Benchmarks`.
        .executableTarget(name: "Benchmarks", dependencies: ["ScrollScript", "ScrollSim"]),
        // The built-in behaviours' names as the tests write them (test support only).
        .target(name: "ScrollSimTestSupport", dependencies: ["ScrollSim"], path: "Tests/ScrollSimTestSupport"),
        .testTarget(name: "ScrollSimTests", dependencies: ["ScrollSim", "ScrollSimTestSupport"]),
        .testTarget(name: "ScrollScriptTests", dependencies: ["ScrollScript", "ScrollSim", "ScrollSimTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "scrollscriptTests", dependencies: ["scrollscript"], exclude: ["Scenarios", "Golden", "CI"]),
    ]
)
