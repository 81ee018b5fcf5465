import XCTest
@testable import ScrollScript

/// A behaviour that repeats an animation forever: it never comes to rest.
final class Spinner: ScrollBehaviour {
    static let declaration = BehaviourSpec<Spinner>(
        name: "spinner", summary: "spins forever once the content scrolls",
        observables: [.number("alpha", summary: "its view's alpha") { $0.view.alpha }],
        views: [ViewSpec("spinner", view: \.view, label: "spinner")])
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    var started = false
    init(_ scene: ScrollScene) {}
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard !started else { return }
        started = true
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { self.view.alpha = 0 })
    }
}

/// A behaviour named as `what` says, for the registration's refusals.
final class NamedToolbar: ScrollBehaviour {
    static let declaration = BehaviourSpec<NamedToolbar>(name: "toolbar", summary: "clashes with the built-in")
    init(_ scene: ScrollScene) {}
}

final class NamedOffset: ScrollBehaviour {
    static let declaration = BehaviourSpec<NamedOffset>(name: "offset", summary: "clashes with a name of the scroll view")
    init(_ scene: ScrollScene) {}
}

final class NamedPull: ScrollBehaviour {
    static let declaration = BehaviourSpec<NamedPull>(name: "pull", summary: "clashes with a statement")
    init(_ scene: ScrollScene) {}
}

final class SecondFade: ScrollBehaviour {
    static let declaration = BehaviourSpec<SecondFade>(name: "fade", summary: "a second behaviour named fade")
    init(_ scene: ScrollScene) {}
}

/// Bad behaviours get clear errors, never a hang (spec §8): a non-finite number fails the
/// scenario at the statement that ran it, naming the behaviour; a clashing name is refused
/// at registration with a sentence saying which; an animation that never ends hits
/// `settle`'s limit.
final class UserBehaviourFaultTests: XCTestCase {
    func run(_ text: String, _ types: [any ScrollBehaviour.Type]) throws -> ScenarioResult {
        let r = checkSource(SourceFile(name: "bad.scroll", text: text), registry: try BehaviourRegistry.with(types))
        XCTAssertEqual(r.diagnostics, [])
        return runScenario(try XCTUnwrap(r.scenarios.first))
    }

    func testANonFiniteOffsetInsetOrValueFailsTheScenarioWithItsLineAndTheBehavioursName() throws {
        // Broken (UserBehaviourWorldTests.swift) sets or reports what its tunable says in
        // every scrollViewDidScroll: the first frame of the pull on line 3 scrolls. A value
        // that becomes NaN fails there too, before line 4 reads it (it is checked after
        // every call that ran the behaviour's code).
        for (what, words) in [(1.0, "offset"), (2, "inset"), (4, "broken.value")] {
            let r = try run("use broken\nset broken.what \(Int(what))\npull 30\nexpect broken.value == 0\n", [Broken.self])
            let failure = try XCTUnwrap(r.failure, "what \(what)")
            XCTAssertEqual(failure.location.line, 3, "what \(what): \(failure.message)")
            XCTAssertTrue(failure.message.contains("behaviour 'broken'"), failure.message)
            XCTAssertTrue(failure.message.contains(words), failure.message)
        }
    }

    func testAClashingNameIsRefusedAtRegistrationWithASentence() {
        func refusal(_ types: [any ScrollBehaviour.Type]) -> String? {
            do { _ = try BehaviourRegistry.with(types); return nil } catch { return (error as? BehaviourRegistrationProblem)?.message }
        }
        XCTAssertEqual(refusal([NamedToolbar.self]),
                       "NamedToolbar declares the name 'toolbar', which is the configuration word of a built-in behaviour ('toolbar'): choose another name")
        XCTAssertEqual(refusal([NamedPull.self]), "NamedPull declares the name 'pull', which is a statement keyword ('pull ...'): choose another name")
        XCTAssertEqual(refusal([NamedOffset.self]),
                       "NamedOffset declares the name 'offset', which is the first word of the built-in name 'offset': choose another name")
        XCTAssertEqual(refusal([Fade.self, SecondFade.self]),
                       "Fade and SecondFade are both named 'fade': each behaviour needs a name of its own")
        XCTAssertNil(refusal([Fade.self]))
    }

    func testAnAnimationThatNeverEndsHitsSettlesLimit() throws {
        let r = try run("use spinner\npull 30\nrelease\nsettle\n", [Spinner.self])
        let failure = try XCTUnwrap(r.failure)
        XCTAssertEqual(failure.location.line, 4)
        XCTAssertEqual(failure.message, "settle: still moving after \(Int(Limits.settleSeconds)) s of simulated time")
    }
}
