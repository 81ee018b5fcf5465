// A world whose behaviours keep state in class instances (a user's behaviours, spec §8) is
// still a value: it journals its inputs (gestures, taps, at their frames) and, when a copy
// of it goes on running while another world holds the same instances, it makes itself again
// from its configuration and its journal — fresh instances given the same calls — and
// checks that it came out the same. Copies that are only read (the REPL's snapshots,
// pictures) cost nothing; a world of built-ins alone journals nothing and checks nothing.

/// An input of a world, as its journal keeps it.
public enum WorldInput: Equatable, Sendable {
    case drag(Double, duration: Double?)
    case fling(Double)
    case swipe(Double, duration: Double?)
    case release
    case tap(TapTarget)
    case clearFault
}

/// Held by a world whose behaviours keep state in class instances, and by its copies.
final class ClassStateOwner: Sendable {}

/// An input and the frame it came at.
struct JournalEntry: Equatable, Sendable {
    var frame: Int
    var input: WorldInput
}

extension World {
    /// The most inputs a world keeps to make itself again; past it, a copy that goes on
    /// running fails with `historyTooLong`.
    public static let maxJournal = 1_000_000

    /// Journals `input` at this frame (only a world with class-kept state journals).
    mutating func journal(_ input: WorldInput) {
        guard keepsClassState else { return }
        if journalLog.count < World.maxJournal {
            journalLog.append(JournalEntry(frame: frameIndex, input: input))
        } else {
            journalFull = true
        }
    }

    /// Before the world changes: when another world holds its behaviours' instances (it was
    /// copied: the owner object is shared), it makes itself again from its inputs.
    ///
    /// Every frame of such a world asks, so the common answer is read in place: the owner's
    /// inline reference counts (the word after its isa) with bits 32–63 clear — no strong
    /// reference but this one, no side table, not being freed — is held by this world
    /// alone, without a call into the runtime or a retain; any other count asks the runtime
    /// (`isKnownUniquelyReferenced`), which alone decides that it is shared.
    @inline(__always)
    mutating func ownState() {
        let counts: UInt64? = withUnsafeMutablePointer(to: &classStateOwner) {
            UnsafeMutableRawPointer($0).load(as: UnsafeRawPointer?.self)?.load(fromByteOffset: 8, as: UInt64.self)
        }
        guard let counts, counts >> 32 != 0 else { return }
        if !isKnownUniquelyReferenced(&classStateOwner!) { remake() }
    }

    /// This world made again: a fresh world from the configuration, given the journal's
    /// inputs at their frames, up to this frame; a difference from this one is a fault of
    /// the first behaviour that keeps state in a class.
    mutating func remake() {
        let remade = remakes + 1
        defer { remakes = remade }
        var fresh = World(config)
        let classBacked = behaviourIDs.indices.first { behaviours[$0].keepsStateInClass } ?? 0
        if journalFull {
            fresh.frameIndex = frameIndex
            fresh.fault = fault ?? BehaviourFaultReport(behaviour: behaviourIDs[classBacked],
                                                        fault: .historyTooLong(inputs: journalLog.count), time: time)
            self = fresh
            return
        }
        for e in journalLog {
            fresh.run(to: e.frame)
            fresh.apply(e.input)
        }
        fresh.run(to: frameIndex)
        if fresh.fault == nil && !fresh.sameState(as: self) {
            fresh.fault = BehaviourFaultReport(behaviour: behaviourIDs[classBacked], fault: .notReplayable(at: time), time: time)
        }
        fresh.checkedFrame = checkedFrame
        fresh.checkedJournal = checkedJournal
        self = fresh
    }

    /// Runs frames up to frame `f` (frames at rest skipped, as they change nothing).
    private mutating func run(to f: Int) {
        while frameIndex < f {
            if !skipFramesAtRest(f - frameIndex) { step() }
        }
    }

    private mutating func apply(_ input: WorldInput) {
        switch input {
        case .drag(let d, let t): _ = beginDrag(d, duration: t)
        case .fling(let v): _ = beginFling(v)
        case .swipe(let d, let t): _ = beginSwipe(d, duration: t)
        case .release: try? release()
        case .tap(let target): _ = try? tap(target)
        case .clearFault: clearFault()
        }
    }

    /// The same state as `other`: motion, layout, taps, and every behaviour's (a class-kept
    /// one by what it reports: its observables and view frames).
    func sameState(as other: World) -> Bool {
        guard frameIndex == other.frameIndex, finger == other.finger, scroll == other.scroll, table == other.table,
              bounds == other.bounds, lastTap == other.lastTap, adjustments == other.adjustments,
              animatingMask == other.animatingMask, watchingMask == other.watchingMask, behaviours.count == other.behaviours.count else { return false }
        for i in behaviours.indices where !behaviours[i].keepsStateInClass {
            if !behaviours[i].isEqual(to: other.behaviours[i]) { return false }
        }
        let f = facts, g = other.facts
        for (i, id) in behaviourIDs.enumerated() where behaviours[i].keepsStateInClass {
            let d = registry.declaration(id)
            for k in d.observables.indices where behaviours[i].value(of: k, f, adjustments) != other.behaviours[i].value(of: k, g, other.adjustments) {
                return false
            }
            for k in d.views.indices where behaviours[i].frame(of: k, f, adjustments) != other.behaviours[i].frame(of: k, g, other.adjustments) {
                return false
            }
        }
        return true
    }

    /// Forgets the fault (the REPL goes on after a failed entry).
    public mutating func clearFault() {
        journal(.clearFault)
        fault = nil
        creationProblem = nil
        checkedFrame = frameIndex
        checkedJournal = journalLog.count
    }

    /// Spec §8: the numbers a class-kept behaviour reports (a user behaviour's observables)
    /// must be finite. They are checked here, when the interpreter asks — at the end of each
    /// statement's frames, and after each frame an observer sees —, not after every call, so
    /// that a frame pays no check. When one is not finite, the world is made again from its
    /// journal (as `remake` does) up to the last check that passed, then run on checking
    /// after every call of its behaviours' code until the first fault: this world becomes
    /// that one, its fault, frame and time those of the call that made the value bad, as if
    /// every call had been checked. When that cannot be done (the journal overflowed), the
    /// fault is kept at this frame; when it finds nothing (no call since the last check made
    /// it so: it was so already when a fault was cleared), there is none. Nothing to do for
    /// a world of values alone, or one already at fault.
    public mutating func checkValues() {
        // A world at fault keeps its first one (the interpreter has failed there).
        guard fault == nil else { return }
        // A declared view's frame or alpha is evaluated where it is read: checked here, at
        // the end of the statement (spec §9: a value that is not finite fails the scenario).
        var k = 0
        while k < behaviours.count {
            if let f = current(k).viewsFault(facts, adjustments) {
                fault = BehaviourFaultReport(behaviour: behaviourIDs[k], fault: f, time: time)
                return
            }
            k += 1
        }
        guard classStateOwner != nil else { return }
        var found: BehaviourFaultReport?
        var i = 0
        while i < reactors.count {
            if let r = reactors[i], let f = r._withUnsafeGuaranteedRef({ $0.valuesFault() }) {
                found = BehaviourFaultReport(behaviour: behaviourIDs[i], fault: f, time: time)
                break
            }
            i += 1
        }
        guard let found else {
            checkedFrame = frameIndex
            checkedJournal = journalLog.count
            return
        }
        locateFault(found)
    }

    /// `found` holds now: this world made again up to the call that made it so (see
    /// `checkValues`).
    private mutating func locateFault(_ found: BehaviourFaultReport) {
        guard !journalFull else {
            fault = found
            return
        }
        let log = journalLog
        var fresh = World(config)
        var k = 0
        while k < checkedJournal && k < log.count {
            fresh.run(to: log[k].frame)
            fresh.apply(log[k].input)
            k += 1
        }
        fresh.run(to: checkedFrame)
        fresh.checksAfterEveryCall(true)
        while fresh.fault == nil {
            fresh.runUntilFault(to: k < log.count ? log[k].frame : frameIndex)
            if fresh.fault != nil || k >= log.count { break }
            fresh.apply(log[k].input)
            k += 1
        }
        fresh.checksAfterEveryCall(false)
        guard fresh.fault != nil, fresh.frameIndex <= frameIndex else {
            // No call since the last check made it so (it was already so when a fault was
            // cleared, and nothing of it ran since), as a check after every call would have
            // found: nothing to report, and this is the new starting point.
            checkedFrame = frameIndex
            checkedJournal = journalLog.count
            return
        }
        fresh.remakes = remakes
        self = fresh
    }

    /// Runs frames up to frame `f`, stopping after one that faults.
    private mutating func runUntilFault(to f: Int) {
        while frameIndex < f && fault == nil {
            if !skipFramesAtRest(f - frameIndex) { step() }
        }
    }

    /// Tells every class-kept behaviour to check its values after each call (or not).
    private func checksAfterEveryCall(_ on: Bool) {
        for r in reactors { r?._withUnsafeGuaranteedRef { $0.checksAfterEveryCall(on) } }
    }
}
