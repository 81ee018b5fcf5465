import Foundation
import XCTest

/// Inputs found by the fuzzer (tools/fuzz/fuzz.py) that crashed the binary.
final class RobustnessCLITests: XCTestCase {
    func write(_ text: String) throws -> (dir: URL, file: String) {
        let dir = try CLI.tempDir()
        try text.write(to: dir.appendingPathComponent("deep.scroll"), atomically: true, encoding: .utf8)
        return (dir, "deep.scroll")
    }

    func testTwoHundredFiftySixNestedSubscriptsDoNotOverflowTheStack() throws {
        // 256 levels of section[...] is within the limit (spec §1: expressions nest at most
        // 256 deep), so the file checks; it overflowed the main thread's stack (signal 11)
        // in a debug build. Running it: the innermost section[0].rows is 30 (the default
        // table), and section[30] does not exist in a 1-section table: exit 1, at the
        // outermost section[...] whose index fails, the 255th: column 7 + 8·254 = 2039.
        let text = "print " + String(repeating: "section[", count: 256) + "0" + String(repeating: "].rows", count: 256) + "\n"
        let (dir, file) = try write(text)
        let check = try CLI.run(["check", file], in: dir)
        XCTAssertEqual(check.status, 0, check.stderr)
        let run = try CLI.run(["run", file], in: dir)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("deep.scroll:1:2039: error: there is no section 30: the table has 1 section"), run.stdout)
        let fmt = try CLI.run(["fmt", file], in: dir)
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertEqual(fmt.stdout, text)
    }

    func testTwoHundredFiftySevenNestedSubscriptsAreRefusedAtTheLastBracket() throws {
        // "print " is 6 characters; the k-th "section[" starts at column 7 + 8·(k − 1), its
        // '[' 7 characters later: k = 257 gives 7 + 8·256 + 7 = 2062.
        let text = "print " + String(repeating: "section[", count: 257) + "0" + String(repeating: "].rows", count: 257) + "\n"
        let (dir, file) = try write(text)
        for command in ["check", "run", "fmt"] {
            let r = try CLI.run([command, file], in: dir)
            XCTAssertEqual(r.status, 2, command)
            XCTAssertTrue(r.stderr.hasPrefix("deep.scroll:1:2062: error: expression nests too deeply (more than 256 levels)\n"), command + ": " + r.stderr)
        }
    }
}
