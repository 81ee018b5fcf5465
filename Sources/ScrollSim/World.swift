import Foundation

/// Why the world refused an action (spec §4, §6.6): a case with its numbers. The language
/// library words it (`SimError.message`, ScrollScript/ValueFormatting.swift).
public enum SimError: Error, Equatable, Sendable {
    /// `release` with no finger down.
    case noFingerToRelease
    /// A tap while a finger is down.
    case tapWhileFingerDown
    /// `tap NAME` (`tap header`) while none of that view is on screen.
    case viewOffScreen(noun: String)
    /// (v1.5) `tap B.NAME` of a declared view that is not there to tap (spec §9's Taps):
    /// why (`ViewAbsence`).
    case viewNotTappable(noun: String, ViewAbsence)
    /// `tap header I` while none of section I's header view is on screen.
    case sectionHeaderOffScreen(section: Int)
    /// `tap row I J` while none of the row is on screen (`sectionClosed`: its section is closed).
    case rowNotVisible(section: Int, row: Int, sectionClosed: Bool)
    /// `tap NAME` (`tap header`, `tap toolbar`) when the scene does not declare its
    /// behaviour (`word`).
    case viewNotDeclared(noun: String, word: String)
    /// A section index past the table (`count` sections).
    case noSection(Int, count: Int)
    /// `tap header I` on an untitled section (it has no header view).
    case untitledSection(Int)
    /// A row index past its section (`rows` rows).
    case noRow(section: Int, row: Int, rows: Int)
    /// `tap X Y` with a coordinate that is not finite.
    case pointNotFinite
}

/// The simulated table view: physics, layout and the behaviours (spec §4–§6, §8).
///
/// A value type: copying it snapshots the world (its behaviours are values too). Time only
/// advances through `step()`, one display frame at a time; t = frameIndex / fps is never
/// accumulated.
public struct World: Sendable {
    public let config: SceneConfig
    /// The registered behaviours this world's are drawn from.
    public let registry: BehaviourRegistry
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

    var finger = FingerState()
    var scroll: ScrollState
    var table: TableLayout
    var bounds: ScrollBounds
    /// What the last tap reached (`tap.target`); nil before any tap.
    public internal(set) var lastTap: TapOutcome?
    /// Where the last `tap NAME` landed: the frame of the view it aimed at, or of the view
    /// of the same behaviour that took it (pictures mark the tap at its centre); nil after
    /// other taps.
    public internal(set) var lastTapFrame: Rect?
    /// The body top the table was last laid out below.
    var laidOutBodyTop: Double
    /// The extra top inset the bounds were last computed with.
    var laidOutInset: Double = 0
    /// The extra bottom inset the bounds were last computed with.
    var laidOutInsetBottom: Double = 0
    /// The first thing a behaviour did that the world refuses (spec §8): the interpreter
    /// fails the scenario with it. The world goes on as if it had not been done.
    public internal(set) var fault: BehaviourFaultReport?
    /// A behaviour that could not be made says why (with `fault` `.notCreated`).
    public internal(set) var creationProblem: String?
    /// Some behaviour keeps its state in a class instance (a user's): the world journals
    /// its inputs, to make itself again when a copy of it goes on running (World+Replay.swift).
    var keepsClassState: Bool { classStateOwner != nil }
    /// With such a behaviour, an object only this world and its copies hold: shared, it says
    /// the world was copied, and so are its behaviours' instances (one check, however many).
    var classStateOwner: ClassStateOwner?
    /// Those inputs at their frames; `journalFull`: more came than a world keeps.
    var journalLog: [JournalEntry] = []
    var journalFull = false
    /// Where the class-kept behaviours' values were last found finite (`checkValues`) or a
    /// fault was cleared: the frame, and how many inputs the journal held then.
    var checkedFrame = 0
    var checkedJournal = 0
    /// Times this world was made again (tests see that a world no one copied never is).
    var remakes = 0
    /// The offset at the end of the previous frame (`scrolled` fires when it changes).
    var lastFrameOffset: Double
    /// A touch went down and its first frame has not run yet (`dragBegan` fires there).
    var touchBeganPending = false

    // The behaviours declared in this scene, in registration order, and what they change.
    var behaviours: [any Behaviour]
    /// Parallel to `behaviours`: the object each class-kept one reacts through
    /// (`Behaviour.reactor`, unretained: its behaviour keeps it), nil for a value.
    var reactors: [Unmanaged<BehaviourReactor>?]
    /// Each behaviour's id in the registry (parallel to `behaviours`).
    let behaviourIDs: [BehaviourID]
    /// Registry index → index in `behaviours`, or -1 when not declared here.
    let slots: [Int]
    var adjustments: Adjustments
    /// Bit i: behaviour i reported an animation running (it gets `frameTicked`).
    var animatingMask: UInt64 = 0
    /// Bit i: behaviour i's reactor says which animation frames it need not be sent
    /// (`BehaviourReactor.quietUntil`).
    var quietMask: UInt64 = 0
    /// Bit i: behaviour i asked to see the end of every frame (it gets `frameWatched`).
    var watchingMask: UInt64 = 0
    /// Bit i: behaviour i listens to the event (from its declaration, less the kinds it
    /// said are nothing to it: `Reaction.stopsListening`).
    var fingerMask: UInt64
    var decelerationMask: UInt64
    var dragEndedMask: UInt64
    var dragBeganMask: UInt64
    var scrolledMask: UInt64
    var flingTargetMask: UInt64
    let tapMask: UInt64
    /// (v1.5) Bit i: behaviour i listens to `frameEnded`'s pass 2, 0, 1 (and any of them).
    let frameEndMask: UInt64
    let lateScrollMask: UInt64
    let lateDragMask: UInt64
    let stepFiveMask: UInt64
    /// (v1.5) Bit i: behaviour i reads observables of the world (`BehaviourDeclaration.reads`):
    /// before each call it takes their values now (`takeReadings`). Its reads, by slot.
    let readsMask: UInt64
    let readLists: [[WorldRead]]
    /// Room for the longest list's values (filled before a call: nothing allocated per frame).
    var readingScratch: [Double]
    /// (v1.5) The offset step 5 saw before its `frameEnded` handlers ran (pass 0 compares).
    var stepFiveOffset: Double

    /// A fresh world at rest at the top (offset = −inset.top), frame 0.
    public init(_ config: SceneConfig) {
        self.config = config
        registry = config.registry
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
        lastFrameOffset = -tun[.insetTop]

        // The behaviours, in registration order; each may set what the layout reads.
        var adjustments = Adjustments(sections: SectionOpenness(open: sections.map { $0.open }))
        var made: [any Behaviour] = []
        var ids: [BehaviourID] = []
        var slots = Array(filled: -1, count: config.registry.count)
        var readsMask = UInt64(0)
        var readLists: [[WorldRead]] = []
        var masks = (finger: UInt64(0), deceleration: UInt64(0), dragEnded: UInt64(0), dragBegan: UInt64(0),
                     scrolled: UInt64(0), flingTarget: UInt64(0), taps: UInt64(0), frameEnd: UInt64(0),
                     lateScroll: UInt64(0), lateDrag: UInt64(0))
        for id in config.dispatchOrder {
            guard let setup = config.setup(for: id) else { continue }
            let bit = UInt64(1) << UInt64(made.count)
            slots[id.index] = made.count
            made.append(config.registry.make(id, setup, &adjustments))
            ids.append(id)
            let listens = config.registry.events(of: id)
            if listens.contains(.fingerTracked) { masks.finger |= bit }
            if listens.contains(.decelerationEnded) { masks.deceleration |= bit }
            if listens.contains(.dragEnded) { masks.dragEnded |= bit }
            if listens.contains(.dragBegan) { masks.dragBegan |= bit }
            if listens.contains(.scrolled) { masks.scrolled |= bit }
            if listens.contains(.flingTargetChosen) { masks.flingTarget |= bit }
            if listens.contains(.taps) { masks.taps |= bit }
            if listens.contains(.frameEnded) { masks.frameEnd |= bit }
            if listens.contains(.frameEndedScrolled) { masks.lateScroll |= bit }
            if listens.contains(.frameEndedDragging) { masks.lateDrag |= bit }
            let reads = config.registry.declaration(id).reads
            if !reads.isEmpty { readsMask |= bit }
            readLists.append(reads)
        }
        self.readsMask = readsMask
        self.readLists = readLists
        readingScratch = Array(filled: 0, count: readLists.reduce(0) { max($0, $1.count) })
        classStateOwner = made.contains { $0.keepsStateInClass } ? ClassStateOwner() : nil
        behaviours = made
        reactors = Array(filled: nil, count: made.count)
        behaviourIDs = ids
        self.slots = slots
        fingerMask = masks.finger
        decelerationMask = masks.deceleration
        dragEndedMask = masks.dragEnded
        dragBeganMask = masks.dragBegan
        scrolledMask = masks.scrolled
        flingTargetMask = masks.flingTarget
        tapMask = masks.taps
        frameEndMask = masks.frameEnd
        lateScrollMask = masks.lateScroll
        lateDragMask = masks.lateDrag
        stepFiveMask = masks.frameEnd | masks.lateScroll | masks.lateDrag
        stepFiveOffset = -tun[.insetTop]

        table = TableLayout(sections: sections, rowHeight: tun[.rowHeight], sectionHeight: tun[.sectionHeight])
        table.rebuild(bodyTop: adjustments.bodyTop, fractions: adjustments.sections.fraction)
        laidOutBodyTop = adjustments.bodyTop
        laidOutInset = adjustments.contentInsetTop
        laidOutInsetBottom = adjustments.contentInsetBottom
        bounds = ScrollBounds(min: -(tun[.insetTop] + adjustments.contentInsetTop),
                              max: table.contentHeight + adjustments.contentInsetBottom - config.screenHeight)
        self.adjustments = adjustments
        // Laid out: each behaviour starts (a user's instance is made now, seeing the world it
        // starts in); what they set takes effect before the first frame.
        for i in behaviours.indices {
            if readsMask & (UInt64(1) << UInt64(i)) != 0 { takeReadings(i, World.facts(self, time: 0)) }
            let r = behaviours[i].start(World.facts(self, time: 0), &self.adjustments)
            if r.animating { animatingMask |= UInt64(1) << UInt64(i) }
            if r.watchesFrames { watchingMask |= UInt64(1) << UInt64(i) }
            if fault == nil, let problem = behaviours[i].creationProblem {
                fault = BehaviourFaultReport(behaviour: behaviourIDs[i], fault: .notCreated, time: 0)
                creationProblem = problem
            }
            if let f = r.fault { record(f, from: i, time: 0) }
            reactors[i] = behaviours[i].reactor.map { Unmanaged.passUnretained($0) }
            if behaviours[i].reactor?.quietUntil != nil { quietMask |= UInt64(1) << UInt64(i) }
        }
        if self.adjustments.contentInsetTop != laidOutInset || self.adjustments.contentInsetBottom != laidOutInsetBottom {
            insetChanged()
        }
        if self.adjustments.requestedOffset != nil {
            applyRequestedOffset()
            lastFrameOffset = scroll.offset
        }
        stepFiveOffset = scroll.offset
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

    /// Nothing moves: no finger, phase idle, no behaviour animating (what `settle` waits for).
    public var isAtRest: Bool {
        !finger.isDown && scroll.phase == .idle && animatingMask == 0
    }

    /// `isAtRest`, asked in place: the interpreter asks it after every frame of `settle`, and
    /// reading a computed property of a world stored in a class copies the whole world
    /// (every array retained and released) on each call.
    public static func isAtRest(_ world: inout World) -> Bool { world.isAtRest }

    /// What the scroll view reports now, as behaviours see it.
    public var facts: ScrollFacts { World.facts(self, time: time) }

    /// `facts`, built from stored properties only (see `step`).
    static func facts(_ w: borrowing World, time t: Double) -> ScrollFacts {
        ScrollFacts(time: t, offset: w.scroll.offset, velocity: w.scroll.velocity, phase: w.scroll.phase,
                    bounds: w.bounds, fingerDown: w.finger.isDown, fingerTranslation: w.finger.translation,
                    fingerVelocity: w.finger.velocity, screenWidth: w.screenWidth, screenHeight: w.screenHeight,
                    insetTop: w.insetTop, contentHeight: w.table.storedContentHeight)
    }

    /// offset ≥ max − 0.5.
    var isAtBottom: Bool { scroll.offset >= bounds.max - 0.5 }

    // MARK: - The frame

    /// Runs exactly one display frame, in the order of spec §6.1. Allocation-free.
    /// Behaviours are called in registration order at each point:
    /// 1. the finger moves (`dragBegan` first, on a touch's first frame);
    /// 2. scroll physics; `decelerationEnded` where a deceleration or bounce comes to rest;
    /// 3. `frameTicked` to every behaviour whose animation runs;
    /// 4. layout: body top, section fractions, content inset, bounds; the idle clamp; a top
    ///    inset that step 3 changed re-bases a drag in progress (spec v1.5 §6.7: the offset
    ///    does not move under a still finger);
    /// 5. `fingerTracked` while a finger is down; `scrolled` when the offset moved;
    ///    `frameWatched` to the behaviours that watch frames; then the declared behaviours'
    ///    `frameEnded` passes (spec §9: `didScroll`, `dragging`, `frame`); a content inset
    ///    either changed takes effect at once (the bounds, and a drag re-based).
    /// An offset a behaviour sets is applied right after the dispatch that set it.
    /// A release happens after step 5 of the last frame of its gesture.
    public mutating func step() {
        ownState()
        frameIndex &+= 1
        // Stored properties only in here: in a debug build, calling a computed property of
        // `self` from a mutating method copies the whole world (a dozen retains).
        let t = Double(frameIndex) / fps
        // 1. The finger moves.
        if touchBeganPending {
            touchBeganPending = false
            if dragBeganMask != 0 { dispatch(.dragBegan, to: dragBeganMask, time: t) }
        }
        let fingerFrame = finger.frame(fps: fps)
        // 2. Scroll physics; "deceleration ended" reactions run here.
        switch scroll.phase {
        case .dragging:
            scroll.reduce(.fingerMoved(translation: finger.translation, bounds: bounds))
        case .decelerating, .bouncing:
            if scroll.reduce(.frameTicked(t: t, bounds: bounds)) == .decelerationEnded && decelerationMask != 0 {
                dispatch(.decelerationEnded, to: decelerationMask, time: t)
            }
        case .idle:
            break
        }
        // 3. Animations advance to t.
        if animatingMask != 0 {
            // Less those whose animations can only move on now (nothing of theirs would run).
            let ticking = animatingMask & quietMask == 0 ? animatingMask : notQuiet(animatingMask, at: t)
            if ticking != 0 { dispatch(.frameTicked, to: ticking, time: t) }
        }
        // 4. Layout; clamp when idle past a bound that moved. A top inset changed in step 3
        // under a finger re-bases the drag (UIKit never moves the offset for an inset).
        let topInsetMoved = adjustments.contentInsetTop != laidOutInset
        layout(force: !adjustments.sections.changed.isEmpty)
        if topInsetMoved && scroll.phase == .dragging {
            scroll.reduce(.rebased(translation: finger.translation, bounds: bounds))
        }
        // 5. While a finger is down; then what that changed.
        if finger.isDown && fingerMask != 0 {
            dispatch(.fingerTracked, to: fingerMask, time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
        if scrolledMask != 0 && scroll.offset != lastFrameOffset {
            dispatchScrolled(time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
        if watchingMask != 0 {
            dispatch(.frameWatched, to: watchingMask, time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
        if stepFiveMask != 0 { frameEnded(time: t) }
        lastFrameOffset = scroll.offset
        // A fling's release happens at the end of its last frame.
        if case .movedThenLifts(let v) = fingerFrame {
            lift(fingerVelocity: v)
        }
    }

    /// `mask` less the behaviours whose reactor says a `frameTicked` at `t` would change
    /// nothing of them (`BehaviourReactor.quietUntil`).
    @inline(__always)
    func notQuiet(_ mask: UInt64, at t: Double) -> UInt64 {
        var m = mask
        var q = mask & quietMask
        while q != 0 {
            let i = q.trailingZeroBitCount
            q &= q &- 1
            if let r = reactors[i], let until = r._withUnsafeGuaranteedRef({ $0.quietUntil }), t < until.pointee {
                m &= ~(UInt64(1) << UInt64(i))
            }
        }
        return m
    }

    /// (v1.5) The end of step 5: `frameEnded`'s three passes (spec §9), then what they changed.
    @inline(never)
    mutating func frameEnded(time t: Double) {
        let moved = scroll.offset != stepFiveOffset
        stepFiveOffset = scroll.offset
        if moved && lateScrollMask != 0 {
            dispatch(.frameEnded(pass: 0), to: lateScrollMask, time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
        if finger.isDown && lateDragMask != 0 {
            dispatch(.frameEnded(pass: 1), to: lateDragMask, time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
        if frameEndMask != 0 {
            dispatch(.frameEnded(pass: 2), to: frameEndMask, time: t)
            if adjustments.contentInsetTop != laidOutInset || adjustments.contentInsetBottom != laidOutInsetBottom { insetChanged() }
        }
    }

    /// Sends `event` to the behaviours in `mask` (bit i: `behaviours[i]`), in registration
    /// order, and keeps what each says about its animation.
    mutating func dispatch(_ event: BehaviourEvent, to mask: UInt64, time t: Double) {
        let facts = World.facts(self, time: t)
        var m = mask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m &- 1
            deliver(event, to: i, facts)
        }
        if adjustments.requestedOffset != nil { applyRequestedOffset() }
    }

    /// `dispatch(.scrolled, to: scrolledMask, time: t)`, the dispatch of every moving frame:
    /// a behaviour with a reactor answers in a register (`BehaviourReactor.scrolled`), and
    /// its fault is taken only when it says it has one; a reactor with a `factsSlot` gets
    /// the facts written there (no copy of them by either side). The same order and effects
    /// (the facts do not change during a dispatch: each behaviour's are the same).
    mutating func dispatchScrolled(time t: Double) {
        // The common case: one behaviour listens, a reactor with a facts slot. Straight
        // through, the rest out of line (a smaller frame for this one).
        let one = scrolledMask
        if one & (one &- 1) == 0 && one != 0 {
            let i = one.trailingZeroBitCount
            if let reactor = reactors[i], let slot = reactor._withUnsafeGuaranteedRef({ $0.factsSlot }) {
                slot.pointee = World.facts(self, time: t)
                let r = reactor._withUnsafeGuaranteedRef { $0.scrolledInPlace(&adjustments) }.bits
                if r != 0 || (animatingMask | watchingMask) & one != 0 { scrolledAnswered(r, by: i, time: t) }
                if adjustments.requestedOffset != nil { applyRequestedOffset() }
                return
            }
        }
        dispatchScrolledToEach(time: t)
    }

    /// `dispatchScrolled` in registration order, to any number of behaviours of any kind.
    @inline(never)
    mutating func dispatchScrolledToEach(time t: Double) {
        var m = scrolledMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m &- 1
            guard let reactor = reactors[i] else {
                deliver(.scrolled, to: i, World.facts(self, time: t))
                continue
            }
            let r: UInt8
            if let slot = reactor._withUnsafeGuaranteedRef({ $0.factsSlot }) {
                slot.pointee = World.facts(self, time: t)
                r = reactor._withUnsafeGuaranteedRef { $0.scrolledInPlace(&adjustments) }.bits
            } else {
                let facts = World.facts(self, time: t)
                r = reactor._withUnsafeGuaranteedRef { $0.scrolled(facts, &adjustments) }.bits
            }
            let bit = UInt64(1) << UInt64(i)
            // Most answers: not animating, not watching, and it was not either.
            if r != 0 || (animatingMask | watchingMask) & bit != 0 { scrolledAnswered(r, by: i, time: t) }
        }
        if adjustments.requestedOffset != nil { applyRequestedOffset() }
    }

    /// A `scrolled` answer that says something, or from a behaviour that was animating or
    /// watching frames: its masks, and a fault to take or the event stopped (out of line:
    /// the frames of most answers say nothing).
    @inline(never)
    mutating func scrolledAnswered(_ r: UInt8, by i: Int, time t: Double) {
        let bit = UInt64(1) << UInt64(i)
        animatingMask = r & ScrolledAnswer.animating != 0 ? animatingMask | bit : animatingMask & ~bit
        watchingMask = r & ScrolledAnswer.watchesFrames != 0 ? watchingMask | bit : watchingMask & ~bit
        if r & ScrolledAnswer.hasFault != 0, let reactor = reactors[i],
           let f = reactor._withUnsafeGuaranteedRef({ $0.takeScrolledFault() }) {
            record(f, from: i, time: t)
        }
        if r & ScrolledAnswer.stopsListening != 0 { scrolledMask &= ~(UInt64(1) << UInt64(i)) }
    }

    /// Sends `event` to `behaviours[i]`, keeps whether it animates and its fault, and
    /// returns its reaction (the one step of `dispatch` and `dispatchTap`).
    @inline(__always) @discardableResult
    mutating func deliver(_ event: BehaviourEvent, to i: Int, _ facts: ScrollFacts) -> Reaction {
        if readsMask != 0 && readsMask & (UInt64(1) << UInt64(i)) != 0 { takeReadings(i, facts) }
        let r: Reaction
        if let reactor = reactors[i] {
            r = reactor._withUnsafeGuaranteedRef { $0.reduce(event, facts, &adjustments) }
        } else {
            r = behaviours[i].reduce(event, facts, &adjustments)
        }
        let bit = UInt64(1) << UInt64(i)
        animatingMask = r.animating ? animatingMask | bit : animatingMask & ~bit
        watchingMask = r.watchesFrames ? watchingMask | bit : watchingMask & ~bit
        if let f = r.fault { record(f, from: i, time: facts.time) }
        if r.stopsListening { stopSending(event, to: bit) }
        return r
    }

    /// (v1.5) Gives `behaviours[i]` the values now of what it reads (spec §9: a read sees
    /// the value at that point of the frame). Off the path of behaviours that read nothing.
    @inline(never)
    mutating func takeReadings(_ i: Int, _ facts: ScrollFacts) {
        let list = readLists[i]
        for k in list.indices { readingScratch[k] = reading(list[k], facts) }
        let values = readingScratch
        values.withUnsafeBufferPointer { all in
            behaviours[i].take(readings: UnsafeBufferPointer(rebasing: all[0..<list.count]))
        }
    }

    /// Events of `event`'s kind are nothing to the behaviours of `bits` from now on.
    @inline(never)
    mutating func stopSending(_ event: BehaviourEvent, to bits: UInt64) {
        switch event {
        case .scrolled: scrolledMask &= ~bits
        case .flingTargetChosen: flingTargetMask &= ~bits
        case .dragEnded: dragEndedMask &= ~bits
        case .decelerationEnded: decelerationMask &= ~bits
        case .dragBegan: dragBeganMask &= ~bits
        case .fingerTracked: fingerMask &= ~bits
        case .frameTicked, .frameWatched, .frameEnded, .viewTapped, .sectionHeaderTapped: break
        }
    }

    /// Keeps the first fault of a world (the interpreter fails the scenario with it).
    mutating func record(_ f: BehaviourFault, from i: Int, time t: Double) {
        if fault == nil { fault = BehaviourFaultReport(behaviour: behaviourIDs[i], fault: f, time: t) }
    }

    /// A behaviour set the offset (spec §8's `setContentOffset`): a drag is re-based so the
    /// finger goes on from there, a deceleration or bounce stops there (UIKit's
    /// `setContentOffset(_:animated: false)`); an idle offset past a bound is clamped by the
    /// next layout.
    mutating func applyRequestedOffset() {
        guard let y = adjustments.requestedOffset else { return }
        adjustments.requestedOffset = nil
        scroll.reduce(.offsetSet(y, translation: finger.translation, bounds: bounds))
    }

    /// Sends a tap to every behaviour that listens; returns the last note given and the view
    /// a behaviour answered a targeted tap with.
    mutating func dispatchTap(_ event: BehaviourEvent) -> (note: String?, view: ViewID?) {
        let facts = World.facts(self, time: time)
        var note: String?
        var redirected: ViewID?
        var m = tapMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m &- 1
            let r = deliver(event, to: i, facts)
            if let n = r.tapNote {
                let notes = registry.declaration(behaviourIDs[i]).notes
                if notes.indices.contains(n) { note = notes[n] }
            }
            if let v = r.tapView { redirected = ViewID(behaviourIDs[i], v) }
        }
        if adjustments.requestedOffset != nil { applyRequestedOffset() }
        return (note, redirected)
    }

    /// Advances the clock by `n` frames without running them, when the world is at rest
    /// (`isAtRest`) and no behaviour watches frames: then a frame changes nothing but the
    /// clock (no finger, no motion, no animation, and the layout and any clamp already
    /// happened in the frame before), so this gives the same world as `n` calls to
    /// `step()`. Returns false, doing nothing, otherwise. Reads stored properties only: it
    /// is asked after every frame, and a computed property of `self` copies the world in a
    /// debug build.
    @discardableResult
    public mutating func skipFramesAtRest(_ n: Int) -> Bool {
        guard n > 0, !finger.isDown, scroll.phase == .idle, animatingMask | frameEndMask | watchingMask == 0,
              lateScrollMask == 0 || scroll.offset == stepFiveOffset else { return false }
        frameIndex &+= n
        return true
    }

    /// Advances `n` frames of a touch at once when nothing but the finger and the offset
    /// change in them: a finger down and dragging, no behaviour that looks at every frame
    /// of a touch, at every scroll or at every frame's end, no animation running. The
    /// offset while dragging is a function of the translation alone (§6.2), and the
    /// translation of a move is linear in the frame index, so this is the same world as
    /// `n` steps, except `velocity` (the change over the last frame), which the caller's
    /// next real frame sets. Returns false, doing nothing, otherwise. Stored properties only
    /// (see `step`).
    @discardableResult
    public mutating func skipTouchFrames(_ n: Int) -> Bool {
        guard n > 0, scroll.phase == .dragging, !touchBeganPending,
              fingerMask | scrolledMask | animatingMask | stepFiveMask | watchingMask == 0 else { return false }
        guard finger.skip(n, fps: fps) else { return false }
        frameIndex &+= n
        scroll.reduce(.fingerMoved(translation: finger.translation, bounds: bounds))
        lastFrameOffset = scroll.offset
        return true
    }

    /// Step 4: content height, bounds, clamp.
    mutating func layout(force: Bool) {
        let top = adjustments.bodyTop
        if force {
            // Only the sections that moved (O(moved), see TableLayout).
            table.update(bodyTop: top, fractions: adjustments.sections.fraction, changed: adjustments.sections.changed)
            adjustments.sections.changed.removeAll(keepingCapacity: true)
            laidOutBodyTop = top
        } else if top != laidOutBodyTop {
            table.move(bodyTop: top)
            laidOutBodyTop = top
        }
        laidOutInset = adjustments.contentInsetTop
        laidOutInsetBottom = adjustments.contentInsetBottom
        // Stored only when they changed (to the bit): step 5 copies the bounds into the
        // behaviours' facts with one 16-byte load, which cannot be forwarded from the two
        // 8-byte stores that made them while those are still in flight (a stall on every
        // moving frame).
        let laidOut = ScrollBounds(min: -(insetTop + laidOutInset), max: table.storedContentHeight + laidOutInsetBottom - screenHeight)
        if laidOut.min.bitPattern != bounds.min.bitPattern || laidOut.max.bitPattern != bounds.max.bitPattern { bounds = laidOut }
        if scroll.phase == .idle && (scroll.offset < bounds.min || scroll.offset > bounds.max) {
            scroll.reduce(.boundsMoved(bounds))
        }
    }

    /// A behaviour changed a content inset in step 5: the bounds follow at once, and a
    /// drag in progress is re-based so that the offset does not jump (§6.7).
    mutating func insetChanged() {
        laidOutInset = adjustments.contentInsetTop
        laidOutInsetBottom = adjustments.contentInsetBottom
        bounds = ScrollBounds(min: -(insetTop + laidOutInset), max: table.storedContentHeight + laidOutInsetBottom - screenHeight)
        if scroll.phase == .dragging {
            scroll.reduce(.rebased(translation: finger.translation, bounds: bounds))
        }
    }

    /// The finger lifts now with finger velocity v: the fling's target is offered to the
    /// behaviours that listen, the physics releases, then `dragEnded`.
    mutating func lift(fingerVelocity v: Double) {
        finger.lift(velocity: v)
        let t = time
        var target: Double?
        if flingTargetMask != 0 {
            let offered = scroll.releaseTarget(velocity: -v, bounds: bounds)
            adjustments.flingTarget = offered
            dispatch(.flingTargetChosen(velocity: -v), to: flingTargetMask, time: t)
            if adjustments.flingTarget != offered { target = adjustments.flingTarget }
        }
        scroll.reduce(.dragEnded(velocity: -v, t: t, bounds: bounds, target: target))
        if dragEndedMask != 0 {
            dispatch(.dragEnded(willDecelerate: scroll.phase != .idle), to: dragEndedMask, time: t)
        }
    }

    // MARK: - Behaviours by id

    /// The instance of behaviour `id` in this world, nil when the scene does not declare it.
    func slot(_ id: BehaviourID) -> Int? {
        guard id.index >= 0 && id.index < slots.count else { return nil }
        let s = slots[id.index]
        return s >= 0 ? s : nil
    }

    /// Behaviour `id` is declared in this world.
    public func has(_ id: BehaviourID) -> Bool { slot(id) != nil }
}

extension World: Equatable {
    /// Same configuration, clock, motion, layout and behaviour states (a behaviour that
    /// keeps its state in a class, by what it reports).
    public static func == (a: World, b: World) -> Bool {
        guard a.config == b.config, a.lastTapFrame == b.lastTapFrame, a.laidOutBodyTop == b.laidOutBodyTop,
              a.laidOutInset == b.laidOutInset, a.laidOutInsetBottom == b.laidOutInsetBottom, a.fault == b.fault,
              a.lastFrameOffset == b.lastFrameOffset, a.touchBeganPending == b.touchBeganPending,
              a.stepFiveOffset == b.stepFiveOffset else { return false }
        return a.sameState(as: b)
    }
}
