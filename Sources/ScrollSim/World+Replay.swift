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
    @inline(__always)
    mutating func ownState() {
        if classStateOwner != nil && !isKnownUniquelyReferenced(&classStateOwner) { remake() }
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
    }
}
