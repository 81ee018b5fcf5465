// The generator of `explore`: draws the next action from the state the world is in, so
// that every action it draws is one the interpreter accepts there (spec §7: no `release`
// without a finger, no tap on a view with no visible part). docs/explore.md gives the
// distribution.
import ScrollSim

public struct ExploreGenerator: Sendable {
    public let config: SceneConfig
    /// Titled sections (the only ones `tap header I` may name).
    private let titled: [Bool]
    private let screenHeight: Int
    private let screenWidth: Int
    /// The largest number of frames `settle` may run (the interpreter's 60 s limit).
    private let settleLimit: Int
    /// The declared behaviours' views `tap NAME` aims at, with their weights: those that
    /// scroll with the content (drawn before section headers), then those fixed to the screen.
    private let contentTargets: [(view: ViewID, weight: Int)]
    private let screenTargets: [(view: ViewID, weight: Int)]

    public init(config: SceneConfig) {
        self.config = config
        titled = config.effectiveSections.map { $0.title != nil }
        screenHeight = max(1, Int(config.screenHeight.rounded(.down)))
        screenWidth = max(1, Int(config.screenWidth.rounded(.down)))
        settleLimit = Int(Limits.settleSeconds) * max(1, config.fps)
        let targets = ExploreGenerator.tapTargets(config)
        contentTargets = targets.filter { config.registry.view($0.view).layer != .screen }
        screenTargets = targets.filter { config.registry.view($0.view).layer == .screen }
    }

    /// The views of the declared behaviours `tap NAME` aims at, with their weights.
    static func tapTargets(_ config: SceneConfig) -> [(view: ViewID, weight: Int)] {
        var out: [(view: ViewID, weight: Int)] = []
        for id in config.registry.ids where config.declares(id) {
            for (k, v) in config.registry.declaration(id).views.enumerated() where v.targetable && v.exploreWeight > 0 {
                out.append((ViewID(id, k), v.exploreWeight))
            }
        }
        return out
    }

    /// What can be drawn in a state, with its weight.
    private enum Kind { case pull, drag, fling, swipe, release, tapView(ViewID), tapSection, tapRow, tapPoint, wait, tick, settle }

    /// The next action for `world`.
    public func next(_ rng: inout SplitMix64, world: World) -> ExploreAction {
        var kinds: [(Kind, Int)] = []
        kinds.reserveCapacity(13)
        // The views on screen, once (taps need them only with the finger up).
        let onScreen = world.fingerIsDown ? [] : world.visibleFrames()
        let sections = visibleTitledSections(world, onScreen)
        let rows = visibleRows(world, onScreen)
        if world.fingerIsDown {
            kinds = [(.release, 5), (.pull, 1), (.drag, 2), (.fling, 2), (.swipe, 1), (.wait, 1), (.tick, 1)]
        } else {
            kinds = [(.pull, 2), (.drag, 3), (.fling, 3), (.swipe, 2), (.wait, 2), (.tick, 2), (.tapPoint, 1)]
            for t in contentTargets where targetable(t.view, world) { kinds.append((.tapView(t.view), t.weight)) }
            if !sections.isEmpty { kinds.append((.tapSection, 2)) }
            if !rows.isEmpty { kinds.append((.tapRow, 2)) }
            for t in screenTargets where targetable(t.view, world) { kinds.append((.tapView(t.view), t.weight)) }
            if !world.isAtRest { kinds.append((.settle, 1)) }
        }
        var total = 0
        for k in kinds { total += k.1 }
        var pick = rng.int(0, total - 1)
        var kind = kinds[0].0
        for k in kinds {
            if pick < k.1 { kind = k.0; break }
            pick -= k.1
        }
        let h = screenHeight
        switch kind {
        case .pull: return .pull(rng.int(1, h))
        case .drag:
            let d = rng.int(-h, h)
            return .drag(d, hundredths: rng.chance(0.5) ? rng.int(1, 100) : nil)
        case .fling: return .fling(rng.int(-5000, 5000))
        case .swipe:
            let d = rng.int(-h, h)
            return .swipe(d, hundredths: rng.chance(0.5) ? rng.int(1, 100) : nil)
        case .release: return .release
        case .tapView(let v): return .tapView(config.registry.view(v).name)
        case .tapSection: return .tapSection(sections[rng.int(0, sections.count - 1)])
        case .tapRow:
            let r = rows[rng.int(0, rows.count - 1)]
            return .tapRow(r.section, r.row)
        case .tapPoint: return .tapPoint(rng.int(0, screenWidth - 1), rng.int(0, h - 1))
        case .wait: return .wait(rng.int(1, 200))
        case .tick: return .tick(rng.int(1, 10))
        case .settle:
            // Checked only when drawn (it runs the frames on a copy): a world that would
            // still move after 60 s gets a wait instead.
            return settlesInTime(world) ? .settle : .wait(rng.int(1, 200))
        }
    }

    /// `tap NAME` is valid on view `v` now: it has a part on screen, or its behaviour
    /// answers a tap on it from its state (the toolbar while hidden).
    func targetable(_ v: ViewID, _ world: World) -> Bool {
        guard config.registry.view(v).targetNeedsVisiblePart else { return true }
        guard let r = world.frame(of: v), world.opacity(of: v) >= 0.01 else { return false }
        return hasVisiblePart(r, world)
    }

    private func hasVisiblePart(_ r: Rect, _ world: World) -> Bool {
        let top = max(0, r.y), bottom = min(world.config.screenHeight, r.y + r.height)
        return bottom > top
    }

    /// Titled sections whose header has a part on screen, in index order (`frames`: the
    /// world's `visibleFrames()`, when the caller has them).
    func visibleTitledSections(_ world: World, _ frames: [ViewFrame]? = nil) -> [Int] {
        var out: [Int] = []
        for f in frames ?? world.visibleFrames() {
            if case .section(let i) = f.kind, i < titled.count, titled[i],
               let r = world.sectionFrame(i), hasVisiblePart(r, world) {
                out.append(i)
            }
        }
        return out
    }

    /// Rows with a part on screen (what `tap row I J` needs: a closed section's rows have
    /// none), in the order `frames` lists them.
    func visibleRows(_ world: World, _ frames: [ViewFrame]? = nil) -> [(section: Int, row: Int)] {
        var out: [(section: Int, row: Int)] = []
        for f in frames ?? world.visibleFrames() {
            if case .row(let i, let j) = f.kind, let r = world.rowFrame(i, j), r.height > 0, hasVisiblePart(r, world) {
                out.append((i, j))
            }
        }
        return out
    }

    /// `settle` would come to rest within the interpreter's 60 s (always, with the
    /// shipped springs; an under-damped `bounce.*` set in a scene may ring longer). Asked
    /// on a copy of the world.
    func settlesInTime(_ world: World) -> Bool {
        var w = world
        var n = 0
        while n < settleLimit {
            w.step()
            n += 1
            if World.isAtRest(&w) { return true }
        }
        return false
    }
}
