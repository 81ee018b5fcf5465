// Benchmarks that print figures (never timed tests).
// Run: swift run -c release Benchmarks [sim|parse|flings [FILE]|accordion|run [FILES] [SCENARIOS]|jobs [FILES] [SCENARIOS] [ROUNDS]|explore [RUNS]|trace [SECONDS]|lsp|port [FRAMES [only|builtin]]|declared [FRAMES [only|builtin]]]
let which = CommandLine.arguments.dropFirst().first
if which == nil || which == "sim" { simBenchmark() }
if which == nil || which == "flings" { flingsBenchmark() }
if which == nil || which == "accordion" { accordionBenchmark() }
if which == nil || which == "parse" { parseBenchmark() }
if which == nil || which == "run" { runBenchmark() }
if which == nil || which == "jobs" { jobsBenchmark() }
if which == nil || which == "explore" { exploreBenchmark() }
if which == nil || which == "trace" { traceBenchmark() }
if which == nil || which == "lsp" { lspBenchmark() }
if which == nil || which == "port" { portBenchmark() }
if which == nil || which == "declared" { declaredBenchmark() }
