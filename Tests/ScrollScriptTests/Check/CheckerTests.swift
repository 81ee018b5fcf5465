import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

final class CheckerTests: XCTestCase {
    func check(_ s: String, name: String = "demo.scroll") -> CheckResult {
        checkSource(SourceFile(name: name, text: s))
    }

    func testFileWithoutBlocksIsOneScenarioNamedAfterFile() {
        let r = check("header 240\npull 120\nexpect header.height > 240\n", name: "dir/zoom.scroll")
        XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics)")
        XCTAssertEqual(r.scenarios.map { $0.name }, ["zoom"])
        XCTAssertEqual(r.scenarios[0].config.header?.height, 240)
        XCTAssertEqual(r.scenarios[0].statements.map { $0.kind.keyword }, ["pull", "expect"])
    }

    func testSceneMergedWithScenario() {
        let src = """
        scene {
          screen 320 x 480
          fps 30
          header 240 pin 60
          section "A" rows 3
          section "B" rows 4
          set deceleration fast
        }
        scenario "keeps scene" {
          settle
        }
        scenario "overrides" {
          fps 120
          section rows 7 closed
          set row.height 50pt
          toolbar
          pull 10
        }
        """
        let r = check(src)
        XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics)")
        XCTAssertEqual(r.scenarios.count, 2)
        let a = r.scenarios[0].config, b = r.scenarios[1].config
        XCTAssertEqual(a.fps, 30)
        XCTAssertEqual(a.screenWidth, 320)
        XCTAssertEqual(a.sections.map { $0.title }, ["A", "B"])
        XCTAssertEqual(a.tunables[.deceleration], 0.99)
        XCTAssertNil(a.toolbarHeight)
        XCTAssertEqual(b.fps, 120)
        XCTAssertEqual(b.screenHeight, 480)
        XCTAssertEqual(b.sections, [SectionConfig(title: nil, rowCount: 7, open: false)])
        XCTAssertEqual(b.tunables[.rowHeight], 50)
        XCTAssertEqual(b.tunables[.deceleration], 0.99)
        XCTAssertEqual(b.toolbarHeight, 44)
        XCTAssertEqual(b.header, HeaderConfig(height: 240, pin: 60))
        XCTAssertEqual(r.scenarios[1].statements.map { $0.kind.keyword }, ["pull"])
    }

    /// A scenario's own header words start from blank options that every word of the file
    /// shares (the checker's): an option one scenario writes is its own, never the scene's
    /// nor a later scenario's, and a word written again replaces all the options of the one
    /// before it.
    func testAScenariosHeaderOptionsAreItsOwn() {
        let src = """
        scene {
          header 240 pin 60
        }
        scenario "own options" {
          header 200 pin 40 toggle 30 nostretch
          settle
        }
        scenario "no options" {
          header 180
          settle
        }
        scenario "written twice" {
          header 200 parallax 0.5
          header 220 pin 10
          settle
        }
        scenario "scene's" {
          settle
        }
        """
        let r = check(src)
        XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics)")
        XCTAssertEqual(r.scenarios.map { $0.config.header }, [
            HeaderConfig(height: 200, pin: 40, toggle: 30, stretches: false),
            HeaderConfig(height: 180),
            HeaderConfig(height: 220, pin: 10),
            HeaderConfig(height: 240, pin: 60),
        ])
    }

    func testSectionsAndUnits() {
        let r = check("sections 3 rows 2\nset accordion.duration 300ms\naccordion\ntap header 2\n")
        XCTAssertTrue(r.diagnostics.isEmpty)
        let c = r.scenarios[0].config
        XCTAssertEqual(c.sections.map { $0.title }, ["Section 0", "Section 1", "Section 2"])
        XCTAssertEqual(c.tunables[.accordionDuration], 0.3)
        XCTAssertEqual(c.accordion, .multiple)
    }

    func testAllProblemsInOnePass() {
        let r = check("pull 2s\nwait 20pt\nexpect offset == hidden\n")
        XCTAssertEqual(r.diagnostics.map { $0.location.line }, [1, 2, 3])
    }

    func testBareNumbersFitAnyQuantity() {
        let r = check("header 100\ntoolbar\nexpect time >= 250ms and offset < 3 and header.scale ~= 1 and section[0].rows == 30\nexpect velocity > 0 or finger.velocity < -800\nprint header.height / header.scale, offset * 2\n")
        XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics.map { $0.message })")
    }

    func testStatementsForRepl() {
        var cfg = SceneConfig()
        cfg.header = HeaderConfig(height: 100)
        let chunk = parseChunk("print header.height\nprint toolbar.y").program
        let d = checkStatements(chunk.statements, config: cfg)
        XCTAssertEqual(d.map { $0.location.line }, [2])
    }

    func testDidYouMean() {
        XCTAssertEqual(didYouMean("pul", Lexicon.builtIn.statementKeywords), " (did you mean 'pull'?)")
        XCTAssertEqual(didYouMean("zzzzzz", Lexicon.builtIn.statementKeywords), "")
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(editDistance("ab", "ba"), 1)
    }

    func testAScenarioAtColumnOneInsideABlockHintsAtAMissingBrace() {
        let d = check("scenario \"a\" {\n  pull 10\n\nscenario \"b\" {\n  pull 1\n}\n").diagnostics
        XCTAssertEqual(d.map { "\($0.location.line):\($0.location.column) \($0.message)" }, [
            "1:14 '{' is never closed (missing '}')",
            "4:1 'scenario' can only appear at the top level of a file (is the '}' of the block above it missing?)",
        ])
    }

    func testFullWidthAndUnquotedJapaneseGetAHint() {
        // U+FF11 '１' is '1' + 0xFEE0; U+201C/U+201D are curly double quotes
        XCTAssertEqual(nonASCIIHint("１２０"), " (did you mean '120' in ASCII?)")
        XCTAssertEqual(nonASCIIHint("\u{201C}渋谷\u{201D}"), " (did you mean '\"渋谷\"' in ASCII?)")
        XCTAssertEqual(nonASCIIHint("山手線"), "")
        XCTAssertEqual(nonASCIIHint("山手線", quotes: true), " (text needs quotes: \"山手線\")")
        XCTAssertEqual(nonASCIIHint("offset", quotes: true), "")
        let d = check("scenario \"s\" {\n  ｐｕｌｌ 120\n  expect section[0].title == 山手線\n  expect offset ＝＝ 0\n}\n").diagnostics
        XCTAssertEqual(d.map { $0.message }, [
            "unknown statement 'ｐｕｌｌ' (did you mean 'pull 120'? it is typed in full-width letters)",
            "'山手線' is not a value (did you mean 'expect section[0].title == \"山手線\"'? text is in double quotes)",
            "unexpected '＝＝' (did you mean 'expect offset == 0'? it is typed in full-width letters)",
        ])
    }

    func testDeepButLegalTreesCheckWithoutTrouble() {
        // 255 parentheses under a comparison (tree depth 256), a 257-term chain (256
        // additions) and 255 'not's are all within the limit; the checker walks them recursively.
        let parens = "expect " + String(repeating: "(", count: 255) + "offset" + String(repeating: ")", count: 255) + " >= 0\n"
        let chain = "print " + Array(repeating: "1", count: 257).joined(separator: "+") + "\n"
        let nots = "expect " + String(repeating: "not ", count: 255) + "true\n"
        let r = check(parens + chain + nots)
        XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics.map { $0.message })")
        XCTAssertEqual(r.scenarios.first?.statements.count, 3)
    }

    func testApplyConfigurationForRepl() {
        let chunk = parseChunk("fps 30\nheader 100 toggle 50\nset deceleration 2\n").program
        let (cfg, d) = applyConfiguration(chunk.statements, to: SceneConfig())
        XCTAssertEqual(cfg.fps, 30)
        XCTAssertEqual(cfg.header?.toggle, 50)
        XCTAssertEqual(cfg.tunables[.deceleration], 0.998)
        XCTAssertEqual(d.map { $0.location.line }, [3])
    }

    func testHugeFileIsRefusedWithoutLexing() {
        // One byte past 64 MiB (64 * 1024 * 1024 = 67,108,864), starting with a BOM.
        var bytes = [UInt8](repeating: 0x20, count: 67_108_865)
        bytes[0] = 0xEF; bytes[1] = 0xBB; bytes[2] = 0xBF
        let r = checkSource(SourceFile(name: "big.scroll", bytes: bytes))
        XCTAssertEqual(r.diagnostics.map { $0.message }, ["file is larger than 64 MiB"])
        XCTAssertEqual(r.diagnostics.first?.location.line, 1)
        XCTAssertEqual(r.diagnostics.first?.location.column, 1)
    }

    // MARK: - One error at the value, nothing further about that view

    private func messages(_ r: CheckResult) -> [String] {
        r.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    func testAHeaderWithAnOutOfRangeHeightIsStillDeclared() {
        // Was three errors, two of them "needs a header, and this scenario declares none".
        XCTAssertEqual(messages(check("header 12000 pin 60\nexpect header.height == 12000\ntap header\n")),
                       ["1:8 header height must be greater than 0 and at most 10000 (found 12000)"])
        XCTAssertEqual(messages(check("header 10s toggle 20\nexpect header.y == 0\n")),
                       ["1:8 header height takes a distance (pt), found a duration (s)"])
        // The options are still checked where they can be: a negative pin is wrong at any height.
        XCTAssertEqual(messages(check("header 0 pin -5\nexpect header.height == 0\n")),
                       ["1:8 header height must be greater than 0 and at most 10000 (found 0)",
                        "1:14 pin must be at least 0 (found -5)"])
    }

    func testATableLineWithAnErrorStopsIndexChecksInItsScenarioOnly() {
        XCTAssertEqual(messages(check("sections 20000 rows 1\nexpect section[3].y == 0\ntap header 2\n")),
                       ["1:10 too many sections: 20000 (at most 10000)"])
        XCTAssertEqual(messages(check("sections 20000 rows 1\ntap row 5 3\ntap header \"Section 7\"\n")),
                       ["1:10 too many sections: 20000 (at most 10000)"])
        XCTAssertEqual(messages(check("section \"a\" rows 200000\nexpect row[0,5].y == 0\n")),
                       ["1:1 too many rows (at most 100000 in the table)"])
        // Scenario "a"'s bad line does not hide scenario "b"'s real mistake.
        let two = """
        scene {
          sections 3 rows 2
        }
        scenario "a" {
          section "x" rows -1
          expect section[2].y == 0
        }
        scenario "b" {
          expect section[5].y == 0
        }

        """
        XCTAssertEqual(messages(check(two)),
                       ["5:20 a section's row count must be a whole number of at least 0 (found -1)",
                        "9:18 section 5 does not exist (the table has 3 sections, 0 to 2)"])
    }
}
