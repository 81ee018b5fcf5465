import Testing
import ScrollScriptTesting
import SnapToRows

/// The scenarios in scenarios/, each failure an issue at its .scroll line.
@Test func snapScenarios() {
    let report = ScrollScenarios.check("scenarios", behaviours: [SnapToRows.self])
    #expect(report.passed == 4)
}
