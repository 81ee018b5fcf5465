import XCTest
import Foundation
@testable import ScrollScript
import ScrollSimTestSupport

/// The loop with the real core, fed scripted lines (no terminal, no process): every
/// colon command of the table, through the loop.
final class ReplLoopCommandTests: XCTestCase {
    private func session(_ lines: [String], interactive: Bool = false) -> (status: Int32, out: String) {
        // :show draws in 11 × 6 cells: a 7-line terminal less the prompt's line.
        runLoop(ScriptedLineReader(lines: lines, interactive: interactive, screenSize: (11, 7)))
    }

    private var scenario000: String {
        ReplCoreTests.root.appendingPathComponent("scenarios/000-zoomable-header.scroll").path
    }

    func testPipedErrorsArePrintedTheNextLineRunsAndTheStatusIs1() {
        let r = session(["pul 120", "pull 120", "header.height"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.hasPrefix("<repl>:1:1: error: unknown statement 'pul'"), r.out)
        // no header: b(120) = 120·0.55·667/(667 + 66) = 60.06 and no header.height
        XCTAssertTrue(r.out.contains("\nt=0.400 s  offset 0.00 → -60.06  phase idle → dragging"), r.out)
        XCTAssertTrue(r.out.hasSuffix("error: 'header.height' needs a header, and this scenario declares none (add 'header H')\nheader.height\n^\n"), r.out)
    }

    func testPipedAllGoodIsStatus0AndHasNoPrompts() {
        let r = session(["header 240 pin 60", "pull 120", "header.height", "expect header.height ~= 300.06 within 0.01"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, "t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging\nheader.height = 300.06\n")
    }

    func testBlocksRunWhenTheyClose() {
        // 2 passes of pull 60: the first, b(60) = 60·0.55·667/(667 + 33) = 31.44 (12 frames);
        // the second pull starts from the held finger: 24 frames in all = 0.400 s
        let r = session(["repeat 2 {", "  pull 60", "}", "time"], interactive: true)
        XCTAssertTrue(r.out.hasPrefix("t=0.400 s  offset 0.00 → -60.06"), r.out)
        XCTAssertTrue(r.out.hasSuffix("time = 0.400\n\n"), r.out)  // the last \n: Ctrl-D's
    }

    func testEveryColonCommand() throws {
        let dir = NSTemporaryDirectory() + "repl-loop-commands-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let typed = [
            ":load \(scenario000)", ":where", ":list", ":tick 2", ":where", ":step 1", ":break 33",
            ":break 36 if offset > -50", ":breaks", ":delete 1", ":watch phase", ":display offset",
            ":continue", ":continue", ":undisplay 1", ":frames", ":show", ":reset", ":reload", ":where", ":help step",
            ":save \(dir)/out.scroll", ":unload", ":quit", "pull 1",
        ]
        // With the next test, every row of the table is typed.
        let names = Set((typed + ReplLoopCommandTests.picturesAndChecks("DIR")).compactMap { line -> String? in
            guard line.hasPrefix(":") else { return nil }
            return String(line.dropFirst().prefix { $0 != " " })
        })
        XCTAssertEqual(names, Set(ColonCommands.all.map { $0.name }))
        let r = session(typed)
        XCTAssertEqual(r.status, 0, r.out)
        let out = r.out
        let expectations = [
            "at \(scenario000):16 (t=0.000 s)\n-> 16    pull 120\n",           // :where
            "-> 16    pull 120\n   17    # pull 120",                            // :list
            // :tick 2 inside the pull: 2 frames of 5 pt, b(10) = 10·0.55·667/(667 + 5.5) = 5.455
            "t=0.033 s  offset 0.00 → -5.46  header.height 240.00 → 245.46  phase idle → dragging\n",
            "(t=0.033 s, part-way through this statement)\n",
            // :step 1 finishes it: b(120) = 60.06
            "t=0.400 s  offset -5.46 → -60.06  header.height 245.46 → 300.06  ",
            "breakpoint 1: line 33\n",
            "breakpoint 2: line 36 if offset > -50\n",
            "1  break line 33\n2  break line 36 if offset > -50\n",           // :breaks
            "deleted 1\n",
            "watch 3: phase (now dragging)\n",
            "1: offset = -60.06\n",                                            // :display
            // the expects, then release: bouncing, seen at frame 25
            "watch 3: phase dragging → bouncing at t=0.417 s\n",
            // the second :continue: line 36, after wait 0.1s, offset -27.23 > -50 (the
            // snap-back of 000-zoomable-header.scroll's comment)
            "breakpoint 2: line 36 if offset > -50\n",
            "1: offset = -27.23\n",
            "undisplayed 1\n",
            "view         x       y   width  height  title\n",                 // :frames
            "reset: back to the start of \"pull stretches the header, release bounces back\"\n",
            "reloaded \"pull stretches the header, release bounces back\" from \(scenario000) (21 statements)\n",
            ":step [N]\n  run the next N statements (default 1)\n",            // :help step
            "saved \"repl session\" to \(dir)/out.scroll",
            // breakpoint 2 was left (1 was deleted above)
            "unloaded \"pull stretches the header, release bounces back\" (\(scenario000)): a fresh world at t=0.000 s with no configuration; type statements (its 1 breakpoint was deleted)\n",
        ]
        for e in expectations { XCTAssertTrue(out.contains(e), "missing: \(e)\n---\n\(out)") }
        // :show draws (its layout is ScreenRenderer's, tested on its own)
        XCTAssertTrue(out.contains("\nt=0.500 s\n+"), out)
        // nothing after :quit ran (pull 1 would give b(1) = 0.55·667/667.55 = 0.55)
        XCTAssertFalse(out.contains("-0.55"), out)
        // the saved file is the configuration only (the reset dropped the actions)
        let saved = try String(contentsOfFile: dir + "/out.scroll", encoding: .utf8)
        XCTAssertEqual(saved, "# Saved by scrollscript repl.\nscenario \"repl session\" {\n  screen 375 x 667\n  header 240 pin 60\n}\n")
    }

    static func picturesAndChecks(_ dir: String) -> [String] {
        ["header 240 pin 60", "pull 120", ":expect offset header.height", ":plot \(dir)/s.svg", ":replay \(dir)/s.html", ":help"]
    }

    func testExpectPlotReplayAndHelp() throws {
        let dir = NSTemporaryDirectory() + "repl-loop-pictures-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = session(ReplLoopCommandTests.picturesAndChecks(dir))
        XCTAssertEqual(r.status, 0, r.out)
        // b(120) = 120·0.55·667/(667 + 66) = 60.06; the header stretches by as much.
        // The session's scenario: pull 120 and the two checks (3 statements, 24 frames).
        let expected = """
        t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging
        added 2 checks (:save writes them):
          expect offset ~= -60.06
          expect header.height ~= 300.06
        wrote the plot of the session so far (0.400 s, 3 statements) to \(dir)/s.svg
        wrote the replay page of the session so far (0.400 s, 3 statements) to \(dir)/s.html
        Commands (a unique prefix is enough, e.g. :q):
          :load FILE [SCENARIO]  load a scenario file (its first scenario, or the one named) and stop before its first statement

        """
        XCTAssertTrue(r.out.hasPrefix(expected), r.out)
        // :help lists the 21 rows and ends with the line about statements
        XCTAssertTrue(r.out.hasSuffix("  :quit                  leave the REPL (Ctrl-D on an empty line does too)\nAnything else is a statement or an expression; a line ending in { continues until }.\n"), r.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/s.svg"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/s.html"))
    }
}
