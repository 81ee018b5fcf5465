import XCTest

/// Running a formatted file gives the same result as running the original: the same
/// exit status, and the same output apart from diagnostics' locations and quoted source
/// lines (the layout moves columns and lines).
final class FmtRunTests: XCTestCase {
    static let root: URL = CLI.repoRoot

    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.tempDir()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// A shipped scenario made ugly without changing a token: tab indents and doubled
    /// spaces on lines that hold no string (comments may change; they do not run).
    private func uglify(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.contains("\"") { return String(line) }
            var s = String(line)
            while s.hasPrefix("  ") { s = "\t" + s.dropFirst(2) }
            return s.replacingOccurrences(of: " ", with: "  ")
        }.joined(separator: "\r\n")
    }

    private func inputs() throws -> [(name: String, bytes: Data)] {
        let fm = FileManager.default
        var out: [(String, Data)] = []
        let shipped = Self.root.appendingPathComponent("scenarios")
        for n in try fm.contentsOfDirectory(atPath: shipped.path).sorted() where n.hasSuffix(".scroll") {
            let text = String(decoding: try Data(contentsOf: shipped.appendingPathComponent(n)), as: UTF8.self)
            out.append(("shipped-" + n, Data(uglify(text).utf8)))
        }
        let golden = Self.root.appendingPathComponent("Tests/ScrollScriptTests/Golden/fmt")
        for n in try fm.contentsOfDirectory(atPath: golden.path).sorted() where n.hasSuffix(".scroll") {
            out.append(("golden-" + n, try Data(contentsOf: golden.appendingPathComponent(n))))
        }
        return out
    }

    /// Output without what the layout may move: a `FILE:LINE:COL: ...` line and the two
    /// lines after it (the quoted source line and its caret).
    private func normalized(_ s: String) -> [String] {
        var kept: [String] = []
        var skip = 0
        for line in s.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.range(of: #"^\S+:\d+:\d+: "#, options: .regularExpression) != nil { skip = 3 }
            if skip > 0 { skip -= 1; continue }
            kept.append(String(line))
        }
        return kept
    }

    func testFormattedFilesRunTheSame() throws {
        let fm = FileManager.default
        let ugly = dir.appendingPathComponent("ugly"), pretty = dir.appendingPathComponent("pretty")
        try fm.createDirectory(at: ugly, withIntermediateDirectories: true)
        try fm.createDirectory(at: pretty, withIntermediateDirectories: true)
        let files = try inputs()
        XCTAssertGreaterThanOrEqual(files.count, 19, "8 shipped scenarios and 11 golden inputs")
        for f in files {
            try f.bytes.write(to: ugly.appendingPathComponent(f.name))
            try f.bytes.write(to: pretty.appendingPathComponent(f.name))
        }
        let w = try CLI.run(["fmt", "-w", "."], in: pretty)
        XCTAssertEqual(w.status, 0, w.stderr)
        for f in files where f.name.hasPrefix("shipped-") {
            XCTAssertNotEqual(try Data(contentsOf: pretty.appendingPathComponent(f.name)), f.bytes, "\(f.name) was reformatted")
        }
        // `run` is built: a stub answer ("not yet implemented") must fail here, not skip.
        let a = try CLI.run(["run", "."], in: ugly, timeout: 300)
        XCTAssertFalse(a.stderr.contains("not yet implemented"), a.stderr)
        let b = try CLI.run(["run", "."], in: pretty, timeout: 300)
        XCTAssertEqual(a.status, b.status)
        XCTAssertEqual(normalized(a.stdout), normalized(b.stdout))
        XCTAssertEqual(normalized(a.stderr), normalized(b.stderr))
        XCTAssertTrue(a.stdout.contains(" passed, "), a.stdout)
    }
}
