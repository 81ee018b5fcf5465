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
}
