import Foundation
import ScrollScript

/// `swift run -c release Benchmarks declared [FRAMES]`: the cost of a frame with post
/// 003's toolbar declared in the language (`scenarios/declared/toolbar.scroll`: `use bar`)
/// against the built-in toolbar (`toolbar`), on the same table and the same cycle of
/// gestures as `port` (the toolbar hiding, following the finger and showing). Rounds
/// alternate between the two; the figure is the median round's ratio. A round is timed by
/// the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not the wall clock: on a shared machine
/// the time spent waiting for a core would otherwise swamp a 50 ns frame. That a frame
/// allocates nothing is checked as for `sim`: run `declared FRAMES only` under valgrind with
/// two frame counts and compare the "total heap usage" allocation counts.
func declaredBenchmark() {
    let args = CommandLine.arguments
    let frames = args.count > 2 ? max(1000, Int(args[2]) ?? 400_000) : 400_000
    let alone = args.count > 3 ? args[3] : nil
    let path = "scenarios/declared/toolbar.scroll"
    guard let data = FileManager.default.contents(atPath: path) else { return print("declared: run from the package's root (\(path))") }
    let declared = fileDeclarations(SourceFile(name: path, bytes: [UInt8](data)), base: .builtIn)
    guard declared.diagnostics.isEmpty else { return print("declared: \(path) does not check") }
    let registry = declared.registry
    func world(declared: Bool) -> World {
        var c = SceneConfig(registry: registry)
        c.sections = (0..<50).map { SectionConfig(title: "Section \($0)", rowCount: 20) }
        if declared { _ = c.declareUsed("bar") } else { _ = c.declare("toolbar") }
        return World(c)
    }
    /// Runs `frames` frames of the cycle; returns the seconds and the last toolbar y.
    func round(declared: Bool) -> (Double, Double) {
        var w = world(declared: declared)
        var done = 0, cycle = 0
        func run(_ n: Int) {
            var i = 0
            while i < n && done < frames { w.step(); done += 1; i += 1 }
        }
        let start = threadCPUSeconds()
        while done < frames {
            switch cycle % 5 {
            case 0: run(w.beginDrag(-300, duration: 0.3)); try? w.release()
            case 1: run(w.beginFling(-2500))
            case 2: run(w.beginFling(1800))
            case 3: run(w.beginDrag(-15, duration: 0.1)); try? w.release()
            default: _ = try? w.tap(.point(x: 100, y: 650))
            }
            run(30)
            cycle += 1
        }
        let elapsed = threadCPUSeconds() - start
        let y = w.registry.observables.first { $0.name == (declared ? "bar.y" : "toolbar.y") }.flatMap { o -> Double? in
            if case .number(let v, _) = w.value(o.id) { return v }
            return nil
        } ?? .nan
        return (elapsed, y)
    }
    if let alone {
        for _ in 0..<5 { _ = round(declared: alone != "builtin") }
        return print("declared: 5 rounds of \(alone == "builtin" ? "the built-in toolbar" : "the declared toolbar") alone")
    }
    var ratios: [Double] = []
    var builtInNs: [Double] = [], declaredNs: [Double] = []
    var ys = (0.0, 0.0)
    for _ in 0..<5 {
        let (b, yb) = round(declared: false)
        let (d, yd) = round(declared: true)
        builtInNs.append(b / Double(frames) * 1e9)
        declaredNs.append(d / Double(frames) * 1e9)
        ratios.append(d / b)
        ys = (yb, yd)
    }
    func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
    print("declared: \(frames) frames a round, 5 rounds; built-in toolbar \(formatFixed(median(builtInNs), 1)) ns/frame, "
        + "declared toolbar \(formatFixed(median(declaredNs), 1)) ns/frame; declared ÷ built-in \(formatFixed(median(ratios), 2))× "
        + "(rounds \(ratios.map { formatFixed($0, 2) }.joined(separator: ", "))); last toolbar y \(formatFixed(ys.0, 2)) and \(formatFixed(ys.1, 2))")
}

/// The calling thread's CPU time, seconds.
private func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
