import Foundation
import ScrollScript

/// The harness `port` and `declared` share: a toolbar behaviour (ported or declared)
/// against the built-in toolbar (`toolbar`) on the same table (50 sections of 20 rows)
/// and the same cycle of gestures, which keeps the toolbar hiding, following the finger
/// and showing. Rounds alternate between the two (paired rounds), so that both see the
/// same machine; the figure is the median round's ratio. A round is timed by the thread's
/// CPU time (CLOCK_THREAD_CPUTIME_ID), not the wall clock: on a shared machine the time
/// spent waiting for a core would otherwise swamp a 25 ns frame.
/// `FRAMES only` / `FRAMES builtin`: five rounds of one of them alone, for a profiler.
struct ToolbarRounds {
    /// The benchmark's name, printed first (`port`, `declared`).
    let name: String
    /// What the other toolbar is called in the output ("ported toolbar").
    let label: String
    let registry: BehaviourRegistry
    /// Declares the other toolbar in a scene (`declareUsed`).
    let declareOther: (inout SceneConfig) -> Void
    /// The other toolbar's `y` observable (`safari.y`).
    let otherY: String

    func run() {
        let args = CommandLine.arguments
        let frames = args.count > 2 ? max(1000, Int(args[2]) ?? 400_000) : 400_000
        if args.count > 3 {
            let builtin = args[3] == "builtin"
            for _ in 0..<5 { _ = round(other: !builtin, frames: frames) }
            return print("\(name): 5 rounds of \(builtin ? "the built-in toolbar" : "the \(label)") alone")
        }
        var ratios: [Double] = []
        var builtInNs: [Double] = [], otherNs: [Double] = []
        var ys = (0.0, 0.0)
        for _ in 0..<5 {
            let (b, yb) = round(other: false, frames: frames)
            let (o, yo) = round(other: true, frames: frames)
            builtInNs.append(b / Double(frames) * 1e9)
            otherNs.append(o / Double(frames) * 1e9)
            ratios.append(o / b)
            ys = (yb, yo)
        }
        func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
        print("\(name): \(frames) frames a round, 5 paired rounds (thread CPU time); built-in toolbar \(formatFixed(median(builtInNs), 1)) ns/frame, "
            + "\(label) \(formatFixed(median(otherNs), 1)) ns/frame; \(name) ÷ built-in \(formatFixed(median(ratios), 2))× "
            + "(rounds \(ratios.map { formatFixed($0, 2) }.joined(separator: ", "))); last toolbar y \(formatFixed(ys.0, 2)) and \(formatFixed(ys.1, 2))")
    }

    /// Runs `frames` frames of the cycle; returns the thread CPU seconds and the last toolbar y.
    private func round(other: Bool, frames: Int) -> (Double, Double) {
        var c = SceneConfig(registry: registry)
        c.sections = (0..<50).map { SectionConfig(title: "Section \($0)", rowCount: 20) }
        if other { declareOther(&c) } else { _ = c.declare("toolbar") }
        var w = World(c)
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
        let yName = other ? otherY : "toolbar.y"
        let y = w.registry.observables.first { $0.name == yName }.flatMap { o -> Double? in
            if case .number(let v, _) = w.value(o.id) { return v }
            return nil
        } ?? .nan
        return (elapsed, y)
    }
}

/// The calling thread's CPU time, seconds.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
