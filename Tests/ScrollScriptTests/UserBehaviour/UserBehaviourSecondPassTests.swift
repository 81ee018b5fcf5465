import XCTest
@testable import ScrollScript
@testable import ScrollSim

/// Reads numbers of every kind a delegate keeps: an `Int`, a `Double`, a `Float`, a
/// `UInt8`; a state enum without `CaseIterable` listed by its cases; no init of its own.
final class Kinds: ScrollBehaviour {
    enum Mode: Equatable { case still, moving }
    enum Raw: String, CaseIterable { case still, moving = "inMotion" }

    static let declaration = BehaviourSpec<Kinds>(
        name: "kinds", summary: "reads numbers of several types",
        observables: [
            .number("page", summary: "an Int") { $0.page },
            .seconds("elapsed", summary: "a Double") { $0.elapsed },
            .points("float", summary: "a Float") { $0.float },
            .number("byte", summary: "a UInt8") { $0.byte },
            .state("mode", summary: "an enum listed by its cases", cases: [.still, .moving]) { $0.mode },
            .string("text", summary: "text, off the change line") { _ in "t" },
        ])

    var page = 3
    var elapsed = 0.25
    var float: Float = 1.5
    var byte: UInt8 = 7
    var mode = Mode.still

    func scrollViewDidScroll(_ scrollView: UIScrollView) { mode = .moving }
}

/// A state from `String` raw values: the raw values name the states.
final class RawStates: ScrollBehaviour {
    enum Phase: String, CaseIterable { case still, moving = "inMotion" }
    static let declaration = BehaviourSpec<RawStates>(
        name: "raw", summary: "states from raw values",
        observables: [.state("state", summary: "still or inMotion") { $0.phase }])
    var phase = Phase.still
}

/// Implements no delegate method the world sends every frame: only a release.
final class ReleaseOnly: ScrollBehaviour {
    static let declaration = BehaviourSpec<ReleaseOnly>(
        name: "releases", summary: "counts releases", observables: [.count("count", summary: "releases") { $0.count }])
    var count = 0
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        count += 1
    }
}

/// An observable rect whose width becomes infinite once the content is pulled past the top:
/// 1 / max(0, offset) is 1 / 0 = +∞ there. Nothing reads it.
final class Wide: ScrollBehaviour {
    static let declaration = BehaviourSpec<Wide>(
        name: "wide", summary: "a rect that is not finite at offset 0 after a scroll",
        observables: [.rect("box", summary: "a box") { CGRect(x: 0, y: 0, width: $0.width, height: 1) }])
    var width: CGFloat = 1
    func scrollViewDidScroll(_ scrollView: UIScrollView) { width = 1 / max(0, scrollView.contentOffset.y) }
}

/// A fade started when it is made (t = 0), 0.5 s long, whose completion makes its number
/// NaN; no delegate method of its own.
final class SpoiledFade: ScrollBehaviour {
    static let declaration = BehaviourSpec<SpoiledFade>(
        name: "spoiled", summary: "a number that a completion makes NaN",
        observables: [.number("x", summary: "1, then NaN") { $0.x }])
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var x: CGFloat = 1
    init() {
        UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { self.view.alpha = 0 },
                       completion: { _ in self.x = .nan })
    }
}

final class UserBehaviourSecondPassTests: XCTestCase {
    func world(_ types: [any ScrollBehaviour.Type], use names: [String]) throws -> World {
        var c = SceneConfig(registry: try BehaviourRegistry.with(types))
        for n in names { XCTAssertTrue(c.declareUsed(n)) }
        return World(c)
    }

    func value(_ w: World, _ name: String) -> Value? {
        w.registry.plainObservable(named: name).map { w.value($0) }
    }

    func testNumbersOfAnyIntegerOrFloatingPointTypeAndStatesOfAnyEnum() throws {
        var w = try world([Kinds.self, RawStates.self], use: ["kinds", "raw"])
        XCTAssertEqual(value(w, "kinds.page"), .number(3, .number))
        XCTAssertEqual(value(w, "kinds.elapsed"), .number(0.25, .seconds))
        XCTAssertEqual(value(w, "kinds.float"), .number(1.5, .points))
        XCTAssertEqual(value(w, "kinds.byte"), .number(7, .number))
        let kinds = try XCTUnwrap(w.registry.ids.map { w.registry.declaration($0) }.first { $0.name == "kinds" })
        XCTAssertEqual(kinds.states, ["still", "moving"])
        // Every observable but the string is on the change line, first, in declaration order.
        XCTAssertEqual(kinds.observables.map { $0.prominence }, [1, 1, 1, 1, 1, nil])
        let raw = try XCTUnwrap(w.registry.ids.map { w.registry.declaration($0) }.first { $0.name == "raw" })
        XCTAssertEqual(raw.states, ["still", "inMotion"])
        guard case .state(let s)? = value(w, "kinds.mode") else { return XCTFail("kinds.mode") }
        XCTAssertEqual(s.name, "still")
        for _ in 0..<w.beginDrag(-30, duration: 0.1) { w.step() }
        guard case .state(let t)? = value(w, "kinds.mode") else { return XCTFail("kinds.mode") }
        XCTAssertEqual(t.name, "moving")
    }

    func testAMethodTheClassDoesNotImplementIsNotCalledAfterItsFirstEvent() throws {
        var w = try world([ReleaseOnly.self], use: ["releases"])
        // The declaration listens to every delegate call at first.
        XCTAssertNotEqual(w.scrolledMask, 0)
        XCTAssertNotEqual(w.dragEndedMask, 0)
        XCTAssertNotEqual(w.decelerationMask, 0)
        let frames = w.beginDrag(-100, duration: 0.5)
        w.step()
        // The first scroll found scrollViewDidScroll to be the protocol's default.
        XCTAssertEqual(w.scrolledMask, 0)
        for _ in 1..<frames { w.step() }
        try w.release()
        XCTAssertEqual(value(w, "releases.count"), .number(1, .count))
        XCTAssertNotEqual(w.flingTargetMask, 0)
        // A release at rest decelerates nowhere: scrollViewDidEndDragging was learned, and
        // scrollViewWillBeginDecelerating has not been called yet, so dragEnded stays.
        XCTAssertNotEqual(w.dragEndedMask, 0)
        let more = w.beginFling(-2000)
        for _ in 0..<more { w.step() }
        // This release decelerates: scrollViewWillBeginDecelerating is learned too.
        XCTAssertEqual(w.dragEndedMask, 0)
        while !w.isAtRest { w.step() }
        XCTAssertEqual(w.decelerationMask, 0)
        XCTAssertEqual(value(w, "releases.count"), .number(2, .count))
        XCTAssertNil(w.fault)
    }

    func testAWorldThatStoppedSendingAnEventIsTheSameAsOneThatNeverDid() throws {
        // A world that learned ReleaseOnly has no scrollViewDidScroll, and a copy of it: each
        // makes itself again from its inputs when it runs on (learning again), and both come
        // to rest through the same offsets, without a fault (replay compares them).
        var w = try world([ReleaseOnly.self], use: ["releases"])
        var offsets: [Double] = []
        for _ in 0..<w.beginFling(-1500) { w.step() }
        let copy = w
        while !w.isAtRest { w.step(); offsets.append(w.offset) }
        var c = copy
        var again: [Double] = []
        while !c.isAtRest { c.step(); again.append(c.offset) }
        XCTAssertEqual(offsets, again)
        XCTAssertNil(c.fault)
    }

    func testARectThatBecomesInfiniteIsAFaultAtTheFrameItDid() throws {
        var w = try world([Wide.self], use: ["wide"])
        // Pulled down: the offset is below 0 from the first frame, 1 / max(0, y) = +∞.
        w.step()
        w.checkValues()
        XCTAssertNil(w.fault)
        XCTAssertGreaterThan(w.beginPull(100), 8)
        w.step()
        w.checkValues()
        XCTAssertEqual(w.fault?.fault, .valueNotFinite(observable: 0, .infinity))
        XCTAssertEqual(w.fault?.time, 2.0 / 60)
    }

    func testAValueCheckedLaterIsAFaultAtTheCallThatMadeItSoWithTheWorldPutBackThere() throws {
        // The values are checked when the world is asked (the interpreter asks at the end of
        // each statement's frames), not after each call: five frames after the one that made
        // the rect infinite, the check finds it, and the world, made again from its inputs
        // with a check after every call, stops at that frame (2), as it was then.
        var w = try world([Wide.self], use: ["wide"])
        var then = w
        w.step()
        XCTAssertGreaterThan(w.beginPull(100), 8)
        for _ in 0..<6 { w.step() }
        XCTAssertNil(w.fault, "not checked yet")
        w.checkValues()
        XCTAssertEqual(w.fault?.fault, .valueNotFinite(observable: 0, .infinity))
        XCTAssertEqual(w.fault?.time, 2.0 / 60)
        XCTAssertEqual(w.frameIndex, 2)
        then.step()
        _ = then.beginPull(100)
        then.step()
        XCTAssertEqual(w.offset, then.offset)
        XCTAssertLessThan(w.offset, 0)
        // The REPL goes on after a failed entry: with the fault cleared, the next is looked
        // for after it — the next frame's call (frame 3) makes the rect infinite again.
        w.clearFault()
        for _ in 0..<4 { w.step() }
        w.checkValues()
        XCTAssertEqual(w.fault?.fault, .valueNotFinite(observable: 0, .infinity))
        XCTAssertEqual(w.fault?.time, 3.0 / 60)
        XCTAssertEqual(w.frameIndex, 3)
        // Cleared again and checked with no call since: the rect is still infinite, but
        // nothing made it so after the clear, so nothing is reported (as a check after every
        // call would not).
        w.clearFault()
        w.checkValues()
        XCTAssertNil(w.fault)
        XCTAssertEqual(w.frameIndex, 3)
    }

    func testAWorldOfValuesAloneHasNothingToCheck() throws {
        var w = try world([], use: [])
        _ = w.beginFling(-2000)
        for _ in 0..<30 { w.step() }
        let before = w
        w.checkValues()
        XCTAssertNil(w.fault)
        XCTAssertEqual(w, before)
    }

    func testATypeWithOnlyInitFromTheSceneCanStillBeMadeWithInit() {
        let fade = Fade()
        XCTAssertEqual(fade.start, 100)
        XCTAssertEqual(fade.length, 100)
        XCTAssertEqual(fade.header.frame.width, 375)
    }

    func testTheFiniteCheckReportsTheFirstBadValueInDeclarationOrderWhereverItIs() {
        // Observables of every kind, one number or rect made bad at a time, in lists of 1 to
        // 7 checked ones (links of two readers, the last calling none after it: each shape
        // of the chain): the fault names the first bad one's place among all observables.
        final class Cell { var values: [Double] = [] }
        let cell = Cell()
        for count in 1...7 {
            // Observable 2j: a bool (not checked); 2j + 1: number j (a rect for odd j, its
            // height the value).
            var readers: [ObservableReader] = []
            for j in 0..<count {
                readers.append(.bool { _ in true })
                if j % 2 == 0 {
                    readers.append(.number { ($0 as! Cell).values[j] })
                } else {
                    readers.append(.rect { CGRect(x: 0, y: 0, width: 1, height: ($0 as! Cell).values[j]) })
                }
            }
            let (check, any) = FiniteChecks.chain(observables: readers)
            XCTAssertTrue(any)
            cell.values = Array(repeating: 1, count: count)
            XCTAssertNil(check(cell), "\(count)")
            for bad in 0..<count {
                for x in [Double.nan, .infinity, -.infinity] {
                    cell.values = Array(repeating: 1, count: count)
                    cell.values[bad] = x
                    // A later one bad too: the first is reported.
                    if bad + 1 < count { cell.values[bad + 1] = .nan }
                    guard case .valueNotFinite(let k, let v)? = check(cell) else {
                        XCTFail("\(count) \(bad) \(x): no fault"); continue
                    }
                    XCTAssertEqual(k, 2 * bad + 1, "\(count) \(bad)")
                    XCTAssertEqual(v.isNaN, x.isNaN)
                    if !x.isNaN { XCTAssertEqual(v, x) }
                }
            }
        }
        // Nothing to check: no number or rect.
        let (none, any) = FiniteChecks.chain(observables: [.bool { _ in true }, .state { _ in 0 }])
        XCTAssertFalse(any)
        XCTAssertNil(none(cell))
    }

    func testANumberACompletionMakesNaNIsAFaultAtTheFrameItRan() throws {
        // The fade ends at frame 30 (t = 30 / 60 = 0.5 s, progress (0.5 − 0) / 0.5 = 1); the
        // frames before it only move the view's presentation (no check needed, none fails).
        var w = try world([SpoiledFade.self], use: ["spoiled"])
        for _ in 0..<29 { w.step() }
        w.checkValues()
        XCTAssertNil(w.fault)
        // Checked ten frames later: found at the frame of the completion.
        for _ in 0..<11 { w.step() }
        w.checkValues()
        XCTAssertEqual(w.frameIndex, 30)
        XCTAssertEqual(w.fault?.time, 0.5)
        guard case .valueNotFinite(0, let x)? = w.fault?.fault else { return XCTFail("\(String(describing: w.fault))") }
        XCTAssertTrue(x.isNaN)
    }
}
