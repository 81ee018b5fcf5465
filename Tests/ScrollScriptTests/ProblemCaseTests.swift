import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport
import ScrollSim

/// Diagnostics and run-time failures are cases with their data (coded diagnostics):
/// representative bad inputs give the expected case, and every case of
/// every stage renders a sentence with its data filled in.
final class ProblemCaseTests: XCTestCase {
    private func problems(_ text: String) -> [Problem] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics.map(\.problem)
    }

    private func failure(_ text: String, interrupt: Bool = false) throws -> RunFailure {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics, [], "check errors")
        let sc = try XCTUnwrap(r.scenarios.first)
        return try XCTUnwrap(runScenario(sc, shouldInterrupt: { interrupt }).failure)
    }

    // MARK: - Lexer and parser

    /// The parser's own cases: the text as written, no statement read as a guess (with a
    /// guess, most of these say what to write instead: FirstGuessTests).
    private func parseProblems(_ text: String) -> [Problem] {
        parseAsWritten(text, lexicon: .builtIn).diagnostics.map(\.problem)
    }

    func testLexerAndParserErrorsAreCasesWithTheirData() {
        let problems = parseProblems
        XCTAssertEqual(problems("pul 3"), [.parse(.unknownStatement("pul", keywords: Lexicon.builtIn.statementKeywords))])
        XCTAssertEqual(problems("pull 120 in 1s"), [.parse(.pullTakesNoDuration)])
        XCTAssertEqual(problems("tap row 0"), [.parse(.tapRowNeedsRow(section: "0"))])
        XCTAssertEqual(problems("tap row offset"), [.parse(.tapRowNeedsRow(section: nil))])
        XCTAssertEqual(problems("tap section 2"), [.parse(.tapSection(index: "2"))])
        XCTAssertEqual(problems("expect offset < 1 < 2"), [.parse(.chainedComparison)])
        XCTAssertEqual(problems("expect offset < 1 within 2"), [.parse(.withinWithoutApprox(.lt))])
        XCTAssertEqual(problems("expect eventually offset == 0"), [.parse(.noSuchExpect("eventually"))])
        XCTAssertEqual(problems("sections 2 cols 3"), [.parse(.expectedWord(.sectionsRows, found: FoundToken(kind: .word, text: "cols")))])
        XCTAssertEqual(problems("expect \"abc"), [.lex(.unterminatedString)])
        XCTAssertEqual(problems("expect offset ~= 100 +- 1"), [.parse(.plusMinus)])
        XCTAssertEqual(problems("expect zork = 1"), [.parse(.loneAssign)])
        XCTAssertEqual(problems("let 1 = 2"), [.parse(.expectedLetName(found: FoundToken(kind: .number, text: "1", raw: "1")))])
        // With a guess: one error, the guess, where the parser stopped.
        guard case .parse(.guess(let g))? = self.problems("pul 3").first else { return XCTFail("\(self.problems("pul 3"))") }
        XCTAssertEqual(g, Guess(headline: .unknownStatement("pul"), corrected: "pull 3"))
        // The '(' at column 8 is still open at the end of the file.
        guard case .parse(.unclosedParen(let line, let column, let found))? = problems("expect (offset > 1").first else {
            return XCTFail("\(problems("expect (offset > 1"))")
        }
        XCTAssertEqual([line, column], [1, 8])
        XCTAssertEqual(found.kind, .eof)
    }

    func testALineTooLongIsTheOneErrorOfItsLine() {
        // The line also holds an unknown statement; the length is what is reported.
        let long = "pul " + String(repeating: "1 ", count: SourceLimits.maxLineLength / 2 + 1)
        XCTAssertEqual(problems(long), [.lex(.lineTooLong)])
    }

    func testPastTheErrorLimitTheLastProblemSaysSo() {
        let text = String(repeating: "x\n", count: DiagnosticLimits.maxPerFile + 5)
        let ps = problems(text)
        XCTAssertEqual(ps.count, DiagnosticLimits.maxPerFile + 1)
        XCTAssertEqual(ps.last, .tooManyErrors)
    }

    // MARK: - Checker

    func testCheckerErrorsAreCasesWithTheirData() {
        XCTAssertEqual(problems("fps 0\nwait 1s"), [.check(.fpsOutOfRange(0))])
        XCTAssertEqual(problems("expect nosuch == 1"), [.check(.unknownName("nosuch", known: Lexicon.builtIn.plainNames))])
        XCTAssertEqual(problems("wait -1s"), [.check(.badDuration(.wait, -1, allowZero: true))])
        XCTAssertEqual(problems("drag 10 in 0s"), [.check(.badDuration(.dragDuration, 0, allowZero: false))])
        XCTAssertEqual(problems("sections 2 rows 3\ntap row 5 0"), [.check(.noSuchSection(written: "5", count: 2))])
        XCTAssertEqual(problems("sections 2 rows 3\ntap row 1 3"), [.check(.noSuchRow(written: "3", section: 1, rows: 3))])
        // `tap.target` compared with a literal no tap gives it: a spelling it never has
        // (the one spelling of that row is suggested), or a section or row the table lacks.
        XCTAssertEqual(problems("sections 2 rows 3\nexpect tap.target == \"row[1, 2]\""), [.check(.notATapTarget(raw: "\"row[1, 2]\"", near: ["row[1,2]"]))])
        XCTAssertEqual(problems("sections 2 rows 3\nexpect \"Section[01]\" != tap.target"), [.check(.notATapTarget(raw: "\"Section[01]\"", near: ["section[1]"]))])
        XCTAssertEqual(problems("sections 2 rows 3\nexpect tap.target == \"row[1, 3]\""), [.check(.notATapTarget(raw: "\"row[1, 3]\"", near: []))])
        XCTAssertEqual(problems("expect tap.target == \"tolbar\""), [.check(.notATapTarget(raw: "\"tolbar\"", near: ["toolbar"]))])
        XCTAssertEqual(problems("sections 2 rows 3\nexpect tap.target == \"section[2]\""), [.check(.noSuchSection(written: "2", count: 2))])
        XCTAssertEqual(problems("sections 2 rows 3\nexpect tap.target == \"row[1,3]\""), [.check(.noSuchRow(written: "3", section: 1, rows: 3))])
        XCTAssertEqual(problems("expect tap.target != \"toolbar\""), [])
        XCTAssertEqual(problems("sections 2 rows 3\ntap row 1 2\nexpect tap.target == \"row[1,2]\" and tap.target != \"nothing\" and tap.target != \"\""), [])
        XCTAssertEqual(problems("tick 1.5"), [.check(.tickNotWhole(1.5))])
        XCTAssertEqual(problems("toolbar\nexpect toolbar.state == \"hidden\""),
                       [.check(.guess(Guess(headline: .quotedState("\"hidden\""), notes: [.stateCompared("shown, hidden, showing, hiding")],
                                            corrected: "expect toolbar.state == hidden")))])
        XCTAssertEqual(problems("toolbar\nexpect toolbar.state == \"purple\""), [.check(.stateComparedWithString(.toolbar))])
        XCTAssertEqual(problems("expect header.height > 0"), [.check(.needsBehaviour(subject: "header.height", noun: "header", usage: "header H"))])
        XCTAssertEqual(problems("fling 2s"), [.check(.wrongKind(.fling, want: .velocity, found: .num(.quantity(.seconds))))])
        XCTAssertEqual(problems("header 0\nwait 1s"), [.check(.outOfRange(.argument("header height"), 0, Limits.headerHeight))])
        let tunable = problems("set drag.sped 3\nwait 1s")
        XCTAssertEqual(tunable, [.check(.unknownTunable("drag.sped", known: Lexicon.builtIn.tunableNames))])
        XCTAssertEqual(tunable.first?.message, "unknown tunable 'drag.sped' (did you mean 'drag.speed'?)")
    }

    func testTheSameCaseIsTheSameWordsWhereverItIsFound() {
        // A REPL block and a file's block report through their own cases.
        XCTAssertEqual(CheckProblem.blockTypedInRepl(keyword: "scene").message,
                       "a 'scene' block cannot be typed here; type its statements, or :load a file")
        XCTAssertEqual(Diagnostic(SourceLocation(file: "f", line: 1, column: 1), .check(.divisionByZero)).message, "division by zero")
        XCTAssertEqual(Problem.format(.layoutWouldNotParse(line: 2, .lex(.lineTooLong))).message,
                       "cannot format this file: the canonical layout would not parse (line 2 of it: line is longer than \(SourceLimits.maxLineLength) characters)")
    }

    func testHintsAreCasesWithTheirData() {
        XCTAssertEqual(unknownWordHint("pul", Lexicon.builtIn.statementKeywords), .nearest(["pull"]))
        XCTAssertEqual(unknownWordHint("zzzzzz", Lexicon.builtIn.statementKeywords), WordHint.none)
        XCTAssertEqual(characterHint("pu\u{200B}ll", candidates: ["pull"]),
                       .hiddenCharacters(invisible: ["\u{200B}"], lookAlikes: [], meant: "pull", withoutThem: nil))
        let cyrillic = characterHint("\u{0440}ull")
        XCTAssertEqual(cyrillic, .hiddenCharacters(invisible: [], lookAlikes: [WordHint.LookAlike(scalar: "\u{0440}", latin: "p")],
                                                   meant: nil, withoutThem: "pull"))
        XCTAssertEqual(cyrillic.text, " (it contains U+0440 CYRILLIC SMALL LETTER ER, which looks like 'p'; without it the word is 'pull')")
        XCTAssertEqual(characterHint("１２０"), .fullWidth(meant: nil, ascii: "120"))
        XCTAssertEqual(characterHint("ｐｕｌｌ", candidates: Lexicon.builtIn.statementKeywords), .fullWidth(meant: "pull", ascii: "pull"))
        XCTAssertEqual(characterHint("山手線"), WordHint.none)
        XCTAssertEqual(characterHint("山手線", quotes: true), .needsQuotes("山手線"))
        XCTAssertEqual(WordHint.nearest(["a", "b", "c"]).text, " (did you mean 'a', 'b' or 'c'?)")
        XCTAssertEqual(WordHint.none.text, "")
    }

    // MARK: - Run time

    func testRunFailuresAreCasesWithTheirData() throws {
        XCTAssertEqual(try failure("expect offset == 1").problem, .expectationFalse)
        XCTAssertEqual(try failure("expect 1 / offset == 1").problem, .divisionByZero)
        XCTAssertEqual(try failure("pull 10\nsettle").problem, .settleWithFingerDown)
        XCTAssertEqual(try failure("expect within 0.5s offset == 5").problem, .withinTimedOut(limit: 0.5))
        XCTAssertEqual(try failure("wait 1s", interrupt: true).problem, .interrupted)
        XCTAssertEqual(try failure("release").problem, .world(.noFingerToRelease))
        // Pulling down moves the offset below 0; the invariant breaks after some frame.
        let broken = try failure("expect always offset > -10\npull 100")
        guard case .invariantBroken(let t) = broken.problem else { return XCTFail("\(broken.problem)") }
        XCTAssertGreaterThan(t, 0)
        XCTAssertEqual(t, broken.time)
        XCTAssertEqual(broken.message, "invariant broken at t = \(formatFixed(t, 3)) s")
    }

    func testAViolationIsTheSameWhateverTheTime() {
        let at = SourceLocation(file: "f", line: 2, column: 1)
        let early = ViolationKey(RunFailure(location: at, problem: .invariantBroken(time: 0.1), time: 0.1))
        let late = ViolationKey(RunFailure(location: at, problem: .invariantBroken(time: 3), time: 3))
        XCTAssertEqual(early, late)
        XCTAssertEqual(Set([early, late]).count, 1)
        XCTAssertNotEqual(early, ViolationKey(RunFailure(location: at, problem: .expectationFalse, time: 0.1)))
    }

    // MARK: - Pictures

    func testTraceColumnAndPictureErrorsAreCases() throws {
        let r = checkSource(SourceFile(name: "t.scroll", text: "sections 2 rows 3\nwait 1s"))
        let config = try XCTUnwrap(r.scenarios.first).config
        func refusal(_ list: String) -> TraceColumnError? {
            if case .failure(let e) = TraceColumns.parse(list, config: config) { return e }
            return nil
        }
        XCTAssertEqual(refusal("toolbar.y"), .needsBehaviour("toolbar.y", noun: "toolbar"))
        XCTAssertEqual(refusal("toolbar.y")?.message, "column 'toolbar.y': the scenario declares no toolbar")
        XCTAssertEqual(refusal("row[1,3].y"), .noSuchRow(column: "row[1,3].y", section: 1, row: 3, rows: 3))
        XCTAssertEqual(refusal("section[2].y"), .noSuchSection(column: "section[2].y", section: 2, count: 2))
        XCTAssertEqual(refusal("time,,offset"), .emptyName(list: "time,,offset"))
        XCTAssertEqual(refusal("offest"), .unknown("offest", candidates: TraceColumns.candidates(.builtIn)))
        XCTAssertEqual(refusal("offest")?.message,
                       "unknown column 'offest' (did you mean 'offset'?) (columns are named as observables: offset, header.height, section[0].y, row[0,3].visible, ...)")
        XCTAssertNil(refusal("time,row[1,2].y"))
        let list = Array(repeating: "time", count: TraceColumns.maxColumns + 1).joined(separator: ",")
        XCTAssertEqual(refusal(list), .tooManyColumns)
        XCTAssertEqual(TraceColumnError.tooManyColumns.message, "at most 10000 columns")

        guard case .failure(let e) = selectScenario(r.scenarios, named: "nope", file: "t.scroll") else { return XCTFail("selected") }
        XCTAssertEqual(e, .noScenarioNamed("nope", file: "t.scroll", near: [], scenarios: ["t"]))
        XCTAssertEqual(e.message, "no scenario \"nope\" in t.scroll (it has \"t\")")
        for p in [PictureError.noScenario(file: "a.scroll"), .noScenarioNamed("x", file: "a.scroll", near: ["y", "z"], scenarios: ["y", "z"]),
                  .artifactsNotADirectory("out"), .artifactsCannotCreate("out", reason: "Permission denied")] {
            assertRendered(p.message, "\(p)")
        }
        for t in [TraceColumnError.tooManyColumns, .emptyName(list: "a,,b"), .listedTwice("time"),
                  .noSuchSection(column: "section[3].y", section: 3, count: 1), .noSuchRow(column: "row[0,4].y", section: 0, row: 4, rows: 2),
                  .rect("header.frame", parts: ["header.y", "header.height"]), .rect("refresh.frame", parts: []), .needsBehaviour("header.y", noun: "header"), .unknown("zq", candidates: ["zqx"])] {
            assertRendered(t.message, "\(t)")
        }
        for p in [PlotColumnError.notANumber("phase"), .column(.unknown("zq", candidates: ["zqx"]))] {
            assertRendered(p.message, "\(p)")
        }
    }

    // MARK: - Every case renders

    /// A message with its data filled in: not empty, no interpolation left over, no Swift
    /// debug text (`Optional(`, a type name), no doubled or trailing spaces.
    private func assertRendered(_ message: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(message.isEmpty, what, file: file, line: line)
        for bad in ["\\(", "Optional(", "ScrollScript.", "ScrollSim.", "  ", "%@", "{}", "nil"] {
            XCTAssertFalse(message.contains(bad), "\(what): '\(message)' holds '\(bad)'", file: file, line: line)
        }
        XCTAssertEqual(message, message.trimmingCharacters(in: .whitespacesAndNewlines), what, file: file, line: line)
    }

    func testEveryCaseRendersASentenceWithItsData() {
        XCTAssertEqual(Set(Self.lexProblemSamples.map(Self.caseName)).count, Self.lexProblemCaseCount)
        XCTAssertEqual(Set(Self.parseProblemSamples.map(Self.caseName)).count, Self.parseProblemCaseCount)
        XCTAssertEqual(Set(Self.checkProblemSamples.map(Self.caseName)).count, Self.checkProblemCaseCount)
        XCTAssertEqual(Set(Self.runProblemSamples.map(Self.caseName)).count, Self.runProblemCaseCount)
        for p in Self.lexProblemSamples { assertRendered(Problem.lex(p).message, Self.caseName(p)) }
        for p in Self.parseProblemSamples { assertRendered(Problem.parse(p).message, Self.caseName(p)) }
        for p in Self.checkProblemSamples { assertRendered(Problem.check(p).message, Self.caseName(p)) }
        for p in Self.runProblemSamples { assertRendered(p.message, Self.caseName(p)) }
        XCTAssertEqual(Set(Self.checkWarningSamples.map(Self.caseName)).count, Self.checkWarningCaseCount)
        for w in Self.checkWarningSamples { assertRendered(Problem.warning(w).message, Self.caseName(w)) }
        // Under --strict a warning is an error: the same message, marked.
        for w in Self.checkWarningSamples {
            XCTAssertEqual(Problem.strict(w).message, Problem.warning(w).message + " [--strict]")
            XCTAssertFalse(Problem.strict(w).isWarning)
        }
        // A sample's words and tokens ("zq", the word 'opne') show in its message.
        let rendered: [(String, String)] = Self.lexProblemSamples.map { ("\($0)", $0.message) }
            + Self.parseProblemSamples.map { ("\($0)", $0.message) }
            + Self.checkProblemSamples.map { ("\($0)", $0.message) }
            + Self.runProblemSamples.map { ("\($0)", $0.message) }
        for (sample, message) in rendered {
            for marker in ["zq", "opne"] where sample.contains("\"\(marker)\"") {
                XCTAssertTrue(message.contains(marker), "\(sample): '\(message)' does not show \(marker)")
            }
        }
        assertRendered(Problem.tooManyErrors.message, "tooManyErrors")
        assertRendered(Problem.format(.layoutChangesTokens).message, "layoutChangesTokens")
        // The parts that name things: every operand, place, argument and advice.
        for o in Self.operands {
            assertRendered(CheckProblem.wrongKind(o, want: .points, found: .bool).message, o.name)
            assertRendered(CheckProblem.notWholeCount(o, -1).message, o.name)
        }
        for place in [ExpectedWordPlace.screenSize, .sectionRows, .sectionsRows] {
            assertRendered(ParseProblem.expectedWord(place, found: FoundToken(kind: .newline)).message, "\(place)")
        }
        for w in [WholeArgument.sectionIndex, .rowIndex, .frameCount, .repeatCount] {
            assertRendered(RunProblem.notWholeFromZero(what: w, 1.5).message, "\(w)")
        }
        for a in [RecordAdvice.runUpdate(count: 1), .runUpdate(count: 2), .notFinite, .host("type :expect offset")] {
            assertRendered(RunProblem.noRecordedValue(seen: [UnrecordedValue(subject: "offset", value: .number(1, .points))], advice: a).message, "\(a)")
        }
        // Data shows in the words.
        XCTAssertEqual(CheckProblem.duplicateScenario(raw: "\"a\"", firstLine: 7).message, "duplicate scenario name \"a\" (first at line 7)")
        XCTAssertEqual(RunProblem.noSuchRow(4, section: 1, rows: 1).message, "there is no row 4 in section 1: it has 1 row")
        XCTAssertEqual(ParseProblem.pullTakesNoDuration.message,
                       "'pull' takes no duration (it moves at drag.speed, 300 pt/s by default); write 'drag D in T' to choose one")
    }

    /// The expression errors `check` and `run` both report keep their cases in both enums
    /// (the counts above count them in each), but are worded once (`ExpressionWording`):
    /// the same error reads the same from either. The sentences written out by hand.
    func testCheckAndRunWordTheSharedExpressionErrorsAlike() {
        let pairs: [(CheckProblem, RunProblem, String)] = [
            (.divisionByZero, .divisionByZero, "division by zero"),
            (.cannotAddOrSubtract(.remainder, left: .quantity(.points), right: .quantity(.seconds)),
             .cannotAddOrSubtract(.remainder, .number(.points), .number(.seconds)),
             "cannot take the remainder of a distance (pt) divided by a duration (s)"),
            (.cannotCompare(.num(.quantity(.points)), .bool), .cannotCompare(.number(.points), .bool),
             "cannot compare a distance (pt) with a boolean"),
            (.functionNeedsNumbers(.abs, found: .string), .functionNeedsNumbers(.abs, .string),
             "'abs' needs numbers, found a string"),
            (.functionMixesKinds(.min, .quantity(.points), .quantity(.velocity)),
             .functionMixesKinds(.min, .number(.points), .number(.velocity)),
             "'min' needs values of one kind: a distance (pt) and a velocity (pt/s) do not mix"),
        ]
        for (check, run, sentence) in pairs {
            XCTAssertEqual(check.message, sentence)
            XCTAssertEqual(run.message, sentence)
        }
        // The same start, and the checker's own advice after it.
        XCTAssertEqual(RunProblem.remainderByZero.message, "remainder of a division by zero")
        XCTAssertEqual(CheckProblem.remainderByZero.message, "remainder of a division by zero ('%' needs a divisor other than 0)")
        // An unknown function with no near name lists the functions, from either.
        let list = " (the functions are min, max, abs, clamp, floor, round)"
        XCTAssertEqual(RunProblem.unknownFunction("zq").message, "unknown function 'zq'" + list)
        XCTAssertEqual(CheckProblem.unknownFunction("zq").message, "unknown function 'zq'" + list)
    }


    static let deceleration = BehaviourRegistry.builtIn.tunable(.core(.deceleration))

    // MARK: - Code quoted in a message is code that checks

    /// The scene quoted examples are checked in: every view a message may name (a pinned,
    /// toggling header, a toolbar, 10 titled sections of 10 rows).
    static let exampleScene = "header 240 pin 60 toggle 300\ntoolbar\nsections 10 rows 10\naccordion\n"

    /// Samples with real data, for the cases whose advice is built from their data (the
    /// samples above use "zq", which no advice could make valid).
    static let exampleVariants: [String] = [
        ParseProblem.expectedMember(base: "row").message,
        ParseProblem.expectedMember(base: "section").message,
        ParseProblem.expectedMember(base: "foo").message,
        ParseProblem.tapSection(index: "2").message,
        ParseProblem.tapSection(index: nil).message,
        ParseProblem.tapRowNeedsRow(section: "0").message,
        ParseProblem.noSuchExpect("eventually").message,
        ParseProblem.withinWithoutApprox(nil).message,
        ParseProblem.withinWithoutApprox(.eq).message,
        LexProblem.symbolForWord(written: "&&", word: "and").message,
        LexProblem.symbolForWord(written: "||", word: "or").message,
    ] + ["s", "ms", "pt"].map { ParseProblem.expectedStatementEnd(found: FoundToken(kind: .word, text: $0)).message }

    /// Every message of every case (the samples and the variants above).
    static var everyMessage: [String] {
        lexProblemSamples.map { $0.message } + parseProblemSamples.map { $0.message }
            + checkProblemSamples.map { $0.message } + runProblemSamples.map { $0.message }
            + checkWarningSamples.map { $0.message } + exampleVariants
    }

    /// The pieces a message puts in single quotes: an opening quote at the start or after a
    /// space or '(', its closing one before the end, a space or punctuation (so the
    /// apostrophe of "scenario's" opens none).
    static func quoted(_ message: String) -> [(before: String, text: String)] {
        let re = try! NSRegularExpression(pattern: "(^|[\\s(])'([^']*)'(?=$|[\\s),;:?.!])")
        let ns = message as NSString
        return re.matches(in: message, range: NSRange(location: 0, length: ns.length)).map {
            (ns.substring(to: $0.range(at: 2).location - 1), ns.substring(with: $0.range(at: 2)))
        }
    }

    /// Whether a quoted piece is code offered as an example: a statement or expression
    /// (more than one word, or a subscript, or a number), not a word or an operator named
    /// alone ('pull', '~=', '== ?'), not a form with placeholders ('drag D in T',
    /// 'section[...]'), not the user's own text echoed back ("after 'tap row 7'", "there is
    /// no 'expect zq'", the samples' "zq"/"opne"), not a shell command.
    static func isExample(_ q: (before: String, text: String)) -> Bool {
        let t = q.text
        guard let first = t.unicodeScalars.first, CharacterSet.alphanumerics.contains(first) || first == "(" || first == "-" else { return false }
        guard t.contains(" ") || t.contains("[") || CharacterSet.decimalDigits.contains(first) else { return false }
        if t.contains("zq") || t.contains("opne") || t.contains("...") || t.hasPrefix("scrollscript ") { return false }
        if t.range(of: "\\b[A-Z][A-Z0-9]*\\b", options: .regularExpression) != nil { return false }
        // The subject a message opens with ("'in 500' is 500 seconds") is the user's text too.
        if q.before.isEmpty { return false }
        for echo in ["after ", "no ", "found ", "not "] where q.before.hasSuffix(echo) { return false }
        return true
    }

    /// The issue: `expect row[0,1] == 0` was told "(as in row[0].y)", and `row[0].y` is
    /// refused. Every example a message quotes is checked here in a scene with every view;
    /// and "as in" always quotes its example, so none escapes this test unquoted.
    func testEveryExampleAMessageQuotesPassesCheck() {
        var examples: Set<String> = []
        for message in Self.everyMessage {
            var rest = message[...]
            while let r = rest.range(of: "as in ") {
                XCTAssertEqual(rest[r.upperBound...].first, "'", "an unquoted example in: \(message)")
                rest = rest[r.upperBound...]
            }
            for q in Self.quoted(message) where Self.isExample(q) { examples.insert(q.text) }
        }
        // The ones this test must see (it would pass vacuously if the extraction broke).
        for known in ["row[0,1].y", "section[0].y", "tap row 0 3", "expect within 1s toolbar.state == hidden",
                      "0 <= offset and offset <= 100", "offset > 0 and phase == idle", "0.5s", "tap header 2", "500ms", "500s"] {
            XCTAssertTrue(examples.contains(known), known)
        }
        for example in examples.sorted() {
            let r = checkSource(SourceFile(name: "example.scroll", text: Self.exampleScene + example + "\n"))
            XCTAssertEqual(r.diagnostics.map(\.message), [], "the quoted example '\(example)' does not check")
        }
        // The test can fail: the old advice is caught.
        let old = checkSource(SourceFile(name: "example.scroll", text: Self.exampleScene + "row[0].y\n"))
        XCTAssertEqual(old.diagnostics.map(\.problem), [.check(.guess(Guess(headline: .unknownName("row[0].y"), corrected: "row[0,0].y")))])
    }

    static let operands: [Operand] = [
        .screenWidth, .screenHeight, .fps, .argument("toolbar height"),
        .sectionRowCount, .sectionCount, .rowCount, .tunable(deceleration), .repeatCount, .pull, .drag, .swipe,
        .fling, .tapX, .tapY, .tick, .tapHeader, .tapRowSection, .tapRowRow, .dragDuration, .swipeDuration,
        .wait, .expectWithin, .sectionIndex, .rowIndex, .index,
    ]

    /// One value of every case of `LexProblem`.
    static let lexProblemSamples: [LexProblem] = [
        .fileTooLarge,
        .lineTooLong,
        .invalidUTF8(0x01),
        .symbolForWord(written: "zq", word: "zq"),
        .loneOperator(0x01),
        .unexpectedByte(0x01),
        .unknownUnit("zq"),
        .numberTooLarge("zq"),
        .unterminatedString,
        .escapeWithoutBrace,
        .invalidUnicodeEscape,
        .unknownEscape(0x01),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ p: LexProblem) -> String {
        switch p {
        case .fileTooLarge: return "fileTooLarge"
        case .lineTooLong: return "lineTooLong"
        case .invalidUTF8: return "invalidUTF8"
        case .symbolForWord: return "symbolForWord"
        case .loneOperator: return "loneOperator"
        case .unexpectedByte: return "unexpectedByte"
        case .unknownUnit: return "unknownUnit"
        case .numberTooLarge: return "numberTooLarge"
        case .unterminatedString: return "unterminatedString"
        case .escapeWithoutBrace: return "escapeWithoutBrace"
        case .invalidUnicodeEscape: return "invalidUnicodeEscape"
        case .unknownEscape: return "unknownEscape"
        }
    }
    static let lexProblemCaseCount = 12

    /// One value of every case of `ParseProblem`.
    static let parseProblemSamples: [ParseProblem] = [
        .declared(.unknownMember("zq")),
        .expectedWord(.sectionRows, found: FoundToken(kind: .word, text: "opne")),
        .unexpectedCloseBrace,
        .expectedStatementEnd(found: FoundToken(kind: .word, text: "opne")),
        .expectedOpenBrace(found: FoundToken(kind: .word, text: "opne")),
        .blocksTooDeep,
        .unclosedBrace,
        .pullTakesNoDuration,
        .unknownStatement("zq", keywords: ["pull", "zqx"]),
        .expectedStatement(found: FoundToken(kind: .word, text: "opne")),
        .expectedScenarioName(found: FoundToken(kind: .word, text: "opne")),
        .expectedOption(word: "header", options: ["pin", "zqx"], found: FoundToken(kind: .word, text: "opne")),
        .unknownOption(word: "header", option: "zq", options: ["pin", "zqx"]),
        .expectedSectionState(found: FoundToken(kind: .word, text: "opne")),
        .expectedTunableName(found: FoundToken(kind: .word, text: "opne")),
        .expectedBehaviourName(found: FoundToken(kind: .number, text: "3"), names: ["zq"]),
        .expectedSetValue(name: "zq"),
        .tapRowNeedsIndexes,
        .tapRowNeedsRow(section: "7"),
        .tapNeedsTarget(targets: ["header", "row"]),
        .tapSection(index: "7"),
        .tapUnknownTarget(found: FoundToken(kind: .word, text: "opne"), targets: ["header", "row"]),
        .tapNeedsY(x: "7"),
        .expectNeedsExpression,
        .noSuchExpect("zq"),
        .expressionTooDeep,
        .withinWithoutApprox(.lt),
        .chainedComparison,
        .expectedValue(found: FoundToken(kind: .word, text: "opne")),
        .unclosedParen(line: 3, column: 3, found: FoundToken(kind: .word, text: "opne")),
        .expectedCloseBracket(found: FoundToken(kind: .word, text: "opne")),
        .expectedMember(base: "zq"),
        .expectedNameAfterDot(found: FoundToken(kind: .word, text: "opne")),
        .expectedLetName(found: FoundToken(kind: .word, text: "opne")),
        .expectedLetAssign(name: "zq", found: FoundToken(kind: .word, text: "opne")),
        .plusMinus,
        .loneAssign,
        .carriageReturnLineEnds,
        .guess(Guess(headline: .unknownStatement("zq"), notes: [.unitGlued], corrected: "wait 1s")),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ p: ParseProblem) -> String {
        switch p {
        case .expectedWord: return "expectedWord"
        case .unexpectedCloseBrace: return "unexpectedCloseBrace"
        case .expectedStatementEnd: return "expectedStatementEnd"
        case .expectedOpenBrace: return "expectedOpenBrace"
        case .blocksTooDeep: return "blocksTooDeep"
        case .unclosedBrace: return "unclosedBrace"
        case .pullTakesNoDuration: return "pullTakesNoDuration"
        case .unknownStatement: return "unknownStatement"
        case .expectedStatement: return "expectedStatement"
        case .expectedScenarioName: return "expectedScenarioName"
        case .expectedOption: return "expectedOption"
        case .unknownOption: return "unknownOption"
        case .expectedSectionState: return "expectedSectionState"
        case .expectedTunableName: return "expectedTunableName"
        case .expectedBehaviourName: return "expectedBehaviourName"
        case .expectedSetValue: return "expectedSetValue"
        case .tapRowNeedsIndexes: return "tapRowNeedsIndexes"
        case .tapRowNeedsRow: return "tapRowNeedsRow"
        case .tapNeedsTarget: return "tapNeedsTarget"
        case .tapSection: return "tapSection"
        case .tapUnknownTarget: return "tapUnknownTarget"
        case .tapNeedsY: return "tapNeedsY"
        case .expectNeedsExpression: return "expectNeedsExpression"
        case .noSuchExpect: return "noSuchExpect"
        case .expressionTooDeep: return "expressionTooDeep"
        case .withinWithoutApprox: return "withinWithoutApprox"
        case .chainedComparison: return "chainedComparison"
        case .expectedValue: return "expectedValue"
        case .unclosedParen: return "unclosedParen"
        case .expectedCloseBracket: return "expectedCloseBracket"
        case .expectedMember: return "expectedMember"
        case .expectedNameAfterDot: return "expectedNameAfterDot"
        case .expectedLetName: return "expectedLetName"
        case .expectedLetAssign: return "expectedLetAssign"
        case .plusMinus: return "plusMinus"
        case .loneAssign: return "loneAssign"
        case .carriageReturnLineEnds: return "carriageReturnLineEnds"
        case .guess: return "guess"
        case .declared: return "declared"
        }
    }
    static let parseProblemCaseCount = 39

    /// One value of every case of `CheckProblem`.
    static let checkProblemSamples: [CheckProblem] = [
        .noStatements,
        .secondScene,
        .sceneAfterScenario,
        .duplicateScenario(raw: "zq", firstLine: 3),
        .outsideScenario(keyword: "zq"),
        .sceneWithoutScenario,
        .notConfigurationInScene(keyword: "zq"),
        .configurationAfterTime(keyword: "zq", first: "zq", line: 3),
        .blockNotAtTopLevel(keyword: "zq", atColumnOne: true),
        .blockTypedInRepl(keyword: "zq"),
        .configNotBool(.wait, .points),
        .configNotName(.wait, .points, name: "zq"),
        .configNotConstant(.wait),
        .wrongKind(.wait, want: .points, found: .num(.quantity(.seconds))),
        .notWholeCount(.wait, 2.5),
        .screenSideOutOfRange(.wait, 2.5),
        .fpsOutOfRange(2.5),
        .outOfRange(.wait, 2.5, Limits.headerHeight),
        .tooManySectionsDeclared(3),
        .tooManyRowsDeclared(3),
        .tooManySections,
        .tooManyRows,
        .notBetween(.argument("parallax"), 2.5, lower: 0, upper: 1),
        .aboveWordArgument(.argument("pin"), 2.5, word: "header height", wordValue: 1.5),
        .needsOption(word: "zq", other: "header", option: "nostretch", usage: "header H"),
        .unknownTunable("zq", known: ["zqx"]),
        .unknownBehaviour("zq", known: ["zqx"], builtInWord: false),
        .tunableNotName(deceleration, name: "zq"),
        .notANamedValue(deceleration, name: "zq"),
        .tunableNotBool(deceleration),
        .tunableTakesBool(deceleration),
        .repeatTooLarge(written: "zq"),
        .configurationInRepeat(keyword: "zq"),
        .pullNotPositive,
        .flingTooFast(2.5),
        .needsBehaviour(subject: "zq", noun: "header", usage: "header H"),
        .sceneSetNeedsBehaviour(subject: "zq", noun: "header", usage: "header H", scenario: "zq", sceneLine: 2),
        .tickTooLarge(written: "zq", fps: 3),
        .tickNotWhole(2.5),
        .expectNeedsCondition(found: .num(.quantity(.seconds))),
        .badDuration(.wait, 2.5, allowZero: true),
        .durationTooLong(.wait, 2.5),
        .noSectionTitled(raw: "zq", near: ["Inbox", "Outbox"], titles: ["Inbox", "Outbox"]),
        .noSuchSection(written: "zq", count: 3),
        .untitledSection(3),
        .noSuchRow(written: "zq", section: 3, rows: 3),
        .notATapTarget(raw: "zq", near: ["row[0,1]"]),
        .placeholderInTimedExpect("zq"),
        .placeholderUnderNotOrOr,
        .placeholderNotHere,
        .placeholderOperator(.lt),
        .negateNeedsNumber(found: .num(.quantity(.seconds))),
        .notNeedsCondition(found: .num(.quantity(.seconds))),
        .logicNeedsConditions(.add, found: .num(.quantity(.seconds))),
        .arithmeticNeedsNumbers(.add, found: .num(.quantity(.seconds))),
        .cannotAddOrSubtract(.add, left: .quantity(.points), right: .quantity(.points)),
        .divisionByZero,
        .notAState("zq", .toolbar),
        .stateAsString(value: "zq", raw: "zq"),
        .stateComparedWithString(.toolbar),
        .rectsCannotBeCompared,
        .cannotCompare(.num(.quantity(.seconds)), .num(.quantity(.seconds))),
        .toleranceKind(want: .quantity(.points), found: .num(.quantity(.seconds))),
        .orderNeedsNumbers(.lt, found: .num(.quantity(.seconds))),
        .stateOfOtherFamily("zq", .toolbar, of: ["phase"]),
        .letStateOfOtherFamily("zq", word: "zq", line: 3, .toolbar, of: ["phase"]),
        .approxRecordNeedsNumber(found: .num(.quantity(.seconds))),
        .needsIndex(.sectionY),
        .setValueAsName("zq"),
        .unknownName("zq", known: ["zqx"]),
        .unknownIndexedName("zq"),
        .indexCount(.row, member: "zq"),
        .unknownMember(.row, "zq"),
        .indexNotNumber(found: .num(.quantity(.seconds))),
        .unknownFunction("zq"),
        .functionArity(.clamp, found: 2),
        .functionNeedsNumbers(.abs, found: .bool),
        .functionMixesKinds(.min, .quantity(.points), .quantity(.seconds)),
        .clampBoundsReversed(lo: 2.5, hi: 1.5),
        .remainderByZero,
        .letNameTaken("zq", .observable),
        .letRebound("zq", line: 3),
        .letNotYetBound("zq", line: 3),
        .guess(Guess(headline: .unknownName("zq"), corrected: "expect offset == 0")),
        .declared(.unknownEvent("zq")),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ p: CheckProblem) -> String {
        switch p {
        case .noStatements: return "noStatements"
        case .secondScene: return "secondScene"
        case .sceneAfterScenario: return "sceneAfterScenario"
        case .duplicateScenario: return "duplicateScenario"
        case .outsideScenario: return "outsideScenario"
        case .sceneWithoutScenario: return "sceneWithoutScenario"
        case .notConfigurationInScene: return "notConfigurationInScene"
        case .configurationAfterTime: return "configurationAfterTime"
        case .blockNotAtTopLevel: return "blockNotAtTopLevel"
        case .blockTypedInRepl: return "blockTypedInRepl"
        case .configNotBool: return "configNotBool"
        case .configNotName: return "configNotName"
        case .configNotConstant: return "configNotConstant"
        case .wrongKind: return "wrongKind"
        case .notWholeCount: return "notWholeCount"
        case .screenSideOutOfRange: return "screenSideOutOfRange"
        case .fpsOutOfRange: return "fpsOutOfRange"
        case .outOfRange: return "outOfRange"
        case .tooManySectionsDeclared: return "tooManySectionsDeclared"
        case .tooManyRowsDeclared: return "tooManyRowsDeclared"
        case .tooManySections: return "tooManySections"
        case .tooManyRows: return "tooManyRows"
        case .notBetween: return "notBetween"
        case .aboveWordArgument: return "aboveWordArgument"
        case .needsOption: return "needsOption"
        case .unknownTunable: return "unknownTunable"
        case .unknownBehaviour: return "unknownBehaviour"
        case .tunableNotName: return "tunableNotName"
        case .notANamedValue: return "notANamedValue"
        case .tunableNotBool: return "tunableNotBool"
        case .tunableTakesBool: return "tunableTakesBool"
        case .repeatTooLarge: return "repeatTooLarge"
        case .configurationInRepeat: return "configurationInRepeat"
        case .pullNotPositive: return "pullNotPositive"
        case .flingTooFast: return "flingTooFast"
        case .needsBehaviour: return "needsBehaviour"
        case .sceneSetNeedsBehaviour: return "sceneSetNeedsBehaviour"
        case .tickTooLarge: return "tickTooLarge"
        case .tickNotWhole: return "tickNotWhole"
        case .expectNeedsCondition: return "expectNeedsCondition"
        case .badDuration: return "badDuration"
        case .durationTooLong: return "durationTooLong"
        case .noSectionTitled: return "noSectionTitled"
        case .noSuchSection: return "noSuchSection"
        case .untitledSection: return "untitledSection"
        case .noSuchRow: return "noSuchRow"
        case .notATapTarget: return "notATapTarget"
        case .placeholderInTimedExpect: return "placeholderInTimedExpect"
        case .placeholderUnderNotOrOr: return "placeholderUnderNotOrOr"
        case .placeholderNotHere: return "placeholderNotHere"
        case .placeholderOperator: return "placeholderOperator"
        case .negateNeedsNumber: return "negateNeedsNumber"
        case .notNeedsCondition: return "notNeedsCondition"
        case .logicNeedsConditions: return "logicNeedsConditions"
        case .arithmeticNeedsNumbers: return "arithmeticNeedsNumbers"
        case .cannotAddOrSubtract: return "cannotAddOrSubtract"
        case .divisionByZero: return "divisionByZero"
        case .notAState: return "notAState"
        case .stateAsString: return "stateAsString"
        case .stateComparedWithString: return "stateComparedWithString"
        case .rectsCannotBeCompared: return "rectsCannotBeCompared"
        case .cannotCompare: return "cannotCompare"
        case .toleranceKind: return "toleranceKind"
        case .orderNeedsNumbers: return "orderNeedsNumbers"
        case .stateOfOtherFamily: return "stateOfOtherFamily"
        case .letStateOfOtherFamily: return "letStateOfOtherFamily"
        case .approxRecordNeedsNumber: return "approxRecordNeedsNumber"
        case .needsIndex: return "needsIndex"
        case .setValueAsName: return "setValueAsName"
        case .unknownName: return "unknownName"
        case .unknownIndexedName: return "unknownIndexedName"
        case .indexCount: return "indexCount"
        case .unknownMember: return "unknownMember"
        case .indexNotNumber: return "indexNotNumber"
        case .unknownFunction: return "unknownFunction"
        case .functionArity: return "functionArity"
        case .functionNeedsNumbers: return "functionNeedsNumbers"
        case .functionMixesKinds: return "functionMixesKinds"
        case .clampBoundsReversed: return "clampBoundsReversed"
        case .remainderByZero: return "remainderByZero"
        case .letNameTaken: return "letNameTaken"
        case .letRebound: return "letRebound"
        case .letNotYetBound: return "letNotYetBound"
        case .guess: return "guess"
        case .declared: return "declared"
        }
    }
    static let checkProblemCaseCount = 85

    /// One value of every case of `RunProblem`.
    static let runProblemSamples: [RunProblem] = [
        .expectationFalse,
        .withinTimedOut(limit: 1.5),
        .invariantBroken(time: 2.5),
        .interrupted,
        .settleTimedOut,
        .statementLimit,
        .timeLimit,
        .statementPassesTimeLimit,
        .outputLimit,
        .settleWithFingerDown,
        .noSectionTitled(raw: "zq"),
        .expectedNumber(.number(.points)),
        .notWholeFromZero(what: .rowIndex, 2.5),
        .world(.noFingerToRelease),
        .unexpected("zq"),
        .cannotRecord(subject: "zq", value: .number(12.5, .points)),
        .noRecordedValue(seen: [UnrecordedValue(subject: "offset", value: .number(3, .points))], advice: .runUpdate(count: 2)),
        .unknownName("zq"),
        .unknownIndexedName(base: "zq", member: "zq"),
        .indexCount(base: "zq", need: 3),
        .expectationNotBool,
        .placeholderWithoutValue,
        .noSuchSection(3, count: 3),
        .noSuchRow(3, section: 3, rows: 3),
        .badIndex(.number(12.5, .points)),
        .unaryNotApplicable(.negate, .number(.points)),
        .needsBooleans(.add, .number(.points)),
        .needsNumbers(.add, .number(.points), .number(.points)),
        .cannotAddOrSubtract(.add, .number(.points), .number(.points)),
        .divisionByZero,
        .cannotCompare(.number(.points), .number(.points)),
        .rectsNotComparable,
        .orderNeedsNumbers(.lt, .number(.points)),
        .badTolerance,
        .behaviourFault(behaviour: "zq", fault: .offsetNotFinite(.nan), time: 0.5, subject: ""),
        .behaviourValueNotFinite(behaviour: "zq", observable: "zq.alpha", value: .infinity),
        .remainderByZero,
        .letNotBound("zq"),
        .unknownFunction("zq"),
        .functionArity(.min, found: 1),
        .functionNeedsNumbers(.abs, .bool),
        .functionMixesKinds(.max, .number(.points), .number(.seconds)),
        .clampBoundsReversed(lo: 2.5, hi: 1.5, .points),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ p: RunProblem) -> String {
        switch p {
        case .expectationFalse: return "expectationFalse"
        case .withinTimedOut: return "withinTimedOut"
        case .invariantBroken: return "invariantBroken"
        case .interrupted: return "interrupted"
        case .settleTimedOut: return "settleTimedOut"
        case .statementLimit: return "statementLimit"
        case .timeLimit: return "timeLimit"
        case .statementPassesTimeLimit: return "statementPassesTimeLimit"
        case .outputLimit: return "outputLimit"
        case .settleWithFingerDown: return "settleWithFingerDown"
        case .noSectionTitled: return "noSectionTitled"
        case .expectedNumber: return "expectedNumber"
        case .notWholeFromZero: return "notWholeFromZero"
        case .world: return "world"
        case .unexpected: return "unexpected"
        case .cannotRecord: return "cannotRecord"
        case .noRecordedValue: return "noRecordedValue"
        case .unknownName: return "unknownName"
        case .unknownIndexedName: return "unknownIndexedName"
        case .indexCount: return "indexCount"
        case .expectationNotBool: return "expectationNotBool"
        case .placeholderWithoutValue: return "placeholderWithoutValue"
        case .noSuchSection: return "noSuchSection"
        case .noSuchRow: return "noSuchRow"
        case .badIndex: return "badIndex"
        case .unaryNotApplicable: return "unaryNotApplicable"
        case .needsBooleans: return "needsBooleans"
        case .needsNumbers: return "needsNumbers"
        case .cannotAddOrSubtract: return "cannotAddOrSubtract"
        case .divisionByZero: return "divisionByZero"
        case .cannotCompare: return "cannotCompare"
        case .rectsNotComparable: return "rectsNotComparable"
        case .orderNeedsNumbers: return "orderNeedsNumbers"
        case .badTolerance: return "badTolerance"
        case .behaviourFault: return "behaviourFault"
        case .behaviourValueNotFinite: return "behaviourValueNotFinite"
        case .remainderByZero: return "remainderByZero"
        case .letNotBound: return "letNotBound"
        case .unknownFunction: return "unknownFunction"
        case .functionArity: return "functionArity"
        case .functionNeedsNumbers: return "functionNeedsNumbers"
        case .functionMixesKinds: return "functionMixesKinds"
        case .clampBoundsReversed: return "clampBoundsReversed"
        }
    }
    static let runProblemCaseCount = 43

    /// One value of every case of `CheckWarning`.
    static let checkWarningSamples: [CheckWarning] = [
        .bareLongDuration(keyword: "in", raw: "500"),
        .bareLongWait(raw: "300", seconds: 300),
        .conditionAlone(text: "offset == 0", expectLine: nil),
        .valueAlone(text: "offset"),
        .assertionComment(written: "#expect", condition: "offset == 0"),
        .assertionComment(written: "#expect", condition: "offset == 0", inScene: true),
        .checksNothing(name: "a", blocks: true),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ w: CheckWarning) -> String {
        switch w {
        case .bareLongDuration: return "bareLongDuration"
        case .bareLongWait: return "bareLongWait"
        case .conditionAlone: return "conditionAlone"
        case .valueAlone: return "valueAlone"
        case .assertionComment: return "assertionComment"
        case .checksNothing: return "checksNothing"
        }
    }
    static let checkWarningCaseCount = 6

    /// `drag -300 in 500` is a 500 s drag: valid, but a warning names `500ms`. Warnings are
    /// kept apart from errors: the file still has its scenarios and runs.
    func testABareLongDurationAfterInOrWithinWarns() {
        func warnings(_ text: String) -> [String] {
            let r = checkSource(SourceFile(name: "t.scroll", text: text))
            XCTAssertEqual(r.diagnostics, [], text)
            XCTAssertFalse(r.scenarios.isEmpty, text)
            return r.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
        XCTAssertEqual(warnings("drag -300 in 500\nexpect true"),
                       ["1:14 'in 500' is 500 seconds (a number without a unit is seconds here); write '500ms' for milliseconds, or '500s' if seconds are meant"])
        XCTAssertEqual(warnings("sections 3 rows 40\nswipe -100 in 61\nexpect within 90 phase == idle").map { String($0.prefix(16)) },
                       ["2:15 'in 61' is ", "3:15 'within 90'"])
        // Up to 60 s, any unit written, and what is not a literal: no warning (`wait 500`
        // has its own, below 100 s none: spec §5 v1.5).
        XCTAssertEqual(warnings("drag 10 in 60\ndrag 10 in 500ms\ndrag 10 in 61s\nwait 99\nexpect within 0.5 offset == 10"), [])
        XCTAssertEqual(checkSource(SourceFile(name: "t.scroll", text: "drag 10 in 500\nexpect true")).warnings.first?.problem,
                       .warning(.bareLongDuration(keyword: "in", raw: "500")))
        // Printed as a warning, with the line and a caret.
        let d = Diagnostic(SourceLocation(file: "t.scroll", line: 1, column: 14), .warning(.bareLongDuration(keyword: "in", raw: "500")))
        XCTAssertTrue(renderDiagnostic(d, sourceLines: ["drag -300 in 500"]).hasPrefix("t.scroll:1:14: warning: 'in 500' is 500 seconds"))
        XCTAssertTrue(renderDiagnostic(d, sourceLines: ["drag -300 in 500"]).hasSuffix("\ndrag -300 in 500\n             ^\n"))
    }
}

extension ProblemCaseTests {
    /// One value of every case of `GuessHeadline`.
    static let guessHeadlineSamples: [GuessHeadline] = [
        .unknownStatement("zq"), .notAnOperator("zq"), .notAUnit("zq"), .direction("zq"), .notAValue("zq"),
        .notAState("zq", .toolbar), .quotedState("zq"), .unknownName("zq"), .unknownFunction("zq"), .commentMark("zq"),
        .singleQuotes("zq"), .unexpected("zq"), .missing("zq"),
    ]

    /// The case's name; exhaustive, so a new case must be named here (and given a sample).
    static func caseName(_ h: GuessHeadline) -> String {
        switch h {
        case .unknownStatement: return "unknownStatement"
        case .notAnOperator: return "notAnOperator"
        case .notAUnit: return "notAUnit"
        case .direction: return "direction"
        case .notAValue: return "notAValue"
        case .notAState: return "notAState"
        case .quotedState: return "quotedState"
        case .unknownName: return "unknownName"
        case .unknownFunction: return "unknownFunction"
        case .commentMark: return "commentMark"
        case .singleQuotes: return "singleQuotes"
        case .unexpected: return "unexpected"
        case .missing: return "missing"
        }
    }

    /// One value of every case of `GuessNote`.
    static let guessNoteSamples: [GuessNote] = [
        .fingerSign, .scrollSign, .scrollUpSign, .chosenAmount("zq"), .unitGlued, .bareMilliseconds, .points, .velocityBare,
        .flingDuration, .pullDuration, .pullDown, .waitUntil, .invariant, .tolerance, .stateCompared("zq"),
        .hashComment, .doubleQuotes, .noParentheses, .letNames, .repeatBlock, .tapTargets, .chosenLimit, .fullWidth,
        .declareView(.behaviour(noun: "zq", example: "zq 240")), .declareView(.sections(count: 3, rows: 10)),
        .declareView(.titledSection("\"zq\"")),
    ]

    static func caseName(_ n: GuessNote) -> String {
        switch n {
        case .fingerSign: return "fingerSign"
        case .scrollSign: return "scrollSign"
        case .scrollUpSign: return "scrollUpSign"
        case .chosenAmount: return "chosenAmount"
        case .unitGlued: return "unitGlued"
        case .bareMilliseconds: return "bareMilliseconds"
        case .points: return "points"
        case .velocityBare: return "velocityBare"
        case .flingDuration: return "flingDuration"
        case .pullDuration: return "pullDuration"
        case .pullDown: return "pullDown"
        case .waitUntil: return "waitUntil"
        case .invariant: return "invariant"
        case .tolerance: return "tolerance"
        case .stateCompared: return "stateCompared"
        case .hashComment: return "hashComment"
        case .doubleQuotes: return "doubleQuotes"
        case .noParentheses: return "noParentheses"
        case .letNames: return "letNames"
        case .repeatBlock: return "repeatBlock"
        case .tapTargets: return "tapTargets"
        case .chosenLimit: return "chosenLimit"
        case .fullWidth: return "fullWidth"
        case .declareView(.behaviour): return "declareView(behaviour)"
        case .declareView(.sections): return "declareView(sections)"
        case .declareView(.titledSection): return "declareView(titledSection)"
        }
    }

    /// A guess's message: its headline, the statement meant in quotes, then its notes, once each.
    func testEveryGuessPartRendersASentence() {
        XCTAssertEqual(Set(Self.guessHeadlineSamples.map(Self.caseName)).count, 13)
        XCTAssertEqual(Set(Self.guessNoteSamples.map(Self.caseName)).count, 26)
        for h in Self.guessHeadlineSamples {
            let m = Guess(headline: h, corrected: "wait 1s").message
            XCTAssertTrue(m.contains("zq"), "\(h): \(m)")
            XCTAssertTrue(m.hasSuffix(" (did you mean 'wait 1s'?)"), m)
        }
        for n in Self.guessNoteSamples {
            let m = Guess(headline: .unknownStatement("sleep"), notes: [n, n], corrected: "wait 1s").message
            XCTAssertTrue(m.hasPrefix("unknown statement 'sleep' (did you mean 'wait 1s'? "), m)
            XCTAssertEqual(m.components(separatedBy: n.text).count, 2, "said once: \(m)")
        }
        XCTAssertEqual(Guess(headline: .notAUnit("sec"), notes: [.unitGlued], corrected: "wait 0.5s").message,
                       "'sec' is not a unit (did you mean 'wait 0.5s'? a unit is glued to its number: s, ms or pt)")
    }
}
