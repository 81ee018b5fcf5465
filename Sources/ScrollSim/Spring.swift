import Foundation

/// A damped spring, mass 1, in closed form (spec §6.2): displacement x from its rest point,
/// ω = √stiffness, ζ the damping ratio.
public struct Spring: Equatable, Sendable {
    public var x0: Double
    public var v0: Double
    public var omega: Double
    public var zeta: Double

    public init(x0: Double, v0: Double, stiffness: Double, damping: Double) {
        self.x0 = x0
        self.v0 = v0
        self.omega = stiffness.squareRoot()
        self.zeta = damping
    }

    /// ζ within 10⁻⁶ of 1 uses the critically damped form.
    private var isCritical: Bool { abs(zeta - 1) < 1e-6 }

    public func position(after tau: Double) -> Double {
        if isCritical {
            return (x0 + (v0 + omega * x0) * tau) * exp(-omega * tau)
        } else if zeta < 1 {
            let a = zeta * omega
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + a * x0) / wd
            return exp(-a * tau) * (x0 * cos(wd * tau) + b * sin(wd * tau))
        } else {
            let (r1, r2, a, b) = overdamped
            return a * exp(r1 * tau) + b * exp(r2 * tau)
        }
    }

    public func velocity(after tau: Double) -> Double {
        if isCritical {
            return (v0 - omega * (v0 + omega * x0) * tau) * exp(-omega * tau)
        } else if zeta < 1 {
            let a = zeta * omega
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + a * x0) / wd
            let c = cos(wd * tau), s = sin(wd * tau)
            return exp(-a * tau) * ((-a * x0 + b * wd) * c + (-a * b - x0 * wd) * s)
        } else {
            let (r1, r2, a, b) = overdamped
            return a * r1 * exp(r1 * tau) + b * r2 * exp(r2 * tau)
        }
    }

    /// Roots r1 > r2 and coefficients: x = A·e^(r1τ) + B·e^(r2τ).
    private var overdamped: (Double, Double, Double, Double) {
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - s)
        let r2 = -omega * (zeta + s)
        let a = (v0 - r2 * x0) / (r1 - r2)
        return (r1, r2, a, x0 - a)
    }

    /// For ζ ≥ 1: the time τ > 0 at which x crosses 0 (it crosses at most once), or nil.
    /// Under-damped springs return nil: they keep oscillating. Which rule applies follows the
    /// exact ζ (spec §6.2): ζ = 0.9999995 is evaluated with the critical form but is
    /// under-damped, so it never hands over.
    public func crossingTime() -> Double? {
        guard zeta >= 1, x0 != 0 else { return nil }
        let tau: Double
        if isCritical {
            let slope = v0 + omega * x0
            guard slope != 0 else { return nil }
            tau = -x0 / slope
        } else {
            let (r1, r2, a, b) = overdamped
            guard a != 0 else { return nil }
            let ratio = -b / a
            guard ratio > 0 else { return nil }
            tau = log(ratio) / (r1 - r2)
        }
        return tau.isFinite && tau > 0 ? tau : nil
    }
}
