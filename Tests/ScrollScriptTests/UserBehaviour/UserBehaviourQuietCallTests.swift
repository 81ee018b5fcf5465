import XCTest
@testable import ScrollScript

/// Acts once, on its first `scrollViewDidScroll` without a finger (a fling's deceleration):
/// `what` 1 a 0 s animation of its box's alpha whose completion counts, 2 the same over
/// 0.2 s, 3 its box's alpha set to NaN, 4 its content inset's top set to NaN and its box's
/// alpha to NaN in the same call. Every other call returns at once.
final class Coaster: ScrollBehaviour {
    static let declaration = BehaviourSpec<Coaster>(
        name: "coaster", summary: "acts once the content coasts",
        tunables: [.number("what", default: 0, range: 0...10, summary: "what it does on its first call without a finger")],
        observables: [.number("completed", summary: "completions run") { CGFloat($0.completed) },
                      .number("calls", summary: "calls without a finger") { CGFloat($0.calls) }])
    let what: Int
    var completed = 0
    var calls = 0
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    init(_ scene: ScrollScene) { what = Int(scene.tunable("what")) }
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard !scrollView.isTracking else { return }
        calls += 1
        guard calls == 1 else { return }
        switch what {
        case 1: UIView.animate(withDuration: 0, animations: { self.box.alpha = 0.5 }, completion: { _ in self.completed += 1 })
        case 2: UIView.animate(withDuration: 0.2, animations: { self.box.alpha = 0.5 }, completion: { _ in self.completed += 1 })
        case 3: box.alpha = .nan
        case 4:
            scrollView.contentInset.top = .nan
            box.alpha = .nan
        default: break
        }
    }
}

/// A `scrollViewDidScroll` call that touches nothing is ended with one test
/// (`UserBehaviourBox.didScroll`, `CallState.dirty`); one that begins an animation, makes a
/// completion due or sets something not finite must still be ended in full: its completion
/// run at the end of that call, its animation ticked until it ends, its fault failing the
/// statement during which it came.
final class UserBehaviourQuietCallTests: XCTestCase {
    func run(_ text: String) throws -> ScenarioResult {
        let r = checkSource(SourceFile(name: "coast.scroll", text: text), registry: try BehaviourRegistry.with([Coaster.self]))
        XCTAssertEqual(r.diagnostics, [])
        return runScenario(try XCTUnwrap(r.scenarios.first))
    }

    func testACompletionDueInAQuietCallRunsAtItsEnd() throws {
        // A 0 s animation's completion runs at the end of the call that began it (spec §8),
        // before the calls after it, which touch nothing; the fling goes on coasting.
        let r = try run("use coaster\nset coaster.what 1\nfling 900\nwait 0.05\nexpect coaster.completed == 1\nexpect coaster.calls > 1\n")
        XCTAssertNil(r.failure, r.failure?.message ?? "")
    }

    func testAnAnimationBegunInAQuietCallIsTickedToItsEnd() throws {
        // Begun 0.2 s into nothing: running after 0.1 s, its completion run once it ends.
        let r = try run("use coaster\nset coaster.what 2\nfling 900\nwait 0.1\nexpect coaster.completed == 0\nsettle\nexpect coaster.completed == 1\n")
        XCTAssertNil(r.failure, r.failure?.message ?? "")
    }

    func testAViewSetToNaNInAQuietCallFailsItsStatement() throws {
        // The fling's finger lifts at the end of its last frame (line 4): its first frame
        // without a finger, and the fault, are the settle's (line 5).
        let r = try run("use coaster\nset coaster.what 3\nwait 0.1\nfling 900\nsettle\n")
        let failure = try XCTUnwrap(r.failure)
        XCTAssertEqual(failure.location.line, 5, failure.message)
        XCTAssertTrue(failure.message.contains("behaviour 'coaster'"), failure.message)
    }

    func testTheScrollViewsFaultComesFirstInACallWithTwo() throws {
        // The settle's first frame (line 4) sets both; the scroll view's is reported.
        let r = try run("use coaster\nset coaster.what 4\nfling 900\nsettle\n")
        let failure = try XCTUnwrap(r.failure)
        XCTAssertEqual(failure.location.line, 4, failure.message)
        XCTAssertTrue(failure.message.contains("inset"), failure.message)
    }
}
