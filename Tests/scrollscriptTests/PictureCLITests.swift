import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `trace`, `plot`, `replay` and `run --artifacts` through the real binary on real files;
/// the pictures rendered by a real browser (headless Chromium) when it is installed
/// (`.ci/run` installs it).
final class PictureCLITests: XCTestCase {
    static let pull = """
    scenario "pull stretches the header" {
      header 240 pin 60
      toolbar
      section "山手線 </script><!--" rows "渋谷" "新宿" "池袋"
      sections 3 rows 6
      pull 120
      expect header.height ~= 300.06 within 0.01
      drag -420 in 0.6s
      expect header.height == 1
    }

    scenario "a drag hides the toolbar" {
      header 240 pin 60
      toolbar
      sections 3 rows 6
      drag -100 in 0.5s
      expect toolbar.state == hiding or toolbar.state == hidden
    }

    """

    func write(_ text: String, _ name: String = "pull.scroll") throws -> URL {
        let dir = try CLI.tempDir()
        try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        return dir
    }

    func testTraceWritesCSVAndJSONLines() throws {
        let dir = try write(Self.pull)
        let csv = try CLI.run(["trace", "pull.scroll", "--scenario", "a drag hides the toolbar"], in: dir)
        XCTAssertEqual(csv.status, 0, csv.stderr)
        // drag -100 in 0.5s: 30 frames; rows for frames 0...30 and the header line.
        let lines = csv.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + 31)
        XCTAssertTrue(lines[0].hasPrefix("frame,time,line,phase,offset,velocity,"), String(lines[0]))
        let jl = try CLI.run(["trace", "pull.scroll", "--format", "jsonl", "--every", "10", "--columns", "time,offset,toolbar.state"], in: dir)
        // The first scenario: 24 + 36 frames, every 10th and the last (60): 7 rows; it fails.
        XCTAssertEqual(jl.status, 1)
        XCTAssertEqual(jl.stderr, "scrollscript: trace: pull.scroll has 2 scenarios; this is the first, \"pull stretches the header\" (--scenario NAME picks another)\n")
        XCTAssertEqual(csv.stderr, "")
        let objs = try jl.stdout.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objs.count, 7)
        XCTAssertEqual(objs.map { Set($0.keys) }.first, ["time", "offset", "toolbar.state", "failure"])
        XCTAssertEqual(objs.last?["time"] as? Double, 1.0)
        XCTAssertEqual(objs.last?["failure"] as? String, "pull.scroll:9:3: expectation is false")
        // Same input, same bytes.
        XCTAssertEqual(try CLI.run(["trace", "pull.scroll"], in: dir).stdout, try CLI.run(["trace", "pull.scroll"], in: dir).stdout)
    }

    func testCommandLineMistakesAreExplained() throws {
        let dir = try write(Self.pull)
        func check(_ args: [String], _ fragment: String) throws {
            let r = try CLI.run(args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains(fragment), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
        }
        try check(["trace", "pull.scroll", "--format", "cvs"], "did you mean 'csv'")
        try check(["trace", "pull.scroll", "--every", "0"], "--every takes a whole number from 1")
        try check(["trace", "pull.scroll", "--columns", "offest"], "did you mean 'offset'")
        try check(["trace", "pull.scroll", "--scenario", "pull stretches the heder"], "did you mean \"pull stretches the header\"")
        try check(["trace", "missing.scroll"], "cannot read 'missing.scroll': no such file")
        try check(["trace"], "no FILE given")
        try check(["plot", "pull.scroll"], "no output file (-o OUT.svg)")
        try check(["replay", "pull.scroll", "--output", "x.html"], "unknown option '--output'")
        try check(["plot", "pull.scroll", "-o", "no/such/dir/x.svg"], "cannot write 'no/such/dir/x.svg'")
        try "scenario \"x\" {\n  pul 120\n}\n".write(to: dir.appendingPathComponent("bad.scroll"), atomically: false, encoding: .utf8)
        try check(["plot", "bad.scroll", "-o", "x.svg"], "bad.scroll:2:3: error:")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.svg").path))
    }

    func testPlotAndReplayWriteTheirFiles() throws {
        let dir = try write(Self.pull)
        let p = try CLI.run(["plot", "pull.scroll", "-o", "out.svg"], in: dir)
        XCTAssertEqual(p.status, 1, "the scenario fails: \(p.stderr)")
        let svg = try Data(contentsOf: dir.appendingPathComponent("out.svg"))
        XCTAssertTrue(XMLParser(data: svg).parse())
        let r = try CLI.run(["replay", "pull.scroll", "--scenario", "a drag hides the toolbar", "-o", "out.html"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let html = try String(contentsOf: dir.appendingPathComponent("out.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("\"scenario\":\"a drag hides the toolbar\""))
        // '-o -' writes to standard output.
        let s = try CLI.run(["plot", "pull.scroll", "-o", "-"], in: dir)
        XCTAssertEqual(s.stdout.data(using: .utf8), svg)
    }

    func testRunArtifactsWritesAPlotAndAPagePerFailedScenario() throws {
        let dir = try write(Self.pull)
        let r = try CLI.run(["run", "--artifacts", "out/artifacts", "pull.scroll"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasSuffix("1 passed, 1 failed\n"), r.stdout)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/artifacts").path).sorted()
        XCTAssertEqual(files.count, 2, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("pull--pull-stretches-the-header-") }, "\(files)")
        XCTAssertEqual(Set(files.map { ($0 as NSString).pathExtension }), ["svg", "html"])
        // With several jobs, the same files, byte for byte.
        XCTAssertEqual(try CLI.run(["run", "--jobs", "4", "--artifacts", "out/jobs4", "pull.scroll"], in: dir).status, 1)
        for f in files {
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("out/jobs4/" + f)),
                           try Data(contentsOf: dir.appendingPathComponent("out/artifacts/" + f)), f)
        }
        // A passing run writes nothing; a file in the way is a command-line error.
        let ok = try CLI.run(["run", "--artifacts", "ok", "--filter", "toolbar", "pull.scroll"], in: dir)
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("ok").path), [])
        // Names that reduce alike get different files.
        try "scenario \"a/b\" {\n  expect offset == 1\n}\nscenario \"a:b\" {\n  expect offset == 1\n}\nscenario \"A B\" {\n  expect offset == 1\n}\n"
            .write(to: dir.appendingPathComponent("same.scroll"), atomically: false, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["run", "--artifacts", "same", "same.scroll"], in: dir).status, 1)
        let same = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("same").path)
        XCTAssertEqual(same.count, 6, "\(same)")
        XCTAssertEqual(Set(same.map { $0.lowercased() }).count, 6)
        XCTAssertTrue(same.allSatisfy { $0.hasPrefix("same--a-b-") }, "\(same)")
        let bad = try CLI.run(["run", "--artifacts", "pull.scroll", "pull.scroll"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'pull.scroll' is not a directory"), bad.stderr)
    }

    /// `plot --columns` as `trace --columns`: the series named; a column that is no number
    /// or no observable is a command-line error (exit 2) with the reason.
    func testPlotTakesColumns() throws {
        let dir = try CLI.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "header 240 pin 60\nfling -2000\nsettle\n".write(to: dir.appendingPathComponent("f.scroll"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["plot", "f.scroll", "--columns", "velocity,header.bottom", "-o", "-"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains(">velocity</text>") && ok.stdout.contains(">header.bottom</text>"), ok.stdout)
        XCTAssertFalse(ok.stdout.contains(">offset</text>"))
        let state = try CLI.run(["plot", "f.scroll", "--columns", "phase", "-o", "-"], in: dir)
        XCTAssertEqual(state.status, 2)
        XCTAssertTrue(state.stderr.contains("plot: --columns: column 'phase' is not a number"), state.stderr)
        let typo = try CLI.run(["plot", "f.scroll", "--columns", "velocty", "-o", "-"], in: dir)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean 'velocity'"), typo.stderr)
        // replay takes no --columns.
        XCTAssertEqual(try CLI.run(["replay", "f.scroll", "--columns", "offset", "-o", "-"], in: dir).status, 2)
    }

    func testTheReadmeExamplesRunAndTheCheckedInPlotIsCurrent() throws {
        let root = CLI.repoRoot
        let tmp = try CLI.tempDir()
        let t = try CLI.run(["trace", "scenarios/000-zoomable-header.scroll"], in: root)
        XCTAssertEqual(t.status, 0, t.stderr)
        // "pull stretches the header, release bounces back": pull 120 first, 24 frames.
        XCTAssertTrue(t.stdout.split(separator: "\n")[25].hasPrefix("24,0.4,"), String(t.stdout.prefix(300)))
        let r = try CLI.run(["replay", "scenarios/004-accordion.scroll", "-o", tmp.appendingPathComponent("a.html").path], in: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let p = try CLI.run(["plot", "docs/plot-example.scroll", "-o", tmp.appendingPathComponent("p.svg").path], in: root)
        XCTAssertEqual(p.status, 1, "its last expectation is wrong on purpose")
        // docs/plot-example.svg (and the PNG rendered from it) is what the tool draws now:
        // after a change to the plot, regenerate both (docs/pictures.md).
        XCTAssertEqual(try Data(contentsOf: tmp.appendingPathComponent("p.svg")),
                       try Data(contentsOf: root.appendingPathComponent("docs/plot-example.svg")))
        XCTAssertTrue(isPNG(root.appendingPathComponent("docs/plot-example.png")))
    }

    // MARK: - In a real browser

    static let chromium: String? = {
        for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"] where FileManager.default.isExecutableFile(atPath: p) {
            return p
        }
        return nil
    }()

    /// Runs headless Chromium (as root it needs --no-sandbox); its standard output. A
    /// script error on the page (an "Uncaught ..." console message) fails the test.
    func chromium(_ args: [String]) throws -> String {
        let (out, errors) = try chromiumRun(args)
        for e in errors { XCTFail("a script error on the page: \(e)") }
        return out
    }

    /// Chromium's standard output, and the script errors it logged.
    func chromiumRun(_ args: [String]) throws -> (String, [String]) {
        guard let path = Self.chromium else { throw XCTSkip("chromium is not installed (.ci/run installs it): browser checks skipped") }
        let profile = try CLI.tempDir()
        let r = try CLI.run(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--enable-logging=stderr", "--v=0",
                             "--user-data-dir=" + profile.path] + (args.contains { $0.hasPrefix("--virtual-time-budget") } ? [] : ["--virtual-time-budget=2000"]) + args,
                            executable: URL(fileURLWithPath: path), timeout: 120)
        let errors = r.stderr.split(separator: "\n").filter { $0.contains("Uncaught") }.map(String.init)
        return (r.stdout, errors)
    }

    func isPNG(_ url: URL) -> Bool {
        guard let d = try? Data(contentsOf: url), d.count > 5_000 else { return false }
        return Array(d.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    func testTheReplayPageDrawsTheHeaderAndRowsOfTheFrameAtTheTimeAsked() throws {
        _ = try chromium(["--version"])
        let dir = try write(Self.pull)
        XCTAssertEqual(try CLI.run(["replay", "pull.scroll", "-o", "page.html"], in: dir).status, 1)
        let page = dir.appendingPathComponent("page.html").absoluteString
        let dom = try chromium(["--dump-dom", page + "#t=0.4"])
        // The script ran: it drew frame 24 (t = 0.4 s = 24/60).
        XCTAssertTrue(dom.contains("data-frame=\"24\""), String(dom.prefix(2000)))
        // pull 120 on a 240 pt header: 120·0.55·667/(667 + 0.55·120) = 60.06 pt of stretch.
        let header = try XCTUnwrap(firstTag(in: dom, containing: "id=\"hdr\""))
        XCTAssertTrue(header.contains("data-height=\"300.06\""), header)
        XCTAssertTrue(header.contains("height: 300.06px"), header)
        XCTAssertTrue(header.contains("top: 0px"), header)
        // Section 0's header right below it, its first row (渋谷) 28 pt further down.
        let sec = try XCTUnwrap(firstTag(in: dom, containing: "data-section=\"0\""))
        XCTAssertTrue(sec.contains("top: 300.06px"), sec)
        XCTAssertTrue(dom.contains("山手線 &lt;/script&gt;&lt;!--"), "the title is drawn as text")
        let row = try XCTUnwrap(firstTag(in: dom, containing: "data-key=\"0,0\""))
        XCTAssertTrue(row.contains("top: 328.06px"), row)
        XCTAssertTrue(dom.contains(">渋谷<"))
        // The finger is down at 0.4 s; the panel shows the values `print` would.
        let finger = try XCTUnwrap(firstTag(in: dom, containing: "id=\"finger\""))
        XCTAssertTrue(finger.contains("display: block"), finger)
        XCTAssertTrue(dom.contains("<td>header.height</td><td>300.06</td>"), "panel")
        XCTAssertTrue(dom.contains("line 6: pull 120"))
        // At the end (1.0 s) the failure is shown, and the header pinned to its 60 pt band.
        let end = try chromium(["--dump-dom", page + "#t=1"])
        XCTAssertTrue(end.contains("data-frame=\"60\""))
        let pinned = try XCTUnwrap(firstTag(in: end, containing: "id=\"hdr\""))
        XCTAssertTrue(pinned.contains("data-y=\"-180.00\""), pinned)
        XCTAssertTrue(end.contains("line 9: expectation is false"))
    }

    func testATapIsDrawnWhereItTouched() throws {
        _ = try chromium(["--version"])
        let dir = try write("header 240\nsections 3 rows 4\naccordion\ntap header 1\nwait 0.5s\n", "tap.scroll")
        XCTAssertEqual(try CLI.run(["replay", "tap.scroll", "-o", "tap.html"], in: dir).status, 0)
        let page = dir.appendingPathComponent("tap.html").absoluteString
        // 0.1 s after the tap: a ring on section 1's header, centre (375/2, 444 + 28/2).
        let dom = try chromium(["--dump-dom", page + "#t=0.1"])
        let ring = try XCTUnwrap(firstTag(in: dom, containing: "id=\"tap\""))
        XCTAssertTrue(ring.contains("display: block"), ring)
        XCTAssertTrue(ring.contains("data-x=\"187.50\"") && ring.contains("data-y=\"458.00\""), ring)
        XCTAssertTrue(dom.contains("tap header 1 → section[1] header (closing)"))
        // 0.4 s after it, gone.
        let later = try chromium(["--dump-dom", page + "#t=0.4"])
        XCTAssertTrue(try XCTUnwrap(firstTag(in: later, containing: "id=\"tap\"")).contains("display: none"))
    }

    func testAScriptErrorWouldBeSeen() throws {
        _ = try chromium(["--version"])
        let dir = try CLI.tempDir()
        let page = dir.appendingPathComponent("broken.html")
        try "<!DOCTYPE html><html><body><script>nosuchfunction();</script></body></html>".write(to: page, atomically: false, encoding: .utf8)
        let (_, errors) = try chromiumRun(["--dump-dom", page.absoluteString])
        XCTAssertEqual(errors.count, 1, "a page whose script fails is reported")
        XCTAssertTrue(errors.first?.contains("nosuchfunction is not defined") ?? false, "\(errors)")
    }

    func testArrowKeysStepOneFrameAndThePagePlaysToTheEnd() throws {
        _ = try chromium(["--version"])
        let dir = try write(Self.pull)
        XCTAssertEqual(try CLI.run(["replay", "pull.scroll", "-o", "page.html"], in: dir).status, 1)
        let url = dir.appendingPathComponent("page.html")
        let html = try String(contentsOf: url, encoding: .utf8)
        // The same page with keys pressed after it loaded: → → ← from frame 24.
        let keys = ["ArrowRight", "ArrowRight", "ArrowLeft"].map {
            "document.dispatchEvent(new KeyboardEvent(\"keydown\", {key: \"\($0)\"}));"
        }.joined()
        let stepped = dir.appendingPathComponent("stepped.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>\(keys)</script>\n</body>")
            .write(to: stepped, atomically: false, encoding: .utf8)
        let dom = try chromium(["--dump-dom", stepped.absoluteString + "#t=0.4"])
        XCTAssertTrue(dom.contains("data-frame=\"25\""), String(dom.prefix(1500)))
        // Frame 25: the drag back began, translation 120 − 420/36 = 108.33; the band
        // 108.33·0.55·667/(667 + 0.55·108.33).
        let p = 120.0 - 420.0 / 36
        let band = p * 0.55 * 667 / (667 + 0.55 * p)
        let header = try XCTUnwrap(firstTag(in: dom, containing: "id=\"hdr\""))
        XCTAssertTrue(header.contains("data-height=\"\(String(format: "%.2f", 240 + band))\""), header)
        // Without #t the page plays from the start, and stops at the last frame (60).
        let played = try chromium(["--dump-dom", "--virtual-time-budget=10000", url.absoluteString])
        XCTAssertTrue(played.contains("data-frame=\"60\""), String(played.prefix(1500)))
        // Speed: in 0.4 s of (virtual) browser time, 1× plays 0.4 s of the scenario, 4×
        // all of it (1.0 s).
        func frame(_ dom: String) -> Int? {
            guard let r = dom.range(of: "data-frame=\"") else { return nil }
            return Int(dom[r.upperBound...].prefix { $0.isNumber })
        }
        let slow = try chromium(["--dump-dom", "--virtual-time-budget=400", url.absoluteString])
        XCTAssertLessThan(frame(slow) ?? 99, 40, "1×")
        let fast = dir.appendingPathComponent("fast.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>var s = document.getElementById(\"speed\"); s.value = \"4\"; s.dispatchEvent(new Event(\"change\"));</script>\n</body>")
            .write(to: fast, atomically: false, encoding: .utf8)
        let quick = try chromium(["--dump-dom", "--virtual-time-budget=400", fast.absoluteString])
        XCTAssertEqual(frame(quick), 60, "4×")
    }

    func testScreenshotsOfThePlotAndThePageAreTaken() throws {
        _ = try chromium(["--version"])
        let dir = try write(Self.pull)
        _ = try CLI.run(["plot", "pull.scroll", "-o", "plot.svg"], in: dir)
        _ = try CLI.run(["replay", "pull.scroll", "-o", "page.html"], in: dir)
        let png1 = dir.appendingPathComponent("plot.png"), png2 = dir.appendingPathComponent("page.png"), png3 = dir.appendingPathComponent("phone.png")
        _ = try chromium(["--screenshot=" + png1.path, "--window-size=1000,640", dir.appendingPathComponent("plot.svg").absoluteString])
        _ = try chromium(["--screenshot=" + png2.path, "--window-size=1100,860", dir.appendingPathComponent("page.html").absoluteString + "#t=0.4"])
        _ = try chromium(["--screenshot=" + png3.path, "--window-size=390,844", dir.appendingPathComponent("page.html").absoluteString + "#t=0.7"])
        XCTAssertTrue(isPNG(png1))
        XCTAssertTrue(isPNG(png2))
        XCTAssertTrue(isPNG(png3))
    }

    /// The first start tag in `html` that contains `needle`.
    func firstTag(in html: String, containing needle: String) -> String? {
        guard let r = html.range(of: needle) else { return nil }
        guard let open = html[..<r.lowerBound].lastIndex(of: "<"), let close = html[r.upperBound...].firstIndex(of: ">") else { return nil }
        return String(html[open...close])
    }
}
