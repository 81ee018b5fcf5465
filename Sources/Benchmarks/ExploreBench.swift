import Foundation
import ScrollScript

/// `swift run -c release Benchmarks explore [RUNS]`: runs per second of `explore` on the
/// shipped properties (scenarios/05*-explore-*.scroll, 12 steps a run, seed 1), with one
/// job and with one job per core. No violation is expected there, so every run is made.
/// Also the CPU time (the machine is shared: wall-clock rates depend on its load) and the
/// figures per run (actions, simulated frames) that explain the rate.
func exploreBenchmark() {
    let args = CommandLine.arguments
    let runs = args.count > 2 ? max(1, Int(args[2]) ?? 2000) : 2000
    let dir = "scenarios"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
        .filter { $0.contains("-explore-") && $0.hasSuffix(".scroll") }.sorted()
    guard !files.isEmpty else {
        print("explore: no scenarios/05*-explore-*.scroll here (run from the repository root)")
        return
    }
    var properties: [ExploreProperty] = []
    for f in files {
        guard case .success(let src) = loadSource(path: dir + "/" + f) else { continue }
        for sc in checkSource(src).scenarios { properties.append(ExploreProperty(sc)) }
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for jobs in Array(Set([1, cores])).sorted() {
        var total = ExploreStats()
        var seconds = 0.0
        let cpuStart = processCPUSeconds()
        for p in properties {
            var o = ExploreOptions()
            o.runs = runs
            o.jobs = jobs
            let start = monotonicSeconds()
            let r = explore(p, options: o)
            seconds += monotonicSeconds() - start
            total.runs += r.stats.runs
            total.steps += r.stats.steps
            total.frames += r.stats.frames
            if r.counterexample != nil { print("explore: \(p.name): a counterexample (unexpected)") }
        }
        let rate = Double(total.runs) / seconds
        let cpu = processCPUSeconds() - cpuStart
        print("explore: \(properties.count) properties x \(runs) runs, \(jobs) job\(jobs == 1 ? "" : "s"): "
              + "\(String(format: "%.0f", rate)) runs/s wall, \(String(format: "%.0f", Double(total.runs) / cpu)) runs per CPU-second (\(total.runs) runs, \(total.steps) actions, "
              + "\(total.frames) simulated frames = \(String(format: "%.0f", Double(total.frames) / Double(total.runs))) per run, \(String(format: "%.2f", seconds)) s wall, \(String(format: "%.2f", cpu)) s CPU)")
    }
}

/// CPU time of the whole process (every thread), seconds: on a machine shared with other
/// work, wall-clock rates say how busy the machine was; this says what the work cost.
func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
