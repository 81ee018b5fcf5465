// Scenario files from a user's own tests (spec §8): one call runs them with the user's
// behaviours and records each failed scenario as a test failure at its `.scroll` line, so
// that `swift test` and Xcode point there. XCTest and Swift Testing; a product of its own,
// so that the language library and the command never link a test framework.
import Foundation
import Testing
import XCTest
@_exported import ScrollScript

extension XCTestCase {
    /// Runs the scenario files at `paths` — files, or directories searched for `*.scroll`
    /// as `scrollscript run` does; relative to your package's root (the folder holding
    /// the Package.swift above this test file) — with the built-in behaviours and
    /// `behaviours`, and records each failed scenario, and each file that could not run, as
    /// a failure at its `.scroll` file and line. A behaviour refused at registration, or no
    /// scenario found, is a failure at this call. Prints what ran, in a line
    /// (`ScenarioTestReport.summary`: `scenarios: 4 ran, 4 passed, 0 failed`), so that
    /// `swift test` shows it. Returns what ran.
    @discardableResult
    public func runScrollScenarios(_ paths: String..., behaviours: [any ScrollBehaviour.Type],
                                   file: StaticString = #filePath, line: UInt = #line) -> ScenarioTestReport {
        let report = runScenarioTests(paths, behaviours: behaviours, directory: packageRoot(of: "\(file)"))
        print(report.summary)
        for f in report.failures {
            let path = f.file ?? "\(file)"
            let at = f.file == nil ? Int(line) : f.line
            #if canImport(ObjectiveC)
            let context = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: path, lineNumber: at))
            record(XCTIssue(type: .assertionFailure, compactDescription: f.message, sourceCodeContext: context))
            #else
            recordFailure(withDescription: f.message, inFile: path, atLine: at, expected: true)
            #endif
        }
        return report
    }
}

/// Scenario files from Swift Testing.
public enum ScrollScenarios {
    /// Runs the scenario files at `paths` (as `XCTestCase.runScrollScenarios`) and records
    /// each failed scenario, and each file that could not run, as an issue at its `.scroll`
    /// file, line and column (`Issue.record`). A behaviour refused at registration, or no
    /// scenario found, is an issue at this call. Prints what ran, in a line (as
    /// `runScrollScenarios`). Returns what ran.
    @discardableResult
    public static func check(_ paths: String..., behaviours: [any ScrollBehaviour.Type],
                             fileID: String = #fileID, filePath: String = #filePath,
                             line: Int = #line, column: Int = #column) -> ScenarioTestReport {
        let report = runScenarioTests(paths, behaviours: behaviours, directory: packageRoot(of: filePath))
        print(report.summary)
        for f in report.failures {
            let location: Testing.SourceLocation
            if let file = f.file {
                let name = file.split(separator: "/").last.map(String.init) ?? file
                location = Testing.SourceLocation(fileID: "scenarios/" + name, filePath: file, line: max(1, f.line), column: max(1, f.column))
            } else {
                location = Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            }
            Issue.record(Comment(rawValue: f.message), sourceLocation: location)
        }
        return report
    }
}

/// The nearest folder above `file` that holds a Package.swift (nil: none).
func packageRoot(of file: String) -> String? {
    var url = URL(fileURLWithPath: file).deletingLastPathComponent()
    while url.path != "/" && !url.path.isEmpty {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        url = url.deletingLastPathComponent()
    }
    return nil
}
