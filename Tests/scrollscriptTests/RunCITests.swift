import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `scrollscript run` in CI: JUnit, JSON Lines, GitHub annotations, --jobs, --shard,
/// --list, --filter, the failures list, colour, Ctrl-C. The binary runs on the real files
/// of `CI/corpus` (2 passing files, 2 failing, 1 that does not check) and on generated
/// corpora. Expected values are worked out from the corpus files by hand (see their
/// comments), never taken from the tool's output.
final class RunCITests: XCTestCase {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let corpus = "CI/corpus"

    func run(_ args: [String], in dir: URL = RunCITests.testsDir, env: [String: String] = [:]) throws -> CLI.Output {
        try CLI.run(args, in: dir, env: env)
    }

    static let japaneseName = "ヘッダーが伸びる \"引用\" ]]> & <b> \u{1}\u{1B}"

    // MARK: - JUnit

    /// A parsed XML element.
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(_ name: String, _ attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
        func all(_ n: String) -> [Node] { children.filter { $0.name == n } }
    }

    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Node] = []
        var root: Node?
        var error: Error?
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let n = Node(elementName, attributeDict)
            stack.last?.children.append(n)
            if root == nil { root = n }
            stack.append(n)
        }
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
    }

    func parseXML(_ data: Data) throws -> Node {
        let parser = XMLParser(data: data)
        let b = TreeBuilder()
        parser.delegate = b
        let ok = parser.parse()
        XCTAssertTrue(ok, "XMLParser: \(String(describing: parser.parserError ?? b.error))")
        return try XCTUnwrap(b.root)
    }

    func testJUnitReportParsesWithXMLParser() throws {
        let dir = try CLI.tempDir()
        let report = dir.appendingPathComponent("junit.xml")
        let o = try run(["run", "--junit", report.path, Self.corpus])
        XCTAssertEqual(o.status, 2, o.stderr)
        let root = try parseXML(try Data(contentsOf: report))
        XCTAssertEqual(root.name, "testsuites")
        // 6 scenarios in 4 runnable files + 1 file that does not check.
        XCTAssertEqual(root.attributes["tests"], "7")
        XCTAssertEqual(root.attributes["failures"], "2")
        XCTAssertEqual(root.attributes["errors"], "1")
        // Simulated time: 0.017 + 0.400 + 0.050 + 0.400 + 0.333 + 0.400 (each as printed).
        let suites = root.all("testsuite")
        XCTAssertEqual(suites.map { $0.attributes["name"] ?? "" }, [
            "CI/corpus/bad/typo.scroll", "CI/corpus/fail/a,b:50%.scroll", "CI/corpus/fail/wrong number.scroll",
            "CI/corpus/pass/stretch.scroll", "CI/corpus/pass/日本語.scroll",
        ])
        XCTAssertEqual(suites.map { $0.attributes["tests"] ?? "" }, ["1", "1", "2", "2", "1"])
        XCTAssertEqual(suites.map { $0.attributes["failures"] ?? "" }, ["0", "1", "1", "0", "0"])
        XCTAssertEqual(suites.map { $0.attributes["errors"] ?? "" }, ["1", "0", "0", "0", "0"])

        // The broken file: an <error> with its diagnostic.
        let bad = try XCTUnwrap(suites[0].all("testcase").first)
        XCTAssertEqual(bad.attributes["classname"], "CI.corpus.bad.typo")
        let err = try XCTUnwrap(bad.all("error").first)
        XCTAssertEqual(err.attributes["message"], "1 error; nothing in this file ran")
        XCTAssertTrue(err.text.hasPrefix("CI/corpus/bad/typo.scroll:4:3: error: unknown statement 'setle' (did you mean 'settle'?)\n  setle\n  ^\n"), err.text)

        // A failure: file:line:col, message, the values.
        let wrong = suites[2].all("testcase")
        XCTAssertEqual(wrong.map { $0.attributes["name"] ?? "" }, ["wrong stretch", "passes after the failure"])
        XCTAssertEqual(wrong[0].attributes["time"], "0.400")
        XCTAssertEqual(wrong[0].attributes["line"], "3")
        XCTAssertEqual(wrong[0].attributes["file"], "CI/corpus/fail/wrong number.scroll")
        let failure = try XCTUnwrap(wrong[0].all("failure").first)
        XCTAssertEqual(failure.attributes["message"], "expectation is false")
        XCTAssertTrue(failure.text.hasPrefix("CI/corpus/fail/wrong number.scroll:7:3: error: expectation is false\n"), failure.text)
        XCTAssertTrue(failure.text.contains("header.height is 300.06 at t = 0.400 s"), failure.text)
        XCTAssertTrue(wrong[1].all("failure").isEmpty)
        XCTAssertEqual(wrong[1].attributes["time"], "0.050")  // tick 3 at 60 fps

        // Escaping: Japanese, quotes, ']]>', '&', '<' come back exactly; U+0001 and U+001B,
        // which XML 1.0 cannot hold, come back as their control pictures U+2401, U+241B.
        let jp = try XCTUnwrap(suites[4].all("testcase").first)
        XCTAssertEqual(jp.attributes["name"], "ヘッダーが伸びる \"引用\" ]]> & <b> \u{2401}\u{241B}")
        XCTAssertEqual(jp.attributes["classname"], "CI.corpus.pass.日本語")
        XCTAssertEqual(jp.all("system-out").first?.text, "t = 0.400 s: <out> ]]> \u{2407} 100%\n")
        // Printed lines of a passing scenario.
        let stretch = suites[3].all("testcase")
        XCTAssertEqual(stretch[0].all("system-out").first?.text, "t = 0.400 s: header.height = 300.06\n")
        // No temporary file is left next to the report.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["junit.xml"])
    }

    func testJUnitEscapesEveryControlCharacterAndCarriageReturns() throws {
        let dir = try CLI.tempDir()
        let report = dir.appendingPathComponent("j.xml")
        // Every C0 control but NUL (which a scenario string cannot hold), as the scenario name.
        var name = ""
        for v in 1..<0x20 { name += "\\u{\(String(v, radix: 16))}" }
        let o = try run(["run", "--junit", report.path, "-e", "scenario \"\(name) 'x' \\\"y\\\" ]]>\" { tick }"], in: dir)
        XCTAssertEqual(o.status, 0, o.stderr)
        let root = try parseXML(try Data(contentsOf: report))
        let tc = try XCTUnwrap(root.all("testsuite").first?.all("testcase").first)
        // Tab, line feed and carriage return are XML characters: they come back as they were;
        // every other C0 control becomes its control picture U+2400 + code.
        var expected = ""
        for v in UInt32(1)..<0x20 {
            expected.unicodeScalars.append(Unicode.Scalar([0x09, 0x0A, 0x0D].contains(v) ? v : 0x2400 + v)!)
        }
        XCTAssertEqual(tc.attributes["name"], expected + " 'x' \"y\" ]]>")
    }

    func testJUnitIsReplacedAtomicallyAndAnUnwritablePlaceIsRefusedBeforeRunning() throws {
        let dir = try CLI.tempDir()
        let report = dir.appendingPathComponent("r.xml")
        try "old".write(to: report, atomically: false, encoding: .utf8)
        let o = try run(["run", "--junit", report.path, "CI/corpus/pass"])
        XCTAssertEqual(o.status, 0, o.stderr)
        XCTAssertTrue(try String(contentsOf: report, encoding: .utf8).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["r.xml"])
        // A link stays a link: the file it points to is replaced.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.xml").path, withDestinationPath: "r.xml")
        try "old".write(to: report, atomically: false, encoding: .utf8)
        XCTAssertEqual(try run(["run", "--junit", dir.appendingPathComponent("link.xml").path, "CI/corpus/pass"]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.xml").path), "r.xml")
        XCTAssertTrue(try String(contentsOf: report, encoding: .utf8).hasPrefix("<?xml"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["link.xml", "r.xml"])
        // Not a regular file (a pipe here): written straight into, not replaced.
        let piped = try run(["run", "--format", "jsonl", "--junit", "/dev/stdout", "CI/corpus/pass"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.contains("{\"type\":\"summary\",\"passed\":3,"), piped.stdout)
        XCTAssertTrue(piped.stdout.hasSuffix("</testsuites>\n"), piped.stdout)
        let missing = dir.appendingPathComponent("no/such/dir/r.xml").path
        let bad = try run(["run", "--junit", missing, "CI/corpus/pass"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "", "nothing runs when the report cannot be written")
        XCTAssertEqual(bad.stderr, "scrollscript: cannot write JUnit report '\(missing)': No such file or directory\n")
        let isDir = try run(["run", "--junit", dir.path, "CI/corpus/pass"])
        XCTAssertEqual(isDir.status, 2)
        XCTAssertTrue(isDir.stderr.contains("it is a directory"), isDir.stderr)
    }

    // MARK: - JSON Lines

    func testJSONLinesParseWithJSONSerialization() throws {
        let o = try run(["run", "--format", "jsonl", Self.corpus, "missing.scroll"])
        XCTAssertEqual(o.status, 2)
        let lines = o.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(o.stdout.last, "\n")
        let objects = try lines.map { line -> [String: Any] in
            let obj = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try XCTUnwrap(obj as? [String: Any], String(line))
        }
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["error", "scenario", "scenario", "scenario", "scenario", "scenario", "scenario", "error", "summary"])
        let bad = objects[0]
        XCTAssertEqual(bad["file"] as? String, "CI/corpus/bad/typo.scroll")
        let diags = try XCTUnwrap(bad["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diags.count, 1)
        XCTAssertEqual(diags[0]["line"] as? Int, 4)
        XCTAssertEqual(diags[0]["column"] as? Int, 3)
        XCTAssertEqual(diags[0]["message"] as? String, "unknown statement 'setle' (did you mean 'settle'?)")

        let release = objects[1]
        XCTAssertEqual(release["name"] as? String, "50% done, really: no")
        XCTAssertEqual(release["status"] as? String, "failed")
        XCTAssertEqual(release["line"] as? Int, 3)
        let rf = try XCTUnwrap(release["failure"] as? [String: Any])
        XCTAssertEqual(rf["file"] as? String, "CI/corpus/fail/a,b:50%.scroll")
        XCTAssertEqual(rf["line"] as? Int, 5)
        XCTAssertEqual(rf["column"] as? Int, 3)

        let wrong = objects[2]
        XCTAssertEqual(wrong["time"] as? Double, 0.4)
        let wf = try XCTUnwrap(wrong["failure"] as? [String: Any])
        XCTAssertEqual(wf["message"] as? String, "expectation is false")
        XCTAssertEqual(wf["line"] as? Int, 7)
        XCTAssertEqual(wf["notes"] as? [String], ["header.height is 300.06 at t = 0.400 s", "~= expected 290.00 within 0.50, actual 300.06 (off by 10.06)"])
        XCTAssertTrue(objects[3]["failure"] is NSNull)
        XCTAssertEqual(objects[3]["status"] as? String, "passed")
        XCTAssertEqual(objects[4]["output"] as? [String], ["t = 0.400 s: header.height = 300.06"])
        XCTAssertEqual(objects[6]["name"] as? String, Self.japaneseName)
        XCTAssertEqual(objects[6]["output"] as? [String], ["t = 0.400 s: <out> ]]> \u{7} 100%"])
        XCTAssertEqual(objects[7]["file"] as? String, "missing.scroll")
        let summary = objects[8]
        XCTAssertEqual(summary["passed"] as? Int, 4)
        XCTAssertEqual(summary["failed"] as? Int, 2)
        XCTAssertEqual(summary["errors"] as? Int, 2)
        XCTAssertEqual(summary["exit"] as? Int, 2)
        XCTAssertEqual(summary["interrupted"] as? Bool, false)
    }

    // MARK: - GitHub

    func testGitHubAnnotationsAreEscaped() throws {
        let o = try run(["run", "--format", "github", Self.corpus])
        XCTAssertEqual(o.status, 2)
        let commands = o.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        XCTAssertEqual(commands, [
            "::error file=CI/corpus/bad/typo.scroll,line=4,col=3::unknown statement 'setle' (did you mean 'settle'?)",
            // ',' ':' '%' in the file property; '%' in the message.
            "::error file=CI/corpus/fail/a%2Cb%3A50%25.scroll,line=5,col=3::scenario \"50%25 done, really: no\": there is no finger down to release ('release' follows a 'pull' or 'drag')",
            // The notes on their own lines: a line feed is %0A.
            "::error file=CI/corpus/fail/wrong number.scroll,line=7,col=3::scenario \"wrong stretch\": expectation is false%0Aheader.height is 300.06 at t = 0.400 s%0A~= expected 290.00 within 0.50, actual 300.06 (off by 10.06)",
        ])
        // Otherwise the text report, unchanged.
        let text = try run(["run", Self.corpus])
        XCTAssertEqual(o.stdout.split(separator: "\n").filter { !$0.hasPrefix("::") }, text.stdout.split(separator: "\n"))
        let missing = try run(["run", "--format", "github", "no, such:file.scroll"])
        XCTAssertTrue(missing.stdout.contains("::error file=no%2C such%3Afile.scroll::cannot read 'no, such:file.scroll': no such file or directory\n"), missing.stdout)
    }

    // MARK: - The end of the log

    func testFailuresListAndClosingLineEndTheLog() throws {
        let o = try run(["run", Self.corpus])
        let lines = o.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.suffix(5)), [
            "failures:",
            "  ERROR  CI/corpus/bad/typo.scroll  (nothing in it ran)",
            "  FAIL  CI/corpus/fail/a,b:50%.scroll:5  \"50% done, really: no\"",
            "  FAIL  CI/corpus/fail/wrong number.scroll:7  \"wrong stretch\"",
            // The file that could not run is counted too (spec §7: a closing line never hides it).
            "4 passed, 2 failed, 1 error",
        ])
        XCTAssertEqual(lines.filter { $0.contains(" passed, ") && $0.first?.isNumber == true }.count, 1)
        // Nothing failed: no list.
        let pass = try run(["run", "CI/corpus/pass"])
        XCTAssertEqual(pass.stdout.split(separator: "\n").last, "3 passed, 0 failed")
        XCTAssertFalse(pass.stdout.contains("failures:"))
    }

    /// The folder: one passing file, one with a syntax error, one broken link. Two
    /// files could not run, so the closing line says `2 errors` in the text and github
    /// formats (exit 2), as the JSON Lines summary's `errors` and JUnit's `errors` count them.
    func testTheClosingLineCountsFilesThatCouldNotRun() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try "pull 10\n".write(to: tree.appendingPathComponent("a.scroll"), atomically: true, encoding: .utf8)
        try "pull 10 {\n".write(to: tree.appendingPathComponent("b.scroll"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("c.scroll").path, withDestinationPath: "nowhere.scroll")
        for format in ["text", "github"] {
            let o = try run(["run", "--format", format, "tree"], in: dir)
            XCTAssertEqual(o.status, 2, format)
            XCTAssertEqual(o.stdout.split(separator: "\n").last, "1 passed, 0 failed, 2 errors", format + "\n" + o.stdout)
        }
        let jsonl = try run(["run", "--format", "jsonl", "tree"], in: dir)
        XCTAssertTrue(jsonl.stdout.hasSuffix("\"passed\":1,\"failed\":0,\"errors\":2,\"interrupted\":false,\"exit\":2}\n"), jsonl.stdout)
        // One file that could not run: `1 error`; none: the line stays `N passed, M failed`.
        try FileManager.default.removeItem(at: tree.appendingPathComponent("c.scroll"))
        XCTAssertEqual(try run(["run", "tree"], in: dir).stdout.split(separator: "\n").last, "1 passed, 0 failed, 1 error")
        try FileManager.default.removeItem(at: tree.appendingPathComponent("b.scroll"))
        XCTAssertEqual(try run(["run", "tree"], in: dir).stdout.split(separator: "\n").last, "1 passed, 0 failed")
    }

    func testDiagnosticsStayNextToTheirErrorLineInOnePipe() throws {
        let o = try run(["/bin/sh", "-c", "\"$0\" run --jobs 3 CI/corpus 2>&1", CLI.binary.path], shell: true)
        let lines = o.stdout.split(separator: "\n").map(String.init)
        let i = try XCTUnwrap(lines.firstIndex(of: "ERROR  CI/corpus/bad/typo.scroll  (1 error; nothing in this file ran)"))
        XCTAssertEqual(Array(lines[(i + 1)...(i + 3)]), [
            "CI/corpus/bad/typo.scroll:4:3: error: unknown statement 'setle' (did you mean 'settle'?)", "  setle", "  ^",
        ])
        XCTAssertTrue(lines[i + 4].hasPrefix("FAIL  CI/corpus/fail/a,b:50%.scroll"), lines[i + 4])
        XCTAssertEqual(lines.last, "4 passed, 2 failed, 1 error")
    }

    /// Runs `/bin/sh -c ...` (args[1...]) in the tests directory.
    func run(_ args: [String], shell: Bool) throws -> CLI.Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: args[0])
        p.arguments = Array(args.dropFirst())
        p.currentDirectoryURL = Self.testsDir
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Output(status: p.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }

    // MARK: - --jobs

    /// A corpus of `files` generated files, each with 3 scenarios; every 7th has a failing
    /// one, every 11th does not check.
    func generatedCorpus(files: Int) throws -> URL {
        let dir = try CLI.tempDir()
        for i in 0..<files {
            var text = ""
            for j in 0..<3 {
                let failing = i % 7 == 3 && j == 1
                text += "scenario \"s\(i)-\(j)\" {\n  header 240 pin 60\n  pull \(30 * (j + 1))\n  print header.height\n"
                text += "  tick \(i % 5)\n  expect header.y == \(failing ? 1 : 0)\n}\n"
            }
            if i % 11 == 5 { text += "setle\n" }
            let sub = dir.appendingPathComponent("d\(i % 4)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try text.write(to: sub.appendingPathComponent("f\(i).scroll"), atomically: false, encoding: .utf8)
        }
        return dir
    }

    func testJobsFourGivesTheBytesOfJobsOneInEveryFormat() throws {
        let gen = try generatedCorpus(files: 60)
        try FileManager.default.createSymbolicLink(atPath: gen.appendingPathComponent("corpus").path,
                                                   withDestinationPath: Self.testsDir.appendingPathComponent(Self.corpus).path)
        for format in ["text", "jsonl", "github"] {
            let one = try run(["run", "--format", format, "--jobs", "1", "--junit", "one.xml", "d0", "corpus/", "d1", "d2", "d3"], in: gen)
            let four = try run(["run", "--format", format, "--jobs", "4", "--junit", "four.xml", "d0", "corpus/", "d1", "d2", "d3"], in: gen)
            XCTAssertEqual(one.status, 2, format)
            XCTAssertEqual(four.status, one.status, format)
            XCTAssertEqual(four.stdout, one.stdout, format)
            XCTAssertEqual(four.stderr, one.stderr, format)
            XCTAssertEqual(try Data(contentsOf: gen.appendingPathComponent("four.xml")), try Data(contentsOf: gen.appendingPathComponent("one.xml")), format)
            // 60 files: 5 do not check (i % 11 == 5: 5, 16, 27, 38, 49), 55 run 3 scenarios
            // each; i % 7 == 3 (3, 10, 17, 24, 31, 38, 45, 52, 59) fail once, but 38 does not
            // check, so 8 fail. Plus the corpus: 4 passed, 2 failed, 1 error.
            if format == "jsonl" {
                XCTAssertTrue(one.stdout.hasSuffix("{\"type\":\"summary\",\"passed\":\(55 * 3 - 8 + 4),\"failed\":\(8 + 2),\"errors\":\(5 + 1),\"interrupted\":false,\"exit\":2}\n"), String(one.stdout.suffix(200)))
            } else {
                XCTAssertTrue(one.stdout.hasSuffix("\n\(55 * 3 - 8 + 4) passed, \(8 + 2) failed, \(5 + 1) errors\n"), String(one.stdout.suffix(200)))
            }
        }
    }

    // MARK: - --shard, --list, --filter

    func listed(_ args: [String], in dir: URL) throws -> [String] {
        let o = try run(["run", "--list"] + args, in: dir)
        XCTAssertLessThanOrEqual(o.status, 2, o.stderr)
        return o.stdout.split(separator: "\n").map(String.init)
    }

    func testShardsAddUpToTheWholeNoneTwice() throws {
        let gen = try generatedCorpus(files: 40)
        let all = try listed(["."], in: gen)
        // 40 files, 3 scenarios each; 4 files do not check (5, 16, 27, 38) and list as ERROR.
        XCTAssertEqual(all.count, 36 * 3 + 4)
        var union: [String] = []
        for n in [1, 2, 4, 7] {
            var seen: [String] = []
            for i in 1...n {
                let part = try listed(["--shard", "\(i)/\(n)", "."], in: gen)
                seen += part
            }
            XCTAssertEqual(seen.count, all.count, "shards of \(n): none twice")
            XCTAssertEqual(Set(seen), Set(all), "shards of \(n) add up to the whole")
            if n == 4 { union = seen }
        }
        XCTAssertFalse(union.isEmpty)
        // And running them: the counts add up too.
        var passed = 0, failed = 0
        for i in 1...4 {
            let o = try run(["run", "--shard=\(i)/4", "--jobs", "2", "."], in: gen)
            let last = o.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let words = last.split(separator: " ")
            passed += Int(words[0]) ?? -1000
            failed += Int(words[2]) ?? -1000
        }
        // 36 runnable files × 3; failing: i % 7 == 3 among 0..<40 and not broken: 3, 10, 17, 24, 31, 38 → 38 is broken → 5.
        XCTAssertEqual(passed, 36 * 3 - 5)
        XCTAssertEqual(failed, 5)
    }

    func testAShardKeepsItsScenariosWhenFilesAreAdded() throws {
        let gen = try generatedCorpus(files: 20)
        let before = try listed(["--shard", "2/3", "."], in: gen)
        for k in 0..<5 {
            try "scenario \"new\(k)\" { tick }\n".write(to: gen.appendingPathComponent("d1/added\(k).scroll"), atomically: false, encoding: .utf8)
        }
        let after = try listed(["--shard", "2/3", "."], in: gen)
        // By hash, not position: nothing that was in shard 2 leaves it; only new files join.
        XCTAssertEqual(after.filter { !$0.contains("added") }, before)
    }

    func testShardIsFNV1aOfPathAndName() throws {
        // 64-bit FNV-1a of "a.scroll\0x", worked out with Python's arbitrary integers
        // (h = 0xcbf29ce484222325; for b in data: h = ((h ^ b) * 0x100000001b3) % 2**64):
        // 0x35b7c5871a55abf7 → mod 2 = 1 → shard 2/2; mod 3 = 2 → shard 3/3.
        let d = try CLI.tempDir()
        try "scenario \"x\" { tick }\n".write(to: d.appendingPathComponent("a.scroll"), atomically: false, encoding: .utf8)
        XCTAssertEqual(try listed(["--shard", "2/2", "a.scroll"], in: d), ["a.scroll  \"x\""])
        XCTAssertEqual(try listed(["--shard", "1/2", "a.scroll"], in: d), [])
        XCTAssertEqual(try listed(["--shard", "3/3", "a.scroll"], in: d), ["a.scroll  \"x\""])
        XCTAssertEqual(try listed(["--shard", "1/3", "a.scroll"], in: d) + (try listed(["--shard", "2/3", "a.scroll"], in: d)), [])
        // An empty shard is not an error: a small suite over many CI jobs.
        let empty = try run(["run", "--shard", "1/2", "a.scroll"], in: d)
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout, "0 passed, 0 failed\n")
        XCTAssertEqual(empty.stderr, "scrollscript: shard 1/2 has no scenarios\n")
        // So is a --filter whose scenarios are all in other shards; one that matches
        // nothing in any shard is still an error.
        let filteredEmpty = try run(["run", "--shard", "1/2", "--filter", "X", "a.scroll"], in: d)
        XCTAssertEqual(filteredEmpty.status, 0)
        XCTAssertEqual(filteredEmpty.stderr, "scrollscript: shard 1/2 has no scenarios\n")
        let typo = try run(["run", "--shard", "1/2", "--filter", "zz", "a.scroll"], in: d)
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "scrollscript: no scenario matches --filter \"zz\"\n")
        // A suite with no scenario in any shard is an error in every shard.
        let sceneOnly = d.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: sceneOnly, withIntermediateDirectories: true)
        let nothing = try run(["run", "--shard", "1/2", "empty"], in: d)
        XCTAssertEqual(nothing.status, 2)
        XCTAssertEqual(nothing.stderr, "scrollscript: no scenario found\n")
        let typoList = try run(["run", "--list", "--shard", "2/2", "--filter", "zz", "a.scroll"], in: d)
        XCTAssertEqual(typoList.status, 2)
        XCTAssertEqual(typoList.stderr, "scrollscript: no scenario matches --filter \"zz\"\n")
    }

    func testListAndRepeatableCaseInsensitiveFilter() throws {
        XCTAssertEqual(try listed([Self.corpus + "/pass", Self.corpus + "/fail"], in: Self.testsDir), [
            "CI/corpus/pass/stretch.scroll  \"pull stretches the header\"",
            "CI/corpus/pass/stretch.scroll  \"drag scrolls the content\"",
            "CI/corpus/pass/日本語.scroll  \"ヘッダーが伸びる \\\"引用\\\" ]]> & <b> \\u{1}\\u{1b}\"",
            "CI/corpus/fail/a,b:50%.scroll  \"50% done, really: no\"",
            "CI/corpus/fail/wrong number.scroll  \"wrong stretch\"",
            "CI/corpus/fail/wrong number.scroll  \"passes after the failure\"",
        ])
        // 'DRAG' matches a name in another case; 'WRONG NUM' a path; either is enough.
        XCTAssertEqual(try listed(["--filter", "DRAG", "--filter=WRONG NUM", Self.corpus + "/pass", Self.corpus + "/fail"], in: Self.testsDir), [
            "CI/corpus/pass/stretch.scroll  \"drag scrolls the content\"",
            "CI/corpus/fail/wrong number.scroll  \"wrong stretch\"",
            "CI/corpus/fail/wrong number.scroll  \"passes after the failure\"",
        ])
        // --list --format jsonl: one object per scenario, parsed by JSONSerialization; a
        // file that does not check is an error object (and exit 2).
        let lj = try run(["run", "--list", "--format", "jsonl", Self.corpus + "/bad", Self.corpus + "/fail"])
        XCTAssertEqual(lj.status, 2)
        let objs = try lj.stdout.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objs.map { $0["type"] as? String }, ["error", "scenario", "scenario", "scenario"])
        XCTAssertEqual(objs.map { $0["name"] as? String }, [nil, "50% done, really: no", "wrong stretch", "passes after the failure"])
        XCTAssertEqual(objs.map { $0["line"] as? Int }, [nil, 3, 3, 10])
        XCTAssertTrue(lj.stderr.hasPrefix("CI/corpus/bad/typo.scroll:4:3: error: unknown statement 'setle'"), lj.stderr)
        let o = try run(["run", "--filter", "drag", "--filter", "zzz", Self.corpus + "/pass"])
        XCTAssertEqual(o.status, 0)
        XCTAssertEqual(o.stdout, "PASS  CI/corpus/pass/stretch.scroll  \"drag scrolls the content\"  (0.333 s)\n1 passed, 0 failed\n")
        let none = try run(["run", "--filter", "zzz", "--filter", "yyy", Self.corpus + "/pass"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "scrollscript: no scenario matches --filter \"zzz\" or --filter \"yyy\"\n")
    }

    func testBadOptionValues() throws {
        for (args, message) in [
            (["--shard", "0/4"], "run: --shard takes I/N with 1 <= I <= N (e.g. --shard 2/4), not '0/4'"),
            (["--shard", "5/4"], "run: --shard takes I/N with 1 <= I <= N (e.g. --shard 2/4), not '5/4'"),
            (["--jobs", "0"], "run: --jobs takes a whole number from 1 to 256, not '0'"),
            (["--format", "josn"], "run: --format is text, jsonl or github, not 'josn'"),
            (["--color", "sometimes"], "run: --color is auto, always or never, not 'sometimes'"),
            (["--junit"], "run: --junit needs an argument"),
        ] {
            let o = try run(["run"] + args + (args.count == 1 ? [] : [Self.corpus]))
            XCTAssertEqual(o.status, 2, "\(args)")
            XCTAssertTrue(o.stderr.hasPrefix("scrollscript: " + message), o.stderr)
            XCTAssertEqual(o.stdout, "")
        }
    }

    // MARK: - Colour

    func testColor() throws {
        let always = try run(["run", "--color", "always", Self.corpus])
        XCTAssertTrue(always.stdout.contains("\u{1B}[32mPASS\u{1B}[0m  CI/corpus/pass/stretch.scroll"), always.stdout)
        XCTAssertTrue(always.stdout.contains("\u{1B}[31mFAIL\u{1B}[0m  CI/corpus/fail/wrong number.scroll  \"wrong stretch\""))
        XCTAssertTrue(always.stdout.contains("\u{1B}[31mERROR\u{1B}[0m  CI/corpus/bad/typo.scroll"))
        // 'always' is an explicit request: it wins over NO_COLOR (no-color.org).
        XCTAssertEqual(try run(["run", "--color", "always", Self.corpus], env: ["NO_COLOR": "1"]).stdout, always.stdout)
        // auto in a pipe, and never: no escape at all.
        for args in [["--color", "auto"], ["--color=never"], []] {
            let o = try run(["run"] + args + [Self.corpus])
            XCTAssertFalse(o.stdout.contains("\u{1B}"), "\(args)")
            XCTAssertFalse(o.stderr.contains("\u{1B}"), "\(args)")
        }
        // JSON Lines never has colour.
        XCTAssertFalse(try run(["run", "--color", "always", "--format", "jsonl", Self.corpus]).stdout.contains("\u{1B}"))
    }

    // MARK: - Ctrl-C

    func testCtrlCStopsEveryWorkerAndEndsWithTheClosingLine() throws {
        let dir = try CLI.tempDir()
        try "scenario \"quick\" { tick; expect time > 0 }\n".write(to: dir.appendingPathComponent("a.scroll"), atomically: false, encoding: .utf8)
        // Scenarios that would run for a very long time (an invariant keeps every frame real).
        for name in ["b", "c", "d", "e", "f"] {
            try "scenario \"long \(name)\" {\n  expect always offset > -10000\n  repeat 1000000 {\n    drag 100 in 1s\n    drag -100 in 1s\n  }\n}\n"
                .write(to: dir.appendingPathComponent("\(name).scroll"), atomically: false, encoding: .utf8)
        }
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["run", "--jobs", "4", "--junit", "r.xml", "."]
        p.currentDirectoryURL = dir
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Wait for the first scenario's line: the run is under way, the long ones are running.
        let reader = out.fileHandleForReading
        var data = Data()
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: data, as: UTF8.self).contains("\"quick\"") && Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        XCTAssertTrue(String(decoding: data, as: UTF8.self).hasPrefix("PASS  ./a.scroll  \"quick\""))
        kill(p.processIdentifier, SIGINT)
        data += reader.readDataToEndOfFile()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit)
        XCTAssertEqual(p.terminationStatus, 130)
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        // The long scenarios (minutes each) did not run to their end: every worker stopped.
        // Those that had started are reported as failed, "interrupted", and listed; whether
        // any had started when the signal came is up to the scheduler (the library test
        // RunnerStreamingTests.testInterruptStopsScenariosInFlight pins that case). The log
        // still ends with the closing line.
        XCTAssertEqual(lines.filter { $0.hasPrefix("PASS") }, ["PASS  ./a.scroll  \"quick\"  (0.017 s)"])
        if text.contains("error: interrupted") {
            XCTAssertTrue(lines.contains("failures:"), text)
        }
        XCTAssertTrue(lines.last?.hasPrefix("1 passed, ") == true, text)
        XCTAssertEqual(errText, "scrollscript: interrupted; the rest of the run was skipped\n")
        // The JUnit report was still written, whole.
        _ = try parseXML(try Data(contentsOf: dir.appendingPathComponent("r.xml")))
    }

    // MARK: - README

    /// The README's CI snippets, run as written: the `scrollscript run` line of the GitHub
    /// Actions job for each matrix value and of the GitLab job for each CI_NODE_INDEX, on
    /// the shipped scenarios. Every shard passes and the JUnit reports add up to the suite.
    func testReadmeCISnippetsRunAsWritten() throws {
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var yaml: [String] = []
        var inYaml = false
        var body = ""
        for line in readme.components(separatedBy: "\n") {
            if line == "```yaml" { inYaml = true; body = ""; continue }
            if line == "```" && inYaml { yaml.append(body); inYaml = false; continue }
            if inYaml { body += line + "\n" }
        }
        XCTAssertEqual(yaml.count, 2, "a GitHub Actions job and a GitLab job")
        let github = try XCTUnwrap(yaml.first { $0.contains("matrix:") })
        let gitlab = try XCTUnwrap(yaml.first { $0.contains("parallel: 4") })
        XCTAssertTrue(github.contains("shard: [1, 2, 3, 4]"))
        XCTAssertTrue(github.contains("actions/upload-artifact"))
        XCTAssertTrue(gitlab.contains("junit: junit.xml"))
        func command(_ snippet: String) throws -> String {
            let line = try XCTUnwrap(snippet.components(separatedBy: "\n").first { $0.contains("scrollscript run") })
            let cmd = try XCTUnwrap(line.range(of: ".build/release/scrollscript")).lowerBound
            return String(line[cmd...])
        }
        let total = try listed(["scenarios"], in: CLI.repoRoot).count
        XCTAssertGreaterThan(total, 20)
        for (snippet, env) in [(github, "matrix"), (gitlab, "gitlab")] {
            var tests = 0
            let cmd = try command(snippet)
            for shard in 1...4 {
                let dir = try CLI.tempDir()
                try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("scenarios").path,
                                                           withDestinationPath: CLI.repoRoot.appendingPathComponent("scenarios").path)
                let shell = cmd.replacingOccurrences(of: ".build/release/scrollscript", with: "\"$SCROLLSCRIPT\"")
                    .replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/bin/sh")
                p.arguments = ["-c", shell]
                p.currentDirectoryURL = dir
                var e = ProcessInfo.processInfo.environment
                e["SCROLLSCRIPT"] = CLI.binary.path
                e["CI_NODE_INDEX"] = "\(shard)"
                e["CI_NODE_TOTAL"] = "4"
                p.environment = e
                p.standardOutput = FileHandle.nullDevice
                try p.run()
                p.waitUntilExit()
                XCTAssertEqual(p.terminationStatus, 0, "\(env) shard \(shard): \(shell)")
                let report = dir.appendingPathComponent(env == "matrix" ? "junit-\(shard).xml" : "junit.xml")
                let root = try parseXML(try Data(contentsOf: report))
                tests += Int(root.attributes["tests"] ?? "") ?? 0
                XCTAssertEqual(root.attributes["failures"], "0")
            }
            XCTAssertEqual(tests, total, "\(env): the shards add up to the suite")
        }
    }
}
