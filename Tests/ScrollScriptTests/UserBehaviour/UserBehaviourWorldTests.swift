import XCTest
@testable import ScrollScript
@testable import ScrollSim

// The UIKit-shaped API of spec §8, driven on worlds directly: the delegate calls at their
// points of the frame, the scroll view's answers, retargeting, setContentOffset, insets,
// views and their animations on the simulated clock, world copies, faults. Numbers are
// worked out by hand from the spec's formulas (in the comments).

/// Records every delegate call it receives, with what the scroll view answered.
final class CallRecorder: ScrollBehaviour {
    static let declaration = BehaviourSpec<CallRecorder>(
        name: "recorder", summary: "records the delegate calls",
        tunables: [.points("target", default: 0, range: -10_000...10_000, summary: "a fling target to choose (0: none)")],
        observables: [
            .string("calls", summary: "the calls so far") { $0.calls.joined(separator: " ") },
            .number("velocity", summary: "the last release's velocity.y") { $0.lastVelocity.y },
            .points("offered", summary: "the last release's offered target") { $0.lastOffered.y },
        ])

    var calls: [String] = []
    let target: CGFloat
    var lastVelocity = CGPoint.zero
    var lastOffered = CGPoint.zero

    init(_ scene: ScrollScene) {
        target = scene.tunable("target")
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        calls.append("began(tracking:\(scrollView.isTracking))")
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { calls.append("scroll") }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        lastVelocity = velocity
        lastOffered = targetContentOffset.pointee
        calls.append("willEnd")
        if target != 0 { targetContentOffset.pointee.y = target }
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEnd(\(decelerate))")
    }

    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willDecelerate") }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("endDecelerating") }
}

/// Moves a view on taps and counts completions; sets insets and offsets on request.
final class Mover: ScrollBehaviour {
    static let declaration = BehaviourSpec<Mover>(
        name: "mover", summary: "a box that slides",
        tunables: [.points("bottom", default: 0, range: 0...1000, summary: "a bottom inset set at start")],
        observables: [
            .points("y", summary: "the box's y") { $0.box.frame.minY },
            .count("done", summary: "completions with true") { $0.done },
            .count("cut", summary: "completions with false") { $0.cut },
            .points("model", summary: "the y the code read at the last tap") { $0.modelSeen },
        ],
        views: [ViewSpec("mover", view: \.box, onTap: { m, tap in m.tapped(); tap.note = "moving" })],
        tapNotes: ["moving"])

    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    var done = 0, cut = 0
    var modelSeen: CGFloat = -1
    var down = false

    init(_ scene: ScrollScene) {
        let bottom = scene.tunable("bottom")
        if bottom > 0 { scene.scrollView.contentInset.bottom = bottom }
    }

    func tapped() {
        modelSeen = box.frame.minY
        down.toggle()
        let y: CGFloat = down ? 100 : 0
        UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
            self.box.frame.origin.y = y
        }, completion: { finished in
            if finished { self.done += 1 } else { self.cut += 1 }
        })
    }
}

/// A tap slides its box down over 1 s; a tap while it slides puts it back at once (no
/// animation), which cuts the slide short.
final class Snapper: ScrollBehaviour {
    static let declaration = BehaviourSpec<Snapper>(
        name: "snapper", summary: "a box that slides and snaps back",
        observables: [
            .points("y", summary: "the box's y") { $0.box.frame.minY },
            .count("cut", summary: "completions with false") { $0.cut },
        ],
        views: [ViewSpec("snapper", view: \.box, onTap: { s, _ in s.tapped() })])

    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    var sliding = false
    var cut = 0

    init(_ scene: ScrollScene) {}

    func tapped() {
        if sliding {
            box.frame.origin.y = 0
            return
        }
        sliding = true
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            self.box.frame.origin.y = 100
        }, completion: { finished in
            self.sliding = false
            if !finished { self.cut += 1 }
        })
    }
}

/// Stops a deceleration at 300 pt with `setContentOffset(_:animated: false)`.
final class Stopper: ScrollBehaviour {
    static let declaration = BehaviourSpec<Stopper>(name: "stopper", summary: "stops the content at 300")
    init(_ scene: ScrollScene) {}
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.isDecelerating && scrollView.contentOffset.y > 300 {
            scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
        }
    }
}

/// A scroll-to-top button: its first tap puts the content at 300 (not animated), the next
/// one scrolls it to the top, animated; counts the calls that follow a tap.
final class ToTop: ScrollBehaviour {
    static let declaration = BehaviourSpec<ToTop>(
        name: "totop", summary: "scrolls to the top on a tap",
        observables: [
            .count("scrolls", summary: "scrollViewDidScroll calls since the last tap") { $0.scrolls },
            .count("ended", summary: "scrollViewDidEndScrollingAnimation calls") { $0.ended },
        ],
        views: [ViewSpec("totop", frame: { _ in CGRect(x: 300, y: 600, width: 44, height: 44) }, onTap: { b, _ in b.tapped() })])

    let scrollView: UIScrollView
    var taps = 0, scrolls = 0, ended = 0

    init(_ scene: ScrollScene) { scrollView = scene.scrollView }

    func tapped() {
        taps += 1
        scrolls = 0
        scrollView.setContentOffset(CGPoint(x: 0, y: taps == 1 ? 300 : 0), animated: taps > 1)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { ended += 1 }
}

/// Writes what its tunable `what` says is not finite.
final class Broken: ScrollBehaviour {
    static let declaration = BehaviourSpec<Broken>(
        name: "broken", summary: "breaks on purpose",
        tunables: [.number("what", default: 0, range: 0...10, summary: "1 offset, 2 inset, 3 target, 4 value, 5 frame, 6 animation")],
        observables: [.number("value", summary: "nan when what is 4") { $0.value }],
        views: [ViewSpec("broken", frame: { $0.frame })])
    let what: Int
    var value: CGFloat = 0
    var frame: CGRect? = nil
    let box = UIView(frame: .zero)
    init(_ scene: ScrollScene) { what = Int(scene.tunable("what")) }
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        switch what {
        case 1: scrollView.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: false)
        case 2: scrollView.contentInset.top = .infinity
        case 4: value = .nan
        case 5: frame = CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10)
        case 6: UIView.animate(withDuration: .infinity, animations: {})
        case 7: box.frame.origin.x = -.infinity
        default: break
        }
    }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        if what == 3 { targetContentOffset.pointee.y = .nan }
    }
}

/// Counts calls in a variable every instance shares: replaying it answers differently.
final class Forgetful: ScrollBehaviour {
    nonisolated(unsafe) static var shared = 0
    static let declaration = BehaviourSpec<Forgetful>(
        name: "forgetful", summary: "depends on a static variable",
        observables: [.points("inset", summary: "the inset it set") { $0.inset }])
    var inset: CGFloat = 0
    init(_ scene: ScrollScene) {}
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        Forgetful.shared += 1
        inset = CGFloat(Forgetful.shared % 7)
        scrollView.contentInset.bottom = inset
    }
}

/// A tap slides its box down and fades it out in one block (0.4 s, linear); a second tap
/// puts the alpha back at once (no animation), which cuts the fade short and leaves the
/// slide running: the block's completion runs when the slide ends, with false.
final class SlideFader: ScrollBehaviour {
    static let declaration = BehaviourSpec<SlideFader>(
        name: "fader", summary: "a box that slides and fades in one block",
        observables: [
            .points("y", summary: "the box's y") { $0.box.frame.minY },
            .number("alpha", summary: "the box's alpha") { $0.box.alpha },
            .count("done", summary: "completions with true") { $0.done },
            .count("cut", summary: "completions with false") { $0.cut },
        ],
        views: [ViewSpec("fader", view: \.box, onTap: { f, _ in f.tapped() })])

    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    var started = false
    var done = 0, cut = 0

    init(_ scene: ScrollScene) {}

    func tapped() {
        if started {
            box.alpha = 1
            return
        }
        started = true
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
            self.box.frame.origin.y = 100
            self.box.alpha = 0
        }, completion: { finished in
            if finished { self.done += 1 } else { self.cut += 1 }
        })
    }
}

/// A tap starts one of three animation blocks, by its tunable `what` (all linear):
/// 0, the box's frame set twice in one 0.2 s block (`origin.y` to 100, then `size.height`
/// to 20); 1, the box's y to 100 over 0.2 s after a delay of 0.1 s; 2, nested blocks: an
/// inner 0.2 s one fades a second view out, the outer 0.4 s one slides the box to 100;
/// 3, the box's y to 100 over 0.2 s, whose completion slides it back to 0 over 0.2 s.
/// Completions count, with true and with false.
final class Blocks: ScrollBehaviour {
    static let declaration = BehaviourSpec<Blocks>(
        name: "blocks", summary: "animation blocks of three shapes",
        tunables: [.number("what", default: 0, range: 0...3, summary: "which block a tap starts")],
        observables: [
            .points("y", summary: "the box's y") { $0.box.frame.minY },
            .points("height", summary: "the box's height") { $0.box.frame.height },
            .number("other", summary: "the second view's alpha") { $0.other.alpha },
            .count("done", summary: "completions with true") { $0.done },
            .count("cut", summary: "completions with false") { $0.cut },
        ],
        views: [ViewSpec("blocks", view: \.box, onTap: { b, _ in b.tapped() }),
                ViewSpec("blocks.other", view: \.other)])

    let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let other = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 50))
    let what: Int
    var done = 0, cut = 0

    init(_ scene: ScrollScene) { what = Int(scene.tunable("what")) }

    func count(_ finished: Bool) { if finished { done += 1 } else { cut += 1 } }

    func tapped() {
        switch what {
        case 0:
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
                self.box.frame.origin.y = 100
                self.box.frame.size.height = 20
            }, completion: { self.count($0) })
        case 1:
            UIView.animate(withDuration: 0.2, delay: 0.1, options: .curveLinear, animations: {
                self.box.frame.origin.y = 100
            }, completion: { self.count($0) })
        case 3:
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
                self.box.frame.origin.y = 100
            }, completion: { finished in
                self.count(finished)
                UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
                    self.box.frame.origin.y = 0
                }, completion: { self.count($0) })
            })
        default:
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
                    self.other.alpha = 0
                }, completion: { self.count($0) })
                self.box.frame.origin.y = 100
            }, completion: { self.count($0) })
        }
    }
}

final class UserBehaviourWorldTests: XCTestCase {
    func world(_ types: [any ScrollBehaviour.Type], use names: [String], tunables: [(String, Double)] = []) throws -> World {
        let registry = try BehaviourRegistry.with(types)
        var c = SceneConfig(registry: registry)
        for n in names { XCTAssertTrue(c.declareUsed(n)) }
        for (n, v) in tunables { c.tunables[registry.tunable(named: n)!] = v }
        return World(c)
    }

    func value(_ w: World, _ name: String) -> Value {
        w.value(w.registry.plainObservable(named: name)!)
    }

    func number(_ w: World, _ name: String) -> Double {
        guard case .number(let x, _) = value(w, name) else { XCTFail("\(name) is not a number"); return .nan }
        return x
    }

    func run(_ w: inout World, _ n: Int) { for _ in 0..<n { w.step() } }

    func testDelegateCallsComeAtTheirPointsInUIKitsOrder() throws {
        var w = try world([CallRecorder.self], use: ["recorder"])
        // pull 30 at 300 pt/s: 6 frames; the touch's first frame calls willBegin before it moves.
        run(&w, w.beginPull(30))
        XCTAssertEqual(value(w, "recorder.calls"), .string("began(tracking:true) scroll scroll scroll scroll scroll scroll"))
        // Released 30 pt of finger past the top: a snap-back follows (decelerate true), the
        // offered target is the bound (0) and the velocity 0.
        try w.release()
        guard case .string(let calls) = value(w, "recorder.calls") else { return XCTFail() }
        XCTAssertTrue(calls.hasSuffix("scroll willEnd didEnd(true) willDecelerate"), calls)
        while !w.isAtRest { w.step() }
        guard case .string(let after) = value(w, "recorder.calls") else { return XCTFail() }
        // The bounce scrolls every frame, then comes to rest: endDecelerating in step 2, then
        // the last frame's scroll (the offset was set to the bound) in step 5.
        XCTAssertTrue(after.hasSuffix("scroll endDecelerating scroll"), after)
    }

    func testAReleaseOffersUIKitsUnitsAndATargetMovesTheFling() throws {
        // fling -1000: 6 frames, the finger 100 pt up: o0 = 100, content velocity +1000 pt/s
        // = 1 pt/ms. k = 1000·ln 0.998 = -2.0020027; offered = 100 + 990/2.0020027 = 594.5048.
        // Target 400: v' = 300·2.0020027 + 10 = 610.6008; it comes to rest exactly at 400.
        var w = try world([CallRecorder.self], use: ["recorder"], tunables: [("recorder.target", 400)])
        run(&w, w.beginFling(-1000))
        XCTAssertEqual(number(w, "recorder.velocity"), 1.0, accuracy: 1e-12)
        XCTAssertEqual(number(w, "recorder.offered"), 594.5048, accuracy: 1e-4)
        XCTAssertEqual(w.n(.velocity), 610.6008, accuracy: 1e-4)
        while !w.isAtRest { w.step() }
        XCTAssertEqual(w.n(.offset), 400)
    }

    func testAnAnimatedSetContentOffsetMovesTheContentOnTheClockWhileNothingScrolls() throws {
        var w = try world([ToTop.self], use: ["totop"])
        let button = w.registry.view(named: "totop")!
        _ = try w.tap(.view(button))
        run(&w, 1)
        XCTAssertEqual(w.n(.offset), 300)
        _ = try w.tap(.view(button))
        // 300 → 0 over 0.3 s, ease-in-out: the curve is symmetric about its middle, so at
        // 0.15 s (9 frames) half the way is done: 150. As in UIKit an animated move is not a
        // drag nor a deceleration: the phase stays idle and the velocity 0, while every frame
        // moves the offset and calls scrollViewDidScroll.
        run(&w, 9)
        XCTAssertEqual(w.n(.offset), 150, accuracy: 1e-6)
        XCTAssertEqual(w.phase, .idle)
        XCTAssertEqual(w.n(.velocity), 0)
        XCTAssertEqual(number(w, "totop.scrolls"), 9)
        XCTAssertEqual(number(w, "totop.ended"), 0)
        // Past 0.3 s: at the top, the end called once; nothing moves after it.
        run(&w, 21)
        XCTAssertEqual(w.n(.offset), 0)
        XCTAssertEqual(number(w, "totop.ended"), 1)
        let scrolls = number(w, "totop.scrolls")
        run(&w, 30)
        XCTAssertEqual(number(w, "totop.scrolls"), scrolls)
        XCTAssertEqual(number(w, "totop.ended"), 1)
    }

    func testSetContentOffsetStopsADeceleration() throws {
        // fling -1000 from the top: the deceleration from 100 passes 300 at some frame; the
        // behaviour sets 300 there: idle at 300, velocity 0, for good.
        var w = try world([Stopper.self], use: ["stopper"])
        run(&w, w.beginFling(-1000))
        var n = 0
        while w.phase == .decelerating && n < 600 { w.step(); n += 1 }
        XCTAssertEqual(w.phase, .idle)
        XCTAssertEqual(w.n(.offset), 300)
        XCTAssertEqual(w.n(.velocity), 0)
        run(&w, 30)
        XCTAssertEqual(w.n(.offset), 300)
    }

    func testABottomInsetMovesTheBottomBound() throws {
        // 30 rows of 44 = 1320 pt of content on a 667 pt screen: max 653; +100 inset: 753.
        let plain = try world([Mover.self], use: ["mover"])
        XCTAssertEqual(plain.scrollBounds.max, 653)
        let inset = try world([Mover.self], use: ["mover"], tunables: [("mover.bottom", 100)])
        XCTAssertEqual(inset.scrollBounds.max, 753)
    }

    func testAViewAnimatesOnTheSimulatedClockAndTheCodeSeesItsModel() throws {
        var w = try world([Mover.self], use: ["mover"])
        let tap = try w.tap(.view(w.registry.view(named: "mover")!))
        XCTAssertEqual(tap, .view(w.registry.view(named: "mover")!, note: "moving"))
        // Linear over 0.2 s from 0 to 100: 50 at 0.1 s (6 frames), 100 and done at 0.2 s.
        run(&w, 6)
        XCTAssertEqual(number(w, "mover.y"), 50, accuracy: 1e-9)
        XCTAssertEqual(number(w, "mover.done"), 0)
        XCTAssertEqual(w.frame(of: w.registry.view(named: "mover")!)?.y ?? -1, 50, accuracy: 1e-9)
        // A second tap mid-way: the code reads the model (100, where it is going); the new
        // animation starts from the screen's 50 and the first one's completion gets false.
        _ = try w.tap(.view(w.registry.view(named: "mover")!))
        XCTAssertEqual(number(w, "mover.model"), 100)
        XCTAssertEqual(number(w, "mover.cut"), 1)
        run(&w, 6)
        XCTAssertEqual(number(w, "mover.y"), 25, accuracy: 1e-9)   // 50 → 0, half way
        XCTAssertFalse(w.isAtRest)
        run(&w, 6)
        XCTAssertEqual(number(w, "mover.y"), 0)
        XCTAssertEqual(number(w, "mover.done"), 1)
        XCTAssertTrue(w.isAtRest)
    }

    /// The box tells the world until when a frame would only move its views' animations on
    /// (`BehaviourReactor.quietUntil`): the views' `viewsQuietUntil`, a bound a millionth
    /// early, relative and absolute (start + delay + duration·(1 − 10⁻⁶) − 10⁻⁶); −∞ before
    /// its runtime first looked at its views and once an animation was cut short (the next
    /// frame looks at every view, and sets it again).
    func testTheBoxTellsTheWorldUntilWhenItsAnimationsCannotEnd() throws {
        var w = try world([Mover.self], use: ["mover"])
        guard let reactor = w.reactors.compactMap({ $0 }).first?.takeUnretainedValue(),
              let until = reactor.quietUntil else { return XCTFail("the mover's box has no quietUntil") }
        XCTAssertEqual(until.pointee, -.infinity, "nothing animates yet")
        let mover = w.registry.view(named: "mover")!
        _ = try w.tap(.view(mover))
        // Linear over 0.2 s from t = 0. Its runtime has not looked at its views yet (−∞):
        // the first frame does, and sets the bound.
        XCTAssertEqual(until.pointee, -.infinity)
        run(&w, 1)
        XCTAssertEqual(until.pointee, 0.2 * (1 - 1e-6) - 1e-6)
        run(&w, 10)
        XCTAssertFalse(w.isAtRest, "still animating at 11/60 s")
        XCTAssertEqual(number(w, "mover.y"), 100 * 11.0 / 12, accuracy: 1e-9)
        XCTAssertEqual(number(w, "mover.done"), 0)
        run(&w, 1)
        XCTAssertEqual(number(w, "mover.done"), 1, "ended, its completion run, at 0.2 s")
        XCTAssertTrue(w.isAtRest)
        // Back up from t = 0.2, then cut short at 0.3 by a third tap: −∞ after that call,
        // the new slide's bound after the next frame.
        _ = try w.tap(.view(mover))
        run(&w, 6)
        _ = try w.tap(.view(mover))
        XCTAssertEqual(number(w, "mover.cut"), 1)
        XCTAssertEqual(until.pointee, -.infinity)
        run(&w, 1)
        let start = Double(18) / 60
        XCTAssertEqual(until.pointee, start + 0.2 * (1 - 1e-6) - 1e-6)
        run(&w, 10)
        XCTAssertEqual(number(w, "mover.done"), 1, "running at 29/60 s")
        XCTAssertFalse(w.isAtRest)
        run(&w, 1)
        XCTAssertEqual(number(w, "mover.done"), 2)
        XCTAssertEqual(number(w, "mover.y"), 100)
        XCTAssertTrue(w.isAtRest)
    }

    /// Two properties animated by one block, one of them then set without animation: the
    /// other runs on (the tool reads its presentation), the one set reads its model at once,
    /// and the block's completion runs once, with false, when the last of them ends.
    func testAPropertyCutShortLeavesItsBlocksOtherAnimationRunning() throws {
        var w = try world([SlideFader.self], use: ["fader"])
        let box = w.registry.view(named: "fader")!
        _ = try w.tap(.view(box))
        // Linear from t = 0 over 0.4 s: at 0.1 s (6 frames) y = 100 · 0.1/0.4 = 25, alpha
        // 1 − 0.1/0.4 = 0.75.
        run(&w, 6)
        XCTAssertEqual(number(w, "fader.y"), 25, accuracy: 1e-9)
        XCTAssertEqual(number(w, "fader.alpha"), 0.75, accuracy: 1e-9)
        // The alpha set back to 1: read at once; the slide goes on; nothing completes yet.
        _ = try w.tap(.view(box))
        XCTAssertEqual(number(w, "fader.alpha"), 1)
        XCTAssertEqual(number(w, "fader.cut"), 0)
        run(&w, 6)
        XCTAssertEqual(number(w, "fader.y"), 50, accuracy: 1e-9)   // 0.2 s
        XCTAssertEqual(number(w, "fader.alpha"), 1)
        run(&w, 11)
        XCTAssertEqual(number(w, "fader.y"), 100 * (23.0 / 60) / 0.4, accuracy: 1e-9)
        XCTAssertEqual(number(w, "fader.cut"), 0)
        XCTAssertFalse(w.isAtRest)
        // 0.4 s: the slide ends, and with it the block, one of whose animations was cut.
        run(&w, 1)
        XCTAssertEqual(number(w, "fader.y"), 100)
        XCTAssertEqual(number(w, "fader.cut"), 1)
        XCTAssertEqual(number(w, "fader.done"), 0)
        XCTAssertTrue(w.isAtRest)
        run(&w, 30)
        XCTAssertEqual(number(w, "fader.cut"), 1, "a completion runs once")
    }

    /// A property set twice in one block (`frame.origin.y`, then `frame.size.height`: two
    /// sets of the frame) animates once, from where it was at the block's start to the last
    /// value, and the block completes when it ends, with true — not cut short by itself.
    func testAPropertySetTwiceInOneBlockAnimatesOnceAndCompletesWithTrue() throws {
        var w = try world([Blocks.self], use: ["blocks"], tunables: [("blocks.what", 0)])
        _ = try w.tap(.view(w.registry.view(named: "blocks")!))
        XCTAssertEqual(number(w, "blocks.cut"), 0, "no completion at the tap")
        XCTAssertEqual(number(w, "blocks.done"), 0)
        // From (0, 0, 100, 50) to (0, 100, 100, 20) over 0.2 s: half way at 0.1 s.
        run(&w, 6)
        XCTAssertEqual(number(w, "blocks.y"), 50, accuracy: 1e-9)
        XCTAssertEqual(number(w, "blocks.height"), 35, accuracy: 1e-9)
        run(&w, 6)
        XCTAssertEqual(number(w, "blocks.y"), 100)
        XCTAssertEqual(number(w, "blocks.height"), 20)
        XCTAssertEqual(number(w, "blocks.done"), 1)
        XCTAssertEqual(number(w, "blocks.cut"), 0)
        XCTAssertTrue(w.isAtRest)
    }

    /// A delay: nothing moves before it, then the animation runs its whole duration.
    func testAnAnimationWithADelayStartsAfterIt() throws {
        var w = try world([Blocks.self], use: ["blocks"], tunables: [("blocks.what", 1)])
        _ = try w.tap(.view(w.registry.view(named: "blocks")!))
        run(&w, 3)   // 0.05 s: still waiting
        XCTAssertEqual(number(w, "blocks.y"), 0)
        run(&w, 9)   // 0.2 s: (0.2 − 0.1) / 0.2 of the way
        XCTAssertEqual(number(w, "blocks.y"), 50, accuracy: 1e-9)
        run(&w, 5)   // 17/60 s: (17/60 − 0.1) / 0.2 of the way, running
        XCTAssertEqual(number(w, "blocks.y"), 100 * (17.0 / 60 - 0.1) / 0.2, accuracy: 1e-9)
        XCTAssertEqual(number(w, "blocks.done"), 0)
        XCTAssertFalse(w.isAtRest)
        run(&w, 1)   // 0.3 s: ended
        XCTAssertEqual(number(w, "blocks.y"), 100)
        XCTAssertEqual(number(w, "blocks.done"), 1)
        XCTAssertTrue(w.isAtRest)
    }

    /// Nested blocks, two views: the inner block's fade ends at 0.2 s (its view leaves the
    /// runtime's list first, while the other still runs), the outer block's slide at 0.4 s;
    /// each completes once, with true.
    func testNestedBlocksOfTwoViewsEndEachAtItsTime() throws {
        var w = try world([Blocks.self], use: ["blocks"], tunables: [("blocks.what", 2)])
        _ = try w.tap(.view(w.registry.view(named: "blocks")!))
        run(&w, 6)   // 0.1 s
        XCTAssertEqual(number(w, "blocks.other"), 0.5, accuracy: 1e-9)
        XCTAssertEqual(number(w, "blocks.y"), 25, accuracy: 1e-9)
        run(&w, 6)   // 0.2 s: the fade ends
        XCTAssertEqual(number(w, "blocks.other"), 0)
        XCTAssertEqual(number(w, "blocks.done"), 1)
        XCTAssertEqual(number(w, "blocks.y"), 50, accuracy: 1e-9)
        XCTAssertFalse(w.isAtRest)
        run(&w, 6)   // 0.3 s
        XCTAssertEqual(number(w, "blocks.y"), 75, accuracy: 1e-9)
        run(&w, 6)   // 0.4 s: the slide ends
        XCTAssertEqual(number(w, "blocks.y"), 100)
        XCTAssertEqual(number(w, "blocks.done"), 2)
        XCTAssertEqual(number(w, "blocks.cut"), 0)
        XCTAssertTrue(w.isAtRest)
    }

    /// A completion that starts the next animation of the same view (run while the due
    /// completions are run): it starts at that frame's time from where the first ended.
    func testACompletionThatAnimatesTheSameViewAgainRunsOnFromThere() throws {
        var w = try world([Blocks.self], use: ["blocks"], tunables: [("blocks.what", 3)])
        _ = try w.tap(.view(w.registry.view(named: "blocks")!))
        run(&w, 12)   // 0.2 s: the slide down ends; its completion starts the slide back
        XCTAssertEqual(number(w, "blocks.done"), 1)
        XCTAssertEqual(number(w, "blocks.y"), 100)
        XCTAssertFalse(w.isAtRest)
        run(&w, 6)    // 0.3 s: half way back
        XCTAssertEqual(number(w, "blocks.y"), 50, accuracy: 1e-9)
        run(&w, 6)    // 0.4 s
        XCTAssertEqual(number(w, "blocks.y"), 0)
        XCTAssertEqual(number(w, "blocks.done"), 2)
        XCTAssertEqual(number(w, "blocks.cut"), 0)
        XCTAssertTrue(w.isAtRest)
    }

    /// A property set from outside any of the behaviour's calls (a test holding its view):
    /// at once, its animation ended; the block's other animation runs on, and the block
    /// completes with false when that one ends (within a call).
    func testASetOutsideAnyCallEndsTheAnimationOfThatPropertyAtOnce() throws {
        var w = try world([SlideFader.self], use: ["fader"])
        guard let box = w.reactors.compactMap({ $0 }).first?.takeUnretainedValue() as? UserBehaviourBox,
              let fader = box.instance as? SlideFader else { return XCTFail("no fader instance") }
        _ = try w.tap(.view(w.registry.view(named: "fader")!))
        run(&w, 6)
        XCTAssertEqual(number(w, "fader.alpha"), 0.75, accuracy: 1e-9)
        fader.box.alpha = 1
        XCTAssertEqual(number(w, "fader.alpha"), 1)
        run(&w, 17)   // 23/60 s: the slide runs on, nothing completed
        XCTAssertEqual(number(w, "fader.y"), 100 * (23.0 / 60) / 0.4, accuracy: 1e-9)
        XCTAssertEqual(number(w, "fader.alpha"), 1)
        XCTAssertEqual(number(w, "fader.cut"), 0)
        run(&w, 1)    // 0.4 s
        XCTAssertEqual(number(w, "fader.cut"), 1)
        XCTAssertEqual(number(w, "fader.done"), 0)
        XCTAssertTrue(w.isAtRest)
    }

    func testAnAnimationCutShortByASetEndsTheRunningAtTheNextFrame() throws {
        var w = try world([Snapper.self], use: ["snapper"])
        let box = w.registry.view(named: "snapper")!
        _ = try w.tap(.view(box))
        // Linear over 1 s from 0 to 100: 30 at 0.3 s (18 frames at 60 fps), still running.
        run(&w, 18)
        XCTAssertEqual(number(w, "snapper.y"), 30, accuracy: 1e-9)
        XCTAssertFalse(w.isAtRest)
        // Set back to 0 without animation: the slide ends now, its completion gets false after
        // the call, and with nothing left to run the next frame is at rest (0.7 s early).
        _ = try w.tap(.view(box))
        XCTAssertEqual(number(w, "snapper.y"), 0)
        XCTAssertEqual(number(w, "snapper.cut"), 1)
        run(&w, 1)
        XCTAssertTrue(w.isAtRest)
        // A fresh slide runs its whole second: running at 0.99 s, done at 1 s.
        _ = try w.tap(.view(box))
        run(&w, 59)
        XCTAssertFalse(w.isAtRest)
        XCTAssertEqual(number(w, "snapper.y"), 100 * 59.0 / 60, accuracy: 1e-9)
        run(&w, 1)
        XCTAssertTrue(w.isAtRest)
        XCTAssertEqual(number(w, "snapper.y"), 100)
    }

    /// `World.ownState` reads whether the world alone holds its instances from its owner
    /// object's inline reference counts, and asks the runtime when they cannot say (a copy
    /// alive, or a side table). A copy that is gone leaves the world its only holder again;
    /// a weak reference to the owner (a side table) changes no answer.
    func testAWorldWhoseCopiesAreGoneIsNotMadeAgain() throws {
        var a = try world([Mover.self], use: ["mover"])
        _ = try a.tap(.view(a.registry.view(named: "mover")!))
        run(&a, 3)
        // 0.2 s linear from 0 to 100: 100 × 3/12 = 25 at frame 3.
        do {
            let copy = a
            XCTAssertEqual(number(copy, "mover.y"), 25, accuracy: 1e-9)
        }
        run(&a, 3)
        XCTAssertEqual(number(a, "mover.y"), 50, accuracy: 1e-9)
        XCTAssertEqual(a.remakes, 0)
        // A weak reference gives the owner a side table: its counts are no longer in place.
        weak var watcher = a.classStateOwner
        XCTAssertNotNil(watcher)
        run(&a, 3)
        XCTAssertEqual(number(a, "mover.y"), 75, accuracy: 1e-9)
        XCTAssertEqual(a.remakes, 0)
        // Shared with a copy, it is made again when it runs on (and the copy, alone again, not).
        var b = a
        run(&b, 3)
        XCTAssertEqual(b.remakes, 1)
        XCTAssertEqual(number(b, "mover.y"), 100)
        XCTAssertEqual(number(b, "mover.done"), 1)
        run(&a, 3)
        XCTAssertEqual(a.remakes, 0)
        XCTAssertEqual(a, b)
        XCTAssertNil(a.fault)
        XCTAssertNil(b.fault)
    }

    func testACopyOfTheWorldThatGoesOnRunningHasItsOwnInstance() throws {
        var a = try world([Mover.self], use: ["mover"])
        _ = try a.tap(.view(a.registry.view(named: "mover")!))
        run(&a, 3)
        let copy = a
        run(&a, 9)
        // The copy still reads frame 3: 100 × 3/12 = 25.
        XCTAssertEqual(number(copy, "mover.y"), 25, accuracy: 1e-9)
        XCTAssertEqual(number(a, "mover.y"), 100)
        // Run on, the copy is made again from its calls and catches up exactly.
        var b = copy
        run(&b, 9)
        XCTAssertEqual(number(b, "mover.y"), 100)
        XCTAssertEqual(number(b, "mover.done"), 1)
        XCTAssertNil(b.fault)
        XCTAssertEqual(a, b)
        XCTAssertEqual(number(copy, "mover.y"), 25, accuracy: 1e-9)
        // Each went on running while another world held its instance: each was made again
        // once; a world no one copied never is.
        XCTAssertEqual(a.remakes, 1)
        XCTAssertEqual(b.remakes, 1)
        var alone = try world([Mover.self], use: ["mover"])
        _ = try alone.tap(.view(alone.registry.view(named: "mover")!))
        run(&alone, 12)
        XCTAssertEqual(number(alone, "mover.y"), 100)
        XCTAssertEqual(alone.remakes, 0)
    }

    func testABehaviourThatAnswersDifferentlyWhenReplayedIsAFault() throws {
        var a = try world([Forgetful.self], use: ["forgetful"])
        run(&a, a.beginPull(30))
        var b = a
        _ = b.beginPull(30)
        run(&b, 1)   // b is made again, with a fresh instance: the shared counter has moved on
        XCTAssertEqual(b.fault?.fault, .notReplayable(at: 0.1))
        XCTAssertNil(a.fault)
    }

    func testNonFiniteOffsetsInsetsTargetsValuesFramesAndAnimationsAreFaults() throws {
        // What it sets is refused when it sets it; what it reports, when it is read (here
        // by `nonFiniteReport`, as `frames`, traces and pictures read it).
        let expected: [(Double, (BehaviourFault) -> Bool)] = [
            (1, { if case .offsetNotFinite(let x) = $0 { return x.isNaN }; return false }),
            (2, { $0 == .insetNotFinite(.infinity) }),
            (4, { if case .valueNotFinite(0, let x) = $0 { return x.isNaN }; return false }),
            (5, { if case .frameNotFinite(0, let x) = $0 { return x.isNaN }; return false }),
            (6, { $0 == .animationNotFinite(.infinity) }),
            (7, { $0 == .viewNotFinite(-.infinity) }),
        ]
        for (what, matches) in expected {
            var w = try world([Broken.self], use: ["broken"], tunables: [("broken.what", what)])
            run(&w, 1)
            _ = w.beginPull(30)
            run(&w, 1)
            let f = try XCTUnwrap(w.fault ?? w.nonFiniteReport(), "what \(what)")
            XCTAssertTrue(matches(f.fault), "what \(what): \(f.fault)")
            XCTAssertEqual(f.time, 2.0 / 60, accuracy: 1e-12, "the first frame that scrolled")
            XCTAssertEqual(w.registry.declaration(f.behaviour).name, "broken")
        }
        var w = try world([Broken.self], use: ["broken"], tunables: [("broken.what", 3)])
        run(&w, w.beginFling(-1000))
        if case .targetNotFinite(let x)? = w.fault?.fault { XCTAssertTrue(x.isNaN) } else { XCTFail("\(String(describing: w.fault))") }
        // The world went on without it: §6.2's own target.
        XCTAssertEqual(w.n(.velocity), 1000)
    }
}

extension World {
    func n(_ id: CoreObservable) -> Double {
        if case .number(let x, _) = value(id) { return x }
        return .nan
    }
}
