import Foundation

/// Durations to display frames (spec §4).
public enum FrameClock {
    /// The most frames one duration converts to; keeps `Int` conversion in range.
    public static let maxFrames = 1 << 50

    /// n = ⌊T·fps + 0.5 + 10⁻⁹⌋: the nearest frame, halves up. Negative or NaN durations give 0;
    /// huge ones are clamped to `maxFrames`, never trapping.
    public static func frameCount(seconds: Double, fps: Int) -> Int {
        let raw = (seconds * Double(fps) + 0.5 + 1e-9).rounded(.down)
        if raw.isNaN || !(raw > 0) { return 0 }
        if raw >= Double(maxFrames) { return maxFrames }
        return Int(raw)
    }
}
