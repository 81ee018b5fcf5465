import Foundation
import Testing
import ScrollScriptTesting
import SnapToRows

/// The scenarios in scenarios/, each failure an issue at its .scroll line.
@Test func snapScenarios() {
    let report = ScrollScenarios.check("scenarios", behaviours: [SnapToRows.self])
    #expect(report.passed == 4)
}

/// Every scenario checks something (spec §5, v1.5): no checker warning, so that
/// `check --strict` and `run --strict` pass them too.
@Test func scenariosHaveNoWarning() throws {
    let registry = try BehaviourRegistry.with([SnapToRows.self])
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios/snap-to-rows.scroll")
    let checked = checkSource(SourceFile(name: "snap-to-rows.scroll", text: try String(contentsOf: file, encoding: .utf8)),
                              registry: registry)
    #expect(checked.diagnostics.map(\.message) == [])
    #expect(checked.warnings.map(\.message) == [])
    #expect(checked.scenarios.count == 4)
}
