import Foundation
import ScrollScript
import SafariToolbarPort

/// `swift run -c release Benchmarks port [FRAMES]`: the cost of a frame with post 003's
/// toolbar ported to the UIKit-shaped API (Examples/SafariToolbar: `use safari`) against
/// the built-in toolbar (`toolbar`), on the same table and the same cycle of gestures that
/// keeps the toolbar hiding, following the finger and showing. Rounds alternate between
/// the two, so that both see the same machine; the figure is the median round's ratio.
/// `port FRAMES only` / `port FRAMES builtin`: rounds of one of them alone, for a profiler.
func portBenchmark() {
    let args = CommandLine.arguments
    let frames = args.count > 2 ? max(1000, Int(args[2]) ?? 400_000) : 400_000
    let alone = args.count > 3 ? args[3] : nil
    guard let registry = try? BehaviourRegistry.with([SafariToolbar.self]) else { return print("port: not registered") }
    func world(port: Bool) -> World {
        var c = SceneConfig(registry: registry)
        c.sections = (0..<50).map { SectionConfig(title: "Section \($0)", rowCount: 20) }
        if port { c.declareUsed("safari") } else { c.declare("toolbar") }
        return World(c)
    }
    /// Runs `frames` frames of the cycle; returns the seconds and the last toolbar y.
    func round(port: Bool) -> (Double, Double) {
        var w = world(port: port)
        var done = 0, cycle = 0
        func run(_ n: Int) {
            var i = 0
            while i < n && done < frames { w.step(); done += 1; i += 1 }
        }
        let start = monotonicSeconds()
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
        let elapsed = monotonicSeconds() - start
        let y = w.registry.observables.first { $0.name == (port ? "safari.y" : "toolbar.y") }.flatMap { o -> Double? in
            if case .number(let v, _) = w.value(o.id) { return v }
            return nil
        } ?? .nan
        return (elapsed, y)
    }
    var ratios: [Double] = []
    var builtInNs: [Double] = [], portNs: [Double] = []
    var ys = (0.0, 0.0)
    if let alone {
        for _ in 0..<5 { _ = round(port: alone != "builtin") }
        return print("port: 5 rounds of \(alone == "builtin" ? "the built-in toolbar" : "the port") alone")
    }
    for _ in 0..<5 {
        let (b, yb) = round(port: false)
        let (p, yp) = round(port: true)
        builtInNs.append(b / Double(frames) * 1e9)
        portNs.append(p / Double(frames) * 1e9)
        ratios.append(p / b)
        ys = (yb, yp)
    }
    func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
    print("port: \(frames) frames a round, 5 rounds; built-in toolbar \(formatFixed(median(builtInNs), 1)) ns/frame, "
        + "ported toolbar \(formatFixed(median(portNs), 1)) ns/frame; port ÷ built-in \(formatFixed(median(ratios), 2))× "
        + "(rounds \(ratios.map { formatFixed($0, 2) }.joined(separator: ", "))); last toolbar y \(formatFixed(ys.0, 2)) and \(formatFixed(ys.1, 2))")
}
