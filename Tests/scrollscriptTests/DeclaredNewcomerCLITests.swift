import Foundation
import XCTest

/// What a newcomer met declaring behaviours (spec v1.5 §9; issue 31 item 4), through the
/// real binary on real files: each output here was wrong before.
final class DeclaredNewcomerCLITests: XCTestCase {
    private func write(_ text: String, _ path: String, in dir: URL) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// (A2) A targeted tap of a declared view says why it cannot be tapped: its `when` is
    /// false, its alpha is below 0.01 (spec §9's Taps), or it is off screen (y 900 > 667).
    func testATapOfAnAbsentOrClearViewSaysWhy() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("""
        behaviour b {
          var n = 0
          var fade = 0.004
          view never = rect(10, 200, 50, 50) when false
          view clear = rect(10, 300, 50, 50) alpha 0
          view faint = rect(10, 400, 50, 50) alpha fade
          view fainter = rect(10, 450, 50, 50) alpha 0.007
          view off = rect(10, 900, 50, 50)
          on tap never { n = n + 10 }
        }
        scenario "never" { use b; tap b.never }
        scenario "clear" { use b; tap b.clear }
        scenario "faint" { use b; tap b.faint }
        scenario "fainter" { use b; tap b.fainter }
        scenario "off" { use b; tap b.off }

        """, "m2.scroll", in: dir)
        let r = try CLI.run(["run", "m2.scroll"], in: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let errors = r.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors, [
            "m2.scroll:11:27: error: the view 'b.never' has no visible part to tap: it is absent: its 'when' is false",
            "m2.scroll:12:27: error: the view 'b.clear' has no visible part to tap: its alpha is 0.00, below 0.01",
            "m2.scroll:13:27: error: the view 'b.faint' has no visible part to tap: its alpha is 0.00, below 0.01",
            // 0.007 would show as 0.01 with two decimals: three.
            "m2.scroll:14:29: error: the view 'b.fainter' has no visible part to tap: its alpha is 0.007, below 0.01",
            "m2.scroll:15:25: error: the view 'b.off' has no visible part to tap: it is off screen",
        ], r.stdout)
    }

    /// (A8) A value that is not finite names the declaration's file and line — an imported
    /// file by its path from the current directory — in every format.
    func testANonFiniteValueNamesTheDeclarationsFileAndLine() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("""
        # c
        # c
        behaviour b {
          param gap = 0pt range 0pt to 100pt
          var ratio = 0
          on didScroll { ratio = offset / gap }
        }

        """, "sub/lib/f6decl.scroll", in: dir)
        try write("""
        import "lib/f6decl.scroll"
        scenario "s" {
          use b
          drag -10
          expect b.ratio > 0
        }

        """, "sub/f8.scroll", in: dir)
        // drag -10 at 300 pt/s moves 5 pt in the first frame (t = 1/60 s): 5 / 0 = inf, on
        // line 6 of lib/f6decl.scroll (two comments, the behaviour, param, var, on).
        let message = "behaviour 'b' computed inf at sub/lib/f6decl.scroll:6: a value must be a finite number at t = 0.017 s"
        let text = try CLI.run(["run", "sub/f8.scroll", "--junit", "j.xml"], in: dir)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.contains("sub/f8.scroll:4:3: error: " + message + "\n  drag -10\n  ^\n"), text.stdout)
        let junit = try String(contentsOf: dir.appendingPathComponent("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("message=\"behaviour &apos;b&apos; computed inf at sub/lib/f6decl.scroll:6: a value must"), junit)
        let jsonl = try CLI.run(["run", "--format", "jsonl", "sub/f8.scroll"], in: dir)
        XCTAssertEqual(jsonl.status, 1)
        XCTAssertTrue(jsonl.stdout.contains("\"message\":\"" + message + "\""), jsonl.stdout)
        // From the file's own folder, the path is the import's.
        let inside = try CLI.run(["run", "f8.scroll"], in: dir.appendingPathComponent("sub"))
        XCTAssertTrue(inside.stdout.contains("computed inf at lib/f6decl.scroll:6: "), inside.stdout)
        // A behaviour declared in the file itself: its own name.
        try write("behaviour c {\n  var r = 0\n  on didScroll { r = 1 / (offset - 5) }\n}\nuse c\ndrag -10\n", "own.scroll", in: dir)
        let own = try CLI.run(["run", "own.scroll"], in: dir)
        XCTAssertTrue(own.stdout.contains("own.scroll:6:1: error: behaviour 'c' computed inf at own.scroll:3: "), own.stdout)
    }

    /// The pill of the newcomer's report: it hides when a drag begins and comes back only
    /// when a deceleration ends, so a drag released without velocity leaves it hidden at rest.
    static let pill = """
    behaviour pill {
      param duration = 0.25s
      states shown, hidden
      var alpha = 1   # the pill's opacity
      view pill = rect(screen.width / 2 - 60, 80, 120, 32) alpha alpha when alpha > 0
      on willBeginDragging {
        state = hidden
        animate alpha to 0 over duration easeOut
      }
      on didEndDecelerating {
        state = shown
        animate alpha to 1 over duration easeIn
      }
    }
    """

    static let pillScenario = """
    scene {
      sections 10 rows 10
      use pill
    }

    scenario "at rest the pill is shown" {
      expect always finger.down or phase != idle or pill.state == shown
      fling -900
      settle
    }

    """

    /// (B2) `explore` of a file whose scenario uses a declared behaviour writes a
    /// counterexample that runs: the behaviour block as written, or the `import` with its
    /// path made valid from where the counterexample is written.
    func testExploreWritesTheDeclarationsBeforeTheScene() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(Self.pill + "\n\n" + Self.pillScenario, "pill.scroll", in: dir)
        let inline = try CLI.run(["explore", "pill.scroll", "-o", "ce.scroll"], in: dir)
        XCTAssertEqual(inline.status, 1, inline.stderr)
        let ce = try String(contentsOf: dir.appendingPathComponent("ce.scroll"), encoding: .utf8)
        // The heading's three comment lines, then the block verbatim (its comment too).
        let lines = ce.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.count > 20 && lines[0...2].allSatisfy { $0.hasPrefix("# ") }, ce)
        XCTAssertEqual(lines[3...].joined(separator: "\n").prefix(Self.pill.count + 2), Substring(Self.pill + "\n\n"), ce)
        XCTAssertTrue(ce.contains("\n\nscene {\n  sections 10 rows 10\n  use pill\n}\n"), ce)
        let rerun = try CLI.run(["run", "ce.scroll"], in: dir)
        XCTAssertEqual(rerun.status, 1, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("invariant broken"), rerun.stdout)

        // Declared in lib/, imported by app/uses.scroll, written to out/ (and printed).
        try write(Self.pill + "\n", "lib/pill.scroll", in: dir)
        try write("import \"../lib/pill.scroll\"\n\n" + Self.pillScenario, "app/uses.scroll", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let imported = try CLI.run(["explore", "app/uses.scroll", "-o", "out/ce.scroll"], in: dir)
        XCTAssertEqual(imported.status, 1, imported.stderr)
        let written = try String(contentsOf: dir.appendingPathComponent("out/ce.scroll"), encoding: .utf8)
        XCTAssertTrue(written.contains("\nimport \"../lib/pill.scroll\"\n\nscene {\n"), written)
        XCTAssertFalse(written.contains("behaviour pill"), written)
        for (folder, file) in [(".", "out/ce.scroll"), ("out", "ce.scroll")] {
            let r = try CLI.run(["run", file], in: dir.appendingPathComponent(folder))
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
            XCTAssertTrue(r.stdout.contains("invariant broken"), r.stdout)
        }
        // Without -o it is printed: the import as seen from the current directory.
        let printed = try CLI.run(["explore", "app/uses.scroll"], in: dir)
        XCTAssertEqual(printed.status, 1, printed.stderr)
        XCTAssertTrue(printed.stdout.contains("\nimport \"lib/pill.scroll\"\n\nscene {\n"), printed.stdout)
        try write(printed.stdout, "printed.scroll", in: dir)
        XCTAssertEqual(try CLI.run(["run", "printed.scroll"], in: dir).status, 1)
    }
}
