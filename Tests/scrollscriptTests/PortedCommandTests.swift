import Foundation
import XCTest

/// `ported-scrollscript` (Tests/PortedCommand: `ScrollScriptCommand.main` with the two
/// ported delegates and the faulty `dim`) run as a process on real files: the custom command
/// of README's "Test your own behaviour".
final class PortedCommandTests: XCTestCase {
    static var binary: URL { CLI.productsDirectory.appendingPathComponent("ported-scrollscript") }
    let scenarios = "Tests/ScrollScriptTests/UserBehaviour/PortedScenarios"

    func run(_ args: [String], stdin: String? = nil) throws -> CLI.Output {
        try CLI.run(args, executable: PortedCommandTests.binary, in: CLI.repoRoot, stdin: stdin)
    }

    func testRunPassesThePortedDelegatesScenarios() throws {
        let r = try run(["run", scenarios])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        for name in ["the title fades in after 136 pt of scrolling", "the title view is drawn with the alpha",
                     "a fast fling goes a page at a time", "a slow release goes to the nearest page"] {
            XCTAssertTrue(r.stdout.contains("PASS  "), r.stdout)
            XCTAssertTrue(r.stdout.contains("\"\(name)\""), "\(name): \(r.stdout)")
        }
        XCTAssertTrue(r.stdout.hasSuffix("4 passed, 0 failed\n"), r.stdout)
    }

    func testRunFailsAtTheStatementDuringWhichAValueBecameNaN() throws {
        let file = "Tests/ScrollScriptTests/UserBehaviour/TestingScenarios/dim-nan.scroll"
        let r = try run(["run", file])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let out = r.stdout + r.stderr
        XCTAssertTrue(out.contains("\(file):9:3: error: behaviour 'dim' reported dim.alpha = nan: a value must be a finite number at t = 0.767 s"), out)
        // `trace` fails the same file at the same place.
        let t = try run(["trace", file])
        XCTAssertNotEqual(t.status, 0)
        XCTAssertTrue((t.stdout + t.stderr).contains("dim.alpha = nan"), t.stdout + t.stderr)
    }

    func testTheReplsChangeLineShowsTheBehavioursNumbers() throws {
        let r = try run(["repl"], stdin: "use navtitle\ndrag -150 in 0.5s\n")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // (150 - 136) / 30 = 0.467: the offset, then the behaviour's first observables.
        XCTAssertTrue(r.stdout.contains("offset 0.00 → 150.00  navtitle.alpha 0.000 → 0.467  navtitle.state hidden → fading"), r.stdout)
    }
}
