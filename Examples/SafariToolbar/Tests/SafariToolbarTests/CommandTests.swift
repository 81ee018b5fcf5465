import Foundation
import XCTest

/// `safari-scrollscript` (the package's executable: ScrollScriptCommand.main with the port)
/// run as a process on the example's scenario file: `use safari` is known to its commands.
final class CommandTests: XCTestCase {
    /// The built executable, next to the .xctest bundle.
    static var binary: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("safari-scrollscript")
        }
        return Bundle.main.bundleURL.appendingPathComponent("safari-scrollscript")
    }

    /// The package's root (this file is Tests/SafariToolbarTests/CommandTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the command with `args` in the package's root; its status and standard output.
    func command(_ args: [String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = CommandTests.binary
        p.arguments = args
        p.currentDirectoryURL = CommandTests.root
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func testRunPassesTheScenariosThatUseTheBehaviour() throws {
        let r = try command(["run", "scenarios/003-safari-toolbar.scroll"])
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("PASS  scenarios/003-safari-toolbar.scroll  \"a slow drag up past 22 pt hides it\""), r.out)
        XCTAssertFalse(r.out.contains("FAIL"), r.out)
    }

    func testCheckAndTraceKnowTheBehaviour() throws {
        // --strict: every scenario checks something (spec §5, v1.5), no warning.
        let check = try command(["check", "--strict", "scenarios/003-safari-toolbar.scroll"])
        XCTAssertEqual(check.status, 0, check.out + check.err)
        XCTAssertTrue(check.out.hasPrefix("ok: 1 file"), check.out)
        XCTAssertFalse(check.out.contains("warning"), check.out)
        // The trace has the behaviour's columns; at rest before any gesture the toolbar is
        // shown at 667 - 44 = 623 (spec §6.4's post-003 numbers).
        let trace = try command(["trace", "scenarios/003-safari-toolbar.scroll", "--scenario", "a slow drag up past 22 pt hides it",
                                 "--columns", "time,safari.y,safari.state"])
        XCTAssertEqual(trace.status, 0, trace.out + trace.err)
        let lines = trace.out.split(separator: "\n")
        XCTAssertEqual(lines.first?.split(separator: ",").prefix(3), ["time", "safari.y", "safari.state"])
        let first = lines.dropFirst().first?.split(separator: ",") ?? []
        XCTAssertEqual(first.dropFirst().prefix(2).compactMap { Double($0) ?? ($0 == "shown" ? 1 : nil) }, [623, 1], trace.out)
    }

    func testTheReplCompletesAndShowsTheBehaviour() throws {
        let r = try command(["repl"], input: "use safari\nprint safari.y\n")
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("623"), r.out)
    }

    func testTheBehaviourIsUnknownToTheStockToolOnly() throws {
        // A misspelt name gets the command's own behaviours as "did you mean".
        let r = try command(["check", "-"], input: "scene { use safary }\nscenario \"s\" { settle }\n")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue((r.out + r.err).contains("did you mean 'safari'"), r.out + r.err)
    }
}
