// The world's `Behaviour` over a user's `ScrollBehaviour` class: the world's events become
// UIScrollViewDelegate calls (spec §8), what the instance sets on its scroll view is checked
// and passed on as `Adjustments`, and its observables and views are read from the instance.
//
// The instance lives in a box (a class). A world that is copied shares the box; the world
// notices before it runs on (`World.ownState`) and makes itself again from its inputs with fresh
// instances (World+Replay.swift), so copies never share a behaviour's state. The world calls
// the box directly (`Behaviour.reactor`). A call costs a witness call and a few stores:
// nothing is allocated or recorded per frame. The numbers and rects it reports (spec §8:
// one that is not finite fails the scenario at the statement during which it became so)
// are checked when the world asks (`valuesFault`, `World.checkValues`: at the end of each
// statement's frames), not after each call; the world, locating a bad one, replays its
// inputs with the check after every call that ran its code (`checksAfterEveryCall`). A
// delegate method the class does not implement (the protocol's empty default runs at its
// first call) is never called again: the world stops sending that event
// (`Reaction.stopsListening`).

/// The delegate methods whose calls the adapter learns it need not make (bits of
/// `UserBehaviourBox.unlearned` and `.defaulted`).
package enum DelegateMethod {
    package static let didScroll: UInt8 = 1
    package static let willEndDragging: UInt8 = 2
    package static let didEndDragging: UInt8 = 4
    package static let willBeginDecelerating: UInt8 = 8
    package static let didEndDecelerating: UInt8 = 16
    package static let all: UInt8 = 31
}

/// A user behaviour's instance and what it needs between calls. Made when the world is laid
/// out (the instance's `init` sees it).
package final class UserBehaviourBox: BehaviourReactor, @unchecked Sendable {
    package let type: UserBehaviourType
    package let setup: BehaviourSetup
    package let runtime: AnimationRuntime
    package let scrollView: ScrollView
    package let instance: any ScrollBehaviour
    package let problem: String?
    /// The behaviour's states as values of its family, in declaration order.
    package let states: [StateID]
    /// What making it set on its scroll view, and the first thing it did that the world refuses.
    private(set) var started = Reaction(animating: false)
    /// Delegate methods not called yet: whether the class implements them is learned at
    /// their first call (the protocol's empty default says so when it runs).
    private var unlearned = DelegateMethod.all
    /// Delegate methods the class does not implement (learned).
    private var defaulted: UInt8 = 0
    /// What it reports that must be finite, checked (`UserBehaviourType.finiteCheck`), and
    /// whether there is anything to check.
    private let finiteCheck: (AnyObject) -> BehaviourFault?
    private let checksValues: Bool
    /// `instance`, as the readers take it (no conversion from the existential per call).
    private let object: AnyObject

    package init(_ type: UserBehaviourType, _ setup: BehaviourSetup, _ facts: ScrollFacts, _ a: inout Adjustments) {
        self.type = type
        self.setup = setup
        states = type.declaration.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        finiteCheck = type.finiteCheck
        checksValues = type.checksValues
        let runtime = AnimationRuntime()
        let scrollView = ScrollView(facts, runtime: runtime)
        self.runtime = runtime
        self.scrollView = scrollView
        let scene = ScrollScene(scrollView: scrollView, names: type.tunableNames, values: setup.tunables)
        scrollView.begin(facts, insetTop: a.contentInsetTop, insetBottom: a.contentInsetBottom)
        let outer = ThreadContext.runtimePointer
        ThreadContext.setRuntime(Unmanaged.passUnretained(runtime).toOpaque())
        instance = type.make(scene)
        object = instance
        ThreadContext.setRuntime(outer)
        problem = scene.unknown.first.map { UserBehaviourProblem.unknownTunable($0, known: type.tunableNames).message }
        super.init(factsSlot: scrollView.factsSlot, quietUntil: runtime.quietUntilSlot)
        started = end(&a, nil, checks: false)
        // What it reports is checked once made (before the first frame).
        if started.fault == nil { started.fault = valuesFault() }
        runtime.noteQuiet()
        // The first `scrolled` call ends as `handle` does (completions its `init` made due
        // run there), and whether the class implements it is to learn.
        scrollView.state.pointee.dirty |= CallState.touched | CallState.learning
    }

    /// The world calls this directly (`Behaviour.reactor`), every event but `scrolled`
    /// (`scrolled(_:_:)`).
    package override func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        if case .scrolled = event {
            let bits = scrolled(scroll, &adjustments).bits
            return Reaction(animating: bits & ScrolledAnswer.animating != 0,
                            fault: bits & ScrolledAnswer.hasFault != 0 ? takeScrolledFault() : nil,
                            stopsListening: bits & ScrolledAnswer.stopsListening != 0)
        }
        if case .frameTicked = event, let r = ticked(scroll, adjustments) { return r }
        return handle(event, scroll, &adjustments)
    }

    /// `frameTicked` while only its views' animations run (no offset animation, nothing
    /// due): they advance, and nothing of its code runs (what `handle` would do, without the
    /// call's context or what a call set to pass on). Nil: `handle` does it.
    @inline(__always)
    private func ticked(_ facts: ScrollFacts, _ a: Adjustments) -> Reaction? {
        let h = runtime.hot
        guard h.pointee.offsetAnimation == nil, !h.pointee.offsetAnimationEnded, !h.pointee.hasDue else { return nil }
        scrollView.begin(facts, insetTop: a.contentInsetTop, insetBottom: a.contentInsetBottom)
        _ = runtime.advance(to: facts.time)
        // An animation ended and its completion is due: `handle` runs it as a call (its
        // advance to the same time changes nothing more).
        if h.pointee.hasDue { return nil }
        runtime.noteQuiet()
        return Reaction(animating: h.pointee.animating)
    }

    /// `scrollViewDidScroll`, the call of every moving frame: the world calls it here
    /// (`World.dispatchScrolled`), answered in a register, its fault kept apart.
    package override func scrolled(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> ScrolledAnswer {
        if defaulted & DelegateMethod.didScroll != 0 { return ScrolledAnswer(bits: notListening) }
        scrollView.begin(scroll, insetTop: adjustments.contentInsetTop, insetBottom: adjustments.contentInsetBottom)
        return ScrolledAnswer(bits: didScroll(&adjustments))
    }

    /// `scrolled`, its facts written by the world into the scroll view's (`factsSlot`): no
    /// copy of them per call.
    package override func scrolledInPlace(_ adjustments: inout Adjustments) -> ScrolledAnswer {
        if defaulted & DelegateMethod.didScroll != 0 { return ScrolledAnswer(bits: notListening) }
        scrollView.beginInPlace(insetTop: adjustments.contentInsetTop, insetBottom: adjustments.contentInsetBottom)
        return ScrolledAnswer(bits: didScroll(&adjustments))
    }

    /// The answer to `scrolled` once the class is known not to implement it.
    private var notListening: UInt8 { (runtime.isAnimating ? ScrolledAnswer.animating : 0) | ScrolledAnswer.stopsListening }

    /// The fault the last `scrolled` call said it had, forgotten.
    package override func takeScrolledFault() -> BehaviourFault? {
        let f = scrolledFault
        scrolledFault = nil
        return f
    }

    /// The fault of the last `scrolled` call, until taken (set only when there is one).
    private var scrolledFault: BehaviourFault?

    /// `scrollViewDidScroll` on a path of its own (no event to test, no tap's reaction or
    /// second fault to carry, no `Reaction` to return), the call begun (its facts in the
    /// scroll view): as `handle` does it. Returns `ScrolledAnswer`'s bits; a fault is kept in
    /// `scrolledFault`.
    @inline(__always)
    private func didScroll(_ a: inout Adjustments) -> UInt8 {
        let sv = scrollView
        runtime.now = sv.state.pointee.facts.time
        let outer = ThreadContext.runtimePointer
        ThreadContext.setRuntime(Unmanaged.passUnretained(runtime).toOpaque())
        willCall(DelegateMethod.didScroll)
        instance.scrollViewDidScroll(sv)
        // Nothing touched (`CallState.dirty`: nothing set, begun, cut short, due or refused),
        // its values not checked after every call, the method known: nothing to run or pass
        // on, and whether it animates is what it was.
        if sv.state.pointee.dirty == 0 {
            ThreadContext.setRuntime(outer)
            return runtime.hot.pointee.animating ? ScrolledAnswer.animating : 0
        }
        return didScrollEnded(&a, outer)
    }

    /// The end of a `scrollViewDidScroll` call that touched something (as `handle` ends it).
    @inline(never)
    private func didScrollEnded(_ a: inout Adjustments, _ outer: UnsafeMutableRawPointer?) -> UInt8 {
        let sv = scrollView
        let ranCode = didCall(DelegateMethod.didScroll)
        runtime.runDueCompletions()
        ThreadContext.setRuntime(outer)
        runtime.noteQuiet()
        var bits = runtime.isAnimating ? ScrolledAnswer.animating : 0
        var fault = passOn(&a)
        if !ranCode {
            // The protocol's default ran: never again.
            bits |= ScrolledAnswer.stopsListening
        } else if fault == nil && runtime.hot.pointee.checksEveryCall {
            fault = valuesFault()
        }
        if let fault { return bits | keep(fault) }
        return bits
    }

    /// `fault`, kept for `takeScrolledFault`; the bit that says so.
    @inline(never)
    private func keep(_ fault: BehaviourFault) -> UInt8 {
        scrolledFault = fault
        return ScrolledAnswer.hasFault
    }

    /// The first of its numbers and rects that is not finite now (its views' model, as its
    /// code sees them), as its fault.
    package override func valuesFault() -> BehaviourFault? {
        checksValues ? finiteCheck(object) : nil
    }

    /// While `on`, each call that ran its code is followed by `valuesFault` (as `end` does).
    package override func checksAfterEveryCall(_ on: Bool) {
        runtime.hot.pointee.checksEveryCall = on
        if on { scrollView.state.pointee.dirty |= CallState.checking } else { scrollView.state.pointee.dirty &= ~CallState.checking }
    }

    /// Before a call of `method`: when it is still to learn, the flag its default raises is
    /// lowered.
    @inline(__always)
    private func willCall(_ method: UInt8) {
        if unlearned & method != 0 { ThreadContext.defaultMethodRan = false }
    }

    /// After a call of `method`: whether code of the class ran (false when the call found
    /// the protocol's default, which it then never makes again).
    @inline(__always)
    private func didCall(_ method: UInt8) -> Bool {
        unlearned & method == 0 || learned(method)
    }

    @inline(never)
    private func learned(_ method: UInt8) -> Bool {
        let isDefault = ThreadContext.defaultMethodRan
        ThreadContext.defaultMethodRan = false
        unlearned &= ~method
        if method & DelegateMethod.didScroll != 0 { scrollView.state.pointee.dirty &= ~CallState.learning }
        if isDefault { defaulted |= method }
        return !isDefault
    }

    /// The world's event as delegate calls (inlined into `reduce`, its one caller: no second
    /// call and no copy of the reaction per frame; `scrolled` is `scrolled(_:_:)`'s, which
    /// does as this does). An event none of whose
    /// methods the class implements is answered with `stopsListening` (the world then
    /// stops sending it), without a call.
    @inline(__always)
    package func handle(_ event: BehaviourEvent, _ facts: ScrollFacts, _ a: inout Adjustments) -> Reaction {
        let b = instance, sv = scrollView
        // Nothing to call: no event of this kind is anything to it.
        switch event {
        case .scrolled where defaulted & DelegateMethod.didScroll != 0,
             .flingTargetChosen where defaulted & DelegateMethod.willEndDragging != 0,
             .decelerationEnded where defaulted & DelegateMethod.didEndDecelerating != 0:
            return Reaction(animating: runtime.isAnimating, stopsListening: true)
        case .dragEnded where defaulted & (DelegateMethod.didEndDragging | DelegateMethod.willBeginDecelerating)
                == DelegateMethod.didEndDragging | DelegateMethod.willBeginDecelerating:
            return Reaction(animating: runtime.isAnimating, stopsListening: true)
        default:
            break
        }
        sv.begin(facts, insetTop: a.contentInsetTop, insetBottom: a.contentInsetBottom)
        runtime.now = facts.time
        let outer = ThreadContext.runtimePointer
        ThreadContext.setRuntime(Unmanaged.passUnretained(runtime).toOpaque())
        var tapped: Reaction?
        var fault: BehaviourFault?
        // Whether code of the behaviour ran (its values may have changed).
        var ranCode = true
        switch event {
        case .scrolled:
            willCall(DelegateMethod.didScroll)
            b.scrollViewDidScroll(sv)
            ranCode = didCall(DelegateMethod.didScroll)
        case .dragBegan:
            runtime.stopOffsetAnimation()
            b.scrollViewWillBeginDragging(sv)
        case .flingTargetChosen(let v):
            willCall(DelegateMethod.willEndDragging)
            fault = chooseTarget(b, sv, velocity: v, &a)
            ranCode = didCall(DelegateMethod.willEndDragging)
        case .dragEnded(let decelerates):
            ranCode = false
            if defaulted & DelegateMethod.didEndDragging == 0 {
                willCall(DelegateMethod.didEndDragging)
                b.scrollViewDidEndDragging(sv, willDecelerate: decelerates)
                ranCode = didCall(DelegateMethod.didEndDragging)
            }
            if decelerates && defaulted & DelegateMethod.willBeginDecelerating == 0 {
                willCall(DelegateMethod.willBeginDecelerating)
                b.scrollViewWillBeginDecelerating(sv)
                if didCall(DelegateMethod.willBeginDecelerating) { ranCode = true }
            }
        case .decelerationEnded:
            willCall(DelegateMethod.didEndDecelerating)
            b.scrollViewDidEndDecelerating(sv)
            ranCode = didCall(DelegateMethod.didEndDecelerating)
        case .frameTicked:
            // Its views' animations move their presentation, which the finite check does
            // not read (their model is what its code set): unless the offset moved, a
            // method was called or a completion is due, nothing it reports changed.
            ranCode = false
            if let y = runtime.advance(to: facts.time) { sv.setOffsetFromAnimation(y); ranCode = true }
            if runtime.offsetAnimationEnded { b.scrollViewDidEndScrollingAnimation(sv); ranCode = true }
            if runtime.hasDueCompletions { ranCode = true }
        case .viewTapped(let v, let targeted) where v.behaviour == setup.id:
            (tapped, fault) = tap(b, v.view, targeted: targeted)
        case .viewTapped, .sectionHeaderTapped, .fingerTracked, .frameWatched, .frameEnded:
            ranCode = false
        }
        runtime.runDueCompletions()
        ThreadContext.setRuntime(outer)
        runtime.noteQuiet()
        guard ranCode else {
            // The class does not implement what this event calls: nothing changed, and the
            // world need not send it again (unless another method of it is still to learn).
            var r = end(&a, tapped, checks: false)
            if r.fault == nil { r.fault = fault }
            r.stopsListening = stopsListening(event)
            return r
        }
        var r = end(&a, tapped, checks: true)
        if r.fault == nil { r.fault = fault }
        return r
    }

    /// Every method `event` calls is one the class does not implement.
    private func stopsListening(_ event: BehaviourEvent) -> Bool {
        switch event {
        case .scrolled: return defaulted & DelegateMethod.didScroll != 0
        case .flingTargetChosen: return defaulted & DelegateMethod.willEndDragging != 0
        case .decelerationEnded: return defaulted & DelegateMethod.didEndDecelerating != 0
        case .dragEnded:
            let both = DelegateMethod.didEndDragging | DelegateMethod.willBeginDecelerating
            return defaulted & both == both
        default: return false
        }
    }

    /// A release: the fling's target offered and perhaps moved (out of line: once a gesture,
    /// and its pointer would cost every call a stack guard).
    @inline(never)
    private func chooseTarget(_ b: any ScrollBehaviour, _ sv: ScrollView, velocity v: Double,
                              _ a: inout Adjustments) -> BehaviourFault? {
        let offered = a.flingTarget
        var target = CGPoint(x: 0, y: offered)
        withUnsafeMutablePointer(to: &target) {
            b.scrollViewWillEndDragging(sv, withVelocity: CGPoint(x: 0, y: v / 1000), targetContentOffset: $0)
        }
        let y = Double(target.y)
        guard y != offered else { return nil }
        if y.isFinite { a.flingTarget = y } else { return .targetNotFinite(y) }
        return nil
    }

    /// After its code ran: what it set is checked and passed on; when code of it ran
    /// (`checks`) while the world locates a bad value (`checksAfterEveryCall`), what it
    /// reports is checked to be finite (spec §8), as `valuesFault` checks it. The check reads
    /// its views' model (what its code last set), not their presentation: a view's frame and
    /// alpha are refused where they are set when not finite, and an animation moves them
    /// between finite values, so a number that goes bad does so in the model (reading the
    /// presentation would compute every running animation's curve after every check). Where
    /// the tool reads a value (an expression, a trace, a picture), it checks what it reads.
    @inline(__always)
    private func end(_ a: inout Adjustments, _ tapped: Reaction?, checks: Bool) -> Reaction {
        var r = tapped ?? Reaction(animating: false)
        r.animating = runtime.isAnimating
        r.fault = passOn(&a)
        if checks && r.fault == nil && runtime.hot.pointee.checksEveryCall { r.fault = valuesFault() }
        return r
    }

    /// What the call set, passed on; its first fault, the scroll view's or else its
    /// runtime's. A runtime's fault left behind the scroll view's keeps the next call on the
    /// long path (which takes it).
    @inline(__always)
    private func passOn(_ a: inout Adjustments) -> BehaviourFault? {
        guard let f = scrollView.passOn(&a) else { return runtime.takeFault() }
        if runtime.hot.pointee.fault != nil { runtime.touch() }
        return f
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

    /// Runs `body` with views answering what is on screen at `t` (the tool reading).
    package func presenting<T>(at t: Double, _ body: () -> T) -> T {
        let outer = ThreadContext.presentationTime
        ThreadContext.presentationTime = t
        defer { ThreadContext.presentationTime = outer }
        return body()
    }

    /// Observable `k` now.
    package func value(_ k: Int, at t: Double) -> Value {
        let b = instance
        guard k < type.observables.count else { return .number(0, .number) }
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

    /// View `k`'s frame now (as given: one that is not finite is for the reader to refuse).
    package func frame(_ k: Int, at t: Double) -> Rect? {
        let b = instance
        guard k < type.views.count else { return nil }
        return presenting(at: t) { type.views[k].frame(b).map(Rect.init) }
    }

    /// View `k`'s alpha now (1 for a view given by a frame).
    package func alpha(_ k: Int, at t: Double) -> Double {
        let b = instance
        guard k < type.views.count, let read = type.views[k].alpha else { return 1 }
        return presenting(at: t) { Double(read(b)) }
    }
}

extension Rect {
    package init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

/// A user behaviour in a world: its box (made when the world is laid out), which the world
/// makes again when a copy of it goes on running.
package struct UserBehaviourAdapter: Behaviour {
    /// What the box is made from (a class: the adapter stays two words, stored in the world's
    /// list without a box of its own).
    private final class Maker: @unchecked Sendable {
        let type: UserBehaviourType
        let setup: BehaviourSetup

        init(_ type: UserBehaviourType, _ setup: BehaviourSetup) {
            self.type = type
            self.setup = setup
        }
    }

    private let maker: Maker
    private var box: UserBehaviourBox?

    package init(_ type: UserBehaviourType, _ setup: BehaviourSetup) {
        maker = Maker(type, setup)
    }

    package var keepsStateInClass: Bool { true }

    package mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let made = UserBehaviourBox(maker.type, maker.setup, scroll, &adjustments)
        box = made
        return made.started
    }

    package var creationProblem: String? { box?.problem }

    /// Its box, which the world calls directly.
    package var reactor: BehaviourReactor? { box }

    package mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        box?.handle(event, scroll, &adjustments) ?? Reaction(animating: false)
    }

    package func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        box?.value(observable, at: scroll.time) ?? .number(0, .number)
    }

    package func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        box?.frame(view, at: scroll.time)
    }

    package func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double {
        box?.alpha(view, at: scroll.time) ?? 1
    }

    /// The same instance (the world compares what a class-kept behaviour reports instead).
    package func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? UserBehaviourAdapter else { return false }
        return o.box === box
    }
}

/// What a user behaviour got wrong while it was made, in a sentence.
package enum UserBehaviourProblem: Equatable {
    /// Its `init` read a tunable its declaration does not list.
    case unknownTunable(String, known: [String])

    package var message: String {
        switch self {
        case .unknownTunable(let name, let known):
            let listed = known.isEmpty ? "it declares none" : "it declares " + known.map { "'\($0)'" }.joined(separator: ", ")
            return "its init reads the tunable '\(name)', which its declaration does not list (\(listed))\(didYouMean(name, known))"
        }
    }
}
