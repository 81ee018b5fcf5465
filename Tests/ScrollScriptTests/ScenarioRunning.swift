import XCTest
@testable import ScrollScript

extension XCTestCase {
    /// Runs the one scenario of `text` (which must check clean) with the words of `registry`.
    func runChecked(_ text: String, registry: BehaviourRegistry = .builtIn,
                    file: StaticString = #filePath, line: UInt = #line) throws -> ScenarioResult {
        let r = checkSource(SourceFile(name: "t.scroll", text: text), registry: registry)
        XCTAssertEqual(r.diagnostics.map(\.message), [], "check errors", file: file, line: line)
        return runScenario(try XCTUnwrap(r.scenarios.first, file: file, line: line))
    }

    /// `text` checks clean and its one scenario passes.
    func passes(_ text: String, registry: BehaviourRegistry = .builtIn, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try runChecked(text, registry: registry, file: file, line: line)
        XCTAssertNil(r.failure, "\(r.failure.map { "\($0.location.line): \($0.message) \($0.notes)" } ?? "")", file: file, line: line)
    }
}
