import Foundation
import XCTest

/// (v1.5) The REPL with declared behaviours, on a real pseudo-terminal (issue 31 item 4):
/// `repl FILE` declares a file's behaviours for the session, `:save` writes what declared
/// them, and a declared behaviour's observables come right after the offset.
final class REPLDeclaredPtyTests: XCTestCase {
    /// The README's fade, declarations only.
    static let fade = """
    behaviour fade {                       # fades a title in after 136 pt of scrolling
      param start = 136pt                  # a tunable: set fade.start 150
      param length = 30pt
      states hidden, fading, visible       # fade.state, first = initial
      var alpha = 0                        # fade.alpha, kept between events
      view title = rect(0, 20, screen.width, 44) alpha alpha
      on didScroll {
        alpha = clamp((offset - start) / length, 0, 1)
        if alpha == 0 { state = hidden } else if alpha == 1 { state = visible } else { state = fading }
      }
    }

    """

    /// A pager declared in the file that uses the fade by an import.
    static let pager = """
    behaviour pager {
      param page = 200pt
      on willEndDragging { target = round(target / page) * page }
    }
    """

    /// A folder with lib/fade.scroll (declarations only), app/uses.scroll (imports it,
    /// declares the pager, one scenario) and an empty out/.
    private func folder() throws -> String {
        let dir = try CLI.tempDir().path
        for d in ["lib", "app", "out"] { try FileManager.default.createDirectory(atPath: dir + "/" + d, withIntermediateDirectories: true) }
        try Self.fade.write(toFile: dir + "/lib/fade.scroll", atomically: true, encoding: .utf8)
        // drag -150: (150 − 136) / 30 = 0.467. The fling: released at 100 with 1000 pt/s, it
        // would rest at 594.50 (spec §6.2); the pager makes it round(2.97) × 200 = 600.
        try """
        import "../lib/fade.scroll"
        \(Self.pager)

        scenario "fades and pages" {
          use fade
          use pager
          drag -150
          expect fade.alpha ~= 0.467 within 0.001
          release
          fling -1000
          settle
          expect offset == 600
        }

        """.write(toFile: dir + "/app/uses.scroll", atomically: true, encoding: .utf8)
        return dir
    }

    /// Runs `run FILE` in `dir`: it must pass.
    private func runs(_ file: String, in dir: String, line: UInt = #line) throws {
        let r = try CLI.run(["run", file], in: URL(fileURLWithPath: dir))
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr, line: line)
        XCTAssertTrue(r.stdout.contains("1 passed, 0 failed"), r.stdout, line: line)
    }

    /// (A6, A7, B3) `repl lib/fade.scroll` (declarations only) declares the fade and starts
    /// a fresh world; the change line shows fade.alpha and fade.state right after the offset
    /// (before phase); `:save` writes the block, and the file runs.
    func testReplOfADeclarationsFileDeclaresThemAndSaveWritesThem() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let term = try PseudoTerminal.repl(home: dir, arguments: ["lib/fade.scroll"], directory: dir)
        defer { term.kill() }
        term.expect(.once("declared 'fade' from lib/fade.scroll (use fade); a fresh world at t=0.000 s with no configuration; type statements"),
                    .times("scroll> ", 1))
        term.enter("use fade", thenPrompt: 2)
        // 150 pt at 300 pt/s: 0.5 s; alpha (150 − 136) / 30 = 0.467, so fading. Three items:
        // the offset, then the behaviour's own (phase and velocity come after).
        term.type("drag -150\r", until: .once("t=0.500 s  offset 0.00 → 150.00  fade.alpha 0.000 → 0.467  fade.state hidden → fading\r\n"),
                  .times("scroll> ", 3))
        term.enter("expect fade.alpha ~= 0.467 within 0.001", thenPrompt: 4)
        term.type(":save out/s.scroll\r", until: .once("saved \"repl session\" to out/s.scroll"), .times("scroll> ", 5))
        term.type("\u{04}")
        XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        let saved = try String(contentsOfFile: dir + "/out/s.scroll", encoding: .utf8)
        XCTAssertEqual(saved, "# Saved by scrollscript repl.\n" + Self.fade + """

        scenario "repl session" {
          use fade
          drag -150
          expect fade.alpha ~= 0.467 within 0.001
        }

        """)
        try runs("out/s.scroll", in: dir)
    }

    /// (A6, B3) `repl app/uses.scroll` loads its scenario; `:save` after it writes the
    /// file's import (valid from out/) and its pager block; after `:unload` both are still
    /// known, and a `use` of an unknown one suggests `import "FILE"`.
    func testReplOfAFileKeepsItsBehavioursAndSaveWritesItsDeclarations() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let term = try PseudoTerminal.repl(home: dir, arguments: ["app/uses.scroll"], directory: dir)
        defer { term.kill() }
        term.expect(.once("loaded \"fades and pages\" from app/uses.scroll"), .times("scroll> ", 1))
        term.type(":continue\r", until: .once("PASS  \"fades and pages\""), .times("scroll> ", 2))
        term.type(":save out/t.scroll\r", until: .once("saved \"repl session\" to out/t.scroll"), .times("scroll> ", 3))
        term.type(":unload\r", until: .once("type statements (declared: 'fade', 'pager')"), .times("scroll> ", 4))
        term.enter("use pager", thenPrompt: 5)
        term.type("use pagr\r", until: .once("no behaviour named 'pagr' is known in this session (declared: fade, pager) (did you mean 'pager'?): declare it at the prompt: 'import \"FILE\"' reads a file that declares it"),
                  .times("scroll> ", 6))
        // Released at 100 with 1000 pt/s: 594.50 without the pager; 600 with it.
        term.enter("fling -1000", thenPrompt: 7)
        term.enter("settle", thenPrompt: 8)
        term.type("offset\r", until: .once("offset = 600.00"), .times("scroll> ", 9))
        term.type("\u{04}")
        XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        let saved = try String(contentsOfFile: dir + "/out/t.scroll", encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("# Saved by scrollscript repl.\nimport \"../lib/fade.scroll\"\n" + Self.pager + "\n\nscenario \"repl session\" {\n  use fade\n  use pager\n  drag -150\n"), saved)
        try runs("out/t.scroll", in: dir)
        try runs("t.scroll", in: dir + "/out")
    }

    /// (B3) An `import` and a `behaviour` block typed at the prompt go into the saved file,
    /// the import's path made valid from the saved file's folder.
    func testSaveWritesTypedImportsAndBlocks() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let term = try PseudoTerminal.repl(home: dir, directory: dir)
        defer { term.kill() }
        term.expect(.times("scroll> ", 1))
        term.type("import \"lib/fade.scroll\"\r", until: .once("declared 'fade' (use fade)"), .times("scroll> ", 2))
        let lines = Self.pager.split(separator: "\n")
        for (k, l) in lines.enumerated() {
            term.type(l + "\r", until: k + 1 < lines.count ? .times("  ...> ", k + 1) : .once("declared 'pager' (use pager)"))
        }
        term.expect(.times("scroll> ", 3))
        term.enter("use fade", thenPrompt: 4)
        term.enter("use pager", thenPrompt: 5)
        term.enter("drag -150", thenPrompt: 6)
        term.enter("expect fade.alpha ~= 0.467 within 0.001", thenPrompt: 7)
        term.type(":save out/typed.scroll\r", until: .once("saved \"repl session\" to out/typed.scroll"), .times("scroll> ", 8))
        term.type("\u{04}")
        XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        let saved = try String(contentsOfFile: dir + "/out/typed.scroll", encoding: .utf8)
        XCTAssertEqual(saved, """
        # Saved by scrollscript repl.
        import "../lib/fade.scroll"
        \(Self.pager)

        scenario "repl session" {
          use fade
          use pager
          drag -150
          expect fade.alpha ~= 0.467 within 0.001
        }

        """)
        try runs("out/typed.scroll", in: dir)
    }
}
