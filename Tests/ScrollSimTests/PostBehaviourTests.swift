import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// Each post's behaviour with its own numbers (spec §6.3–§6.5).
final class ZoomableHeaderTests: XCTestCase {   // post 000: header 240 pin 60
    func world() -> World { World(scene { $0.header = HeaderConfig(height: 240, pin: 60) }) }

    func testPullStretchesHeader() {
        var w = world()
        // pull 120 at 300 pt/s: 0.4 s = 24 frames
        XCTAssertEqual(w.beginPull(120), 24)
        w.run(24)
        // u = −120 → offset = −b(120) = −60.057; header stays at E = 0 and grows by 60.057
        XCTAssertEqual(w.n(.offset), -60.06, accuracy: 0.005)
        XCTAssertEqual(w.n(.headerY), 0)
        XCTAssertEqual(w.n(.headerHeight), 300.06, accuracy: 0.005)
        // scale = 300.057/240 = 1.2502
        XCTAssertEqual(w.n(.headerScale), 1.2502, accuracy: 0.0001)
        XCTAssertEqual(state(w.value(.phase)), "dragging")
        XCTAssertEqual(w.n(.fingerTranslation), 120)
        // finger velocity D·fps/n = 120·60/24 = 300
        XCTAssertEqual(w.n(.fingerVelocity), 300)
    }

    func testReleaseSnapsBackAndSettlesAtFrame36() throws {
        var w = world()
        w.pull(120)
        try w.release()
        XCTAssertEqual(state(w.value(.phase)), "bouncing")
        // A release past the edge snaps back (spec v1.3): stiffness 2000, ζ 2.8, ω = 44.72136,
        // r1 = −ω(2.8 − √6.84) = −8.258275, r2 = −242.181339; from x0 = −60.0573 at rest
        // A = −r2·x0/(r1 − r2) = −62.1775, B = x0 − A = 2.1202 (gone within frames).
        // τ = 35/60: x = −62.1775·e^(−4.817327) = −0.5029 → |x| ≥ 0.5, still bouncing
        // τ = 36/60: x = −62.1775·e^(−4.954965) = −0.4382, x' = r1·x = 3.62 < 5 → rest
        w.run(35)
        XCTAssertEqual(state(w.value(.phase)), "bouncing")
        w.step()
        XCTAssertEqual(state(w.value(.phase)), "idle")
        XCTAssertEqual(w.n(.offset), 0)
        XCTAssertTrue(w.isAtRest)
        XCTAssertEqual(w.time, 1.0, accuracy: 1e-12)   // 0.4 + 0.6
    }

    func testScrollsAwayAndPins60() throws {
        var w = world()
        w.drag(-500)
        // offset 500; y = max(−500, 0 − (240 − 60)) = −180; bottom = 60; no zoom
        XCTAssertEqual(w.n(.offset), 500)
        XCTAssertEqual(w.n(.headerY), -180)
        XCTAssertEqual(w.n(.headerBottom), 60)
        XCTAssertEqual(w.n(.headerScale), 1)
        // Untitled section 0 (height 0) sticks at S = E + P = 60.
        XCTAssertEqual(w.n(.sectionY), 60)
        XCTAssertEqual(w.n(.sectionHeight), 0)
    }

    func testNoStretchMovesHeaderDown() {
        var w = World(scene { $0.header = HeaderConfig(height: 240, pin: 60, stretches: false) })
        w.pull(120)
        // y = −offset = 60.057, height stays 240
        XCTAssertEqual(w.n(.headerY), 60.06, accuracy: 0.005)
        XCTAssertEqual(w.n(.headerHeight), 240)
    }

    func testInsetTopMovesTopEdge() {
        var c = scene { $0.header = HeaderConfig(height: 240) }
        c.tunables[.insetTop] = 20
        let w = World(c)
        // min = −20: at rest offset −20, header y = −offset = 20 = E
        XCTAssertEqual(w.n(.offset), -20)
        XCTAssertEqual(w.n(.headerY), 20)
    }
}

final class ParallaxStickyTests: XCTestCase {   // post 001
    func world(_ sections: [SectionConfig]) -> World {
        World(scene {
            $0.header = HeaderConfig(height: 240, parallax: 1 / 4.7)
            $0.sections = sections
        })
    }

    func testParallaxImageMovesAtOneMinusF() {
        var w = world([SectionConfig(title: "A", rowCount: 40)])
        w.drag(-300)
        // header.y = −300; image.y = −300 × (1 − 1/4.7) = −300 × 0.787234 = −236.17
        XCTAssertEqual(w.n(.headerY), -300)
        XCTAssertEqual(w.n(.headerImageY), -236.17, accuracy: 0.005)
        XCTAssertEqual(w.n(.headerImageHeight), 240)
        // section 0 natural y = 240 − 300 = −60 < S = 0: sticks at min(0, end − 28) = 0
        XCTAssertEqual(w.n(.sectionY), 0)
    }

    func testNoGapUnderHeaderBeforeSticking() {
        var w = world([SectionConfig(title: "A", rowCount: 40)])
        w.drag(-100)
        // header bottom = −100 + 240 = 140; section 0 at 240 − 100 = 140
        XCTAssertEqual(w.n(.headerBottom), 140)
        XCTAssertEqual(w.n(.sectionY), 140)
        w.drag(200)   // pulled: offset −b(100) = −100·0.55·667/(667 + 55) = −50.81
        XCTAssertEqual(w.n(.offset), -50.81, accuracy: 0.005)
        XCTAssertEqual(w.n(.headerBottom), w.n(.sectionY), accuracy: 1e-9)
        XCTAssertEqual(w.n(.sectionY), 290.81, accuracy: 0.005)
    }

    func testNextSectionPushesStuckHeaderUp() {
        var w = world([SectionConfig(title: "A", rowCount: 5), SectionConfig(title: "B", rowCount: 30)])
        // A spans 240 … 240 + 28 + 5·44 = 488; content = 488 + 28 + 1320 = 1836, max = 1169
        w.drag(-470)
        XCTAssertEqual(w.n(.offset), 470)
        // A: natural −230 < 0 → min(0, 488 − 470 − 28) = −10; B at 488 − 470 = 18
        XCTAssertEqual(w.n(.sectionY, 0), -10)
        XCTAssertEqual(w.n(.sectionY, 1), 18)
        XCTAssertEqual(w.n(.contentHeight), 1836)
    }
}

final class ToggleHeaderTests: XCTestCase {   // post 002: 50 ↔ 100 in 0.25 s
    func world(bodyFollows: Bool) -> World {
        var c = scene {
            $0.header = HeaderConfig(height: 50, toggle: 100)
            $0.fps = 120
            $0.sections = [SectionConfig(title: "S", rowCount: 20)]
        }
        c.tunables[.headerBodyFollows] = bodyFollows ? 1 : 0
        return World(c)
    }

    func testTapAnimatesHeightWithBody() throws {
        var w = world(bodyFollows: true)
        XCTAssertEqual(try w.tap(.header), .header(expanded: true))
        XCTAssertTrue(flag(w.value(.headerExpanded)))
        // 0.125 s = 15 frames at 120 fps: progress 0.5 → eased 0.5 → 50 + 25 = 75
        w.run(15)
        XCTAssertEqual(w.n(.headerHeight), 75, accuracy: 1e-9)
        XCTAssertEqual(w.n(.sectionY), 75, accuracy: 1e-9)
        XCTAssertFalse(w.isAtRest)
        // 0.25 s = 30 frames: done at 100; content = 100 + 28 + 880 = 1008
        w.run(15)
        XCTAssertEqual(w.n(.headerHeight), 100)
        XCTAssertEqual(w.n(.contentHeight), 1008)
        XCTAssertTrue(w.isAtRest)
        // tapping again animates back: 0.125 s later it is half way, 100 − 25 = 75
        XCTAssertEqual(try w.tap(.header), .header(expanded: false))
        w.run(15)
        XCTAssertEqual(w.n(.headerHeight), 75, accuracy: 1e-9)
        XCTAssertFalse(flag(w.value(.headerExpanded)))
    }

    func testQuarterProgressFollowsEaseInOut() throws {
        var c = scene { $0.header = HeaderConfig(height: 50, toggle: 100) }
        c.fps = 240
        var w = World(c)
        _ = try w.tap(.header)
        // 0.0625 s = 15 frames at 240 fps: progress 0.25 → eased 0.12916 → 50 + 50 × 0.12916 = 56.458
        w.run(15)
        XCTAssertEqual(w.n(.headerHeight), 56.458, accuracy: 0.005)
    }

    func testBodyWaitsWhenBodyDoesNotFollow() throws {
        var w = world(bodyFollows: false)
        _ = try w.tap(.header)
        w.run(15)
        // the header is at 75 but the body still lays out below 50: overlap of 25 pt
        XCTAssertEqual(w.n(.headerBottom), 75, accuracy: 1e-9)
        XCTAssertEqual(w.n(.sectionY), 50)
        w.run(15)
        XCTAssertEqual(w.n(.sectionY), 100)
    }
}
