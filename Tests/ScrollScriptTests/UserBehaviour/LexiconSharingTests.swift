import XCTest
@testable import ScrollScript

/// What is built once per registry is found again: the command's registry with no
/// behaviours of the user's is the built-in one (its lexicon built once for the process), the
/// same types make the same registry, and a user's registry keeps its lexicon while it is the
/// one asked for. Every file of a run asks
/// for its lexicon; building it again each time cost the plain command half its CPU time on
/// many small files.
final class LexiconSharingTests: XCTestCase {
    func testAddingNoBehavioursIsTheBuiltInRegistry() throws {
        XCTAssertEqual(try BehaviourRegistry.with([]), .builtIn)
        XCTAssertTrue(Lexicon.of(try BehaviourRegistry.with([])) === Lexicon.builtIn)
    }

    func testAUsersRegistryKeepsItsLexicon() throws {
        let registry = try BehaviourRegistry.with([Fade.self])
        let first = Lexicon.of(registry)
        XCTAssertTrue(Lexicon.of(registry) === first)
        XCTAssertTrue(first.plainNames.contains("fade.alpha"))
        // The same types make the same registry, and so find the same lexicon.
        XCTAssertEqual(try BehaviourRegistry.with([Fade.self]), registry)
        XCTAssertTrue(Lexicon.of(try BehaviourRegistry.with([Fade.self])) === first)
        // Other types, or the same in another order, make another registry with its own lexicon.
        let other = try BehaviourRegistry.with([Fade.self, CallRecorder.self])
        XCTAssertNotEqual(other, registry)
        XCTAssertNotEqual(try BehaviourRegistry.with([CallRecorder.self, Fade.self]), other)
        XCTAssertTrue(Lexicon.of(other) !== first)
        XCTAssertTrue(Lexicon.of(other).registry == other)
        XCTAssertTrue(Lexicon.of(other).plainNames.contains("recorder.calls"))
    }

    func testGrammarWordsAreSpelledAsTheirCases() {
        // Spelled by hand: the table is read by raw value, so an order slip would show here.
        XCTAssertEqual(GrammarWord.scene.spelling, "scene")
        XCTAssertEqual(GrammarWord.frames.spelling, "frames")
        XCTAssertEqual(GrammarWord.repeat.spelling, "repeat")
        XCTAssertEqual(GrammarWord.true.spelling, "true")
        XCTAssertEqual(GrammarWord.header.spelling, "header")
        XCTAssertEqual(GrammarWord.other.spelling, "other")
    }
}
