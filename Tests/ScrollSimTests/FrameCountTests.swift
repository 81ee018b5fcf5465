import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

final class FrameCountTests: XCTestCase {
    func testRoundsToNearestFrameHalvesUp() {
        XCTAssertEqual(World.frameCount(seconds: 0.25, fps: 60), 15)   // 15.0
        XCTAssertEqual(World.frameCount(seconds: 0.125, fps: 60), 8)   // 7.5 → 8 (half up)
        XCTAssertEqual(World.frameCount(seconds: 0.1, fps: 60), 6)     // 6.000000000000001
        XCTAssertEqual(World.frameCount(seconds: 0.0075, fps: 60), 0)  // 0.45
        XCTAssertEqual(World.frameCount(seconds: 1.0 / 120, fps: 60), 1) // 0.5 → 1
        XCTAssertEqual(World.frameCount(seconds: 0.4, fps: 60), 24)    // 120/300 s
        XCTAssertEqual(World.frameCount(seconds: 0.025, fps: 60), 2)   // 1.5 → 2 (half up)
    }

    func testNeverTraps() {
        XCTAssertEqual(World.frameCount(seconds: -3, fps: 60), 0)
        XCTAssertEqual(World.frameCount(seconds: .nan, fps: 60), 0)
        XCTAssertEqual(World.frameCount(seconds: .infinity, fps: 60), FrameClock.maxFrames)
        XCTAssertEqual(World.frameCount(seconds: 1e300, fps: 1000), FrameClock.maxFrames)
    }

    func testTimeComesFromFrameIndex() {
        var w = World(scene { $0.fps = 60 })
        w.run(6)
        XCTAssertEqual(w.time, 0.1)      // 6/60 exactly, not 6 × (1/60)
        XCTAssertEqual(w.frameIndex, 6)
    }

    func testEaseInOutCurve() {
        // cubic-bezier(0.42, 0, 0.58, 1) is symmetric: y(0.5) = 0.5.
        XCTAssertEqual(Curve.easeInOut.apply(0.5), 0.5, accuracy: 1e-9)
        // x(s) = 0.25 at s = 0.3213 (bisection on 3(1−s)²s·0.42 + 3(1−s)s²·0.58 + s³);
        // y(s) = 3(1−s)s² + s³ = 3 × 0.6787 × 0.10324 + 0.03317 = 0.12916
        XCTAssertEqual(Curve.easeInOut.apply(0.25), 0.12916, accuracy: 1e-4)
        XCTAssertEqual(Curve.easeInOut.apply(0.75), 1 - 0.12916, accuracy: 1e-4)
        XCTAssertEqual(Curve.linear.apply(0.3), 0.3)
    }
}
