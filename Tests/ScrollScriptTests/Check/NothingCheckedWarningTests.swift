import Foundation
import XCTest
@testable import ScrollScript

/// Spec v1.5 §5: a test tool must never pass what checks nothing. The checker's warnings
/// for a condition or value alone, an assertion comment of another framework, a scenario
/// with no `expect`/`print`/`frames` and a bare `wait` of 100 s or more — where each is
/// said, what it says (the fix), and what is not warned about. The CLI end to end, with and
/// without `--strict`: scrollscriptTests/WarningsCLITests.swift.
final class NothingCheckedWarningTests: XCTestCase {
    /// `LINE:COL MESSAGE` of each warning of `text` (a file that must have no error).
    private func warnings(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let r = checkSource(SourceFile(name: "t.scroll", text: text))
        XCTAssertEqual(r.diagnostics.map(\.message), [], text, file: file, line: line)
        XCTAssertFalse(r.scenarios.isEmpty, text, file: file, line: line)
        return r.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// The warning cases only (`CheckWarning`), in file order.
    private func kinds(_ text: String) -> [CheckWarning] {
        checkSource(SourceFile(name: "t.scroll", text: text)).warnings.compactMap {
            if case .warning(let w) = $0.problem { return w }
            return nil
        }
    }

    // MARK: - A condition alone

    func testAConditionAloneChecksNothing() {
        let text = "toolbar\nfling -900\nwait 0.3s\ntoolbar.state == hidden\n"
        XCTAssertEqual(warnings(text), [
            "4:1 this condition checks nothing (a file drops its value; only the REPL prints it); did you mean 'expect toolbar.state == hidden'?",
        ])
        // Every kind of condition: a comparison, and/or/not, a boolean observable, a literal.
        XCTAssertEqual(kinds("toolbar\nfinger.down\nnot finger.down\noffset > 0 and offset < 10\n(offset == 0)\ntrue\nexpect true\n"), [
            .conditionAlone(text: "finger.down", expectLine: nil),
            .conditionAlone(text: "not finger.down", expectLine: nil),
            .conditionAlone(text: "offset > 0 and offset < 10", expectLine: nil),
            .conditionAlone(text: "(offset == 0)", expectLine: nil),
            .conditionAlone(text: "true", expectLine: nil),
        ])
        // In a block, inside `repeat`, after `;`: where it stands.
        XCTAssertEqual(warnings("scenario \"s\" {\n  pull 10; offset == 10\n  repeat 2 { tick; phase == idle }\n}\n").map { String($0.prefix(40)) }, [
            "2:12 this condition checks nothing (a fi",
            "3:20 this condition checks nothing (a fi",
        ])
        // Too long to quote (over 80 characters as fmt writes it): the fix says what to do.
        let long = "offset + offset + offset + offset + offset + offset + offset + offset + offset > 1000"
        XCTAssertEqual(warnings(long + "\n"), ["1:1 this condition checks nothing (a file drops its value; only the REPL prints it); did you mean to write 'expect' before it?"])
    }

    /// The second line of an `expect` wrapped onto two lines is a statement of its own.
    func testTheSecondLineOfAWrappedExpect() {
        let text = """
        scenario "s" {
          toolbar
          fling -900
          wait 0.3s
          expect toolbar.state == hidden
              toolbar.y >= 667
          expect always offset >= 0
            phase == idle
        }

        """
        XCTAssertEqual(warnings(text), [
            "6:7 this condition checks nothing: an 'expect' ends at the end of its line, so this line does not continue the 'expect' on line 5; did you mean 'expect toolbar.y >= 667'? (or join the two with 'and' on line 5)",
            "8:5 this condition checks nothing: an 'expect' ends at the end of its line, so this line does not continue the 'expect' on line 7; did you mean 'expect phase == idle'? (or join the two with 'and' on line 7)",
        ])
        // Not indented further, or not on the next line, or under something else: the plain case.
        XCTAssertEqual(kinds("expect offset == 0\noffset == 0\n"), [.conditionAlone(text: "offset == 0", expectLine: nil)])
        XCTAssertEqual(kinds("expect offset == 0\n\n  offset == 0\n"), [.conditionAlone(text: "offset == 0", expectLine: nil)])
        XCTAssertEqual(kinds("print offset\n  offset == 0\nexpect true\n"), [.conditionAlone(text: "offset == 0", expectLine: nil)])
        XCTAssertEqual(kinds("expect offset == 0\nrepeat 1 {\n  offset == 0\n}\n"), [.conditionAlone(text: "offset == 0", expectLine: nil)])
        XCTAssertEqual(kinds("repeat 1 { expect offset == 0 }\n                 phase == idle\n"), [.conditionAlone(text: "phase == idle", expectLine: nil)])
    }

    func testAValueAloneIsDropped() {
        XCTAssertEqual(warnings("header 240\npull 10\nheader.height\nexpect true\n"), [
            "3:1 this value is dropped (a file does not print it; only the REPL does); did you mean 'print header.height'?",
        ])
        XCTAssertEqual(kinds("let o = offset\no\nsection[0].y + 1\nexpect true\n"), [
            .valueAlone(text: "o"), .valueAlone(text: "section[0].y + 1"),
        ])
    }

    /// The REPL prints a line's value: no warning for it there (the same statements in a
    /// file warn, above).
    func testTheReplStillPrintsABareExpression() {
        let (program, _) = Parser.parse(SourceFile(name: "<repl>", text: "toolbar.state == shown\noffset\n"), lexicon: .builtIn)
        var config = SceneConfig(registry: .builtIn)
        config = applyConfiguration(Parser.parse(SourceFile(name: "<repl>", text: "toolbar\n"), lexicon: .builtIn).program.statements, to: config).config
        let r = checkStatementsAndWarn(program.statements, config: config)
        XCTAssertEqual(r.errors, [])
        XCTAssertEqual(r.warnings, [])
        // A REPL session evaluates and prints it, with no warning.
        let core = ReplCore()
        XCTAssertFalse(core.enter("toolbar").failed)
        let printed = core.enter("toolbar.state == shown")
        XCTAssertFalse(printed.failed)
        XCTAssertEqual(printed.text, "true")
        XCTAssertEqual(core.enter("offset").text, "offset = 0.00")
    }

    // MARK: - An assertion comment

    func testAnotherFrameworksAssertionInAComment() {
        let text = """
        scenario "s" {
          pull 100
          #expect(header.height == 0)
          expect offset < 0  #expect(offset < 0);
          #require(finger.down)
          #assert
          #expect offset == 0
        }

        """
        XCTAssertEqual(warnings(text), [
            "3:3 '#expect' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect header.height == 0'?",
            "4:22 '#expect' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect offset < 0'?",
            "5:3 '#require' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect finger.down'?",
            "6:3 '#assert' is a comment here ('#' starts a comment), so it checks nothing; write the check as 'expect CONDITION'",
            "7:3 '#expect' is a comment here ('#' starts a comment), so it checks nothing; did you mean 'expect offset == 0'?",
        ])
        // Parentheses around part of it stay; in a file without blocks; at the top of a file.
        XCTAssertEqual(kinds("#assert((offset) == (0))\npull 10\n#expect (a) == (b)\n"), [
            .assertionComment(written: "#assert", condition: "(offset) == (0)"),
            .assertionComment(written: "#expect", condition: "(a) == (b)"),
        ])
    }

    /// Prose that mentions the word is a comment as meant: a space after `#`, a longer word,
    /// another word glued to `#`.
    func testACommentThatMentionsExpectInProseIsNotWarned() {
        let text = """
        # We expect the toolbar to hide; expect(...) in Swift is #expect here.
        scenario "s" {
          toolbar
          # expect toolbar.state == hidden   (left out on purpose)
          #expectations: the toolbar hides
          #asserts nothing  #requirement  #expected
          #Expect(offset == 0)
          ## expect offset == 0
          fling -900
          wait 0.3s
          expect toolbar.state == hidden   # expect ... above
        }

        """
        XCTAssertEqual(warnings(text), [])
    }

    /// `// expect ...` is no comment in ScrollScript: a syntax error already (stronger than a
    /// warning: the file runs nothing). Its fix is the check itself, not a `#` comment that
    /// would check nothing; prose after `//` still becomes a comment.
    func testASlashSlashCheckIsAnErrorWhoseFixIsTheCheck() {
        func firstError(_ line: String) -> String? {
            checkSource(SourceFile(name: "t.scroll", text: "pull 10\n" + line + "\n")).diagnostics.first?.message
        }
        XCTAssertEqual(firstError("// expect offset == 0"), "'//' does not start a comment (did you mean 'expect offset == 0'?)")
        XCTAssertEqual(firstError("//expect offset<0"), "'//' does not start a comment (did you mean 'expect offset < 0'?)")
        XCTAssertEqual(firstError("// XCTAssertEqual(offset, 0)"), "'//' does not start a comment (did you mean 'expect offset == 0'?)")
        XCTAssertEqual(firstError("// assert(offset < 0)"), "'//' does not start a comment (did you mean 'expect offset < 0'?)")
        XCTAssertEqual(firstError("// expect the header to grow"), "'//' does not start a comment (did you mean '# expect the header to grow'? comments start with #)")
        XCTAssertEqual(firstError("// TODO"), "'//' does not start a comment (did you mean '# TODO'? comments start with #)")
    }

    // MARK: - A scenario that checks nothing

    func testAScenarioWithNoExpectPrintOrFrames() {
        let text = """
        scene {
          toolbar
        }

        scenario "only gestures" {
          fling -900
          wait 0.3s
        }

        scenario "expects" {
          fling -900
          expect within 1s toolbar.state == hidden
        }

        scenario "prints" {
          pull 10
          print offset
        }

        scenario "frames" {
          frames
        }

        scenario "always" {
          expect always offset >= 0
          fling -900
        }

        scenario "inside repeat" {
          repeat 2 {
            fling -300
            expect offset > 0
          }
        }

        """
        XCTAssertEqual(warnings(text), [
            "5:1 scenario \"only gestures\" checks nothing: it has no 'expect' (nor 'print' or 'frames'), so it passes whenever its actions can run; add an 'expect' for what it should show",
        ])
        // A file without blocks: at its first statement.
        XCTAssertEqual(warnings("# a comment\n\ntoolbar\nfling -900\n"), [
            "3:1 this file checks nothing: it has no 'expect' (nor 'print' or 'frames'), so it passes whenever its actions can run; add an 'expect' for what it should show",
        ])
        // `repeat 0` still holds an expect as written (the checker does not run it).
        XCTAssertEqual(warnings("repeat 0 { expect offset > 0 }\n"), [])
    }

    /// One mistake, one warning: a scenario whose lone condition, lone value or assertion
    /// comment is warned about is not also said to check nothing; nor is one with an error.
    func testOneMistakeIsSaidOnce() {
        XCTAssertEqual(kinds("toolbar\ntoolbar.state == shown\n"), [.conditionAlone(text: "toolbar.state == shown", expectLine: nil)])
        XCTAssertEqual(kinds("pull 10\noffset\n"), [.valueAlone(text: "offset")])
        XCTAssertEqual(kinds("scenario \"a\" {\n  pull 10\n  #expect(offset == -10)\n}\nscenario \"b\" {\n  pull 10\n}\n"), [
            .assertionComment(written: "#expect", condition: "offset == -10"),
            .checksNothing(name: "b", blocks: true),
        ])
        // Errors: the file's errors are said; "checks nothing" is not.
        let checkError = checkSource(SourceFile(name: "t.scroll", text: "scenario \"a\" {\n  tap header 9\n}\n"))
        XCTAssertEqual(checkError.diagnostics.count, 1)
        XCTAssertEqual(checkError.warnings, [])
        let syntaxError = checkSource(SourceFile(name: "t.scroll", text: "scenario \"a\" {\n  XCTAssertEqual(offset, 0)\n}\nscenario \"b\" {\n  pull 10\n}\n"))
        XCTAssertEqual(syntaxError.diagnostics.count, 1)
        XCTAssertEqual(syntaxError.warnings.map(\.location.line), [4], "only b, whose block holds no error")
    }

    // MARK: - wait N

    /// `wait N` with a bare N of 100 or more (spec §5: `wait 300` is 5 minutes). The
    /// spoken length worked out by hand: 300 s = 5 min; 100 s = 1 min 40 s; 1e3 = 1000 s =
    /// 16 min 40 s; 3600 s = 1 h; 3725.5 s = 1 h 2 min 5.5 s.
    func testALongBareWait() {
        XCTAssertEqual(warnings("wait 300\nexpect true\n"), [
            "1:6 'wait 300' is 5 minutes (a number without a unit is seconds); did you mean 'wait 300ms'? (write 'wait 300s' if seconds are meant)",
        ])
        XCTAssertEqual(kinds("wait 100\nwait 1e3\nwait 3600\nwait 3725.5\nexpect true\n"), [
            .bareLongWait(raw: "100", seconds: 100), .bareLongWait(raw: "1e3", seconds: 1000),
            .bareLongWait(raw: "3600", seconds: 3600), .bareLongWait(raw: "3725.5", seconds: 3725.5),
        ])
        XCTAssertEqual(spokenSeconds(100), "1 minute 40 seconds")
        XCTAssertEqual(spokenSeconds(1000), "16 minutes 40 seconds")
        XCTAssertEqual(spokenSeconds(3600), "1 hour")
        XCTAssertEqual(spokenSeconds(3725.5), "1 hour 2 minutes 5.5 seconds")
        XCTAssertEqual(spokenSeconds(7261), "2 hours 1 minute 1 second")
        // Below 100, with a unit, or not a literal: no warning.
        XCTAssertEqual(warnings("wait 99\nwait 99.99\nwait 300ms\nwait 300s\nwait (300)\nlet n = 300\nwait n\nexpect true\n"), [])
        // Past 24 hours it is an error, not also a warning.
        let r = checkSource(SourceFile(name: "t.scroll", text: "wait 100000\nexpect true\n"))
        XCTAssertEqual(r.diagnostics.count, 1)
        XCTAssertEqual(r.warnings, [])
    }

    // MARK: - The must-not-warn set, the shipped files

    func testWhatChecksSomethingIsNotWarned() {
        let text = """
        scene {
          header 240 pin 60
          toolbar
        }

        scenario "an expect written on one line" {
          pull 120
          expect header.height > 240 and toolbar.state == shown
        }

        scenario "waits" {
          wait 300ms
          wait 99
          wait 2s
          expect time ~= 101.3
        }

        scenario "only prints" {
          pull 120
          print header.height
        }

        scenario "prose" {
          # we expect the header to stretch: expect is ScrollScript's word
          pull 120
          frames
        }

        """
        XCTAssertEqual(warnings(text), [])
    }

    /// Every shipped scenario checks something (`check --strict` passes them): no warning
    /// in scenarios/, nor in the examples of the README, grammar.md and docs/.
    func testShippedScenariosAndReadmeExamplesHaveNoWarning() throws {
        let root = TestPaths.packageRoot
        let dir = root.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scroll") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 30)
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            let r = checkSource(SourceFile(name: f, text: text))
            XCTAssertEqual(r.diagnostics.map(\.message), [], f)
            XCTAssertEqual(r.warnings.map { "\($0.location.line): \($0.message)" }, [], f)
        }
        for (file, block) in try ReadmeExampleTests.documentedBlocks("scroll") + ReadmeExampleTests.documentedBlocks("scroll-fails") {
            XCTAssertEqual(checkSource(SourceFile(name: "example.scroll", text: block)).warnings.map(\.message), [], "\(file):\n\(block)")
        }
    }

    // MARK: - The language server

    /// The editor shows each of them as a warning (severity 2), with a quick fix where the
    /// message names the text to write.
    func testTheLanguageServerPublishesThemAsWarnings() {
        let s = LanguageServer()
        _ = s.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let text = "scenario \"a\" {\n  toolbar\n  toolbar.state == shown\n  #expect(offset == 0)\n  wait 300\n}\nscenario \"b\" {\n  pull 10\n}\n"
        let uri = "file:///w.scroll"
        let open = s.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                             "params": ["textDocument": ["uri": .string(uri), "languageId": "scrollscript", "version": 1, "text": .string(text)]]])
        let ds = open.first?["params"]?["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(ds.map { $0["severity"] }, [.int(2), .int(2), .int(2), .int(2)])
        XCTAssertEqual(ds.map { $0["range"]?["start"]?["line"] }, [.int(2), .int(3), .int(4), .int(6)])
        XCTAssertEqual(ds.map { $0["range"]?["start"]?["character"] }, [.int(2), .int(2), .int(7), .int(0)])
        // Quick fixes: the condition with 'expect' before it; the wait in milliseconds.
        func titles(_ line: Int) -> [String?] {
            let r = s.handle(["jsonrpc": "2.0", "id": 5, "method": "textDocument/codeAction",
                              "params": ["textDocument": ["uri": .string(uri)],
                                         "range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]],
                                         "context": ["diagnostics": []]]])
            return (r.first?["result"]?.arrayValue ?? []).map { $0["title"]?.stringValue }
        }
        XCTAssertEqual(titles(2), ["Replace 'toolbar.state == shown' with 'expect toolbar.state == shown'"])
        XCTAssertEqual(titles(4), ["Replace '300' with '300ms'", "Replace '300' with '300s'"])
        XCTAssertEqual(Problem.warning(.valueAlone(text: "offset")).quickFix,
                       QuickFix(written: "", replacements: ["print offset"], wholeStatement: true))
    }
}
