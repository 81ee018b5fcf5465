// The shrinker of `explore`: from the first violation found, a smaller sequence that still
// breaks the same invariant (same location, same message). Steps are removed first (the
// largest chunks first, then single steps), then each action is simplified (a named tap for
// a point, `tick` for a timed action, numbers toward 0 and round values, fewer frames),
// and the two passes repeat until neither changes anything or the attempts run out.
import ScrollSim

struct ExploreShrinker {
    let engine: ExploreEngine
    let key: ViolationKey
    let maxAttempts: Int
    let fps: Int
    /// Titled sections (candidates for `tap header I`), and the names of the views `tap
    /// NAME` aims at (`header`, `toolbar`), in registration order.
    let titledSections: [Int]
    let viewTargets: [String]
    private(set) var attempts = 0

    init(engine: ExploreEngine, key: ViolationKey, maxAttempts: Int) {
        self.engine = engine
        self.key = key
        self.maxAttempts = maxAttempts
        let c = engine.property.config
        fps = max(1, c.fps)
        titledSections = c.effectiveSections.indices.filter { c.effectiveSections[$0].title != nil }
        viewTargets = ExploreGenerator.tapTargets(c).map { c.registry.view($0.view).name }
    }

    /// Replays a candidate: its outcome when it breaks the same invariant, else nil.
    private mutating func test(_ actions: [ExploreAction]) -> ReplayOutcome? {
        guard attempts < maxAttempts else { return nil }
        attempts += 1
        let r = engine.replay(actions)
        guard let v = r.violation, ViolationKey(v) == key else { return nil }
        return r
    }

    /// Shrinks `start` (a replay outcome that breaks `key`).
    mutating func shrink(_ start: ReplayOutcome) -> ReplayOutcome {
        var best = start
        var changed = true
        while changed && attempts < maxAttempts {
            changed = false
            // 1. Remove chunks of steps: half the sequence, a quarter, ..., one step.
            var size = max(1, best.actions.count / 2)
            while size >= 1 && !best.actions.isEmpty {
                var i = 0
                while i + size <= best.actions.count && attempts < maxAttempts {
                    var cand = best.actions
                    cand.removeSubrange(i..<(i + size))
                    if let r = test(cand) {
                        best = r
                        changed = true
                    } else {
                        i += 1
                    }
                }
                if size == 1 { break }
                size /= 2
            }
            // 2. Simplify each action in place while a simpler one still breaks it.
            var i = 0
            while i < best.actions.count && attempts < maxAttempts {
                var improved = false
                for c in candidates(best.actions[i]) {
                    var cand = best.actions
                    cand[i] = c
                    if let r = test(cand) {
                        best = r
                        changed = true
                        improved = true
                        break
                    }
                }
                if !improved { i += 1 }
            }
        }
        return best
    }

    /// The largest titled section index at or below `i` (binary search), if any.
    private func titledAtOrBelow(_ i: Int) -> Int? {
        var lo = 0, hi = titledSections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if titledSections[mid] <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? titledSections[lo - 1] : nil
    }

    /// Simpler forms of an action, simplest first. Every candidate is strictly simpler
    /// (a named tap for a point; `tick` for other timed actions; a number nearer 0 or
    /// rounder), so the passes cannot cycle.
    func candidates(_ a: ExploreAction) -> [ExploreAction] {
        var out: [ExploreAction] = []
        switch a {
        case .tick(let n):
            out += smallerMagnitudes(n, least: 1).map { .tick($0) }
            return out
        case .release, .tapView:
            return []
        case .tapSection(let i):
            // Lower titled sections, chosen like numbers (the lowest, rounder, half, one
            // less), so that a table of 10,000 sections gives a handful of candidates.
            for target in smallerMagnitudes(i, least: 0) {
                if let j = titledAtOrBelow(target), j < i, !out.contains(.tapSection(j)) { out.append(.tapSection(j)) }
            }
            return out
        case .tapRow(let i, let j):
            // Lower rows of the section, then the same row of lower sections (one that is
            // not on screen, or has no such row, is refused by the replay).
            out += smallerMagnitudes(j, least: 0).map { .tapRow(i, $0) }
            out += smallerMagnitudes(i, least: 0).map { .tapRow($0, j) }
            return out
        case .tapPoint(let x, let y):
            out += viewTargets.map { .tapView($0) }
            // The first few titled sections (what a point near the top most often hits).
            out += titledSections.prefix(8).map { .tapSection($0) }
            out += smallerMagnitudes(x, least: 0).map { .tapPoint($0, y) }
            out += smallerMagnitudes(y, least: 0).map { .tapPoint(x, $0) }
            return out
        default:
            break
        }
        // A timed action: one frame first, then the same frames as ticks, then smaller numbers.
        out.append(.tick(1))
        switch a {
        case .pull(let d):
            out += smallerMagnitudes(d, least: 1).map { .pull($0) }
        case .drag(let d, let h):
            if h != nil { out.append(.drag(d, hundredths: nil)) }
            out += smallerMagnitudes(d, least: 0).map { .drag($0, hundredths: h) }
            if let h { out += smallerMagnitudes(h, least: 1).map { .drag(d, hundredths: $0) } }
        case .fling(let v):
            out += smallerMagnitudes(v, least: 0).map { .fling($0) }
        case .swipe(let d, let h):
            // A drag: the same move with no momentum (a drag never turns back into a swipe).
            out.append(.drag(d, hundredths: h))
            if h != nil { out.append(.swipe(d, hundredths: nil)) }
            out += smallerMagnitudes(d, least: 0).map { .swipe($0, hundredths: h) }
            if let h { out += smallerMagnitudes(h, least: 1).map { .swipe(d, hundredths: $0) } }
        case .wait(let h):
            let n = World.frameCount(seconds: Double(h) / 100, fps: fps)
            if n > 1 { out.append(.tick(n)) }
            out += smallerMagnitudes(h, least: 0).map { .wait($0) }
        default:
            break
        }
        return out
    }
}

/// Numbers simpler than v, simplest first: the least value, v's magnitude with a positive
/// sign, v rounded toward 0 to 1000s, 100s and 10s, half of v, v − 1 (toward 0). Only
/// values with a smaller magnitude (or v's magnitude made positive) and at least `least`
/// in magnitude are given, each once.
func smallerMagnitudes(_ v: Int, least: Int) -> [Int] {
    let m = v.magnitude > UInt(Int.max) ? Int.max : abs(v)
    let sign = v < 0 ? -1 : 1
    var mags: [Int] = [least]
    for unit in [1000, 100, 10] where m > unit { mags.append(m / unit * unit) }
    mags.append(m / 2)
    mags.append(m - 1)
    var out: [Int] = []
    for g in mags where g >= least && g < m {
        let c = g == 0 ? 0 : sign * g
        if !out.contains(c) { out.append(c) }
    }
    if sign < 0 && !out.contains(m) { out.insert(m, at: min(1, out.count)) }
    return out
}
