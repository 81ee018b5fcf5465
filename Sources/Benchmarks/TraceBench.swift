// `swift run -c release Benchmarks trace [SECONDS]`: traces a scenario that moves all the
// time (a pinned header, a toolbar, 20 sections, drags up and down) for SECONDS of
// simulated time at 60 fps (default 3600: an hour) to /dev/null, and prints the rows, the
// time taken and the process's peak resident memory. The trace is streamed, so the peak
// stays flat as SECONDS grows (compare `trace 60` with `trace 3600`).
import Foundation
import ScrollScript

func traceBenchmark() {
    let args = CommandLine.arguments
    let seconds = args.count > 2 ? max(10, Int(args[2]) ?? 3600) : 3600
    let text = """
    header 240 pin 60
    toolbar
    sections 20 rows 10
    repeat \(seconds / 10) { drag -300 in 5s; drag 300 in 5s }
    """
    guard let scenario = checkSource(SourceFile(name: "bench.scroll", text: text)).scenarios.first,
          let sink = FileHandle(forWritingAtPath: "/dev/null") else {
        print("trace: could not set up")
        return
    }
    var bytes = 0
    let writer = TraceWriter(columns: TraceColumns.defaults(for: scenario.config), format: .csv) { chunk in
        bytes += chunk.count
        chunk.withUnsafeBytes { sink.write(Data($0)) }
    }
    let start = Date()
    writer.trace(ScenarioPlayback(scenario))
    let elapsed = Date().timeIntervalSince(start)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peakMB = Double(usage.ru_maxrss) / 1024
    print("trace: \(seconds) s at 60 fps = \(writer.rowCount) rows, \(bytes / 1_048_576) MiB of CSV in \(formatFixed(elapsed, 2)) s; peak resident memory \(formatFixed(peakMB, 1)) MiB")
}
