import XCTest
@testable import ScrollSim
import ScrollSimTestSupport

/// A behaviour written as a user would (its own declaration, registered after the
/// built-ins): it counts the events of §6.1/§8 it receives and can retarget a fling.
private struct Probe: BuiltInBehaviour, Equatable {
    static let declaration = BehaviourDeclaration(
        name: "probe", namespace: "probe",
        configuration: .word(ConfigWord("probe", argument: ConfigArgument(name: "probe target", placeholder: "T",
                                                                         quantity: .points, range: .within(TunableRange(-1e6, 1e6)),
                                                                         defaultValue: .nan),
                                        noun: "probe", usage: "probe", summary: "counts events")),
        tunables: [TunableDeclaration("gain", .quantity(.number), default: 2, range: TunableRange(0, 10), summary: "a number")],
        observables: [
            ObservableDeclaration("began", .quantity(.count), summary: "drags begun"),
            ObservableDeclaration("scrolls", .quantity(.count), summary: "frames whose offset moved"),
            ObservableDeclaration("mood", .state, summary: "calm or busy"),
        ],
        states: ["calm", "busy"],
        listens: [.dragBegan, .scrolled, .flingTargetChosen, .dragEnded])

    var target: Double
    var began = 0, scrolls = 0, ended = 0
    var offered: Double?
    var willDecelerate: Bool?
    let id: BehaviourID

    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        target = setup.settings.argument ?? .nan
        id = setup.id
    }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        switch event {
        case .dragBegan: began += 1
        case .scrolled: scrolls += 1
        case .flingTargetChosen:
            offered = adjustments.flingTarget
            if target.isFinite { adjustments.flingTarget = target }
        case .dragEnded(let d): ended += 1; willDecelerate = d
        default: break
        }
        return Reaction(animating: false)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        switch observable {
        case 0: return .number(Double(began), .count)
        case 1: return .number(Double(scrolls), .count)
        default: return .state(StateID(family: .behaviour(id), index: scrolls > 0 ? 1 : 0, name: scrolls > 0 ? "busy" : "calm"))
        }
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}

final class BehaviourInterfaceTests: XCTestCase {
    let registry = BehaviourRegistry.builtIn.appending([Probe.entry])

    func world(target: Double? = nil) -> World {
        var c = SceneConfig(registry: registry)
        c.declare("probe", target)
        return World(c)
    }

    fileprivate func probe(_ w: World) -> Probe { w.behaviours.last as! Probe }

    func testAUserBehaviourIsRegisteredAfterTheBuiltInsWithItsVocabulary() {
        let id = BehaviourID(BehaviourRegistry.builtIn.count)
        XCTAssertEqual(registry.configWord(named: "probe")?.owner, id)
        XCTAssertEqual(registry.plainObservable(named: "probe.began"), .behaviour(id, 0))
        XCTAssertEqual(registry.tunable(named: "probe.gain"), .behaviour(id, 0))
        XCTAssertEqual(registry.stateFamilies.last?.names, ["calm", "busy"])
        XCTAssertEqual(registry.stateFamilies.last?.observable, "probe.mood")
        // `calm` is only the probe's; `idle` stays phase's first.
        XCTAssertEqual(registry.resolve("calm"), .state(StateID(family: .behaviour(id), index: 0, name: "calm")))
        XCTAssertEqual(registry.resolve("idle"), .state(.idle))
        // Without `probe`, its names are missing; the built-ins see nothing of it.
        XCTAssertEqual(registry.missing(for: .behaviour(id, 0), in: SceneConfig(registry: registry)), id)
        XCTAssertNil(BehaviourRegistry.builtIn.configWord(named: "probe"))
    }

    func testThePlainNamesAndKindsSayWhatTheRegistrySays() {
        // The checker's plain forms (nothing in them to retain): a state by its family and
        // its place in it, its name the word looked up. Worked out from the declarations:
        // the probe is registered after the six built-ins; `mood` is its third observable.
        let id = BehaviourID(BehaviourRegistry.builtIn.count)
        XCTAssertEqual(id, BehaviourID(6))
        XCTAssertEqual(registry.resolvePlain("calm"), .state(.behaviour(id), index: 0))
        XCTAssertEqual(registry.resolvePlain("busy"), .state(.behaviour(id), index: 1))
        XCTAssertEqual(registry.resolvePlain("idle"), .state(.phase, index: 0))
        XCTAssertEqual(registry.resolvePlain("bouncing"), .state(.phase, index: 3))
        XCTAssertEqual(registry.resolvePlain("probe.mood"), .observable(.behaviour(id, 2)))
        XCTAssertEqual(registry.resolvePlain("probe.gain"), .tunable(.behaviour(id, 0)))
        XCTAssertEqual(registry.resolvePlain("row.height"), .tunable(.core(.rowHeight)))
        XCTAssertNil(registry.resolvePlain("section.y"))
        XCTAssertNil(registry.resolvePlain("calmly"))
        XCTAssertEqual(registry.observablePlainKind(.behaviour(id, 2)), .state(.behaviour(id)))
        XCTAssertEqual(registry.observablePlainKind(.behaviour(id, 0)), .quantity(.count))
        XCTAssertEqual(registry.observablePlainKind(.core(.phase)), .state(.phase))
        XCTAssertEqual(registry.observablePlainKind(.core(.offset)), .quantity(.points))
        XCTAssertEqual(registry.observablePlainKind(.core(.rowFrame)), .rect)
        // And for every name of the vocabulary, what `resolve` and `observableKind` say.
        for n in registry.observables.map(\.name) + registry.tunables.map(\.name) + registry.stateNames {
            let plain: PlainNameRef? = registry.resolve(n).map {
                switch $0 {
                case .observable(let o): return .observable(o)
                case .tunable(let t): return .tunable(t)
                case .state(let s): return .state(s.family, index: s.index)
                }
            }
            XCTAssertEqual(registry.resolvePlain(n), plain, n)
        }
        for o in registry.observables { XCTAssertEqual(registry.observablePlainKind(o.id), o.kind.plain, o.name) }
        // The rules between words the checker looks at for every scenario: only the refresh
        // control has one (it needs `header ... nostretch`); the probe has none.
        XCTAssertEqual(registry.ruledIDs.map { registry.declaration($0).name }, ["refresh"])
    }

    func testDragBeganAndScrolledComeAtTheirPointsOfTheFrame() {
        var w = world()
        let n = w.beginPull(30)          // 6 frames
        XCTAssertEqual(probe(w).began, 0)   // the first frame of the touch sends it
        w.step()
        XCTAssertEqual(probe(w).began, 1)
        XCTAssertEqual(probe(w).scrolls, 1)
        w.run(n - 1)
        XCTAssertEqual(probe(w).began, 1)
        XCTAssertEqual(probe(w).scrolls, 6)  // every frame of the pull moved the offset
        let held = w.beginDrag(0, duration: 0.1)   // the same touch, held still: no scroll
        w.run(held)
        XCTAssertEqual(probe(w).scrolls, 6)
        XCTAssertEqual(probe(w).began, 1)
        XCTAssertEqual(state(w.value(ObservableID.named("probe.mood", in: registry))), "busy")
    }

    func testAFlingsTargetIsOfferedAndCanBeChosen() throws {
        // fling −1000: 6 frames, the finger 100 pt up: o0 = 100, content velocity +1000.
        // k = 1000·ln 0.998 = −2.0020027; offered = 100 + (1000 − 10)/2.0020027 = 594.5048.
        var w = world(target: 400)
        w.run(w.beginFling(-1000))
        XCTAssertEqual(probe(w).offered ?? 0, 594.5048, accuracy: 0.0001)
        XCTAssertEqual(probe(w).willDecelerate, true)
        // Chosen T = 400: v' = (400 − 100)·2.0020027 + 10 = 610.6008, read as `velocity`.
        XCTAssertEqual(w.n(.velocity), 610.6008, accuracy: 0.0001)
        w.run(6)
        // τ = 0.1: 100 + 610.6008·(0.998¹⁰⁰ − 1)/k = 155.3362
        XCTAssertEqual(w.n(.offset), 155.3362, accuracy: 0.0001)
        // τe = ln(10/610.6008)/k = 2.05387: the first frame after 0.1 + 2.05387 = 2.15387 s
        // is frame 130; it rests exactly at T.
        w.run(129 - w.frameIndex)
        XCTAssertEqual(state(w.value(.phase)), "decelerating")
        w.step()
        XCTAssertEqual(state(w.value(.phase)), "idle")
        XCTAssertEqual(w.n(.offset), 400)
    }

    func testATargetEqualToTheOfferedOneOrTheOriginChangesAccordingly() throws {
        // The offered target written back (the same Double): nothing changes, the release
        // is §6.2's with v = 1000; a target 1e-9 away is a chosen one, v' from it.
        var same = world(target: 594.5048348347902)
        same.run(same.beginFling(-1000))
        XCTAssertEqual(probe(same).offered, 594.5048348347902)
        XCTAssertEqual(same.n(.velocity), 1000)
        var near = world(target: 594.5048348357902)
        near.run(near.beginFling(-1000))
        XCTAssertNotEqual(near.n(.velocity), 1000)
        XCTAssertEqual(near.n(.velocity), 1000, accuracy: 1e-4)
        var stay = world(target: 100)                 // T = o0: idle at once
        stay.run(stay.beginFling(-1000))
        XCTAssertEqual(state(stay.value(.phase)), "idle")
        XCTAssertEqual(stay.n(.offset), 100)
        XCTAssertEqual(probe(stay).willDecelerate, false)
    }

    func testSnapshotsCopyBehaviours() {
        var a = world()
        a.run(a.beginPull(30))
        let b = a
        a.run(a.beginPull(30))
        XCTAssertEqual(probe(b).scrolls, 6)
        XCTAssertEqual(probe(a).scrolls, 12)
        XCTAssertNotEqual(a, b)
    }
}
