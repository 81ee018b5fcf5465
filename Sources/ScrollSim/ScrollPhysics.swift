import Foundation

/// The scroll view's phase (`phase` observable).
public enum ScrollPhase: Equatable, Sendable {
    case idle, dragging, decelerating, bouncing

    /// Its value as an observable: a state of the `phase` family (`StateFamily.phase`).
    public var state: StateID {
        switch self {
        case .idle: return StateID(family: .phase, index: 0, name: "idle")
        case .dragging: return StateID(family: .phase, index: 1, name: "dragging")
        case .decelerating: return StateID(family: .phase, index: 2, name: "decelerating")
        case .bouncing: return StateID(family: .phase, index: 3, name: "bouncing")
        }
    }
}

/// The scroll bounds of one frame: min = −inset.top, max = max(min, content − screen).
public struct ScrollBounds: Equatable, Sendable {
    public var min: Double
    public var max: Double
    public init(min: Double, max: Double) {
        self.min = min
        self.max = Swift.max(min, max)
    }
}

/// Constants of the physics, read from the tunables once.
public struct PhysicsParameters: Equatable, Sendable {
    public var rubberBand: Double
    public var screenHeight: Double
    public var decelerationRate: Double
    /// vs: a deceleration ends when its speed falls to this (pt/s); a release no faster is idle.
    public var stopVelocity: Double
    /// The spring of a bounce that starts where a deceleration reaches a bound (`bounce.*`).
    public var stiffness: Double
    public var damping: Double
    /// The spring of a bounce that starts past a bound: a release there, a tap that stops
    /// motion there (`snapback.*`, v1.3).
    public var snapbackStiffness: Double
    public var snapbackDamping: Double
    public var fps: Double

    public init(rubberBand: Double, screenHeight: Double, decelerationRate: Double,
                stopVelocity: Double, stiffness: Double, damping: Double,
                snapbackStiffness: Double, snapbackDamping: Double, fps: Double) {
        self.rubberBand = rubberBand
        self.screenHeight = screenHeight
        self.decelerationRate = decelerationRate
        self.stopVelocity = stopVelocity
        self.stiffness = stiffness
        self.damping = damping
        self.snapbackStiffness = snapbackStiffness
        self.snapbackDamping = snapbackDamping
        self.fps = fps
    }
}

/// Which spring a bounce uses (spec v1.3 §6.2).
public enum BounceKind: Equatable, Sendable {
    /// Where a deceleration reaches a bound, or its bound moved behind it: `bounce.*`.
    case afterDeceleration
    /// From past a bound — a release there, a tap that stops motion there: `snapback.*`.
    case snapBack
}

/// A bounce back to `bound`: a spring started at absolute time `start`.
public struct Bounce: Equatable, Sendable {
    public var spring: Spring
    public var bound: Double
    public var start: Double
}

/// Events the scroll physics reacts to (spec §6.2). Time is passed in, never read.
public enum ScrollEvent: Equatable, Sendable {
    /// A finger touched down: stops any deceleration or bounce where it is.
    case touchedDown(ScrollBounds)
    /// The finger's translation since touch-down is now `translation` (a frame while dragging).
    case fingerMoved(translation: Double, bounds: ScrollBounds)
    /// The finger lifted at time `t`; `velocity` is the content velocity (−finger velocity).
    /// `target`: a destination a behaviour chose instead of the offered one (spec §8).
    case dragEnded(velocity: Double, t: Double, bounds: ScrollBounds, target: Double? = nil)
    /// The bounds changed under a drag (a content inset set while the finger is down): the
    /// drag goes on as a touch that began here, its translation now `translation` (§6.7).
    case rebased(translation: Double, bounds: ScrollBounds)
    /// A display frame at time `t` (decelerating or bouncing advance to it).
    case frameTicked(t: Double, bounds: ScrollBounds)
    /// A tap stopped the motion where it is (`t` the current time).
    case tappedWhileMoving(t: Double, bounds: ScrollBounds)
    /// Layout found the content resting past a bound that moved.
    case boundsMoved(ScrollBounds)
    /// A behaviour set the offset (`setContentOffset`, spec §8): a drag goes on from there as
    /// a touch that began there would (its translation now `translation`); a deceleration
    /// or bounce stops there.
    case offsetSet(Double, translation: Double, bounds: ScrollBounds)
}

/// The scroll view's state machine, UIScrollView-like (spec §6.2). A value type; `reduce`
/// is a pure transition that reports whether a deceleration (or bounce) came to rest.
public struct ScrollState: Equatable, Sendable {
    public private(set) var phase: ScrollPhase = .idle
    public private(set) var offset: Double
    /// pt/s, positive = offset increasing.
    public private(set) var velocity: Double = 0
    public let parameters: PhysicsParameters
    /// Unbanded position at touch-down (u0).
    private var dragOrigin: Double = 0
    private var deceleration = Deceleration(origin: 0, velocity: 0, start: 0, rate: 0.998, stopVelocity: 10)
    private var bounce = Bounce(spring: Spring(x0: 0, v0: 0, stiffness: 100, damping: 1), bound: 0, start: 0)

    public init(offset: Double, parameters: PhysicsParameters) {
        self.offset = offset
        self.parameters = parameters
    }

    /// The running deceleration or bounce, for inspection.
    public var currentDeceleration: Deceleration? { phase == .decelerating ? deceleration : nil }
    public var currentBounce: Bounce? { phase == .bouncing ? bounce : nil }

    /// What a transition reports.
    public enum Output: Equatable, Sendable {
        case none
        /// A deceleration or bounce came to rest ("deceleration ended", spec §6.4).
        case decelerationEnded
    }

    @discardableResult
    public mutating func reduce(_ event: ScrollEvent) -> Output {
        switch event {
        case .touchedDown(let b):
            phase = .dragging
            velocity = 0
            dragOrigin = unbanded(offset, b)
            return .none
        case .fingerMoved(let p, let b):
            let previous = offset
            offset = banded(dragOrigin - p, b)
            velocity = (offset - previous) * parameters.fps
            return .none
        case .dragEnded(let v, let t, let b, let target):
            // Spec §6.2: the release velocity as it is, however slow (no threshold of its
            // own: below stopVelocity inside the bounds is idle; past a bound it bounces
            // with it).
            return release(velocity: v, t: t, bounds: b, target: target)
        case .rebased(let p, let b):
            // u = u0 − p must give the unbanded position of the offset now: u0 = b⁻¹ + p.
            dragOrigin = unbanded(offset, b) + p
            return .none
        case .frameTicked(let t, let b):
            return advance(to: t, bounds: b)
        case .tappedWhileMoving(let t, let b):
            phase = .idle
            velocity = 0
            if offset < b.min || offset > b.max {
                startBounce(.snapBack, from: offset, velocity: 0, bound: offset < b.min ? b.min : b.max, t: t)
            }
            return .none
        case .boundsMoved(let b):
            if phase == .idle { offset = min(max(offset, b.min), b.max) }
            return .none
        case .offsetSet(let y, let p, let b):
            offset = y
            if phase == .dragging {
                dragOrigin = unbanded(y, b) + p
            } else {
                phase = .idle
                velocity = 0
            }
            return .none
        }
    }

    // MARK: Dragging

    private func banded(_ u: Double, _ b: ScrollBounds) -> Double {
        let c = parameters.rubberBand, d = parameters.screenHeight
        if u < b.min { return b.min - RubberBand.band(b.min - u, c: c, d: d) }
        if u > b.max { return b.max + RubberBand.band(u - b.max, c: c, d: d) }
        return u
    }

    private func unbanded(_ o: Double, _ b: ScrollBounds) -> Double {
        let c = parameters.rubberBand, d = parameters.screenHeight
        if o < b.min { return b.min - RubberBand.unband(b.min - o, c: c, d: d) }
        if o > b.max { return b.max + RubberBand.unband(o - b.max, c: c, d: d) }
        return o
    }

    // MARK: Release, deceleration, bounce

    /// Where a release with content velocity `v` now would come to rest (spec §8's offered
    /// `targetContentOffset`): §6.2's destination clamped to the bounds; the offset itself
    /// when the release starts no deceleration; the bound for a release past it.
    public func releaseTarget(velocity v: Double, bounds b: ScrollBounds) -> Double {
        if offset < b.min { return b.min }
        if offset > b.max { return b.max }
        if abs(v) <= parameters.stopVelocity { return offset }
        let d = Deceleration(origin: offset, velocity: v, start: 0, rate: parameters.decelerationRate,
                             stopVelocity: parameters.stopVelocity)
        return min(max(d.destination, b.min), b.max)
    }

    private mutating func release(velocity v: Double, t: Double, bounds b: ScrollBounds, target: Double?) -> Output {
        if offset < b.min || offset > b.max {
            startBounce(.snapBack, from: offset, velocity: v, bound: offset < b.min ? b.min : b.max, t: t)
            return .none
        }
        if let target {
            // (spec §8) A chosen destination T: the deceleration from o0 whose destination
            // is T, v' = sign(T − o0)·(|T − o0|·|k| + vs); T = o0 is idle at once.
            if target == offset {
                phase = .idle
                velocity = 0
                return .none
            }
            let k = abs(1000 * log(parameters.decelerationRate))
            let travel = abs(target - offset)
            let v2 = (travel * k + parameters.stopVelocity) * (target < offset ? -1 : 1)
            startDeceleration(from: offset, velocity: v2, t: t, destination: target)
            return .none
        }
        // No faster than stopVelocity: nothing to decelerate, idle at once.
        if abs(v) <= parameters.stopVelocity {
            phase = .idle
            velocity = 0
            return .none
        }
        startDeceleration(from: offset, velocity: v, t: t)
        return .none
    }

    private mutating func startDeceleration(from o: Double, velocity v: Double, t: Double, destination: Double? = nil) {
        phase = .decelerating
        offset = o
        velocity = v
        deceleration = Deceleration(origin: o, velocity: v, start: t, rate: parameters.decelerationRate,
                                    stopVelocity: parameters.stopVelocity, destination: destination)
    }

    private mutating func startBounce(_ kind: BounceKind, from o: Double, velocity v: Double, bound: Double, t: Double) {
        phase = .bouncing
        offset = o
        velocity = v
        let spring: Spring
        switch kind {
        case .afterDeceleration:
            spring = Spring(x0: o - bound, v0: v, stiffness: parameters.stiffness, damping: parameters.damping)
        case .snapBack:
            spring = Spring(x0: o - bound, v0: v, stiffness: parameters.snapbackStiffness,
                            damping: parameters.snapbackDamping)
        }
        bounce = Bounce(spring: spring, bound: bound, start: t)
    }

    private mutating func comeToRest(at o: Double) -> Output {
        phase = .idle
        offset = o
        velocity = 0
        return .decelerationEnded
    }

    /// Evaluates the running motion at frame time t; a deceleration may turn into a bounce at
    /// its exact crossing time and back (ζ ≥ 1), a few times within one frame at most.
    private mutating func advance(to t: Double, bounds b: ScrollBounds) -> Output {
        for _ in 0..<8 {
            switch phase {
            case .idle, .dragging:
                return .none
            case .decelerating:
                if let output = advanceDeceleration(to: t, bounds: b) { return output }
            case .bouncing:
                if let output = advanceBounce(to: t) { return output }
            }
        }
        // Pathological ping-pong: evaluate whatever runs now without further transitions.
        return .none
    }

    /// nil: turned into a bounce, evaluate again.
    private mutating func advanceDeceleration(to t: Double, bounds b: ScrollBounds) -> Output? {
        let d = deceleration
        let tau = max(0, t - d.start)
        let dest = d.destination
        // The bound the destination is past, whichever way it moves: a deceleration moving up
        // while the content shrinks under it can end past the bottom bound (spec §6.2).
        let pastMax = dest > b.max
        let bound: Double? = pastMax ? b.max : (dest < b.min ? b.min : nil)
        if let bound {
            let started = pastMax ? d.origin <= bound : d.origin >= bound
            if started, let tb = d.timeToReach(bound) {
                if tb <= tau {
                    startBounce(.afterDeceleration, from: bound, velocity: d.velocity(after: tb), bound: bound,
                                t: d.start + tb)
                    return nil
                }
            } else if !started {
                // The bound moved past where this deceleration began (content shrank under
                // it): bounce from here, now, toward it, on the bounce.* spring.
                startBounce(.afterDeceleration, from: d.offset(after: tau), velocity: d.velocity(after: tau),
                            bound: bound, t: t)
                return nil
            }
            offset = d.offset(after: tau)
            velocity = d.velocity(after: tau)
            return Output.none
        }
        // The first frame at or after τe, where the speed falls to vs, ends it at the destination.
        if tau >= d.endTime { return comeToRest(at: dest) }
        offset = d.offset(after: tau)
        velocity = d.velocity(after: tau)
        return Output.none
    }

    /// nil: turned into a deceleration, evaluate again.
    private mutating func advanceBounce(to t: Double) -> Output? {
        let bo = bounce
        let tau = max(0, t - bo.start)
        if let tc = bo.spring.crossingTime(), tc <= tau {
            let v = bo.spring.velocity(after: tc)
            // A hand-over no faster than stopVelocity rests at the bound.
            if abs(v) <= parameters.stopVelocity { return comeToRest(at: bo.bound) }
            startDeceleration(from: bo.bound, velocity: v, t: bo.start + tc)
            return nil
        }
        let x = bo.spring.position(after: tau)
        let xv = bo.spring.velocity(after: tau)
        if abs(x) < 0.5 && abs(xv) < 5 { return comeToRest(at: bo.bound) }
        offset = bo.bound + x
        velocity = xv
        return Output.none
    }
}
