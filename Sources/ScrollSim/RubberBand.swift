import Foundation

/// UIScrollView's rubber band (spec §6.2): past a bound by x, the content shows b(x).
public enum RubberBand {
    /// b(x) = x·c·d / (d + c·x), x ≥ 0, c the constant (0.55), d the screen height.
    public static func band(_ x: Double, c: Double, d: Double) -> Double {
        guard x > 0 else { return 0 }
        let numerator = x * c * d
        if numerator.isFinite { return numerator / (d + c * x) }
        // x·c·d overflowed (a drag of 1e306 pt): the same value in a form that cannot,
        // d / (1 + d/(c·x)), which tends to d (and is d for x = inf), not inf.
        return d / (1 + d / (c * x))
    }

    /// b⁻¹(e) = e·d / (c·(d − e)), with e capped just below d.
    public static func unband(_ e: Double, c: Double, d: Double) -> Double {
        guard e > 0 else { return 0 }
        let capped = min(e, d * (1 - 1e-9))
        return capped * d / (c * (d - capped))
    }
}
