import Foundation

/// What a tap is aimed at (spec §4).
public enum TapTarget: Equatable, Sendable {
    /// `tap header`: the centre of the table header's visible part.
    case header
    /// `tap header I`: the centre of the visible part of section I's header.
    case section(Int)
    /// `tap row I J`: row J of section I (a targeted tap; it needs a visible part).
    case row(Int, Int)
    /// `tap toolbar`: the centre of the toolbar's visible part, or of its reveal zone when hidden.
    case toolbar
    /// `tap X Y`: a screen point; the topmost view there receives it (§6.6).
    case point(x: Double, y: Double)
}

/// What received a tap and what it did (the REPL prints it: `TapOutcome.description`,
/// in the language library).
public enum TapOutcome: Equatable, Sendable {
    /// The content was decelerating or bouncing: the tap stopped it and reached no view.
    case stoppedScrolling
    /// The toolbar received it; `shows`: it started showing the toolbar (it was hiding).
    case toolbar(shows: Bool)
    /// The reveal zone (bottom h pt while the toolbar is hidden or hiding): shows the toolbar.
    case revealZone
    /// The table header; `expanded` is the toggle's new target, nil when it does not toggle.
    case header(expanded: Bool?)
    /// Section I's header; `open` is the section's new target state, nil without accordion.
    case sectionHeader(Int, open: Bool?)
    /// A row.
    case row(Int, Int)
    /// No view is at that point.
    case nothing

    /// What `tap.target` names after this outcome (spec §5): `nothing` also for a tap that
    /// only stopped the scrolling (it reached no view).
    public var target: TapTargetName {
        switch self {
        case .stoppedScrolling, .nothing: return .nothing
        case .toolbar: return .toolbar
        case .revealZone: return .toolbarZone
        case .header: return .header
        case .sectionHeader(let i, _): return .section(i)
        case .row(let i, let j): return .row(i, j)
        }
    }
}

/// The value of `tap.target` as ids and indexes: the evaluator compares these (no string
/// work per frame); `text` is its spelling, built only to print it.
public enum TapTargetName: Equatable, Sendable {
    /// No tap yet: `tap.target` is `""`.
    case noTap
    case nothing
    case toolbar
    case toolbarZone
    case header
    case section(Int)
    case row(Int, Int)

    /// As `tap.target` spells it: `""`, `"nothing"`, `"toolbar"`, `"toolbar.zone"`,
    /// `"header"`, `"section[2]"`, `"row[0,3]"`.
    public var text: String {
        switch self {
        case .noTap: return ""
        case .nothing: return "nothing"
        case .toolbar: return "toolbar"
        case .toolbarZone: return "toolbar.zone"
        case .header: return "header"
        case .section(let i): return Subscript.written(section: i)
        case .row(let i, let j): return Subscript.written(section: i, row: j)
        }
    }

    /// The target a string spells exactly as `text` does (`"section[2]"`, not
    /// `"section[02]"`), or nil when `tap.target` can never equal that string.
    /// Done once per literal, when an expression is resolved.
    public init?(text s: String) {
        let fixed: [TapTargetName] = [.noTap, .nothing, .toolbar, .toolbarZone, .header]
        if let t = fixed.first(where: { $0.text == s }) { self = t; return }
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
        guard t.text == s else { return nil }
        self = t
    }
}

extension World {
    /// A tap (0 frames). While decelerating or bouncing it stops the content and reaches no
    /// view. Throws `SimError` for a tap while a finger is down, a missing or untitled
    /// section, a missing header or toolbar, or a target with no visible part.
    public mutating func tap(_ target: TapTarget) throws -> TapOutcome {
        let outcome = try tapOutcome(target)
        lastTap = outcome
        return outcome
    }

    private mutating func tapOutcome(_ target: TapTarget) throws -> TapOutcome {
        guard !finger.isDown else {
            throw SimError.tapWhileFingerDown
        }
        try validate(target)
        if scroll.phase == .decelerating || scroll.phase == .bouncing {
            scroll.reduce(.tappedWhileMoving(t: time, bounds: bounds))
            return .stoppedScrolling
        }
        switch target {
        case .header:
            guard let r = headerFrame(), visibleMiddle(r) != nil else {
                throw SimError.headerOffScreen
            }
            return tapHeader()
        case .section(let i):
            guard let r = sectionFrame(i), visibleMiddle(r) != nil else {
                throw SimError.sectionHeaderOffScreen(section: i)
            }
            return tapSectionHeader(i)
        case .row(let i, let j):
            guard let r = rowFrame(i, j), r.height > 0, visibleMiddle(r) != nil else {
                let closed = table.rowHeight(fraction: accordion.fraction[i]) <= 0
                throw SimError.rowNotVisible(section: i, row: j, sectionClosed: closed)
            }
            return .row(i, j)
        case .toolbar:
            return tapBottomZone()
        case .point(let x, let y):
            return hitTest(x: x, y: y)
        }
    }

    private func validate(_ target: TapTarget, needsTitle: Bool = true) throws {
        switch target {
        case .header:
            guard config.header != nil else {
                throw SimError.noHeader
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
        case .toolbar:
            guard toolbar != nil else {
                throw SimError.noToolbar
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
        case toolbar, revealZone, header, section(Int), row(Int, Int), nothing
    }

    /// The receiver at a screen point, in the order of spec §6.6.
    mutating func hitTest(x: Double, y: Double) -> TapOutcome {
        switch receiver(x: x, y: y) {
        case .toolbar: return tapBottomZone()
        case .revealZone: return tapBottomZone(inRevealZone: true)
        case .header: return tapHeader()
        case .section(let i): return tapSectionHeader(i)
        case .row(let i, let j): return .row(i, j)
        case .nothing: return .nothing
        }
    }

    /// The search, non-mutating (a debug build copies the whole world for each call a
    /// mutating method makes to a non-mutating one; 10 million taps must stay fast).
    private func receiver(x: Double, y: Double) -> Receiver {
        guard x >= 0 && x < screenWidth && y >= 0 && y < screenHeight else { return .nothing }
        if let tb = toolbar {
            if tb.y < screenHeight && y >= tb.y && y < tb.y + tb.height { return .toolbar }
            if (tb.mode == .hidden || tb.mode == .hiding) && y >= screenHeight - tb.height {
                return .revealZone
            }
        }
        if let r = headerFrame(), contains(r, y) { return .header }
        // Only sections near the screen can hold the point (O(log n) on a large table).
        let candidates = sectionsNearScreen()
        for i in candidates {
            if let r = sectionFrame(i), contains(r, y) { return .section(i) }
        }
        let contentY = y + scroll.offset
        for i in candidates {
            let rowsTop = table.top(i) + table.headerHeights[i]
            guard contentY >= rowsTop && contentY < table.top(i + 1) else { continue }
            let h = table.rowHeight(fraction: accordion.fraction[i])
            guard h > 0 else { continue }
            return .row(i, clampIndex(((contentY - rowsTop) / h).rounded(.down), table.rowCounts[i]))
        }
        return .nothing
    }

    private func contains(_ r: Rect, _ y: Double) -> Bool {
        r.height > 0 && y >= r.y && y < r.y + r.height
    }

    /// The toolbar or its reveal zone: shows it when hidden or hiding. A tap in the zone
    /// (below a hiding toolbar, or anywhere in it while hidden) reports the zone.
    private mutating func tapBottomZone(inRevealZone: Bool = false) -> TapOutcome {
        guard var tb = toolbar else { return .nothing }
        let wasOff = tb.mode == .hidden || inRevealZone
        let reveals = tb.mode == .hidden || tb.mode == .hiding
        tb.reduce(.bottomTapped(t: time))
        toolbar = tb
        if wasOff { return .revealZone }
        return .toolbar(shows: reveals)
    }

    private mutating func tapHeader() -> TapOutcome {
        guard var toggle = headerToggle else { return .header(expanded: nil) }
        toggle.reduce(.headerTapped(t: time))
        headerToggle = toggle
        return .header(expanded: toggle.expanded)
    }

    private mutating func tapSectionHeader(_ i: Int) -> TapOutcome {
        guard accordion.mode != .off else { return .sectionHeader(i, open: nil) }
        accordion.reduce(.sectionHeaderTapped(section: i, t: time))
        return .sectionHeader(i, open: accordion.open[i])
    }
}
