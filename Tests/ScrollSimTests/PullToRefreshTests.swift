import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// Pull to refresh (spec §6.7), numbers worked out by hand from §6.7 and §6.2 (and
/// cross-checked with the independent Python model, tools/derive_scenarios.py block 046).
/// Rubber band b(x) = x·c·d / (d + c·x), c = 0.55, d = 667, c·d = 366.85.
final class PullToRefreshTests: XCTestCase {
    func world(_ edit: (inout SceneConfig) -> Void = { _ in }) -> World {
        World(scene { $0.declare("refresh"); edit(&$0) })
    }

    /// A touch moving 5 pt a frame for `frames` frames (a drag continuing the touch).
    func drag(_ w: inout World, _ frames: Int) {
        w.run(w.beginDrag(Double(frames) * 5, duration: Double(frames) / 60))
    }

    func refreshState(_ w: World) -> String { state(w.value(ObservableID.named("refresh.state"))) }

    func testAPullPastTheTriggerStartsARefreshWithoutAJump() {
        var w = world()
        drag(&w, 42)
        // p = 210: b(210) = 210·366.85/(667 + 115.5) = 77,038.5/782.5 = 98.452 < 100: pulling
        XCTAssertEqual(refreshState(w), "pulling")
        XCTAssertEqual(w.n(ObservableID.named("refresh.progress")), 0.98452, accuracy: 0.00001)
        XCTAssertEqual(w.n(.offsetMin), 0)
        drag(&w, 1)
        // p = 215: b(215) = 78,872.75/785.25 = 100.4429 ≥ 100: refreshing, inset 60 at once
        XCTAssertEqual(refreshState(w), "refreshing")
        XCTAssertEqual(w.n(ObservableID.named("refresh.count")), 1)
        XCTAssertEqual(w.n(ObservableID.named("refresh.inset")), 60)
        XCTAssertEqual(w.n(ObservableID.named("refresh.progress")), 1)
        XCTAssertEqual(w.n(.offsetMin), -60)
        XCTAssertEqual(w.n(.offset), -100.4429, accuracy: 0.0001)   // no jump
        XCTAssertFalse(w.isAtRest)
        drag(&w, 5)
        // Re-based 40.4429 past −60: b⁻¹(40.4429) = 40.4429·667/(0.55·626.5571) = 78.2788;
        // 25 pt more: b(103.2788) = 37,887.5/723.8033 = 52.3455 → −112.3455
        XCTAssertEqual(w.n(.offset), -112.3455, accuracy: 0.0001)
        XCTAssertEqual(w.n(.fingerTranslation), 240)              // from the touch-down
    }

    func testTheEndAnimationAndTheClampToTheMovingBound() throws {
        var w = world()
        drag(&w, 43)
        drag(&w, 5)
        try w.release()
        XCTAssertEqual(state(w.value(.phase)), "bouncing")      // past −60: snaps back to it
        w.run(102 - w.frameIndex)
        XCTAssertEqual(refreshState(w), "refreshing")              // t0 + 1 = 103/60 not yet
        XCTAssertEqual(w.n(.offset), -60)
        w.step()
        // Frame 103 = t0 + refresh.duration exactly: ending, progress 0, inset still 60
        XCTAssertEqual(refreshState(w), "ending")
        XCTAssertEqual(w.n(ObservableID.named("refresh.inset")), 60, accuracy: 1e-9)
        w.run(9)
        // Frame 112: progress (112 − 103)/60/0.3 = 0.5, ease-in-out(0.5) = 0.5: inset 30;
        // the content at rest follows the bound, velocity 0.
        XCTAssertEqual(w.n(ObservableID.named("refresh.inset")), 30, accuracy: 1e-9)
        XCTAssertEqual(w.n(.offsetMin), -30, accuracy: 1e-9)
        XCTAssertEqual(w.n(.offset), -30, accuracy: 1e-9)
        XCTAssertEqual(w.n(.velocity), 0)
        // Frame 121 = t0 + 1.3: idle, the top bound back at 0, at rest.
        XCTAssertEqual(w.settle(), 9)
        XCTAssertEqual(w.frameIndex, 121)
        XCTAssertEqual(refreshState(w), "idle")
        XCTAssertEqual(w.n(.offset), 0)
        XCTAssertEqual(w.n(ObservableID.named("refresh.progress")), 0)
    }

    func testAPullAtTheTriggerInsideTheNewBoundsGoesOn() {
        var w = world { $0.tunables[.named("refresh.height")] = 150 }
        drag(&w, 43)
        XCTAssertEqual(w.n(.offsetMin), -150)
        drag(&w, 5)
        // −100.4429 is inside [−150, …]: nothing banded, 25 pt of finger move it 25 pt.
        XCTAssertEqual(w.n(.offset), -125.4429, accuracy: 0.0001)
    }

    func testTheIndicatorIsListedFirstAndTakesNoTaps() throws {
        var w = world()
        w.pull(200)
        // b(200) = 73,370/777 = 94.4273: the gap above the content, from E = 0
        let frames = w.visibleFrames()
        XCTAssertEqual(frames.first?.name, "refresh")
        XCTAssertEqual(frames.first?.rect.height ?? 0, 94.4273, accuracy: 0.0001)
        XCTAssertEqual(frames.first?.layer, .background)
        XCTAssertEqual(frames.dropFirst().first?.name, "row[0,0]")
        try w.release()
        w.settle()
        XCTAssertNotEqual(w.visibleFrames().first?.name, "refresh")   // height 0: not listed
        // Refreshing, at rest 60 down: a tap in the gap reaches no view.
        w.run(w.beginDrag(215, duration: 43.0 / 60))
        try w.release()
        w.run(40)
        XCTAssertEqual(w.n(.offset), -60)
        XCTAssertEqual(try w.tap(.point(x: 100, y: 30)), .nothing)
        XCTAssertEqual(try w.tap(.point(x: 100, y: 70)), .row(0, 0))
    }

    func testInsetTopIsTheEdgeTheIndicatorStartsAt() {
        var w = world { $0.tunables[.insetTop] = 20 }
        w.pull(200)
        // min = −20; pull 200 → offset −20 − 94.4273; the indicator from E = 20, 94.4273 tall
        XCTAssertEqual(w.n(.offset), -114.4273, accuracy: 0.0001)
        guard case .rect(let r) = w.value(ObservableID.named("refresh.frame")) else { return XCTFail() }
        XCTAssertEqual(r.y, 20)
        XCTAssertEqual(r.height, 94.4273, accuracy: 0.0001)
        XCTAssertEqual(r.width, 375)
    }

    // MARK: - v1.5: one refresh per pull; no movement under a still finger

    /// b(x) and b⁻¹(e) with c = 0.55, d = 667 (the hand formulas above).
    func b(_ x: Double) -> Double { x * 366.85 / (667 + 0.55 * x) }

    func testAHeldStillPullStartsOneRefreshAndNothingMovesUnderTheFinger() {
        var w = world()
        w.pull(215)
        XCTAssertEqual(w.frameIndex, 43)
        XCTAssertEqual(refreshState(w), "refreshing")
        let held = -b(215)                                          // −100.4429
        XCTAssertEqual(w.n(.offset), held, accuracy: 1e-9)
        // Frames 44 … 121: refreshing to frame 103 (t0 + 1 s), then ending, the inset easing
        // from 60 to 0 by frame 121 (t0 + 1.3 s). The start and every frame of the end
        // re-base the drag: the offset stays where the finger holds it (a rounding at most).
        for frame in 44...121 {
            w.step()
            XCTAssertEqual(w.n(.offset), held, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(w.n(.velocity), 0, accuracy: 1e-6, "frame \(frame)")
            if frame == 112 {                                       // ease-in-out(0.5) = 0.5
                XCTAssertEqual(refreshState(w), "ending")
                XCTAssertEqual(w.n(.offsetMin), -30, accuracy: 1e-9)
            }
        }
        // Frame 121: `ending` ended, no other rule ran: idle. The next frame: pulling (q > 0).
        XCTAssertEqual(refreshState(w), "idle")
        XCTAssertEqual(w.n(.offsetMin), 0)
        w.step()
        XCTAssertEqual(refreshState(w), "pulling")
        XCTAssertEqual(w.n(ObservableID.named("refresh.progress")), 1)   // min(1, 100.44/100)
        // Held on for 5 s more: disarmed, no second refresh (v1.4 did not re-base, so the
        // content followed the bound up to −68.47 and nothing restarted here either).
        w.run(300)
        XCTAssertEqual(w.n(ObservableID.named("refresh.count")), 1)
        XCTAssertEqual(refreshState(w), "pulling")
        XCTAssertEqual(w.n(.offset), held, accuracy: 1e-9)
    }

    func testHeldBackWithinATenthOfTheTriggerReArms() {
        var w = world()
        w.pull(215)
        w.run(81)                                                   // frame 124: pulling
        // Re-based under the bound 0 at frame 121: the unbanded position is b⁻¹(b(215)) =
        // 215. 210 pt up leave 5: q = b(5) = 2.7387 ≤ 10: re-armed.
        w.drag(-210)
        XCTAssertEqual(w.n(.offset), -b(5), accuracy: 1e-9)
        w.drag(215)
        XCTAssertEqual(w.n(ObservableID.named("refresh.count")), 2)
        XCTAssertEqual(refreshState(w), "refreshing")
        // 185 up instead leave 30: q = b(30) = 16.10 > 10: not re-armed.
        var v = world()
        v.pull(215)
        v.run(81)
        v.drag(-185)
        XCTAssertEqual(v.n(.offset), -b(30), accuracy: 1e-9)
        v.drag(185)
        XCTAssertEqual(v.n(ObservableID.named("refresh.count")), 1)
        XCTAssertEqual(refreshState(v), "pulling")
    }

    /// The snap-back from x0 = −b(215) with snapback.stiffness 2000, damping 2.8 (over-damped):
    /// x(τ) = c1·e^(r1·τ) + c2·e^(r2·τ), r = −ζω ± ω√(ζ² − 1), c2 = −r1·x0/(r2 − r1).
    func snapBack(_ tau: Double) -> Double {
        let w = 2000.0.squareRoot(), z = 2.8, x0 = -b(215)
        let r1 = -z * w + w * (z * z - 1).squareRoot(), r2 = -z * w - w * (z * z - 1).squareRoot()
        let c2 = -r1 * x0 / (r2 - r1)
        return (x0 - c2) * exp(r1 * tau) + c2 * exp(r2 * tau)
    }

    func testTheControlReArmsWithTheFingerUp() throws {
        // Held through the end (frame 124), released 100.44 past the top bound 0: the
        // snap-back reaches q = 10.0186 at frame 141 and 8.7303 at frame 142.
        XCTAssertEqual(snapBack(17.0 / 60), -10.0186, accuracy: 0.0001)
        XCTAssertEqual(snapBack(18.0 / 60), -8.7303, accuracy: 0.0001)
        for (frames, count) in [(17, 1.0), (18, 2.0)] {
            var w = world()
            w.pull(215)
            w.run(81)
            try w.release()
            w.run(frames)
            XCTAssertEqual(w.n(.offset), snapBack(Double(frames) / 60), accuracy: 1e-6)
            // The pull's first frame is already past 10 (b(b⁻¹(8.73) + 5) = 11.40): only
            // step 5 of the last frame, with the finger up, can have re-armed it.
            w.pull(215)
            XCTAssertEqual(w.n(ObservableID.named("refresh.count")), count, "released for \(frames) frames")
        }
    }

    func testAWorldWaitingToReArmIsAtRestButRunsItsNextFrame() throws {
        var w = world()
        w.pull(215)
        try w.release()
        XCTAssertEqual(w.settle(), 78)                              // frame 121: ended, disarmed
        XCTAssertTrue(w.isAtRest)                                    // `settle` does not wait for it
        XCTAssertFalse(w.skipFramesAtRest(10))                      // but frame 122 re-arms
        XCTAssertEqual(w.frameIndex, 121)
        w.step()
        XCTAssertTrue(w.skipFramesAtRest(10))                       // armed: a frame changes nothing
        XCTAssertEqual(w.frameIndex, 132)
        w.pull(215)                                                 // the second refresh
        XCTAssertEqual(w.n(ObservableID.named("refresh.count")), 2)
    }
}
