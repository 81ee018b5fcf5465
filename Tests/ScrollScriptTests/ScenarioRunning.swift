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

    /// `f` failed where (`line`, `column`), when (`time`, to 1e-12 s) and as expected
    /// (`message`, `notes`); what is nil is not checked.
    func assertFailure(_ f: RunFailure, line: Int? = nil, column: Int? = nil, time: Double, message: String,
                       notes: [String]? = nil, file: StaticString = #filePath, testLine: UInt = #line) {
        if let line { XCTAssertEqual(f.location.line, line, "line", file: file, line: testLine) }
        if let column { XCTAssertEqual(f.location.column, column, "column", file: file, line: testLine) }
        XCTAssertEqual(f.time, time, accuracy: 1e-12, "time", file: file, line: testLine)
        XCTAssertEqual(f.message, message, file: file, line: testLine)
        if let notes { XCTAssertEqual(f.notes, notes, file: file, line: testLine) }
    }
}

/// Tests whose scenarios all start with the same scene lines (`scene`).
protocol SceneTests: XCTestCase {
    var scene: String { get }
}

extension SceneTests {
    /// Runs `body` after the scene (it must check clean); returns the failure, or nil when
    /// it passes.
    func run(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> RunFailure? {
        try runChecked(scene + body, file: file, line: line).failure
    }
}
