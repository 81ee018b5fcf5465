import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// `ReplLoop` driven by a scripted `LineReader` with the real core: prompts, continuation
/// lines, history, colon commands from the table, Ctrl-C, piped mode. Numbers by hand
/// (spec §6): b(x) = x·0.55·667/(667 + 0.55·x), 60 frames a second, drag.speed 300 pt/s.
final class ReplLoopTests: XCTestCase {
    private func run(_ results: [LineResult], interactive: Bool, loading file: String? = nil)
        -> (status: Int32, out: String, reader: ScriptedLineReader) {
        let reader = ScriptedLineReader(results, interactive: interactive)
        let r = runLoop(reader, loading: file)
        return (r.status, r.out, reader)
    }

    private func lines(_ l: [String]) -> [LineResult] { l.map { .line($0) } }

    func testPromptsContinuationAndBlocks() {
        let r = run(lines(["pull 120", "repeat 2 {", "  tick", "}", "", "time"]), interactive: true)
        // pull 120: 120 pt at 300 pt/s = 24 frames (0.400 s), b(120) = 60.06; the block
        // runs once it closes: 2 more frames, 26/60 = 0.433 s
        XCTAssertTrue(r.out.hasPrefix("t=0.400 s  offset 0.00 → -60.06  phase idle → dragging"), r.out)
        XCTAssertTrue(r.out.hasSuffix("time = 0.433\n\n"), r.out)  // the last \n: Ctrl-D's
        // one prompt per read: pull, repeat, (continuation) tick, (continuation) }, blank, time, end
        XCTAssertEqual(r.reader.prompts, ["scroll> ", "scroll> ", "  ...> ", "  ...> ", "scroll> ", "scroll> ", "scroll> "])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.reader.closed)
        XCTAssertEqual(r.reader.history, ["pull 120", "repeat 2 {", "  tick", "}", "", "time"])
    }

    func testCtrlCWhileTypingDropsTheOpenBlock() {
        let r = run([.line("repeat 2 {"), .line("tick"), .interrupted, .line("time")], interactive: true)
        // the two ticks never ran
        XCTAssertEqual(r.out, "time = 0.000\n\n")
        XCTAssertEqual(r.reader.prompts, ["scroll> ", "  ...> ", "  ...> ", "scroll> ", "scroll> "])
        // cleared after ^C and after the one reply
        XCTAssertEqual(r.reader.clears, 2)
    }

    func testCtrlCDuringARunStopsItAtThatFrameAndTheLoopClearsTheFlag() {
        let reader = ScriptedLineReader(lines(["repeat 100000 { tick }", "time", "tick 2", "time"]), interactive: false)
        reader.interruptAtPoll = 10
        let r = runLoop(reader)
        // the 10th frame's poll sees Ctrl-C: 10 frames at 60 fps = 0.167 s, the rest of the
        // repeat is dropped; once cleared, tick 2 runs whole: 12 frames = 0.200 s. Nothing
        // but time changed while interrupted: no change line that would only repeat the
        // time `interrupted at` gives (it printed an empty one, `t=0.167 s`).
        XCTAssertEqual(r.out, "interrupted at t=0.167 s\ntime = 0.167\nt=0.200 s\ntime = 0.200\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertFalse(reader.isInterrupted)
        XCTAssertEqual(reader.clears, 4)  // after each of the four replies
    }

    func testPipedModeHasNoPromptsAndFailsWithStatus1() {
        let r = run(lines(["pull 1", "expect offset == 5", "time"]), interactive: false)
        XCTAssertEqual(r.reader.prompts, ["", "", "", ""])
        XCTAssertEqual(r.status, 1)
        // b(1) = 0.55·667/667.55 = 0.55, in 1/300 s: one frame (0.017 s)
        XCTAssertTrue(r.out.hasPrefix("t=0.017 s  offset 0.00 → -0.55  phase idle → dragging"), r.out)
        XCTAssertTrue(r.out.contains("\n<repl>:2:1: error: expectation is false\n"), r.out)
        XCTAssertTrue(r.out.hasSuffix("time = 0.017\n"), r.out)
    }

    func testPipedModeAllGoodIsStatus0AndAFailureAtATerminalIsToo() {
        XCTAssertEqual(run(lines(["pull 1", "expect offset < 0"]), interactive: false).status, 0)
        XCTAssertEqual(run(lines(["expect offset == 5"]), interactive: true).status, 0)
    }

    func testColonCommandsRunFromTheTable() {
        let r = run(lines(["  :tick 30", ":help tick", ":wh", "time"]), interactive: false)
        // 30 frames = 0.500 s; nothing else changes with no finger down
        XCTAssertEqual(r.out, "t=0.500 s\n:tick [N]\n  advance N display frames (default 1)\nt=0.500 s; nothing queued\ntime = 0.500\n")
        XCTAssertEqual(r.status, 0)
    }

    func testUnknownAndAmbiguousCommandsFail() {
        let r = run(lines([":stpe", ":s"]), interactive: false)
        XCTAssertEqual(r.out, "error: unknown command ':stpe'; did you mean ':step'?\nerror: ':s' is ambiguous: :save, :show, :step\n")
        XCTAssertEqual(r.status, 1)
    }

    func testQuitStopsReading() {
        let r = run(lines([":quit", "pull 1"]), interactive: true)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(r.reader.prompts.count, 1)
        XCTAssertTrue(r.reader.closed)
    }

    func testUnfinishedBlockAtEndOfInputGoesToTheCore() {
        let r = run(lines(["repeat 2 {", "tick"]), interactive: false)
        XCTAssertTrue(r.out.hasPrefix("<repl>:"), r.out)
        XCTAssertTrue(r.out.contains(": error: "), r.out)
        XCTAssertEqual(r.status, 1)
    }

    func testALoadedFileRunsFirst() {
        let path = ReplCoreTests.scenario("000-zoomable-header.scroll")
        let r = run(lines([":continue"]), interactive: false, loading: path)
        XCTAssertTrue(r.out.hasPrefix("loaded \"pull stretches the header, release bounces back\" from \(path)"), r.out)
        XCTAssertTrue(r.out.contains("PASS  \"pull stretches the header, release bounces back\""), r.out)
        XCTAssertEqual(r.status, 0)
        let missing = run([], interactive: false, loading: "/nonexistent/x.scroll")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.out.hasPrefix("error: cannot read '/nonexistent/x.scroll'"), missing.out)
    }

    /// The loop's one "is this unfinished" test is the front end's `isIncomplete` (it
    /// replaced a brace counter that ignored strings). An open `(` or `[` does not
    /// continue: a newline ends the statement there (grammar.md §7), so the lines after it
    /// could only be refused (issue 30: the continuation prompt came, then the error).
    func testContinuationIsTheFrontEndsIsIncomplete() {
        XCTAssertTrue(isIncomplete("repeat 3 {"))
        XCTAssertFalse(isIncomplete("repeat 3 { fling -300; settle }"))
        XCTAssertFalse(isIncomplete("print \"{\""))
        XCTAssertFalse(isIncomplete("tick # {"))
        XCTAssertTrue(isIncomplete("scene {\n  section \"a\\\"{\" rows 3\n"))
        XCTAssertTrue(isIncomplete("{\n{\n}"))
        XCTAssertFalse(isIncomplete("}}"))
        XCTAssertFalse(isIncomplete("print (offset"))
        XCTAssertFalse(isIncomplete("print section[0"))
        XCTAssertTrue(isIncomplete("repeat 2 { print (offset"))
        XCTAssertFalse(isIncomplete("repeat 2 { print (offset\n}"), "a ( left open inside a block does not hold the block open")
        XCTAssertTrue(isIncomplete("print \"abc"))
    }

    /// `PendingEntry` answers as `isIncomplete` on the lines so far would, after every line
    /// (strings across lines, escaped quotes, comments, brackets closed early).
    func testPendingEntryAgreesWithIsIncompleteLineByLine() {
        let entries: [[String]] = [
            ["repeat 3 {", "  tick", "}"],
            ["scene {", "  section \"a\\\"{\" rows 3", "}", "tick"],
            ["print \"abc", "def {", "ghi\" + \"(", "x\")"],
            ["print \"a", "b", "c\"", "{", "# }", "}"],
            ["}}", "{", "{"],
            ["print (offset", "+ 1", ")"],
            ["repeat 2 { print \"}\"", "tick }"],
            ["print \"\\u{41}", "{\"", "}"],
        ]
        for lines in entries {
            var p = PendingEntry()
            for (i, line) in lines.enumerated() {
                let text = lines[...i].joined(separator: "\n")
                XCTAssertEqual(p.append(line), isIncomplete(text), text)
                XCTAssertEqual(p.text, text)
                XCTAssertEqual(p.byteCount, text.utf8.count)
            }
        }
    }

    /// A long block is lexed once, line by line (before, the whole entry was joined and
    /// lexed again after every line: 2000 lines, ~2000²/2 line-lexings).
    func testALongBlockIsLexedOnce() {
        var p = PendingEntry()
        XCTAssertTrue(p.append("repeat 2 {"))
        for _ in 0..<2000 { XCTAssertTrue(p.append("  tick")) }
        XCTAssertFalse(p.append("}"))
        // 10 + 2000·6 + 1 bytes of lines, each lexed once
        XCTAssertEqual(p.lexedBytes, 10 + 2000 * 6 + 1)
        // a string open across 1000 lines: lines without a quote are not lexed again
        var s = PendingEntry()
        XCTAssertTrue(s.append("print \"start"))
        for _ in 0..<1000 { XCTAssertTrue(s.append("text")) }
        XCTAssertFalse(s.append("end\""))
        // "print \"start" (12) alone, then once the quote comes: 12 + 1000·"\ntext" + "\nend\""
        XCTAssertEqual(s.lexedBytes, 12 + (12 + 1000 * 5 + 5))
    }

    /// An unfinished entry is bounded (the file size limit; 1 MiB here): past it, a clear
    /// error, the entry is dropped and the next line starts a new one.
    func testAnUnfinishedEntryPastTheLimitIsDropped() {
        let x = String(repeating: "x", count: 9_998)   // + "# ": 10 000, the line limit
        // "repeat 2 {" then lines of 10 000 bytes, each + 1 newline: 10 + n·10 001 > 1 048 576
        // first at n = 105 (1 050 115 bytes); the other 5 of the 110 come after the drop
        let reader = ScriptedLineReader(lines(["repeat 2 {"] + Array(repeating: "# " + x, count: 110) + ["tick", "}", "time"]),
                                        interactive: false)
        var out = ""
        let loop = ReplLoop(reader: reader, core: ReplCore(), write: { out += $0 })
        loop.maxEntryBytes = 1 << 20
        let status = loop.run()
        // the 5 comment lines after the drop are blank entries; then tick runs (1 frame),
        // the `}` (line 1 + 110 + 2 = 113 of the session) has no block, time = 1/60
        XCTAssertEqual(out, "error: unfinished entry is larger than 1 MiB (the limit for a file); it was dropped\n"
                       + "t=0.017 s\n<repl>:113:1: error: unexpected '}' (no block is open)\n}\n^\ntime = 0.017\n")
        XCTAssertEqual(status, 1)
    }

    /// `:show` draws in the reader's terminal size, less the prompt's line.
    func testShowFitsTheReadersTerminal() {
        let reader = ScriptedLineReader(lines(["screen 100 x 100", "header 40", "set row.height 40", ":show"]),
                                        interactive: false, screenSize: (11, 7))
        let r = runLoop(reader)
        // 11 × 6 cells for 100 × 100 pt: max(100/10, 100/(2·5)) = 10 pt a column, 20 a
        // row. Header y 0...40 → rows 0...2; row[0,0] 40...80 → 2...4; row[0,1] 80...120
        // → 4...6, its bottom border below the grid. Names from column 2.
        XCTAssertEqual(r.out, """
        t=0.000 s
        +---------+
        | header  |
        +---------+
        | row[0,0]|
        +---------+
        | row[0,1]|

        """)
        XCTAssertEqual(r.status, 0)
    }

    /// Completion offers every command of the table, and what it completes runs.
    func testCompletedCommandsParseAndRun() {
        let completer = Completer(listDirectory: { _ in [] })
        let offered = completer.complete(line: ":", cursor: 1).candidates
        XCTAssertEqual(offered, ColonCommands.all.map { ":" + $0.name }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for name in offered {
            switch ColonCommands.parse(name) {
            case .success(let c): XCTAssertEqual(":" + c.name, name)
            case .failure(let e): XCTAssertEqual(e, .missingArgument(ColonCommands.all.first { ":" + $0.name == name }?.usage ?? "?"), name)
            }
        }
        let frames = completer.complete(line: ":fra", cursor: 4)
        XCTAssertEqual(frames.candidates, [":frames"])
        let r = run(lines(["header 240", frames.candidates[0]]), interactive: false)
        // nothing has run: the header 0...240, rows from 240 every 44 pt; row 9 starts at
        // 240 + 9·44 = 636 < 667, row 10 at 680: below the screen
        XCTAssertTrue(r.out.hasPrefix("t=0.000 s, 11 views on screen\n"), r.out)
    }
}
