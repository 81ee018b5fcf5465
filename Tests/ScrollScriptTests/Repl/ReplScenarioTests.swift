import XCTest
import Foundation
@testable import ScrollScript
import ScrollSimTestSupport

/// `:load` + `:step` to the end of every scenario of every shipped file ends where
/// `run` ends: same time, same observables, same verdict and failure.
final class ReplScenarioTests: XCTestCase {
    func testStepToTheEndOfEveryShippedScenarioMatchesRun() throws {
        let scenarios = try stepEveryScenario(in: "scenarios")
        XCTAssertGreaterThanOrEqual(scenarios.files, 8)
        XCTAssertGreaterThanOrEqual(scenarios.count, 20)
    }

    /// The CLI tests' failing scenarios: the same failure, at the same time, when stepped.
    func testStepToTheEndOfFailingScenariosMatchesRun() throws {
        let scenarios = try stepEveryScenario(in: "Tests/scrollscriptTests/Scenarios/fail")
        XCTAssertEqual(scenarios.failed, scenarios.count)
        XCTAssertGreaterThanOrEqual(scenarios.count, 6)
    }

    private func stepEveryScenario(in folder: String) throws -> (files: Int, count: Int, failed: Int) {
        let dir = ReplCoreTests.root.appendingPathComponent(folder).path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".scroll") }.sorted()
        var scenarios = 0
        var failed = 0
        for file in files {
            let path = dir + "/" + file
            guard case .success(let source) = loadSource(path: path) else { XCTFail(path); continue }
            let checked = checkSource(source)
            XCTAssertEqual(checked.diagnostics, [], path)
            for sc in checked.scenarios {
                scenarios += 1
                let label = "\(file) \(sc.name)"
                // run's way: one uninterrupted run
                let interp = Interpreter(sc)
                let end = interp.run()
                let ran = runScenario(sc)
                // the REPL's way: :load, then :step until the end
                let core = ReplCore()
                XCTAssertFalse(core.load(path: path, scenario: sc.name).failed, label)
                var steps = 0
                var verdict = ""
                var failureText = ""
                while !core.session.interpreter.isFinished && steps < 1_000_000 {
                    let r = core.step(1)
                    if r.text.contains("PASS  ") { verdict = "PASS" }
                    if r.failed { verdict = "FAIL"; failureText = r.text }
                    steps += 1
                }
                XCTAssertEqual(verdict, ran.failure == nil ? "PASS" : "FAIL", label)
                XCTAssertEqual(end == .failed ? "FAIL" : "PASS", verdict, label)
                XCTAssertEqual(core.world.frameIndex, interp.world.frameIndex, label)
                XCTAssertEqual(core.world.time, ran.duration, label)
                XCTAssertEqual(ReplSnapshot(core.world), ReplSnapshot(interp.world), label)
                for o in interp.world.registry.observables where o.subscriptForm == .none && ReplSnapshot.exists(o.id, in: interp.world) {
                    XCTAssertEqual(core.world.value(o.id), interp.world.value(o.id), "\(label) \(o.name)")
                }
                XCTAssertEqual(core.world.visibleFrames(), interp.world.visibleFrames(), label)
                if let f = ran.failure {
                    failed += 1
                    // the failure as run prints it, then the verdict line
                    XCTAssertTrue(failureText.contains(f.render(sourceLines: source.lines)), "\(label)\n\(failureText)")
                    XCTAssertTrue(failureText.contains("FAIL  \(quoteString(sc.name))  (\(formatFixed(ran.duration, 3)) s)"), failureText)
                }
            }
        }
        return (files.count, scenarios, failed)
    }
}
