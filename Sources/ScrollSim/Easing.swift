import Foundation

/// Animation timing curves (spec §6.3–§6.5).
public enum Curve: Equatable, Sendable {
    case linear
    /// cubic-bezier(0.42, 0, 0.58, 1), UIKit's `.curveEaseInOut`.
    case easeInOut
    /// cubic-bezier(0.42, 0, 1, 1), UIKit's `.curveEaseIn`.
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1), UIKit's `.curveEaseOut`.
    case easeOut

    /// The eased progress for linear progress `p` in 0...1.
    public func apply(_ p: Double) -> Double {
        let q = min(1, max(0, p))
        switch self {
        case .linear: return q
        case .easeInOut: return CubicBezier.easeInOut.y(forX: q)
        case .easeIn: return CubicBezier.easeIn.y(forX: q)
        case .easeOut: return CubicBezier.easeOut.y(forX: q)
        }
    }
}

/// A CSS-style cubic Bézier timing function from (0,0) to (1,1).
struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double

    static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)

    private func coord(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    private func dx(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
    }

    /// Solves x(s) = x by Newton's method, falling back to bisection, then returns y(s).
    func y(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        var solved = false
        for _ in 0..<8 {
            let err = coord(s, x1, x2) - x
            if abs(err) < 1e-12 { solved = true; break }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if !(next >= 0 && next <= 1) { break }
            s = next
        }
        if !solved && abs(coord(s, x1, x2) - x) >= 1e-12 {
            var lo = 0.0, hi = 1.0
            s = x
            for _ in 0..<60 {
                let v = coord(s, x1, x2)
                if abs(v - x) < 1e-13 { break }
                if v < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return coord(s, y1, y2)
    }
}

/// A value animated from `from` to `to`, started at `start` (s), over `duration` (s).
/// Progress is (t − start)/duration: 0 at `start`. Retargeting starts a new tween from the
/// current value with the full duration.
public struct Tween: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: Curve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: Curve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// Linear progress in 0...1. Frame times are k/fps, so an animation meant to end on a
    /// frame can come out as 0.9999999999999987 there (131/60 − 119/60 over 0.2 s): progress
    /// within 1e-9 of 1 counts as finished, so it completes on that frame, not one later.
    public func progress(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        let p = (t - start) / duration
        if p >= 1 - Tween.endTolerance { return 1 }
        return max(0, p)
    }

    static let endTolerance = 1e-9

    public func value(at t: Double) -> Double {
        let p = progress(at: t)
        if p >= 1 { return to }
        return from + (to - from) * curve.apply(p)
    }

    public func isFinished(at t: Double) -> Bool { progress(at: t) >= 1 }
}
