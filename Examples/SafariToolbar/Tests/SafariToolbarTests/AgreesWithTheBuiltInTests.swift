import Foundation
import XCTest
import ScrollScriptTesting
import SafariToolbar

/// Every shipped scenario that uses the built-in toolbar (post 003's, spec §6.4), run again
/// with this port in its place, gives the same trace, row for row: every default column,
/// the built-in's `toolbar.*` read as the port's `safari.*`.
final class AgreesWithTheBuiltInTests: XCTestCase {
    /// The ScrollScript checkout this example lives in (two folders up).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The scenario with the port in place of the built-in toolbar: `toolbar [H]` becomes
    /// `use safari; set safari.height H` on the same line (a bare `toolbar` sets 44 again,
    /// as the word does), and every other `toolbar` is `safari` (its names, `tap`, `tap.target`).
    static func ported(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let indent = line.prefix(line.count - trimmed.count)
            let words = trimmed.split(separator: " ")
            if words.first == "toolbar", words.count <= 2 {
                return indent + "use safari; set safari.height " + (words.count == 2 ? String(words[1]) : "44")
            }
            return line.replacingOccurrences(of: "toolbar", with: "safari")
        }.joined(separator: "\n")
    }

    /// Each scenario's default trace, as CSV.
    static func traces(_ text: String, name: String, registry: BehaviourRegistry) throws -> [String: String] {
        let checked = checkSource(SourceFile(name: name, text: text), registry: registry)
        guard checked.diagnostics.isEmpty else {
            throw NSError(domain: "check", code: 1, userInfo: [NSLocalizedDescriptionKey: checked.diagnostics.map { $0.message }.joined(separator: "\n")])
        }
        var out: [String: String] = [:]
        for s in checked.scenarios {
            var bytes: [UInt8] = []
            TraceWriter(columns: TraceColumns.defaults(for: s.config), format: .csv) { bytes += $0 }.trace(ScenarioPlayback(s))
            out[s.name] = String(decoding: bytes, as: UTF8.self)
        }
        return out
    }

    /// Scenarios of the built-in's own rule that a behaviour's view has no counterpart for:
    /// `tap toolbar` on a toolbar with no part on screen while it hides from the bottom edge
    /// goes to its reveal zone (spec §4), which `tap safari`, a targeted tap on the port's view,
    /// does not redirect (spec §9 sets this redirect aside for a declared toolbar too).
    static let builtInOnly: Set<String> = ["tap toolbar on a toolbar hiding from the bottom edge reaches its reveal zone"]

    func testEveryShippedToolbarScenarioGivesTheSameTraceRowForRow() throws {
        let registry = try BehaviourRegistry.with([SafariToolbar.self])
        let dir = Self.repository.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scroll") }.sorted()
        var compared = 0, rows = 0, toolbarScenarios = 0
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("toolbar") else { continue }
            let builtIn = try Self.traces(text, name: file, registry: .builtIn)
            let port = try Self.traces(Self.ported(text), name: file, registry: registry)
            // Scenario names are ported too (`"tap toolbar while hidden ..."`).
            XCTAssertEqual(Set(builtIn.keys.map { $0.replacingOccurrences(of: "toolbar", with: "safari") }), Set(port.keys), file)
            for (scenario, trace) in builtIn.sorted(by: { $0.key < $1.key }) where !Self.builtInOnly.contains(scenario) {
                let expected = trace.replacingOccurrences(of: "toolbar", with: "safari").split(separator: "\n", omittingEmptySubsequences: false)
                let actual = (port[scenario.replacingOccurrences(of: "toolbar", with: "safari")] ?? "")
                    .split(separator: "\n", omittingEmptySubsequences: false)
                if trace.contains("toolbar.y") { toolbarScenarios += 1 }
                XCTAssertEqual(expected.count, actual.count, "\(file) \(scenario): row count")
                for (k, (e, a)) in zip(expected, actual).enumerated() where e != a {
                    XCTFail("\(file) \"\(scenario)\" row \(k):\n  built-in \(e)\n  port     \(a)")
                    break
                }
                compared += 1
                rows += expected.count - 1
            }
        }
        // 003, 010, 011, 033, 035, 038, 040, 042, 045, 050, 053: every scenario in them,
        // most with the toolbar's columns.
        XCTAssertGreaterThanOrEqual(compared, 40, "scenarios compared")
        XCTAssertGreaterThanOrEqual(toolbarScenarios, 25, "scenarios with the toolbar")
        print("compared \(compared) scenarios (\(toolbarScenarios) with the toolbar), \(rows) rows")
    }
}
