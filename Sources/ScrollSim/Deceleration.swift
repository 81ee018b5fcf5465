import Foundation

/// UIScrollView's deceleration in closed form (spec §6.2):
/// o(τ) = o0 + v·(r^(1000τ) − 1)/k, v(τ) = v·r^(1000τ), k = 1000·ln r.
public struct Deceleration: Equatable, Sendable {
    public var origin: Double
    public var velocity: Double
    /// Absolute start time (s); may fall between frames.
    public var start: Double
    /// k = 1000·ln r (negative).
    public var k: Double

    public init(origin: Double, velocity: Double, start: Double, rate: Double) {
        self.origin = origin
        self.velocity = velocity
        self.start = start
        self.k = 1000 * log(rate)
    }

    public func offset(after tau: Double) -> Double {
        origin + velocity * (exp(k * tau) - 1) / k
    }

    public func velocity(after tau: Double) -> Double {
        velocity * exp(k * tau)
    }

    /// Where it comes to rest: o0 − v/k.
    public var destination: Double { origin - velocity / k }

    /// τb = ln(1 + k·(bound − o0)/v)/k, the exact time the offset reaches `bound`, or nil if it never does.
    public func timeToReach(_ bound: Double) -> Double? {
        guard velocity != 0 else { return nil }
        let arg = 1 + k * (bound - origin) / velocity
        guard arg > 0 && arg <= 1 else { return nil }
        let tau = log(arg) / k
        return tau.isFinite && tau >= 0 ? tau : nil
    }
}
