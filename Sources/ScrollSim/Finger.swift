import Foundation

/// The finger as a pan gesture recognizer sees it (spec §4): a touch with a translation
/// since touch-down and a velocity, moved by a schedule of frames.
public struct FingerState: Equatable, Sendable {
    public private(set) var isDown = false
    public private(set) var translation: Double = 0
    public private(set) var velocity: Double = 0
    /// The move in progress: from `moveStart` by `moveDistance` over `moveFrames` frames.
    private var moveStart: Double = 0
    private var moveDistance: Double = 0
    private var moveFrames = 0
    private var framesDone = 0
    /// A fling lifts at the end of its last frame with this finger velocity.
    public private(set) var liftVelocityAtEnd: Double?

    public init() {}

    /// Touch-down at the current time: translation 0, velocity 0.
    public mutating func touchDown() {
        isDown = true
        translation = 0
        velocity = 0
        moveFrames = 0
        framesDone = 0
        liftVelocityAtEnd = nil
    }

    /// Schedules a move of `distance` over `frames` (≥ 1) frames from where the finger is;
    /// `liftVelocity` non-nil makes it a fling that lifts at its end.
    public mutating func schedule(distance: Double, frames: Int, liftVelocity: Double?) {
        moveStart = translation
        moveDistance = distance
        moveFrames = max(1, frames)
        framesDone = 0
        liftVelocityAtEnd = liftVelocity
    }

    /// What a frame of the finger produced.
    public enum FrameResult: Equatable, Sendable {
        case up
        case moved
        case held
        /// The last frame of a fling: lift after this frame with the given finger velocity.
        case movedThenLifts(Double)
    }

    /// One frame: the i-th frame of a move puts the translation at start + D·i/n with
    /// velocity D·fps/n; a finger held still has velocity 0.
    public mutating func frame(fps: Double) -> FrameResult {
        guard isDown else { return .up }
        guard framesDone < moveFrames else {
            velocity = 0
            return .held
        }
        framesDone += 1
        let n = Double(moveFrames)
        translation = moveStart + moveDistance * Double(framesDone) / n
        velocity = moveDistance * fps / n
        if framesDone == moveFrames, let lift = liftVelocityAtEnd {
            return .movedThenLifts(lift)
        }
        return .moved
    }

    /// Runs `k` frames at once, as `k` calls to `frame(fps:)` would, when that is the same:
    /// the finger is down, and either at least one frame of its move is left after them (a
    /// move is linear: frame i puts it at start + D·i/n), or it is held still (velocity
    /// already 0). Returns false, doing nothing, otherwise.
    public mutating func skip(_ k: Int, fps: Double) -> Bool {
        guard isDown, k > 0 else { return false }
        if framesDone >= moveFrames {
            return velocity == 0
        }
        guard k < moveFrames - framesDone else { return false }
        framesDone += k
        let n = Double(moveFrames)
        translation = moveStart + moveDistance * Double(framesDone) / n
        velocity = moveDistance * fps / n
        return true
    }

    /// Lifts the finger; translation and velocity keep their values (`velocity` overrides it:
    /// `release` lifts a finger held still, velocity 0).
    public mutating func lift(velocity v: Double) {
        isDown = false
        velocity = v
        moveFrames = 0
        framesDone = 0
        liftVelocityAtEnd = nil
    }
}
