import XCTest
@testable import ScrollScript

/// Spec §5: the functions `min max abs clamp floor round`, the operator `%`, and
/// `let NAME = EXPR`. Expected values are worked out by hand (the arithmetic is written
/// next to each), never read back from the evaluator.
final class FunctionsAndLetTests: XCTestCase {
    private func errors(_ text: String) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    // MARK: - Functions and %

    func testRemainderHasTheSignOfTheLeftSide() throws {
        // truncatingRemainder: 7 = 2·3 + 1; -7 = -2·3 - 1; 7 = -2·(-3) + 1; 7.5 = 3·2 + 1.5.
        try passes("expect 7 % 3 == 1\nexpect -7 % 3 == -1\nexpect 7 % -3 == 1\nexpect 7.5 % 2 == 1.5\nexpect 0 % 5 == 0")
        // `%` binds like `*` and `/`, left to right: 1 + (7 % 4) = 4; (7 % 4) * 2 = 6; (20 / 2) % 3 = 1.
        try passes("expect 1 + 7 % 4 == 4\nexpect 7 % 4 * 2 == 6\nexpect 20 / 2 % 3 == 1")
    }

    func testRoundHalvesAwayFromZeroAndFloorGoesDown() throws {
        try passes("""
        expect round(2.5) == 3 and round(-2.5) == -3 and round(0.5) == 1 and round(-0.5) == -1
        expect round(2.49) == 2 and round(-2.51) == -3
        expect floor(2.7) == 2 and floor(-2.3) == -3 and floor(-0.5) == -1 and floor(4) == 4
        expect abs(-3) == 3 and abs(3) == 3 and abs(0) == 0
        """)
    }

    func testMinMaxClamp() throws {
        try passes("""
        expect min(3, 1, 2) == 1 and max(3, 1, 2) == 3 and min(-1, -5) == -5
        expect clamp(5, 0, 10) == 5 and clamp(-1, 0, 10) == 0 and clamp(11, 0, 10) == 10 and clamp(7, 3, 3) == 3
        """)
    }

    func testUnitsAreKept() throws {
        // drag -200 (within the bounds) leaves offset at 200 pt: 200 % 80 = 40 pt;
        // min(200, 50) = 50 pt; max(200 pt, 250 pt) = 250 pt; abs(-200) = 200 pt.
        let r = try runChecked("""
        drag -200
        print offset % 80, min(offset, 50), max(offset, 250pt), abs(-offset), floor(offset / 3), time % 0.25s
        expect offset % 80pt == 40
        """)
        XCTAssertNil(r.failure)
        // 200 / 3 = 66.67 → floor 66 pt; drag -200 takes 200/300 s = 0.6667 s → 40 frames at
        // 60 fps = 0.6667 s; 0.6667 % 0.25 = 0.1667 s.
        XCTAssertEqual(r.output, ["t = 0.667 s: 40.00, 50.00, 250.00, 200.00, 66.00, 0.167"])
    }

    func testTheFadeOfTheIssue() throws {
        // offset 151: (151 - 136) / 30 = 0.5, inside [0, 1]; offset 200: 64 / 30 > 1 → 1.
        try passes("drag -151\nexpect clamp((offset - 136) / 30, 0, 1) == 0.5\ndrag -49\nexpect clamp((offset - 136) / 30, 0, 1) == 1")
    }

    func testSnappingRowsInvariant() throws {
        // 44 pt rows: after a drag of 88 pt the offset is a whole number of rows while idle.
        try passes("drag -88\nrelease\nexpect always offset % 44 == 0 or phase != idle")
        let r = try runChecked("drag -50\nrelease\nexpect always offset % 44 == 0 or phase != idle")
        // 50 % 44 = 6, and the content is at rest (phase idle) right after the release:
        // broken at once, after the drag's 50 / 300 s = 10 frames at 60 fps.
        XCTAssertEqual(r.failure?.problem, .invariantBroken(time: 10.0 / 60.0))
        XCTAssertEqual(r.failure?.location.line, 3)
    }

    func testMixingKindsIsAnErrorAsForPlus() {
        XCTAssertEqual(errors("expect offset % 1s == 0"), ["1:15 cannot take the remainder of a distance (pt) divided by a duration (s)"])
        XCTAssertEqual(errors("expect min(offset, time) > 0"), ["1:20 'min' needs values of one kind: a distance (pt) and a duration (s) do not mix"])
        XCTAssertEqual(errors("expect clamp(time, 0, 5pt) > 0"), ["1:23 'clamp' needs values of one kind: a duration (s) and a distance (pt) do not mix"])
        XCTAssertEqual(errors("expect abs(finger.down)"), ["1:12 'abs' needs numbers, found a boolean"])
        // The result has the unit: compared with a duration it is an error.
        XCTAssertEqual(errors("expect abs(offset) < 1s"), ["1:20 cannot compare a distance (pt) with a duration (s)"])
    }

    func testFunctionErrors() {
        XCTAssertEqual(errors("expect sqrt(offset) > 0"), ["1:8 unknown function 'sqrt' (the functions are min, max, abs, clamp, floor, round)"])
        XCTAssertEqual(errors("expect mni(offset, 1) > 0"), ["1:8 unknown function 'mni' (did you mean 'min'?)"])
        XCTAssertEqual(errors("expect min(offset) > 0"), ["1:8 min takes two or more values (as in 'min(offset, 100)'), found 1"])
        XCTAssertEqual(errors("expect abs(offset, 1) > 0"), ["1:8 abs takes one value (as in 'abs(velocity)'), found 2"])
        XCTAssertEqual(errors("expect clamp(offset, 10, 0) > 0"), ["1:22 clamp's lower bound 10 is above its upper bound 0"])
        XCTAssertEqual(errors("expect offset % 0 == 0"), ["1:15 remainder of a division by zero ('%' needs a divisor other than 0)"])
        XCTAssertEqual(errors("expect offset % (2 - 2) == 0"), ["1:15 remainder of a division by zero ('%' needs a divisor other than 0)"])
    }

    func testRunTimeErrorsOfFunctions() throws {
        // offset is 0 at the start: 1 % 0.
        let z = try runChecked("let z = offset\nexpect 1 % z == 0")
        XCTAssertEqual(z.failure?.message, "remainder of a division by zero")
        XCTAssertEqual(z.failure?.location.line, 2)
        // After drag -10 the offset is 10 pt: clamp's lower bound 10 is above 0.
        let c = try runChecked("drag -10\nexpect clamp(1, offset, 0) == 0")
        XCTAssertEqual(c.failure?.message, "clamp's lower bound 10.00 is above its upper bound 0.00")
    }

    func testAFunctionNameWithASpaceBeforeItsParenthesisIsACall() throws {
        try passes("expect min (3, 4) == 3")
        // Any other word and a parenthesis apart are a name and an argument: `tap o (40)`.
        try passes("let o = 10\ntap o (40)")
    }

    // MARK: - let

    func testLetNamesAValueForTheRestOfTheScenario() throws {
        // offset 0 when bound; drag -100 in 0.5 s moves the content 100 pt up.
        try passes("let o = offset\ndrag -100 in 0.5s\nexpect offset == o + 100\nexpect o == 0")
        // A time: 0 s, then 30 frames at 60 fps = 0.5 s.
        try passes("let t = time\nwait 0.5s\nexpect time == t + 0.5s")
        // A state, compared with the observable it came from.
        try passes("toolbar\nlet s = toolbar.state\nexpect toolbar.state == s\nexpect s == shown")
        let r = try runChecked("let o = offset\ndrag -30\nprint o, o + offset")
        XCTAssertEqual(r.output, ["t = 0.100 s: o = 0.00, 30.00"])
    }

    func testLetIsTypedLikeAnObservable() {
        XCTAssertEqual(errors("let t = time\nexpect offset == t"), ["2:15 cannot compare a distance (pt) with a duration (s)"])
        XCTAssertEqual(errors("let b = finger.down\nexpect b + 1 > 0"), ["2:10 '+' needs numbers, found a boolean"])
        // A value with an error binds its name quietly: one error, at the value.
        XCTAssertEqual(errors("let v = nosuch\nexpect v > 0"), ["1:9 unknown name 'nosuch'"])
    }

    func testANameIsBoundOnce() {
        XCTAssertEqual(errors("let o = offset\nwait 1s\nlet o = velocity"),
                       ["3:5 'o' is already bound by the 'let' at line 1 (a name is bound once in a scenario; pick another name)"])
        // In another scenario the name is free again.
        XCTAssertEqual(errors("scenario \"a\" {\n  let o = 1\n}\nscenario \"b\" {\n  let o = 2\n  expect o == 2\n}"), [])
    }

    func testALetNameMayNotHideALanguageName() {
        let cases: [(String, String)] = [
            ("offset", "an observable"), ("rubberband", "a tunable"), ("hidden", "a state"), ("idle", "a state"),
            ("fast", "a value of 'set'"), ("min", "a function"), ("row", "an observable written with indexes"), ("section", "a word of the language"),
            ("pull", "a word of the language"), ("within", "a word of the language"), ("let", "a word of the language"),
        ]
        for (name, noun) in cases {
            XCTAssertEqual(errors("let \(name) = 1"),
                           ["1:5 '\(name)' is \(noun): 'let' cannot name a value after it (pick another name, as in 'let o = offset')"], name)
        }
    }

    func testANameIsReadAfterItsLet() {
        XCTAssertEqual(errors("expect o == 0\nlet o = offset"),
                       ["1:8 'o' is read before its 'let' at line 2 (a name is read after the statement that binds it)"])
        XCTAssertEqual(errors("let o = o"), ["1:9 'o' is read before its 'let' at line 1 (a name is read after the statement that binds it)"])
    }

    func testLetSyntaxErrors() {
        XCTAssertEqual(errors("let = 3"), ["1:5 expected a name after 'let' (as in 'let o = offset'), found '='"])
        XCTAssertEqual(errors("let o offset"), ["1:7 expected '=' after 'let o' (as in 'let o = offset'), found 'offset'"])
        XCTAssertEqual(errors("let o ="), ["1:8 expected a value, found end of file"])
    }

    /// Inside `repeat`, each pass runs the `let` again and binds the name anew (as a Swift
    /// `let` in a loop body); after the block it holds the last pass's value.
    func testLetInRepeatBindsEachPass() throws {
        // Passes bind p = 0, 10, 20 and drag 10 pt each: 10, 20, 30; after it p is 20.
        let r = try runChecked("repeat 3 {\n  let p = offset\n  drag -10\n  expect offset == p + 10\n}\nprint p, offset")
        XCTAssertNil(r.failure)
        XCTAssertEqual(r.output, ["t = 0.100 s: p = 20.00, offset = 30.00"])
    }

    func testALetThatNeverRanHasNoValue() throws {
        let r = try runChecked("repeat 0 {\n  let q = 1\n}\nprint q")
        XCTAssertEqual(r.failure?.message, "'q' has no value: the let that binds it has not run (a let inside repeat 0 never runs)")
        XCTAssertEqual(r.failure?.location.line, 4)
    }

    func testAnInvariantReadsALetName() throws {
        // o = 100 after the first drag; the invariant offset >= o breaks when the content
        // comes back down: drag 50 (down) leaves 50 < 100.
        let r = try runChecked("drag -100\nlet o = offset\nexpect always offset >= o\ndrag 50")
        XCTAssertEqual(r.failure?.location.line, 3)
        XCTAssertTrue(r.failure?.notes.contains { $0.hasPrefix("o is 100.00 at") } ?? false, "\(r.failure?.notes ?? [])")
    }

    func testAFailureNamesTheLetValue() throws {
        let r = try runChecked("let o = offset\ndrag -100\nexpect offset == o")
        XCTAssertEqual(r.failure?.notes.first, "offset is 100.00 at t = 0.333 s")
        XCTAssertEqual(r.failure?.notes.dropFirst().first, "o is 0.00 at t = 0.333 s")
    }

    /// A let name is resolved once, to a slot: the frame reads an index, no name.
    func testALetNameResolvesToASlot() throws {
        let r = checkSource(SourceFile(name: "t.scroll", text: "let a = 1\nlet b = offset\nexpect always b >= a"))
        XCTAssertEqual(r.diagnostics, [])
        let scenario = try XCTUnwrap(r.scenarios.first)
        var slots = LetSlots()
        let s = lowerStatements(scenario.statements, scenario.config, scenario.names, &slots)
        guard case .bind(0, _) = s[0].kind, case .bind(1, _) = s[1].kind else { return XCTFail("\(s.map(\.kind))") }
        guard case .expectAlways(let c) = s[2].kind,
              case .compare(.ge, .letValue(1, "b", _), .letValue(0, "a", _), nil, _) = c.expr else {
            return XCTFail("\(s[2].kind)")
        }
    }

    // MARK: - Layout, the REPL, the editor

    func testFormatting() {
        guard case .formatted(let out) = formatSource(SourceFile(name: "f.scroll", text: "let   o=offset%80\nexpect min( o ,clamp(1,2 , 3 ) )==o\n")) else {
            return XCTFail("not formatted")
        }
        XCTAssertEqual(out, "let o = offset % 80\nexpect min(o, clamp(1, 2, 3)) == o\n")
    }

    func testTheREPLKeepsLetNamesForTheSession() {
        let core = ReplCore()
        XCTAssertEqual(core.enter("let o = offset").text, "o = 0.00")
        XCTAssertEqual(core.enter("drag -40").failed, false)
        XCTAssertEqual(core.enter("o").text, "o = 0.00")
        XCTAssertEqual(core.enter("print offset - o").text, "t = 0.133 s: 40.00")
        // 40 pt as a remainder of 15 pt: 40 - 2 × 15 = 10.
        XCTAssertEqual(core.enter("let r = (offset - o) % 15pt").text, "r = 10.00")
        XCTAssertEqual(core.letNames, ["o", "r"])
        let again = core.enter("let o = 1")
        XCTAssertTrue(again.failed)
        XCTAssertTrue(again.text.contains("'o' is already bound by an earlier entry"), again.text)
        XCTAssertEqual(core.addWatch("o").text, "watch 1: o (now 0.00)")
        _ = core.reset()
        XCTAssertEqual(core.letNames, [])
        XCTAssertTrue(core.enter("o").failed)
    }

    func testREPLCompletionOffersFunctionsAndBoundNames() {
        var c = Completer(listDirectory: { _ in [] })
        c.boundNames = { ["origin"] }
        XCTAssertEqual(c.complete(line: "expect or", cursor: 9).candidates, ["or", "origin"])
        XCTAssertEqual(c.complete(line: "expect cl", cursor: 9).candidates, ["clamp("])
        XCTAssertEqual(c.complete(line: "let x = ro", cursor: 10).candidates, ["round(", "row.height", "row["])
        XCTAssertEqual(c.complete(line: "let ro", cursor: 6).candidates, [])
        XCTAssertTrue(Completion(wordStart: 0, candidates: ["min("]).suppressesSpace)
    }

    func testLanguageServerHoverAndCompletion() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let text = "let start = offset\ndrag -50\nexpect min(offset, start) >= 0\nexpect st\n"
        _ = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": "file:///l.scroll", "version": 1, "text": .string(text)]]])
        func hover(_ line: Int, _ character: Int) -> String? {
            let r = s.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                              "params": ["textDocument": ["uri": "file:///l.scroll"], "position": ["line": .int(line), "character": .int(character)]]])
            return r.first?["result"]?["contents"]?["value"]?.stringValue
        }
        XCTAssertEqual(hover(2, 8), "`min(a, b, ...)`: a function\n\nThe smallest of its values. Takes numbers and keeps their unit (points stay points).")
        XCTAssertEqual(hover(2, 21), "`start`: a name bound by `let` at line 1\n\n`let start = offset` (its value when that statement ran)")
        let r = s.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
                          "params": ["textDocument": ["uri": "file:///l.scroll"], "position": ["line": 3, "character": 9]]])
        let labels = r.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        XCTAssertEqual(labels, ["start"])
    }
}
