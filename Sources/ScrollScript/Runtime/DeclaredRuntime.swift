// A behaviour declared in the language (spec §9), lowered once by the checker
// (Check/DeclaredChecker.swift) to numbers and slots — no name is looked up and nothing is
// allocated per frame — and run behind the same `Behaviour` interface as the built-ins and a
// user's Swift behaviours, at §8's event points.
//
// Every value is a Double at run time: the checker has typed each expression (a boolean is
// 0 or 1, a state its place in its family), so the evaluator is a walk over a small tree.
import Foundation
import ScrollSim

/// What a declared expression reads from the scroll view (spec §9: "any observable").
enum DeclaredFact: Sendable {
    case time, offset, velocity, phase, fingerDown, fingerTranslation, fingerVelocity, screenWidth, screenHeight,
         contentHeight, offsetMin, offsetMax, insetTop, insetBottom
}

/// A lowered expression.
indirect enum DeclaredExpr: Sendable {
    case constant(Double)
    case fact(DeclaredFact)
    case param(Int)
    case variable(Int)
    case value(Int)
    case state
    case local(Int)
    /// `target` in `willEndDragging`.
    case target
    /// `decelerate` in `didEndDragging`.
    case decelerate
    /// `velocity` in `willEndDragging`: the release's content velocity.
    case releaseVelocity
    case negate(DeclaredExpr)
    case not(DeclaredExpr)
    case arithmetic(BinaryOp, DeclaredExpr, DeclaredExpr)
    case and(DeclaredExpr, DeclaredExpr)
    case or(DeclaredExpr, DeclaredExpr)
    /// `tolerance` nil with `~=`: half a frame (seconds); otherwise its default is a constant.
    case compare(CompareOp, DeclaredExpr, DeclaredExpr, tolerance: DeclaredExpr?)
    case halfFrameCompare(DeclaredExpr, DeclaredExpr)
    case function(BuiltinFunction, [DeclaredExpr])
}

/// A lowered body statement. `line` is where it is written (a value that is not finite
/// fails the scenario naming it).
indirect enum DeclaredStmt: Sendable {
    case setVariable(Int, DeclaredExpr, line: Int)
    case setState(Int)
    case setStateTo(DeclaredExpr)
    case setTarget(DeclaredExpr, line: Int)
    case setInset(top: Bool, DeclaredExpr, line: Int)
    case setLocal(Int, DeclaredExpr, line: Int)
    case branch([(DeclaredExpr, [DeclaredStmt])], otherwise: [DeclaredStmt])
    /// `then`: an index into `DeclaredProgram.thenBodies`, or -1.
    case animate(variable: Int, to: DeclaredExpr, over: DeclaredExpr, curve: Curve, then: Int, line: Int)
    case scrollTo(DeclaredExpr, animated: Bool, line: Int)
    case call(Int)
}

/// A view: its rect's four numbers, its alpha and its condition.
struct DeclaredView: Sendable {
    var x, y, width, height: DeclaredExpr
    var alpha: DeclaredExpr?
    var when: DeclaredExpr?
}

/// The handlers of one event, in source order (each a body).
typealias DeclaredHandlers = [[DeclaredStmt]]

/// A declaration lowered once: shared, immutable, by every instance of every world.
final class DeclaredProgram: @unchecked Sendable {
    let name: String
    /// Each var's initial value (evaluated in `start`, in order) and whether it is a boolean
    /// and its quantity.
    let variableInits: [DeclaredExpr]
    let variableKinds: [DeclaredKind]
    let values: [DeclaredExpr]
    let valueKinds: [DeclaredKind]
    let states: [String]
    let views: [DeclaredView]
    let actions: [[DeclaredStmt]]
    let thenBodies: [[DeclaredStmt]]
    let localCount: Int
    // Handlers by event.
    let willBeginDragging: DeclaredHandlers
    let didScroll: DeclaredHandlers
    let dragging: DeclaredHandlers
    let willEndDragging: DeclaredHandlers
    let didEndDragging: DeclaredHandlers
    let willBeginDecelerating: DeclaredHandlers
    let didEndDecelerating: DeclaredHandlers
    let didEndScrollingAnimation: DeclaredHandlers
    let frame: DeclaredHandlers
    /// By view number.
    let taps: [DeclaredHandlers]
    /// The line of each var's declaration, value's and view's (non-finite failures).
    let variableLines: [Int]

    init(name: String, variableInits: [DeclaredExpr], variableKinds: [DeclaredKind], variableLines: [Int],
         values: [DeclaredExpr], valueKinds: [DeclaredKind], states: [String], views: [DeclaredView],
         actions: [[DeclaredStmt]], thenBodies: [[DeclaredStmt]], localCount: Int, handlers: [DeclaredEvent: DeclaredHandlers],
         taps: [DeclaredHandlers]) {
        self.name = name
        self.variableInits = variableInits
        self.variableKinds = variableKinds
        self.variableLines = variableLines
        self.values = values
        self.valueKinds = valueKinds
        self.states = states
        self.views = views
        self.actions = actions
        self.thenBodies = thenBodies
        self.localCount = localCount
        willBeginDragging = handlers[.willBeginDragging] ?? []
        didScroll = handlers[.didScroll] ?? []
        dragging = handlers[.dragging] ?? []
        willEndDragging = handlers[.willEndDragging] ?? []
        didEndDragging = handlers[.didEndDragging] ?? []
        willBeginDecelerating = handlers[.willBeginDecelerating] ?? []
        didEndDecelerating = handlers[.didEndDecelerating] ?? []
        didEndScrollingAnimation = handlers[.didEndScrollingAnimation] ?? []
        frame = handlers[.frame] ?? []
        self.taps = taps
    }

    /// The events its handlers need.
    var listens: BehaviourEvents {
        var e: BehaviourEvents = [.dragBegan]
        if !didEndDecelerating.isEmpty { e.insert(.decelerationEnded) }
        if !willEndDragging.isEmpty { e.insert(.flingTargetChosen) }
        if !didEndDragging.isEmpty || !willBeginDecelerating.isEmpty { e.insert(.dragEnded) }
        if taps.contains(where: { !$0.isEmpty }) { e.insert(.taps) }
        if !didScroll.isEmpty { e.insert(.frameEndedScrolled) }
        if !dragging.isEmpty { e.insert(.frameEndedDragging) }
        if !frame.isEmpty { e.insert(.frameEnded) }
        return e
    }

    /// Its registry entry: a fresh instance per world.
    var entry: BehaviourEntry {
        BehaviourEntry(declaration: declaration) { setup, _ in DeclaredInstance(self, setup) }
    }

    /// Filled in by the checker (the declaration every consumer reads).
    var declaration: BehaviourDeclaration!
}

/// One running animation of a var.
struct DeclaredAnimation: Equatable, Sendable {
    var active = false
    var tween = Tween(from: 0, to: 0, start: 0, duration: 0, curve: .linear)
    var then = -1
    /// The order it started in (animations ending in one frame end in that order).
    var order = 0
}

/// A declared behaviour's instance in a world.
struct DeclaredInstance: Behaviour {
    let program: DeclaredProgram
    let id: BehaviourID
    let stateIDs: [StateID]
    let params: [Double]
    let halfFrame: Double
    var variables: [Double]
    var state = 0
    var animations: [DeclaredAnimation]
    var scrollAnimation = DeclaredAnimation()
    var started = 0
    var locals: [Double]
    // The handler's context (only while a handler runs).
    var target = 0.0
    var targetSet = false
    var decelerate = false
    var releaseVelocity = 0.0
    var fault: BehaviourFault?

    init(_ program: DeclaredProgram, _ setup: BehaviourSetup) {
        self.program = program
        id = setup.id
        stateIDs = program.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        params = setup.tunables
        halfFrame = 0.5 / Double(max(1, setup.fps))
        variables = Array(repeating: 0, count: program.variableInits.count)
        animations = Array(repeating: DeclaredAnimation(), count: program.variableInits.count)
        locals = Array(repeating: 0, count: max(1, program.localCount))
    }

    /// How many of its vars animate now.
    var activeAnimations = 0
    var animating: Bool { activeAnimations > 0 || scrollAnimation.active }

    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        fault = nil
        for i in program.variableInits.indices {
            let v = eval(program.variableInits[i], scroll, adjustments)
            variables[i] = finite(v, line: program.variableLines[i])
        }
        return Reaction(animating: false, fault: fault)
    }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        fault = nil
        switch event {
        case .dragBegan:
            scrollAnimation.active = false
            runAll(program.willBeginDragging, scroll, &adjustments)
        case .decelerationEnded:
            runAll(program.didEndDecelerating, scroll, &adjustments)
        case .frameTicked:
            advanceAnimations(scroll, &adjustments)
        case .frameEnded(let pass):
            switch pass {
            case 0:
                runAll(program.didScroll, scroll, &adjustments)
            case 1:
                runAll(program.dragging, scroll, &adjustments)
            default:
                runAll(program.frame, scroll, &adjustments)
            }
        case .flingTargetChosen(let v):
            target = adjustments.flingTarget
            targetSet = false
            releaseVelocity = v
            runAll(program.willEndDragging, scroll, &adjustments)
            if targetSet {
                if target.isFinite { adjustments.flingTarget = target } else if fault == nil { fault = .targetNotFinite(target) }
            }
        case .dragEnded(let willDecelerate):
            decelerate = willDecelerate
            runAll(program.didEndDragging, scroll, &adjustments)
            if willDecelerate { runAll(program.willBeginDecelerating, scroll, &adjustments) }
        case .viewTapped(let v, _):
            if v.view < program.taps.count { runAll(program.taps[v.view], scroll, &adjustments) }
        case .fingerTracked, .scrolled, .sectionHeaderTapped:
            break
        }
        return Reaction(animating: animating, fault: fault)
    }

    // MARK: Animations (step 3)

    private mutating func advanceAnimations(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) {
        let t = scroll.time
        if scrollAnimation.active {
            adjustments.requestedOffset = scrollAnimation.tween.value(at: t)
        }
        var finishedScroll = false
        if scrollAnimation.active, scrollAnimation.tween.isFinished(at: t) {
            scrollAnimation.active = false
            finishedScroll = true
        }
        guard activeAnimations > 0 else {
            if finishedScroll { runAll(program.didEndScrollingAnimation, scroll, &adjustments) }
            return
        }
        for i in animations.indices where animations[i].active {
            variables[i] = animations[i].tween.value(at: t)
        }
        // Those that end now, in the order they started (their `then` bodies may start more,
        // which first move in the next frame).
        let startedBefore = started
        while true {
            var next = -1
            for i in animations.indices where animations[i].active && animations[i].order < startedBefore
                && animations[i].tween.isFinished(at: t) {
                if next < 0 || animations[i].order < animations[next].order { next = i }
            }
            if next < 0 { break }
            animations[next].active = false
            activeAnimations -= 1
            variables[next] = animations[next].tween.to
            let then = animations[next].then
            if then >= 0 { run(program.thenBodies[then], scroll, &adjustments) }
        }
        if finishedScroll { runAll(program.didEndScrollingAnimation, scroll, &adjustments) }
    }

    // MARK: Bodies

    private mutating func runAll(_ handlers: DeclaredHandlers, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) {
        if handlers.isEmpty { return }
        for body in handlers { run(body, scroll, &adjustments) }
    }

    private mutating func run(_ body: [DeclaredStmt], _ scroll: ScrollFacts, _ adjustments: inout Adjustments) {
        for s in body { execute(s, scroll, &adjustments) }
    }

    private mutating func finite(_ v: Double, line: Int) -> Double {
        if v.isFinite { return v }
        if fault == nil { fault = .declaredNotFinite(line: line, v) }
        return 0
    }

    private mutating func execute(_ s: DeclaredStmt, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) {
        switch s {
        case .setVariable(let i, let e, let line):
            let v = eval(e, scroll, adjustments)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if animations[i].active {
                animations[i].active = false
                activeAnimations -= 1
            }
            variables[i] = v
        case .setState(let k):
            state = k
        case .setStateTo(let e):
            let k = Int(eval(e, scroll, adjustments))
            if k >= 0 && k < stateIDs.count { state = k }
        case .setTarget(let e, let line):
            let v = eval(e, scroll, adjustments)
            guard v.isFinite else { _ = finite(v, line: line); return }
            target = v
            targetSet = true
        case .setInset(let top, let e, let line):
            let v = eval(e, scroll, adjustments)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if top { adjustments.contentInsetTop = v } else { adjustments.contentInsetBottom = v }
        case .setLocal(let k, let e, let line):
            locals[k] = finite(eval(e, scroll, adjustments), line: line)
        case .branch(let branches, let otherwise):
            for (c, b) in branches where eval(c, scroll, adjustments) != 0 {
                run(b, scroll, &adjustments)
                return
            }
            run(otherwise, scroll, &adjustments)
        case .animate(let i, let to, let over, let curve, let then, let line):
            let target = eval(to, scroll, adjustments)
            let duration = eval(over, scroll, adjustments)
            guard target.isFinite else { _ = finite(target, line: line); return }
            guard duration.isFinite, duration >= 0 else {
                if fault == nil { fault = .animationNotFinite(duration) }
                return
            }
            if !animations[i].active { activeAnimations += 1 }
            animations[i] = DeclaredAnimation(active: true, tween: Tween(from: variables[i], to: target, start: scroll.time,
                                                                         duration: duration, curve: curve),
                                              then: then, order: started)
            started += 1
        case .scrollTo(let e, let animated, let line):
            let v = eval(e, scroll, adjustments)
            guard v.isFinite else { _ = finite(v, line: line); return }
            if animated {
                scrollAnimation = DeclaredAnimation(active: true, tween: Tween(from: scroll.offset, to: v, start: scroll.time,
                                                                               duration: 0.3, curve: .easeInOut),
                                                    then: -1, order: 0)
            } else {
                scrollAnimation.active = false
                adjustments.requestedOffset = v
            }
        case .call(let k):
            run(program.actions[k], scroll, &adjustments)
        }
    }

    // MARK: Expressions

    func fact(_ f: DeclaredFact, _ s: ScrollFacts, _ a: Adjustments) -> Double {
        switch f {
        case .time: return s.time
        case .offset: return s.offset
        case .velocity: return s.velocity
        case .phase:
            switch s.phase {
            case .idle: return 0
            case .dragging: return 1
            case .decelerating: return 2
            case .bouncing: return 3
            }
        case .fingerDown: return s.fingerDown ? 1 : 0
        case .fingerTranslation: return s.fingerTranslation
        case .fingerVelocity: return s.fingerVelocity
        case .screenWidth: return s.screenWidth
        case .screenHeight: return s.screenHeight
        case .contentHeight: return s.contentHeight
        case .offsetMin: return s.bounds.min
        case .offsetMax: return s.bounds.max
        case .insetTop: return a.contentInsetTop
        case .insetBottom: return a.contentInsetBottom
        }
    }

    func eval(_ e: DeclaredExpr, _ s: ScrollFacts, _ a: Adjustments) -> Double {
        switch e {
        case .constant(let v): return v
        case .fact(let f): return fact(f, s, a)
        case .param(let i): return params[i]
        case .variable(let i): return variables[i]
        case .value(let i): return eval(program.values[i], s, a)
        case .state: return Double(state)
        case .local(let i): return locals[i]
        case .target: return target
        case .decelerate: return decelerate ? 1 : 0
        case .releaseVelocity: return releaseVelocity
        case .negate(let x): return -eval(x, s, a)
        case .not(let x): return eval(x, s, a) != 0 ? 0 : 1
        case .arithmetic(let op, let l, let r):
            let x = eval(l, s, a), y = eval(r, s, a)
            switch op {
            case .add: return x + y
            case .subtract: return x - y
            case .multiply: return x * y
            case .divide: return x / y
            case .remainder: return x.truncatingRemainder(dividingBy: y)
            case .and: return x != 0 && y != 0 ? 1 : 0
            case .or: return x != 0 || y != 0 ? 1 : 0
            }
        case .and(let l, let r): return eval(l, s, a) != 0 && eval(r, s, a) != 0 ? 1 : 0
        case .or(let l, let r): return eval(l, s, a) != 0 || eval(r, s, a) != 0 ? 1 : 0
        case .compare(let op, let l, let r, let tol):
            let x = eval(l, s, a), y = eval(r, s, a)
            switch op {
            case .eq: return x == y ? 1 : 0
            case .ne: return x != y ? 1 : 0
            case .lt: return x < y ? 1 : 0
            case .le: return x <= y ? 1 : 0
            case .gt: return x > y ? 1 : 0
            case .ge: return x >= y ? 1 : 0
            case .approx: return abs(x - y) <= (tol.map { eval($0, s, a) } ?? 0.5) ? 1 : 0
            }
        case .halfFrameCompare(let l, let r):
            return abs(eval(l, s, a) - eval(r, s, a)) <= halfFrame ? 1 : 0
        case .function(let f, let args):
            switch f {
            case .min, .max:
                var v = eval(args[0], s, a)
                for k in 1..<args.count { v = f.fold(v, eval(args[k], s, a)) }
                return v
            case .abs, .floor, .round:
                return f.single(eval(args[0], s, a))
            case .clamp:
                let x = eval(args[0], s, a), lo = eval(args[1], s, a), hi = eval(args[2], s, a)
                return min(max(x, lo), hi)
            }
        }
    }

    // MARK: What it reports

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        let nv = program.variableInits.count, nval = program.values.count
        if observable < nv {
            return DeclaredInstance.value(variables[observable], program.variableKinds[observable])
        }
        if observable < nv + nval {
            let k = observable - nv
            return DeclaredInstance.value(eval(program.values[k], scroll, adjustments), program.valueKinds[k])
        }
        return .state(stateIDs[min(state, stateIDs.count - 1)])
    }

    static func value(_ v: Double, _ kind: DeclaredKind) -> Value {
        switch kind {
        case .quantity(let q): return .number(v, q)
        case .bool: return .bool(v != 0)
        case .state, .string, .rect: return .number(v, .number)
        }
    }

    private func present(_ view: Int, _ s: ScrollFacts, _ a: Adjustments) -> Bool {
        let v = program.views[view]
        if let w = v.when, eval(w, s, a) == 0 { return false }
        return opacity(of: view, s, a) >= 0.01
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        guard view < program.views.count, present(view, scroll, adjustments) else { return nil }
        let v = program.views[view]
        let r = Rect(x: eval(v.x, scroll, adjustments), y: eval(v.y, scroll, adjustments),
                     width: eval(v.width, scroll, adjustments), height: eval(v.height, scroll, adjustments))
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        return r
    }

    func opacity(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Double {
        guard view < program.views.count, let e = program.views[view].alpha else { return 1 }
        let v = eval(e, scroll, adjustments)
        return v.isFinite ? min(1, max(0, v)) : 0
    }

    func isEqual(to other: any Behaviour) -> Bool {
        guard let o = other as? DeclaredInstance else { return false }
        return o.program === program && o.id == id && o.params == params && o.variables == variables && o.state == state
            && o.animations == animations && o.scrollAnimation == scrollAnimation
    }
}
