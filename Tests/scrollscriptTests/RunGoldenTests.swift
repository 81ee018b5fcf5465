import XCTest

/// End-to-end golden tests of `scrollscript run`: the real binary on files, its stdout,
/// stderr and exit status compared with `Golden/run/NAME.expected`.
///
/// An `.expected` file is:
///
///     args: run Golden/run/NAME.scroll      <- optional; this is the default
///     exit: 1
///     --- stdout
///     ...
///     --- stderr
///     ...
///
/// The binary runs in `Tests/scrollscriptTests`, so paths in the output are relative to it.
/// Every expected file was checked by hand against the predictions in the scenario's
/// comments (line, column, time and values) before it was accepted.
final class RunGoldenTests: XCTestCase {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldenDir = testsDir.appendingPathComponent("Golden/run")

    struct Golden {
        var args: [String]
        var exit: Int32
        var stdout: String
        var stderr: String
    }

    /// Parses an .expected file. `args:` words are split on spaces; `-e` takes the rest of the line.
    static func parse(_ text: String, name: String) -> Golden? {
        var args = ["run", "Golden/run/\(name).scroll"]
        var exit: Int32 = -1
        var section = ""
        var out: [String] = [], err: [String] = []
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line == "--- stdout" { section = "out"; continue }
            if line == "--- stderr" { section = "err"; continue }
            switch section {
            case "out": out.append(line)
            case "err": err.append(line)
            default:
                if line.hasPrefix("args: ") {
                    let rest = String(line.dropFirst(6))
                    if let r = rest.range(of: " -e ") {
                        args = rest[..<r.lowerBound].split(separator: " ").map(String.init) + ["-e", String(rest[r.upperBound...]).replacingOccurrences(of: "\\n", with: "\n")]
                    } else {
                        args = rest.split(separator: " ").map(String.init)
                    }
                } else if line.hasPrefix("exit: ") {
                    exit = Int32(line.dropFirst(6)) ?? -1
                }
            }
        }
        func joined(_ ls: [String]) -> String { ls.isEmpty ? "" : ls.joined(separator: "\n") + "\n" }
        return Golden(args: args, exit: exit, stdout: joined(out), stderr: joined(err))
    }

    static func render(_ g: Golden, _ o: CLI.Output, defaultArgs: Bool) -> String {
        var s = defaultArgs ? "" : "args: \(g.args.joined(separator: " "))\n"
        s += "exit: \(o.status)\n--- stdout\n" + o.stdout + "--- stderr\n" + o.stderr
        return s
    }

    func testGoldenRuns() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDir.path)
            .filter { $0.hasSuffix(".expected") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        // A scenario without its .expected would otherwise never run: fail, never skip.
        let scrolls = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDir.path)
            .filter { $0.hasSuffix(".scroll") }.sorted()
        for scroll in scrolls where !names.contains(String(scroll.dropLast(".scroll".count)) + ".expected") {
            XCTFail("Golden/run/\(scroll) has no .expected file")
        }
        // Likewise each Scenarios/KIND/X.scroll is pinned by Golden/run/scenarios-KIND-X.expected.
        var scenarioFiles = 0
        for kind in ["bad", "fail", "pass"] {
            let dir = Self.testsDir.appendingPathComponent("Scenarios/\(kind)").path
            for scroll in try FileManager.default.contentsOfDirectory(atPath: dir).filter({ $0.hasSuffix(".scroll") }).sorted() {
                scenarioFiles += 1
                let golden = "scenarios-\(kind)-" + scroll.dropLast(".scroll".count) + ".expected"
                XCTAssertTrue(names.contains(golden), "Scenarios/\(kind)/\(scroll) has no Golden/run/\(golden)")
            }
        }
        XCTAssertGreaterThanOrEqual(scenarioFiles, 22, "13 bad, 6 failing and 3 passing scenarios")
        for file in names {
            let name = String(file.dropLast(".expected".count))
            let text = try String(contentsOf: Self.goldenDir.appendingPathComponent(file), encoding: .utf8)
            guard let g = Self.parse(text, name: name) else { XCTFail("cannot parse \(file)"); continue }
            let o = try CLI.run(g.args, in: Self.testsDir)
            XCTAssertEqual(o.status, g.exit, "\(name): exit status")
            XCTAssertEqual(o.stdout, g.stdout, "\(name): stdout")
            XCTAssertEqual(o.stderr, g.stderr, "\(name): stderr")
            if ProcessInfo.processInfo.environment["SCROLLSCRIPT_SHOW_GOLDEN"] != nil,
               o.status != g.exit || o.stdout != g.stdout || o.stderr != g.stderr {
                print("=== \(name)\n" + Self.render(g, o, defaultArgs: !text.hasPrefix("args:")))
            }
            // Never a crash: a signal would show as a status above 2.
            XCTAssertLessThanOrEqual(o.status, 2, name)
        }
    }
}
