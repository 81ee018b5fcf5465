import XCTest

/// `run --update` end to end (spec §5 recording): the real binary on real files.
///
/// Golden pairs live in `Golden/record/`: `NAME.scroll` (with `?`s) and `NAME.updated`,
/// the exact bytes the file must hold after `run --update`. The values in the `.updated`
/// files were worked out by hand from the spec's formulas (the comments in the files show
/// the arithmetic), not copied from the tool.
final class RecordCLITests: XCTestCase {
    static let recordDir = CLI.repoRoot.appendingPathComponent("Tests/scrollscriptTests/Golden/record")

    private func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    private func inode(_ url: URL) throws -> UInt64 {
        let attrs = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attrs[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    func testGoldenPairsByteForByteThenNothingChangesAndTheFilePasses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordDir.path)
            .filter { $0.hasSuffix(".scroll") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2, "the golden pairs are found")
        for name in names {
            let base = String(name.dropLast(".scroll".count))
            let dir = try CLI.tempDir()
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Self.recordDir.appendingPathComponent(name), to: file)
            let expected = try bytes(Self.recordDir.appendingPathComponent(base + ".updated"))

            // Before: `run` fails each scenario with a `?` and says what it observed.
            let before = try CLI.run(["run", name], in: dir)
            XCTAssertEqual(before.status, 1, "\(name): \(before.stdout)")
            XCTAssertTrue(before.stdout.contains("error: no recorded value: "), before.stdout)
            XCTAssertTrue(before.stdout.contains("('scrollscript run --update' writes it in place of '?')"), before.stdout)

            // --update: the file becomes the .updated bytes exactly; the run that follows passes.
            let update = try CLI.run(["run", "--update", name], in: dir)
            XCTAssertEqual(update.status, 0, "\(name): \(update.stdout)\(update.stderr)")
            XCTAssertEqual(try bytes(file), expected, "\(name): bytes after --update")
            XCTAssertTrue(update.stderr.hasPrefix("recorded "), update.stderr)
            XCTAssertTrue(update.stderr.contains(" values in \(name)\n"), update.stderr)
            XCTAssertTrue(update.stdout.hasSuffix(" passed, 0 failed\n"), update.stdout)

            // A second --update has nothing to fill: the file is not even rewritten.
            let node = try inode(file)
            let again = try CLI.run(["run", "--update", name], in: dir)
            XCTAssertEqual(again.status, 0, name)
            XCTAssertEqual(again.stderr, "", name)
            XCTAssertEqual(try bytes(file), expected, "\(name): a second --update changes nothing")
            XCTAssertEqual(try inode(file), node, "\(name): not rewritten")

            // The updated file passes a plain run, checks, and is what `fmt` keeps.
            let run = try CLI.run(["run", name], in: dir)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stdout)")
            XCTAssertEqual(try CLI.run(["check", name], in: dir).status, 0, name)
        }
    }

    /// README "Finding the numbers": its `?` example, after `run --update`, is exactly the
    /// ```scroll block shown below it (which the README test also runs: it passes).
    func testTheReadmeRecordingExampleIsReal() throws {
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## Finding the numbers")).upperBound
        func block(_ info: String, after start: String.Index) throws -> (String, String.Index) {
            let open = try XCTUnwrap(readme.range(of: "```" + info + "\n", range: start..<readme.endIndex))
            let close = try XCTUnwrap(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
            return (String(readme[open.upperBound..<close.lowerBound]), close.upperBound)
        }
        let (before, next) = try block("scroll-fails", after: section)
        let (after, _) = try block("scroll", after: next)
        XCTAssertTrue(before.contains("~= ?"), before)
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("example.scroll")
        try before.write(to: file, atomically: true, encoding: .utf8)
        let u = try CLI.run(["run", "--update", "example.scroll"], in: dir)
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        XCTAssertTrue(u.stderr.hasPrefix("recorded 2 values in example.scroll\n"), u.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), after)
    }

    func testTheCRLFPairKeepsItsLineEndsAndBOM() throws {
        let updated = try bytes(Self.recordDir.appendingPathComponent("crlf-japanese.updated"))
        XCTAssertEqual(Array(updated.prefix(3)), [0xEF, 0xBB, 0xBF], "the BOM stays")
        let crlf = zip(updated, updated.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
        let lf = updated.filter { $0 == 0x0A }.count
        XCTAssertEqual(crlf, lf, "every line still ends in CRLF")
        XCTAssertTrue(String(decoding: updated, as: UTF8.self).contains("section[1].title == \"中央線\""))
    }

    func testCheckAcceptsAndFmtKeepsTheQuestionMark() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "header 240\npull   120\nexpect header.height ~=?   # record\nexpect phase==? and offset ~= ? within 0.01\n"
        try text.write(to: dir.appendingPathComponent("r.scroll"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["check", "r.scroll"], in: dir).status, 0)
        let f = try CLI.run(["fmt", "r.scroll"], in: dir)
        XCTAssertEqual(f.status, 0, f.stderr)
        XCTAssertEqual(f.stdout, "header 240\npull 120\nexpect header.height ~= ?  # record\nexpect phase == ? and offset ~= ? within 0.01\n")
    }

    func testEqualsOnAMeasuredNumberWritesEveryDigitSoTheFilePasses() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("eq.scroll")
        try "header 240 pin 60\npull 120\nexpect header.height == ?\n".write(to: file, atomically: true, encoding: .utf8)
        let u = try CLI.run(["run", "--update", "eq.scroll"], in: dir)
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        let text = try String(contentsOf: file, encoding: .utf8)
        let prefix = "header 240 pin 60\npull 120\nexpect header.height == "
        XCTAssertTrue(text.hasPrefix(prefix) && text.hasSuffix("\n"), text)
        let written = String(text.dropFirst(prefix.count).dropLast())
        // 300.06 would not be == the measured height: every digit is written.
        XCTAssertGreaterThan(written.count, "300.06".count, written)
        let formula = 240 + 120 * 0.55 * 667 / (667 + 0.55 * 120)
        XCTAssertEqual(try XCTUnwrap(Double(written)), formula, accuracy: 1e-9)
        XCTAssertEqual(try CLI.run(["run", "eq.scroll"], in: dir).status, 0)
    }

    func testAQuestionMarkNotReachedStaysAndTheOthersAreFilled() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("two.scroll")
        let text = """
        scenario "fails first" {
          release
          expect offset == ?
        }
        scenario "fills" {
          drag -100
          expect offset == ?
        }

        """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let u = try CLI.run(["run", "--update", "two.scroll"], in: dir)
        XCTAssertEqual(u.status, 1, u.stdout)
        XCTAssertEqual(u.stderr, "recorded 1 value in two.scroll\n  two.scroll:7:20: offset == 100.00\n")
        // drag -100 moves the content up 100 pt: offset 100, exactly.
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       text.replacingOccurrences(of: "drag -100\n  expect offset == ?", with: "drag -100\n  expect offset == 100.00"))
        XCTAssertTrue(u.stdout.contains("FAIL  two.scroll  \"fails first\""), u.stdout)
        XCTAssertTrue(u.stdout.contains("PASS  two.scroll  \"fills\""), u.stdout)
    }

    func testFilterRecordsOnlyTheScenariosRun() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("f.scroll")
        let text = "scenario \"a\" {\n  drag -10\n  expect offset == ?\n}\nscenario \"b\" {\n  drag -20\n  expect offset == ?\n}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let u = try CLI.run(["run", "--update", "--filter", "b", "f.scroll"], in: dir)
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       "scenario \"a\" {\n  drag -10\n  expect offset == ?\n}\nscenario \"b\" {\n  drag -20\n  expect offset == 20.00\n}\n")
    }

    func testTextThatIsNotAFileCannotBeUpdatedAndSaysSo() throws {
        let u = try CLI.run(["run", "--update", "-e", "drag -10; expect offset == ?"])
        XCTAssertEqual(u.status, 2)
        XCTAssertEqual(u.stderr, "scrollscript: cannot write recorded values into <-e>: it is not a file\n")
        XCTAssertTrue(u.stdout.contains("no recorded value: offset is 10.00 here"), u.stdout)
    }

    func testALinkStaysALinkAndItsTargetIsUpdated() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.scroll")
        try "drag -10\nexpect offset == ?\n".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.scroll").path, withDestinationPath: "real.scroll")
        let u = try CLI.run(["run", "--update", "link.scroll"], in: dir)
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        // drag -10 moves the content up 10 pt: offset 10, exactly.
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "drag -10\nexpect offset == 10.00\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.scroll").path), "real.scroll")
    }

    func testUpdateWithJSONLinesKeepsStandardOutputJSON() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "drag -10\nexpect offset == ?\n".write(to: dir.appendingPathComponent("j.scroll"), atomically: true, encoding: .utf8)
        let u = try CLI.run(["run", "--update", "--format", "jsonl", "j.scroll"], in: dir)
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        XCTAssertEqual(u.stderr, "recorded 1 value in j.scroll\n  j.scroll:2:18: offset == 10.00\n")
        for line in u.stdout.split(separator: "\n") {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
    }

    func testAFileWithNothingToFillIsNotWritten() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain.scroll")
        try "drag -10   # what?\nexpect offset == 10\nprint \"?\"\n".write(to: file, atomically: true, encoding: .utf8)
        let node = try inode(file)
        let u = try CLI.run(["run", "--update", "plain.scroll"], in: dir)
        XCTAssertEqual(u.status, 0)
        XCTAssertEqual(u.stderr, "")
        XCTAssertEqual(try inode(file), node)
    }
}
