import Foundation
import ScrollScript

/// `swift run -c release Benchmarks jobs [FILES] [SCENARIOS] [ROUNDS]`: what `--jobs 2`
/// gains over `--jobs 1` on many small files — FILES files (default 600) of SCENARIOS short
/// scenarios each (default 3: a pull, a release, a short wait, two checks; tens of
/// microseconds each, so reading, checking and handing work between threads is a large
/// part of the run). A whole `run` in this process (read, check, run, the text report to
/// a counter), `--jobs 1` then `--jobs 2` in each of ROUNDS rounds (default 21), so both
/// see the same load on a shared machine; each round's ratio, and their median. As a
/// yardstick, each round also runs the two halves of the files as two `--jobs 1` runs at
/// once: how much two cores give on this machine, at that moment, with no scheduler. And
/// the CPU time a scenario costs with `--jobs 2` over `--jobs 1`: the work the threads
/// add, a figure other processes on the machine hardly move.
func jobsBenchmark() {
    let args = CommandLine.arguments
    func arg(_ i: Int, _ fallback: Int) -> Int { args.count > i ? max(1, Int(args[i]) ?? fallback) : fallback }
    let files = arg(2, 600), perFile = arg(3, 3), rounds = arg(4, 21)
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("scrollscript-jobsbench-\(getpid())")
    try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    var inputs: [RunInput] = []
    for i in 0..<files {
        var text = "scene {\n  header 240 pin 60\n  sections 4 rows 10\n}\n"
        for j in 0..<perFile {
            text += "scenario \"s\(i)-\(j)\" {\n  pull \(40 + (i * 7 + j * 13) % 80)\n  expect phase == dragging\n"
            text += "  release\n  wait 0.2s\n  expect header.y <= 0\n}\n"
        }
        let path = dir.appendingPathComponent(String(format: "f%05d.scroll", i)).path
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
        inputs.append(.path(path))
    }

    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var total = 0
        func add(_ n: Int) { lock.lock(); total += n; lock.unlock() }
    }
    /// (scenarios per second, CPU seconds over wall seconds, output bytes)
    func measure(jobs: Int) -> (rate: Double, busy: Double, bytes: Int, scenarios: Int) {
        let out = CountingOutput()
        let wall0 = monotonicSeconds(), cpu0 = processCPUSeconds()
        let s = runScenarios(inputs, options: RunOptions(jobs: jobs), reporters: [TextReporter(output: out, style: TextStyle())])
        let wall = monotonicSeconds() - wall0, cpu = processCPUSeconds() - cpu0
        let n = s.passed + s.failed
        return (Double(n) / wall, cpu / wall, out.bytes, n)
    }

    /// The yardstick: two `--jobs 1` runs at once on two threads, each over half the files,
    /// sharing nothing but the process — what two cores of this machine give right now.
    func measureTwoApart() -> Double {
        let halves = [Array(inputs[..<(inputs.count / 2)]), Array(inputs[(inputs.count / 2)...])]
        let done = DispatchGroup()
        let counts = Counts()
        let wall0 = monotonicSeconds()
        for half in halves {
            done.enter()
            let t = Thread {
                let s = runScenarios(half, options: RunOptions(jobs: 1), reporters: [TextReporter(output: CountingOutput(), style: TextStyle())])
                counts.add(s.passed + s.failed)
                done.leave()
            }
            t.stackSize = 64 << 20
            t.start()
        }
        done.wait()
        return Double(counts.total) / (monotonicSeconds() - wall0)
    }

    print("jobs: \(files) files x \(perFile) short scenarios, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(rounds) rounds")
    _ = measure(jobs: 1)  // warm-up: the files into the page cache
    var ratios: [Double] = []
    var apart: [Double] = []
    var cpuRatios: [Double] = []
    for round in 1...rounds {
        let one = measure(jobs: 1), two = measure(jobs: 2), twoApart = measureTwoApart()
        if one.bytes != two.bytes || one.scenarios != two.scenarios {
            print("jobs: round \(round): --jobs 2 reported \(two.scenarios) scenarios in \(two.bytes) bytes, --jobs 1 \(one.scenarios) in \(one.bytes)")
        }
        ratios.append(two.rate / one.rate)
        apart.append(twoApart / one.rate)
        // CPU seconds a scenario, --jobs 2 over --jobs 1: what running on two threads
        // costs in work, whatever the other processes leave of the second core.
        let cpu = (two.busy / two.rate) / (one.busy / one.rate)
        cpuRatios.append(cpu)
        print("round \(round): --jobs 1 \(formatFixed(one.rate, 0)) scenarios/s (\(formatFixed(one.busy, 2)) cores busy), "
              + "--jobs 2 \(formatFixed(two.rate, 0)) scenarios/s (\(formatFixed(two.busy, 2)) cores busy): \(formatFixed(two.rate / one.rate, 2))x, "
              + "CPU a scenario \(formatFixed(cpu, 2))x; two runs apart: \(formatFixed(twoApart / one.rate, 2))x")
    }
    func median(_ xs: [Double]) -> String {
        let s = xs.sorted()
        return "\(formatFixed(s[s.count / 2], 2))x (min \(formatFixed(s[0], 2))x, max \(formatFixed(s[s.count - 1], 2))x)"
    }
    print("jobs: --jobs 2 / --jobs 1, median of \(rounds) rounds = \(median(ratios))")
    print("jobs: CPU a scenario, --jobs 2 / --jobs 1, median = \(median(cpuRatios))")
    print("jobs: two --jobs 1 runs apart, on half the files each / --jobs 1 (what the machine gives) = \(median(apart))")
}
