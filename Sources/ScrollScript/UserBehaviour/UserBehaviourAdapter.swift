// The world's `Behaviour` over a user's `ScrollBehaviour` class: the world's events become
// UIScrollViewDelegate calls (spec §8), what the instance sets on its scroll view is checked
// and passed on as `Adjustments`, and its observables and views are read from the instance.
//
// The instance lives in a box (a class). A world that is copied shares the box; the world
// notices before it runs on (`World.ownState`) and makes itself again from its inputs with fresh
// instances (World+Replay.swift), so copies never share a behaviour's state. A call costs a
// witness call and a few stores: nothing is recorded per frame.

/// A user behaviour's instance and what it needs between calls. Made when the world is laid
/// out (the instance's `init` sees it).
final class UserBehaviourBox: @unchecked Sendable {
    let type: UserBehaviourType
    let setup: BehaviourSetup
    let runtime: AnimationRuntime
    let scrollView: ScrollView
    let instance: any ScrollBehaviour
    let problem: String?
    /// The behaviour's states as values of its family, in declaration order.
    let states: [StateID]
    /// What making it set on its scroll view, and the first thing it did that the world refuses.
    private(set) var started = Reaction(animating: false)

    init(_ type: UserBehaviourType, _ setup: BehaviourSetup, _ facts: ScrollFacts, _ a: inout Adjustments) {
        self.type = type
        self.setup = setup
        states = type.declaration.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        let runtime = AnimationRuntime()
        let scrollView = ScrollView(facts, runtime: runtime)
        self.runtime = runtime
        self.scrollView = scrollView
        let scene = ScrollScene(scrollView: scrollView, names: type.tunableNames, values: setup.tunables)
        scrollView.begin(facts, insetTop: a.contentInsetTop, insetBottom: a.contentInsetBottom)
        let outer = ThreadContext.runtimePointer
        ThreadContext.setRuntime(Unmanaged.passUnretained(runtime).toOpaque())
        instance = type.make(scene)
        ThreadContext.setRuntime(outer)
        problem = scene.unknown.first.map { UserBehaviourProblem.unknownTunable($0, known: type.tunableNames).message }
        started = end(&a, nil)
    }

    /// The world's event as delegate calls (inlined into the adapter's `reduce`, its one
    /// caller: no second call and no copy of the reaction per frame).
    @inline(__always)
    func handle(_ event: BehaviourEvent, _ facts: ScrollFacts, _ a: inout Adjustments) -> Reaction {
        let b = instance, sv = scrollView
        sv.begin(facts, insetTop: a.contentInsetTop, insetBottom: a.contentInsetBottom)
        runtime.now = facts.time
        let outer = ThreadContext.runtimePointer
        ThreadContext.setRuntime(Unmanaged.passUnretained(runtime).toOpaque())
        var tapped: Reaction?
        var fault: BehaviourFault?
        switch event {
        case .scrolled:
            b.scrollViewDidScroll(sv)
        case .dragBegan:
            runtime.stopOffsetAnimation()
            b.scrollViewWillBeginDragging(sv)
        case .flingTargetChosen(let v):
            fault = chooseTarget(b, sv, velocity: v, &a)
        case .dragEnded(let decelerates):
            b.scrollViewDidEndDragging(sv, willDecelerate: decelerates)
            if decelerates { b.scrollViewWillBeginDecelerating(sv) }
        case .decelerationEnded:
            b.scrollViewDidEndDecelerating(sv)
        case .frameTicked:
            if let y = runtime.advance(to: facts.time) { sv.setOffsetFromAnimation(y) }
            if runtime.offsetAnimationEnded { b.scrollViewDidEndScrollingAnimation(sv) }
        case .viewTapped(let v, let targeted) where v.behaviour == setup.id:
            (tapped, fault) = tap(b, v.view, targeted: targeted)
        case .viewTapped, .sectionHeaderTapped, .fingerTracked, .frameEnded:
            break
        }
        runtime.runDueCompletions()
        ThreadContext.setRuntime(outer)
        var r = end(&a, tapped)
        if r.fault == nil { r.fault = fault }
        return r
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

    /// After its code ran: what it set is checked and passed on.
    @inline(__always)
    private func end(_ a: inout Adjustments, _ tapped: Reaction?) -> Reaction {
        var r = tapped ?? Reaction(animating: false)
        r.animating = runtime.isAnimating
        r.fault = scrollView.passOn(&a) ?? runtime.takeFault()
        return r
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
    func presenting<T>(at t: Double, _ body: () -> T) -> T {
        let outer = ThreadContext.presentationTime
        ThreadContext.presentationTime = t
        defer { ThreadContext.presentationTime = outer }
        return body()
    }

    /// Observable `k` now.
    func value(_ k: Int, at t: Double) -> Value {
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
    func frame(_ k: Int, at t: Double) -> Rect? {
        let b = instance
        guard k < type.views.count else { return nil }
        return presenting(at: t) { type.views[k].frame(b).map(Rect.init) }
    }

    /// View `k`'s alpha now (1 for a view given by a frame).
    func alpha(_ k: Int, at t: Double) -> Double {
        let b = instance
        guard k < type.views.count, let read = type.views[k].alpha else { return 1 }
        return presenting(at: t) { Double(read(b)) }
    }
}

extension Rect {
    init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

/// A user behaviour in a world: its box (made when the world is laid out), which the world
/// makes again when a copy of it goes on running.
struct UserBehaviourAdapter: Behaviour {
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

    init(_ type: UserBehaviourType, _ setup: BehaviourSetup) {
        maker = Maker(type, setup)
    }

    var keepsStateInClass: Bool { true }

    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let made = UserBehaviourBox(maker.type, maker.setup, scroll, &adjustments)
        box = made
        return made.started
    }

    var creationProblem: String? { box?.problem }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        box?.handle(event, scroll, &adjustments) ?? Reaction(animating: false)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        box?.value(observable, at: scroll.time) ?? .number(0, .number)
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        box?.frame(view, at: scroll.time)
    }

    func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double {
        box?.alpha(view, at: scroll.time) ?? 1
    }

    /// The same instance (the world compares what a class-kept behaviour reports instead).
    func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? UserBehaviourAdapter else { return false }
        return o.box === box
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
