import XCTest
import Foundation
@testable import ScrollScript

/// The README's own examples are real: each ```scroll block checks and every scenario in
/// it passes; each ```scroll-fails block checks and fails when run (it shows a failure on
/// purpose); each `scrollscript run -e '...'` one-liner of the README and docs/ checks.
final class ReadmeExampleTests: XCTestCase {
    static let root = ReplCoreTests.root

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
        let passing = try Self.blocks("scroll", in: "README.md")
        XCTAssertGreaterThanOrEqual(passing.count, 5)
        for block in passing {
            let scenarios = checked(block, block)
            XCTAssertFalse(scenarios.isEmpty, block)
            for sc in scenarios {
                XCTAssertNil(runScenario(sc).failure, "\(sc.name) fails:\n\(block)")
            }
        }
    }

    func testEveryScrollFailsBlockChecksThenFails() throws {
        let failing = try Self.blocks("scroll-fails", in: "README.md")
        XCTAssertGreaterThanOrEqual(failing.count, 2)
        for block in failing {
            let scenarios = checked(block, block)
            XCTAssertTrue(scenarios.contains { runScenario($0).failure != nil }, "nothing fails in:\n\(block)")
        }
    }

    func testEveryRunDashEOneLinerChecks() throws {
        var oneLiners: [String] = []
        for file in ["README.md", "grammar.md"] + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path))
            .filter({ $0.hasSuffix(".md") }).sorted().map({ "docs/" + $0 }) {
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
}
