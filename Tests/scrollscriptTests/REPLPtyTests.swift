import XCTest

/// Runs the real `scrollscript repl` on a pseudo-terminal (posix_openpt + posix_spawn with
/// POSIX_SPAWN_SETSID, so the pty becomes the child's controlling terminal and a typed
/// \x03 raises SIGINT), types into it, and checks what the terminal shows.
final class REPLPtyTests: XCTestCase {
    /// (v1.5) A behaviour block typed at the prompt declares it for the session (spec §9).
    func testABehaviourTypedAtThePromptIsDeclared() throws {
        try PseudoTerminal.withRepl("repl-pty-declared") { term, _ in
            term.type("behaviour fade {\r", until: .once("  ...> "))
            term.type("  var alpha = 0\r", until: .times("  ...> ", 2))
            term.type("  on didScroll { alpha = clamp((offset - 136pt) / 30pt, 0, 1) }\r", until: .times("  ...> ", 3))
            term.type("}\r", until: .once("declared 'fade' (use fade)"), .prompt(after: "(configuration kept)"))
            term.type("use fade\r", until: .prompt(after: "use fade\r\n"))
            // drag -150: offset 150; alpha = (150 − 136) / 30 = 0.467.
            term.type("drag -150\r", until: .once("offset 0.00 → 150.00"), .prompt(after: "offset 0.00 → 150.00"))
            term.type("fade.alpha\r", until: .once("fade.alpha = 0.467"), .prompt(after: "fade.alpha = 0.467"))
            // A mistake in a typed block is refused at its line, with "did you mean".
            term.type("behaviour bad { on didScrol { } }\r", until: .once("unknown event 'didScrol' (did you mean 'didScroll'?)"),
                      .prompt(after: "(did you mean 'didScroll'?)"))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0)
        }
    }

    func testTypingTabCtrlCAndCtrlD() throws {
        try PseudoTerminal.withRepl("repl-pty-home") { term, home in
            // A configuration, then a pull: the change line, worked out by hand:
            // offset = -(120·0.55·667)/(667 + 0.55·120) = -60.06, header 240 + 60.06 = 300.06.
            // Every wait below waits for output only the awaited event produces: the echo of
            // what was just typed after the last prompt, a line only that command prints, or
            // the prompt after such a line (`.once("pull 12")` would already be met by the
            // earlier `pull 120`, so Ctrl-C could go before the REPL had read the text).
            term.type("header 240 pin 60\r", until: .prompt(after: "header 240 pin 60\r\n"))
            term.type("pull 120\r", until: .once("t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging"),
                                           .prompt(after: "phase idle → dragging"))

            // Tab completes header.he → header.height (and a space); the value is printed.
            term.type("header.he\t", until: .afterLast("header.height ", anchor: "scroll> "))
            term.type("\r", until: .once("header.height = 300.06"),
                                   .prompt(after: "header.height = 300.06"))

            // :fra + Tab → :frames; the table: the header and rows 0...8 (row 9 starts at
            // 300.06 + 9·44 = 696.06, below the 667 pt screen).
            term.type(":fra\t", until: .afterLast(":frames ", anchor: "scroll> "))
            term.type("\r", until: .once("t=0.400 s, 10 views on screen"),
                                   .once("header    0.00    0.00  375.00  300.06"),
                                   .prompt(after: "row[0,8]  0.00  652.06  375.00   44.00"))

            // Ctrl-C clears the half-typed line and gives a fresh prompt; the process lives on.
            term.type("pull 12", until: .afterLast("pull 12", anchor: "scroll> "))
            term.type("\u{03}", until: .once("^C"),
                                       .prompt(after: "^C"))
            XCTAssertNil(term.exitStatus(wait: false), "the REPL must survive Ctrl-C")

            // An open block shows the continuation prompt; Ctrl-C drops the whole block.
            term.type("repeat 2 {\r", until: .once("  ...> "))
            term.type("tick\r", until: .times("  ...> ", 2))
            term.type("\u{03}", until: .times("^C", 2),
                                       .prompt(after: "^C"))

            // A colon command completed with Tab and run: the loop's own :help.
            term.type(":he\t", until: .afterLast(":help ", anchor: "scroll> "))
            term.type("tick\r", until: .once("advance N display frames (default 1)"),
                                       .prompt(after: "advance N display frames (default 1)"))

            // Ctrl-C during a long run (5,000,000 frames, many seconds) stops it at the end of
            // a frame; the world stays and the session goes on.
            term.type("repeat 5000000 { tick }\r")
            // readline's newline after the echoed line: the line was accepted, the run starts
            // (a Ctrl-C before that would only clear the line). A Ctrl-C from then on stops the
            // run, even one that arrives before its first frame: no need to wait longer.
            term.expect(.once("{ tick }\r\n"))
            term.type("\u{03}", until: .once("interrupted at t="),
                                       .prompt(after: "interrupted at t="))
            XCTAssertNil(term.exitStatus(wait: false), "the REPL must survive Ctrl-C during a run")
            term.type("finger.down\r", until: .once("finger.down = true"),  // still held
                                           .prompt(after: "finger.down = true"))

            // Ctrl-C also stops a loop that runs no frame (rather than running all 9,999,999
            // statements before the prompt comes back).
            term.type("repeat 9999999 { expect offset > -1e9 }\r", until: .once("{ expect offset > -1e9 }\r\n"))
            term.type("\u{03}", until: .times("interrupted at t=", 2),
                                       .prompt(after: "interrupted at t="))

            // Ctrl-R searches the history (readline's own) and Enter runs the line found.
            term.type("\u{12}header.he", until: .once("(reverse-i-search)"))
            term.type("\r", until: .times("header.height = 300.06", 2),
                                   .prompt(after: "header.height = 300.06"))

            // Ctrl-D on the empty line ends the session with status 0.
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)

            // Lines entered are recorded (block lines too); the line thrown away with ^C is not.
            let history = try String(contentsOfFile: home + "/.scrollscript_history", encoding: .utf8)
            XCTAssertEqual(history, "header 240 pin 60\npull 120\nheader.height \n:frames \nrepeat 2 {\ntick\n:help tick\nrepeat 5000000 { tick }\nfinger.down\nrepeat 9999999 { expect offset > -1e9 }\nheader.height \n")
        }
    }

    /// Tab after `tap header ` offers the scene's sections (it offered `header row toolbar`
    /// again), and `section[` offers its indexes, in the real binary's readline.
    func testTabOffersTheScenesSectionsAndRows() throws {
        try PseudoTerminal.withRepl("repl-pty-sections") { term, _ in
            term.enter("section \"山手線\" rows 3", thenPrompt: 2)
            term.enter("section \"東横線\" rows 2", thenPrompt: 3)
            // The one title starting with 山, quoted, then a space.
            term.type("tap header \"山\t", until: .afterLast("tap header \"山手線\" ", anchor: "scroll> "))
            term.type("\r", until: .once("tap: section[0] header"),
                                   .times("scroll> ", 4))
            // Tab twice lists the candidates: the indexes 0 1 and the two titles.
            term.type("tap header \t\t", until: .once("\"山手線\"  \"東横線\"  0         1"))
            XCTAssertFalse(term.transcript.contains("toolbar"), term.transcript)
            term.type("\u{03}", until: .prompt(after: "^C"))
            // section[1 → section[1]. (no space), then the member.
            term.type("print section[1\t", until: .afterLast("print section[1].", anchor: "scroll> "))
            term.type("ti\t", until: .afterLast("print section[1].title ", anchor: "scroll> "))
            term.type("\r", until: .once("t = 0.000 s: section[1].title = \"東横線\""),
                                   .prompt(after: "section[1].title = "))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        }
    }

    /// Issue 12: explore in the REPL, `:expect` the values, `:save` a scenario that passes.
    func testExpectThenSaveWritesAScenarioWithItsChecks() throws {
        try PseudoTerminal.withRepl("repl-pty-expect") { term, dir in
            term.enter("header 240 pin 60", thenPrompt: 2)
            // 120 pt at 300 pt/s: 24 frames; b(120) = 120·0.55·667/(667 + 66) = 60.0573.
            term.enter("pull 120", thenPrompt: 3)
            // Tab completes the command, then the name.
            term.type(":exp\t", until: .once(":expect "))
            term.type("header.hei\t", until: .once(":expect header.height "))
            term.type("offset\r", until: .once("added 2 checks (:save writes them):"),
                                         .once("  expect header.height ~= 300.06"),
                                         .once("  expect offset ~= -60.06"),
                                         .times("scroll> ", 4))
            term.type(":save \(dir)/s.scroll\r", until: .once("saved \"repl session\""),
                                                        .times("scroll> ", 5))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
            let saved = try String(contentsOfFile: dir + "/s.scroll", encoding: .utf8)
            XCTAssertEqual(saved, """
            # Saved by scrollscript repl.
            scenario "repl session" {
              header 240 pin 60
              pull 120
              expect header.height ~= 300.06
              expect offset ~= -60.06
            }

            """)
        }
    }

    /// `:reload` after an edit of the loaded file: Tab completes it, and the session comes
    /// back to the same statement and frame, running the file's new version from there.
    func testReloadAfterAnEditComesBackWhereItWas() throws {
        try PseudoTerminal.withRepl("repl-pty-reload") { term, dir in
            let file = dir + "/r.scroll"
            func write(_ check: String) throws {
                try "scenario \"r\" {\n  header 240\n  pull 120\n  release\n  \(check)\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
            }
            try write("expect offset < -100")
            term.enter(":load \(file)", thenPrompt: 2)
            // pull 120: 24 frames; offset -60.06 (b(120) = 120·0.55·667/(667 + 66)); release
            // takes no frame.
            term.enter(":step 2", thenPrompt: 3)
            term.expect(.once("t=0.400 s  offset 0.00 → -60.06"))
            // The check after the current point is fixed in an editor; Tab completes :rel.
            try write("expect offset < -50")
            term.type(":rel\t", until: .afterLast(":reload ", anchor: "scroll> "))
            term.type("\r", until: .once("back where it was\r\nat \(file):5 (t=0.400 s)\r\n-> 5    expect offset < -50"),
                                   .times("scroll> ", 4))
            term.enter(":continue", thenPrompt: 5)
            term.expect(.once("PASS  \"r\"  (0.400 s)"))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        }
    }
}
