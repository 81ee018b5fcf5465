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
    public private(set) var runningCount = 0

    public init(initiallyOpen: [Bool], mode: AccordionMode, duration: Double) {
        self.mode = mode
        self.duration = duration
        self.open = initiallyOpen
        self.fraction = initiallyOpen.map { $0 ? 1 : 0 }
        self.animations = initiallyOpen.map { Tween(from: $0 ? 1 : 0, to: $0 ? 1 : 0, start: 0, duration: duration, curve: .easeInOut) }
        self.animating = Array(repeating: false, count: initiallyOpen.count)
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
            guard runningCount > 0 else { return false }
            // Buffer pointers: element-wise array access retains in a debug build, and a
            // 10,000-section table runs this loop every frame of an animation.
            var finished = 0
            animations.withUnsafeBufferPointer { anim in
                animating.withUnsafeMutableBufferPointer { running in
                    fraction.withUnsafeMutableBufferPointer { frac in
                        let n = min(anim.count, running.count, frac.count)
                        var i = 0
                        while i < n {
                            if running[i] {
                                frac[i] = anim[i].value(at: t)
                                if anim[i].isFinished(at: t) {
                                    frac[i] = anim[i].to
                                    running[i] = false
                                    finished += 1
                                }
                            }
                            i += 1
                        }
                    }
                }
            }
            runningCount -= finished
            return true
        }
    }

    /// Starts section i's animation from where it is to `target`, with the full duration.
    private mutating func retarget(_ i: Int, to target: Bool, t: Double) {
        open[i] = target
        animations[i] = Tween(from: fraction[i], to: target ? 1 : 0, start: t, duration: duration, curve: .easeInOut)
        if !animating[i] {
            animating[i] = true
            runningCount += 1
        }
    }
}
