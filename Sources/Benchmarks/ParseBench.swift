// Front-end throughput: lex + parse + check of a generated ~10 MB scenario file.
// Run: swift run -c release Benchmarks parse      (target: at least 20 MB/s)
import Foundation
import ScrollScript

/// A scenario file of about `targetBytes`: a scene, then many scenarios mixing every
/// statement form, comments, units and Unicode titles.
func generateScenarioFile(targetBytes: Int) -> [UInt8] {
    var text = """
    # generated for the parse benchmark
    scene {
      screen 375 x 667
      header 240 pin 60 parallax 0.2128
      toolbar
      section "山手線" rows "渋谷" "新宿" "池袋"
      sections 20 rows 10
      accordion single
      set deceleration fast
    }

    """
    var k = 0
    while text.utf8.count < targetBytes {
        text += """
        scenario "case \(k)" {
          # pull, then let go
          pull 120pt
          expect header.height ~= 300.06 within 0.5   # stretched
          release
          wait 0.3s
          fling -900; settle
          expect toolbar.state == hidden or toolbar.state == hiding
          tap header 2
          tap 100 -20
          repeat 3 { drag -40 in 250ms; tick 2 }
          expect always section[1].y >= header.bottom - 0.5
          expect within 1s phase == idle
          print offset, header.image.y * 2 + (row[0,1].y - 10) / 4, "新宿"
          header.height-60
        }

        """
        k += 1
    }
    return Array(text.utf8)
}

/// Size and repetitions, overridable for instruction counting under valgrind
/// (`PARSE_BENCH_BYTES=1000000 PARSE_BENCH_RUNS=1`).
private let benchBytes = ProcessInfo.processInfo.environment["PARSE_BENCH_BYTES"].flatMap { Int($0) } ?? 10_000_000
private let benchRuns = max(1, ProcessInfo.processInfo.environment["PARSE_BENCH_RUNS"].flatMap { Int($0) } ?? 3)

/// Best of `runs` timings of `body`: wall-clock seconds and this process's CPU seconds
/// (user + system). The machine is shared, so the minimum is the figure least disturbed
/// by other work, and CPU time is what one core spent. Results are freed inside the timed
/// region, as the CLI frees them too.
private func bestTime(runs: Int = benchRuns, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    var best = (wall: Double.infinity, cpu: Double.infinity)
    for _ in 0..<runs {
        let c0 = cpuSeconds()
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        best = (min(best.wall, wall), min(best.cpu, cpuSeconds() - c0))
    }
    return best
}

/// User + system CPU time of this process so far.
private func cpuSeconds() -> Double {
    var u = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
    #else
    getrusage(RUSAGE_SELF, &u)
    #endif
    func secs(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return secs(u.ru_utime) + secs(u.ru_stime)
}

/// Writes `bytes` to a fresh file under the temporary directory, as `scrollscript check`
/// would find it (a realistic path: diagnostics locations carry it). Nil if it cannot.
private func writeTemporaryScenario(_ bytes: [UInt8]) -> (dir: String, path: String)? {
    let dir = NSTemporaryDirectory() + "scrollscript-parse-bench-\(ProcessInfo.processInfo.processIdentifier)"
    let path = dir + "/generated-scenarios/bench.scroll"
    let fm = FileManager.default
    do {
        try fm.createDirectory(atPath: dir + "/generated-scenarios", withIntermediateDirectories: true)
    } catch { return nil }
    guard fm.createFile(atPath: path, contents: Data(bytes)) else { return nil }
    return (dir, path)
}

func parseBenchmark() {
    let bytes = generateScenarioFile(targetBytes: benchBytes)
    let mb = Double(bytes.count) / 1_000_000
    let source = SourceFile(name: "bench.scroll", bytes: bytes)

    var tokenCount = 0
    let lexSeconds = bestTime {
        tokenCount = 0
        var lexer = Lexer(bytes: bytes, file: source.name)
        while lexer.next().kind != .eof { tokenCount += 1 }
    }
    var statementCount = 0
    let parseSeconds = bestTime {
        statementCount = Parser.parse(source).program.statements.count
    }
    var scenarioCount = 0
    var errors = 0
    let allSeconds = bestTime {
        let r = checkSource(source)
        scenarioCount = r.scenarios.count
        errors = r.diagnostics.count
    }
    func fmt(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
    func figures(_ t: (wall: Double, cpu: Double)) -> String {
        "wall \(fmt(t.wall, 3)) s \(fmt(mb / t.wall, 1)) MB/s, cpu \(fmt(t.cpu, 3)) s \(fmt(mb / t.cpu, 1)) MB/s"
    }
    print("parse benchmark: \(fmt(mb, 1)) MB, \(tokenCount) tokens, \(scenarioCount) scenarios, \(errors) errors (best of \(benchRuns))")
    print("  lex:               \(figures(lexSeconds))")
    print("  lex+parse:         \(figures(parseSeconds))  (\(statementCount) top-level statements)")
    print("  lex+parse+check:   \(figures(allSeconds))  (target >= 20 MB/s)")

    // The real CLI path of `scrollscript check FILE`: read the file, then checkSource.
    guard let (dir, path) = writeTemporaryScenario(bytes) else {
        print("  check (CLI path):  skipped (cannot write a temporary file)")
        return
    }
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var cliScenarios = 0
    var cliOK = true
    let cliSeconds = bestTime {
        switch loadSource(path: path) {
        case .success(let file):
            let r = checkSource(file)
            cliScenarios = r.scenarios.count
            cliOK = cliOK && r.diagnostics.isEmpty
        case .failure:
            cliOK = false
        }
    }
    if cliOK {
        print("  check (CLI path):  \(figures(cliSeconds))  (loadSource + checkSource, \(cliScenarios) scenarios)")
    } else {
        print("  check (CLI path):  failed to load or check \(path)")
    }
}
