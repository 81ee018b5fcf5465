import XCTest

/// `scrollscript` end to end on files with declared behaviours (spec §2, §9).
final class DeclaredCLITests: XCTestCase {
    func testRunCheckAndFmtTakeADeclarationsFile() throws {
        let root = CLI.repoRoot
        // A file that only declares runs no scenario: exit 2, saying so.
        let alone = try CLI.run(["run", "scenarios/declared/toolbar.scroll"], in: root)
        XCTAssertEqual(alone.status, 2)
        XCTAssertEqual(alone.stdout, "0 passed, 0 failed\n")
        XCTAssertEqual(alone.stderr,
                       "scrollscript: no scenario found: scenarios/declared/toolbar.scroll only declares behaviours (run the files that use them)\n")
        // Among other files it is skipped; `check` checks it; it is in the canonical layout.
        let two = try CLI.run(["run", "scenarios/declared/toolbar.scroll", "scenarios/003-safari-toolbar.scroll"], in: root)
        XCTAssertEqual(two.status, 0)
        XCTAssertTrue(two.stdout.hasSuffix("5 passed, 0 failed\n"), two.stdout)
        let check = try CLI.run(["check", "scenarios/declared/toolbar.scroll"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(try CLI.run(["fmt", "--check", "scenarios/declared/toolbar.scroll"], in: root).status, 0)
    }

    func testAFileThatImportsTheToolbarRunsAndABadDeclarationFailsAtItsLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("declared-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let toolbar = CLI.repoRoot.appendingPathComponent("scenarios/declared/toolbar.scroll").path
        // 30 pt up at 300 pt/s (6 frames of 5 pt): past 22 pt the bar hides; 0.2 s later it is hidden.
        try """
        import "\(toolbar)"
        use bar
        drag -30 in 0.1s
        expect bar.state == hiding
        wait 0.2s
        expect bar.state == hidden and bar.y == 667
        """.write(to: dir.appendingPathComponent("uses.scroll"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["run", "uses.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        try "behaviour fade {\n  var alpha = 0\n  on didScroll { alpha = offset }\n}\nuse fade\npull 10\n"
            .write(to: dir.appendingPathComponent("bad.scroll"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", "bad.scroll"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout + bad.stderr, """
        bad.scroll:3:26: error: the var 'alpha' must be a plain number, not points
          on didScroll { alpha = offset }
                                 ^
        1 error

        """)
    }

    func testABehaviourReadsACoreTunableEndToEnd() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("declared-tunables-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // fling -1000 releases at 100 with 1000 pt/s; §6.2's destination 594.505 snapped to
        // rows of 70 is round(8.493) × 70 = 560; to rows of 44, round(13.51) × 44 = 616.
        try """
        behaviour snap {
          on willEndDragging { target = round(target / row.height) * row.height }
        }

        scenario "rows of 70" {
          use snap
          set row.height 70
          fling -1000
          settle
          expect offset == 560
        }

        scenario "rows of 44" {
          use snap
          fling -1000
          settle
          expect offset == 616
        }

        """.write(to: dir.appendingPathComponent("snap.scroll"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["run", "snap.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.hasSuffix("2 passed, 0 failed\n"), ok.stdout)
        try "behaviour k {\n  on didScroll { row.height = 3 }\n}\n"
            .write(to: dir.appendingPathComponent("bad.scroll"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", "bad.scroll"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout + bad.stderr, """
        bad.scroll:2:18: error: 'row.height' is read-only here: it cannot be assigned
          on didScroll { row.height = 3 }
                         ^
        1 error

        """)
    }

    func testAUseLineWithoutWhatTheBodyReadsFailsThereEndToEnd() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("declared-reads-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // pull 100: the header stretches by 100·0.55·667 / (667 + 55) = 50.810 pt (§6.2, §6.3).
        try """
        behaviour dim {
          var seen = 0pt
          on frame { seen = header.height }
        }

        scenario "stretched" {
          header 200
          use dim
          pull 100
          expect dim.seen ~= 250.81 within 0.01
        }

        scenario "no header" {
          use dim
          pull 100
        }

        """.write(to: dir.appendingPathComponent("dim.scroll"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", "dim.scroll"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout + bad.stderr, """
        dim.scroll:14:3: error: behaviour 'dim' reads 'header.height' (line 3), which needs a header, and this scenario declares none (add 'header H')
          use dim
          ^
        1 error

        """)
        // With the scenario fixed the file runs, and its number is the hand-worked one.
        let fixed = try String(contentsOf: dir.appendingPathComponent("dim.scroll"), encoding: .utf8)
            .replacingOccurrences(of: "scenario \"no header\" {\n  use dim", with: "scenario \"no header\" {\n  header 100\n  use dim")
        try fixed.write(to: dir.appendingPathComponent("dim.scroll"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["run", "dim.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.hasSuffix("2 passed, 0 failed\n"), ok.stdout)
    }
}
