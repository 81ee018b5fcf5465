import Foundation

/// UIScrollView's deceleration in closed form (spec §6.2):
/// o(τ) = o0 + v·(r^(1000τ) − 1)/k, v(τ) = v·r^(1000τ), k = 1000·ln r.
/// It ends when its speed falls to vs = deceleration.stopVelocity, at
/// τe = ln(vs/|v|)/k, at the destination o0 + sign(v)·(|v| − vs)/|k|.
public struct Deceleration: Equatable, Sendable {
    public var origin: Double
    public var velocity: Double
    /// Absolute start time (s); may fall between frames.
    public var start: Double
    /// k = 1000·ln r (negative).
    public var k: Double
    /// vs, pt/s: the speed at which it ends.
    public var stopVelocity: Double
    /// Where it ends: o(τe) = o0 + sign(v)·(|v| − vs)/|k|, or the target a behaviour chose
    /// (spec §8), exactly.
    public var destination: Double

    public init(origin: Double, velocity: Double, start: Double, rate: Double, stopVelocity: Double,
                destination: Double? = nil) {
        self.origin = origin
        self.velocity = velocity
        self.start = start
        let k = 1000 * log(rate)
        self.k = k
        self.stopVelocity = stopVelocity
        // (A deceleration never starts no faster than vs: such a release is idle at once.)
        let travel = (abs(velocity) - stopVelocity) / -k
        self.destination = destination ?? (velocity < 0 ? origin - travel : origin + travel)
    }

    public func offset(after tau: Double) -> Double {
        origin + velocity * (exp(k * tau) - 1) / k
    }

    public func velocity(after tau: Double) -> Double {
        velocity * exp(k * tau)
    }

    /// τe = ln(vs/|v|)/k: the time its speed falls to vs (≤ 0 when it starts no faster than vs).
    public var endTime: Double { log(stopVelocity / abs(velocity)) / k }

    /// τb = ln(1 + k·(bound − o0)/v)/k, the exact time the offset reaches `bound`, or nil if it never does.
    public func timeToReach(_ bound: Double) -> Double? {
        guard velocity != 0 else { return nil }
        let arg = 1 + k * (bound - origin) / velocity
        guard arg > 0 && arg <= 1 else { return nil }
        let tau = log(arg) / k
        return tau.isFinite && tau >= 0 ? tau : nil
    }
}
