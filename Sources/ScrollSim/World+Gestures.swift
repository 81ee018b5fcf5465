import Foundation

extension World {
    /// `pull D`: the finger moves down D pt and stays down; continues the touch if a finger is
    /// down. Returns the n ≥ 1 frames (D / drag.speed, rounded) the caller must run with `step()`.
    public mutating func beginPull(_ distance: Double) -> Int {
        beginDrag(distance, duration: nil)
    }

    /// `drag D [in T]`: the finger moves D pt (signed) at constant speed over T, or
    /// abs(D)/drag.speed, rounded to frames (at least 1), and stays down. Returns n.
    public mutating func beginDrag(_ distance: Double, duration: Double?) -> Int {
        journal(.drag(distance, duration: duration))
        let seconds = duration ?? abs(distance) / dragSpeed
        let n = max(1, World.frameCount(seconds: seconds, fps: config.fps))
        touchDownIfNeeded()
        finger.schedule(distance: distance, frames: n, liftVelocity: nil)
        return n
    }

    /// `fling V`: the finger moves at V pt/s for fling.duration rounded to frames (n ≥ 1),
    /// V·n/fps in all, then lifts with velocity V at the end of its last frame (inside `step()`).
    public mutating func beginFling(_ velocity: Double) -> Int {
        journal(.fling(velocity))
        let n = max(1, World.frameCount(seconds: flingDuration, fps: config.fps))
        touchDownIfNeeded()
        finger.schedule(distance: velocity * Double(n) / fps, frames: n, liftVelocity: velocity)
        return n
    }

    /// `swipe D [in T]`: the finger moves D pt at constant speed over T, or
    /// abs(D)/drag.speed, rounded to frames (n ≥ 1), as `drag` does, then lifts at the end of
    /// its last frame (inside `step()`) with the finger velocity D·fps/n. Returns n.
    public mutating func beginSwipe(_ distance: Double, duration: Double?) -> Int {
        journal(.swipe(distance, duration: duration))
        let seconds = duration ?? abs(distance) / dragSpeed
        let n = max(1, World.frameCount(seconds: seconds, fps: config.fps))
        touchDownIfNeeded()
        finger.schedule(distance: distance, frames: n, liftVelocity: distance * fps / Double(n))
        return n
    }

    /// `release`: the finger, held still, lifts with velocity 0 now.
    public mutating func release() throws {
        guard finger.isDown else {
            throw SimError.noFingerToRelease
        }
        ownState()
        journal(.release)
        lift(fingerVelocity: 0)
    }

    /// A touch goes down now (translation 0), stopping any deceleration or bounce where it is.
    mutating func touchDownIfNeeded() {
        guard !finger.isDown else { return }
        finger.touchDown()
        scroll.reduce(.touchedDown(bounds))
        touchBeganPending = true
    }
}
