import XCTest
import Glibc

/// `run` on a terminal: the progress line on standard error, erased before other output
/// and at the end; Ctrl-C typed on the terminal stops the run (status 130).
final class RunProgressPtyTests: XCTestCase {
    func testProgressLineOnATerminalIsErasedAndCtrlCStops() throws {
        let dir = try CLI.tempDir()
        // 200 files, each a scenario of 24,000 frames under an invariant (every frame
        // simulated): far more than a second in all on any machine, so the progress line
        // must show; the test interrupts the run once it has seen it.
        for i in 0..<200 {
            try "scenario \"s\(i)\" {\n  expect always offset > -10000\n  repeat 200 {\n    drag 100 in 1s\n    drag -100 in 1s\n  }\n}\n"
                .write(to: dir.appendingPathComponent(String(format: "f%03d.scroll", i)), atomically: false, encoding: .utf8)
        }
        let term = try PseudoTerminal(binary: CLI.binary.path, arguments: ["run", "--jobs", "2", dir.path],
                                      environment: ["TERM=dumb", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"])
        defer { term.kill() }
        // The first file's result, then the progress line drawn after it: carriage return,
        // erase to the end of the line, [done/200] (waiting for the result first: on a busy
        // machine the line can show [0/200] before any file is done).
        term.expect(.once("f000.scroll  \"s0\""), .afterLast("/200] 0 failed", anchor: "f000.scroll  \"s0\""))
        XCTAssertTrue(term.transcript.contains("\r\u{1B}[K["))
        term.type("\u{3}")  // Ctrl-C: the terminal sends SIGINT to the run
        XCTAssertEqual(term.exitStatus(wait: true), 130, term.transcript)
        term.readToEnd()
        let text = term.transcript
        // On a terminal PASS is green (colour auto, NO_COLOR unset).
        XCTAssertTrue(text.contains("\u{1B}[32mPASS\u{1B}[0m  \(dir.path)/f000.scroll  \"s0\""), text)
        // After the last progress line came its erasure; the log ends with the closing line.
        let lastDraw = try XCTUnwrap(text.range(of: "\r\u{1B}[K[", options: .backwards))
        let after = text[lastDraw.upperBound...]
        XCTAssertTrue(after.contains("\r\u{1B}[K"), String(after))
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertTrue(lines.last?.range(of: #"^\d+ passed, \d+ failed$"#, options: .regularExpression) != nil, String(text.suffix(300)))
        XCTAssertTrue(text.contains("scrollscript: interrupted; the rest of the run was skipped"))
    }

    /// `--color auto` on a terminal: colour, unless NO_COLOR is set (to anything but "").
    func testColorAutoOnATerminalRespectsNoColor() throws {
        for (env, coloured) in [([String](), true), (["NO_COLOR=1"], false), (["NO_COLOR="], true)] {
            let term = try PseudoTerminal(binary: CLI.binary.path, arguments: ["run", "-e", "tick; expect time > 0"],
                                          environment: ["TERM=dumb", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"] + env)
            defer { term.kill() }
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
            term.readToEnd()
            let expected = coloured ? "\u{1B}[32mPASS\u{1B}[0m  <-e>  \"<-e>\"  (0.017 s)\r\n" : "PASS  <-e>  \"<-e>\"  (0.017 s)\r\n"
            XCTAssertEqual(term.transcript, expected + "1 passed, 0 failed\r\n", "\(env)")
        }
    }
}
