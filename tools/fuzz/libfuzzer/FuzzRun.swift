// libFuzzer target: the interpreter on small generated worlds. The bytes choose a scene
// (screen, fps, header, toolbar, sections, accordion, tunables) and a list of statements
// with their numbers; the scenario is checked and, when it checks, run twice under a frame
// budget. A trap, a hang, a leak, or two runs that differ (the tool is deterministic) is a
// finding.
import ScrollScript

/// Reads the fuzzer's bytes as a stream of choices (zeros once they run out).
private struct Choices {
    var bytes: [UInt8]
    var i = 0
    mutating func byte() -> Int {
        defer { i += 1 }
        return i < bytes.count ? Int(bytes[i]) : 0
    }
    var exhausted: Bool { i >= bytes.count }
    mutating func pick<T>(_ xs: [T]) -> T { xs[byte() % xs.count] }
    /// A number: small integers mostly, now and then an extreme or a fraction.
    mutating func number() -> String {
        switch byte() % 8 {
        case 0: return pick(["0", "1e9", "-1e9", "1e-9", "0.5", "100000", "-100000", "1e300"])
        case 1: return String(byte() * 7 - 900)
        case 2: return "0.\(byte())"
        default: return String(byte() * 3)
        }
    }
    mutating func seconds() -> String { pick(["0s", "1ms", "16ms", "0.1s", "0.5s", "1s", "3s", "\(byte())ms"]) }
}

private let tunables = ["deceleration", "rubberband", "bounce.damping", "bounce.stiffness", "inset.top",
                        "toolbar.showVelocity", "toolbar.hideDistance", "toolbar.duration", "accordion.duration"]
private let observables = ["offset", "velocity", "time", "header.height", "header.y", "toolbar.y",
                           "toolbar.state", "content.height", "section[0].y", "section[1].open", "row[0,0].y"]

private func scenarioText(_ c: inout Choices) -> String {
    var scene: [String] = []
    if c.byte() % 2 == 0 { scene.append("screen \(c.pick(["1", "100", "390", "10000"])) x \(c.pick(["1", "200", "844", "10000"]))") }
    if c.byte() % 3 == 0 { scene.append("fps \(c.pick(["1", "30", "60", "120", "1000"]))") }
    if c.byte() % 2 == 0 {
        var h = "header \(c.number())"
        for _ in 0..<(c.byte() % 3) { h += c.pick([" pin \(c.number())", " parallax 0.\(c.byte())", " toggle \(c.number())", " nostretch"]) }
        scene.append(h)
    }
    if c.byte() % 2 == 0 { scene.append("toolbar" + c.pick(["", " 44", " 1"])) }
    switch c.byte() % 3 {
    case 0: scene.append("sections \(c.byte() % 50) rows \(c.byte() % 20)")
    case 1: scene.append("section \"a\" rows \(c.byte() % 9)" + c.pick(["", " closed", " open"]))
            scene.append("section \"b\" rows \"x\" \"y\"" + c.pick(["", " closed"]))
    default: break
    }
    if c.byte() % 3 == 0 { scene.append("accordion" + c.pick(["", " single"])) }
    for _ in 0..<(c.byte() % 3) { scene.append("set \(c.pick(tunables)) \(c.number())") }
    var body: [String] = []
    var n = 0
    while !c.exhausted && n < 24 {
        n += 1
        let s: String
        switch c.byte() % 16 {
        case 0: s = "pull \(c.number())"
        case 1: s = "drag \(c.number())" + c.pick(["", " in \(c.seconds())"])
        case 2: s = "release"
        case 3: s = "fling \(c.number())"
        case 4: s = c.pick(["tap header", "tap header \(c.byte() % 4)", "tap toolbar", "tap \(c.number()) \(c.number())"])
        case 5: s = "wait \(c.seconds())"
        case 6: s = "tick" + c.pick(["", " \(c.byte())"])
        case 7: s = "settle"
        case 8: s = "expect \(c.pick(observables)) \(c.pick(["==", "<=", ">=", "~="])) \(c.number())"
        case 9: s = "expect \(c.pick(observables)) >= -1e12 within \(c.seconds())"
        case 10: s = "expect always \(c.pick(observables)) \(c.pick(["<=", ">="])) \(c.number())"
        case 11: s = "print \(c.pick(observables)), \(c.pick(observables))"
        case 12: s = "frames"
        case 13: s = "repeat \(c.byte() % 40) { \(c.pick(["tick", "pull 5", "expect offset == 0", "print time", "fling -300"])) }"
        case 14: s = "set \(c.pick(tunables)) \(c.number())"
        default: s = c.pick(observables)
        }
        body.append("  " + s)
    }
    return "scene {\n" + scene.map { "  " + $0 }.joined(separator: "\n") + "\n}\n\nscenario \"fuzz\" {\n"
        + body.joined(separator: "\n") + "\n}\n"
}

/// Runs a scenario for at most `budget` frames (the interrupt poll counts them).
private func runBudgeted(_ sc: CheckedScenario, budget: Int) -> ScenarioResult {
    var polls = 0
    return runScenario(sc, shouldInterrupt: {
        polls += 1
        return polls > budget
    })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRun(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = (data == nil || size == 0) ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    var c = Choices(bytes: bytes)
    let text = scenarioText(&c)
    let checked = checkSource(SourceFile(name: "fuzz.scroll", text: text))
    for sc in checked.scenarios {
        let a = runBudgeted(sc, budget: 20_000)
        let b = runBudgeted(sc, budget: 20_000)
        if a != b { fatalError("two runs differ:\n\(text)\n\(a)\n\(b)") }
    }
    return 0
}
