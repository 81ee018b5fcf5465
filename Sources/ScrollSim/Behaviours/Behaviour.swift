// The one interface every behaviour is written against (spec §8): the header, its
// parallax and toggle, the toolbar, the accordion, the refresh control, and a user's own.
//
// A behaviour is a TCA-style reducer: a value holding its state, events named after what
// happened to the scroll view (spec §6.1's points), and one pure transition that is given
// the time and what the scroll view reports, and may change what the scroll view and the
// layout read (`Adjustments`). What it declares (words, tunables, observables, states,
// views) is `BehaviourDeclaration`; the world holds one instance per declared behaviour
// and calls them in registration order (World.swift says where in the frame).

/// What happened to the scroll view: the events a behaviour can react to. A behaviour
/// receives those its declaration `listens` to (`frameTicked` only while it reports an
/// animation running).
public enum BehaviourEvent: Equatable, Sendable {
    /// A touch began: the first frame of a touch, before the finger moves (UIKit's
    /// `scrollViewWillBeginDragging`).
    case dragBegan
    /// Step 2: a deceleration or bounce came to rest ("deceleration ended").
    case decelerationEnded
    /// Step 3: a display frame; a running animation advances to `time` and may complete.
    case frameTicked
    /// Step 5: a frame while a finger is down (after the layout of step 4).
    case fingerTracked
    /// Step 5: the offset differs from the previous frame's (`scrollViewDidScroll`).
    case scrolled
    /// Step 5, last: the end of a frame, finger down or not, sent while the behaviour's last
    /// reaction asked for it (`Reaction.watchesFrames`), after `fingerTracked` and `scrolled`.
    case frameWatched
    /// A release, before the motion it starts: `Adjustments.flingTarget` holds where the
    /// deceleration will end, and a behaviour may change it (spec §8). `velocity` is the
    /// content's, pt/s.
    case flingTargetChosen(velocity: Double)
    /// The finger lifted; `willDecelerate`: a deceleration or bounce follows.
    case dragEnded(willDecelerate: Bool)
    /// A tap reached one of the views a behaviour declares. `targeted`: `tap NAME` (aimed
    /// at the view, not hit-tested at a point).
    case viewTapped(ViewID, targeted: Bool)
    /// A tap reached section I's header view.
    case sectionHeaderTapped(Int)
    /// (v1.5) Step 5, after the built-ins' rules and `scrolled`, in three passes that each
    /// visit every listening behaviour before the next (spec §9): 0 `didScroll` (the offset
    /// differs from the one the previous step 5 saw), 1 `dragging` (a finger is down), 2
    /// `frame` (every frame) — a declared behaviour's events (`BehaviourEvents.frameEnded*`).
    case frameEnded(pass: Int)
}

/// What the scroll view reports at the moment of an event (read-only for a behaviour).
public struct ScrollFacts: Equatable, Sendable {
    /// Simulated seconds.
    public var time: Double
    public var offset: Double
    /// pt/s, positive = offset increasing.
    public var velocity: Double
    public var phase: ScrollPhase
    /// The bounds of the last layout (§6.2).
    public var bounds: ScrollBounds
    public var fingerDown: Bool
    /// The finger's translation since touch-down (positive = down).
    public var fingerTranslation: Double
    /// The finger's velocity (positive = down).
    public var fingerVelocity: Double
    public var screenWidth: Double
    public var screenHeight: Double
    /// `inset.top`: the top edge E of §6.3 (where the header rests, where sections stick).
    public var insetTop: Double
    /// The content's height (`content.height`, of the last layout).
    public var contentHeight: Double

    /// Facts of these values (the world makes them; tests and benchmarks may too).
    public init(time: Double, offset: Double, velocity: Double, phase: ScrollPhase, bounds: ScrollBounds, fingerDown: Bool,
                fingerTranslation: Double, fingerVelocity: Double, screenWidth: Double, screenHeight: Double,
                insetTop: Double, contentHeight: Double) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
        self.phase = phase
        self.bounds = bounds
        self.fingerDown = fingerDown
        self.fingerTranslation = fingerTranslation
        self.fingerVelocity = fingerVelocity
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.insetTop = insetTop
        self.contentHeight = contentHeight
    }

    /// offset ≥ max − 0.5 (§6.4's "at the bottom").
    public var isAtBottom: Bool { offset >= bounds.max - 0.5 }
}

/// The open state of every section: what the layout reads for row heights, and what the
/// accordion animates. `changed` lists the sections whose fraction a frame changed (the
/// layout then updates only those).
public struct SectionOpenness: Equatable, Sendable {
    /// Target state (`section[I].open`).
    public var open: [Bool]
    /// 0 closed … 1 open.
    public var fraction: [Double]
    /// Sections whose fraction changed since the last layout.
    public var changed: [Int]

    public init(open: [Bool]) {
        self.open = open
        fraction = open.map { $0 ? 1 : 0 }
        changed = []
        changed.reserveCapacity(open.count)
    }
}

/// What behaviours may change and the scroll view and layout read (spec §8: "it can change
/// what the scroll view and the layout read"). One value in the world, passed `inout` to
/// each transition: no copy per event.
public struct Adjustments: Equatable, Sendable {
    /// Extra top content inset (a refresh control's): the top bound is
    /// −(inset.top + contentInsetTop). Changed while a finger is down, the drag is re-based
    /// so that the offset does not jump (§6.7).
    public var contentInsetTop: Double = 0
    /// Extra bottom content inset: the bottom bound is content.height + contentInsetBottom −
    /// screen.height (at least the top bound).
    public var contentInsetBottom: Double = 0
    /// An offset a behaviour set (`setContentOffset`): the world applies it after the call
    /// that set it — a drag goes on from there (re-based), a deceleration or bounce stops
    /// there — and clears it. Finite (the behaviour's adapter refuses any other).
    public var requestedOffset: Double?
    /// The table header view's layout height H (0: no table header).
    public var headerHeight: Double = 0
    /// The height the table body is laid out below (H, or the toggle's height before its
    /// animation when the body does not follow).
    public var bodyTop: Double = 0
    /// The table header's `pin P`: section headers stick min(P, H) below the top edge; nil:
    /// at the top edge.
    public var headerPin: Double?
    public var sections: SectionOpenness
    /// At a release (`flingTargetChosen`): where the deceleration will end. A behaviour
    /// may change it; the last change in registration order wins.
    public var flingTarget: Double = 0

    public init(sections: SectionOpenness) {
        self.sections = sections
    }
}

/// What a transition reports back. Plain values only (no string, no reference): the world
/// receives one after every call, every frame, and a type with a reference in it costs a
/// release each time.
public struct Reaction: Equatable, Sendable {
    /// One of its animations runs: it receives `frameTicked` every frame, and the world is
    /// not at rest (`settle` waits).
    public var animating: Bool
    /// It looks at the end of every frame (`frameWatched`, step 5) while nothing else need
    /// move: the world stays at rest as far as `settle` is concerned, but runs each frame
    /// (it skips none) until a reaction says false again. (The refresh control waits to be
    /// re-armed, spec v1.5 §6.7.)
    public var watchesFrames: Bool
    /// For a tap it handled: what it did, as an index in its declaration's `notes` (the word
    /// the REPL prints after the view's label: `showing`, `expanding`, `opening`).
    public var tapNote: Int?
    /// For a targeted tap on one of its views: the view that received it instead (the
    /// toolbar answers `tap toolbar` while hidden with its reveal zone).
    public var tapView: Int?

    /// Something it did that the world refuses: the scenario fails, naming it (spec §8).
    public var fault: BehaviourFault?
    /// The event was nothing to it, and every later one of its kind will be too: the world
    /// stops sending it that kind (a user behaviour whose class turned out not to implement
    /// the delegate method: spec §8's calls it does not implement cost nothing). Not for
    /// `frameTicked` or taps, which it keeps receiving.
    public var stopsListening: Bool

    /// A reaction: an animation runs or not, a tap's note and view (indexes into the
    /// declaration's), a fault, and whether events of this kind are nothing to it.
    public init(animating: Bool, watchesFrames: Bool = false, tapNote: Int? = nil, tapView: Int? = nil,
                fault: BehaviourFault? = nil, stopsListening: Bool = false) {
        self.animating = animating
        self.watchesFrames = watchesFrames
        self.tapNote = tapNote
        self.tapView = tapView
        self.fault = fault
        self.stopsListening = stopsListening
    }
}

/// What a behaviour did that the world refuses (spec §8: a value, offset or inset that is not
/// finite; a user behaviour's own mistakes). Plain values: the language library words each
/// case (`RunProblem.behaviourFault`), naming the behaviour and the time.
public enum BehaviourFault: Equatable, Sendable {
    /// It set the content offset (`setContentOffset`, `contentOffset =`) to this.
    case offsetNotFinite(Double)
    /// It set a content inset (`contentInset`) to this.
    case insetNotFinite(Double)
    /// It chose this fling target (`targetContentOffset`).
    case targetNotFinite(Double)
    /// Its observable number `observable` (in its declaration) read this.
    case valueNotFinite(observable: Int, Double)
    /// Its view number `view` had a frame with this number in it.
    case frameNotFinite(view: Int, Double)
    /// It set one of its views' frame or alpha to a number with this in it.
    case viewNotFinite(Double)
    /// An animation it started had this duration or delay.
    case animationNotFinite(Double)
    /// A tap handler of its view number `view` answered with a note its declaration does not
    /// list, or named a view of its own that it does not declare.
    case undeclaredTapAnswer(view: Int)
    /// A copy of the world (`explore`, a test) went on running, and the world made again from
    /// its inputs came out different (with instances made again, given the same calls): at
    /// this time.
    case notReplayable(at: Double)
    /// A copy of the world went on running after more inputs than a world keeps to replay.
    case historyTooLong(inputs: Int)
    /// It could not be made: `World.creationProblem` says why.
    case notCreated
    /// (v1.5) A declared behaviour computed this value, not finite, at this line of the
    /// file it is declared in (spec §9): the file by the number the tool gave its name
    /// (a number, not a String: a fault travels in every frame's `Reaction`, which must stay
    /// a plain value with nothing to retain).
    case declaredNotFinite(file: Int32, line: Int, Double)
}

/// Why a view is not there to tap (spec §9's Taps): `SimError.viewNotTappable`.
public enum ViewAbsence: Equatable, Sendable {
    /// Its `when` is false: the view is absent.
    case whenFalse
    /// Its alpha (0...1) is below 0.01, UIKit's hit-test limit.
    case transparent(alpha: Double)
}

/// The first fault of a world: which behaviour, what, and when.
public struct BehaviourFaultReport: Equatable, Sendable {
    /// The behaviour at fault.
    public let behaviour: BehaviourID
    /// What it did.
    public let fault: BehaviourFault
    /// Simulated seconds.
    public let time: Double

    /// `behaviour` did `fault` at `time`.
    public init(behaviour: BehaviourID, fault: BehaviourFault, time: Double) {
        self.behaviour = behaviour
        self.fault = fault
        self.time = time
    }
}

/// A behaviour's instance in a world: its state and its transition.
///
/// Conform a value type: the world copies behaviours when it is copied (the REPL's
/// snapshots, `explore`'s copies), and a copy must not share state with the original.
/// (A behaviour whose state lives in a class instance reaches it through an adapter that
/// copies it on write.)
public protocol Behaviour: Sendable {
    /// The one transition: reacts to `event` at `scroll.time`; may change `adjustments`.
    /// (The built-ins mark theirs `@inline(__always)`: the world calls it through the
    /// protocol's witness, and a witness that calls it copies the `Reaction` it returns and
    /// reads it back at once, a stalled store-to-load forward that cost more than a toolbar's
    /// own work, by profile.)
    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction
    /// The value of its observable number `observable` (its index in the declaration).
    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value
    /// The frame of its view number `view` on screen, nil when it has none now.
    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect?
    /// The opacity of its view number `view`, 0...1 (the replay page draws a `.box` view with it).
    func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double
    /// (v1.5) Why its view number `view` has no frame now, when it can say (a declared
    /// view: its `when` is false, or its alpha is below 0.01); nil otherwise (the default).
    func absence(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> ViewAbsence?
    /// (v1.5) A present view whose frame or alpha is not a finite number now (a declared
    /// view's expressions, spec §9), as the fault that fails the scenario; nil otherwise
    /// (the default). The world asks at the end of each statement (`checkValues`).
    func viewsFault(_ scroll: ScrollFacts, _ adjustments: Adjustments) -> BehaviourFault?
    /// True when `other` is the same behaviour in the same state (world snapshots compare).
    func isEqual(to other: any Behaviour) -> Bool
    /// Its state lives in a class instance (a user's behaviour): a copy of the world that
    /// goes on running makes it again (`World` replays its inputs).
    var keepsStateInClass: Bool { get }
    /// The world is built and laid out, before its first frame: what the scroll view reports
    /// now is known (a user behaviour's instance is made here). It may change `adjustments`
    /// as a transition does.
    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction
    /// What went wrong while it was made, as a sentence (a user behaviour's own mistake,
    /// worded by its adapter); the world reports it as its fault before the first frame.
    var creationProblem: String? { get }
    /// After `start`, the object that reacts for it when its state lives in one (a user's
    /// behaviour): the world then calls that object's `reduce` directly, every frame, instead
    /// of `reduce` on the value (no existential to open, no copy-on-write check). Nil: the
    /// value's `reduce`.
    var reactor: BehaviourReactor? { get }
    /// (v1.5) The values now of what its declaration `reads`, in that order: the world calls
    /// it before each call to this behaviour (and on a copy, before `value`, `frame` and
    /// `opacity`), only for a behaviour whose declaration reads any.
    mutating func take(readings: UnsafeBufferPointer<Double>)
}

/// The object a class-kept behaviour reacts through (`Behaviour.reactor`). Subclass it and
/// override `reduce`; the world holds it unretained for as long as it holds the behaviour
/// that gave it (which must keep it alive).
open class BehaviourReactor: @unchecked Sendable {
    public init() {
        factsSlot = nil
        quietUntil = nil
    }

    /// A reactor that keeps its own copy of the facts at `factsSlot` (which must live as long
    /// as it does): the world writes a `scrolled` call's facts there and calls
    /// `scrolledInPlace` (no copy of them per call). With `quietUntil` (which must live as
    /// long as it does), it tells the world which animation frames it need not be sent.
    public init(factsSlot: UnsafeMutablePointer<ScrollFacts>?, quietUntil: UnsafePointer<Double>? = nil) {
        self.factsSlot = factsSlot
        self.quietUntil = quietUntil
    }

    /// Where the world writes a `scrolled` call's facts before `scrolledInPlace`; nil: it
    /// calls `scrolled` with them.
    public let factsSlot: UnsafeMutablePointer<ScrollFacts>?

    /// While it reports an animation running, a time before which a `frameTicked` would
    /// change nothing of it and run none of its code (its animations only move on, none can
    /// end): the world does not send it one at a time `t < quietUntil.pointee`. The reactor
    /// keeps it up to date after each of its calls (−∞: every frame). Nil: every frame.
    public let quietUntil: UnsafePointer<Double>?

    /// As `Behaviour.reduce`.
    open func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false)
    }

    /// The first number it reports now that must be finite and is not (spec §8), as its
    /// fault; nil when there is none. The world asks at the end of each statement's frames
    /// (`World.checkValues`), not after each call.
    open func valuesFault() -> BehaviourFault? { nil }

    /// While `on`, its `reduce` reports `valuesFault` after every call that ran its code (the
    /// world replaying its inputs to find the call at which a value went bad).
    open func checksAfterEveryCall(_ on: Bool) {}

    /// `reduce(.scrolled, ...)`, the call of every moving frame, answered in a register
    /// (`ScrolledAnswer`) instead of a `Reaction` returned through memory: the world calls
    /// this for `scrolled` (`World.dispatchScrolled`). A fault is kept until the world takes
    /// it (`takeScrolledFault`), which it does only when the answer says there is one. This
    /// default does what `reduce` does.
    open func scrolled(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> ScrolledAnswer {
        let r = reduce(.scrolled, scroll, &adjustments)
        pendingFault = r.fault
        return ScrolledAnswer(r)
    }

    /// `scrolled` with its facts already at `factsSlot` (the world wrote them there).
    open func scrolledInPlace(_ adjustments: inout Adjustments) -> ScrolledAnswer {
        guard let f = factsSlot else { return ScrolledAnswer(bits: 0) }
        return scrolled(f.pointee, &adjustments)
    }

    /// The fault the last `scrolled` answered it has (`ScrolledAnswer.hasFault`), forgotten.
    open func takeScrolledFault() -> BehaviourFault? {
        let f = pendingFault
        pendingFault = nil
        return f
    }

    /// The default `scrolled`'s fault, until taken.
    private var pendingFault: BehaviourFault?
}

/// What a `scrolled` call answers (`BehaviourReactor.scrolled`): a `Reaction` without a tap's
/// note or view (a `scrolled` event has none), its fault said to be there and kept apart.
public struct ScrolledAnswer: Equatable, Sendable {
    public var bits: UInt8

    public static let animating: UInt8 = 1
    public static let watchesFrames: UInt8 = 2
    public static let stopsListening: UInt8 = 4
    public static let hasFault: UInt8 = 8

    @inlinable
    public init(bits: UInt8) { self.bits = bits }

    /// `r`, less its tap's note and view.
    @inlinable
    public init(_ r: Reaction) {
        bits = (r.animating ? ScrolledAnswer.animating : 0) | (r.watchesFrames ? ScrolledAnswer.watchesFrames : 0)
            | (r.stopsListening ? ScrolledAnswer.stopsListening : 0) | (r.fault != nil ? ScrolledAnswer.hasFault : 0)
    }
}

extension Behaviour {
    /// A value: copies share nothing.
    public var keepsStateInClass: Bool { false }

    /// Nothing to say: a view without a frame is off screen.
    public func absence(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> ViewAbsence? { nil }

    /// Its views' frames are numbers it keeps finite (a built-in's), or checked with its
    /// values (a user behaviour's).
    public func viewsFault(_ scroll: ScrollFacts, _ adjustments: Adjustments) -> BehaviourFault? { nil }

    /// Nothing to start: a built-in is made from its settings.
    public mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false)
    }

    /// None: a built-in is made from checked settings.
    public var creationProblem: String? { nil }

    /// None: the value reacts.
    public var reactor: BehaviourReactor? { nil }

    /// Nothing to read: its declaration reads nothing of the world.
    public mutating func take(readings: UnsafeBufferPointer<Double>) {}

    /// Opaque.
    public func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double { 1 }
}

extension Behaviour where Self: Equatable {
    public func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? Self else { return false }
        return o == self
    }
}
