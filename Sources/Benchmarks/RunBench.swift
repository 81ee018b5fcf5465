import Foundation
import ScrollScript

/// `swift run -c release Benchmarks run [FILES] [SCENARIOS]`: scenarios per second of a
/// whole `run` (read, check, run, text and JUnit reports) over a generated corpus of
/// FILES files (default 1000) with SCENARIOS scenarios each (default 4), with --jobs 1
/// and --jobs 2 (three rounds), and the speed-up; then peak memory (VmHWM) after that corpus and after
/// one four times as large, which shows that memory does not grow with the number of
/// files. Each scenario drags up and down for 40 s under an invariant (every frame simulated).
func runBenchmark() {
    let args = CommandLine.arguments
    let files = args.count > 2 ? max(1, Int(args[2]) ?? 1000) : 1000
    let perFile = args.count > 3 ? max(1, Int(args[3]) ?? 4) : 4
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("scrollscript-runbench-\(getpid())")
    defer { try? fm.removeItem(at: root) }

    func corpus(_ name: String, _ count: Int) -> [RunInput] {
        let dir = root.appendingPathComponent(name)
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        var inputs: [RunInput] = []
        for i in 0..<count {
            var text = "scene {\n  header 240 pin 60\n  toolbar 44\n  sections 8 rows 12\n}\n"
            for j in 0..<perFile {
                text += """
                scenario "s\(i)-\(j)" {
                  expect always header.y <= 0.5
                  repeat 40 {
                    drag -\(100 + (i * 7 + j * 13) % 300) in 0.5s
                    drag \(100 + (i * 7 + j * 13) % 300) in 0.5s
                  }
                  release
                  wait 0.4s
                  expect time > 40
                }

                """
            }
            let path = dir.appendingPathComponent(String(format: "f%06d.scroll", i)).path
            try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
            inputs.append(.path(path))
        }
        return inputs
    }

    func measure(_ inputs: [RunInput], jobs: Int) -> (Double, RunSummary) {
        let out = CountingOutput()
        var reporters: [RunReporter] = [TextReporter(output: out, style: TextStyle())]
        if let j = try? JUnitReporter(path: root.appendingPathComponent("junit.xml").path) { reporters.append(j) }
        let start = benchSeconds(), cpu0 = cpuSeconds()
        let s = runScenarios(inputs, options: RunOptions(jobs: jobs), reporters: reporters)
        let wall = benchSeconds() - start
        lastCPU = cpuSeconds() - cpu0
        return (wall, s)
    }

    var lastCPU = 0.0
    let made = benchSeconds()
    let small = corpus("small", files)
    print("run: corpus written in \(formatFixed(benchSeconds() - made, 1)) s (not counted)")
    print("run: \(files) files x \(perFile) scenarios, \(ProcessInfo.processInfo.activeProcessorCount) cores")
    // Three rounds, --jobs 1 then --jobs 2 in each, so both see the same load on a shared
    // machine; the ratio of each round and the median are printed.
    var ratios: [Double] = []
    for round in 1...3 {
        var rates: [Int: Double] = [:]
        for jobs in [1, 2] {
            let (t, s) = measure(small, jobs: jobs)
            let n = s.passed + s.failed
            rates[jobs] = Double(n) / t
            print("round \(round): run --jobs \(jobs): \(n) scenarios (\(s.failed) failed) in \(formatFixed(t, 3)) s = \(formatFixed(Double(n) / t, 0)) scenarios/s (CPU \(formatFixed(lastCPU, 2)) s = \(formatFixed(lastCPU / t, 2)) cores busy)")
        }
        if let a = rates[1], let b = rates[2], a > 0 {
            ratios.append(b / a)
            print("round \(round): --jobs 2 / --jobs 1 = \(formatFixed(b / a, 2))x")
        }
    }
    if ratios.count == 3 { print("run: --jobs 2 / --jobs 1, median of 3 rounds = \(formatFixed(ratios.sorted()[1], 2))x") }
    print("run: peak memory after \(files) files: \(peakMemoryKB() / 1024) MB")
    let big = corpus("big", files * 4)
    let (t, s) = measure(big, jobs: 2)
    print("run --jobs 2: \(s.passed + s.failed) scenarios in \(formatFixed(t, 3)) s; peak memory after \(files * 4) files: \(peakMemoryKB() / 1024) MB")
}

/// VmHWM of /proc/self/status (peak resident set), in KB; 0 where there is none.
private func peakMemoryKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// User + system CPU time of the whole process, seconds (shows how much of the 2 cores a
/// run got when other work shares the machine).
private func cpuSeconds() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
}

private func benchSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A run's report thrown away, its bytes counted (a benchmark measures the run, not a
/// terminal; the count shows two runs printed the same).
final class CountingOutput: RunOutput {
    var bytes = 0
    func out(_ s: String) { bytes += s.utf8.count }
    func err(_ s: String) { bytes += s.utf8.count }
    func endOfEvent() {}
}
