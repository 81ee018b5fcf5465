import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// The fidelity suite (docs/fidelity.md): the tool's physics, with its shipped
/// defaults, held to recordings of a real UIScrollView.
///
/// Source: recorded in the iOS 26.5 Simulator (iPhone 17 Pro Max) by the open-source project
/// samoylenkodmitry/Cranpose and published with the method in
/// `crates/cranpose-ui/src/tests/ios_fling_measurement.rs`: an instrumented UIKit app logging
/// `scrollViewDidScroll`, `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` and the
/// pan recogniser's translation, touches injected by the simulator. Copied as published
/// (also in /work/shared/reference/uikit-recordings.md); points, milliseconds, `contentOffset.y`.
///
/// Every recorded offset is a multiple of 1/3 pt (a 3× screen's pixel): a recorded value is
/// itself up to 1/6 pt from the true position. The tolerances below are stated per test.
final class UIKitRecordingTests: XCTestCase {

    // MARK: - The recorded data

    /// §1: UIKit's `targetContentOffset` at release: (decelerationRate, offset at release,
    /// velocity in pt/ms as `scrollViewWillEndDragging` reports it, UIKit's target).
    static let flingTargets: [(rate: Double, origin: Double, velocityPerMs: Double, target: Double)] = [
        (0.998, 400.0, 0.480834, 635.3333),
        (0.998, 1244.67, 0.495222, 1487.0),
        (0.998, 1755.67, 0.30776, 1904.3334),
        (0.998, 2010.0, 0.262579, 2136.0),
        (0.998, 2315.67, 0.677054, 2649.0),
        (0.998, 2912.67, 1.381048, 3597.6667),
        (0.998, 4029.0, 2.530246, 5288.0),
        (0.998, 5686.67, 5.613967, 8486.0),
        (0.99, 8662.33, 0.756662, 8736.667),
        (0.99, 9000.33, 1.193017, 9118.0),
        (0.99, 9549.33, 2.347413, 9782.0),
        (0.99, 10180.67, 5.991895, 10776.0),
    ]

    /// §2: one fling's path, rate 0.998, released at 400 with 0.4808337 pt/ms (target 635.33):
    /// (ms after release, offset).
    static let flingPath: [(ms: Double, offset: Double)] = [
        (0.29, 408.0), (100.213, 449.6667), (199.568, 484.0), (299.717, 512.3333),
        (400.298, 535.3333), (500.281, 554.3333), (600.284, 570.0), (700.302, 582.6667),
        (799.691, 593.0), (900.283, 601.6667), (1000.261, 608.6667), (1100.212, 614.3333),
        (1199.606, 619.0), (1299.828, 622.6667), (1400.246, 625.6667), (1500.25, 628.3333),
        (1599.643, 630.3333), (1700.271, 632.3333), (1850.238, 634.3333), (1916.913, 635.0),
    ]
    static let flingPathOrigin = 400.0
    static let flingPathVelocity = 480.8337   // pt/s
    /// The source: the first `scrollViewDidScroll` sample runs about one frame ahead of a
    /// t = 0-at-release model (two timestamp sources); one constant shift of ~16 ms
    /// brings a decay model within 0.5 pt. The tool is compared at t + 16 ms.
    static let flingPathShift = 0.016

    /// §3: the rubber band while dragging past the top edge, bounds height 681.6666666666666:
    /// (finger translation since the content sat at offset 0, the overscroll it produced).
    static let rubberBandHeight = 681.6666666666666
    static let rubberBand: [(translation: Double, overscroll: Double)] = [
        (15, 8.0), (30, 16.0), (45, 24.0), (60, 31.3333), (75, 39.0), (90, 46.0), (105, 53.3333),
        (120, 60.3333), (135, 67.0), (150, 73.6667), (165, 80.0), (180, 86.3333), (195, 92.6667),
        (210, 98.6667), (225, 104.6667), (240, 110.6667), (255, 116.3333), (270, 122.0),
        (285, 127.3333), (300, 133.0), (315, 138.0), (330, 143.3333), (345, 148.3333),
        (360, 153.3333), (375, 158.3333), (390, 163.0), (405, 168.0), (420, 172.6667), (435, 177.0),
    ]

    /// §4: the snap-back, released from rest 177 pt past the top edge (velocity −0.000455 pt/ms
    /// at offset −177): (ms after release, offset).
    static let snapBackStart = -177.0
    static let snapBackReleaseVelocity = -0.455   // pt/s (−0.000455 pt/ms)
    static let snapBack: [(ms: Double, offset: Double)] = [
        (16.235, -157.3333), (33.471, -138.6667), (49.541, -121.6667), (66.795, -106.3333),
        (83.471, -93.0), (100.122, -81.0), (116.477, -70.6667), (133.14, -61.3333),
        (150.131, -53.3333), (166.799, -46.0), (183.446, -40.0), (199.516, -34.3333),
        (216.769, -29.6667), (233.445, -25.6667), (249.503, -22.0), (266.76, -19.0),
        (283.421, -16.3333), (300.095, -14.0), (316.17, -12.0), (332.841, -10.3333),
        (349.72, -9.0), (366.76, -7.6667), (383.434, -6.6667), (400.098, -5.6667),
        (416.246, -4.6667), (433.447, -4.0), (449.933, -3.6667), (466.345, -3.0),
        (482.853, -2.6667), (499.651, -2.3333), (516.798, -2.0), (532.878, -1.6667),
        (549.539, -1.3333), (566.376, -1.0), (616.799, -0.6667), (666.808, -0.3333),
    ]

    /// §5: read at run time on the simulator: `UIScrollView.DecelerationRate.normal` and `.fast`
    /// (Apple's documented values).
    static let documentedNormal = 0.998
    static let documentedFast = 0.99

    // MARK: - The tool, with its shipped defaults

    /// The physics parameters a world gets from the default tunables, at 60 fps (also used
    /// by UIKitBounceRecordingTests).
    static func shipped(rate: Double? = nil, screenHeight: Double = 667,
                         edit: (inout Tunables) -> Void = { _ in }) -> PhysicsParameters {
        var t = Tunables()
        edit(&t)
        return PhysicsParameters(
            rubberBand: t[.rubberband], screenHeight: screenHeight,
            decelerationRate: rate ?? t[.deceleration], stopVelocity: t[.decelerationStopVelocity],
            stiffness: t[.bounceStiffness], damping: t[.bounceDamping],
            snapbackStiffness: t[.snapbackStiffness], snapbackDamping: t[.snapbackDamping], fps: 60)
    }

    /// Bounds far from every recorded offset: the recordings were made clear of the content's end.
    private let open = ScrollBounds(min: 0, max: 1_000_000)

    /// Where the tool's fling comes to rest: released at `origin` with `velocity` (pt/s) at
    /// t = 0, frames at 60 fps until "deceleration ended" (at most 10 s).
    private func restingOffset(_ p: PhysicsParameters, origin: Double, velocity: Double) -> Double? {
        var s = ScrollState(offset: origin, parameters: p)
        s.reduce(.dragEnded(velocity: velocity, t: 0, bounds: open))
        XCTAssertEqual(s.phase, .decelerating)
        for k in 1...600 where s.reduce(.frameTicked(t: Double(k) / 60, bounds: open)) == .decelerationEnded {
            return s.offset
        }
        return nil
    }

    // MARK: - Tests

    /// The twelve targets within 0.5 pt. Why 0.5: the recorded targets are rounded to 1/3 pt
    /// (±1/6), and the spec's own claim is "within 0.16 pt"; 0.5 pt is the tool's `~=`
    /// tolerance for points, the precision a scenario can assert. The stop speed enters the
    /// rest offset as vs/|k| = 5.0 pt at 0.998 and 1.0 pt at 0.99, so a model without it
    /// misses by more than the tolerance (checked below).
    func testTwelveFlingTargetsWithinHalfAPoint() throws {
        var worst = 0.0
        for f in Self.flingTargets {
            let rest = try XCTUnwrap(restingOffset(Self.shipped(rate: f.rate), origin: f.origin,
                                                   velocity: f.velocityPerMs * 1000))
            XCTAssertEqual(rest, f.target, accuracy: 0.5, "rate \(f.rate), \(f.velocityPerMs) pt/ms from \(f.origin)")
            worst = max(worst, abs(rest - f.target))
        }
        // The closed form vs the twelve (python, tools/refmodel.py --selftest): at most 0.163 pt
        // (2010.0 at 262.579 pt/s: 2010 + 252.579/2.0020027 = 2136.163).
        XCTAssertLessThan(worst, 0.17)
    }

    /// The check can fail: with the smallest stop speed allowed (0.1 pt/s, close to the v1.2
    /// rule of coasting to a standstill) the rest offset lies (10 − 0.1)/|k| further on:
    /// 4.945 pt at 0.998, 0.985 pt at 0.99, outside 0.5 for every sample.
    func testTargetsRejectAModelThatCoastsToAStandstill() throws {
        for f in Self.flingTargets {
            let p = Self.shipped(rate: f.rate) { $0[.decelerationStopVelocity] = 0.1 }
            let rest = try XCTUnwrap(restingOffset(p, origin: f.origin, velocity: f.velocityPerMs * 1000))
            XCTAssertGreaterThan(rest - f.target, 0.5, "rate \(f.rate) from \(f.origin)")
        }
    }

    /// The 481 pt/s fling's path within 0.5 pt of every sample, compared at t + 16 ms (the
    /// source's one-frame timestamp offset). With the shift the largest difference is 0.47 pt
    /// (python: 400 + 480.8337·(1 − 0.998^(1000·0.416298))/2.0020027 = 535.80 vs 535.33);
    /// without it the first samples are 8 pt apart (a timing artefact of the recording, not
    /// of the model). And it ends where the recording does: τe = ln(10/480.8337)/(−2.0020027)
    /// = 1.9345 s against the last sample at 1.9169 + 0.016 = 1.9329 s — within one frame.
    func testFlingPathWithinHalfAPointAndEndsWithTheRecording() throws {
        var s = ScrollState(offset: Self.flingPathOrigin, parameters: Self.shipped())
        s.reduce(.dragEnded(velocity: Self.flingPathVelocity, t: 0, bounds: open))
        for sample in Self.flingPath {
            s.reduce(.frameTicked(t: sample.ms / 1000 + Self.flingPathShift, bounds: open))
            XCTAssertEqual(s.offset, sample.offset, accuracy: 0.5, "at \(sample.ms) ms")
        }
        XCTAssertEqual(s.phase, .decelerating, "the last sample comes just before the end")
        let end = try XCTUnwrap(s.currentDeceleration?.endTime)
        let lastSample = Self.flingPath[Self.flingPath.count - 1].ms / 1000 + Self.flingPathShift
        XCTAssertEqual(end, lastSample, accuracy: 1.0 / 60)
        XCTAssertEqual(end, 1.9345, accuracy: 1e-4)
        // and "deceleration ended" comes at the first 60 Hz frame at or after it: 117/60 = 1.95
        XCTAssertEqual(s.reduce(.frameTicked(t: 116.0 / 60, bounds: open)), .none)
        XCTAssertEqual(s.reduce(.frameTicked(t: 117.0 / 60, bounds: open)), .decelerationEnded)
        XCTAssertEqual(s.offset, 400 + 470.8337 / 2.0020027, accuracy: 1e-4)   // 635.1815
    }

    /// The rubber band within 0.5 pt of all 29 drag samples: b(x) = x·c·d/(d + c·x) with the
    /// default c = 0.55 and d = the recorded bounds height 681.667. The largest difference is
    /// 0.159 pt (15 pt: b = 8.151 against 8.0), within the recording's 1/6 pt rounding.
    func testRubberBandWithinHalfAPoint() {
        var worst = 0.0
        for sample in Self.rubberBand {
            var s = ScrollState(offset: 0, parameters: Self.shipped(screenHeight: Self.rubberBandHeight))
            s.reduce(.touchedDown(open))
            s.reduce(.fingerMoved(translation: sample.translation, bounds: open))
            XCTAssertEqual(-s.offset, sample.overscroll, accuracy: 0.5, "translation \(sample.translation)")
            worst = max(worst, abs(-s.offset - sample.overscroll))
        }
        XCTAssertLessThan(worst, 0.16)
    }

    /// The snap-back within 3 pt of all 36 samples. Why 3: the spring (stiffness 2000,
    /// ζ 2.8) is a two-parameter fit to a motion UIKit does not publish; its largest
    /// difference is 2.80 pt at the first sample (16 ms: −160.13 against −157.33, where the
    /// recording may carry the same one-frame timestamp offset as the fling path), at most
    /// 1.46 pt from 33 ms on (python, the closed form at each sample's time). The check can fail: the v1.2 spring (stiffness 100, critical) is
    /// 49.15 pt off at 100 ms (−130.15 against −81.0), tested below.
    func testSnapBackWithinThreePoints() {
        XCTAssertLessThanOrEqual(snapBackWorstDifference(Self.shipped()), 3)
        XCTAssertGreaterThan(snapBackWorstDifference(Self.shipped { $0[.snapbackStiffness] = 100; $0[.snapbackDamping] = 1 }), 45)
        // Nor is it the bounce after a fling (stiffness 120, critical), which the older
        // recording's release from rest follows (docs/fidelity.md, the known disagreement):
        // python, the closed form from −177 with the recorded release velocity −0.455 pt/s
        // (spec §6.2: a release past a bound bounces with its velocity, however slow; from
        // rest it was 42.94) at each sample's time: 42.952 pt off at 100 ms.
        let bounce = snapBackWorstDifference(Self.shipped {
            $0[.snapbackStiffness] = $0[.bounceStiffness]; $0[.snapbackDamping] = $0[.bounceDamping]
        })
        XCTAssertEqual(bounce, 42.952, accuracy: 0.001)
    }

    private func snapBackWorstDifference(_ p: PhysicsParameters) -> Double {
        var s = ScrollState(offset: Self.snapBackStart, parameters: p)
        s.reduce(.dragEnded(velocity: Self.snapBackReleaseVelocity, t: 0, bounds: open))
        XCTAssertEqual(s.phase, .bouncing)
        var worst = 0.0
        for sample in Self.snapBack {
            s.reduce(.frameTicked(t: sample.ms / 1000, bounds: open))
            worst = max(worst, abs(s.offset - sample.offset))
        }
        return worst
    }

    /// Halfway back after ~90 ms and at 10 % after ~275 ms in the recording (interpolated:
    /// −88.5 lies between 83.5 ms (−93.0) and 100.1 ms (−81.0); −17.7 between 266.8 ms and
    /// 283.4 ms). The snap-back spring: 88.1 ms and 283.0 ms (python bisection on the closed
    /// form) — within one 60 Hz frame of the recording (the bounce spring would give 168 ms and 389 ms).
    func testSnapBackHalfwayAndTenPercentTimes() {
        let spring = Spring(x0: Self.snapBackStart, v0: 0, stiffness: Tunables()[.snapbackStiffness],
                            damping: Tunables()[.snapbackDamping])
        func firstTime(below fraction: Double) -> Double {
            var lo = 0.0, hi = 2.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if abs(spring.position(after: mid)) > 177 * fraction { lo = mid } else { hi = mid }
            }
            return lo
        }
        let recordedHalf = 0.083471 + (0.100122 - 0.083471) * (93.0 - 88.5) / (93.0 - 81.0)
        let recordedTenth = 0.26676 + (0.283421 - 0.26676) * (19.0 - 17.7) / (19.0 - 16.3333)
        XCTAssertEqual(firstTime(below: 0.5), recordedHalf, accuracy: 1.0 / 60)
        XCTAssertEqual(firstTime(below: 0.1), recordedTenth, accuracy: 1.0 / 60)
        XCTAssertEqual(firstTime(below: 0.5), 0.08813, accuracy: 1e-4)
        XCTAssertEqual(firstTime(below: 0.1), 0.28302, accuracy: 1e-4)
    }

    /// Apple's documented rates, exactly: the default and the named values of `deceleration`.
    func testDocumentedRatesExact() {
        XCTAssertEqual(CoreTunable.deceleration.defaultValue, Self.documentedNormal)
        let named = Dictionary(uniqueKeysWithValues: CoreTunable.deceleration.namedValues.map { ($0.name, $0.value) })
        XCTAssertEqual(named["normal"], Self.documentedNormal)
        XCTAssertEqual(named["fast"], Self.documentedFast)
        XCTAssertEqual(named.count, 2)
        // and the tool's k for them: 1000·ln r
        let d = Deceleration(origin: 0, velocity: 1, start: 0, rate: Self.documentedFast, stopVelocity: 10)
        XCTAssertEqual(d.k, 1000 * log(0.99))
    }

    /// The shipped defaults this suite holds to the recordings (spec v1.4 §3).
    func testShippedDefaults() {
        XCTAssertEqual(CoreTunable.decelerationStopVelocity.defaultValue, 10)
        XCTAssertEqual(CoreTunable.snapbackStiffness.defaultValue, 2000)
        XCTAssertEqual(CoreTunable.snapbackDamping.defaultValue, 2.8)
        XCTAssertEqual(CoreTunable.rubberband.defaultValue, 0.55)
        // the bounce after a fling into an edge: UIKitBounceRecordingTests
        XCTAssertEqual(CoreTunable.bounceStiffness.defaultValue, 120)
        XCTAssertEqual(CoreTunable.bounceDamping.defaultValue, 1)
    }
}
