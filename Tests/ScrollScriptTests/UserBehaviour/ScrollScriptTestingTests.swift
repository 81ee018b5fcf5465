import Foundation
import Testing
import XCTest
import ScrollScriptTesting

/// A test case that keeps what `runScrollScenarios` records instead of failing (the harness
/// never runs it: it is made here only to receive the failures).
final class RecordingTestCase: XCTestCase {
    var recorded: [(description: String, file: String, line: Int)] = []

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        recorded.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
                         issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        recorded.append((description, filePath, lineNumber))
    }
    #endif

    static func make() -> RecordingTestCase {
        #if canImport(ObjectiveC)
        return RecordingTestCase()
        #else
        return RecordingTestCase(name: "recording", testClosure: { _ in })
        #endif
    }
}

/// `runScrollScenarios` (XCTest) and `ScrollScenarios.check` (Swift Testing): a failed
/// scenario is recorded at its `.scroll` file and line, a passing one records nothing.
final class ScrollScriptTestingTests: XCTestCase {
    let dir = "Tests/ScrollScriptTests/UserBehaviour/TestingScenarios/"

    func testXCTestRecordsAFailedScenarioAtItsLine() {
        let t = RecordingTestCase.make()
        let report = t.runScrollScenarios(dir + "fade-fails.scroll", behaviours: [Fade.self])
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(report.failed, 1)
        XCTAssertEqual(t.recorded.count, 1)
        XCTAssertTrue(t.recorded.first?.file.hasSuffix("/TestingScenarios/fade-fails.scroll") ?? false, "\(t.recorded)")
        XCTAssertEqual(t.recorded.first?.line, 10)
        XCTAssertTrue(t.recorded.first?.description.contains("scenario \"fails on line 10\" failed") ?? false)
        XCTAssertTrue(t.recorded.first?.description.contains("fade.alpha is 0.500") ?? false, t.recorded.first?.description ?? "")
    }

    func testXCTestRecordsNothingForAPassingScenario() {
        let t = RecordingTestCase.make()
        let report = t.runScrollScenarios(dir + "fade-passes.scroll", behaviours: [Fade.self])
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(t.recorded.count, 0)
    }

    func testXCTestRecordsAFileThatCannotRunAtItsErrorAndARefusedBehaviourAtTheCall() {
        let t = RecordingTestCase.make()
        t.runScrollScenarios(dir + "broken.scroll", behaviours: [Fade.self])
        XCTAssertEqual(t.recorded.map { $0.line }, [2])
        XCTAssertEqual(t.recorded.first?.description, "unknown name 'fade.alpah' (did you mean 'fade.alpha'?)")
        let u = RecordingTestCase.make()
        u.runScrollScenarios(dir + "fade-passes.scroll", behaviours: [Fade.self, Fade.self]); let line = #line
        XCTAssertEqual(u.recorded.map { $0.line }, [line])
        XCTAssertEqual(u.recorded.first?.file, #filePath)
        XCTAssertEqual(u.recorded.first?.description, "Fade and Fade are both named 'fade': each behaviour needs a name of its own")
    }
}

@Suite struct ScrollScenariosSwiftTestingTests {
    let dir = "Tests/ScrollScriptTests/UserBehaviour/TestingScenarios/"

    @Test func aFailedScenarioIsAnIssueAtItsLine() {
        var report = ScenarioTestReport()
        withKnownIssue {
            report = ScrollScenarios.check(dir + "fade-fails.scroll", behaviours: [Fade.self])
        } matching: { issue in
            issue.sourceLocation?.line == 10 && issue.sourceLocation?.column == 3
                && issue.sourceLocation?.filePath.hasSuffix("/TestingScenarios/fade-fails.scroll") == true
                && issue.sourceLocation?.fileName == "fade-fails.scroll"
        }
        #expect(report.failed == 1 && report.passed == 1)
    }

    @Test func aPassingScenarioRecordsNothing() {
        // Any issue recorded here would fail this test.
        let report = ScrollScenarios.check(dir + "fade-passes.scroll", behaviours: [Fade.self])
        #expect(report.passed == 1 && report.failures.isEmpty)
    }
}
