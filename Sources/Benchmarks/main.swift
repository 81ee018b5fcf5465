// Benchmarks that print figures (never timed tests).
// Run: swift run -c release Benchmarks [sim|parse|trace]
let which = CommandLine.arguments.dropFirst().first
if which == nil || which == "sim" { simBenchmark() }
if which == nil || which == "parse" { parseBenchmark() }
if which == nil || which == "trace" { traceBenchmark() }
