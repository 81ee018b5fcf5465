import Foundation
import XCTest
@testable import ScrollScript
import ScrollSim

/// The parser's seam for first guesses: it asks the lexicon's `guesser` about a statement
/// with an error, with what it knows there, and reports what comes back; a lexicon with
/// no guesser gives no guess.
final class StatementGuessingTests: XCTestCase {
    /// Keeps every request and answers each with `answer`.
    final class Recorder: StatementGuessing, @unchecked Sendable {
        var requests: [(statement: String, letNames: Set<String>, options: [String: [String]], configuration: String?)] = []
        let answer: FoundGuess?
        init(answer: FoundGuess?) { self.answer = answer }

        func guess(_ request: GuessRequest) -> FoundGuess? {
            requests.append((String(decoding: request.statement, as: UTF8.self), request.letNames,
                             request.options.mapValues { $0.map(\.word) }, request.configuration?.text))
            return answer
        }
    }

    func parse(_ text: String, _ lexicon: Lexicon) -> [Diagnostic] {
        Parser.parse(SourceFile(name: "t.scroll", text: text), lexicon: lexicon).diagnostics
    }

    func testTheParserAsksWithWhatItKnowsAtTheError() {
        let g = Guess(headline: .unknownStatement("zzz"), corrected: "wait 1s")
        let recorder = Recorder(answer: FoundGuess(g, offset: 4, length: 2))
        let text = "scene {\n  header 240 pin 60\n}\nscenario \"a\" {\n  let o = 1\n  zzz qq\n}\n"
        let diagnostics = parse(text, Lexicon(.builtIn, guesser: recorder))
        XCTAssertEqual(recorder.requests.count, 1)
        let r = recorder.requests[0]
        XCTAssertEqual(r.statement, "zzz qq")
        XCTAssertEqual(r.letNames, ["o"])
        XCTAssertEqual(r.options, ["header": ["pin"]])
        XCTAssertEqual(r.configuration, "header 240 pin 60\n")
        // The guess replaces the statement's error, at its headline: line 6, column 3 + 4.
        XCTAssertEqual(diagnostics.map(\.problem), [.parse(.guess(g))])
        XCTAssertEqual(diagnostics.map { [$0.location.line, $0.location.column, $0.location.length] }, [[6, 7, 2]])
    }

    func testNoGuessLeavesTheErrorAsItWas() {
        let recorder = Recorder(answer: nil)
        let diagnostics = parse("zzz qq\n", Lexicon(.builtIn, guesser: recorder))
        XCTAssertEqual(recorder.requests.count, 1)
        XCTAssertEqual(diagnostics.map(\.problem), [.parse(.unknownStatement("zzz", keywords: Lexicon.builtIn.statementKeywords))])
    }

    /// Without a guesser (a lexicon of words only) the parser reports its own error; the
    /// tool's lexicon (`Lexicon.builtIn`, from the Check stage) guesses.
    func testALexiconWithoutAGuesserGivesNoGuess() {
        let words = parse("sleep 1\n", Lexicon(.builtIn))
        XCTAssertEqual(words.map(\.problem), [.parse(.unknownStatement("sleep", keywords: Lexicon.builtIn.statementKeywords))])
        let guessed = parse("sleep 1\n", .builtIn)
        guard case .parse(.guess(let g))? = guessed.first?.problem else { return XCTFail("\(guessed)") }
        XCTAssertEqual(g.corrected, "wait 1s")
    }
}
