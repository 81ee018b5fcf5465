import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// The bounce after a fling into an edge (spec v1.4 §6.2, docs/fidelity.md), held to two
/// recorded flings into the top edge of a real UIScrollView.
///
/// Source: ../shared/reference/uikit-recordings.md §6 — the open-source project
/// LevisonNN/LNCustomScrollView, `Demo/BouncesOptimization/BouncesOptimizationDataList.m`
/// (commit 6f0a738): `contentOffset.y` logged once per display frame (CADisplayLink, 60 Hz)
/// while the content was past the top edge with the finger up, as the overshoot past the
/// resting offset in pt; the first sample one frame or less after the content crossed the
/// edge. Trace 1 comes from a 3× screen (values in 1/3 pt), traces 2 and 3 from a 2× screen
/// (1/2 pt): a recorded value is up to 1/6 or 1/4 pt from the true position.
///
/// Neither the edge speed nor the crossing time was logged. Each trace gets the pair that
/// suits the spring under test best (the smallest largest difference): the crossing comes
/// 0 < lag ≤ 1/60 s before the first sample, on a grid of 200 steps; for each lag the edge
/// speed by golden-section search on [0, 20000] pt/s (the largest difference is convex in
/// it). tools/refmodel.py (`fit_edge_bounce`, `--bounce`) does the same independently in
/// python; the figures quoted below are its.
final class UIKitBounceRecordingTests: XCTestCase {

    // MARK: - The recorded data (overshoot past the top edge, pt, one sample per 60 Hz frame)

    /// Trace 1: a fling into the edge (3× screen).
    static let trace1: [Double] = [
        35.67, 84.00, 115.33, 133.67, 142.67, 145.00, 142.33, 136.67, 129.00, 120.00, 110.67, 101.00,
        91.33, 82.33, 73.67, 65.67, 58.00, 51.33, 45.33, 40.00, 35.00, 30.67, 26.67, 23.33, 20.33, 17.67,
        15.33, 13.33, 11.33, 10.00, 8.67, 7.33, 6.33, 5.33, 4.67, 4.00, 3.33, 3.00, 2.67, 2.33, 2.00, 1.67,
        1.33, 1.33, 1.00, 1.00, 0.67, 0.67, 0.67,
    ]

    /// Trace 2: a fling into the edge (2× screen).
    static let trace2: [Double] = [
        9.5, 37.5, 56.0, 67.5, 73.0, 75.0, 74.5, 72.0, 68.5, 64.0, 59.0, 54.0, 49.0, 44.0, 39.5, 35.0, 31.5,
        27.5, 24.5, 21.5, 19.0, 16.5, 14.5, 12.5, 11.0, 9.5, 8.0, 7.0, 6.0, 5.5, 4.5, 4.0, 3.5, 3.0, 2.5, 2.0,
        2.0, 1.5, 1.5, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5,
    ]

    /// Trace 3: released from rest about 394 pt past the edge (2× screen; how it got there is
    /// not stated). It disagrees with the newer snap-back recording (uikit-recordings.md §4)
    /// that `snapback.*` is fitted to; see `testTraceThreeIsTheBounceSpringNotTheSnapBack`.
    static let trace3: [Double] = [
        393.5, 384.5, 367.5, 345.5, 320.5, 294.5, 268.0, 242.5, 218.0, 195.0, 173.5, 154.0, 136.0, 119.5,
        105.0, 92.0, 80.5, 70.5, 61.0, 53.0, 46.0, 40.0, 34.5, 30.0, 26.0, 22.5, 19.5, 16.5, 14.5, 12.5, 10.5,
        9.0, 8.0, 6.5, 5.5, 5.0, 4.0, 3.5, 3.0, 2.5, 2.0, 2.0, 1.5, 1.5, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5,
    ]

    static let fps = 60.0

    // MARK: - Fitting the unlogged edge speed and crossing time

    struct Fit {
        /// The largest |model − sample| over the trace, pt.
        var worst: Double
        /// The edge speed (a fling), pt/s, or the distance released from (trace 3), pt.
        var start: Double
        /// From the crossing (or the release) to the first sample, s.
        var lag: Double
    }

    /// The minimum of a unimodal `f` on [lo, hi] by golden-section search, 60 fixed steps.
    static func goldenMin(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> Double {
        let g = (5.0.squareRoot() - 1) / 2
        var a = lo, b = hi
        var c = b - g * (b - a), d = a + g * (b - a)
        var fc = f(c), fd = f(d)
        for _ in 0..<60 {
            if fc <= fd {
                b = d; d = c; fd = fc
                c = b - g * (b - a); fc = f(c)
            } else {
                a = c; c = d; fc = fd
                d = a + g * (b - a); fd = f(d)
            }
        }
        return (a + b) / 2
    }

    /// The largest difference between the trace and a spring sampled at lag + i/60 — the
    /// ScrollSim spring, as a bounce evaluates it.
    static func worst(_ trace: [Double], _ spring: Spring, lag: Double) -> Double {
        var worst = 0.0
        for (i, sample) in trace.enumerated() {
            worst = max(worst, abs(spring.position(after: lag + Double(i) / fps) - sample))
        }
        return worst
    }

    /// The start (an edge speed or a release distance) and lag that suit `spring(start)`
    /// best: for each lag, the start by golden-section search on `range`.
    static func fit(_ trace: [Double], lags: [Double], range: ClosedRange<Double>,
                    _ spring: (Double) -> Spring) -> Fit {
        var best = Fit(worst: .infinity, start: 0, lag: 0)
        for lag in lags {
            let start = goldenMin(range.lowerBound, range.upperBound) { worst(trace, spring($0), lag: lag) }
            let w = worst(trace, spring(start), lag: lag)
            if w < best.worst { best = Fit(worst: w, start: start, lag: lag) }
        }
        return best
    }

    /// A fling into the edge: the spring from the edge (x0 = 0) with the edge speed, the
    /// crossing 0 < lag ≤ 1/60 s before the first sample (200 steps), the speed in [0, 20000].
    static func fitEdgeBounce(_ trace: [Double], stiffness: Double, damping: Double) -> Fit {
        fit(trace, lags: (1...200).map { Double($0) / (200 * fps) }, range: 0...20_000) {
            Spring(x0: 0, v0: $0, stiffness: stiffness, damping: damping)
        }
    }

    /// A release from rest x0 past the edge (trace 3): lag in [0, 1/60] (100 steps), x0
    /// between the first sample and 100 pt beyond it (a release from rest only moves toward
    /// the edge; the largest difference is convex in x0).
    static func fitRelease(_ trace: [Double], stiffness: Double, damping: Double) -> Fit {
        fit(trace, lags: (0...100).map { Double($0) / (100 * fps) }, range: trace[0]...(trace[0] + 100)) {
            Spring(x0: $0, v0: 0, stiffness: stiffness, damping: damping)
        }
    }

    private let defaults = Tunables()

    // MARK: - Tests

    /// Both flings follow the default bounce spring (stiffness 120, critical) within 0.5 pt
    /// at every sample, each with its fitted edge speed and crossing time. Why 0.5: the
    /// recordings are rounded to 1/3 and 1/2 pt, and 0.5 pt is the `~=` tolerance a scenario
    /// uses for points. Python (tools/refmodel.py --bounce): trace 1 at 4320.36 pt/s crossing
    /// 9.08 ms before the first sample, at most 0.348 pt off; trace 2 at 2243.46 pt/s, 4.33 ms,
    /// 0.280 pt; their peaks v/(ω e) = 145.09 and 75.34 against the recorded 145.00 and 75.00.
    func testFlingsIntoAnEdgeFollowTheDefaultSpringWithinHalfAPoint() {
        let s = defaults[.bounceStiffness], z = defaults[.bounceDamping]
        let expected: [(trace: [Double], speed: Double, lag: Double, worst: Double, peak: Double)] = [
            (Self.trace1, 4320.36, 0.009083, 0.348, 145.09),
            (Self.trace2, 2243.46, 0.004333, 0.280, 75.34),
        ]
        for (n, e) in expected.enumerated() {
            let fit = Self.fitEdgeBounce(e.trace, stiffness: s, damping: z)
            XCTAssertLessThanOrEqual(fit.worst, 0.5, "trace \(n + 1)")
            XCTAssertGreaterThan(fit.lag, 0, "trace \(n + 1): the crossing comes before the first sample")
            XCTAssertLessThanOrEqual(fit.lag, 1 / Self.fps, "trace \(n + 1): ... at most one frame before it")
            XCTAssertEqual(fit.start, e.speed, accuracy: 0.05, "trace \(n + 1)")
            XCTAssertEqual(fit.lag, e.lag, accuracy: 1e-6, "trace \(n + 1)")
            XCTAssertEqual(fit.worst, e.worst, accuracy: 0.001, "trace \(n + 1)")
            XCTAssertEqual(fit.start / (s.squareRoot() * M_E), e.peak, accuracy: 0.005, "trace \(n + 1)")
        }
    }

    /// The same test fails with the v1.3 default (stiffness 100, critical): no edge speed and
    /// crossing time bring it within 0.5 pt of either trace. Python: at best 6.790 pt off
    /// trace 1 (3788.91 pt/s, 12.67 ms) and 3.836 pt off trace 2 (1971.31 pt/s, 7.25 ms); at
    /// the speeds that suit 120 it overshoots to 158.94 and 82.53 and is 20.37 and 10.46 pt off.
    func testStiffness100CannotFollowThem() {
        let z = defaults[.bounceDamping]
        let expected: [(trace: [Double], worst: Double, speed: Double, at120: Double)] = [
            (Self.trace1, 6.790, 3788.91, 20.369),
            (Self.trace2, 3.836, 1971.31, 10.458),
        ]
        for (n, e) in expected.enumerated() {
            let fit = Self.fitEdgeBounce(e.trace, stiffness: 100, damping: z)
            XCTAssertGreaterThan(fit.worst, 0.5, "trace \(n + 1)")
            XCTAssertEqual(fit.worst, e.worst, accuracy: 0.001, "trace \(n + 1)")
            XCTAssertEqual(fit.start, e.speed, accuracy: 0.05, "trace \(n + 1)")
            let suits120 = Self.fitEdgeBounce(e.trace, stiffness: 120, damping: 1)
            let at120 = Self.worst(e.trace, Spring(x0: 0, v0: suits120.start, stiffness: 100, damping: z),
                                   lag: suits120.lag)
            XCTAssertEqual(at120, e.at120, accuracy: 0.001, "trace \(n + 1)")
        }
    }

    /// The tool's own frames: a deceleration at the default rate runs from 100 pt inside
    /// into the top edge (bound 0) and reaches it with the fitted edge speed; from then on
    /// every recorded frame is within 0.5 pt, and the bounce comes to rest (|x| < 0.5 pt,
    /// |x'| < 5 pt/s) within one frame of where the recording ends (the source logged until
    /// `scrollViewDidEndDecelerating`). Python: trace 1 rests at its last sample (index 48,
    /// x = 0.495, x' = −4.81; recorded 0.67, so the tool comes to rest one frame early);
    /// trace 2 at the frame after its last sample (index 45, x = 0.436; index 44 still has
    /// x = 0.512), where the recording ends.
    func testTheToolsFramesFollowTheRecordings() throws {
        let p = UIKitRecordingTests.shipped()
        let bounds = ScrollBounds(min: 0, max: 10_000)
        let k = 1000 * log(p.decelerationRate)
        for (n, trace, restIndex) in [(1, Self.trace1, 48), (2, Self.trace2, 45)] {
            let fit = Self.fitEdgeBounce(trace, stiffness: p.stiffness, damping: p.damping)
            // o(τ) − o0 = (v(τ) − v)/k: from 100 to 0 the speed grows by 100·|k| toward the edge
            let edgeVelocity = -fit.start
            let v = edgeVelocity + 100 * k
            let tauB = log(edgeVelocity / v) / k
            var s = ScrollState(offset: 100, parameters: p)
            s.reduce(.dragEnded(velocity: v, t: 0, bounds: bounds))
            XCTAssertEqual(s.phase, .decelerating)
            var rested: Int?
            for i in 0...trace.count {
                let event = s.reduce(.frameTicked(t: tauB + fit.lag + Double(i) / Self.fps, bounds: bounds))
                if event == .decelerationEnded { rested = i }
                guard s.phase == .bouncing else { break }
                XCTAssertLessThan(i, trace.count, "trace \(n): still bouncing after the recording ended")
                XCTAssertEqual(-s.offset, trace[i], accuracy: 0.5, "trace \(n), sample \(i)")
            }
            XCTAssertEqual(try XCTUnwrap(rested, "trace \(n)"), restIndex, "trace \(n)")
            XCTAssertGreaterThanOrEqual(restIndex, trace.count - 1)
            XCTAssertEqual(s.offset, 0, "trace \(n) rests at the edge")
        }
    }

    /// The known disagreement (docs/fidelity.md): trace 3, a release from rest ≈ 394 pt past
    /// the edge, follows the same critical ω ≈ 10.95 spring, not the snap-back fitted to the
    /// newer recording (iOS 26.5 Simulator, uikit-recordings.md §4). Python: the bounce spring
    /// from 393.55 pt, 4.50 ms before the first sample, is at most 0.676 pt off; the snap-back
    /// (stiffness 2000, ζ 2.8) at best 62.40 pt (from 455.90, lag 0). The tool keeps §4's
    /// snap-back for a release past an edge: the spec's choice, the newer recording wins.
    func testTraceThreeIsTheBounceSpringNotTheSnapBack() {
        let bounce = Self.fitRelease(Self.trace3, stiffness: defaults[.bounceStiffness],
                                     damping: defaults[.bounceDamping])
        XCTAssertEqual(bounce.worst, 0.676, accuracy: 0.001)
        XCTAssertLessThan(bounce.worst, 1)
        let snapBack = Self.fitRelease(Self.trace3, stiffness: defaults[.snapbackStiffness],
                                       damping: defaults[.snapbackDamping])
        XCTAssertEqual(snapBack.worst, 62.40, accuracy: 0.01)
        XCTAssertGreaterThan(snapBack.worst, 50)
    }
}
