import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// Closed forms of spec §6.2 against published and hand-computed figures.
final class PhysicsFormulaTests: XCTestCase {
    // k = 1000·ln 0.998 = 1000 × (−0.0020020027) = −2.0020027
    func testDecelerationDistanceAt0998() {
        let d = Deceleration(origin: 0, velocity: 900, start: 0, rate: 0.998, stopVelocity: 10)
        // v1.3: it ends where its speed falls to vs = 10: τe = ln(10/900)/k
        // = −4.4998097/−2.0020027 = 2.247654 s, at (900 − 10)/2.0020027 = 444.5549
        // (the standstill limit −v/k = 449.55 less vs/|k| = 4.995)
        XCTAssertEqual(d.endTime, 2.247654, accuracy: 1e-6)
        XCTAssertEqual(d.destination, 444.5549, accuracy: 1e-4)
        // and o(τe) is the destination: the closed form and the end agree
        XCTAssertEqual(d.offset(after: d.endTime), d.destination, accuracy: 1e-9)
        XCTAssertEqual(d.velocity(after: d.endTime), 10, accuracy: 1e-9)
        // fast (0.99): k = 1000·ln 0.99 = −10.050336; upward 900 pt/s from 100:
        // 100 − 890/10.050336 = 100 − 88.5543 = 11.4457, at τe = ln(10/900)/k = 0.447727
        let f = Deceleration(origin: 100, velocity: -900, start: 0, rate: 0.99, stopVelocity: 10)
        XCTAssertEqual(f.destination, 11.4457, accuracy: 1e-4)
        XCTAssertEqual(f.endTime, 0.447727, accuracy: 1e-6)
        // first 0.1 s: 900·(1 − 0.998^100)/2.0020027; 0.998^100 = e^(−0.20020) = 0.818566
        // = 900 × 0.181434 / 2.0020027 = 81.56
        XCTAssertEqual(d.offset(after: 0.1), 81.56, accuracy: 0.005)
        // v(0.1) = 900 × 0.818566 = 736.71
        XCTAssertEqual(d.velocity(after: 0.1), 736.71, accuracy: 0.01)
    }

    func testRubberBandOn667Screen() {
        // 120·0.55·667 / (667 + 0.55·120) = 44022 / 733 = 60.057
        XCTAssertEqual(RubberBand.band(120, c: 0.55, d: 667), 60.06, accuracy: 0.005)
        // 240·0.55·667 / (667 + 132) = 88044 / 799 = 110.193
        XCTAssertEqual(RubberBand.band(240, c: 0.55, d: 667), 110.19, accuracy: 0.005)
        // inverse: 60.057·667 / (0.55·(667 − 60.057)) = 40058 / 333.819 = 120.0
        XCTAssertEqual(RubberBand.unband(44022.0 / 733.0, c: 0.55, d: 667), 120, accuracy: 1e-9)
        // e at or past d is capped just below d: finite
        XCTAssertTrue(RubberBand.unband(700, c: 0.55, d: 667).isFinite)
    }

    func testCriticallyDampedSpring() {
        // (100 + (0 + 10·100)·0.1)·e^(−1) = 200 × 0.3678794 = 73.58
        let s = Spring(x0: 100, v0: 0, stiffness: 100, damping: 1)
        XCTAssertEqual(s.position(after: 0.1), 73.58, accuracy: 0.005)
        // dx/dτ = (v0 − ω(v0 + ωx0)τ)e^(−ωτ) = (0 − 10·1000·0.1)·0.3678794 = −367.88
        XCTAssertEqual(s.velocity(after: 0.1), -367.88, accuracy: 0.01)
    }

    func testUnderDampedSpring() {
        // ζ = 0.5, ω = 10: a = 5, ωd = 10·√0.75 = 8.660254, B = (0 + 5·100)/8.660254 = 57.735
        // x(0.1) = e^(−0.5)·(100·cos 0.8660254 + 57.735·sin 0.8660254)
        //        = 0.606531 × (64.7859 + 57.735 × 0.761720) = 0.606531 × 108.764 = 65.97
        let s = Spring(x0: 100, v0: 0, stiffness: 100, damping: 0.5)
        XCTAssertEqual(s.position(after: 0.1), 65.97, accuracy: 0.005)
        XCTAssertEqual(s.velocity(after: 0), 0, accuracy: 1e-9)
        XCTAssertNil(s.crossingTime(), "an under-damped spring keeps oscillating")
    }

    func testOverDampedSpring() {
        // ζ = 2, ω = 10: r1 = −10(2 − √3) = −2.679492, r2 = −10(2 + √3) = −37.320508
        // A = (0 − r2·100)/(r1 − r2) = 3732.0508/34.641016 = 107.735, B = 100 − A = −7.735
        // x(0.1) = 107.735·e^(−0.2679492) − 7.735·e^(−3.7320508) = 82.411 − 0.185 = 82.23
        let s = Spring(x0: 100, v0: 0, stiffness: 100, damping: 2)
        XCTAssertEqual(s.position(after: 0.1), 82.23, accuracy: 0.005)
        XCTAssertEqual(s.velocity(after: 0), 0, accuracy: 1e-9)
    }

    func testCriticalSpringCrossingTime() {
        // x0 = −100, v0 = 3000: τc = −x0/(v0 + ωx0) = 100/2000 = 0.05
        let s = Spring(x0: -100, v0: 3000, stiffness: 100, damping: 1)
        XCTAssertEqual(s.crossingTime() ?? -1, 0.05, accuracy: 1e-12)
        // from −100 at rest it never crosses: τ = 100/(−1000) < 0
        XCTAssertNil(Spring(x0: -100, v0: 0, stiffness: 100, damping: 1).crossingTime())
    }

    /// Issue 16: within 10⁻⁶ of 1 the critical form may be used, but which rule applies
    /// (hand-over or oscillation) follows the exact ζ (spec §6.2).
    func testDampingJustBelowOneNeverHandsOver() {
        // ζ = 0.9999995 < 1 is under-damped: no crossing time, whatever the critical form says
        XCTAssertNil(Spring(x0: -100, v0: 3000, stiffness: 100, damping: 0.9999995).crossingTime())
        XCTAssertNil(Spring(x0: -100, v0: 3000, stiffness: 100, damping: 0.999998).crossingTime())
        // ζ = 1 + 5·10⁻⁷ is over-damped (evaluated as critical): it crosses at 100/2000 = 0.05
        XCTAssertEqual(Spring(x0: -100, v0: 3000, stiffness: 100, damping: 1.0000005).crossingTime() ?? -1,
                       0.05, accuracy: 1e-6)
        // its position is still the critical form's (73.58 from 100 at rest, as above)
        XCTAssertEqual(Spring(x0: 100, v0: 0, stiffness: 100, damping: 0.9999995).position(after: 0.1),
                       73.58, accuracy: 0.005)
    }

    /// Issue 16 through `bounce.damping`: the one bounce on the `bounce.*` spring that can cross
    /// its bound inward starts where content shrank under a deceleration moving up (spec §6.2,
    /// "the bound moved so that o0 itself is already past it"). Rate 0.99 (k = −10.050336),
    /// bounce stiffness 25 (ω = 5 < |k|: a bounce from past the bound with the deceleration's
    /// own speed can outrun the spring only when ω < |k|).
    /// From 500 at −3000 pt/s: destination 500 − 2990/10.050336 = 202.4975. At t = 1/60 the
    /// bottom bound is 150 (< the destination, < the origin): a bounce toward 150 from
    /// o(1/60) = 500 − 3000(1 − e^(−0.167506))/10.050336 = 453.9633 with v(1/60) =
    /// −3000·e^(−0.167506) = −2537.3156: x0 = 303.9633, v0 + ωx0 = −1017.4992.
    /// ζ = 1: crosses at τc = 303.9633/1017.4992 = 0.298736 with x' = (v0 − ω(v0 + ωx0)τc)e^(−ωτc)
    /// = −228.4745, a deceleration from 150 to 150 − 218.4745/10.050336 = 128.2620, ending
    /// τe = ln(10/228.4745)/k = 0.311317 later: t = 1/60 + 0.298736 + 0.311317 = 0.626719 → the
    /// frame 38/60. ζ = 0.9999995 < 1: no hand-over; it swings to 150 − 16.81 and rests at 150 at
    /// the frame 96/60 (the first with |x| < 0.5, |x'| < 5; python, the under-damped closed form).
    func testBounceDampingJustBelowOneNeverHandsOverAfterTheBoundMoved() {
        for (damping, rest, frame, handsOver) in [(1.0, 128.2620, 38, true), (0.9999995, 150, 96, false)] {
            let p = PhysicsParameters(rubberBand: 0.55, screenHeight: 667, decelerationRate: 0.99,
                                      stopVelocity: 10, stiffness: 25, damping: damping,
                                      snapbackStiffness: 2000, snapbackDamping: 2.8, fps: 60)
            var s = ScrollState(offset: 500, parameters: p)
            s.reduce(.dragEnded(velocity: -3000, t: 0, bounds: ScrollBounds(min: 0, max: 1000)))
            let shrunk = ScrollBounds(min: 0, max: 150)
            s.reduce(.frameTicked(t: 1.0 / 60, bounds: shrunk))
            XCTAssertEqual(s.phase, .bouncing, "ζ \(damping)")
            XCTAssertEqual(s.offset, 453.9633, accuracy: 1e-4)
            var sawDeceleration = false
            var ended = 0
            for k in 2...600 where ended == 0 {
                if s.reduce(.frameTicked(t: Double(k) / 60, bounds: shrunk)) == .decelerationEnded { ended = k }
                sawDeceleration = sawDeceleration || s.phase == .decelerating
            }
            XCTAssertEqual(sawDeceleration, handsOver, "ζ \(damping)")
            XCTAssertEqual(ended, frame, "ζ \(damping)")
            XCTAssertEqual(s.offset, rest, accuracy: 1e-4, "ζ \(damping)")
        }
    }

    func testSnapBackSpringIsOverDamped() {
        // stiffness 2000, ζ 2.8: ω = √2000 = 44.72136, √(ζ² − 1) = √6.84 = 2.615339,
        // r1 = −ω(2.8 − 2.615339) = −8.258275, r2 = −ω(2.8 + 2.615339) = −242.181339.
        // From 177 at rest: A = −r2·177/(r1 − r2) = 42866.097/233.923064 = 183.2487,
        // B = 177 − A = −6.2487; x(0.1) = 183.2487·e^(−0.8258275) − 6.2487·e^(−24.218)
        // = 183.2487·0.437873 − 1.9·10⁻¹⁰ = 80.2396
        let s = Spring(x0: 177, v0: 0, stiffness: 2000, damping: 2.8)
        XCTAssertEqual(s.position(after: 0.1), 80.2396, accuracy: 1e-3)
        XCTAssertEqual(s.velocity(after: 0), 0, accuracy: 1e-9)
        XCTAssertNil(s.crossingTime(), "from rest an over-damped spring never crosses")
    }

    /// `bounce.*` (after a deceleration) critical stiffness 100; `snapback.*` as given.
    private func physics(_ damping: Double = 1, snapbackStiffness: Double = 100,
                         snapbackDamping: Double = 1) -> PhysicsParameters {
        PhysicsParameters(rubberBand: 0.55, screenHeight: 667, decelerationRate: 0.998,
                          stopVelocity: 10, stiffness: 100, damping: damping,
                          snapbackStiffness: snapbackStiffness, snapbackDamping: snapbackDamping, fps: 60)
    }

    func testBounceTurnsIntoDecelerationAtCrossing() {
        // Released 100 pt above the top (offset −100) moving into the content at 3000 pt/s,
        // on a snap-back spring set to stiffness 100, ζ = 1.
        var s = ScrollState(offset: -100, parameters: physics())
        let b = ScrollBounds(min: 0, max: 1000)
        s.reduce(.dragEnded(velocity: 3000, t: 0, bounds: b))
        XCTAssertEqual(s.phase, .bouncing)
        // Crosses at τc = 0.05 with dx/dτ = (3000 − 10·2000·0.05)·e^(−0.5) = 2000 × 0.606531 = 1213.06,
        // then decelerates from 0: at t = 0.1, τ = 0.05:
        // 1213.06 × (1 − 0.998^50)/2.0020027 = 1213.06 × 0.0952541/2.0020027 = 57.72
        s.reduce(.frameTicked(t: 0.1, bounds: b))
        XCTAssertEqual(s.phase, .decelerating)
        XCTAssertEqual(s.offset, 57.72, accuracy: 0.01)
        XCTAssertEqual(s.currentDeceleration?.start ?? 0, 0.05, accuracy: 1e-12)
    }

    func testDecelerationPastBoundBecomesBounceAtExactTime() {
        var s = ScrollState(offset: 0, parameters: physics())
        let b = ScrollBounds(min: 0, max: 100)
        s.reduce(.dragEnded(velocity: 900, t: 0, bounds: b))
        // destination 449.55 > 100: τb = ln(1 + k·100/900)/k = ln(0.777555)/(−2.0020027) = 0.125674
        // v(τb) = 900 × 0.777555 = 699.80. At t = 0.2, τ = 0.074326:
        // x = 699.80 × 0.074326 × e^(−0.74326) = 52.013 × 0.475565 = 24.74 → offset 124.74
        s.reduce(.frameTicked(t: 0.2, bounds: b))
        XCTAssertEqual(s.phase, .bouncing)
        XCTAssertEqual(s.currentBounce?.start ?? 0, 0.125674, accuracy: 1e-6)
        XCTAssertEqual(s.offset, 124.74, accuracy: 0.01)
    }

    func testReleaseNoFasterThanStopVelocityDoesNotCoast() {
        // v1.3: |v| ≤ vs (10) inside the bounds: idle at once, no "deceleration ended"
        for v in [0.9, 10, -10] {
            var s = ScrollState(offset: 50, parameters: physics())
            XCTAssertEqual(s.reduce(.dragEnded(velocity: v, t: 0, bounds: ScrollBounds(min: 0, max: 100))), .none)
            XCTAssertEqual(s.phase, .idle, "v = \(v)")
            XCTAssertEqual(s.offset, 50)
        }
        // 10.5 > 10: a deceleration to 50 + 0.5/2.0020027 = 50.24975, ending at
        // τe = ln(10/10.5)/(−2.0020027) = 0.024371 s: the frame at 1/60 is short of it, 2/60 is not
        var s = ScrollState(offset: 50, parameters: physics())
        s.reduce(.dragEnded(velocity: 10.5, t: 0, bounds: ScrollBounds(min: 0, max: 100)))
        XCTAssertEqual(s.phase, .decelerating)
        XCTAssertEqual(s.reduce(.frameTicked(t: 1.0 / 60, bounds: ScrollBounds(min: 0, max: 100))), .none)
        XCTAssertEqual(s.reduce(.frameTicked(t: 2.0 / 60, bounds: ScrollBounds(min: 0, max: 100))), .decelerationEnded)
        XCTAssertEqual(s.offset, 50.24975, accuracy: 1e-5)
    }

    func testSlowHandOverRestsAtTheBound() {
        // A snap-back (stiffness 100, ζ = 1) from −1 at 18 pt/s: v0 + ωx0 = 8, crosses at
        // τc = 1/8 = 0.125 with x' = (v0 − ω·8·τc)·e^(−ωτc) = (18 − 10)·0.286505 = 2.29 pt/s
        // ≤ vs: it rests at the bound, "deceleration ended", no deceleration
        var s = ScrollState(offset: -1, parameters: physics())
        let b = ScrollBounds(min: 0, max: 100)
        s.reduce(.dragEnded(velocity: 18, t: 0, bounds: b))
        XCTAssertEqual(s.phase, .bouncing)
        XCTAssertEqual(s.reduce(.frameTicked(t: 8.0 / 60, bounds: b)), .decelerationEnded)
        XCTAssertEqual(s.phase, .idle)
        XCTAssertEqual(s.offset, 0)
    }

    func testReleasePastAnEdgeUsesTheSnapBackSpringAndADecelerationTheBounceSpring() {
        // The same release from −100 at rest with two snap-back springs: at t = 0.1
        // stiffness 100, ζ 1: −100·2/e = −73.58; stiffness 2000, ζ 2.8: the snap-back above
        // is linear in x0, so −80.2396·100/177 = −45.3331
        var a = ScrollState(offset: -100, parameters: physics())
        var b = ScrollState(offset: -100, parameters: physics(snapbackStiffness: 2000, snapbackDamping: 2.8))
        let bounds = ScrollBounds(min: 0, max: 100)
        a.reduce(.dragEnded(velocity: 0, t: 0, bounds: bounds))
        b.reduce(.dragEnded(velocity: 0, t: 0, bounds: bounds))
        a.reduce(.frameTicked(t: 0.1, bounds: bounds))
        b.reduce(.frameTicked(t: 0.1, bounds: bounds))
        XCTAssertEqual(a.offset, -73.58, accuracy: 0.005)
        XCTAssertEqual(b.offset, -45.3331, accuracy: 1e-3)
        // ... while a deceleration into the edge bounces on bounce.* whatever snapback.* is
        // (the bounce after a deceleration test above gives 124.74 with stiffness 100, ζ 1)
        var c = ScrollState(offset: 0, parameters: physics(snapbackStiffness: 2000, snapbackDamping: 2.8))
        c.reduce(.dragEnded(velocity: 900, t: 0, bounds: bounds))
        c.reduce(.frameTicked(t: 0.2, bounds: bounds))
        XCTAssertEqual(c.phase, .bouncing)
        XCTAssertEqual(c.offset, 124.74, accuracy: 0.01)
    }
}

/// The physics through the World API.
final class WorldPhysicsTests: XCTestCase {
    func testStrongFlickFromOverscrollKeepsScrolling() {
        // 100 rows: max = 4400 − 667 = 3733, out of reach
        var w = World(scene { $0.sections = [SectionConfig(rowCount: 100)] })
        w.pull(300)                          // 60 frames
        // fling −2900 continues the touch: finger 300 → 10 over 6 frames, then lifts.
        // offset = −b(10) = −10·0.55·667/(667 + 5.5) = −3668.5/672.5 = −5.45502
        w.fling(-2900)
        XCTAssertEqual(w.phase, .bouncing)
        XCTAssertEqual(w.n(.offset), -5.45502, accuracy: 1e-5)
        // the snap-back (2000, 2.8; r1 = −8.258275, r2 = −242.181339) from x0 = −5.45502,
        // v0 = 2900: A = (2900 − 242.181339·5.45502)/233.923064 = 6.749639, B = x0 − A
        // = −12.204658: A > 0 > B, so it crosses at τc = ln(−B/A)/(r1 − r2) = 0.00253215 s
        // with x' = A·r1·e^(r1τc) + B·r2·e^(r2τc) = −54.587 + 1600.810 = 1546.22;
        // then a deceleration from 0: destination (1546.22 − 10)/2.0020027 = 767.34
        // (a flick from −5.455 crosses only above 242.18·5.455 = 1321 pt/s)
        w.settle()
        XCTAssertEqual(w.n(.offset), 767.34, accuracy: 0.01)
    }

    func testUnderDampedBounceOvershootsTheBound() throws {
        var c = SceneConfig()
        c.tunables[.snapbackStiffness] = 100
        c.tunables[.snapbackDamping] = 0.5
        var w = World(c)
        w.pull(120)                          // offset −60.057
        try w.release()
        // ζ = 0.5: x = −60.057·e^(−5τ)(cos 8.660τ + 0.57735 sin 8.660τ) crosses 0 when
        // tan(8.660τ) = −1.7321 → 8.660τ = 2.0944 → τ = 0.2418 s, then overshoots into the
        // content (offset > 0) and keeps oscillating instead of decelerating.
        var maxOffset = -Double.infinity
        for _ in 0..<30 { w.step(); maxOffset = max(maxOffset, w.n(.offset)) }
        XCTAssertGreaterThan(maxOffset, 0)
        XCTAssertEqual(w.phase, .bouncing)
        w.settle()
        XCTAssertEqual(w.n(.offset), 0)
    }

    func testBounceDampingShapesTheBounceAfterADeceleration() {
        // fling −3000 (default table, max 653): the deceleration reaches 653 at
        // τb = ln(1 + k·353/3000)/k = 0.134177 with 2293.29 pt/s (020-physics.scroll).
        // Critical (bounce.damping 1): x = v0·τ·e^(−10τ) > 0, never back inside the bound;
        // bounce.damping 0.5: x = (v0/ωd)·e^(−5τ)·sin(ωd τ), ωd = 8.660254, is negative for
        // π/ωd < τ < 2π/ωd, i.e. the offset dips below 653. snapback.* plays no part.
        for (damping, dips) in [(1.0, false), (0.5, true)] {
            var w = World(scene { $0.tunables[.bounceDamping] = damping; $0.tunables[.snapbackDamping] = 0.5 })
            w.fling(-3000)
            var lowest = Double.infinity
            var frames = 0
            while !w.isAtRest && frames < 600 {
                w.step(); frames += 1
                if w.phase == .bouncing { lowest = min(lowest, w.n(.offset)) }
            }
            XCTAssertEqual(w.n(.offset), 653)
            XCTAssertEqual(lowest < 653 - 1e-9, dips, "bounce.damping \(damping): lowest \(lowest)")
        }
    }

    func testDragVelocityIsOffsetChangePerFrame() {
        var w = World(SceneConfig())
        _ = w.beginDrag(-60, duration: nil)   // 0.2 s = 12 frames, 5 pt per frame
        w.step()
        // offset 0 → 5 in one frame: 5 × 60 = 300 pt/s
        XCTAssertEqual(w.n(.velocity), 300, accuracy: 1e-9)
        XCTAssertEqual(w.n(.fingerVelocity), -300, accuracy: 1e-9)
    }

    func testCopyIsASnapshot() {
        var w = World(SceneConfig())
        w.fling(-900)
        let snapshot = w
        w.run(10)
        XCTAssertNotEqual(w.n(.offset), snapshot.n(.offset))
        XCTAssertEqual(snapshot.frameIndex, 6)
    }
}
