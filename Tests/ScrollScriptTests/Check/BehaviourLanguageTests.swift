import XCTest
import ScrollSim
@testable import ScrollScript

/// A behaviour as a user would write it, with synonyms for the first guesses: a lamp that
/// is dark or lit (`lamp [dim]`), with its level, registered after the built-ins.
private struct Lamp: BuiltInBehaviour, Equatable {
    static let declaration = BehaviourDeclaration(
        name: "lamp", namespace: "lamp",
        configuration: .word(ConfigWord("lamp", options: [ConfigOption("dim")], noun: "lamp", usage: "lamp",
                                        summary: "a lamp")),
        observables: [
            ObservableDeclaration("state", .state, summary: "dark or lit"),
            ObservableDeclaration("level", .quantity(.number), summary: "0 dark … 1 lit"),
        ],
        states: ["dark", "lit"],
        synonyms: BehaviourSynonyms(view: "lantern", options: [("dim", "dimmed faint")],
                                    states: [("lit", "glowing bright")],
                                    properties: [("brightest", "$.level > 0.5")]))

    let id: BehaviourID

    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) { id = setup.id }

    mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false)
    }

    func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        observable == 0 ? .state(StateID(family: .behaviour(id), index: 0, name: "dark")) : .number(0, .number)
    }

    func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}

/// The language over the behaviours' declarations where `let`, functions and first guesses meet them:
/// first guesses read each behaviour's states, views, options and synonyms (no list of
/// behaviours by hand), `let` names leave the behaviours' names alone, a name bound to a
/// state reads bare words in its family, and the functions take behaviours' numbers.
final class BehaviourLanguageTests: XCTestCase {
    func messages(_ text: String, registry: BehaviourRegistry = .builtIn) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text), registry: registry).diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    func testFirstGuessesReadTheRefreshControlsStatesAndSynonyms() {
        // Derived from its state family: the state's name after `is`.
        XCTAssertEqual(messages("refresh\nexpect refresh.isRefreshing"),
                       ["2:8 unknown name 'refresh.isRefreshing' (did you mean 'expect refresh.state == refreshing'?)"])
        // Its declared synonyms: `loading` is `refreshing`.
        XCTAssertEqual(messages("refresh\nexpect refresh.state == loading"),
                       ["2:25 'loading' is not a refresh state (did you mean 'expect refresh.state == refreshing'? a state is compared with a bare word: idle, pulling, refreshing, ending)"])
        // Its view in words, and a state alone compared with its family's observable.
        XCTAssertEqual(messages("refresh\nexpect refresh is refreshing"),
                       ["2:16 unexpected 'is' (did you mean 'expect refresh.state == refreshing'?)"])
        XCTAssertEqual(messages("refresh\nexpect refreshing"),
                       ["2:8 unexpected 'refreshing' (did you mean 'expect refresh.state == refreshing'? a state is compared with a bare word: idle, pulling, refreshing, ending)"])
        // Without `refresh`, the note says what to add (the declaration's word).
        XCTAssertEqual(messages("expect refresh.isRefreshing"),
                       ["1:8 unknown name 'refresh.isRefreshing' (did you mean 'expect refresh.state == refreshing'? this scenario declares no refresh control: add 'refresh')"])
    }

    func testAUsersBehaviourGetsFirstGuessesFromItsDeclaration() {
        let registry = BehaviourRegistry.builtIn.appending([Lamp.entry])
        let expected: [(String, String)] = [
            ("lamp\nexpect lamp.isLit", "2:8 unknown name 'lamp.isLit' (did you mean 'expect lamp.state == lit'?)"),
            ("lamp\nexpect lampGlowing", "2:8 unknown name 'lampGlowing' (did you mean 'expect lamp.state == lit'?)"),
            ("lamp\nexpect lantern.bright", "2:8 unknown name 'lantern.bright' (did you mean 'expect lamp.state == lit'?)"),
            ("lamp\nexpect lamp.brightest", "2:8 unknown name 'lamp.brightest' (did you mean 'expect lamp.level > 0.5'?)"),
            ("lamp faint\nwait 1s", "1:6 unexpected 'faint' (did you mean 'lamp dim'?)"),
            ("expect lamp.isLit", "1:8 unknown name 'lamp.isLit' (did you mean 'expect lamp.state == lit'? this scenario declares no lamp: add 'lamp')"),
        ]
        for (text, message) in expected {
            XCTAssertEqual(messages(text, registry: registry), [message], text)
        }
        // The built-in registry knows no lamp: no guess names it.
        XCTAssertEqual(messages("expect lamp.isLit"), ["1:8 unknown name 'lamp.isLit'"])
    }

    func testALetNameLeavesTheBehavioursNamesAlone() {
        let taken = { (name: String, noun: String) in
            "1:5 '\(name)' is \(noun): 'let' cannot name a value after it (pick another name, as in 'let o = offset')"
        }
        // A state of one behaviour's family only, a configuration word, a behaviour's name.
        XCTAssertEqual(messages("let pulling = 1"), [taken("pulling", "a state")])
        XCTAssertEqual(messages("let refreshing = 1"), [taken("refreshing", "a state")])
        XCTAssertEqual(messages("let toolbar = 1"), [taken("toolbar", "a word of the language")])
        XCTAssertEqual(messages("let refresh = 1"), [taken("refresh", "a word of the language")])
        XCTAssertEqual(messages("let parallax = 1"), [taken("parallax", "the name of a behaviour")])
        // A user's behaviour: its states and its word, in its registry only.
        let registry = BehaviourRegistry.builtIn.appending([Lamp.entry])
        XCTAssertEqual(messages("let lit = 1", registry: registry), [taken("lit", "a state")])
        XCTAssertEqual(messages("let lamp = 1", registry: registry), [taken("lamp", "a word of the language")])
        XCTAssertEqual(messages("let lit = 1\nexpect lit == 1"), [])
    }

    /// `idle` is phase's and the refresh control's: a name bound to `refresh.state` reads a
    /// bare `idle` in the refresh control's family, as `refresh.state` itself does.
    func testANameBoundToAStateReadsBareWordsInItsFamily() throws {
        let text = """
        refresh
        let s = refresh.state
        let p = phase
        expect s == idle
        expect idle == s
        expect s != pulling
        expect p == idle
        drag 240 in 0.8s
        release
        wait 0.7s
        let r = refresh.state
        expect r == refreshing and r != idle
        expect p == idle
        """
        try passes(text)
        // A word of another family is not one of its states, as for the observable.
        XCTAssertEqual(messages("refresh\nlet s = refresh.state\nexpect s == dragging"),
                       ["3:13 'dragging' is a phase state, not a refresh state (idle, pulling, refreshing, ending)"])
        XCTAssertEqual(messages("refresh\nexpect refresh.state == dragging"),
                       ["2:25 'dragging' is a phase state, not a refresh state (idle, pulling, refreshing, ending)"])
    }

    /// The same in the REPL: the session's name, its entries, its watches.
    func testTheREPLReadsANameBoundToAStateInItsFamily() {
        let core = ReplCore()
        XCTAssertFalse(core.enter("refresh").failed)
        XCTAssertEqual(core.enter("let s = refresh.state").text, "s = idle")
        XCTAssertEqual(core.enter("expect s == idle and idle == s and s != pulling").failed, false)
        XCTAssertEqual(core.enter("print s == idle, phase == idle").text, "t = 0.000 s: true, true")
        XCTAssertEqual(core.addWatch("s == idle").text, "watch 1: s == idle (now true)")
        let wrong = core.enter("expect s == dragging")
        XCTAssertTrue(wrong.failed)
        XCTAssertTrue(wrong.text.contains("'dragging' is a phase state, not a refresh state (idle, pulling, refreshing, ending)"), wrong.text)
    }

    /// The functions take a behaviour's numbers and keep their units. While refreshing (the
    /// scenario of PullToRefreshLanguageTests: at 1.5 s the refresh, started by the drag,
    /// runs to 1.717 s), refresh.count is 1, refresh.progress 1 and refresh.inset the
    /// refresh.height of 60 pt.
    func testFunctionsTakeABehavioursNumbers() throws {
        let text = """
        refresh
        drag 240 in 0.8s
        release
        wait 0.7s
        expect refresh.state == refreshing
        expect max(refresh.count, 0.5) == 1
        expect floor(refresh.progress) == 1
        expect clamp(refresh.inset, 0pt, 50pt) == 50pt
        expect refresh.inset % 7 == 4
        expect abs(-refresh.inset) == 60pt
        """
        try passes(text)
        XCTAssertEqual(messages("refresh\nexpect min(refresh.state, 1) > 0"),
                       ["2:12 'min' needs numbers, found a state (idle, pulling, refreshing, ending)"])
        XCTAssertEqual(messages("refresh\nexpect min(refresh.inset, 1s) > 0"),
                       ["2:27 'min' needs values of one kind: a distance (pt) and a duration (s) do not mix"])
    }
}
