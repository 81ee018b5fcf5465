import XCTest
@testable import ScrollScript
import ScrollSim

/// A declared behaviour reads any observable (spec §9): the built-ins' (`header.height`,
/// `toolbar.state`), another declared behaviour's members, `section[I].*` and `row[I,J].*`;
/// a scenario whose configuration lacks what a body reads gets §5's error at its `use`
/// line. Numbers worked out by hand from §6's formulas.
final class DeclaredReadsTests: XCTestCase {
    /// The file's diagnostics as `line:col message`.
    func diagnostics(_ text: String) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    static let dim = """
    behaviour dim {
      var start = header.height          # 200 when the world starts
      var seen = 0pt
      value now = header.height
      value pulled = header.height > 200pt
      on frame { seen = header.height }
    }

    """

    func testABehaviourReadsTheStretchyHeadersHeight() throws {
        // pull 100 from offset 0 (min 0): past the top by b(100) = 100·0.55·667 / (667 + 0.55·100)
        // = 36685 / 722 = 50.810 pt, so the stretchy header is H + (min − offset) = 250.810 (§6.3).
        try passes(Self.dim + """
        header 200
        use dim
        pull 100
        expect dim.start == 200 and dim.seen ~= 250.810 within 0.001 and dim.now ~= 250.810 within 0.001
        expect dim.pulled
        """)
        // At rest it is H again: the handler ran in the last frame of the snap-back, and the
        // value is read where it is read.
        try passes(Self.dim + "header 200\nuse dim\npull 100\nrelease\nsettle\nexpect dim.seen == 200 and dim.now == 200 and not dim.pulled\n")
        // A check that must fail does: 250.81 is not 260.
        XCTAssertNotNil(try runChecked(Self.dim + "header 200\nuse dim\npull 100\nexpect dim.seen ~= 260 within 0.5\n").failure)
    }

    static let follow = """
    behaviour follow {
      states up, down
      var y = 0pt
      on frame {
        y = toolbar.y
        if toolbar.state == hidden { state = down } else { state = up }
      }
    }

    """

    func testABehaviourHidesWithTheToolbar() throws {
        // A 50 pt toolbar shown at 667 − 50 = 617. drag -100 (20 frames of 5 pt): past 22 pt
        // (frame 5, p = −25) it hides from 617 + 25 = 642 over 0.2 s (12 frames), hidden at
        // frame 17 at 667, before the drag ends. The state word `hidden` reads in the toolbar's
        // family (it is compared with `toolbar.state`).
        try passes(Self.follow + "toolbar 50\nuse follow\ndrag -100\nexpect follow.state == down and follow.y == 667\n")
        // Untouched it stays up, at 617 (read in the first frame).
        try passes(Self.follow + "toolbar 50\nuse follow\ntick\nexpect follow.state == up and follow.y == 617\n")
        XCTAssertNotNil(try runChecked(Self.follow + "toolbar 50\nuse follow\ntick\nexpect follow.state == down\n").failure)
        // A word of no toolbar state is refused where it is written, with the family's states.
        XCTAssertEqual(diagnostics("behaviour f {\n  var n = 0\n  on frame { if toolbar.state == hiden { n = 1 } }\n}\n"),
                       ["3:34 'hiden' is not a state of toolbar (its states: shown, hidden, showing, hiding) (did you mean 'hidden'?)"])
    }

    func testABehaviourReadsAnotherDeclaredBehavioursMembers() throws {
        // The spec's fade: drag -150 gives alpha (150 − 136) / 30 = 0.4667, fading. echo's
        // `frame` runs after fade's `didScroll` in the last frame (§9's order): 2 × 0.4667.
        let text = DeclaredBehaviourTests.fade + """
        behaviour echo {
          var a = 0
          var isFading = false
          value twice = fade.alpha * 2
          on frame {
            a = fade.alpha * 2
            isFading = fade.state == fading
          }
        }
        use fade
        use echo
        drag -150
        expect echo.a ~= 0.933 within 0.001 and echo.twice ~= 0.933 within 0.001 and echo.isFading
        """
        try passes(text)
        // One declared below is read as well (it is checked first); the same numbers.
        let below = "behaviour echo {\n  value twice = fade.alpha * 2\n}\n" + DeclaredBehaviourTests.fade
        try passes(below + "use fade\nuse echo\ndrag -150\nexpect echo.twice ~= 0.933 within 0.001\n")
        // Two that read each other's members: the one checked first says so.
        let cycle = diagnostics("behaviour a {\n  var p = 0\n  value v = b.q\n}\nbehaviour b {\n  var q = 0\n  value w = a.p\n}\n")
        XCTAssertEqual(cycle.count, 2, "\(cycle)")
        XCTAssertTrue(cycle.contains("7:13 'a.p' is a member of behaviour 'a', which reads this one: two behaviours may not read each other's members"),
                      "\(cycle)")
        // One refused for an error is named as such (its own error is said at its place).
        let refused = diagnostics("behaviour fade {\n  var a = nope\n}\nbehaviour echo {\n  value v = fade.a\n}\n")
        XCTAssertEqual(refused.count, 2)
        XCTAssertTrue(refused.first?.hasPrefix("2:11 unknown name 'nope'") == true, "\(refused)")
        XCTAssertEqual(refused.last, "5:13 'fade.a' is a member of behaviour 'fade', which has an error (fix it, and this reads it)")
        // Its members are read-only from there.
        XCTAssertEqual(diagnostics(DeclaredBehaviourTests.fade + "behaviour echo {\n  on frame { fade.alpha = 1 }\n}\n").count, 1)
    }

    func testABehaviourReadsSectionsAndRows() throws {
        // sections 2 rows 20: section 0's header 28 pt, rows of 44. row[0,2] is at content y
        // 28 + 2 × 44 = 116 and section 1's header at 28 + 20 × 44 = 908. drag -50 scrolls to
        // offset 50: screen y 66 and 858.
        let text = """
        behaviour marks {
          var row2 = 0pt
          var s1 = 0pt
          value opened = section[1].open
          on frame {
            row2 = row[0,2].y
            s1 = section[1].y
          }
        }
        sections 2 rows 20
        use marks
        drag -50
        expect marks.row2 == 66 and marks.s1 == 858 and marks.opened
        """
        try passes(text)
        // An index is a whole number as written.
        XCTAssertEqual(diagnostics("behaviour m {\n  var k = 1\n  value v = row[k,2].y\n}\n"),
                       ["3:17 an index in a behaviour must be a whole number as written (section[1].y), not another value"])
    }

    func testAScenarioWithoutWhatABodyReadsGetsTheErrorAtItsUseLine() {
        // The declaration checks once; each scenario's `use` is checked with its configuration.
        let text = Self.dim + Self.follow + """
        scenario "with" {
          header 200
          toolbar
          use dim
          use follow
        }
        scenario "without" {
          use dim
          use follow
        }
        """
        XCTAssertEqual(diagnostics(text), [
            "23:3 behaviour 'dim' reads 'header.height' (line 2), which needs a header, and this scenario declares none (add 'header H')",
            "24:3 behaviour 'follow' reads 'toolbar.y' (line 12), which needs a toolbar, and this scenario declares none (add 'toolbar')",
        ])
        // Another declared behaviour needs its `use`; one error for each behaviour it needs.
        let echo = DeclaredBehaviourTests.fade + "behaviour echo {\n  value v = fade.alpha + fade.alpha\n  value w = fade.state == hidden\n}\n"
        XCTAssertEqual(diagnostics(echo + "use echo\n"),
                       ["16:1 behaviour 'echo' reads 'fade.alpha' (line 13), which needs a fade, and this scenario declares none (add 'use fade')"])
        XCTAssertEqual(diagnostics(echo + "use echo\nuse fade\n"), [])
    }

    func testANearMissGetsDidYouMean() {
        XCTAssertEqual(diagnostics("behaviour d {\n  value v = header.hieght\n}\n"),
                       ["2:13 unknown name 'header.hieght' (did you mean 'header.height'?)"])
        XCTAssertEqual(diagnostics("behaviour d {\n  value v = toolbar.stat\n}\n"),
                       ["2:13 unknown name 'toolbar.stat' (did you mean 'toolbar.state'?)"])
        // A rect and text are not read.
        XCTAssertEqual(diagnostics("behaviour d {\n  value v = toolbar.frame\n}\n"),
                       ["2:13 a declared behaviour's body cannot read 'toolbar.frame' in this version (it reads the observables, the core tunables and its own members; not another behaviour's tunables, views or text)"])
    }
}
