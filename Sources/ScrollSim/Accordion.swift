import Foundation

/// Events of the accordion (post 004, spec §6.5).
public enum AccordionEvent: Equatable, Sendable {
    case sectionHeaderTapped(section: Int, t: Double)
    case frameTicked(t: Double)
}

/// Each section's open state and open fraction (0 closed … 1 open), animated ease-in-out.
/// Buffers are allocated once; a frame only walks them while something animates.
public struct AccordionState: Equatable, Sendable {
    public let mode: AccordionMode
    public let duration: Double
    /// Target state (`section[I].open`).
    public private(set) var open: [Bool]
    public private(set) var fraction: [Double]
    private var animations: [Tween]
    private var animating: [Bool]
    /// The sections animating, in the order they started (a frame walks these, not every
    /// section: a 10,000-section table animates as cheaply as a short one).
    private var running: [Int]
    /// The sections whose fraction the last frame changed (the layout updates only those).
    public private(set) var changed: [Int]
    public var runningCount: Int { running.count }

    public init(initiallyOpen: [Bool], mode: AccordionMode, duration: Double) {
        self.mode = mode
        self.duration = duration
        self.open = initiallyOpen
        self.fraction = initiallyOpen.map { $0 ? 1 : 0 }
        self.animations = initiallyOpen.map { Tween(from: $0 ? 1 : 0, to: $0 ? 1 : 0, start: 0, duration: duration, curve: .easeInOut) }
        self.animating = Array(repeating: false, count: initiallyOpen.count)
        self.running = []
        self.changed = []
        running.reserveCapacity(initiallyOpen.count)
        changed.reserveCapacity(initiallyOpen.count)
    }

    public var isAnimating: Bool { runningCount > 0 }

    /// Applies an event; returns true if any open fraction changed (layout must update).
    @discardableResult
    public mutating func reduce(_ event: AccordionEvent) -> Bool {
        switch event {
        case .sectionHeaderTapped(let i, let t):
            guard mode != .off, open.indices.contains(i) else { return false }
            let opening = !open[i]
            retarget(i, to: opening, t: t)
            if opening && mode == .single {
                for j in open.indices where j != i && open[j] {
                    retarget(j, to: false, t: t)
                }
            }
            return false
        case .frameTicked(let t):
            guard !running.isEmpty else { return false }
            // Index loops over the running list only; finished sections are dropped in place
            // (order kept). No allocation: both lists hold at most one entry per section.
            changed.removeAll(keepingCapacity: true)
            var kept = 0
            var k = 0
            while k < running.count {
                let i = running[k]
                k += 1
                changed.append(i)
                fraction[i] = animations[i].value(at: t)
                if animations[i].isFinished(at: t) {
                    fraction[i] = animations[i].to
                    animating[i] = false
                } else {
                    running[kept] = i
                    kept += 1
                }
            }
            running.removeLast(running.count - kept)
            return true
        }
    }

    /// Starts section i's animation from where it is to `target`, with the full duration.
    private mutating func retarget(_ i: Int, to target: Bool, t: Double) {
        open[i] = target
        animations[i] = Tween(from: fraction[i], to: target ? 1 : 0, start: t, duration: duration, curve: .easeInOut)
        if !animating[i] {
            animating[i] = true
            running.append(i)
        }
    }
}
