import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport

/// `check` and `run` stream a file (ScenarioStream): the parser hands out one top-level
/// statement at a time and the checker checks each as it comes. They must find exactly
/// what the whole-file path (`checkSource`, which keeps the tree) finds.
final class StreamingCheckTests: XCTestCase {
    private func stream(_ source: SourceFile, keepsStatements: Bool = true) -> (scenarios: [CheckedScenario], diagnostics: [Diagnostic]) {
        var s = ScenarioStream(source, keepsStatements: keepsStatements)
        var out: [CheckedScenario] = []
        while let c = s.next() { out.append(c) }
        return (out, s.diagnostics)
    }

    private func messages(_ text: String) -> [String] {
        stream(SourceFile(name: "t.scroll", text: text)).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    /// Every .scroll file of the repository (shipped scenarios, test corpora, goldens, good
    /// and bad): the same diagnostics, in the same order, and the same checked scenarios.
    func testStreamingMatchesWholeFileCheckOnTheCorpus() throws {
        let root = TestPaths.packageRoot
        var files: [String] = []
        for dir in ["scenarios", "Tests", "examples", "docs"] {
            let base = root.appendingPathComponent(dir)
            guard let e = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let rel as String in e where rel.hasSuffix(".scroll") { files.append(base.appendingPathComponent(rel).path) }
        }
        files.sort()
        XCTAssertGreaterThan(files.count, 100, "the corpus was not found under \(root.path)")
        var withErrors = 0
        for path in files {
            guard case .success(let source) = loadSource(path: path) else { XCTFail("cannot read \(path)"); continue }
            let whole = checkSource(source)
            let streamed = stream(source)
            XCTAssertEqual(streamed.diagnostics, whole.diagnostics, path)
            // Counting (check; run before it runs a file): the same, without the statements.
            let counted = stream(source, keepsStatements: false)
            XCTAssertEqual(counted.diagnostics, whole.diagnostics, path)
            XCTAssertEqual(counted.scenarios.count, streamed.scenarios.count, path)
            for (c, s) in zip(counted.scenarios, streamed.scenarios) {
                XCTAssertEqual([c.name, "\(c.location)"], [s.name, "\(s.location)"], path)
                XCTAssertEqual(c.config, s.config, path)
                XCTAssertEqual(c.statements, [], path)
            }
            if whole.diagnostics.isEmpty {
                // The stream keeps no comments (nothing that runs reads them).
                XCTAssertEqual(streamed.scenarios, whole.scenarios.map(withoutComments), path)
                XCTAssertEqual(streamed.scenarios.map(withoutComments), streamed.scenarios, path)
            } else {
                withErrors += 1
            }
        }
        XCTAssertGreaterThan(withErrors, 10, "the corpus should hold files with errors too")
    }

    private func withoutComments(_ c: CheckedScenario) -> CheckedScenario {
        var c = c
        c.statements = c.statements.map(withoutComments)
        return c
    }

    private func withoutComments(_ s: Stmt) -> Stmt {
        func block(_ b: Block) -> Block {
            Block(statements: b.statements.map(withoutComments), open: b.open, close: b.close)
        }
        var kind = s.kind
        switch s.kind {
        case .scene(let b): kind = .scene(block(b))
        case .scenario(let name, let b): kind = .scenario(name: name, body: block(b))
        case .repeatBlock(let count, let b): kind = .repeatBlock(count: count, body: block(b))
        default: break
        }
        return Stmt(kind: kind, location: s.location)
    }

    /// The file's structure is known only at the first block: statements before it wait,
    /// and become errors once a block comes (in order, with the block's own errors).
    func testStatementsBeforeTheFirstBlockAreErrorsOnceABlockComes() {
        XCTAssertEqual(messages("pull 10\nrelease\nscenario \"a\" {\n  wait 1s\n}\n"), [
            "1:1: 'pull' is outside any scenario (a file with scene or scenario blocks holds nothing else at top level)",
            "2:1: 'release' is outside any scenario (a file with scene or scenario blocks holds nothing else at top level)",
        ])
        // No block at all: the statements are the file's one scenario, named after the file.
        let r = stream(SourceFile(name: "dir/flick.scroll", text: "pull 10\nrelease\nsettle\n"))
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.scenarios.map(\.name), ["flick"])
        XCTAssertEqual(r.scenarios.first?.statements.count, 3)
        XCTAssertEqual(r.scenarios.first?.location.line, 1)
    }

    func testFileStructureErrors() {
        XCTAssertEqual(messages(""), ["1:1: no scenario found (the file has no statements)"])
        XCTAssertEqual(messages("# only a comment\n"), ["1:1: no scenario found (the file has no statements)"])
        // Statements lost to a syntax error: only that error.
        XCTAssertEqual(messages("pul 10\n").count, 1)
        XCTAssertEqual(messages("\nscene {\n  fps 60\n}\n"), ["2:1: no scenario found (the file has a scene block but no scenario)"])
        XCTAssertEqual(messages("scenario \"a\" {\n  wait 1s\n}\nscene {\n  fps 60\n}\nscenario \"a\" {\n  wait 1s\n}\n"), [
            "4:1: the scene block must come before the scenarios",
            "7:10: duplicate scenario name \"a\" (first at line 1)",
        ])
    }

    /// A comment after a statement on its line belongs to that statement, even when the
    /// next statement fails to parse (the parser hands a statement out only once the next
    /// one has parsed): the formatter's tree is what it was.
    func testTrailingCommentsAttachAsBefore() {
        let text = "scenario \"a\" {\n  wait 1s\n} # end of a\n# own line\nscenario \"b\" {\n  wait 1s\n}\n"
        let program = Parser.parse(SourceFile(name: "t.scroll", text: text), lexicon: .builtIn).program
        XCTAssertEqual(program.statements.count, 2)
        XCTAssertEqual(program.statements[0].trailingComment?.text, "# end of a")
        XCTAssertEqual(program.statements[1].leadingComments.map(\.text), ["# own line"])
        XCTAssertEqual(program.comments.map(\.text), ["# end of a", "# own line"])
    }

    /// Nothing in a file with errors runs, even when the error is in its last scenario
    /// (run reads the file to its end before it runs its first scenario).
    func testAnErrorInTheLastScenarioStopsTheWholeFile() {
        var text = ""
        for k in 0..<50 { text += "scenario \"s\(k)\" {\n  print \(k)\n  pull 10\n}\n" }
        text += "scenario \"last\" {\n  fling -99999999\n}\n"
        let report = Runner().run([.source(SourceFile(name: "late.scroll", text: text))])
        XCTAssertEqual(report.passed, 0)
        XCTAssertEqual(report.failed, 0)
        XCTAssertEqual(report.exitStatus, 2)
        XCTAssertFalse(report.stdout.contains("PASS"), report.stdout)
        XCTAssertTrue(report.stdout.hasPrefix("ERROR  late.scroll  (1 error; nothing in this file ran)\n"), report.stdout)
        XCTAssertTrue(report.stderr.contains("late.scroll:202:9: error: fling speed must be at most"), report.stderr)
        XCTAssertTrue(report.stderr.contains("  fling -99999999\n        ^\n"), report.stderr)
    }

    /// A generated file of 3,000 scenarios (not timed): every scenario comes out, checked,
    /// in order; running it with 1 and with 3 workers gives the same report; with a
    /// duplicate name at its very end, nothing runs.
    func testBigGeneratedFile() {
        var text = "scene {\n  header 200 pin 60\n  sections 5 rows 10\n}\n"
        let n = 3000
        for k in 0..<n {
            text += "# case \(k)\nscenario \"case \(k)\" {\n  pull \(k % 50 + 10)\n  release\n  settle\n"
            text += "  expect header.height >= 200\n  repeat 2 { drag -20 in 100ms }\n  expect phase == idle or phase == dragging\n}\n"
        }
        let source = SourceFile(name: "big.scroll", text: text)
        let r = stream(source)
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.scenarios.count, n)
        XCTAssertEqual(r.scenarios.first?.name, "case 0")
        XCTAssertEqual(r.scenarios.last?.name, "case \(n - 1)")
        XCTAssertEqual(r.scenarios[1234].location.line, 4 + 1234 * 9 + 2)
        XCTAssertEqual(r.scenarios[1234].config.header?.height, 200)

        let one = Runner().run([.source(source)], jobs: 1)
        let three = Runner().run([.source(source)], jobs: 3)
        XCTAssertEqual(one, three)
        XCTAssertEqual(one.passed + one.failed, n)
        XCTAssertTrue(one.stdout.hasSuffix("\(one.passed) passed, \(one.failed) failed\n"))

        let broken = SourceFile(name: "big.scroll", text: text + "scenario \"case 7\" {\n  settle\n}\n")
        let b = Runner().run([.source(broken)], jobs: 2)
        XCTAssertEqual(b.passed + b.failed, 0)
        XCTAssertTrue(b.stderr.hasPrefix("big.scroll:\(4 + n * 9 + 1):10: error: duplicate scenario name \"case 7\" (first at line 69)\n"), b.stderr)
    }

    /// The line index shows the same lines as the list of every line.
    func testSourceLinesMatchEveryLine() {
        let cases: [[UInt8]] = [
            [], Array("a".utf8), Array("a\n".utf8), Array("a\r\nb\r\n\r\nc".utf8), Array("\u{FEFF}x\ny".utf8),
            [0x61, 0xFF, 0x0A, 0xE3, 0x81, 0x0A, 0x0D], Array("\n\n".utf8), Array("only\r".utf8),
        ]
        for bytes in cases {
            let file = SourceFile(name: "f", bytes: bytes)
            let index = SourceLines(file)
            let expected = file.lines
            XCTAssertEqual(index.count, expected.count, "\(bytes)")
            XCTAssertEqual((1...index.count).map { index.sourceLine($0) }, expected.map { $0 }, "\(bytes)")
            XCTAssertNil(index.sourceLine(0))
            XCTAssertNil(index.sourceLine(index.count + 1))
        }
        // Worked by hand: a BOM is not part of line 1; CR LF ends a line; a lone CR stays.
        let f = SourceFile(name: "f", bytes: Array("\u{FEFF}ab\r\nc\rd\n".utf8))
        XCTAssertEqual(f.lines, ["ab", "c\rd", ""])
    }

    /// The one loader: `-e` texts are named in order, `-` is standard input, a directory
    /// gives its files by path without reading them.
    func testLocateInputs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("pull 10\n".utf8).write(to: dir.appendingPathComponent("sub/b.scroll"))
        try Data("pull 20\n".utf8).write(to: dir.appendingPathComponent("a.scroll"))
        try Data("not scroll\n".utf8).write(to: dir.appendingPathComponent("c.txt"))
        var stdinReads = 0
        let found = locateInputs([.text("pull 1"), .path(dir.path), .standardInput, .text("pull 2"), .path(dir.path + "/nope.scroll")],
                                 readStandardInput: { stdinReads += 1; return Array("tick\n".utf8) })
        XCTAssertEqual(stdinReads, 1)
        let described = found.map { input -> String in
            switch input {
            case .text(let s): return "text \(s.name) \(String(decoding: s.bytes, as: UTF8.self))"
            case .file(let p): return "file \(p.replacingOccurrences(of: dir.path, with: "D"))"
            case .stream(let s): return "stream \(s.name)"
            case .unreadable(let p, let m): return "unreadable \(p.replacingOccurrences(of: dir.path, with: "D")) \(m.replacingOccurrences(of: dir.path, with: "D"))"
            }
        }
        XCTAssertEqual(described, [
            "text <-e> pull 1", "file D/a.scroll", "file D/sub/b.scroll", "stream <stdin>", "text <-e2> pull 2",
            "unreadable D/nope.scroll cannot read 'D/nope.scroll': no such file or directory",
        ])
        // loadInputs is locateInputs, each read.
        let loaded = loadInputs([dir.path, "-"], readStandardInput: { Array("tick\n".utf8) })
        guard loaded.count == 3, case .file(let a) = loaded[0], case .stream(let s) = loaded[2] else { return XCTFail("\(loaded)") }
        XCTAssertEqual(a.bytes, Array("pull 20\n".utf8))
        XCTAssertEqual(s.name, "<stdin>")
    }
}
