import Foundation
import XCTest
@testable import ScrollScript

/// `check` as a library: `checkFiles` reads, checks and reports; the executable only
/// parses its options and hands it standard output and error.
final class CheckFilesTests: XCTestCase {
    func testCountsAndReportsEveryInput() throws {
        let dir = NSTemporaryDirectory() + "check-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "scenario \"a\" { tick; frames }\nscenario \"b\" { tick; expect time > 0 }\n".write(toFile: dir + "/a.scroll", atomically: false, encoding: .utf8)
        try "tick\nprint time\n".write(toFile: dir + "/sub/c.scroll", atomically: false, encoding: .utf8)

        let clean = StringRunOutput()
        let s = checkFiles(locateInputs([dir]), output: clean)
        // Two files: a's two scenarios, and c, a file without blocks, one scenario.
        XCTAssertEqual(s, CheckSummary(files: 2, scenarios: 3, errors: 0, unreadable: 0))
        XCTAssertEqual(s.exitStatus, 0)
        XCTAssertEqual(clean.stdout, "ok: 2 files, 3 scenarios\n")
        XCTAssertEqual(clean.stderr, "")

        try "setle\nwait 1s\nsetle\n".write(toFile: dir + "/sub/c.scroll", atomically: false, encoding: .utf8)
        let broken = StringRunOutput()
        let b = checkFiles(locateInputs([dir, dir + "/missing.scroll"]), output: broken)
        XCTAssertEqual(b.files, 2)
        XCTAssertEqual(b.scenarios, 2, "only the clean file's scenarios count")
        XCTAssertEqual(b.errors, 2)
        XCTAssertEqual(b.unreadable, 1)
        XCTAssertEqual(b.exitStatus, 2)
        XCTAssertEqual(broken.stdout, "")
        XCTAssertTrue(broken.stderr.hasPrefix("\(dir)/sub/c.scroll:1:1: error: unknown statement 'setle'"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains("\(dir)/sub/c.scroll:3:1: error: unknown statement 'setle'"), broken.stderr)
        XCTAssertTrue(broken.stderr.hasSuffix("scrollscript: cannot read '\(dir)/missing.scroll': no such file or directory\n2 errors\n"), broken.stderr)

        // A warning (spec §5 v1.5: `tick` alone checks nothing) counts, and fails nothing;
        // `strict` makes it an error: printed as one, exit status 2.
        try "tick\n".write(toFile: dir + "/sub/c.scroll", atomically: false, encoding: .utf8)
        let warned = StringRunOutput()
        let w = checkFiles(locateInputs([dir + "/sub/c.scroll"]), output: warned)
        XCTAssertEqual(w, CheckSummary(files: 1, scenarios: 1, errors: 0, warnings: 1, unreadable: 0))
        XCTAssertEqual(w.exitStatus, 0)
        XCTAssertEqual(warned.stdout, "ok: 1 file, 1 scenario, 1 warning\n")
        XCTAssertTrue(warned.stderr.hasPrefix("\(dir)/sub/c.scroll:1:1: warning: this file checks nothing: "), warned.stderr)
        let strict = StringRunOutput()
        let st = checkFiles(locateInputs([dir + "/sub/c.scroll"]), strict: true, output: strict)
        XCTAssertEqual(st.warnings, 1)
        XCTAssertEqual(st.exitStatus, 2)
        XCTAssertEqual(strict.stdout, "")
        XCTAssertEqual(strict.stderr, warned.stderr.replacingOccurrences(of: ": warning: ", with: ": error: ")
            .replacingOccurrences(of: "should show\n", with: "should show [--strict]\n") + "1 warning (an error with --strict)\n")
    }
}
