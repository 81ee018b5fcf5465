import XCTest
@testable import ScrollScriptCommand

final class REPLHistoryTests: XCTestCase {
    func testPolicySkipsBlanksAndRepeats() {
        let p = HistoryPolicy.standard
        XCTAssertEqual(p.limit, 1000)
        XCTAssertFalse(p.shouldRecord("", previous: nil))
        XCTAssertFalse(p.shouldRecord("  \t", previous: nil))
        XCTAssertFalse(p.shouldRecord("pull 120", previous: "pull 120"))
        XCTAssertTrue(p.shouldRecord("pull 120", previous: "tick"))
        XCTAssertTrue(p.shouldRecord("pull 120", previous: nil))
    }

    func testDefaultPathUsesHome() {
        XCTAssertEqual(ReplHistory.defaultPath(environment: ["HOME": "/home/k"]), "/home/k/.scrollscript_history")
        XCTAssertEqual(ReplHistory.defaultPath(environment: ["HOME": "/"]), "/.scrollscript_history")
        XCTAssertNil(ReplHistory.defaultPath(environment: [:]))
        XCTAssertNil(ReplHistory.defaultPath(environment: ["HOME": ""]))
    }

    /// Through readline: 1005 distinct lines (plus blanks and repeats) keep the newest 1000,
    /// in memory and in the file, and a second session reads them back.
    func testReadlineHistoryIsCappedAt1000() throws {
        let path = NSTemporaryDirectory() + "repl-history-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try? FileManager.default.removeItem(atPath: path)
        let history = ReplHistory(path: path)
        history.clearInMemory()
        history.load()  // no file yet: empty
        XCTAssertEqual(history.entries, [])
        for i in 1...1005 {
            history.add("tick \(i)")
            history.add("tick \(i)")  // immediate repeat: not recorded
            history.add("")           // blank: not recorded
        }
        XCTAssertEqual(history.entries.count, 1000)
        XCTAssertEqual(history.entries.first, "tick 6")
        XCTAssertEqual(history.entries.last, "tick 1005")
        XCTAssertTrue(history.save())

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 1000)
        XCTAssertEqual(lines.first, "tick 6")

        let again = ReplHistory(path: path)
        again.clearInMemory()
        again.load()
        XCTAssertEqual(again.entries.count, 1000)
        again.add("tick 1005")  // the file's last line counts as the previous one: not added
        XCTAssertEqual(Array(again.entries.suffix(2)), ["tick 1004", "tick 1005"])
        again.clearInMemory()
    }
}
