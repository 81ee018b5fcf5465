import Foundation
import XCTest
@testable import ScrollScript

/// `:reload`: the loaded file again after an edit, back where the session was when nothing
/// that had run changed.
final class ReplReloadTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        let dir = NSTemporaryDirectory() + "repl-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        path = dir + "/r.scroll"
    }

    private func write(_ text: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Lines 1-9: a pull of 100 (100/300 s = 20 frames at 60 fps), a release, a wait of
    /// 0.5 s (30 frames), a check, a print.
    private func file(pull: Int = 100, check: String = "expect phase != dragging", comment: String = "") -> String {
        "scene {\n  header 240\n}\n\(comment)scenario \"s\" {\n  pull \(pull)\n  release\n  wait 0.5s\n  \(check)\n  print offset\n}\n"
    }

    func testAnEditAfterTheCurrentStatementComesBackToTheSamePlace() throws {
        try write(file())
        let core = ReplCore()
        XCTAssertFalse(core.load(path: path, scenario: nil).failed)
        _ = core.step(2)
        _ = core.tick(12)
        let frame = core.world.frameIndex
        XCTAssertEqual(frame, 20 + 12, "the pull's 20 frames, then 12 of the wait")
        let before = core.whereLines()
        XCTAssertEqual(before, ["at \(path):7 (t=0.533 s, part-way through this statement)", "-> 7    wait 0.5s"])

        // The check after the wait changes, and a comment is added above the scenario:
        // nothing that ran changed (the lines move by one).
        try write(file(check: "expect phase == decelerating", comment: "# an edit\n"))
        let r = core.reload()
        XCTAssertFalse(r.failed, r.text)
        XCTAssertEqual(r.text.split(separator: "\n").map(String.init), [
            "reloaded \"s\" from \(path) (5 statements)",
            "back where it was",
            "at \(path):8 (t=0.533 s, part-way through this statement)",
            "-> 8    wait 0.5s",
        ])
        XCTAssertEqual(core.world.frameIndex, frame)
        // The rest runs from the new file.
        let rest = core.continueRun().text
        XCTAssertTrue(rest.contains("r.scroll:9:3: error: expectation is false"), rest)
    }

    func testAnEditBeforeTheCurrentStatementStartsAgain() throws {
        try write(file())
        let core = ReplCore()
        _ = core.load(path: path, scenario: nil)
        _ = core.step(3)
        try write(file(pull: 50))
        let r = core.reload()
        XCTAssertEqual(r.text.split(separator: "\n").first.map(String.init), "reloaded \"s\" from \(path) (5 statements); from its start: line 5 changed")
        XCTAssertEqual(core.world.frameIndex, 0)
        XCTAssertEqual(core.whereLines().last, "-> 5    pull 50")
    }

    func testAfterAFailureItComesBackBeforeTheStatementThatFailed() throws {
        try write(file(check: "expect phase == dragging"))
        let core = ReplCore()
        _ = core.load(path: path, scenario: nil)
        let failed = core.continueRun()
        XCTAssertTrue(failed.failed)
        XCTAssertTrue(failed.text.contains("FAIL  \"s\""), failed.text)
        try write(file(check: "expect phase != dragging"))
        let r = core.reload()
        XCTAssertTrue(r.text.contains("\nback before the statement that failed\n"), r.text)
        XCTAssertEqual(core.whereLines(), ["at \(path):8 (t=0.833 s)", "-> 8    expect phase != dragging"])
        let rest = core.continueRun()
        XCTAssertFalse(rest.failed, rest.text)
        XCTAssertTrue(rest.text.contains("PASS  \"s\""), rest.text)
    }

    func testAFileThatNoLongerChecksLeavesTheSessionAsItWas() throws {
        try write(file())
        let core = ReplCore()
        _ = core.load(path: path, scenario: nil)
        _ = core.step(1)
        try write(file().replacingOccurrences(of: "release", with: "relase"))
        let r = core.reload()
        XCTAssertTrue(r.failed)
        XCTAssertTrue(r.text.hasPrefix("\(path):6:3: error: unknown statement 'relase'"), r.text)
        XCTAssertTrue(r.text.hasSuffix("\nthe loaded scenario stays as it was"), r.text)
        XCTAssertEqual(core.world.frameIndex, 20)
        XCTAssertEqual(core.whereLines().last, "-> 6    release")

        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(core.reload().failed)
        XCTAssertEqual(ReplCore().reload(), ReplOutcome(["error: no file loaded (:load FILE loads one)"], failed: true))
    }

    func testReloadIsACommandWithHelp() {
        guard case .success(let c) = ColonCommands.parse(":reload") else { return XCTFail("not parsed") }
        XCTAssertEqual(c.name, "reload")
        XCTAssertEqual(try ColonCommands.helpText(for: "reload").get(),
                       ":reload\n  read the loaded file again (after an edit): the same scenario, back where it was when nothing before it changed")
    }
}
