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
}
