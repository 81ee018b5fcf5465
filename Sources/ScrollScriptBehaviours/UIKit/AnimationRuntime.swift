// A user behaviour's animations on the simulated clock: its views' animation blocks, their
// completions, and an animated `setContentOffset`. One per behaviour instance; its adapter
// advances it at each frame while it reports an animation running (spec §6.1 step 3).

package final class AnimationRuntime {
    /// What every call reads or writes, in storage of its own (RawStorage.swift): the time,
    /// whether anything is running or due, the first fault.
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
    }
    private let storage = RawStorage(Hot())
    package let hot: UnsafeMutablePointer<Hot>

    package init() {
        hot = storage.pointer
    }

    /// The time of the call in progress (simulated seconds).
    var now: Double {
        @inline(__always) get { hot.pointee.now }
        @inline(__always) set { hot.pointee.now = newValue }
    }
    /// The innermost `View.animate` block whose `animations` closure runs now.
    var openBlock: AnimationBlock?
    /// Views with an animation running, in the order their first one started.
    private var views: [View] = [] { didSet { hot.pointee.animating = !views.isEmpty || offsetAnimation != nil } }
    /// Groups whose completion runs at the end of the call in progress, in order.
    private var dueGroups: [AnimationGroup] = [] { didSet { hot.pointee.hasDue = !dueGroups.isEmpty } }
    /// An animated `setContentOffset` in progress.
    private(set) var offsetAnimation: Tween? { didSet { hot.pointee.animating = !views.isEmpty || offsetAnimation != nil } }
    /// The animated offset reached its target in the frame just advanced.
    private(set) var offsetAnimationEnded = false
    /// The first animation with a duration or delay that is not finite, or view property
    /// set to a number that is not.
    var fault: BehaviourFault? {
        @inline(__always) get { hot.pointee.fault }
        @inline(__always) set { hot.pointee.fault = newValue }
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
        let group = AnimationGroup(completion: completion)
        let repeats = options.contains(.repeat) && duration > 0
        let block = AnimationBlock(duration: duration, delay: delay, start: now, curve: options.curve,
                                   repeats: repeats, autoreverses: repeats && options.contains(.autoreverse), group: group)
        let outer = openBlock
        openBlock = block
        animations()
        openBlock = outer
        if group.remaining == 0 { due(group) }
    }

    /// `view` has an animation running, which does not end before `end`.
    package func track(_ view: View, endingNoEarlierThan end: Double) {
        if !views.contains(where: { $0 === view }), views.count < AnimationRuntime.maxTracked { views.append(view) }
        hot.pointee.viewsQuietUntil = min(hot.pointee.viewsQuietUntil, end)
    }

    /// An animation of a tracked view was cut short: the next frame looks at every view.
    package func recheckViews() {
        hot.pointee.viewsQuietUntil = -.infinity
    }

    /// `group`'s completion runs at the end of the call in progress.
    package func due(_ group: AnimationGroup) {
        if dueGroups.count < AnimationRuntime.maxTracked { dueGroups.append(group) }
    }

    /// Step 3 of a frame at `t`: ends the animations done by then; an animated offset moves.
    /// Returns the offset to set, if one is animating.
    package func advance(to t: Double) -> Double? {
        now = t
        if t >= hot.pointee.viewsQuietUntil { advanceViews(to: t) }
        if offsetAnimationEnded { offsetAnimationEnded = false }
        guard let tween = offsetAnimation else { return nil }
        if tween.isFinished(at: t) {
            offsetAnimation = nil
            offsetAnimationEnded = true
            return tween.to
        }
        return tween.value(at: t)
    }

    /// Ends the views' animations that are done at `t`; notes when the next one can end.
    private func advanceViews(to t: Double) {
        var quietUntil = Double.infinity
        var k = 0
        while k < views.count {
            let v = views[k]
            if v.advance(to: t, self) {
                quietUntil = min(quietUntil, v.animationsEndNoEarlierThan)
                k += 1
            } else {
                views.remove(at: k)
            }
        }
        hot.pointee.viewsQuietUntil = quietUntil
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
        var k = 0
        while k < dueGroups.count {
            let g = dueGroups[k]
            let c = g.completion
            g.completion = nil
            c?(g.finished)
            k += 1
        }
        dueGroups.removeAll(keepingCapacity: true)
    }

    /// An animated `setContentOffset` from `from` to `to`: 0.3 s, ease-in-out.
    package func animateOffset(from: Double, to: Double) {
        offsetAnimation = Tween(from: from, to: to, start: now, duration: 0.3, curve: .easeInOut)
    }

    /// A touch, or an offset set without animation, stops an animated one.
    package func stopOffsetAnimation() {
        offsetAnimation = nil
    }
}
