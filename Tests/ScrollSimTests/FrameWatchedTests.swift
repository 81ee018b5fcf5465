import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A behaviour that watches the ends of frames (`Reaction.watchesFrames`) for a while: it
/// logs the step-5 events it gets, in order, with the frame's time.
private struct Watcher: BuiltInBehaviour, Equatable {
    static let declaration = BehaviourDeclaration(
        name: "watcher", namespace: "watcher",
        configuration: .word(ConfigWord("watcher", noun: "watcher", usage: "watcher", summary: "watches frames")),
        observables: [ObservableDeclaration("ends", .quantity(.count), summary: "frame ends seen")],
        listens: [.fingerTracked, .scrolled])

    /// How many frame ends it still wants to see.
    var wanted = 3
    var log: [String] = []

    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {}

    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false, watchesFrames: wanted > 0)
    }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let frame = Int((scroll.time * 60).rounded())
        switch event {
        case .fingerTracked: log.append("\(frame) tracked")
        case .scrolled: log.append("\(frame) scrolled")
        case .frameWatched:
            log.append("\(frame) ended\(scroll.fingerDown ? " down" : "")")
            wanted -= 1
        default: break
        }
        return Reaction(animating: false, watchesFrames: wanted > 0)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        .number(Double(log.filter { $0.contains("ended") }.count), .count)
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}

final class FrameWatchedTests: XCTestCase {
    let registry = BehaviourRegistry.builtIn.appending([Watcher.entry])

    func world() -> World {
        var c = SceneConfig(registry: registry)
        c.declare("watcher")
        return World(c)
    }

    private func watcher(_ w: World) -> Watcher { w.behaviours.last as! Watcher }

    func testAWatchingBehaviourSeesEveryFrameEndUntilItStopsAndTheWorldIsAtRestMeanwhile() {
        var w = world()
        XCTAssertTrue(w.isAtRest)                    // `settle` does not wait for a watcher
        XCTAssertFalse(w.skipFramesAtRest(5))        // but no frame of it is skipped
        XCTAssertEqual(w.frameIndex, 0)
        w.step()
        w.step()
        XCTAssertFalse(w.skipFramesAtRest(5))
        w.step()                                     // the third end: it stops watching
        XCTAssertEqual(watcher(w).log, ["1 ended", "2 ended", "3 ended"])
        XCTAssertTrue(w.skipFramesAtRest(5))         // nothing watches now: skipped
        XCTAssertEqual(w.frameIndex, 8)
        w.step()
        XCTAssertEqual(watcher(w).log.count, 3)
    }

    func testWithAFingerDownTheFrameEndComesLastInStepFive() {
        var w = world()
        w.run(w.beginDrag(10, duration: 2.0 / 60))   // two frames of 5 pt
        XCTAssertEqual(watcher(w).log, ["1 tracked", "1 scrolled", "1 ended down",
                                        "2 tracked", "2 scrolled", "2 ended down"])
        w.step()                                     // held still: no `scrolled`
        XCTAssertEqual(watcher(w).log.suffix(2), ["3 tracked", "3 ended down"])
        XCTAssertEqual(w.frameIndex, 3)
    }
}
