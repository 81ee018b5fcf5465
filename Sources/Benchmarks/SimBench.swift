import Foundation
import ScrollSim
import ScrollScript

/// `swift run -c release Benchmarks sim [FRAMES]`: frames per second of `World.step()` for a
/// world with a pinned header, a toolbar and 50 titled accordion sections, driven by a fixed
/// cycle of gestures and taps (deterministic; only the timing varies between runs).
///
/// To check that `step()` allocates nothing, run it under valgrind with two frame counts and
/// compare the "total heap usage" allocation counts: they are equal.
func simBenchmark() {
    let args = CommandLine.arguments
    let frames = args.count > 2 ? max(1, Int(args[2]) ?? 1_000_000) : 1_000_000
    var config = SceneConfig()
    config.declare("header", 240, options: [("pin", 60)])
    config.declare("toolbar")
    config.sections = (0..<50).map { SectionConfig(title: "Section \($0)", rowCount: 20) }
    config.declare("accordion")
    var world = World(config)

    var done = 0
    var cycle = 0
    func run(_ n: Int) {
        var i = 0
        while i < n && done < frames {
            world.step()
            done += 1
            i += 1
        }
    }
    let start = monotonicSeconds()
    while done < frames {
        switch cycle % 6 {
        case 0: run(world.beginDrag(-300, duration: 0.2)); try? world.release()
        case 1: run(world.beginFling(-2500))
        case 2: _ = try? world.tap(.point(x: 100, y: 70))
        case 3: run(world.beginFling(1800))
        case 4: run(world.beginPull(150)); try? world.release()
        default: _ = try? world.tap(.point(x: 100, y: 70))
        }
        run(90)
        cycle += 1
    }
    let elapsed = monotonicSeconds() - start
    let rate = elapsed > 0 ? Double(frames) / elapsed : 0
    print("sim: \(frames) frames in \(formatFixed(elapsed, 3)) s = \(formatFixed(rate, 0)) frames/s (offset \(formatFixed(world.offset, 2)))")
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
