import XCTest

/// Issue 16's reproductions end: 1,001 lines of `x` and 4 KB of (seeded) random bytes, in
/// `check`, `run`, `fmt` and the REPL's `:load`, give exit status 2 and the errors. The
/// deadline (60 s in CLI.run) is generous: it only tells a hang from an answer.
final class ErrorCapCLITests: XCTestCase {
    func testTooManyErrorsEndsInEveryCommand() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(String(repeating: "x\n", count: 1001).utf8).write(to: dir.appendingPathComponent("b.scroll"))
        // 4096 bytes from a fixed linear congruential sequence (deterministic "random bytes").
        var state: UInt64 = 16
        var bytes: [UInt8] = []
        for _ in 0..<4096 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes.append(UInt8(truncatingIfNeeded: state >> 56))
        }
        try Data(bytes).write(to: dir.appendingPathComponent("r.scroll"))
        for cmd in ["check", "run", "fmt"] {
            let b = try CLI.run([cmd, "b.scroll"], in: dir)
            XCTAssertEqual(b.status, 2, cmd)
            XCTAssertTrue(b.stderr.contains("b.scroll:1001:1: error: too many errors (1000); the rest of the file is not checked\n"), cmd)
            let r = try CLI.run([cmd, "r.scroll"], in: dir)
            XCTAssertEqual(r.status, 2, cmd)
            XCTAssertTrue(r.stderr.contains("r.scroll:1:"), cmd)
        }
        let repl = try CLI.run(["repl"], in: dir, stdin: ":load b.scroll\n:load r.scroll\noffset\n")
        XCTAssertTrue(repl.stdout.contains("too many errors (1000); the rest of the file is not checked"), repl.stdout)
        // The session goes on after the refused loads.
        XCTAssertTrue(repl.stdout.hasSuffix("offset = 0.00\n"), repl.stdout)
    }
}
