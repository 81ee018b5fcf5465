// The frame loop: every frame the interpreter runs goes through `FrameLoop.run` — the frames
// of pull/drag/fling/swipe/wait/tick, of settle, of `expect within`, and a bare frame
// (`stepFrame()` with nothing left to run). `run()` gives it no frame budget (the statement
// runs to its end); `advance()`, and so every stepper and trace, a budget of one frame
// (see docs/interpreter.md).
//
// The interpreter is a class, and every read or write of one of its stored properties pays
// Swift's dynamic exclusivity check (swift_beginAccess and its thread-local bookkeeping).
// Here the world is one inout access for all the frames of a call, and everything that
// changes per frame is a local or a field of this struct, which the compiler checks
// statically. While the loop runs, the interpreter's `world` is under that one access: the
// hooks it calls (`observer`, `shouldInterrupt`) must not read the interpreter (one that did
// would trap, never see a stale world); the observer is given the world instead.

/// What the per-frame hook (`Interpreter.observer`) is given besides the world: what
/// expressions read besides it (the `let` values, which no frame changes).
public struct FrameContext {
    package let bindings: EvalBindings

    /// Evaluates an expression resolved beforehand (the REPL's watches) in `world`.
    package func evaluate(_ r: ResolvedExpr, in world: inout World) -> Result<Value, RuntimeError> {
        do throws(RuntimeError) {
            return .success(try Evaluate.value(r, in: &world, bindings).value)
        } catch {
            return .failure(error)
        }
    }
}

/// The per-frame hook: called after every frame, once invariants are checked, with the
/// world as that frame left it; true pauses there.
public typealias FrameObserver = (inout World, FrameContext) -> Bool

package struct FrameLoop {
    package enum Kind {
        /// pull/drag/fling/swipe/wait/tick: `counter` is the frames left.
        case timed
        /// settle: `counter` is the frames run so far.
        case settle
        /// expect within: `counter` is the frames left before it fails; `within` is its condition.
        case within
        /// A frame outside any statement (`stepFrame()` with nothing left to run).
        case bare
    }

    /// How the loop ended; the interpreter turns it into a `StepEvent`.
    package enum End {
        /// The frame budget ran out; the statement goes on at the next call.
        case budgetSpent
        /// The statement is done (its frames ran out, the world came to rest, the `within`
        /// condition held); `paused`: the observer or the interrupt poll asked to stop at
        /// that same frame.
        case done(paused: Bool)
        /// The observer or the interrupt poll asked to stop; the statement goes on at the next call.
        case paused
        /// The frame passed the 24 h limit (spec §7).
        case timeLimit
        /// settle ran out of frames before the world came to rest.
        case settleTimedOut
        /// expect within ran out of frames with its condition still false.
        case withinTimedOut
        /// The `within` condition met a run-time error (evaluating it again in the world the
        /// loop left gives it).
        case withinFailed
        /// The invariant at this index broke at this frame (`Invariant.breach` in the world
        /// the loop left says how). A small payload keeps the frame's result in registers.
        case broken(Int)
        /// A behaviour did what the world refuses (`World.fault`) in this frame.
        case faulted
    }

    package let kind: Kind
    package var counter: Int
    /// The most frames this call runs (`Int.max`: until the statement ends).
    package var budget: Int
    /// The condition of the `expect within` (kind `.within`).
    package let within: ResolvedCondition?
    /// The frame the limits count from, and the most frames they allow.
    package let limitStartFrame: Int
    package let maxFrames: Int
    /// The most frames a settle runs.
    package let settleFrames: Int
    package let invariants: [Interpreter.Invariant]
    /// What the invariants and the `within` condition read besides the world: the `let`
    /// values (none change while the loop runs).
    package let bindings: EvalBindings
    package let interrupt: () -> Bool
    package let observer: FrameObserver?
    /// Whether frames in which nothing can change may be skipped (`run()` with
    /// `fastForwardsIdleFrames` and no observer; see `skipIdleFrames`).
    package let skipsIdleFrames: Bool
    /// Frames simulated one by one (skipped frames are not counted).
    package var simulated = 0

    package mutating func run(_ w: inout World) -> End {
        // The same frame either way; a batch run's loop (no observer, no budget) is compiled
        // without the checks for either.
        if observer == nil && budget == .max {
            while true {
                if let end = frame(&w, observed: false, budgeted: false) { return end }
            }
        }
        while true {
            if let end = frame(&w, observed: observer != nil, budgeted: true) { return end }
        }
    }

    /// One frame and what follows it, in order; nil: the loop goes on.
    @inline(__always)
    private mutating func frame(_ w: inout World, observed: Bool, budgeted: Bool) -> End? {
        w.step()
        simulated &+= 1
        // Under an observer (a trace, the REPL's watches), a user behaviour's values are
        // checked after every frame (spec §8), before anything shows them.
        if observed { w.checkValues() }
        if w.fault != nil { return .faulted }
        if w.frameIndex - limitStartFrame > maxFrames { return .timeLimit }
        // An index loop, not for-in: an unspecialised iterator allocates in debug builds.
        var k = 0
        while k < invariants.count {
            if !Evaluate.holds(invariants[k].condition.expr, in: &w, bindings),
               invariants[k].breach(in: &w, bindings) != nil {
                return .broken(k)
            }
            k += 1
        }
        var paused = false
        if observed, let observer, observer(&w, FrameContext(bindings: bindings)) { paused = true }
        if interrupt() { paused = true }
        switch kind {
        case .bare:
            return paused ? .paused : .budgetSpent
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
        case .within:
            guard let c = within else { return .done(paused: paused) }
            do throws(RuntimeError) {
                if try Evaluate.condition(c.expr, in: &w, bindings) { return .done(paused: paused) }
            } catch {
                return .withinFailed
            }
            counter -= 1
            if counter <= 0 { return .withinTimedOut }
            // Skipped before a pause is honoured: the pause then comes at the last frame.
            if skipsIdleFrames && !c.readsTime {
                FrameLoop.skipIdleFrames(&w, counter: &counter, touching: false, invariants: invariants)
            }
            if paused { return .paused }
        }
        if budgeted {
            budget -= 1
            if budget <= 0 { return .budgetSpent }
        }
        return nil
    }

    /// Skips all but the last of the `counter` frames left when none of them can change
    /// anything: the world is at rest (a frame only advances the clock) and no invariant
    /// reads `time`; with `touching` and no invariant at all, frames of a touch in which
    /// only the finger and the offset change are skipped too (`World.skipTouchFrames`).
    /// The last frame runs for real, so what a statement ends with (its checks, a
    /// failure's time) is the same as frame by frame.
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
