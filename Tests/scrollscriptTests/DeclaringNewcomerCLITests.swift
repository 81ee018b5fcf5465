import XCTest

/// What a newcomer declaring behaviours ran into (issue 31), end to end on real files: each
/// message as the CLI prints it, at its place.
final class DeclaringNewcomerCLITests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.tempDir()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func check(_ name: String) throws -> CLI.Output {
        try CLI.run(["check", name], in: dir)
    }

    /// A button at (300, 560) of 44 × 44 pt, counting its taps.
    private let backtop = """
    behaviour backtop {
      param threshold = 667pt
      var taps = 0
      view button = rect(300, 560, 44, 44)
      on tap button { taps = taps + 1 }
    }


    """

    // MARK: - B4 + A1: `tap NAME.VIEW` is read whatever the parser knows

    func testFmtReadsATapOfADeclaredViewAndOfAnImportedOne() throws {
        // fmt reads a file without its declarations: the tap is still a statement.
        try write("b.scroll", backtop + """
        scenario "tap" {
          use backtop
          tap backtop.button
          expect backtop.taps == 1
        }

        """)
        let fmt = try CLI.run(["fmt", "b.scroll"], in: dir)
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertTrue(fmt.stdout.contains("\n  tap backtop.button\n"), fmt.stdout)
        XCTAssertEqual(try CLI.run(["fmt", "--check", "b.scroll"], in: dir).status, 0)
        // One tap on the button's centre: one count.
        XCTAssertEqual(try CLI.run(["run", "b.scroll"], in: dir).status, 0)
        // Imported: fmt reads no import either.
        try write("decl.scroll", backtop)
        try write("uses.scroll", "import \"decl.scroll\"\n\nuse backtop\ntap backtop.button\nexpect backtop.taps == 1\n")
        let imported = try CLI.run(["fmt", "--check", "uses.scroll"], in: dir)
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        XCTAssertEqual(try CLI.run(["run", "uses.scroll"], in: dir).status, 0)
    }

    func testAMisspeltViewIsACheckErrorAtTheNameAndHidesNothingElse() throws {
        try write("m.scroll", backtop + """
        scenario "s" {
          use backtop
          set backtop.treshold 100pt
          tap backtop.buton
          tap buton
          tap nothingnear
          expect backtop.tapz == 0
        }

        """)
        let r = try check("m.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        m.scroll:10:7: error: unknown tunable 'backtop.treshold' (did you mean 'backtop.threshold'?)
          set backtop.treshold 100pt
              ^
        m.scroll:11:7: error: unknown view 'backtop.buton' (did you mean 'backtop.button'?)
          tap backtop.buton
              ^
        m.scroll:12:7: error: unknown view 'buton' (did you mean 'backtop.button'?)
          tap buton
              ^
        m.scroll:13:7: error: unknown view 'nothingnear' (tap takes header, header I, row I J, toolbar, backtop.button or a point X Y)
          tap nothingnear
              ^
        m.scroll:14:10: error: unknown name 'backtop.tapz' (did you mean 'backtop.taps'?)
          expect backtop.tapz == 0
                 ^
        5 errors

        """)
    }

    func testATapOfARefusedBehavioursViewSaysNothingMore() throws {
        // The one error is in the declaration (a var of plain numbers given points); its
        // correctly spelt view is not "expected the y coordinate" as well.
        try write("r.scroll", """
        behaviour b {
          var n = 0
          view yes = rect(10, 100, 50, 50)
          on didScroll { n = offset }
        }
        scenario "s" {
          use b
          tap b.yes
          expect b.n == 0
        }

        """)
        let r = try check("r.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        r.scroll:4:22: error: the var 'n' must be a plain number, not points
          on didScroll { n = offset }
                             ^
        1 error

        """)
    }

    func testTheBuiltInTargetsSayWhatTheySaidBefore() throws {
        // A name a built-in owns, or an observable, is still an X without its Y (and the
        // guess for a misspelt built-in target is unchanged).
        try write("t.scroll", """
        scenario "s" {
          toolbar
          let a = 10
          tap offset
          tap 10
          tap a
          tap heder
          tap toolbar.zone
        }

        """)
        let r = try check("t.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        t.scroll:4:13: error: expected the y coordinate after 'tap X'
          tap offset
                    ^
        t.scroll:5:9: error: expected the y coordinate after 'tap 10'
          tap 10
                ^
        t.scroll:6:8: error: expected the y coordinate after 'tap X'
          tap a
               ^
        t.scroll:7:7: error: expected 'header', 'row', 'toolbar' or a point X Y after 'tap', found 'heder' (did you mean 'header'?)
          tap heder
              ^
        t.scroll:8:14: error: unexpected '.' (did you mean 'tap toolbar'?)
          tap toolbar.zone
                     ^
        5 errors

        """)
    }

    // MARK: - A3: UIKit's delegate names as events

    func testUIKitsDelegateNamesSayTheEventTheyMean() throws {
        try write("e.scroll", """
        behaviour b {
          var n = 0
          on scrollViewDidScroll { n = 1 }
          on scrollViewWillBeginDragging { n = 1 }
          on scrollViewWillEndDragging { n = 1 }
          on scrollViewDidEndDragging { n = 1 }
          on scrollViewWillBeginDecelerating { n = 1 }
          on scrollViewDidEndDecelerating { n = 1 }
          on scrollViewDidEndScrollingAnimation { n = 1 }
          on scroll { n = 1 }
          on didEndDecelarating { n = 1 }
          on zoom { n = 1 }
        }

        """)
        let r = try check("e.scroll")
        XCTAssertEqual(r.status, 2)
        let lines = (r.stdout + r.stderr).split(separator: "\n").filter { $0.contains("error:") }.map { String($0) }
        XCTAssertEqual(lines, [
            "e.scroll:3:6: error: unknown event 'scrollViewDidScroll' (did you mean 'didScroll'?)",
            "e.scroll:4:6: error: unknown event 'scrollViewWillBeginDragging' (did you mean 'willBeginDragging'?)",
            "e.scroll:5:6: error: unknown event 'scrollViewWillEndDragging' (did you mean 'willEndDragging'?)",
            "e.scroll:6:6: error: unknown event 'scrollViewDidEndDragging' (did you mean 'didEndDragging'?)",
            "e.scroll:7:6: error: unknown event 'scrollViewWillBeginDecelerating' (did you mean 'willBeginDecelerating'?)",
            "e.scroll:8:6: error: unknown event 'scrollViewDidEndDecelerating' (did you mean 'didEndDecelerating'?)",
            "e.scroll:9:6: error: unknown event 'scrollViewDidEndScrollingAnimation' (did you mean 'didEndScrollingAnimation'?)",
            "e.scroll:10:6: error: unknown event 'scroll' (did you mean 'didScroll'?)",
            "e.scroll:11:6: error: unknown event 'didEndDecelarating' (did you mean 'didEndDecelerating'?)",
            "e.scroll:12:6: error: unknown event 'zoom' (the events: willBeginDragging, didScroll, dragging, willEndDragging, "
                + "didEndDragging, willBeginDecelerating, didEndDecelerating, didEndScrollingAnimation, frame, tap VIEW)",
        ])
    }

    // MARK: - A4: `else` on the line after `}`

    func testElseOnTheLineAfterTheBraceSaysToJoinThem() throws {
        try write("e.scroll", """
        behaviour b {
          var alpha = 0
          on didScroll {
            if offset > 100 {
              alpha = 0
            }
            else {
              alpha = 1
            }
          }
        }

        """)
        let r = try check("e.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        e.scroll:7:5: error: 'else' must follow '}' on the same line ('} else {'): the end of the line ends the 'if'
            else {
            ^
        1 error

        """)
    }

    // MARK: - A5: a misspelt body keyword

    func testAMisspeltBodyKeywordSaysTheKeyword() throws {
        try write("k.scroll", """
        behaviour b {
          var n = 0
          on didScroll {
            animat n to 1 over 1s   # fade
            scrol to 0
            lett x = 1
            n 1
          }
        }

        """)
        let r = try check("k.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        k.scroll:4:5: error: unknown statement 'animat' (did you mean 'animate'?)
            animat n to 1 over 1s   # fade
            ^
        k.scroll:5:5: error: unknown statement 'scrol' (did you mean 'scroll'?)
            scrol to 0
            ^
        k.scroll:6:5: error: unknown statement 'lett' (did you mean 'let'?)
            lett x = 1
            ^
        k.scroll:7:7: error: expected '=' after 'n', found number '1'
            n 1
              ^
        4 errors

        """)
    }

    // MARK: - A11: a refused behaviour is one error

    func testARefusedBehavioursUseSaysNothingMore() throws {
        // Declared after the scenario: the one error is where it is declared.
        try write("late.scroll", """
        scenario "s" { use late; expect late.n == 0 }
        behaviour late { var n = 0 }

        """)
        let late = try check("late.scroll")
        XCTAssertEqual(late.status, 2)
        XCTAssertEqual(late.stdout + late.stderr, """
        late.scroll:2:1: error: 'behaviour' must come before the scenes, scenarios and statements of the file
        behaviour late { var n = 0 }
        ^
        1 error

        """)
        // Imported from a file that also holds a scenario: the one error is at the import.
        try write("both.scroll", "behaviour b {\n  var n = 0\n  view yes = rect(10, 100, 50, 50)\n}\n\nscenario \"x\" { pull 10 }\n")
        try write("imp.scroll", "import \"both.scroll\"\n\nuse b\ntap b.yes\nexpect b.n == 0\n")
        let imp = try check("imp.scroll")
        XCTAssertEqual(imp.status, 2)
        XCTAssertEqual(imp.stdout + imp.stderr, """
        imp.scroll:1:8: error: "both.scroll" holds more than behaviours and imports: a file that is imported may hold only 'behaviour' and 'import' items and comments
        import "both.scroll"
               ^
        1 error

        """)
    }

    // MARK: - N1: a guess without the comment

    func testAGuessQuotesTheStatementNotItsComment() throws {
        try write("g.scroll", """
        scenario "s" {
          dreg -700 in 1s   # to the bottom
          expect offset == 700
        }

        """)
        let r = try check("g.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        g.scroll:2:3: error: unknown statement 'dreg' (did you mean 'drag -700 in 1s'?)
          dreg -700 in 1s   # to the bottom
          ^
        1 error

        """)
    }

    // MARK: - N2, N3: Swift's `self.` and `+=`

    func testSwiftsSelfAndCompoundAssignmentSayTheAssignmentMeant() throws {
        try write("s.scroll", """
        behaviour b {
          var alpha = 0
          var n = 0
          on didScroll {
            self.alpha = 1
            n += 1
            n -= offset / 100pt   # step
            n *= 2
            n /= 2+n
          }
        }

        """)
        let r = try check("s.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        s.scroll:5:5: error: a body names its behaviour's members without 'self.' (did you mean 'alpha = 1'?)
            self.alpha = 1
            ^
        s.scroll:6:7: error: '+=' is not in the language (did you mean 'n = n + 1'?)
            n += 1
              ^
        s.scroll:7:7: error: '-=' is not in the language (did you mean 'n = n - (offset / 100pt)'?)
            n -= offset / 100pt   # step
              ^
        s.scroll:8:7: error: '*=' is not in the language (did you mean 'n = n * 2'?)
            n *= 2
              ^
        s.scroll:9:7: error: '/=' is not in the language (did you mean 'n = n / (2+n)'?)
            n /= 2+n
              ^
        5 errors

        """)
    }

    // MARK: - A10: a var of pt/s

    func testAVelocityAssignedToAPlainVarSaysHowToDeclareOne() throws {
        try write("v.scroll", """
        behaviour v {
          var relv = 0
          on willEndDragging { relv = velocity }
        }

        """)
        let r = try check("v.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        v.scroll:3:31: error: the var 'relv' must be a plain number, not pt/s (a var keeps the kind of its initial value, \
        and no literal is in pt/s: to hold a velocity, declare it 'var relv = 0 * velocity', or give it a velocity as its initial value)
          on willEndDragging { relv = velocity }
                                      ^
        1 error

        """)
        // As it says: declared so, it holds the release's velocity. `fling -1000` lifts the
        // finger at 1000 pt/s (content velocity +1000): relv reads 1000.
        try write("v2.scroll", """
        behaviour v {
          var relv = 0 * velocity
          on willEndDragging { relv = velocity }
        }

        use v
        fling -1000
        expect v.relv ~= 1000 within 0.001

        """)
        let ok = try CLI.run(["run", "v2.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
    }

    // MARK: - N7: states a behaviour does not declare

    func testAStateOfABehaviourWithoutStatesAndAStateWordOfTwoFamilies() throws {
        // backtop's states are the toolbar's words: `shown` is a state of both.
        try write("n.scroll", """
        behaviour plain {
          var alpha = 0
        }
        behaviour backtop {
          states shown, hidden, showing, hiding
          var alpha = 0
        }

        scenario "s" {
          use plain
          use backtop
          expect plain.state == hidden
          expect backtop.alpha == shown
        }

        """)
        let r = try check("n.scroll")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout + r.stderr, """
        n.scroll:12:10: error: behaviour 'plain' declares no states ('plain.state' needs a 'states' line in it)
          expect plain.state == hidden
                 ^
        n.scroll:13:24: error: cannot compare a number with a state ('shown' is a state of toolbar, backtop)
          expect backtop.alpha == shown
                               ^
        2 errors

        """)
    }
}
