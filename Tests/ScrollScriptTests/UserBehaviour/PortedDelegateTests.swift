import Foundation
import XCTest
@testable import ScrollScript
import ScrollScriptTesting
@testable import PortedDelegates

/// Two app delegates (Tests/PortedDelegates/Originals, as an app writes them: a state enum
/// without raw values, no init of their own, a `Double` and an `Int` read as numbers) ported
/// with only README's checklist — the import, the protocol, the declaration — pass their
/// scenarios; a behaviour's number that becomes NaN fails the statement during which it did.
final class PortedDelegateTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenarios = "Tests/ScrollScriptTests/UserBehaviour/PortedScenarios"
    let testing = "Tests/ScrollScriptTests/UserBehaviour/TestingScenarios/"

    /// The lines of `a` not in `b`, and of `b` not in `a`, by a longest common subsequence.
    static func diff(_ a: [String], _ b: [String]) -> (removed: [String], added: [String]) {
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var i = 0, j = 0, removed: [String] = [], added: [String] = []
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { i += 1; j += 1 }
            else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] { added.append(b[j]); j += 1 }
            else { removed.append(a[i]); i += 1 }
        }
        return (removed, added)
    }

    func testThePortsDifferFromTheAppsDelegatesOnlyByTheChecklistsEdits() throws {
        let dir = PortedDelegateTests.root.appendingPathComponent("Tests/PortedDelegates")
        for name in ["TitleFadeController", "FeedPager"] {
            let original = try String(contentsOf: dir.appendingPathComponent("Originals/\(name).swift.txt"), encoding: .utf8)
            let port = try String(contentsOf: dir.appendingPathComponent("\(name).swift"), encoding: .utf8)
            // Blank lines aside (the diff may pair them either way).
            let lines = { (text: String) in text.components(separatedBy: "\n").filter { !$0.isEmpty } }
            let (removed, added) = PortedDelegateTests.diff(lines(original), lines(port))
            // 1. the import; 2. the protocol on the class's line.
            XCTAssertEqual(removed, ["import UIKit", "final class \(name): NSObject, UIScrollViewDelegate {"], name)
            XCTAssertEqual(added.prefix(2), ["import ScrollScript", "final class \(name): NSObject, ScrollBehaviour {"], name)
            // 3. the declaration: one statement, `static let declaration = BehaviourSpec<...>(`
            // up to its closing parenthesis, and nothing else.
            let declaration = Array(added.dropFirst(2))
            XCTAssertEqual(declaration.first, "    static let declaration = BehaviourSpec<\(name)>(", name)
            XCTAssertTrue(declaration.last?.hasSuffix(")") ?? false, "\(name): \(declaration)")
            let opened = declaration.joined().filter { $0 == "(" }.count, closed = declaration.joined().filter { $0 == ")" }.count
            XCTAssertEqual(opened, closed, "\(name): the declaration is one statement")
            XCTAssertEqual(port.components(separatedBy: "static let declaration").count, 2, name)
        }
    }

    func testTheirDeclarationsReadAPlainEnumAnIntAndADouble() throws {
        let registry = try BehaviourRegistry.with(portedBehaviours)
        let title = try XCTUnwrap(registry.ids.map { registry.declaration($0) }.first { $0.name == "navtitle" })
        // `enum TitleState { case hidden, fading, visible }`: its case names, in order.
        XCTAssertEqual(title.states, ["hidden", "fading", "visible"])
        XCTAssertEqual(title.observables.map { $0.name }, ["alpha", "state"])
        // Observables come first on the REPL's change line, in declaration order.
        XCTAssertEqual(title.observables.map { $0.prominence }, [1, 1])
    }

    func testTheirScenariosPassThroughRunScrollScenarios() {
        let t = RecordingTestCase.make()
        let report = t.runScrollScenarios(scenarios, behaviours: portedBehaviours)
        XCTAssertEqual(t.recorded.map { "\($0.file):\($0.line): \($0.description)" }, [])
        XCTAssertEqual(report.passed, 4)
        XCTAssertEqual(report.failed, 0)
        XCTAssertEqual(report.summary, "scenarios: 4 ran, 4 passed, 0 failed")
    }

    func testAScenarioOfThemThatIsWrongFailsAtItsLine() {
        // The same file with one expectation changed: page 1 where the pager goes to 2.
        let url = PortedDelegateTests.root.appendingPathComponent(scenarios + "/pager.scroll")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return XCTFail("no pager.scroll") }
        let changed = text.replacingOccurrences(of: "expect offset == 1334 and pager.page == 2", with: "expect offset == 1334 and pager.page == 1")
        XCTAssertNotEqual(changed, text)
        let line = (changed.components(separatedBy: "\n").firstIndex { $0.contains("pager.page == 1") && $0.contains("1334") } ?? -1) + 1
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ported-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true))
        XCTAssertNoThrow(try changed.write(to: dir.appendingPathComponent("pager.scroll"), atomically: true, encoding: .utf8))
        let t = RecordingTestCase.make()
        let report = t.runScrollScenarios(dir.appendingPathComponent("pager.scroll").path, behaviours: portedBehaviours)
        XCTAssertEqual(report.failed, 1)
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(t.recorded.map { $0.line }, [line])
        XCTAssertTrue(t.recorded.first?.description.contains("pager.page is 2") ?? false, t.recorded.first?.description ?? "")
    }

    func testANumberThatBecomesNaNFailsTheStatementDuringWhichItDidThoughNothingReadsIt() {
        let t = RecordingTestCase.make()
        let report = t.runScrollScenarios(testing + "dim-nan.scroll", behaviours: faultyBehaviours)
        XCTAssertEqual(report.failed, 1)
        XCTAssertEqual(t.recorded.map { $0.line }, [9])
        let message = t.recorded.first?.description ?? ""
        // The 16th frame of the second drag (the file's comment works it out).
        XCTAssertTrue(message.contains("behaviour 'dim' reported dim.alpha = nan: a value must be a finite number at t = 0.767"), message)
    }
}
