import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A reactor that overrides only `reduce` (as a class-kept behaviour written before
/// `BehaviourReactor.scrolled` would): the world's `scrolled` dispatch goes through the
/// default `scrolled`, which must answer what `reduce` does — its animation, its fault (at
/// the frame of the call), and that it stops listening.
private final class ScrollCounter: BehaviourReactor, @unchecked Sendable {
    var scrolls = 0
    var ticks = 0
    /// The scroll (1-based) whose reaction carries a fault; the one that stops listening.
    let faultAt: Int, stopAt: Int

    init(faultAt: Int, stopAt: Int) {
        self.faultAt = faultAt
        self.stopAt = stopAt
        super.init()
    }

    override func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        switch event {
        case .scrolled:
            scrolls += 1
            // Animating after its first scroll only: one frameTicked follows it.
            return Reaction(animating: scrolls == 1, fault: scrolls == faultAt ? .offsetNotFinite(.infinity) : nil,
                            stopsListening: scrolls == stopAt)
        case .frameTicked:
            ticks += 1
            return Reaction(animating: false)
        default:
            return Reaction(animating: false)
        }
    }
}

private struct Counted: BuiltInBehaviour, Equatable {
    static let declaration = BehaviourDeclaration(
        name: "counted", namespace: "counted",
        configuration: .word(ConfigWord("counted", argument: nil, noun: "counted", usage: "counted", summary: "counts scrolls")),
        tunables: [], observables: [], states: [], listens: [.scrolled])

    let counter: ScrollCounter

    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        counter = ScrollCounter(faultAt: 2, stopAt: 3)
    }

    static func == (a: Counted, b: Counted) -> Bool { a.counter === b.counter }

    var keepsStateInClass: Bool { true }
    var reactor: BehaviourReactor? { counter }

    /// The world calls the reactor (this only if it had none).
    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        counter.reduce(event, scroll, &adjustments)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value { .bool(false) }
    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}

final class ScrolledDispatchTests: XCTestCase {
    let registry = BehaviourRegistry.builtIn.appending([Counted.entry])

    func testAReactorOverridingOnlyReduceAnswersScrolledAsItsReduceDoes() {
        var c = SceneConfig(registry: registry)
        c.declare("counted")
        var w = World(c)
        let counter = (w.behaviours.last as! Counted).counter
        let bit = UInt64(1) << UInt64(w.behaviours.count - 1)
        let first = w.frameIndex + 1
        let n = w.beginPull(30)   // 6 frames, each moving the offset
        XCTAssertGreaterThanOrEqual(n, 4)
        w.step()
        XCTAssertEqual(counter.scrolls, 1)
        XCTAssertNotEqual(w.animatingMask & bit, 0, "its first scroll's reaction animates")
        XCTAssertNil(w.fault)
        w.step()
        // The second frame: frameTicked (step 3) first, which ended the animation, then the
        // scroll whose reaction carries the fault, recorded at this frame's time.
        XCTAssertEqual(counter.ticks, 1)
        XCTAssertEqual(w.animatingMask & bit, 0)
        XCTAssertEqual(counter.scrolls, 2)
        XCTAssertEqual(w.fault, BehaviourFaultReport(behaviour: BehaviourID(registry.count - 1),
                                                     fault: .offsetNotFinite(.infinity),
                                                     time: Double(first + 1) / 60))
        w.step()
        XCTAssertEqual(counter.scrolls, 3)
        XCTAssertEqual(w.scrolledMask & bit, 0, "its third scroll stopped the event")
        w.run(n - 3)
        XCTAssertEqual(counter.scrolls, 3, "no scroll is sent after it stopped listening")
        // The first fault is the one kept.
        XCTAssertEqual(w.fault?.time, Double(first + 1) / 60)
    }
}
