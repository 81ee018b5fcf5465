import XCTest
@testable import ScrollScript
import ScrollSim

/// Behaviours declared in the language (spec §9): numbers worked out by hand from the spec's
/// formulas, the refusals of the checker at their places, and a value that is not finite.
final class DeclaredBehaviourTests: XCTestCase {
    static let fade = """
    behaviour fade {                       # fades a title in after 136 pt of scrolling
      param start = 136pt                  # a tunable: set fade.start 150
      param length = 30pt
      states hidden, fading, visible       # fade.state, first = initial
      var alpha = 0                        # fade.alpha, kept between events
      view title = rect(0, 20, screen.width, 44) alpha alpha
      on didScroll {
        alpha = clamp((offset - start) / length, 0, 1)
        if alpha == 0 { state = hidden } else if alpha == 1 { state = visible } else { state = fading }
      }
    }

    """

    /// The file's diagnostics as `line:col message`.
    func diagnostics(_ text: String) -> [String] {
        checkSource(SourceFile(name: "t.scroll", text: text)).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    func testABraceNeverClosedInADeclarationIsReportedOnceAtItsBrace() {
        // The behaviour's own `{` (column 16 of `behaviour fade {`).
        XCTAssertEqual(diagnostics("behaviour fade {\n  var n = 0\n"), ["1:16 '{' is never closed (missing '}')"])
        // A body's `{` (column 16 of `  on didScroll {`): the behaviour's, open too at the
        // end of the file, says nothing more.
        XCTAssertEqual(diagnostics("behaviour fade {\n  var n = 0\n  on didScroll {\n    n = 1\n"),
                       ["3:16 '{' is never closed (missing '}')"])
        // Closed, both read: no error.
        XCTAssertEqual(diagnostics("behaviour fade {\n  var n = 0\n  on didScroll {\n    n = 1\n  }\n}\n"), [])
    }

    // MARK: Numbers by hand

    func testTheSpecsFadeRunsWithItsNumbers() throws {
        // drag -150: offset 150 (inside the bounds: 30 rows × 44 − 667 = 653); alpha =
        // (150 − 136) / 30 = 0.4667, fading.
        try passes(Self.fade + """
        scenario "the title fades in" {
          use fade
          drag -150
          expect fade.alpha ~= 0.467 within 0.001 and fade.state == fading
          expect fade.state != visible
        }
        """)
        // 200 − 136 = 64 ≥ 30: alpha 1, visible; a param set to 150: (150 − 150) / 30 = 0, hidden.
        try passes(Self.fade + "use fade\ndrag -200\nexpect fade.alpha == 1 and fade.state == visible\n")
        try passes(Self.fade + "use fade\nset fade.start 150\ndrag -150\nexpect fade.alpha == 0 and fade.state == hidden\n")
        // It starts hidden at alpha 0 before anything scrolls (the first state, the var's value).
        try passes(Self.fade + "use fade\nexpect fade.state == hidden and fade.alpha == 0\n")
        // A check that must fail does: 0.4667 is not 0.5.
        let r = try runChecked(Self.fade + "use fade\ndrag -150\nexpect fade.alpha ~= 0.5 within 0.001\n")
        XCTAssertNotNil(r.failure)
    }

    func testAValueReadsTheValuesAboveIt() throws {
        // §9: a value may read the values above it, bare or qualified (this crashed the
        // lowering: a value's root was looked up before it was built). n = 100: h = 100,
        // half = 100 / 2 = 50, sum = 100 + 50 = 150; the view is y 100…150, so a tap at
        // (25, 140) is inside it only with the height `half` gives; then n = 40: h = 40,
        // half = 20, sum = 60.
        let c = """
        behaviour c {
          var n = 100
          value h = n
          value half = h / 2
          value sum = c.h + half
          view box = rect(0, 100, 50, half)
          on tap box { n = 40 }
        }

        """
        XCTAssertEqual(diagnostics(c), [])
        try passes(c + "use c\nexpect c.h == 100 and c.half == 50 and c.sum == 150\ntap 25 140\nexpect c.n == 40 and c.sum == 60\n")
        let r = try runChecked(c + "use c\nexpect c.sum == 100\n")
        XCTAssertNotNil(r.failure)
    }

    /// Actions `name0` … `name(levels − 1)`, each calling the next twice; the last adds 1 to n.
    /// One call of the action j levels above the last runs 3·2^j − 2 statements (the last
    /// runs 1; each level 2 calls + twice the next: c(j) = 2 + 2·c(j − 1), c(0) = 1).
    private func fanOut(_ name: String, levels: Int) -> String {
        var lines: [String] = []
        for k in 0..<levels - 1 { lines.append("  action \(name)\(k) {\n    \(name)\(k + 1)\n    \(name)\(k + 1)\n  }") }
        lines.append("  action \(name)\(levels - 1) { n = n + 1 }")
        return lines.joined(separator: "\n")
    }

    func testAnEventsWorkIsBounded() throws {
        // 40 levels of actions calling the next twice is 2^40 statements a call: §9 says no
        // declaration can hang a frame. The bound is 100,000 statements a call. With 20
        // levels (f0 … f19), f19 runs 1, f(19 − j) runs 3·2^j − 2: j = 15 (f4) 98,302, within;
        // j = 16 (f3) 196,606, over — the first action over whose callees are all within.
        // Line of f3: line 1 'behaviour', 2 'var n', then 4 lines an action: f3 at line 3 + 4·3 = 15.
        let over = "behaviour w {\n  var n = 0\n" + fanOut("f", levels: 20) + "\n  on willBeginDragging { f0 }\n}\n"
        let d = diagnostics(over)
        XCTAssertEqual(d.count, 1)
        XCTAssertTrue(d.first?.hasPrefix("15:10 the action 'f3' can run more than 100,000 statements in one call") ?? false, "\(d)")
        // 40 levels: refused the same way, at once (a linear walk, not 2^40 steps).
        XCTAssertEqual(diagnostics("behaviour w {\n  var n = 0\n" + fanOut("f", levels: 40) + "\n}\n").count, 1)
        // 16 levels (g0 … g15): g0 runs 3·2^15 − 2 = 98,302, within; a handler calling it twice
        // runs 2 + 2·98,302 = 196,606: the error is at the handler's event (line 2 + 4·15 + 1 + 1 = 64).
        let handler = "behaviour w {\n  var n = 0\n" + fanOut("g", levels: 16) + "\n  on didScroll {\n    g0\n    g0\n  }\n}\n"
        let h = diagnostics(handler)
        XCTAssertEqual(h.count, 1)
        XCTAssertTrue(h.first?.hasPrefix("64:6 'on didScroll' can run more than 100,000 statements") ?? false, "\(h)")
        // Once: 1 + 98,302 = 98,303, within.
        XCTAssertEqual(diagnostics("behaviour w {\n  var n = 0\n" + fanOut("g", levels: 16) + "\n  on didScroll { g0 }\n}\n"), [])
        // A small fan-out runs: 3 levels, 2 · 2 = 4 increments a call.
        try passes("behaviour w {\n  var n = 0\n" + fanOut("h", levels: 3) + "\n  on willBeginDragging { h0 }\n}\n"
                   + "use w\ndrag -10\nexpect w.n == 4\n")
        // A chain of 3,000 actions each calling the next once: 3,000 + 1 statements, within.
        var chain = "behaviour w {\n  var n = 0\n"
        for k in 0..<2999 { chain += "  action c\(k) { c\(k + 1) }\n" }
        chain += "  action c2999 { n = n + 1 }\n  on willBeginDragging { c0 }\n}\n"
        XCTAssertEqual(diagnostics(chain), [])
        try passes(chain + "use w\ndrag -10\nexpect w.n == 1\n")
    }

    func testWordsOfOnePlaceOfAStatementNameMembers() throws {
        // §9's member rule reserves statement keywords, functions, true/false/and/or/not, the
        // first words of names, member keywords and states; "everything else is free": `x`
        // (screen W x H), `in` (drag D in T), `always`, `rows`, `open`, `closed`.
        let b = """
        behaviour b {
          param limit = 2
          states open, closed
          var x = 0
          var in = 10
          var always = 0
          value rows = x * limit
          view box = rect(x, 100, 50, 50)
          on willBeginDragging {
            x = in + 5
            always = rows
            if x > limit { state = closed }
          }
        }

        """
        XCTAssertEqual(diagnostics(b), [])
        // Before a drag: x 0, rows 0, state open. The drag's first frame: x = 10 + 5 = 15;
        // always = rows = 15 · 2 = 30; 15 > 2: closed.
        try passes(b + "use b\nexpect b.x == 0 and b.state == open\ndrag -10\nexpect b.x == 15 and b.rows == 30 and b.always == 30 and b.state == closed\n")
        // Still reserved: a statement keyword, true/false/and/or/not, `within` (a word of
        // expressions).
        XCTAssertEqual(diagnostics("behaviour b {\n  var drag = 1\n}\n").count, 1)
        XCTAssertEqual(diagnostics("behaviour b {\n  var within = 1\n}\n").count, 1)
        XCTAssertEqual(diagnostics("behaviour b {\n  var not = 1\n}\n").count, 1)
    }

    func testAParamsRangeIsItsKind() throws {
        // A range's ends are the param's kind; a bare number takes it.
        XCTAssertEqual(diagnostics("behaviour b {\n  param p = 5pt range 0s to 10pt\n}\n"),
                       ["2:23 the range of the param 'p' must be points, not seconds"])
        XCTAssertEqual(diagnostics("behaviour b {\n  param p = 5pt range 0 to 10\n}\n"), [])
        XCTAssertEqual(diagnostics("behaviour b {\n  param p = 0.2s range 0ms to 1s\n}\n"), [])
    }

    func testATransparentViewIsListedAndTakesNoTap() throws {
        // §9: `when` false: the view is absent; `frames` lists present views with a part on
        // screen; a view takes a tap only while its alpha is at least 0.01. `clear` (alpha
        // 0.005) lies over `solid` (alpha 0.5) at y 300…310: a tap at (50, 305) passes
        // through `clear` to `solid` (n = 1), `frames` lists both, `gone` (when false) is
        // not listed, and a targeted tap on `clear` is refused with its alpha.
        let b = """
        behaviour fv {
          var n = 0
          view clear = rect(0, 300, 100, 10) alpha 0.005
          view solid = rect(0, 300, 100, 10) alpha 0.5
          view gone = rect(0, 400, 100, 10) when n > 5
          on tap clear { n = n + 10 }
          on tap solid { n = n + 1 }
        }

        """
        let r = try runChecked(b + "use fv\nset row.height 1000\ntap 50 305\nexpect fv.n == 1\nframes\n")
        XCTAssertNil(r.failure)
        let listed = r.output.joined(separator: "\n")
        XCTAssertTrue(listed.contains("fv.clear"), listed)
        XCTAssertTrue(listed.contains("fv.solid"), listed)
        XCTAssertFalse(listed.contains("fv.gone"), listed)
        let t = try runChecked(b + "use fv\ntap fv.clear\n")
        XCTAssertTrue(t.failure?.message.contains("below 0.01") ?? false, "\(String(describing: t.failure?.message))")
    }

    func testAnAnimationsDurationIsAnExpression() throws {
        // `animate VAR to EXPR over DURATION`: DURATION is an expression. over 1s / 2 = 0.5 s,
        // linear from 0 to 100, started in step 1 of the drag's first frame (t0 = 1/60 s).
        // drag -10 in 0.25s: 15 frames at 60 fps, the last at t = 15/60 s: progress
        // (15/60 − 1/60) / 0.5 = 0.46667, x = 46.667.
        let b = """
        behaviour a {
          var x = 0
          on willBeginDragging { animate x to 100 over 1s / 2 linear }
        }

        """
        XCTAssertEqual(diagnostics(b), [])
        try passes(b + "use a\ndrag -10 in 0.25s\nexpect a.x ~= 46.6667 within 0.0001\n")
    }

    func testAViewThatIsNotFiniteFailsTheStatement() throws {
        // §9: a value that is not finite fails the scenario naming the behaviour, the line
        // and the time. A view's frame and alpha are evaluated where they are read, and
        // checked at the end of each statement. n = 0: 10 / (1 − 0) = 10, finite; the drag's
        // first frame sets n = 1: 10 / 0 = inf, so the drag (line 9 of the file) fails, naming
        // the view's line (3). A view whose `when` is false is not checked (line 4: 0 / n,
        // not a number while n is 0).
        let b = """
        behaviour b {
          var n = 0
          view bar = rect(0, 100, 50, 10 / (1 - n))
          view off = rect(0, 0, 0 / n, 10) when n > 5
          on willBeginDragging { n = 1 }
        }

        """
        let ok = try runChecked(b + "use b\ntick\n")
        XCTAssertNil(ok.failure, "\(String(describing: ok.failure?.message))")
        let r = try runChecked(b + "use b\ntick\ndrag -10\n")
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.location.line, 9)
        XCTAssertTrue(f.message.contains("behaviour 'b' computed inf at t.scroll:3"), f.message)
        // Its alpha: 0 / 0 is not a number, from the start (the first statement fails).
        let a = try runChecked("behaviour c {\n  var z = 0\n  view dot = rect(0, 0, 10, 10) alpha z / z\n}\n\nuse c\ntick\n")
        XCTAssertTrue(a.failure?.message.contains("behaviour 'c' computed nan at t.scroll:3") ?? false, "\(String(describing: a.failure?.message))")
    }

    func testABehaviourReadsTheCoreTunables() throws {
        // A var's initial value reads the scenario's tunables after its `set` lines (§9):
        // row.height 44 by default, 60 when set; a value reads `deceleration` where it is read.
        let grid = """
        behaviour grid {
          var h = row.height
          var each = content.height / row.height    # plain: points / points
          value rate = deceleration
          value flick = fling.duration
        }

        """
        try passes(grid + "use grid\nexpect grid.h == 44 and grid.rate == 0.998 and grid.flick == 0.1s\n")
        // 30 rows of 60: content.height 1800, 1800 / 60 = 30 (not 1800 / 44 = 40.9).
        try passes(grid + "use grid\nset row.height 60\nset deceleration 0.99\nexpect grid.h == 60 and grid.each == 30 and grid.rate == 0.99\n")
        // A pager by rows: fling -1000 releases at offset 100 with v = 1000 pt/s, §6.2's
        // destination 100 + (1000 − 10)/|1000·ln 0.998| = 594.505 (below max 30 × 70 − 667 =
        // 1433); round(594.505 / 70) = round(8.493) = 8 → 560, where the deceleration ends.
        let snap = """
        behaviour snap {
          on willEndDragging { target = round(target / row.height) * row.height }
        }

        """
        try passes(snap + "use snap\nset row.height 70\nfling -1000\nsettle\nexpect offset == 560\n")
        // With rows of 44 the same fling ends at round(594.505 / 44) = round(13.51) = 14 → 616.
        try passes(snap + "use snap\nfling -1000\nsettle\nexpect offset == 616\n")
        // A check that must fail does: 616 is not 560.
        let r = try runChecked(snap + "use snap\nfling -1000\nsettle\nexpect offset == 560\n")
        XCTAssertNotNil(r.failure)
        // Their kinds are typed, and they are read-only.
        XCTAssertEqual(diagnostics("behaviour k {\n  var y = 0pt\n  on didScroll { y = fling.duration }\n}\n"),
                       ["3:22 the var 'y' must be points, not seconds"])
        XCTAssertEqual(diagnostics("behaviour k {\n  on didScroll { row.height = 3 }\n}\n"),
                       ["2:18 'row.height' is read-only here: it cannot be assigned"])
        // A typo of one is an unknown name with its fix.
        XCTAssertEqual(diagnostics("behaviour k {\n  var y = row.hieght\n}\n"),
                       ["2:11 unknown name 'row.hieght' (did you mean 'row.height'?)"])
        XCTAssertEqual(diagnostics("behaviour k {\n  var y = decelaration\n}\n"),
                       ["2:11 unknown name 'decelaration' (did you mean 'deceleration'?)"])
    }

    func testComparisonsWithAConstantOnEitherSideAndTheParamsFolded() throws {
        // The evaluator folds a world's params into constants and fuses a comparison with a
        // constant (DeclaredRuntime's FoldedCode), the constant on the left turned round.
        // p = 3, n = 5, a tap: 6 > 5 (+1), 5 >= 5 (+10), 5 <= 5 − 1 = 4 no, 3·2 = 6 == 6
        // (+1000), −3 != 5 − 8 = −3 no: 1011; then n = 9 and a second tap: 6 > 9 no, 5 >= 9
        // no, 5 <= 8 (+100), 6 == 6 (+1000), −3 != 1 (+10000): 1011 + 11100 = 12111. As
        // values: 4 < 5 true; 5 <= −3 + 7 = 4 false.
        let cmp = """
        behaviour cmp {
          param p = 3
          var n = 5
          var hits = 0
          value left = 4 < n
          value right = n <= -p + 7
          view box = rect(0, 100, 50, 50)
          on tap box {
            if 6 > n { hits = hits + 1 }
            if 5 >= n { hits = hits + 10 }
            if 5 <= n - 1 { hits = hits + 100 }
            if p * 2 == 6 { hits = hits + 1000 }
            if -p != n - 8 { hits = hits + 10000 }
            n = n + 4
          }
        }

        """
        try passes(cmp + "use cmp\nexpect cmp.left and not cmp.right\ntap 25 120\nexpect cmp.hits == 1011 and cmp.n == 9\n"
            + "tap 25 120\nexpect cmp.hits == 12111\n")
        // The world's own p: p = 1, 5 <= −1 + 7 = 6 true; a tap: +1, +10, 2 == 6 no,
        // −1 != −3 (+10000): 10011.
        try passes(cmp + "use cmp\nset cmp.p 1\nexpect cmp.left and cmp.right\ntap 25 120\nexpect cmp.hits == 10011\n")
        // A check that must fail does: with p = 1, 10011 is not 1011.
        let r = try runChecked(cmp + "use cmp\nset cmp.p 1\ntap 25 120\nexpect cmp.hits == 1011\n")
        XCTAssertNotNil(r.failure)
        // A fact and the state against a constant (one node each), either side. At rest,
        // offset 0: 10 > 0 (+1), 0 >= 0 (+10), −1 >= 0 no, b != a (+1000), then state = b:
        // 1011; a second tap: +1, +10, no, b != b no: 1022.
        let facts = """
        behaviour f {
          states a, b
          var n = 0
          view box = rect(0, 100, 50, 50)
          on tap box {
            if 10 > offset { n = n + 1 }
            if offset >= 0 { n = n + 10 }
            if -1 >= offset { n = n + 100 }
            if b != state { n = n + 1000 }
            if state == a { state = b }
          }
        }

        """
        try passes(facts + "use f\ntap 25 120\nexpect f.n == 1011 and f.state == b\ntap 25 120\nexpect f.n == 1022 and f.state == b\n")
        // Scrolled past 150 first (and come to rest): 10 > offset no, +10, no, +1000: 1010.
        try passes(facts + "use f\ndrag -150\nrelease\nsettle\nexpect offset >= 150\ntap 25 120\nexpect f.n == 1010\n")
        let wrong = try runChecked(facts + "use f\ndrag -150\nrelease\nsettle\ntap 25 120\nexpect f.n == 1011\n")
        XCTAssertNotNil(wrong.failure)
    }

    func testAPagerRetargetsAFlingThroughTarget() throws {
        // fling -1000: the finger moves 100 pt in 0.1 s (6 frames) and lifts with the content
        // at offset 100 and velocity 1000 pt/s. §6.2's destination: 100 + (1000 − 10)/|k|,
        // k = 1000·ln 0.998 = −2.0020027, = 594.505 (below max 653), offered as `target`.
        // The pager rounds it to pages of 200: round(2.9725) = 3 → 600. §8: the deceleration
        // starts with v' = (600 − 100)·|k| + 10 = 1011.0013 pt/s and ends at 600 exactly, at
        // τe = ln(10/1011.0013)/k = 2.30575 s after the release: the first frame at or after
        // 0.1 + 2.30575 = 2.40575 s is frame 145, 2.4167 s.
        let pager = """
        behaviour pager {
          param page = 200pt range 1pt to 10000pt
          var index = 0
          var offered = 0pt
          var released = velocity          # pt/s: 0 when the world starts
          on willEndDragging {
            offered = target
            released = velocity
            target = round(target / page) * page
            index = round(target / page)
          }
        }

        """
        try passes(pager + """
        use pager
        fling -1000
        expect offset == 100 and pager.released == 1000
        expect pager.offered ~= 594.505 within 0.001
        expect pager.index == 3
        expect velocity ~= 1011.001 within 0.001
        settle
        expect offset == 600
        expect time ~= 2.4167 within 0.0001
        """)
        // Without the pager the same fling rests at the destination, 594.50 (the test can fail).
        try passes("fling -1000\nsettle\nexpect offset ~= 594.505 within 0.001\n")
    }

    func testAnAnimationFollowsItsCurveAndRunsThen() throws {
        // The touch's first frame is frame 1 (t0 = 1/60): willBeginDragging starts the
        // animation there. Linear over 0.5 s: at 0.1 s (frame 6) a = 100·(5/60)/0.5 = 16.667;
        // it ends at the first frame at or after 1/60 + 0.5 (frame 31), setting 100 and `done`.
        let pulse = """
        behaviour pulse {
          var a = 0
          var done = false
          on willBeginDragging { animate a to 100 over 0.5s linear then { done = true } }
        }

        """
        try passes(pulse + """
        use pulse
        drag -10 in 0.1s
        expect pulse.a ~= 16.667 within 0.001 and not pulse.done
        wait 0.4s
        expect pulse.a ~= 96.667 within 0.001
        tick
        expect pulse.a == 100 and pulse.done
        """)
        // easeInOut, cubic-bezier(0.42, 0, 0.58, 1), is symmetric: halfway in time (16 frames
        // after t0 = 1/60, 0.25 s) it is halfway, 50; easeIn there is below, easeOut above.
        for (curve, test) in [("", "~= 50 within 0.000001"), ("easeIn", "< 40"), ("easeOut", "> 60")] {
            try passes("""
            behaviour pulse {
              var a = 0
              on willBeginDragging { animate a to 100 over 0.5s \(curve) }
            }
            use pulse
            drag -10 in 0.2667s
            expect time ~= 0.2667 within 0.001
            expect pulse.a \(test)
            """)
        }
    }

    func testStepFiveOrderDidScrollDraggingFrame() throws {
        // didScroll (the offset moved), then dragging (a finger is down), then frame, every
        // frame: the log's digits are appended in that order. One frame of a drag moves the
        // offset, so all three run: 0·1000 + 1, ·10 + 2, ·10 + 3 = 123.
        try passes("""
        behaviour order {
          var log = 0
          on frame { log = log * 10 + 3 }
          on dragging { log = log * 10 + 2 }
          on didScroll { log = log * 10 + 1 }
        }
        use order
        drag -10 in 0.0167s
        expect order.log == 123
        release
        tick
        expect order.log == 1233
        """)
    }

    func testBehavioursRunInTheOrderOfTheirUseLines() throws {
        // Both set the one content inset at the touch's first frame: the last to run wins
        // (min = −inset). Declared a then b; used b then a, a runs last: −10.
        let two = """
        behaviour a { on willBeginDragging { contentInset.top = 10 } }
        behaviour b { on willBeginDragging { contentInset.top = 20 } }

        """
        try passes(two + "use b\nuse a\ndrag 1 in 0.0167s\nexpect offset.min == -10\n")
        try passes(two + "use a\nuse b\ndrag 1 in 0.0167s\nexpect offset.min == -20\n")
        // A name used twice counts at its first line; the scene's come before the scenario's.
        try passes(two + "scene {\n  use b\n}\nscenario \"s\" {\n  use a\n  use b\n  drag 1 in 0.0167s\n  expect offset.min == -10\n}\n")
    }

    func testAValueThatIsNotFiniteFailsNamingTheBehaviourTheLineAndTheTime() throws {
        // The first frame of the drag moves the offset to 10: 1 / (10 − 10) is infinite.
        let r = try runChecked("""
        behaviour bad {
          var r = 0
          on didScroll {
            r = 1 / (offset - 10)
          }
        }
        use bad
        drag -10 in 0.0167s
        expect bad.r == 0
        """)
        let f = try XCTUnwrap(r.failure)
        XCTAssertEqual(f.message, "behaviour 'bad' computed inf at t.scroll:4: a value must be a finite number at t = 0.017 s")
        XCTAssertEqual(f.time, 1.0 / 60, accuracy: 1e-12)
    }

    func testAViewTakesTapsWhenItHasATapHandler() throws {
        try passes("""
        behaviour button {
          var taps = 0
          view button = rect(100, 300, 50, 50)
          on tap button { taps = taps + 1 }
        }
        use button
        tap 120 320
        tap 20 320
        tap button
        expect button.taps == 2
        """)
    }

    func testContentInsetAndScrollTo() throws {
        // contentInset.top = 50: min = −50; `scroll to -50` sets the offset there (inside the
        // new bounds, so it stays). An animated scroll to 100 takes 0.3 s and ends with
        // didEndScrollingAnimation.
        try passes("""
        behaviour insets {
          var ended = false
          on willBeginDragging { contentInset.top = 50 }
          on didEndDragging { scroll to 100 animated }
          on didEndScrollingAnimation { ended = true }
        }
        use insets
        drag 1 in 0.0167s
        expect offset.min == -50
        release
        wait 0.2s
        expect not insets.ended
        wait 0.1s
        expect offset == 100 and insets.ended
        """)
    }

    // MARK: Refusals at their places

    func testTheCheckerRefusesEachAtItsPlace() {
        func member(_ text: String) -> [String] {
            diagnostics("behaviour fade {\n  states hidden, fading, visible\n  var alpha = 0\n  param start = 136pt\n  value v = offset * 2\n  view title = rect(0, 20, screen.width, 44)\n  action go { alpha = 1 }\n" + text + "\n}\nuse fade\n")
        }
        XCTAssertEqual(member("  on didScrol { }"), ["8:6 unknown event 'didScrol' (did you mean 'didScroll'?)"])
        XCTAssertEqual(member("  on didScroll { state = dragging }"),
                       ["8:26 'dragging' is a state of another family, not of fade (its states: hidden, fading, visible)"])
        XCTAssertEqual(member("  on didScroll { state = fadng }"),
                       ["8:26 'fadng' is not a state of fade (its states: hidden, fading, visible) (did you mean 'fading'?)"])
        XCTAssertEqual(member("  on didScroll { state = 3 }"),
                       ["8:26 'state' must be one of its states (hidden, fading, visible), not a plain number"])
        XCTAssertEqual(member("  on didScroll { alpha = true }"), ["8:26 the var 'alpha' must be a plain number, not true or false"])
        XCTAssertEqual(member("  on didScroll { target = 4 }"),
                       ["8:18 'target' exists only in the body of 'on willEndDragging' (not in an action it calls, nor in a 'then' body)"])
        XCTAssertEqual(member("  on willEndDragging { go2 }\n  action go2 { target = 4 }"),
                       ["9:16 'target' exists only in the body of 'on willEndDragging' (not in an action it calls, nor in a 'then' body)"])
        XCTAssertEqual(member("  on didScroll { if decelerate { } }"),
                       ["8:21 'decelerate' exists only in the body of 'on didEndDragging' (not in an action it calls, nor in a 'then' body)"])
        XCTAssertEqual(member("  on didScroll { start = 3 }"),
                       ["8:18 'start' is a param (a tunable: 'set fade.start VALUE'): it cannot be assigned"])
        XCTAssertEqual(member("  on didScroll { v = 3 }"), ["8:18 'v' is a value (derived where it is read): it cannot be assigned"])
        XCTAssertEqual(member("  on didScroll { go; pull 10 }"),
                       ["8:22 'pull' cannot stand in a behaviour's body: a body holds assignments, let, if, animate, scroll to and action calls (no gestures, waits, checks, configuration or repeat)"])
        XCTAssertEqual(member("  on didScroll { wait 1s }").count, 1)
        XCTAssertEqual(member("  on didScroll { expect offset > 0 }").count, 1)
        XCTAssertEqual(member("  on didScroll { repeat 2 { go } }").count, 1)
        XCTAssertEqual(member("  on didScroll { set row.height 40 }").count, 1)
        XCTAssertEqual(member("  on didScroll { og }"), ["8:18 unknown action 'og' (did you mean 'go'?)"])
        XCTAssertEqual(member("  action a { b }\n  action b { a }"),
                       ["9:14 the action 'a' reaches itself (a → b → a): an action may not call itself"])
        XCTAssertEqual(member("  var offset = 1"), ["8:7 a member cannot be named 'offset': it is the first word of the built-in name 'offset'"])
        XCTAssertEqual(member("  var pull = 1"), ["8:7 a member cannot be named 'pull': it is a statement keyword ('pull ...')"])
        XCTAssertEqual(member("  var hidden = 1"), ["8:7 a member cannot be named 'hidden': it is a state ('hidden')"])
        XCTAssertEqual(member("  var fading = 1"), ["8:7 a member cannot be named 'fading': it is one of the behaviour's own states"])
        XCTAssertEqual(member("  var alpha = 2"), ["8:7 'alpha' is declared twice in this behaviour (first at line 3): each member needs a name of its own"])
        XCTAssertEqual(member("  states a, b"), ["8:3 a behaviour has at most one 'states' line"])
        XCTAssertEqual(member("  on tap titel { }"), ["8:10 unknown view 'titel' (did you mean 'title'?)"])
        XCTAssertEqual(member("  on didScroll { alpha = offset }"), ["8:26 the var 'alpha' must be a plain number, not points"])
        XCTAssertEqual(member("  on didScroll { alpha = offset + time }"), ["8:33 cannot mix points and seconds in '+'"])
        XCTAssertEqual(member("  on didScroll { let offset = 2 }"),
                       ["8:22 'offset' is a name of the scroll view: 'let' cannot name a value after it"])
        XCTAssertEqual(member("  param p = 5 range 0 to 4"), ["8:13 the param 'p' defaults to 5, outside its range 0 to 4"])
        XCTAssertEqual(member("  param p = -5pt range -4pt to 4pt"), ["8:13 the param 'p' defaults to -5pt, outside its range -4pt to 4pt"])
        XCTAssertEqual(member("  param p = 5 range 6 to 4"), ["8:21 the range of the param 'p' is empty: its low end 6 is above its high end 4"])
        XCTAssertEqual(member("  colour c = 1"), ["8:3 unknown member 'colour' (a behaviour holds param, states, var, value, view, action, on)"])
        XCTAssertEqual(member("  vra c = 1"), ["8:3 unknown member 'vra' (did you mean 'var'?)"])
        XCTAssertEqual(member("  on didScroll { alpha = toolbar.y }"), ["8:26 the var 'alpha' must be a plain number, not points"])
        XCTAssertEqual(member("  on didScroll { alpha = toolbar.frame }"),
                       ["8:26 a declared behaviour's body cannot read 'toolbar.frame' in this version (it reads the observables, the core tunables and its own members; not another behaviour's tunables, views or text)"])
        // A var's kind is its initial value's; points may be assigned points, a bare number.
        XCTAssertEqual(member("  var y = 0pt\n  on didScroll { y = offset; y = 3; y = 2s }"), ["9:41 the var 'y' must be points, not seconds"])
    }

    func testBehavioursNamesAndUse() {
        XCTAssertEqual(diagnostics("behaviour toolbar { }\n"),
                       ["1:11 a behaviour cannot be named 'toolbar': it is the configuration word of a built-in behaviour ('toolbar')"])
        XCTAssertEqual(diagnostics("behaviour a { }\nbehaviour a { }\n"),
                       ["2:11 a behaviour named 'a' is already declared (at t.scroll:1): each behaviour needs a name of its own"])
        XCTAssertEqual(diagnostics(Self.fade + "use fdae\n"),
                       ["12:5 no behaviour named 'fdae' is registered (registered: fade) (did you mean 'fade'?)"])
        XCTAssertEqual(diagnostics("pull 10\nbehaviour a { }\n"),
                       ["2:1 'behaviour' must come before the scenes, scenarios and statements of the file"])
        // A file of declarations only checks clean and holds no scenario.
        let r = checkSource(SourceFile(name: "t.scroll", text: Self.fade))
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.scenarios.count, 0)
    }

    func testImports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("declared-imports-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        func check(_ name: String, _ text: String) -> [String] {
            checkSource(SourceFile(name: dir.appendingPathComponent(name).path, text: text)).diagnostics
                .map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
        try write("fade.scroll", Self.fade)
        try write("both.scroll", "import \"fade.scroll\"\nbehaviour other { var n = 1 }\n")
        // Transitive, and a file reached twice (a diamond) is read once.
        let main = "import \"both.scroll\"\nimport \"fade.scroll\"\nuse fade\nuse other\ndrag -150\nexpect fade.alpha ~= 0.467 within 0.001 and other.n == 1\n"
        XCTAssertEqual(check("main.scroll", main), [])
        let scenario = try XCTUnwrap(checkSource(SourceFile(name: dir.appendingPathComponent("main.scroll").path, text: main)).scenarios.first)
        XCTAssertNil(runScenario(scenario).failure)
        // A cycle, a missing file, a file that runs scenarios, a clash across files.
        try write("a.scroll", "import \"b.scroll\"\n")
        try write("b.scroll", "import \"a.scroll\"\n")
        XCTAssertEqual(check("a.scroll", "import \"b.scroll\"\n"), ["1:8 importing \"a.scroll\" closes a cycle of imports"])
        XCTAssertEqual(check("m.scroll", "import \"nope.scroll\"\npull 1\n").first?.hasPrefix("1:8 cannot import \"nope.scroll\": no such file"), true)
        try write("runs.scroll", "pull 10\n")
        XCTAssertEqual(check("m.scroll", "import \"runs.scroll\"\npull 1\n"),
                       ["1:8 \"runs.scroll\" holds more than behaviours and imports: a file that is imported may hold only 'behaviour' and 'import' items and comments"])
        XCTAssertEqual(check("m.scroll", "import \"fade.scroll\"\nbehaviour fade { }\npull 1\n").count, 1)
        // `run --watch`: a file that imports a changed one (here through another) runs again.
        try write("main.scroll", main)
        let mainInput = RunInput.path(dir.appendingPathComponent("main.scroll").path)
        XCTAssertTrue(imports(mainInput, [dir.appendingPathComponent("fade.scroll").path], .builtIn))
        XCTAssertTrue(imports(mainInput, [dir.appendingPathComponent("both.scroll").path], .builtIn))
        XCTAssertFalse(imports(mainInput, [dir.appendingPathComponent("runs.scroll").path], .builtIn))
        XCTAssertFalse(imports(RunInput.path(dir.appendingPathComponent("runs.scroll").path), [dir.appendingPathComponent("fade.scroll").path], .builtIn))
    }
}

/// The Swift ports' scenarios (Examples/) run with their behaviours written as declarations
/// instead: the app delegate's code moves into the language with a few renames.
final class DeclaredPortTests: XCTestCase {
    func scenarios(_ text: String, name: String) throws -> [CheckedScenario] {
        let r = checkSource(SourceFile(name: TestPaths.packageRoot.appendingPathComponent("scenarios/\(name)").path, text: text))
        XCTAssertEqual(r.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }, [])
        return r.scenarios
    }

    func testSnapToRowsDeclared() throws {
        // Examples/SnapToRows's `scrollViewWillEndDragging`, declared. `target` and `row` are
        // words of the language, so the port's `snap.target` is `snap.chosen` here and its
        // `snap.row` is `snap.rowHeight`.
        let declaration = """
        behaviour snap {
          param rowHeight = 44pt range 1pt to 10000pt
          param top = 0pt range 0pt to 10000pt
          var offered = 0pt
          var chosen = 0pt
          var count = 0
          on willEndDragging {
            offered = target
            let r = round((offered - top) / rowHeight)
            chosen = clamp(top + r * rowHeight, offset.min, offset.max)
            target = chosen
            count = count + 1
          }
        }

        """
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/SnapToRows/scenarios/snap-to-rows.scroll"),
                              encoding: .utf8)
        let all = try scenarios(declaration + text.replacingOccurrences(of: "snap.target", with: "snap.chosen"), name: "snap.scroll")
        XCTAssertEqual(all.count, 4)
        for s in all { XCTAssertNil(runScenario(s).failure, s.name) }
    }

    func testTheSafariPortsScenariosPassWithTheDeclaredToolbar() throws {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/SafariToolbar/scenarios/003-safari-toolbar.scroll"),
                              encoding: .utf8)
        let all = try scenarios("import \"declared/toolbar.scroll\"\n" + text.replacingOccurrences(of: "safari", with: "bar"), name: "safari.scroll")
        XCTAssertEqual(all.count, 5)
        for s in all { XCTAssertNil(runScenario(s).failure, s.name) }
    }
}
