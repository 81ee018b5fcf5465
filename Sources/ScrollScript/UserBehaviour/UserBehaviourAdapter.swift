// The world's `Behaviour` over a user's `ScrollBehaviour` class: the world's events become
// UIScrollViewDelegate calls (spec §8), what the instance sets on its scroll view is checked
// and passed on as `Adjustments`, and its observables and views are read from the instance.
//
// World copies. The world is a value that the REPL, `explore` and the pictures copy; a user's
// state lives in a class instance, which a copy would share. So the instance lives in a box
// that remembers every call it received (the event, what the world reported, what the calls
// were given and answered). A world that goes on running while another holds the same box
// (`isKnownUniquelyReferenced`) first makes itself a box of its own: a fresh instance, made by
// the type's `init`, given the same calls again, each answer compared with the one given
// the first time (a difference is a fault: the behaviour depends on something besides its
// calls). Copies that are only read share the box and cost nothing; `run` never copies.

/// One call a box received, as given and as answered.
struct LoggedCall: Equatable {
    var event: BehaviourEvent
    var facts: ScrollFacts
    var insetTop: Double
    var insetBottom: Double
    var flingTarget: Double
    var answer: CallAnswer
}

/// What a call answered: what it passed on to the world, and its reaction.
struct CallAnswer: Equatable {
    var insetTop: Double
    var insetBottom: Double
    var flingTarget: Double
    var requestedOffset: Double?
    var animating: Bool
    var tapNote: Int?
    var tapView: Int?
    var faulted: Bool

    init(_ a: Adjustments, _ r: Reaction) {
        insetTop = a.contentInsetTop
        insetBottom = a.contentInsetBottom
        flingTarget = a.flingTarget
        requestedOffset = a.requestedOffset
        animating = r.animating
        tapNote = r.tapNote
        tapView = r.tapView
        faulted = r.fault != nil
    }
}

/// A user behaviour's instance and everything it needs between calls.
final class UserBehaviourBox: @unchecked Sendable {
    let type: UserBehaviourType
    let setup: BehaviourSetup
    let runtime = AnimationRuntime()
    let scrollView: ScrollView
    /// Nil until the world is laid out (`start`).
    private(set) var instance: (any ScrollBehaviour)?
    /// The calls received since `start`, and what `start` was given.
    private(set) var log: [LoggedCall] = []
    private var startFacts: ScrollFacts?
    private var startInsets = (top: 0.0, bottom: 0.0)
    /// More calls came than a box keeps: it can no longer be made again.
    private(set) var logOverflowed = false
    private(set) var problem: String?
    /// The behaviour's states as values of its family, in declaration order.
    let states: [StateID]

    /// The most calls a box keeps for a copy to replay (about 200 bytes each).
    static let maxLoggedCalls = 1 << 18

    init(_ type: UserBehaviourType, _ setup: BehaviourSetup) {
        self.type = type
        self.setup = setup
        states = type.declaration.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        let facts = ScrollFacts(time: 0, offset: -setup.insetTop, velocity: 0, phase: .idle,
                                bounds: ScrollBounds(min: -setup.insetTop, max: -setup.insetTop), fingerDown: false,
                                fingerTranslation: 0, fingerVelocity: 0, screenWidth: setup.screenWidth,
                                screenHeight: setup.screenHeight, insetTop: setup.insetTop, contentHeight: 0)
        scrollView = ScrollView(facts, runtime: runtime)
    }

    /// The instance is made, seeing the world laid out.
    func start(_ facts: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        startFacts = facts
        startInsets = (adjustments.contentInsetTop, adjustments.contentInsetBottom)
        return call(facts, &adjustments) { _ in
            let scene = ScrollScene(scrollView: scrollView, names: type.tunableNames, values: setup.tunables)
            instance = type.make(scene)
            if let unknown = scene.unknown.first {
                problem = UserBehaviourProblem.unknownTunable(unknown, known: type.tunableNames).message
            }
            return (nil, nil)
        }
    }

    /// A call, remembered for a copy to replay (until the box is full).
    func record(_ event: BehaviourEvent, _ facts: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let given = (adjustments.contentInsetTop, adjustments.contentInsetBottom, adjustments.flingTarget)
        let r = handle(event, facts, &adjustments)
        if log.count < UserBehaviourBox.maxLoggedCalls {
            log.append(LoggedCall(event: event, facts: facts, insetTop: given.0, insetBottom: given.1, flingTarget: given.2,
                                  answer: CallAnswer(adjustments, r)))
        } else {
            logOverflowed = true
        }
        return r
    }

    /// A box of its own for a world that goes on running: a fresh instance given every call
    /// again. The fault, if any: an answer that differed, or a history too long to replay.
    func replayed() -> (UserBehaviourBox, BehaviourFault?) {
        let fresh = UserBehaviourBox(type, setup)
        var a = Adjustments(sections: SectionOpenness(open: []))
        a.contentInsetTop = startInsets.top
        a.contentInsetBottom = startInsets.bottom
        if let f = startFacts { _ = fresh.start(f, &a) }
        if logOverflowed { return (fresh, .historyTooLong(calls: log.count)) }
        var fault: BehaviourFault?
        fresh.log.reserveCapacity(log.count)
        for call in log {
            a.contentInsetTop = call.insetTop
            a.contentInsetBottom = call.insetBottom
            a.flingTarget = call.flingTarget
            a.requestedOffset = nil
            let answer = CallAnswer(a, fresh.record(call.event, call.facts, &a))
            if fault == nil && answer != call.answer { fault = .notReplayable(at: call.facts.time) }
        }
        return (fresh, fault)
    }

    /// The world's event as delegate calls.
    private func handle(_ event: BehaviourEvent, _ facts: ScrollFacts, _ a: inout Adjustments) -> Reaction {
        guard let b = instance else { return Reaction(animating: false) }
        let sv = scrollView
        return call(facts, &a) { a in
            switch event {
            case .dragBegan:
                runtime.stopOffsetAnimation()
                b.scrollViewWillBeginDragging(sv)
            case .scrolled:
                b.scrollViewDidScroll(sv)
            case .flingTargetChosen(let v):
                let offered = a.flingTarget
                var target = CGPoint(x: 0, y: offered)
                withUnsafeMutablePointer(to: &target) {
                    b.scrollViewWillEndDragging(sv, withVelocity: CGPoint(x: 0, y: v / 1000), targetContentOffset: $0)
                }
                let y = Double(target.y)
                if y != offered {
                    guard y.isFinite else { return (nil, .targetNotFinite(y)) }
                    a.flingTarget = y
                }
            case .dragEnded(let decelerates):
                b.scrollViewDidEndDragging(sv, willDecelerate: decelerates)
                if decelerates { b.scrollViewWillBeginDecelerating(sv) }
            case .decelerationEnded:
                b.scrollViewDidEndDecelerating(sv)
            case .frameTicked:
                if let y = runtime.advance(to: facts.time) {
                    sv.requestedOffset = y
                    sv.facts.offset = y
                }
                if runtime.offsetAnimationEnded { b.scrollViewDidEndScrollingAnimation(sv) }
            case .viewTapped(let v, let targeted) where v.behaviour == setup.id:
                return tap(b, v.view, targeted: targeted)
            case .viewTapped, .sectionHeaderTapped, .fingerTracked:
                break
            }
            return (nil, nil)
        }
    }

    /// A tap on the instance's view number `k`: its handler, and what it answered.
    private func tap(_ b: any ScrollBehaviour, _ k: Int, targeted: Bool) -> (Reaction?, BehaviourFault?) {
        guard k < type.views.count, let onTap = type.views[k].onTap else { return (nil, nil) }
        let views = type.declaration.views
        var t = ViewTap(view: views[k].name, isTargeted: targeted, note: nil, receiver: nil)
        onTap(b, &t)
        var note: Int?, view: Int?
        if let n = t.note {
            guard let i = type.notes.firstIndex(of: n) else { return (nil, .undeclaredTapAnswer(view: k)) }
            note = i
        }
        if let r = t.receiver, r != views[k].name {
            guard let i = views.firstIndex(where: { $0.name == r }) else { return (nil, .undeclaredTapAnswer(view: k)) }
            view = i
        }
        return (Reaction(animating: false, tapNote: note, tapView: view), nil)
    }

    /// Runs `body` as the instance's code runs: the scroll view answering `facts`, the
    /// animation clock at its time, views answering their model; then what it set is checked
    /// and passed on, and completions that came due run. `body` returns a tap's reaction or a
    /// fault of its own.
    private func call(_ facts: ScrollFacts, _ a: inout Adjustments,
                      _ body: (inout Adjustments) -> (Reaction?, BehaviourFault?)) -> Reaction {
        let sv = scrollView
        sv.facts = facts
        sv.insetTop = a.contentInsetTop
        sv.insetBottom = a.contentInsetBottom
        sv.insetSet = false
        sv.requestedOffset = nil
        runtime.now = facts.time
        let context = ThreadContext.current
        let outer = (context.runtime, context.presentationTime)
        context.runtime = runtime
        context.presentationTime = nil
        var (reaction, fault) = body(&a)
        runtime.runDueCompletions()
        context.runtime = outer.0
        context.presentationTime = outer.1
        if sv.insetSet {
            a.contentInsetTop = sv.insetTop
            a.contentInsetBottom = sv.insetBottom
        }
        if let y = sv.requestedOffset { a.requestedOffset = y }
        fault = fault ?? sv.fault ?? runtime.fault
        sv.fault = nil
        runtime.fault = nil
        if fault == nil { fault = unfiniteValue(at: facts.time) }
        var r = reaction ?? Reaction(animating: false)
        r.animating = runtime.isAnimating
        r.fault = fault
        return r
    }

    /// The first observable number or view frame that is not finite at `t`, as a fault.
    private func unfiniteValue(at t: Double) -> BehaviourFault? {
        guard let b = instance else { return nil }
        return presenting(at: t) {
            for k in type.checkedObservables {
                switch type.observables[k] {
                case .number(let read):
                    let x = read(b)
                    if !x.isFinite { return .valueNotFinite(observable: k, x) }
                case .rect(let read):
                    if let x = UserBehaviourBox.unfinite(read(b)) { return .valueNotFinite(observable: k, x) }
                case .bool, .string, .state:
                    break
                }
            }
            for (k, v) in type.views.enumerated() {
                if let r = v.frame(b), let x = UserBehaviourBox.unfinite(r) { return .frameNotFinite(view: k, x) }
            }
            return nil
        }
    }

    /// A number of `r` that is not finite.
    static func unfinite(_ r: CGRect) -> Double? {
        for x in [r.origin.x, r.origin.y, r.size.width, r.size.height] where !x.isFinite { return Double(x) }
        return nil
    }

    /// Runs `body` with views answering what is on screen at `t` (the tool reading).
    func presenting<T>(at t: Double, _ body: () -> T) -> T {
        let context = ThreadContext.current
        let outer = context.presentationTime
        context.presentationTime = t
        defer { context.presentationTime = outer }
        return body()
    }

    /// Observable `k` now.
    func value(_ k: Int, at t: Double) -> Value {
        guard let b = instance, k < type.observables.count else { return .number(0, .number) }
        let q: Quantity
        if case .quantity(let x) = type.declaration.observables[k].kind { q = x } else { q = .number }
        return presenting(at: t) {
            switch type.observables[k] {
            case .number(let read): return .number(read(b), q)
            case .bool(let read): return .bool(read(b))
            case .string(let read): return .string(read(b))
            case .rect(let read): return .rect(Rect(read(b)))
            case .state(let read):
                let i = read(b)
                return .state(states.indices.contains(i) ? states[i] : states.first ?? StateID(family: .behaviour(setup.id), index: 0, name: ""))
            }
        }
    }

    /// View `k`'s frame now.
    func frame(_ k: Int, at t: Double) -> Rect? {
        guard let b = instance, k < type.views.count else { return nil }
        return presenting(at: t) {
            guard let r = type.views[k].frame(b), UserBehaviourBox.unfinite(r) == nil else { return nil }
            return Rect(r)
        }
    }

    /// View `k`'s alpha now (1 for a view given by a frame).
    func alpha(_ k: Int, at t: Double) -> Double {
        guard let b = instance, k < type.views.count, let read = type.views[k].alpha else { return 1 }
        return presenting(at: t) { Double(read(b)) }
    }
}

extension Rect {
    init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

/// A user behaviour in a world: its box, made again when a copy of the world goes on running.
struct UserBehaviourAdapter: Behaviour {
    private var box: UserBehaviourBox

    init(_ type: UserBehaviourType, _ setup: BehaviourSetup) {
        box = UserBehaviourBox(type, setup)
    }

    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        box.start(scroll, &adjustments)
    }

    var creationProblem: String? { box.problem }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        var copyFault: BehaviourFault?
        if !isKnownUniquelyReferenced(&box) {
            let (fresh, fault) = box.replayed()
            box = fresh
            copyFault = fault
        }
        var r = box.record(event, scroll, &adjustments)
        if let f = copyFault { r.fault = f }
        return r
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        box.value(observable, at: scroll.time)
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        box.frame(view, at: scroll.time)
    }

    func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double {
        box.alpha(view, at: scroll.time)
    }

    /// The same box, or boxes that received the same calls from the same start.
    func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? UserBehaviourAdapter, o.box.type === box.type else { return false }
        return o.box === box || (o.box.log == box.log && !box.logOverflowed && !o.box.logOverflowed)
    }
}

/// What a user behaviour got wrong while it was made, in a sentence.
enum UserBehaviourProblem: Equatable {
    /// Its `init` read a tunable its declaration does not list.
    case unknownTunable(String, known: [String])

    var message: String {
        switch self {
        case .unknownTunable(let name, let known):
            let listed = known.isEmpty ? "it declares none" : "it declares " + known.map { "'\($0)'" }.joined(separator: ", ")
            return "its init reads the tunable '\(name)', which its declaration does not list (\(listed))\(didYouMean(name, known))"
        }
    }
}
