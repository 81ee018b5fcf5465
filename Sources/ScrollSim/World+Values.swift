import Foundation

/// Observables (spec §5). Never traps: a bad index gives a zero/false/empty value.
extension World {
    public func value(_ id: ObservableID, section: Int = 0, row: Int = 0) -> Value {
        switch id {
        case .core(let c): return value(c, section: section, row: row)
        case .behaviour(let b, let k): return behaviourValue(b, k)
        }
    }

    public func value(_ id: CoreObservable, section: Int = 0, row: Int = 0) -> Value {
        switch id {
        case .time: return .number(time, .seconds)
        case .offset: return pt(scroll.offset)
        case .offsetMin: return pt(bounds.min)
        case .offsetMax: return pt(bounds.max)
        case .tapTarget: return .string(tapTarget.text(registry))
        case .velocity: return .number(scroll.velocity, .velocity)
        case .phase: return .state(scroll.phase.state)
        case .contentHeight: return pt(table.contentHeight)
        case .contentRemaining: return pt(bounds.max - scroll.offset)
        case .screenWidth: return pt(screenWidth)
        case .screenHeight: return pt(screenHeight)
        case .fingerDown: return .bool(finger.isDown)
        case .fingerTranslation: return pt(finger.translation)
        case .fingerVelocity: return .number(finger.velocity, .velocity)
        case .sectionY: return pt(sectionRect(section).y)
        case .sectionHeight: return pt(sectionRect(section).height)
        case .sectionOpen: return .bool(validSection(section) && adjustments.sections.open[section])
        case .sectionRows: return .number(validSection(section) ? Double(table.rowCounts[section]) : 0, .count)
        case .sectionTitle: return .string(validSection(section) ? sectionTitles[section] ?? "" : "")
        case .sectionFrame: return .rect(sectionRect(section))
        case .rowY: return pt(rowRect(section, row).y)
        case .rowHeight: return pt(rowRect(section, row).height)
        case .rowVisible: return .bool(isOnScreen(rowRect(section, row)))
        case .rowTitle: return .string(rowTitle(section, row) ?? "")
        case .rowFrame: return .rect(rowRect(section, row))
        }
    }

    /// `tap.target` as ids and indexes (`.noTap` before the first tap).
    public var tapTarget: TapTargetName { lastTap?.target ?? .noTap }

    /// A core tunable's value in this world.
    public func value(_ id: CoreTunable) -> Value { value(.core(id)) }

    /// A tunable's value in this world.
    public func value(_ id: TunableID) -> Value {
        let x = config.tunables[id]
        switch registry.tunable(id).kind {
        case .bool: return .bool(x != 0)
        case .quantity(let q): return .number(x, q)
        default: return .number(x, .number)
        }
    }

    private func pt(_ x: Double) -> Value { .number(x, .points) }

    private static let zeroRect = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Observable `k` of behaviour `b`; the zero of its kind when the scene does not
    /// declare the behaviour (the checker refuses such a read).
    private func behaviourValue(_ b: BehaviourID, _ k: Int) -> Value {
        if let s = slot(b) { return current(s).value(of: k, facts, adjustments) }
        switch registry.observable(.behaviour(b, k)).kind {
        case .quantity(let q): return .number(0, q)
        case .bool: return .bool(false)
        case .state(let family): return .state(family.states[0])
        case .string: return .string("")
        case .rect: return .rect(World.zeroRect)
        }
    }

    private func validSection(_ i: Int) -> Bool { i >= 0 && i < table.sectionCount }

    private func sectionRect(_ i: Int) -> Rect { sectionFrame(i) ?? World.zeroRect }

    private func rowRect(_ i: Int, _ j: Int) -> Rect { rowFrame(i, j) ?? World.zeroRect }
}

extension World {
    /// The first number a behaviour reports now that is not finite — an observable's, or a
    /// view's frame — as the fault of that behaviour (spec §8), for the readers that show
    /// every value: `frames`, traces and pictures. (Expressions check what they read.)
    public func nonFiniteReport() -> BehaviourFaultReport? {
        let f = facts
        for (i, id) in behaviourIDs.enumerated() {
            let d = registry.declaration(id)
            for k in d.observables.indices {
                switch current(i).value(of: k, f, adjustments) {
                case .number(let x, _) where !x.isFinite:
                    return BehaviourFaultReport(behaviour: id, fault: .valueNotFinite(observable: k, x), time: time)
                case .rect(let r):
                    if let x = World.nonFinite(r) { return BehaviourFaultReport(behaviour: id, fault: .valueNotFinite(observable: k, x), time: time) }
                default:
                    break
                }
            }
            for k in d.views.indices {
                if let r = current(i).frame(of: k, f, adjustments), let x = World.nonFinite(r) {
                    return BehaviourFaultReport(behaviour: id, fault: .frameNotFinite(view: k, x), time: time)
                }
            }
        }
        return nil
    }

    /// A number of `r` that is not finite.
    static func nonFinite(_ r: Rect) -> Double? {
        if !r.x.isFinite { return r.x }
        if !r.y.isFinite { return r.y }
        if !r.width.isFinite { return r.width }
        if !r.height.isFinite { return r.height }
        return nil
    }
}

extension World {
    /// (v1.5) What a behaviour reads of the world, now, as a number (a boolean 0 or 1, a
    /// state its place in its family: spec §9). Another behaviour's member is its value as
    /// that behaviour last took its own readings (no read reads the world twice over).
    func reading(_ r: WorldRead, _ facts: ScrollFacts) -> Double {
        let v: Value
        switch r.observable {
        case .core(let c): v = value(c, section: r.section, row: r.row)
        case .behaviour(let b, let k):
            guard let s = slot(b) else { return 0 }
            v = behaviours[s].value(of: k, facts, adjustments)
        }
        switch v {
        case .number(let x, _): return x
        case .bool(let b): return b ? 1 : 0
        case .state(let s): return Double(s.index)
        case .string, .rect: return 0
        }
    }

    /// Behaviour slot `s` as a reader of its values, frames and opacities sees it now: one
    /// that reads the world is given the values now first, on a copy (these readers change
    /// nothing); any other is the behaviour itself.
    func current(_ s: Int) -> any Behaviour {
        guard readsMask & (UInt64(1) << UInt64(s)) != 0 else { return behaviours[s] }
        var b = behaviours[s]
        let f = facts
        let values = readLists[s].map { reading($0, f) }
        values.withUnsafeBufferPointer { b.take(readings: $0) }
        return b
    }
}
