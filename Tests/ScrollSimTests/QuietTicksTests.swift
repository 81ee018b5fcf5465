import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A reactor whose animation runs from its start until 0.195 s, and which says (through
/// `quietUntil`, when it has one) that frames before 0.105 s would change nothing of it;
/// from its first tick on it wants every frame (−∞).
private final class QuietTicker: BehaviourReactor, @unchecked Sendable {
    /// The times of the `frameTicked` it was sent.
    var ticks: [Double] = []
    let until: UnsafeMutablePointer<Double>?

    init(quiet: Bool) {
        until = quiet ? .allocate(capacity: 1) : nil
        until?.initialize(to: 0.105)
        super.init(factsSlot: nil, quietUntil: until.map { UnsafePointer($0) })
    }

    deinit { until?.deallocate() }

    override func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        guard case .frameTicked = event else { return Reaction(animating: false) }
        ticks.append(scroll.time)
        until?.pointee = -.infinity
        return Reaction(animating: scroll.time < 0.195)
    }
}

/// `ticked`: a `QuietTicker` without `quietUntil`; `quietlyTicked`: with it.
private protocol TickedBehaviour: BuiltInBehaviour, Equatable {
    static var quiet: Bool { get }
    var ticker: QuietTicker { get }
    init(ticker: QuietTicker)
}

extension TickedBehaviour {
    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        self.init(ticker: QuietTicker(quiet: Self.quiet))
    }

    static func == (a: Self, b: Self) -> Bool { a.ticker === b.ticker }

    var keepsStateInClass: Bool { true }
    var reactor: BehaviourReactor? { ticker }

    mutating func start(_ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: true)
    }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        ticker.reduce(event, scroll, &adjustments)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value { .bool(false) }
    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }

    static func makeDeclaration(_ name: String) -> BehaviourDeclaration {
        BehaviourDeclaration(
            name: name, namespace: name,
            configuration: .word(ConfigWord(name, argument: nil, noun: name, usage: name, summary: "animates")),
            tunables: [], observables: [], states: [], listens: [])
    }
}

private struct Ticked: TickedBehaviour {
    static let declaration = makeDeclaration("ticked")
    static let quiet = false
    let ticker: QuietTicker
}

private struct QuietlyTicked: TickedBehaviour {
    static let declaration = makeDeclaration("quietlyticked")
    static let quiet = true
    let ticker: QuietTicker
}

/// `BehaviourReactor.quietUntil`: the world sends no `frameTicked` at a time before it, and
/// still counts the behaviour as animating (a `settle` waits for it).
final class QuietTicksTests: XCTestCase {
    let registry = BehaviourRegistry.builtIn.appending([Ticked.entry, QuietlyTicked.entry])

    private func world(quiet: Bool) -> (World, QuietTicker, UInt64) {
        var c = SceneConfig(registry: registry)
        XCTAssertTrue(c.declare(quiet ? "quietlyticked" : "ticked"))
        let w = World(c)
        let ticker = quiet ? (w.behaviours.last as! QuietlyTicked).ticker : (w.behaviours.last as! Ticked).ticker
        return (w, ticker, UInt64(1) << UInt64(w.behaviours.count - 1))
    }

    func testNoTickBeforeQuietUntilThenEveryFrameUntilItStops() {
        var (w, ticker, bit) = world(quiet: true)
        // Frames 1–6 (t = 1/60 … 0.1) are before 0.105: no call, but it animates.
        for _ in 1...6 {
            w.step()
            XCTAssertNotEqual(w.animatingMask & bit, 0)
            XCTAssertFalse(w.isAtRest)
        }
        XCTAssertEqual(ticker.ticks, [])
        // Frame 7 (0.1167) is the first at or after it; from there (−∞) every frame, to frame
        // 12 (0.2), the first at or after 0.195, whose reaction stops the animation.
        w.run(6)
        XCTAssertEqual(ticker.ticks, (7...12).map { Double($0) / 60 })
        XCTAssertEqual(w.animatingMask & bit, 0)
        w.run(3)
        XCTAssertEqual(ticker.ticks.count, 6)
    }

    /// The control: without `quietUntil`, every frame from the first.
    func testWithoutQuietUntilEveryFrameIsSent() {
        var (w, ticker, bit) = world(quiet: false)
        w.run(12)
        XCTAssertEqual(ticker.ticks, (1...12).map { Double($0) / 60 })
        XCTAssertEqual(w.animatingMask & bit, 0)
    }
}
