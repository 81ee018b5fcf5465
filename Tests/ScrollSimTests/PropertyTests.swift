import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A small seeded PRNG (SplitMix64): deterministic sequences for property tests.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in 0..<n (n ≥ 1).
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    /// Uniform in lo...hi.
    mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
    mutating func bool() -> Bool { next() & 1 == 1 }
}

/// One step of a random scenario, printable for a failure report.
enum Action: CustomStringConvertible {
    case pull(Double)
    case drag(Double, frames60: Int)
    case fling(Double)
    case release
    case wait(frames60: Int)
    case tap(TapTarget)

    var description: String {
        switch self {
        case .pull(let d): return "pull \(d)"
        case .drag(let d, let n): return "drag \(d) in \(n)/60 s"
        case .fling(let v): return "fling \(v)"
        case .release: return "release"
        case .wait(let n): return "wait \(n)/60 s"
        case .tap(let t): return "tap \(t)"
        }
    }
}

final class PropertyTests: XCTestCase {
    func randomScene(_ rng: inout SplitMix64) -> SceneConfig {
        var c = SceneConfig()
        switch rng.int(5) {
        case 0: c.header = HeaderConfig(height: 240, pin: 60)
        case 1: c.header = HeaderConfig(height: 240, parallax: 1 / 4.7)
        case 2: c.header = HeaderConfig(height: 50, toggle: 100)
        case 3: c.header = HeaderConfig(height: 200, pin: 40, stretches: false)
        default: break
        }
        if rng.bool() { c.toolbarHeight = 44 }
        let count = 1 + rng.int(6)
        c.sections = (0..<count).map { i in
            SectionConfig(title: rng.int(4) == 0 ? nil : "S\(i)", rowCount: rng.int(25), open: rng.int(3) != 0)
        }
        c.accordion = [.off, .multiple, .single][rng.int(3)]
        c.tunables[.bounceDamping] = [1, 1, 0.5, 2][rng.int(4)]
        // v1.3: a release past an edge snaps back on snapback.* (default 2.8, over-damped)
        c.tunables[.snapbackDamping] = [2.8, 2.8, 0.5, 1][rng.int(4)]
        if rng.int(4) == 0 { c.tunables[.insetTop] = 20 }
        return c
    }

    /// Actions whose durations are whole 60 fps frames, so that 60 and 120 fps share times.
    func randomActions(_ rng: inout SplitMix64, _ c: SceneConfig, count: Int, allowPull: Bool) -> [Action] {
        var out: [Action] = []
        for _ in 0..<count {
            switch rng.int(allowPull ? 7 : 6) {
            case 0: out.append(.drag(rng.double(-900, 900), frames60: 1 + rng.int(40)))
            case 1: out.append(.fling(rng.double(-4000, 4000)))
            case 2: out.append(.release)
            case 3: out.append(.wait(frames60: rng.int(120)))
            case 4:
                let targets: [TapTarget] = [.header, .section(rng.int(c.effectiveSections.count)), .toolbar,
                                            .point(x: rng.double(0, 375), y: rng.double(0, 667))]
                out.append(.tap(targets[rng.int(targets.count)]))
            case 5: out.append(.wait(frames60: 1 + rng.int(5)))
            default: out.append(.pull(rng.double(1, 300)))
            }
        }
        return out
    }

    /// Runs one action; `check` is called after every frame.
    func perform(_ a: Action, _ w: inout World, fpsFactor: Int, check: (World) -> Void) {
        func frames(_ n: Int) { for _ in 0..<n { w.step(); check(w) } }
        switch a {
        case .pull(let d): frames(w.beginPull(d))
        case .drag(let d, let n): frames(w.beginDrag(d, duration: Double(n) / 60))
        case .fling(let v): frames(w.beginFling(v))
        case .release: try? w.release()
        case .wait(let n): frames(n * fpsFactor)
        case .tap(let t): _ = try? w.tap(t)
        }
        check(w)
    }

    func invariantsHold(_ w: World) -> String? {
        let off = w.n(.offset)
        guard off.isFinite else { return "offset is not finite" }
        let b = w.scrollBounds
        if w.isAtRest && (off < b.min - 1e-9 || off > b.max + 1e-9) {
            return "at rest at \(off) outside \(b.min)...\(b.max)"
        }
        if w.config.toolbarHeight != nil {
            let y = w.n(.toolbarY)
            if y < 667 - 44 - 1e-9 || y > 667 + 1e-9 { return "toolbar y \(y) outside 623...667" }
        }
        for i in 0..<w.table.sectionCount {
            let y = w.n(.sectionY, i), h = w.n(.sectionHeight, i)
            let end = w.table.top(i + 1) - off
            if y + h > end + 1e-6 { return "section[\(i)] header (\(y)+\(h)) below its end \(end)" }
        }
        if w.config.header != nil && w.table.sectionCount > 0 {
            let natural = w.table.top(0) - off
            let stuck = natural < w.stickyLine
            if !stuck && abs(w.n(.sectionY) - w.n(.headerBottom)) > 1e-6 {
                return "gap: header.bottom \(w.n(.headerBottom)) vs section[0].y \(w.n(.sectionY))"
            }
        }
        return nil
    }

    func testInvariantsOverRandomGestureSequences() {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            let c = randomScene(&rng)
            let actions = randomActions(&rng, c, count: 25, allowPull: true)
            var w = World(c)
            var failure: String?
            var done: [Action] = []
            for a in actions {
                done.append(a)
                perform(a, &w, fpsFactor: 1) { world in
                    if failure == nil, let f = invariantsHold(world) { failure = "t=\(world.time): \(f)" }
                }
                if failure != nil { break }
            }
            if failure == nil {
                if w.fingerIsDown { try? w.release() }
                w.settle()
                if let f = invariantsHold(w) { failure = "after settle: \(f)" }
                if !w.isAtRest { failure = "did not settle within 600 s" }
            }
            if let failure {
                XCTFail("seed \(seed): \(failure)\nscene: \(c)\nsequence: \(done.map { $0.description }.joined(separator: "; "))")
                return
            }
        }
    }

    func testSixtyAndHundredTwentyFpsAgreeAtSharedTimes() {
        for seed in UInt64(1)...150 {
            var rng = SplitMix64(seed: seed &+ 10_000)
            var c60 = randomScene(&rng)
            c60.tunables[.headerBodyFollows] = 1
            let actions = randomActions(&rng, c60, count: 20, allowPull: false)
            var c120 = c60
            c120.fps = 120
            var w60 = World(c60), w120 = World(c120)
            var offsets60: [Double] = [], velocities60: [Double] = [], offsets120: [Double] = [], velocities120: [Double] = []
            for a in actions {
                perform(a, &w60, fpsFactor: 1) { _ in }
                perform(a, &w120, fpsFactor: 2) { _ in }
                offsets60.append(w60.n(.offset))
                velocities60.append(w60.n(.velocity))
                offsets120.append(w120.n(.offset))
                velocities120.append(w120.n(.velocity))
                XCTAssertEqual(w60.time, w120.time, accuracy: 1e-9, "seed \(seed)")
            }
            for k in offsets60.indices {
                let tolerance = max(abs(velocities60[k]), abs(velocities120[k])) / 60 + 0.5
                if abs(offsets60[k] - offsets120[k]) > tolerance {
                    XCTFail("seed \(seed + 10_000): after action \(k) (\(actions[k])): 60 fps \(offsets60[k]) vs 120 fps \(offsets120[k])\nsequence: \(actions.prefix(k + 1).map { $0.description }.joined(separator: "; "))")
                    break
                }
            }
        }
    }
}
