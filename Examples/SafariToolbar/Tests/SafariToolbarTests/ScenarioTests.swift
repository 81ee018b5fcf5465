import XCTest
import ScrollScriptTesting
import SafariToolbar

/// The example's own scenarios (scenarios/), each failure at its .scroll line.
final class ScenarioTests: XCTestCase {
    func testScenarios() {
        let report = runScrollScenarios("scenarios", behaviours: [SafariToolbar.self])
        XCTAssertGreaterThan(report.passed, 0)
    }
}
