import Foundation
import ScrollScript
import ScrollSim

/// `swift run -c release Benchmarks accordion`: what a frame costs while an accordion
/// animates, in a table of 50 sections and in one of 10,000 (the target: at most
/// 1.5× — the work of a frame should follow what moves and what is on screen, not the
/// table's length). Each cycle taps section 0's header (opening or closing it) and runs
/// the 0.3 s animation frame by frame; only animating frames are timed.
func accordionBenchmark() {
    let small = accordionFrameCost(sections: 50)
    let large = accordionFrameCost(sections: 10_000)
    print("accordion: \(formatFixed(small.ns, 1)) ns/frame with 50 sections, \(formatFixed(large.ns, 1)) ns/frame with 10,000: \(formatFixed(large.ns / small.ns, 2))× (target ≤ 1.5×; checksums \(formatFixed(small.checksum, 2)), \(formatFixed(large.checksum, 2)))")
}

private func accordionFrameCost(sections: Int) -> (ns: Double, checksum: Double) {
    var config = SceneConfig()
    config.declare("toolbar")
    config.sections = (0..<sections).map { SectionConfig(title: "Section \($0)", rowCount: 5) }
    config.declare("accordion")
    var world = World(config)
    let frames = 400_000
    var done = 0
    var checksum = 0.0
    var elapsed = 0.0
    while done < frames {
        _ = try? world.tap(.section(0))
        let start = monotonicSeconds()
        var i = 0
        while i < 18 {   // 0.3 s at 60 fps
            world.step()
            i += 1
        }
        elapsed += monotonicSeconds() - start
        done += i
        checksum += world.sectionFrame(1)?.y ?? 0
    }
    return (elapsed / Double(done) * 1e9, checksum)
}

/// `swift run -c release Benchmarks flings [FILE]`: frames per second of the whole tool —
/// interpreter and world — on the yardstick scenario of `../shared/bench/flings.scroll`
/// (10,000 flings into the bottom edge and back, with a pinned header, a toolbar and 50
/// sections), next to the C loop of the same closed forms (`../shared/bench/ref_frames.c`,
/// compiled with `cc -O2` when a C compiler and the file are there). Frames = simulated
/// time × fps; the ratio is the yardstick (target ≥ 0.9×).
func flingsBenchmark() {
    let args = CommandLine.arguments
    let path = args.count > 2 ? args[2] : "../shared/bench/flings.scroll"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("flings: cannot read \(path) (give the path of flings.scroll as the argument)")
        return
    }
    let checked = checkSource(SourceFile(name: path, text: text))
    guard let scenario = checked.scenarios.first else {
        print("flings: \(path) does not check")
        return
    }
    let interpreter = Interpreter(scenario)
    interpreter.fastForwardsIdleFrames = true
    let start = monotonicSeconds()
    interpreter.run()
    let elapsed = monotonicSeconds() - start
    let frames = Double(interpreter.world.frameIndex)
    let rate = frames / elapsed
    var line = "flings: \(Int(frames)) frames in \(formatFixed(elapsed, 3)) s = \(formatFixed(rate / 1e6, 2)) M frames/s"
    let c = (path as NSString).deletingLastPathComponent + "/ref_frames.c"
    if let ref = referenceFramesPerSecond(source: c) {
        line += "; C loop \(formatFixed(ref / 1e6, 2)) M frames/s; ratio \(formatFixed(rate / ref, 2))× (target ≥ 0.9×)"
    } else {
        line += " (no C reference: needs cc and \(c))"
    }
    print(line)
}

/// Compiles and runs the C reference loop; its "reference: X M frames/s" figure.
private func referenceFramesPerSecond(source: String) -> Double? {
    guard FileManager.default.isReadableFile(atPath: source) else { return nil }
    let exe = NSTemporaryDirectory() + "scrollscript-ref-frames-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: exe) }
    guard let _ = runTool("/usr/bin/env", ["cc", "-O2", source, "-lm", "-o", exe]),
          let out = runTool(exe, []) else { return nil }
    // "reference: 9.2 M frames/s (...)"
    let words = out.split(separator: " ")
    guard words.count > 1, let m = Double(words[1]) else { return nil }
    return m * 1e6
}

private func runTool(_ path: String, _ arguments: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
}
