import XCTest
import Foundation
@testable import ScrollScript

/// The examples of the README, grammar.md and docs/ are real: each ```scroll block checks
/// and every scenario in it passes; each ```scroll-fails block checks and fails when run (it
/// shows a failure on purpose); each `scrollscript run -e '...'` one-liner checks.
final class ReadmeExampleTests: XCTestCase {
    static let root = ReplCoreTests.root

    /// The documents whose examples are held to it: README.md, grammar.md, docs/*.md.
    static func documents() throws -> [String] {
        ["README.md", "grammar.md"] + (try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
            .filter({ $0.hasSuffix(".md") }).sorted().map({ "docs/" + $0 })
    }

    /// The ``` blocks with info string `info` of every document, each with its file.
    static func documentedBlocks(_ info: String) throws -> [(file: String, text: String)] {
        try documents().flatMap { f in try blocks(info, in: f).map { (f, $0) } }
    }

    /// The ``` blocks of `file` whose info string is `info`, in order.
    static func blocks(_ info: String, in file: String) throws -> [String] {
        let text = try String(contentsOfFile: root.appendingPathComponent(file).path, encoding: .utf8)
        var out: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "```" + info + "\n") {
            guard let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex) else { break }
            out.append(String(rest[open.upperBound..<close.lowerBound]) + "\n")
            rest = rest[close.upperBound...]
        }
        return out
    }

    private func checked(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> [CheckedScenario] {
        let r = checkSource(SourceFile(name: "example.scroll", text: text))
        XCTAssertEqual(r.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }, [], what, file: file, line: line)
        return r.scenarios
    }

    func testEveryScrollBlockChecksAndPasses() throws {
        // The README keeps a first scenario, the language's examples and the behaviours'.
        XCTAssertGreaterThanOrEqual(try Self.blocks("scroll", in: "README.md").count, 5)
        let passing = try Self.documentedBlocks("scroll")
        XCTAssertGreaterThanOrEqual(passing.count, 9)
        for (file, block) in passing {
            let scenarios = checked(block, "\(file):\n\(block)")
            XCTAssertFalse(scenarios.isEmpty, "\(file):\n\(block)")
            for sc in scenarios {
                XCTAssertNil(runScenario(sc).failure, "\(sc.name) fails (\(file)):\n\(block)")
            }
        }
    }

    func testEveryScrollFailsBlockChecksThenFails() throws {
        // The README's `?` example, and docs/cli.md's failure report.
        XCTAssertGreaterThanOrEqual(try Self.blocks("scroll-fails", in: "README.md").count, 1)
        let failing = try Self.documentedBlocks("scroll-fails")
        XCTAssertGreaterThanOrEqual(failing.count, 2)
        for (file, block) in failing {
            let scenarios = checked(block, "\(file):\n\(block)")
            XCTAssertTrue(scenarios.contains { runScenario($0).failure != nil }, "nothing fails in \(file):\n\(block)")
        }
    }

    func testEveryRunDashEOneLinerChecks() throws {
        var oneLiners: [String] = []
        for file in try Self.documents() {
            let text = try String(contentsOfFile: Self.root.appendingPathComponent(file).path, encoding: .utf8)
            var rest = text[...]
            while let r = rest.range(of: "run -e '") {
                guard let end = rest[r.upperBound...].firstIndex(of: "'") else { break }
                oneLiners.append(String(rest[r.upperBound..<end]))
                rest = rest[end...]
            }
        }
        XCTAssertGreaterThanOrEqual(oneLiners.count, 2)
        for e in oneLiners { _ = checked(e, e) }
    }

    /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped,
    /// spaces to `-` (`## Test your own behaviour` → `test-your-own-behaviour`).
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { c -> Character? in
            if c == " " { return "-" }
            if c == "-" || c == "_" || CharacterSet.alphanumerics.contains(c) { return Character(c) }
            return nil
        })
    }

    /// The README points into docs/ and docs/ back at the README: every relative link
    /// `[text](path)` or `[text](path#anchor)` of the README, grammar.md and docs/ names a
    /// file that exists, and an anchor names a heading of that file.
    func testEveryRelativeLinkResolves() throws {
        var checkedLinks = 0
        for file in try Self.documents() {
            let text = try String(contentsOfFile: Self.root.appendingPathComponent(file).path, encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            var rest = text[...]
            while let open = rest.range(of: "](") {
                guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
                let target = String(rest[open.upperBound..<close])
                rest = rest[close...]
                if target.contains("://") || target.hasPrefix("mailto:") || target.contains(" ") || target.isEmpty { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].isEmpty ? file : (folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                let url = Self.root.appendingPathComponent(path).standardized
                XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "\(file): a link to \(target), which does not exist")
                if parts.count == 2, let linked = try? String(contentsOf: url, encoding: .utf8) {
                    let anchors = linked.components(separatedBy: "\n").filter { $0.hasPrefix("#") }
                        .map { Self.anchor(String($0.drop { $0 == "#" }.dropFirst())) }
                    XCTAssertTrue(anchors.contains(parts[1]), "\(file): a link to \(target), a heading \(path) does not have")
                }
                checkedLinks += 1
            }
        }
        // The README's links into docs/ alone are more than ten.
        XCTAssertGreaterThan(checkedLinks, 10)
    }
}
