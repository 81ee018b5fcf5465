import Foundation

/// What a tap is aimed at (spec §4).
public enum TapTarget: Equatable, Sendable {
    /// `tap NAME` (`tap header`, `tap toolbar`): a behaviour's view, aimed at (not hit-tested).
    case view(ViewID)
    /// `tap header I`: the centre of the visible part of section I's header.
    case section(Int)
    /// `tap row I J`: row J of section I (a targeted tap; it needs a visible part).
    case row(Int, Int)
    /// `tap X Y`: a screen point; the topmost view there receives it (§6.6).
    case point(x: Double, y: Double)
}

/// What received a tap and what it did (the REPL prints it: `TapOutcome.description`,
/// in the language library).
public enum TapOutcome: Equatable, Sendable {
    /// The content was decelerating or bouncing: the tap stopped it and reached no view.
    case stoppedScrolling
    /// A behaviour's view; `note` is what a behaviour did (`showing`, `expanding`), nil
    /// when nothing reacted.
    case view(ViewID, note: String?)
    /// Section I's header; `note` is what a behaviour did (`opening`), nil when nothing reacted.
    case sectionHeader(Int, note: String?)
    /// A row.
    case row(Int, Int)
    /// No view is at that point.
    case nothing

    /// What `tap.target` names after this outcome (spec §5): `nothing` also for a tap that
    /// only stopped the scrolling (it reached no view).
    public var target: TapTargetName {
        switch self {
        case .stoppedScrolling, .nothing: return .nothing
        case .view(let v, _): return .view(v)
        case .sectionHeader(let i, _): return .section(i)
        case .row(let i, let j): return .row(i, j)
        }
    }
}

/// The value of `tap.target` as ids and indexes: the evaluator compares these (no string
/// work per frame); `text(_:)` is its spelling, built only to print it.
public enum TapTargetName: Equatable, Sendable {
    /// No tap yet: `tap.target` is `""`.
    case noTap
    case nothing
    case view(ViewID)
    case section(Int)
    case row(Int, Int)

    /// As `tap.target` spells it: `""`, `"nothing"`, a view's name (`"toolbar"`,
    /// `"toolbar.zone"`, `"header"`), `"section[2]"`, `"row[0,3]"`.
    public func text(_ registry: BehaviourRegistry) -> String {
        switch self {
        case .noTap: return ""
        case .nothing: return "nothing"
        case .view(let v): return registry.view(v).name
        case .section(let i): return Subscript.written(section: i)
        case .row(let i, let j): return Subscript.written(section: i, row: j)
        }
    }

    /// The target a string spells exactly as `text` does (`"section[2]"`, not
    /// `"section[02]"`), or nil when `tap.target` can never equal that string. The one
    /// reader of target spellings: `check` refuses a literal it returns nil for, and the
    /// evaluator resolves each literal with it once, so a frame compares ids.
    public init?(text s: String, _ registry: BehaviourRegistry) {
        if s == "" { self = .noTap; return }
        if s == "nothing" { self = .nothing; return }
        if let v = registry.view(named: s) { self = .view(v); return }
        guard s.hasSuffix("]"), let open = s.firstIndex(of: "[") else { return nil }
        var n: [Int] = []
        for part in s[s.index(after: open)..<s.index(before: s.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false) {
            guard let x = Int(part), x >= 0 else { return nil }
            n.append(x)
        }
        let t: TapTargetName
        switch n.count {
        case 1: t = .section(n[0])
        case 2: t = .row(n[0], n[1])
        default: return nil
        }
        // Only the one spelling: `section[+2]`, `row[0, 3]` or `section[0,1]` name nothing.
        guard t.text(registry) == s else { return nil }
        self = t
    }
}

extension World {
    /// A tap (0 frames). While decelerating or bouncing it stops the content and reaches no
    /// view. Throws `SimError` for a tap while a finger is down, a missing or untitled
    /// section, a view whose behaviour is not declared, or a target with no visible part.
    public mutating func tap(_ target: TapTarget) throws -> TapOutcome {
        ownState()
        journal(.tap(target))
        let outcome = try tapOutcome(target)
        lastTap = outcome
        return outcome
    }

    private mutating func tapOutcome(_ target: TapTarget) throws -> TapOutcome {
        guard !finger.isDown else {
            throw SimError.tapWhileFingerDown
        }
        try validate(target)
        lastTapFrame = nil
        if case .view(let v) = target { lastTapFrame = landing(v) }
        if scroll.phase == .decelerating || scroll.phase == .bouncing {
            scroll.reduce(.tappedWhileMoving(t: time, bounds: bounds))
            return .stoppedScrolling
        }
        switch target {
        case .view(let v):
            let view = registry.view(v)
            if view.targetNeedsVisiblePart {
                // Absent, or too transparent for UIKit's hit-test (a declared view keeps its
                // frame below alpha 0.01: `frames` lists it, taps pass it by).
                if let s = slot(v.behaviour), let why = current(s).absence(of: v.view, facts, adjustments) {
                    throw SimError.viewNotTappable(noun: view.noun, why)
                }
                guard let r = frame(of: v), visibleMiddle(r) != nil else {
                    throw SimError.viewOffScreen(noun: view.noun)
                }
            }
            return tapView(v, targeted: true)
        case .section(let i):
            guard let r = sectionFrame(i), visibleMiddle(r) != nil else {
                throw SimError.sectionHeaderOffScreen(section: i)
            }
            return tapSectionHeader(i)
        case .row(let i, let j):
            guard let r = rowFrame(i, j), r.height > 0, visibleMiddle(r) != nil else {
                let closed = table.rowHeight(fraction: adjustments.sections.fraction[i]) <= 0
                throw SimError.rowNotVisible(section: i, row: j, sectionClosed: closed)
            }
            return .row(i, j)
        case .point(let x, let y):
            return hitTest(x: x, y: y)
        }
    }

    private func validate(_ target: TapTarget, needsTitle: Bool = true) throws {
        switch target {
        case .view(let v):
            guard has(v.behaviour) else {
                let d = registry.declaration(v.behaviour)
                throw SimError.viewNotDeclared(noun: d.views[v.view].noun, word: d.word)
            }
        case .section(let i):
            let n = table.sectionCount
            guard i >= 0 && i < n else {
                throw SimError.noSection(i, count: n)
            }
            guard !needsTitle || sectionTitles[i] != nil else {
                throw SimError.untitledSection(i)
            }
        case .row(let i, let j):
            try validate(.section(i), needsTitle: false)
            let rows = table.rowCounts[i]
            guard j >= 0 && j < rows else {
                throw SimError.noRow(section: i, row: j, rows: rows)
            }
        case .point(let x, let y):
            guard x.isFinite && y.isFinite else {
                throw SimError.pointNotFinite
            }
        }
    }

    /// The middle y of the part of r on screen, or nil when none of it is.
    func visibleMiddle(_ r: Rect) -> Double? {
        let top = max(0, r.y), bottom = min(screenHeight, r.y + r.height)
        guard bottom > top else { return nil }
        return (top + bottom) / 2
    }

    /// What `hitTest` found at a point, before it acts.
    private enum Receiver {
        case view(ViewID), section(Int), row(Int, Int), nothing
    }

    /// The receiver at a screen point, in the order of spec §6.6.
    mutating func hitTest(x: Double, y: Double) -> TapOutcome {
        switch receiver(x: x, y: y) {
        case .view(let v): return tapView(v, targeted: false)
        case .section(let i): return tapSectionHeader(i)
        case .row(let i, let j): return .row(i, j)
        case .nothing: return .nothing
        }
    }

    /// The search, non-mutating (a debug build copies the whole world for each call a
    /// mutating method makes to a non-mutating one; 10 million taps must stay fast): the
    /// behaviours' screen views, their content views (behaviours in registration order,
    /// views in declaration order), then section headers, then rows.
    private func receiver(x: Double, y: Double) -> Receiver {
        guard x >= 0 && x < screenWidth && y >= 0 && y < screenHeight else { return .nothing }
        if let v = viewReceiving(x, y, in: .screen) { return .view(v) }
        if let v = viewReceiving(x, y, in: .content) { return .view(v) }
        // Only sections near the screen can hold the point (O(log n) on a large table).
        let candidates = sectionsNearScreen()
        for i in candidates {
            if let r = sectionFrame(i), contains(r, y) { return .section(i) }
        }
        let contentY = y + scroll.offset
        for i in candidates {
            let rowsTop = table.top(i) + table.headerHeights[i]
            guard contentY >= rowsTop && contentY < table.top(i + 1) else { continue }
            let h = table.rowHeight(fraction: adjustments.sections.fraction[i])
            guard h > 0 else { continue }
            return .row(i, clampIndex(((contentY - rowsTop) / h).rounded(.down), table.rowCounts[i]))
        }
        return .nothing
    }

    /// The first view of `layer` that takes taps and holds the screen point (x, y) (a declared
    /// view may be narrower than the screen; the built-ins' span it).
    private func viewReceiving(_ x: Double, _ y: Double, in layer: ViewLayer) -> ViewID? {
        let f = facts
        for k in behaviours.indices {
            let id = behaviourIDs[k]
            for (v, view) in registry.views(of: id).enumerated() where view.layer == layer && view.takesTaps {
                let b = current(k)
                if let r = b.frame(of: v, f, adjustments), contains(r, y), x >= r.x, x < r.x + r.width,
                   b.opacity(of: v, f, adjustments) >= 0.01 {
                    return ViewID(id, v)
                }
            }
        }
        return nil
    }

    private func contains(_ r: Rect, _ y: Double) -> Bool {
        r.height > 0 && y >= r.y && y < r.y + r.height
    }

    /// A behaviour's view received the tap: every behaviour that listens reacts.
    private mutating func tapView(_ v: ViewID, targeted: Bool) -> TapOutcome {
        let r = dispatchTap(.viewTapped(v, targeted: targeted))
        return .view(r.view ?? v, note: r.note)
    }

    /// Where `tap NAME` lands on view `v`: its frame when part of it is on screen, else the
    /// first other view of its behaviour with a part on screen (the toolbar's reveal zone
    /// while it is hidden), else nil.
    private func landing(_ v: ViewID) -> Rect? {
        guard let s = slot(v.behaviour) else { return nil }
        let f = facts
        if let r = current(s).frame(of: v.view, f, adjustments), visibleMiddle(r) != nil { return r }
        for k in registry.views(of: v.behaviour).indices where k != v.view {
            if let r = current(s).frame(of: k, f, adjustments), visibleMiddle(r) != nil { return r }
        }
        return nil
    }

    private mutating func tapSectionHeader(_ i: Int) -> TapOutcome {
        let r = dispatchTap(.sectionHeaderTapped(i))
        return .sectionHeader(i, note: r.note)
    }
}
