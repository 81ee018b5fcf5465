import Foundation

/// Why the world refused an action (spec §4, §6.6): a case with its numbers. The language
/// library words it (`SimError.message`, ScrollScript/ValueFormatting.swift).
public enum SimError: Error, Equatable, Sendable {
    /// `release` with no finger down.
    case noFingerToRelease
    /// A tap while a finger is down.
    case tapWhileFingerDown
    /// `tap header` while none of the table header is on screen.
    case headerOffScreen
    /// `tap header I` while none of section I's header view is on screen.
    case sectionHeaderOffScreen(section: Int)
    /// `tap row I J` while none of the row is on screen (`sectionClosed`: its section is closed).
    case rowNotVisible(section: Int, row: Int, sectionClosed: Bool)
    /// `tap header` without a header.
    case noHeader
    /// A section index past the table (`count` sections).
    case noSection(Int, count: Int)
    /// `tap header I` on an untitled section (it has no header view).
    case untitledSection(Int)
    /// A row index past its section (`rows` rows).
    case noRow(section: Int, row: Int, rows: Int)
    /// `tap toolbar` without a toolbar.
    case noToolbar
    /// `tap X Y` with a coordinate that is not finite.
    case pointNotFinite
}

/// The simulated table view: physics, layout and behaviours (spec §4–§6).
///
/// A value type: copying it snapshots the world. Time only advances through `step()`,
/// one display frame at a time; t = frameIndex / fps is never accumulated.
public struct World: Equatable, Sendable {
    public let config: SceneConfig
    /// Frames run so far.
    public internal(set) var frameIndex = 0

    // Constants read once from the configuration (the hot path never touches `config`).
    let fps: Double
    let screenWidth: Double
    let screenHeight: Double
    let insetTop: Double
    let dragSpeed: Double
    let flingDuration: Double
    let rowHeight: Double
    let sectionTitles: [String?]
    let rowTitles: [[String]]

    // Behaviours.
    var finger = FingerState()
    var scroll: ScrollState
    var toolbar: ToolbarState?
    var headerToggle: HeaderToggleState?
    var accordion: AccordionState
    var table: TableLayout
    var bounds: ScrollBounds
    /// What the last tap reached (`tap.target`); nil before any tap.
    public internal(set) var lastTap: TapOutcome?
    /// The table-header height the body was last laid out with.
    var laidOutBodyTop: Double
    /// The body's top without a toggle: the header's height, or 0 without a header.
    let fixedBodyTop: Double

    /// A fresh world at rest at the top (offset = −inset.top), frame 0.
    public init(_ config: SceneConfig) {
        self.config = config
        let tun = config.tunables
        fps = Double(max(1, config.fps))
        screenWidth = config.screenWidth
        screenHeight = config.screenHeight
        insetTop = tun[.insetTop]
        dragSpeed = tun[.dragSpeed]
        flingDuration = tun[.flingDuration]
        rowHeight = tun[.rowHeight]
        let sections = config.effectiveSections
        sectionTitles = sections.map { $0.title }
        rowTitles = sections.map { $0.rowTitles }
        let parameters = PhysicsParameters(
            rubberBand: tun[.rubberband], screenHeight: config.screenHeight,
            decelerationRate: tun[.deceleration], stopVelocity: tun[.decelerationStopVelocity],
            stiffness: tun[.bounceStiffness], damping: tun[.bounceDamping],
            snapbackStiffness: tun[.snapbackStiffness], snapbackDamping: tun[.snapbackDamping],
            fps: Double(max(1, config.fps)))
        scroll = ScrollState(offset: -tun[.insetTop], parameters: parameters)
        if let h = config.toolbarHeight {
            toolbar = ToolbarState(height: h, screenHeight: config.screenHeight,
                                   duration: tun[.toolbarDuration],
                                   showVelocity: tun[.toolbarShowVelocity],
                                   hideDistance: tun[.toolbarHideDistance])
        }
        if let header = config.header, let second = header.toggle {
            headerToggle = HeaderToggleState(firstHeight: header.height, secondHeight: second,
                                             duration: tun[.headerDuration],
                                             bodyFollows: tun[.headerBodyFollows] != 0)
        }
        accordion = AccordionState(initiallyOpen: sections.map { $0.open }, mode: config.accordion,
                                   duration: tun[.accordionDuration])
        table = TableLayout(sections: sections, rowHeight: tun[.rowHeight], sectionHeight: tun[.sectionHeight])
        let bodyTop = config.header?.height ?? 0
        fixedBodyTop = bodyTop
        table.rebuild(bodyTop: bodyTop, fractions: accordion.fraction)
        laidOutBodyTop = bodyTop
        bounds = ScrollBounds(min: -tun[.insetTop], max: table.contentHeight - config.screenHeight)
    }

    /// Simulated seconds: frameIndex / fps.
    public var time: Double { Double(frameIndex) / fps }

    /// n = ⌊T·fps + 0.5 + 10⁻⁹⌋ frames, clamped ≥ 0 (see `FrameClock`).
    public static func frameCount(seconds: Double, fps: Int) -> Int {
        FrameClock.frameCount(seconds: seconds, fps: fps)
    }

    public var phase: ScrollPhase { scroll.phase }
    public var offset: Double { scroll.offset }
    public var fingerIsDown: Bool { finger.isDown }
    /// Sections in the table (the declared ones, or the default single section).
    public var sectionCount: Int { table.sectionCount }
    /// The scroll bounds of the last layout.
    public var scrollBounds: ScrollBounds { bounds }

    /// Nothing moves: no finger, phase idle, no animation running (what `settle` waits for).
    public var isAtRest: Bool {
        !finger.isDown && scroll.phase == .idle
            && !(toolbar?.isAnimating ?? false)
            && !(headerToggle?.isAnimating ?? false)
            && !accordion.isAnimating
    }

    /// `isAtRest`, asked in place: the interpreter asks it after every frame of `settle`, and
    /// reading a computed property of a world stored in a class copies the whole world
    /// (every array retained and released) on each call.
    public static func isAtRest(_ world: inout World) -> Bool { world.isAtRest }

    /// The header's current (animated) height H, or nil without a header.
    var headerHeight: Double? {
        guard let h = config.header else { return nil }
        return headerToggle?.height ?? h.height
    }

    /// The height the body is laid out below.
    var bodyTop: Double {
        guard let h = config.header else { return 0 }
        return headerToggle?.bodyHeight ?? h.height
    }

    /// offset ≥ max − 0.5.
    var isAtBottom: Bool { scroll.offset >= bounds.max - 0.5 }

    // MARK: - The frame

    /// Runs exactly one display frame, in the order of spec §6.1. Allocation-free.
    public mutating func step() {
        frameIndex &+= 1
        // Stored properties only in here: in a debug build, calling a computed property of
        // `self` from a mutating method copies the whole world (a dozen retains).
        let t = Double(frameIndex) / fps
        // 1. The finger moves.
        let fingerFrame = finger.frame(fps: fps)
        // 2. Scroll physics; "deceleration ended" reactions run here.
        switch scroll.phase {
        case .dragging:
            scroll.reduce(.fingerMoved(translation: finger.translation, bounds: bounds))
        case .decelerating, .bouncing:
            if scroll.reduce(.frameTicked(t: t, bounds: bounds)) == .decelerationEnded {
                let atBottom = scroll.offset >= bounds.max - 0.5
                toolbar?.reduce(.decelerationEnded(atBottom: atBottom, t: t))
            }
        case .idle:
            break
        }
        // 3. Animations advance to t.
        toolbar?.reduce(.frameTicked(t: t))
        headerToggle?.reduce(.frameTicked(t: t))
        let sectionsMoved = accordion.reduce(.frameTicked(t: t))
        // 4. Layout; clamp when idle past a bound that moved.
        layout(force: sectionsMoved)
        // 5. Toolbar tracking while a finger is down.
        if finger.isDown {
            let p = finger.translation, v = finger.velocity
            toolbar?.reduce(.fingerTracked(translation: p, velocity: v, t: t))
        }
        // A fling's release happens at the end of its last frame.
        if case .movedThenLifts(let v) = fingerFrame {
            lift(fingerVelocity: v)
        }
    }

    /// Advances the clock by `n` frames without running them, when the world is at rest
    /// (`isAtRest`): then a frame changes nothing but the clock (no finger, no motion, no
    /// animation, and the layout and any clamp already happened in the frame before), so
    /// this gives the same world as `n` calls to `step()`. Returns false, doing nothing,
    /// when the world is not at rest. Reads stored properties only: it is asked after every
    /// frame, and a computed property of `self` copies the world in a debug build.
    @discardableResult
    public mutating func skipFramesAtRest(_ n: Int) -> Bool {
        guard n > 0, !finger.isDown, scroll.phase == .idle, accordion.runningCount == 0 else { return false }
        if let tb = toolbar, tb.mode == .showing || tb.mode == .hiding { return false }
        if let h = headerToggle, h.isAnimating { return false }
        frameIndex &+= n
        return true
    }

    /// Advances `n` frames of a touch at once when nothing but the finger and the offset
    /// change in them: a finger down and dragging, no toolbar (its tracking rules look at
    /// every frame), no animation running. The offset while dragging is a function of the
    /// translation alone (§6.2), and the translation of a move is linear in the frame
    /// index, so this is the same world as `n` steps, except `velocity` (the change over
    /// the last frame), which the caller's next real frame sets. Returns false, doing
    /// nothing, otherwise. Stored properties only (see `step`).
    @discardableResult
    public mutating func skipTouchFrames(_ n: Int) -> Bool {
        guard n > 0, scroll.phase == .dragging, toolbar == nil, accordion.runningCount == 0 else { return false }
        if let h = headerToggle, h.isAnimating { return false }
        guard finger.skip(n, fps: fps) else { return false }
        frameIndex &+= n
        scroll.reduce(.fingerMoved(translation: finger.translation, bounds: bounds))
        return true
    }

    /// Step 4: content height, bounds, clamp.
    mutating func layout(force: Bool) {
        // bodyTop, from stored properties (see `step`).
        let top = headerToggle?.bodyHeight ?? fixedBodyTop
        if force {
            // Only the sections that moved (O(moved), see TableLayout).
            table.update(bodyTop: top, fractions: accordion.fraction, changed: accordion.changed)
            laidOutBodyTop = top
        } else if top != laidOutBodyTop {
            table.move(bodyTop: top)
            laidOutBodyTop = top
        }
        bounds = ScrollBounds(min: -insetTop, max: table.storedContentHeight - screenHeight)
        if scroll.phase == .idle && (scroll.offset < bounds.min || scroll.offset > bounds.max) {
            scroll.reduce(.boundsMoved(bounds))
        }
    }

    /// The finger lifts now with finger velocity v: physics release, then the toolbar's rules.
    mutating func lift(fingerVelocity v: Double) {
        finger.lift(velocity: v)
        scroll.reduce(.dragEnded(velocity: -v, t: time, bounds: bounds))
        let atBottom = isAtBottom, t = time
        toolbar?.reduce(.dragEnded(atBottom: atBottom, t: t))
    }
}
