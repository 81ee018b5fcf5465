import XCTest
@testable import ScrollSim

/// Closed forms of spec §6.2 against published and hand-computed figures.
final class PhysicsFormulaTests: XCTestCase {
    // k = 1000·ln 0.998 = 1000 × (−0.0020020027) = −2.0020027
    func testDecelerationDistanceAt0998() {
        let d = Deceleration(origin: 0, velocity: 900, start: 0, rate: 0.998)
        // destination = −v/k = 900 / 2.0020027 = 449.55
        XCTAssertEqual(d.destination, 449.55, accuracy: 0.005)
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

    private func physics(_ damping: Double = 1) -> PhysicsParameters {
        PhysicsParameters(rubberBand: 0.55, screenHeight: 667, decelerationRate: 0.998,
                          stiffness: 100, damping: damping, fps: 60)
    }

    func testBounceTurnsIntoDecelerationAtCrossing() {
        // Released 100 pt above the top (offset −100) moving into the content at 3000 pt/s.
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

    func testSmallReleaseVelocityCountsAsZero() {
        var s = ScrollState(offset: 50, parameters: physics())
        s.reduce(.dragEnded(velocity: 0.9, t: 0, bounds: ScrollBounds(min: 0, max: 100)))
        XCTAssertEqual(s.phase, .idle)
        XCTAssertEqual(s.offset, 50)
    }
}

/// The physics through the World API.
final class WorldPhysicsTests: XCTestCase {
    func testStrongFlickFromOverscrollKeepsScrolling() {
        var w = World(SceneConfig())       // 30 rows: max = 1320 − 667 = 653
        w.pull(300)                          // 60 frames
        // fling −1500 continues the touch: finger 300 → 150 over 6 frames, then lifts.
        // offset = −b(150) = −150·0.55·667/(667 + 82.5) = −55027.5/749.5 = −73.419
        w.fling(-1500)
        XCTAssertEqual(w.phase, .bouncing)
        XCTAssertEqual(w.n(.offset), -73.419, accuracy: 0.001)
        // x0 = −73.419, v0 = 1500: v0 + ωx0 = 765.81, τc = 73.419/765.81 = 0.095871 s;
        // x'(τc) = (1500 − 10 × 765.81 × 0.095871)·e^(−0.95871) = 765.81 × 0.383385 = 293.60
        // then a deceleration from 0: destination 293.60/2.0020027 = 146.65
        w.settle()
        XCTAssertEqual(w.n(.offset), 146.65, accuracy: 0.01)
    }

    func testUnderDampedBounceOvershootsTheBound() throws {
        var c = SceneConfig()
        c.tunables[.bounceDamping] = 0.5
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
