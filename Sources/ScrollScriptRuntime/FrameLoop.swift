// `run()`'s loop over the frames of one statement when no observer watches: the frames of
// pull/drag/fling/swipe/wait/tick, and of settle (see docs/interpreter.md).
//
// Why a loop of its own: the interpreter is a class, and every read or write of one of its
// stored properties (the world, the counter, the failure) pays Swift's dynamic exclusivity
// check (swift_beginAccess and its thread-local bookkeeping). Here the world is one inout
// access for the whole loop and everything else is a local or a field of this struct,
// which the compiler checks statically. The work of a frame and its order are exactly `runFrame()`'s and then
// `afterFrame()`'s: step, the 24 h limit, the invariants, the interrupt poll, then the count
// (or, for settle, the at-rest test and the settle limit) of the statement.
//
// While the loop runs, the interpreter's `world` is under that one access: `shouldInterrupt`
// must not read the interpreter (a closure that did would trap, never see a stale world).

package struct FrameLoop {
    package enum Kind {
        /// pull/drag/fling/swipe/wait/tick: `counter` is the frames left.
        case timed
        /// settle: `counter` is the frames run so far.
        case settle
    }

    /// How the loop ended; the interpreter turns it into a `StepEvent`.
    package enum End {
        /// The statement is done (its frames ran out, or the world came to rest); `paused`:
        /// the interrupt poll asked to stop at that same frame.
        case done(paused: Bool)
        /// The interrupt poll asked to stop; the statement goes on at the next call.
        case paused
        /// The frame passed the 24 h limit (spec §7).
        case timeLimit
        /// settle ran out of frames before the world came to rest.
        case settleTimedOut
        /// An invariant broke at this frame.
        case broken(Interpreter.Breach)
        /// A behaviour did what the world refuses (`World.fault`) in this frame.
        case faulted
    }

    package let kind: Kind
    package var counter: Int
    /// The frame the limits count from, and the most frames they allow.
    package let limitStartFrame: Int
    package let maxFrames: Int
    /// The most frames a settle runs.
    package let settleFrames: Int
    package let invariants: [Interpreter.Invariant]
    /// What the invariants read besides the world: the `let` values (none change while
    /// the loop runs).
    package let bindings: EvalBindings
    package let interrupt: () -> Bool
    /// Whether frames in which nothing can change may be skipped (`run()` with
    /// `fastForwardsIdleFrames`; no observer, or this loop would not run).
    package let skipsIdleFrames: Bool
    /// Frames simulated one by one (skipped frames are not counted).
    package var simulated = 0

    package mutating func run(_ w: inout World) -> End {
        while true {
            w.step()
            simulated &+= 1
            if w.fault != nil { return .faulted }
            if w.frameIndex - limitStartFrame > maxFrames { return .timeLimit }
            var k = 0
            while k < invariants.count {
                if !Evaluate.holds(invariants[k].condition.expr, in: &w, bindings),
                   let breach = invariants[k].breach(in: &w, bindings) {
                    return .broken(breach)
                }
                k += 1
            }
            let paused = interrupt()
            switch kind {
            case .timed:
                counter -= 1
                if counter <= 0 { return .done(paused: paused) }
                if paused { return .paused }
                if skipsIdleFrames {
                    FrameLoop.skipIdleFrames(&w, counter: &counter, touching: true, invariants: invariants)
                }
            case .settle:
                if World.isAtRest(&w) { return .done(paused: paused) }
                counter += 1
                if counter >= settleFrames { return .settleTimedOut }
                if paused { return .paused }
            }
        }
    }

    /// Skips all but the last of the `counter` frames left when none of them can change
    /// anything: the world is at rest (a frame only advances the clock) and no invariant
    /// reads `time`; with `touching` and no invariant at all, frames of a touch in which
    /// only the finger and the offset change are skipped too (`World.skipTouchFrames`).
    /// The last frame runs for real. The caller has checked that skipping is allowed
    /// (`Interpreter.fastForward`).
    package static func skipIdleFrames(_ w: inout World, counter: inout Int, touching: Bool,
                               invariants: [Interpreter.Invariant]) {
        guard counter > 1 else { return }
        var k = 0
        while k < invariants.count {
            if invariants[k].condition.readsTime { return }
            k += 1
        }
        if w.skipFramesAtRest(counter - 1) {
            counter = 1
        } else if touching, invariants.isEmpty, w.skipTouchFrames(counter - 1) {
            counter = 1
        }
    }
}
