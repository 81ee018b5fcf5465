import Foundation
import XCTest

/// What a newcomer met on the command line (issue 30, item 3), through the real binary on
/// real files: each output here was wrong before.
final class NewcomerCLITests: XCTestCase {
    /// `pull 50` moves the finger 50 pt down in 10 frames (50 / 300 pt/s = 1/6 s): the
    /// offset is −b(50) = −50·0.55·667 / (667 + 0.55·50) = −26.41 pt, not −1.
    static let failing = """
    scenario "pulled" {
      pull 50
      expect offset ~= -1 within 0.001
    }

    """

    func write(_ text: String, _ name: String = "f.scroll") throws -> URL {
        let dir = try CLI.tempDir()
        try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        return dir
    }

    /// `plot` and `replay` of a failing scenario write the picture and say which
    /// expectation failed, as `run` does, exit 1.
    func testPicturesOfAFailingScenarioSayWhatFailed() throws {
        let dir = try write(Self.failing)
        for (command, out) in [("plot", "f.svg"), ("replay", "f.html")] {
            let r = try CLI.run([command, "f.scroll", "-o", out], in: dir)
            XCTAssertEqual(r.status, 1, command)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(out).path), command)
            XCTAssertTrue(r.stderr.hasPrefix("FAIL  f.scroll  \"pulled\"\nf.scroll:3:3: error: expectation is false\n"), r.stderr)
            XCTAssertTrue(r.stderr.contains("  ~= expected -1.000 within 0.001, actual -26.411 (off by 25.411)\n"), r.stderr)
        }
        // A passing one says nothing.
        let pass = try write("pull 50\nexpect offset ~= -26.41 within 0.01\n")
        let r = try CLI.run(["plot", "f.scroll", "-o", "f.svg"], in: pass)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
    }

    /// A tolerance finer than the kind's 2 decimals prints with its own digits (and the
    /// numbers beside it alike); one the decimals show is printed as before.
    func testATolerancePrintsWithTheDigitsItWasWrittenWith() throws {
        let dir = try write(Self.failing)
        let r = try CLI.run(["run", "f.scroll"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("  ~= expected -1.000 within 0.001, actual -26.411 (off by 25.411)\n"), r.stdout)
        let coarse = try write("pull 50\nexpect offset ~= -1 within 0.5\n")
        let c = try CLI.run(["run", "f.scroll"], in: coarse)
        XCTAssertTrue(c.stdout.contains("  ~= expected -1.00 within 0.50, actual -26.41 (off by 25.41)\n"), c.stdout)
        // Finer than 1e-4, Swift writes the tolerance "1e-05": still its own 5 decimals
        // (b(50) = 18,342.5 / 694.5 = 26.41109), not 9.
        let fine = try write("pull 50\nexpect offset ~= -1 within 0.00001\n")
        let f = try CLI.run(["run", "f.scroll"], in: fine)
        XCTAssertTrue(f.stdout.contains("  ~= expected -1.00000 within 0.00001, actual -26.41109 (off by 25.41109)\n"), f.stdout)
    }

    /// `run` with no PATH where there is no `scenarios` folder says that it is the default
    /// it looked for.
    func testRunWithNoPathOutsideAProjectNamesTheDefault() throws {
        let dir = try CLI.tempDir()
        let r = try CLI.run(["run"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("no 'scenarios' folder here (the default it looks for)"), r.stderr)
    }

    /// A file read from a pipe is named after its whole path: `/dev/stdin`, not `stdin`
    /// (`run <(...)` gave a scenario named "63").
    func testAScenarioReadFromAPipeIsNamedAfterItsPath() throws {
        let r = try CLI.run(["run", "/dev/stdin"], stdin: "pull 10\nexpect offset < 0\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("PASS  /dev/stdin  \"/dev/stdin\"  ("), r.stdout)
    }

    /// `--format junit` points to `--junit FILE`.
    func testFormatJUnitPointsToTheJUnitOption() throws {
        let dir = try write(Self.failing)
        let r = try CLI.run(["run", "--format", "junit", "f.scroll"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("a JUnit XML report is written with --junit FILE"), r.stderr)
    }
}
