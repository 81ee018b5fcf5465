// A view a user behaviour owns (its toolbar, its banner, its header), shaped as UIKit's
// `UIView`: a frame, an alpha, hidden or not, and `animate(withDuration:...)`, all on the
// simulated clock. As in UIKit, a property set inside an animation block takes its new value
// at once in the code's eyes (the model) while the screen shows it moving (the
// presentation); the tool reads the presentation — observables, frames, pictures — and the
// behaviour's own code reads the model.

/// A rectangle on the screen that a behaviour moves, fades and hides (UIKit's `UIView`).
public final class View {
    /// Its model and animations, in storage of its own (RawStorage.swift): a behaviour reads
    /// and sets its views on every frame, and a class's stored properties would cost a
    /// dynamic exclusivity check at each access.
    @usableFromInline
    package struct Properties {
        @usableFromInline package var modelFrame: CGRect
        @usableFromInline package var modelAlpha: CGFloat = 1
        // No observers: a property with one is read and written back whole through each
        // change (its block retained and released again); `set` and `advance` keep the flags.
        package var frameAnimation: PropertyAnimation<CGRect>?
        package var alphaAnimation: PropertyAnimation<CGFloat>?
        /// An animation of the frame, of the alpha, is attached (the getters, inlined into the
        /// behaviour's code, read the model at once without one): `frameAnimation != nil`,
        /// `alphaAnimation != nil`.
        @usableFromInline package var frameAnimated = false
        @usableFromInline package var alphaAnimated = false

        package init(modelFrame: CGRect) {
            self.modelFrame = modelFrame
        }
    }
    private let storage: RawStorage<Properties>
    @usableFromInline package let properties: UnsafeMutablePointer<Properties>

    /// A view at `frame` (screen points), opaque and shown.
    public init(frame: CGRect = .zero) {
        storage = RawStorage(Properties(modelFrame: frame))
        properties = storage.pointer
    }

    /// Hidden: it is not drawn, takes no tap and has no frame on screen.
    public var isHidden = false

    /// Its frame in screen points. Inside a behaviour's methods, what was last set; when the
    /// tool reads it (observables, `frames`, taps, pictures), where it is on screen — partway
    /// through an animation, as UIKit's `layer.presentation()` does. Its numbers must be finite.
    @inlinable public var frame: CGRect {
        get {
            properties.pointee.frameAnimated ? presentedFrame() : properties.pointee.modelFrame
        }
        set { setFrame(newValue) }
    }

    /// `frame` while an animation of it is attached: where it is on screen when the tool
    /// reads, else the model. The animation is read in place (a copy would retain its block).
    @usableFromInline
    package func presentedFrame() -> CGRect {
        if let t = ThreadContext.presentationTime, let v = properties.pointee.frameAnimation?.value(at: t) { return v }
        return properties.pointee.modelFrame
    }

    /// `frame = newValue`.
    @usableFromInline
    package func setFrame(_ newValue: CGRect) {
        guard newValue.origin.x.isFinite, newValue.origin.y.isFinite, newValue.size.width.isFinite,
              newValue.size.height.isFinite else { return refuse([newValue.origin.x, newValue.origin.y, newValue.size.width, newValue.size.height]) }
        // No animation of it and no block open (a toolbar following the finger, every
        // frame): the model, at once (as `set` would, without its bookkeeping).
        let p = properties
        if !p.pointee.frameAnimated && !View.anyBlockOpen { p.pointee.modelFrame = newValue; return }
        set(newValue, model: &p.pointee.modelFrame, animation: &p.pointee.frameAnimation, animated: &p.pointee.frameAnimated)
    }

    /// Its opacity, 0...1 (values outside are kept, as UIKit keeps them). Read as `frame` is;
    /// it must be finite.
    @inlinable public var alpha: CGFloat {
        get {
            properties.pointee.alphaAnimated ? presentedAlpha() : properties.pointee.modelAlpha
        }
        set { setAlpha(newValue) }
    }

    /// `alpha` while an animation of it is attached (as `presentedFrame`).
    @usableFromInline
    package func presentedAlpha() -> CGFloat {
        if let t = ThreadContext.presentationTime, let v = properties.pointee.alphaAnimation?.value(at: t) { return v }
        return properties.pointee.modelAlpha
    }

    /// `alpha = newValue`.
    @usableFromInline
    package func setAlpha(_ newValue: CGFloat) {
        guard newValue.isFinite else { return refuse([newValue]) }
        let p = properties
        if !p.pointee.alphaAnimated && !View.anyBlockOpen { p.pointee.modelAlpha = newValue; return }
        set(newValue, model: &p.pointee.modelAlpha, animation: &p.pointee.alphaAnimation, animated: &p.pointee.alphaAnimated)
    }

    /// Sets a property's model to `value`. Inside an animation block that animates, it moves
    /// there from what is on screen at the block's start; any animation of it in flight ends
    /// (its group counts it as cut short) — unless it is the same block's (the property set
    /// twice in one block, as `frame.origin.y = …; frame.size.height = …` does): then the new
    /// animation takes its place and the block still counts one animation of it, so its
    /// completion runs when the block ends, with true (UIKit's additive animations of the
    /// same block run together and both finish). `animated` is kept equal to `animation != nil`.
    private func set<T: Animatable>(_ value: T, model: inout T, animation: inout PropertyAnimation<T>?,
                                    animated: inout Bool) {
        // The call's runtime: the one its animations run in (a behaviour's views animate in
        // its own), which its group tells when it is cut short. Not kept in the view (a weak
        // reference would give the runtime a side table, and every retain of it the slow path),
        // and not retained here: the call in progress holds it.
        guard let rp = ThreadContext.runtimePointer else {
            // Outside any call: at once; an animation in flight ends, and no call's end will
            // run its completion.
            if let old = animation.take() {
                animated = false
                old.block.cancel(nil)
            }
            model = value
            return
        }
        Unmanaged<AnimationRuntime>.fromOpaque(rp)._withUnsafeGuaranteedRef { runtime in
            // Not retained here (the `animate` call running holds it): once, by the animation.
            let block = View.openBlock(runtime)
            // Where it is on screen as the block starts (read in place: no copy of the animation).
            let current = block.map { b in animation?.value(at: b._withUnsafeGuaranteedRef { $0.start }) ?? model }
            // Moved out, not copied: its block is released once, when it goes.
            var replacedByItsBlock = false
            if let old = animation.take() {
                animated = false
                if let block, old.block === block.takeUnretainedValue() {
                    replacedByItsBlock = true
                } else {
                    old.block.cancel(runtime)
                }
                // Its runtime looks at it again at the next frame (it may have nothing left to run).
                runtime.recheckViews()
            }
            model = value
            if let block, let current {
                if !replacedByItsBlock { block._withUnsafeGuaranteedRef { $0.remaining += 1 } }
                // Made in place (a `let` assigned would be copied, its block retained again).
                animation = PropertyAnimation(from: current, to: value, block: block.takeUnretainedValue())
                animated = true
                runtime.track(self, endingNoEarlierThan: animation?.endsNoEarlierThan ?? -.infinity)
            }
        }
    }

    /// The centre of `frame`.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            var f = properties.pointee.modelFrame
            f.origin = CGPoint(x: newValue.x - f.width / 2, y: newValue.y - f.height / 2)
            frame = f
        }
    }

    /// An animation block's closure runs now on this thread (whether or not it animates).
    @inline(__always)
    static var anyBlockOpen: Bool {
        guard let p = ThreadContext.runtimePointer else { return false }
        return Unmanaged<AnimationRuntime>.fromOpaque(p)._withUnsafeGuaranteedRef { $0.hot.pointee.openBlock != nil }
    }

    /// The block whose closure runs now if it animates (it has a duration or a delay), not
    /// retained: a set inside it animates over the block's time even to the value the
    /// property has; outside one, or in a block of no time, a set is at once and ends any
    /// animation of that property, whose completion then gets `false`.
    @inline(__always)
    package static func openBlock(_ runtime: AnimationRuntime) -> Unmanaged<AnimationBlock>? {
        guard let block = runtime.hot.pointee.openBlock,
              block._withUnsafeGuaranteedRef({ $0.duration > 0 || $0.delay > 0 }) else { return nil }
        return block
    }

    /// A number that is not finite set on the view: a fault of its behaviour; the view keeps
    /// what it had.
    private func refuse(_ xs: [CGFloat]) {
        let bad = Double(xs.first { !$0.isFinite } ?? .nan)
        if let runtime = ThreadContext.runtime, runtime.fault == nil { runtime.fault = .viewNotFinite(bad) }
    }

    /// Ends the animations that are done at `t` (their groups count them); true while one runs.
    package func advance(to t: Double, _ runtime: AnimationRuntime) -> Bool {
        let p = properties
        // Its timing read in place (no copy of the animation, no retain of its block); one
        // that ended is moved out.
        if p.pointee.frameAnimation?.timing.isFinished(at: t) == true, let a = p.pointee.frameAnimation.take() {
            p.pointee.frameAnimated = false
            a.block.memberFinished(runtime)
        }
        if p.pointee.alphaAnimation?.timing.isFinished(at: t) == true, let a = p.pointee.alphaAnimation.take() {
            p.pointee.alphaAnimated = false
            a.block.memberFinished(runtime)
        }
        return p.pointee.frameAnimated || p.pointee.alphaAnimated
    }

    /// A time before which none of its animations running now can end (+∞: none can).
    var animationsEndNoEarlierThan: Double {
        min(properties.pointee.frameAnimation?.endsNoEarlierThan ?? .infinity,
            properties.pointee.alphaAnimation?.endsNoEarlierThan ?? .infinity)
    }

    /// Animates the changes `animations` makes to views' frames and alphas over `duration`
    /// seconds of simulated time, after `delay`, with the curve in `options`
    /// (`.curveEaseInOut` unless another is given; `.repeat` and `.autoreverse` as UIKit's:
    /// a repeating animation never ends). Each animation starts from what is on screen and
    /// replaces one in flight on the same property (UIKit's `.beginFromCurrentState`); a
    /// property set in the block animates for the block's time even to the value it has.
    /// `completion` runs when every animation of the block has ended — `true` — or after the
    /// call in which one was replaced or set without animation — `false`; a block that
    /// animates nothing completes after the call that made it. Outside a behaviour's calls
    /// (no simulated clock) the changes are made at once and `completion(true)` runs. The
    /// wall clock is never read.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        guard let p = ThreadContext.runtimePointer else {
            animations()
            completion?(true)
            return
        }
        // Unretained: the call in progress holds its runtime.
        Unmanaged<AnimationRuntime>.fromOpaque(p)._withUnsafeGuaranteedRef {
            $0.animate(duration: duration, delay: delay, options: options, animations: animations, completion: completion)
        }
    }

    /// `animate(withDuration:delay: 0, options: [], animations:completion:)`.
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// UIKit's `UIView.AnimationOptions`: the curve of an animation, and whether it repeats.
    public struct AnimationOptions: OptionSet, Sendable {
        /// UIKit's bits: options in the low bits, the curve in bits 16–19.
        public let rawValue: UInt
        /// An option set of UIKit's raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Taps reach the view while it animates (always so here).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen (always so here).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Run again from the start when it ends, forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// With `.repeat`: run back and forth.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// cubic-bezier(0.42, 0, 0.58, 1): the default.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// cubic-bezier(0.42, 0, 1, 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// cubic-bezier(0, 0, 0.58, 1).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The curve these options name.
        package var curve: Curve {
            switch (rawValue >> 16) & 0xF {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }
}

/// What an animation block gives each animation it starts, and its group (itself: one
/// object an `animate` call, not two).
package final class AnimationBlock: AnimationGroup {
    package let duration: Double
    package let delay: Double
    package let start: Double
    package let curve: Curve
    package let repeats: Bool
    package let autoreverses: Bool
    /// The animations of its call and their completion.
    var group: AnimationGroup { self }

    package init(duration: Double, delay: Double, start: Double, curve: Curve, repeats: Bool, autoreverses: Bool,
         completion: ((Bool) -> Void)?) {
        self.duration = duration
        self.delay = delay
        self.start = start
        self.curve = curve
        self.repeats = repeats
        self.autoreverses = autoreverses
        super.init(completion: completion)
    }
}

/// The animations of one `animate` call and its completion (an `AnimationBlock`).
package class AnimationGroup {
    /// Its animations still running.
    var remaining = 0
    /// False once one of them was replaced or stopped.
    var finished = true
    var completion: ((Bool) -> Void)?
    package init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// One of its animations ended at its time (`runtime` advancing it).
    package final func memberFinished(_ runtime: AnimationRuntime) {
        remaining -= 1
        if remaining == 0 { runtime.due(self) }
    }

    /// One of its animations was replaced or set without animation, in a call of `runtime`'s
    /// behaviour (its completion runs at that call's end; outside any call, never).
    package final func cancel(_ runtime: AnimationRuntime?) {
        finished = false
        remaining -= 1
        if remaining == 0 { runtime?.due(self) }
    }
}

/// A value that can be animated component by component, each as a `Tween` evaluates it.
package protocol Animatable: Equatable {
    static func interpolate(_ a: Self, _ b: Self, _ tween: (Double, Double) -> Double) -> Self
}

extension CGFloat: Animatable {
    package static func interpolate(_ a: CGFloat, _ b: CGFloat, _ tween: (Double, Double) -> Double) -> CGFloat {
        CGFloat(tween(Double(a), Double(b)))
    }
}

extension CGRect: Animatable {
    package static func interpolate(_ a: CGRect, _ b: CGRect, _ tween: (Double, Double) -> Double) -> CGRect {
        CGRect(x: tween(Double(a.minX), Double(b.minX)), y: tween(Double(a.minY), Double(b.minY)),
               width: tween(Double(a.width), Double(b.width)), height: tween(Double(a.height), Double(b.height)))
    }
}

/// One property moving from `from` to `to` as a block says.
package struct PropertyAnimation<T: Animatable> {
    package let from: T
    package let to: T
    /// Its block, and its group (one object).
    package let block: AnimationBlock
    /// The block's timing, kept here too: whether it has ended is read without the block.
    package let timing: AnimationTiming
    /// Before this time `isFinished` is false (a bound, a little early: its runtime skips
    /// looking at it until then); +∞ for one that repeats, −∞ for one of no duration.
    package let endsNoEarlierThan: Double

    package init(from: T, to: T, block: AnimationBlock) {
        self.from = from
        self.to = to
        self.block = block
        timing = AnimationTiming(begins: block.start + block.delay, duration: block.duration, repeats: block.repeats)
        // isFinished is (t − start) / duration ≥ 1 − 1e-9; a margin of a millionth, relative
        // and absolute, stays below it whatever the rounding of the subtraction.
        if block.repeats {
            endsNoEarlierThan = .infinity
        } else if block.duration > 0 {
            endsNoEarlierThan = block.start + block.delay + block.duration * (1 - 1e-6) - 1e-6
        } else {
            endsNoEarlierThan = -.infinity
        }
    }

    /// Where it is at `t`: each component as `Tween(from:to:start:duration:curve:)` gives it
    /// (the built-in behaviours' animations, to the last bit).
    package func value(at t: Double) -> T {
        let b = block
        var start = b.start + b.delay
        var reversed = false
        if b.repeats && t > start {
            let cycles = ((t - start) / b.duration).rounded(.down)
            start += cycles * b.duration
            reversed = b.autoreverses && cycles.truncatingRemainder(dividingBy: 2) == 1
        }
        return T.interpolate(from, to) { x, y in
            let tw = Tween(from: reversed ? y : x, to: reversed ? x : y, start: start, duration: b.duration, curve: b.curve)
            return tw.value(at: t)
        }
    }
}

/// When an animation runs, as its block says: plain numbers, read without the block.
package struct AnimationTiming {
    /// The block's start plus its delay.
    package let begins: Double
    package let duration: Double
    package let repeats: Bool

    /// It has ended at `t` (a repeating one never does): as a linear `Tween` from `begins`
    /// over `duration` says.
    package func isFinished(at t: Double) -> Bool {
        if repeats { return false }
        return Tween(from: 0, to: 1, start: begins, duration: duration, curve: .linear).isFinished(at: t)
    }
}
