import XCTest
import Foundation

/// Issue 30's REPL bugs, in the real `scrollscript repl` on a pseudo-terminal (as
/// REPLPtyTests): breakpoints and watches around `:load`, the note a `:load` gives for typed
/// work it drops, an open `(`, and `:save`'s file error. Every wait is for output only the
/// awaited reply produces (a line only it prints, or the prompt numbered after it).
///
/// The times are worked out by hand from the spec (60 fps; drag.speed 300 pt/s;
/// fling.duration 0.1 s; toolbar.hideDistance 22 pt, toolbar.duration 0.2 s):
/// - `fling -900`: 6 frames, the finger 15 pt up a frame. Translation −30 < −22 at frame 2:
///   the toolbar hides (t = 2/60 = 0.033 s), hidden 0.2 s = 12 frames later, frame 14
///   (t = 14/60 = 0.233 s). The fling ends at frame 6 (0.100 s); `wait 0.5` to frame 36
///   (0.600 s).
/// - `pull 60`: 60/300 = 0.2 s, 12 frames; `release` takes none, `tick` one: frame 13,
///   t = 13/60 = 0.217 s. The finger is down from frame 1 (0.017 s).
/// - `pull 10`: 10/300 s, 2 frames.
final class REPLStopsPtyTests: XCTestCase {
    /// A watch that stops a run after the last frame of a statement leaves it before the
    /// next one; a breakpoint on that next line must stop the `:continue` that follows (it
    /// was skipped: `:continue` passed the statement it stood at, as it does after a
    /// breakpoint's own stop).
    func testABreakpointWhereAWatchStoppedStopsTheNextContinue() throws {
        try PseudoTerminal.withRepl("repl-pty-watch-break") { term, dir in
            let file = dir + "/b.scroll"
            try "scenario \"b\" {\n  pull 60\n  release\n  tick\n  settle\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
            term.enter(":load \(file)", thenPrompt: 2)
            term.enter(":break 5", thenPrompt: 3)
            term.enter(":watch finger.down", thenPrompt: 4)
            term.type(":continue\r", until: .once("watch 2: finger.down false → true at t=0.017 s"), .times("scroll> ", 5))
            // The watch fires again in the tick's frame, the last of line 4: the run stops
            // before line 5, where breakpoint 1 is.
            term.type(":continue\r", until: .once("watch 2: finger.down true → false at t=0.217 s"), .times("scroll> ", 6))
            term.type(":continue\r", until: .once("breakpoint 1: line 5\r\nat \(file):5 (t=0.217 s)\r\n-> 5    settle"),
                                             .times("scroll> ", 7))
            XCTAssertFalse(term.transcript.contains("PASS"), term.transcript)
            // From the breakpoint's own stop, :continue goes past it, to the end.
            term.type(":continue\r", until: .once("PASS  \"b\""), .times("scroll> ", 8))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        }
    }

    /// `:watch EXPR` and `:break LINE if EXPR` typed before `:load`, with names the typed
    /// session does not declare (no toolbar): kept, and checked at `:load` (they were
    /// refused, though breakpoints set before `:load` are checked at `:load`). A watch that
    /// the loaded scenario cannot read either is deleted there with a note; a typo is still
    /// refused at once.
    func testWatchesAndConditionsTypedBeforeLoadAreCheckedAtLoad() throws {
        try PseudoTerminal.withRepl("repl-pty-before-load") { term, dir in
            let file = dir + "/t.scroll"
            try "scenario \"t\" {\n  toolbar\n  fling -900\n  wait 0.5\n  expect toolbar.state == hidden\n}\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            term.type(":watch toolbar.state\r", until: .once("watch 1: toolbar.state (checked at :load)"), .times("scroll> ", 2))
            // At line 4 (t=0.100 s) the toolbar is hiding: no stop; at line 5 (0.600 s) hidden.
            term.type(":break 4 if toolbar.state == hidden\r", until: .once("breakpoint 2: line 4 if toolbar.state == hidden\r\n"),
                      .times("scroll> ", 3))
            term.type(":break 5 if toolbar.state == hidden\r", until: .once("breakpoint 3: line 5 if toolbar.state == hidden\r\n"),
                      .times("scroll> ", 4))
            term.type(":watch header.height\r", until: .once("watch 4: header.height (checked at :load)"), .times("scroll> ", 5))
            // A mistake of the expression's own is not put off.
            term.type(":watch toolbar.stat\r", until: .once("error: unknown name 'toolbar.stat'"), .times("scroll> ", 6))
            term.type(":load \(file)\r", until: .once("note: watch 4 deleted: 'header.height' needs a header"), .times("scroll> ", 7))
            term.type(":breaks\r", until: .once("1  watch toolbar.state (now shown)\r\n2  break line 4 if toolbar.state == hidden\r\n3  break line 5 if toolbar.state == hidden\r\n"),
                      .times("scroll> ", 8))
            term.type(":continue\r", until: .once("watch 1: toolbar.state shown → hiding at t=0.033 s"), .times("scroll> ", 9))
            term.type(":continue\r", until: .once("watch 1: toolbar.state hiding → hidden at t=0.233 s"), .times("scroll> ", 10))
            term.type(":continue\r", until: .once("breakpoint 3: line 5 if toolbar.state == hidden\r\nt=0.600 s  "),
                      .once("at \(file):5 (t=0.600 s)"), .times("scroll> ", 11))
            XCTAssertFalse(term.transcript.contains("breakpoint 2: line 4 if toolbar.state == hidden\r\nt="), term.transcript)
            term.type(":continue\r", until: .once("PASS  \"t\"  (0.600 s)"), .times("scroll> ", 12))

            // Typed after the scenario's end, then a new :load: the typed work is named as
            // it is with nothing loaded (it was dropped without a word). 0.600 s + 2 frames.
            term.type("pull 10\r", until: .once("t=0.633 s"), .times("scroll> ", 13))
            term.type(":load \(file)\r", until: .once("note: the typed session (1 statement, t=0.633 s) was discarded; :save FILE before :load keeps it"),
                      .times("scroll> ", 14))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        }
    }

    /// An open `(` does not continue the entry (a newline ends a statement there, as in a
    /// file): the error comes at once, not after a continuation prompt whose lines could only
    /// be refused. `:save` into a missing directory gives the system's reason in lower case,
    /// as the tool's other file errors do (`cannot read 'x': no such file or directory`).
    func testAnOpenParenthesisIsRefusedAtOnceAndSaveSaysTheReasonInLowerCase() throws {
        try PseudoTerminal.withRepl("repl-pty-paren") { term, dir in
            term.type(":save \(dir)/missing/s.scroll\r", until: .once("error: cannot write '\(dir)/missing/s.scroll': no such file or directory\r\n"),
                      .times("scroll> ", 2))
            term.type("print (offset\r", until: .once("error: expected ')' to close the '(' at 2:7, found end of file"),
                      .times("scroll> ", 3))
            XCTAssertFalse(term.transcript.contains("  ...> "), term.transcript)
            // A block still continues, and a `(` left open in it does not hold it open.
            term.type("repeat 2 {\r", until: .once("  ...> "))
            term.type("print (offset\r", until: .times("  ...> ", 2))
            term.type("}\r", until: .once("error: expected ')' to close the '(' at 4:7, found end of line"), .times("scroll> ", 4))
            term.type("\u{04}")
            XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        }
    }
}
