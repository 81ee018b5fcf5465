// A user behaviour's animations on the simulated clock: its views' animation blocks, their
// completions, and an animated `setContentOffset`. One per behaviour instance; its adapter
// advances it at each frame while it reports an animation running (spec §6.1 step 3).

package final class AnimationRuntime {
    /// What calls read or write, in storage of its own (RawStorage.swift; a class's stored
    /// properties would cost a dynamic exclusivity check at each access): the time, whether
    /// anything is running or due, the first fault, the open block, the views animating,
    /// the completions due, the animated offset.
    package struct Hot {
        /// The time of the call in progress (simulated seconds).
        package var now: Double = 0
        package var animating = false
        package var hasDue = false
        package var fault: BehaviourFault?
        /// No tracked view's animation can end before this time, and none was cut short
        /// since the views were last looked at: a frame before it skips them (their animations
        /// run on; only the presentation, read when asked, moves).
        package var viewsQuietUntil = -Double.infinity
        /// Its behaviour's values are checked after every call that runs its code
        /// (`UserBehaviourBox.checksAfterEveryCall`: the world locating a bad one).
        package var checksEveryCall = false
        /// The innermost `View.animate` block whose `animations` closure runs now. Not
        /// retained (the `animate` call whose closure runs holds it until it closes it), and
        /// asked whether there is one without a retain (`View.anyBlockOpen`, on every set).
        package var openBlock: Unmanaged<AnimationBlock>?
        /// Views with an animation running, in the order their first one started.
        package var views: [View] = []
        /// Groups whose completion runs at the end of the call in progress, in order.
        package var dueGroups: [AnimationGroup] = []
        /// An animated `setContentOffset` in progress.
        package var offsetAnimation: Tween?
        /// The animated offset reached its target in the frame just advanced.
        package var offsetAnimationEnded = false
        /// A time before which a frame's advance would only move its views' animations on
        /// (none can end, no offset animation, nothing due), as of the end of the last call
        /// (`noteQuiet`): the world sends no `frameTicked` before it
        /// (`BehaviourReactor.quietUntil`). −∞: every frame.
        package var quietUntil = -Double.infinity
        /// Its scroll view's `CallState.dirty`, raised (`touch`) by whatever a call does
        /// here: an animation begun or cut short, a completion due, a fault.
        package var touched: UnsafeMutablePointer<UInt8>?

        /// `animating` from what runs.
        package mutating func noteAnimating() {
            animating = !views.isEmpty || offsetAnimation != nil
        }
    }
    private let storage = RawStorage(Hot())
    package let hot: UnsafeMutablePointer<Hot>

    package init() {
        hot = storage.pointer
    }

    /// Where `Hot.quietUntil` is kept (for `BehaviourReactor.quietUntil`), as long as the
    /// runtime lives.
    package var quietUntilSlot: UnsafePointer<Double> {
        UnsafePointer((UnsafeMutableRawPointer(hot) + MemoryLayout<Hot>.offset(of: \Hot.quietUntil)!)
            .assumingMemoryBound(to: Double.self))
    }

    /// After a call: until when a frame's advance would only move its views' animations on
    /// (`Hot.quietUntil`).
    @inline(__always)
    package func noteQuiet() {
        let h = hot
        h.pointee.quietUntil = h.pointee.offsetAnimation == nil && !h.pointee.offsetAnimationEnded && !h.pointee.hasDue
            ? h.pointee.viewsQuietUntil : -.infinity
    }

    /// Something changed here that the end of a call must look at (`Hot.touched`).
    @inline(__always)
    package func touch() {
        if let t = hot.pointee.touched { t.pointee |= CallState.touched }
    }

    /// The time of the call in progress (simulated seconds).
    var now: Double {
        @inline(__always) get { hot.pointee.now }
        @inline(__always) set { hot.pointee.now = newValue }
    }
    /// An animated `setContentOffset` in progress.
    var offsetAnimation: Tween? { hot.pointee.offsetAnimation }
    /// The animated offset reached its target in the frame just advanced.
    var offsetAnimationEnded: Bool { @inline(__always) get { hot.pointee.offsetAnimationEnded } }
    /// The first animation with a duration or delay that is not finite, or view property
    /// set to a number that is not.
    var fault: BehaviourFault? {
        @inline(__always) get { hot.pointee.fault }
        @inline(__always) set { hot.pointee.fault = newValue; touch() }
    }

    /// The fault, forgotten.
    @inline(__always)
    package func takeFault() -> BehaviourFault? {
        guard let f = hot.pointee.fault else { return nil }
        hot.pointee.fault = nil
        return f
    }

    /// An animation runs: frames must be sent, and `settle` waits.
    var isAnimating: Bool { @inline(__always) get { hot.pointee.animating } }

    /// The most views a runtime tracks at once, and completions queued in one call: a
    /// behaviour that makes views without end fails instead of filling memory.
    package static let maxTracked = 100_000

    package func animate(duration: Double, delay: Double, options: View.AnimationOptions,
                 animations: () -> Void, completion: ((Bool) -> Void)?) {
        guard duration.isFinite, delay.isFinite, duration >= 0, delay >= 0 else {
            fault = fault ?? .animationNotFinite(!duration.isFinite || duration < 0 ? duration : delay)
            animations()
            completion?(false)
            return
        }
        let repeats = options.contains(.repeat) && duration > 0
        let block = AnimationBlock(duration: duration, delay: delay, start: now, curve: options.curve,
                                   repeats: repeats, autoreverses: repeats && options.contains(.autoreverse),
                                   completion: completion)
        let outer = hot.pointee.openBlock
        hot.pointee.openBlock = Unmanaged.passUnretained(block)
        animations()
        hot.pointee.openBlock = outer
        if block.remaining == 0 { due(block) }
    }

    /// `view` has an animation running, which does not end before `end`.
    package func track(_ view: View, endingNoEarlierThan end: Double) {
        let h = hot
        if !h.pointee.views.contains(where: { $0 === view }), h.pointee.views.count < AnimationRuntime.maxTracked {
            h.pointee.views.append(view)
            h.pointee.animating = true
        }
        h.pointee.viewsQuietUntil = min(hot.pointee.viewsQuietUntil, end)
        touch()
    }

    /// An animation of a tracked view was cut short: the next frame looks at every view.
    package func recheckViews() {
        hot.pointee.viewsQuietUntil = -.infinity
        touch()
    }

    /// `group`'s completion runs at the end of the call in progress.
    package func due(_ group: AnimationGroup) {
        if hot.pointee.dueGroups.count < AnimationRuntime.maxTracked {
            hot.pointee.dueGroups.append(group)
            hot.pointee.hasDue = true
        }
        touch()
    }

    /// Step 3 of a frame at `t`: ends the animations done by then; an animated offset moves.
    /// Returns the offset to set, if one is animating.
    package func advance(to t: Double) -> Double? {
        now = t
        if t >= hot.pointee.viewsQuietUntil { advanceViews(to: t) }
        let h = hot
        h.pointee.offsetAnimationEnded = false
        guard let tween = h.pointee.offsetAnimation else { return nil }
        if tween.isFinished(at: t) {
            h.pointee.offsetAnimation = nil
            h.pointee.offsetAnimationEnded = true
            h.pointee.noteAnimating()
            return tween.to
        }
        return tween.value(at: t)
    }

    /// Ends the views' animations that are done at `t`; notes when the next one can end.
    private func advanceViews(to t: Double) {
        var quietUntil = Double.infinity
        let h = hot
        var k = 0
        while k < h.pointee.views.count {
            // Not retained: `views` holds it, and a view's `advance` may make groups due but
            // never changes `views`.
            let v = Unmanaged.passUnretained(h.pointee.views[k])
            let runs = v._withUnsafeGuaranteedRef { view -> Bool in
                guard view.advance(to: t, self) else { return false }
                quietUntil = min(quietUntil, view.animationsEndNoEarlierThan)
                return true
            }
            if runs {
                k += 1
            } else {
                h.pointee.views.remove(at: k)
            }
        }
        h.pointee.noteAnimating()
        h.pointee.viewsQuietUntil = quietUntil
    }

    /// Completions wait to run (`runDueCompletions`).
    var hasDueCompletions: Bool { @inline(__always) get { hot.pointee.hasDue } }

    /// Runs the completions that came due in this call (they may start more animations; those
    /// that come due while they run run too), in the order they came due.
    @inline(__always)
    package func runDueCompletions() {
        if hot.pointee.hasDue { runCompletions() }
    }

    private func runCompletions() {
        let h = hot
        var k = 0
        while k < h.pointee.dueGroups.count {
            // Not retained: `dueGroups` holds it until the end (a completion may append more).
            // Its completion is moved out (no copy), to run once.
            let g = Unmanaged.passUnretained(h.pointee.dueGroups[k])
            let (c, finished) = g._withUnsafeGuaranteedRef { g in (g.completion.take(), g.finished) }
            c?(finished)
            k += 1
        }
        h.pointee.dueGroups.removeAll(keepingCapacity: true)
        h.pointee.hasDue = false
    }

    /// An animated `setContentOffset` from `from` to `to`: 0.3 s, ease-in-out.
    package func animateOffset(from: Double, to: Double) {
        hot.pointee.offsetAnimation = Tween(from: from, to: to, start: now, duration: 0.3, curve: .easeInOut)
        hot.pointee.animating = true
        touch()
    }

    /// A touch, or an offset set without animation, stops an animated one.
    package func stopOffsetAnimation() {
        guard hot.pointee.offsetAnimation != nil else { return }
        hot.pointee.offsetAnimation = nil
        hot.pointee.noteAnimating()
        touch()
    }
}
