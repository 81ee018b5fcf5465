import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport
import ScrollSim

/// `plot` and `replay` as documents: the SVG parsed by Foundation's XMLParser, the page's
/// embedded data read back by JSONSerialization; names of artifacts. (How they look is
/// checked in a real browser: scrollscriptTests/PictureCLITests.)
final class PictureTests: XCTestCase {
    func recording(_ text: String, file: String = "p.scroll") -> PictureRecording {
        let r = checkSource(SourceFile(name: file, text: text))
        XCTAssertEqual(r.diagnostics, [], "\(r.diagnostics)")
        return PictureRecording(r.scenarios[0], file: file)
    }

    /// Parses `xml`; the element names and the text of every <text>, in order.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var texts: [String] = []
        var fills: [String] = []
        /// x, y, font size and anchor of each <text>.
        var places: [(x: Double, y: Double, size: Double, anchor: String)] = []
        private var inText = false
        func parser(_ p: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(name)
            if name == "text" {
                inText = true
                texts.append("")
                fills.append(attributes["fill"] ?? "")
                places.append((Double(attributes["x"] ?? "") ?? .nan, Double(attributes["y"] ?? "") ?? .nan,
                               Double(attributes["font-size"] ?? "") ?? .nan, attributes["text-anchor"] ?? "start"))
            }
        }
        func parser(_ p: XMLParser, foundCharacters s: String) { if inText { texts[texts.count - 1] += s } }
        func parser(_ p: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { if name == "text" { inText = false } }
    }

    func parseSVG(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let c = Collector()
        parser.delegate = c
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")", file: file, line: line)
        return c
    }

    static let pull = """
    scenario "pull stretches the header" {
      header 240 pin 60
      toolbar
      section "山手線 </script><b>&" rows "渋谷" "新宿"
      sections 3 rows 5
      pull 120
      expect header.height ~= 300.06 within 0.01
      drag -120 in 0.5s
      expect header.height == 250
    }
    """

    func testNiceTicksAreRoundNumbersCoveringTheRange() {
        // 0...0.4 s: a step of 0.1 (0.4/6 = 0.067 rounds up to 0.1 among 1, 2, 2.5, 5 × 10^k).
        XCTAssertEqual(niceTicks(0, 0.4), [0, 0.1, 0.2, 0.30000000000000004, 0.4])
        // -60.06...623: (683.06)/6 = 113.8 → 200.
        XCTAssertEqual(niceTicks(-60.06, 623), [-200, 0, 200, 400, 600, 800])
        // 0...2 s with 8 ticks wanted: 0.25.
        XCTAssertEqual(niceTicks(0, 2, target: 8), [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2])
        // A flat series still gets an axis around it.
        let flat = niceTicks(240, 240)
        XCTAssertLessThan(flat.first ?? 999, 240)
        XCTAssertGreaterThan(flat.last ?? 0, 240)
        XCTAssertEqual(tickLabel(0.30000000000000004, step: 0.1), "0.3")
        XCTAssertEqual(tickLabel(-200, step: 200), "-200")
        XCTAssertEqual(tickLabel(1.25, step: 0.25), "1.25")
    }

    func testPlotIsWellFormedSVGWithLegendStatementsAndTheFailureInRed() {
        let r = recording(Self.pull)
        XCTAssertNotNil(r.failure)
        let svg = PlotSVG.render(r)
        let c = parseSVG(svg)
        XCTAssertEqual(c.elements.first, "svg")
        for name in ["offset", "header.height", "header.bottom"] {
            XCTAssertTrue(c.texts.contains(name), "legend lacks \(name): \(c.texts)")
        }
        // The toolbar never moves here (a pull down): not drawn, named with its value.
        XCTAssertFalse(c.texts.contains("toolbar.y"), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("unchanged:") && c.texts.contains("toolbar.y 623.00"), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("section[0].y"), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("\"山手線 </script><b>&\""), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("pull 120"))
        XCTAssertTrue(c.texts.contains("drag -120 in 0.5s"))
        XCTAssertTrue(c.texts.contains("time (s)"))
        XCTAssertTrue(c.texts.contains("points (pt)"))
        // Time ticks: the scenario lasts 0.9 s (24 + 30 frames); 0.9/8 = 0.11 rounds up to
        // a step of 0.2, so 0.0, 0.2, ... 1.0.
        for t in ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"] { XCTAssertTrue(c.texts.contains(t), "no tick \(t): \(c.texts)") }
        // The failed expectation's message, in red.
        let k = c.texts.firstIndex(of: "line 9: expectation is false")
        XCTAssertNotNil(k, "\(c.texts)")
        if let k { XCTAssertEqual(c.fills[k], "#D62728") }
        XCTAssertTrue(c.texts.contains("header.height is 240.00 at t = 0.900 s"), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("FAILED at t = 0.900 s"))
        XCTAssertTrue(c.texts.contains("1 passed, 1 failed"))
        // Same input, same bytes.
        XCTAssertEqual(svg, PlotSVG.render(recording(Self.pull)))
    }

    func testLabelsOnOneLineDoNotOverlap() {
        // Many statements close together, more sections than colours.
        let busy = """
        header 200 pin 50
        toolbar
        sections 12 rows 3
        accordion
        repeat 6 { drag -150 in 0.3s; release; tap 20 100; tick 5; expect header.bottom >= 50 }
        repeat 40 { tick 1; tap 20 600 }
        """
        let c = parseSVG(PlotSVG.render(recording(busy)))
        var byLine: [Double: [(Double, Double, String)]] = [:]
        for (k, p) in c.places.enumerated() where p.anchor == "start" {
            byLine[p.y, default: []].append((p.x, p.x + textWidth(c.texts[k], size: p.size), c.texts[k]))
        }
        var checked = 0
        for (_, items) in byLine {
            let sorted = items.sorted { $0.0 < $1.0 }
            for k in sorted.indices.dropFirst() {
                XCTAssertLessThanOrEqual(sorted[k - 1].1, sorted[k].0 + 0.01, "\(sorted[k - 1].2) runs into \(sorted[k].2)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5)
        XCTAssertTrue(c.texts.contains("other sections' y"))
    }

    func testAPassingPlotHasNoRed() {
        let svg = PlotSVG.render(recording("header 240\ndrag -100 in 0.5s\nexpect offset == 100"))
        let c = parseSVG(svg)
        XCTAssertTrue(c.texts.contains("passed"))
        XCTAssertFalse(svg.contains("#D62728"))
        XCTAssertTrue(c.texts.contains("drag -100 in 0.5s"))
    }

    func testAPlotOfNothingAndOfControlCharactersIsStillWellFormed() {
        _ = parseSVG(PlotSVG.render(recording("expect offset == 0")))
        _ = parseSVG(PlotSVG.render(recording("scenario \"bell\\u{7}\\u{1b}[31m\" {\n  section \"\\u{0}x\" rows 1\n  tick\n}")))
    }

    /// The JSON inside the page's data element.
    func pageData(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"data\">\n"
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "\n</script>", range: start..<html.endIndex)).lowerBound
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
    }

    /// The issue: a pinned header dragged up drew `header.height` flat at 240 and left out
    /// `header.bottom`, which is what moves (300 − offset down to the 60 pt band). Now the
    /// defaults that move are drawn and the flat one is named with its value.
    func testDefaultSeriesAreTheOnesThatMove() {
        let c = parseSVG(PlotSVG.render(recording("header 240 pin 60\ntoolbar\ndrag -400 in 0.6s\nrelease\nsettle")))
        XCTAssertTrue(c.texts.contains("offset") && c.texts.contains("header.bottom"), "\(c.texts)")
        XCTAssertFalse(c.texts.contains("header.height"), "\(c.texts)")
        // The toolbar follows the finger up (it hides past 22 pt): it moves, so it is drawn.
        XCTAssertTrue(c.texts.contains("toolbar.y"), "\(c.texts)")
        XCTAssertTrue(c.texts.contains("header.height 240.00"), "\(c.texts)")
    }

    /// Pulled, a header's height and its bottom are the same line (y = 0): the second is
    /// drawn in dashes over the first (8 on, 8 off), so both show; a third on the same line
    /// (section 0, right under it) in dashes with longer gaps, shifted. Lines apart stay solid.
    func testEqualSeriesDoNotHideEachOther() {
        let svg = PlotSVG.render(recording("header 240\nsection \"A\" rows 20\npull 100"))
        // offset #0072B2, header.height #E69F00, header.bottom #009E73, section[0].y #CC79A7.
        XCTAssertTrue(svg.contains("stroke=\"#0072B2\" stroke-width=\"2\"/>"), svg)
        XCTAssertTrue(svg.contains("stroke=\"#E69F00\" stroke-width=\"2\"/>"), svg)
        XCTAssertTrue(svg.contains("stroke=\"#009E73\" stroke-width=\"2\" stroke-dasharray=\"8 8\"/>"), svg)
        XCTAssertTrue(svg.contains("stroke=\"#CC79A7\" stroke-width=\"2\" stroke-dasharray=\"8 16\" stroke-dashoffset=\"-8\"/>"), svg)
        let c = parseSVG(svg)
        for name in ["offset", "header.height", "header.bottom", "section[0].y"] { XCTAssertTrue(c.texts.contains(name), name) }
    }

    /// `plot --columns`: numbers named as `trace` names them, drawn as given (none left
    /// out); the axis names their units; a state or an unknown name is refused.
    func testPlotColumnsAreChosenByName() throws {
        let r = checkSource(SourceFile(name: "p.scroll", text: "header 240 pin 60\nsections 3 rows 5\nfling -2000\nsettle"))
        let sc = try XCTUnwrap(r.scenarios.first)
        let cols = try PlotColumns.parse("offset, velocity,section[1].y,header.height", config: sc.config).get()
        XCTAssertEqual(cols.map { $0.name }, ["offset", "velocity", "section[1].y", "header.height"])
        let c = parseSVG(PlotSVG.render(PictureRecording(sc, file: "p.scroll", plotColumns: cols)))
        for name in ["offset", "velocity", "section[1].y", "header.height"] { XCTAssertTrue(c.texts.contains(name), "\(name): \(c.texts)") }
        XCTAssertFalse(c.texts.contains("section[0].y"))
        XCTAssertFalse(c.texts.contains("unchanged:"))
        XCTAssertTrue(c.texts.contains("value (pt, pt/s)"), "\(c.texts)")
        XCTAssertEqual(PlotColumns.parse("phase", config: sc.config), .failure(.notANumber("phase")))
        XCTAssertEqual(PlotColumns.parse("frame", config: sc.config), .failure(.notANumber("frame")))
        XCTAssertEqual(PlotColumns.parse("offest", config: sc.config), .failure(.column(.unknown("offest", candidates: TraceColumns.candidates(.builtIn)))))
        XCTAssertTrue(PlotColumnError.notANumber("phase").message.hasPrefix("column 'phase' is not a number"))
    }

    func testReplayPageIsSelfContainedAndItsDataReadsBack() throws {
        let html = ReplayHTML.render(recording(Self.pull))
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        // Exactly the page's own two script elements end: a title holding </script> does not.
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2)
        // Nothing from the network or another file.
        for bad in ["src=", "<link", "@import", "url(http", "href=\"http", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(html.contains(bad), bad)
        }
        let d = try pageData(html)
        XCTAssertEqual(d["fps"] as? Int, 60)
        let sections = try XCTUnwrap(d["sections"] as? [[String: Any]])
        XCTAssertEqual(sections[0]["title"] as? String, "山手線 </script><b>&")
        XCTAssertEqual(sections[0]["rows"] as? [String], ["渋谷", "新宿"])
        let f = try XCTUnwrap(d["f"] as? [String: Any])
        let frames = try XCTUnwrap(f["frame"] as? [Int])
        XCTAssertEqual(frames, Array(0...54))
        // Frame 24 (t = 0.4): the header 240 + 44022/733 = 300.06 pt tall at 2 decimals.
        XCTAssertEqual((f["hh"] as? [Double])?[24], 300.06)
        XCTAssertEqual((f["fd"] as? [Int])?[0], 0)
        XCTAssertEqual((f["fd"] as? [Int])?[24], 1)
        // Back where it started after the drag: the header at its 240 pt.
        XCTAssertEqual((f["hh"] as? [Double])?[54], 240)
        let panel = try XCTUnwrap(d["panel"] as? [String])
        let values = try XCTUnwrap(f["panel"] as? [[String]])
        XCTAssertEqual(values[24][try XCTUnwrap(panel.firstIndex(of: "header.height"))], "300.06")
        XCTAssertEqual(values[24][try XCTUnwrap(panel.firstIndex(of: "phase"))], "dragging")
        let failure = try XCTUnwrap(d["failure"] as? [String: Any])
        XCTAssertEqual(failure["frame"] as? Int, 54)
        XCTAssertTrue((failure["message"] as? String)?.hasPrefix("line 9: expectation is false") ?? false)
        let stmts = try XCTUnwrap(d["statements"] as? [[String: Any]])
        XCTAssertEqual(stmts.first?["text"] as? String, "pull 120")
        XCTAssertEqual(stmts.first?["line"] as? Int, 6)
        // The visible titles of the page are escaped for HTML.
        XCTAssertTrue(html.contains("<title>pull stretches the header — p.scroll</title>"))
        XCTAssertEqual(html, ReplayHTML.render(recording(Self.pull)))
    }

    /// The issue's scenario: a pinned header dragged up 400 pt in 0.6 s (36 frames), then
    /// released with the finger still (velocity 0, inside the bounds: idle at once), and a
    /// settle that runs no frame. `run` ends idle with the finger up; so must the pictures.
    static let releasedAtTheEnd = "header 240 pin 60\ndrag -400 in 0.6s\nrelease\nsettle"

    func testTheLastSampleIsTheWorldAfterWhatActedAfterTheLastFrame() throws {
        let r = recording(Self.releasedAtTheEnd)
        XCTAssertEqual(r.frames.map { $0.frame }, Array(0...36) + [36])
        guard r.frames.count == 38 else { return }
        let (held, final) = (r.frames[36], r.frames[37])
        XCTAssertEqual([held.phase, final.phase], ["dragging", "idle"])
        XCTAssertEqual([held.fingerDown, final.fingerDown], [true, false])
        XCTAssertEqual(final.time, 0.6)
        XCTAssertEqual(final.offset, 400)
        XCTAssertEqual(r.statements[final.statement].text, "settle")
        // The page shows it: its last frame's finger is up and its panel says idle.
        let d = try pageData(ReplayHTML.render(r))
        let f = try XCTUnwrap(d["f"] as? [String: Any])
        XCTAssertEqual((f["frame"] as? [Int])?.suffix(2), [36, 36])
        XCTAssertEqual((f["fd"] as? [Int])?.suffix(2), [1, 0])
        let panel = try XCTUnwrap(d["panel"] as? [String])
        let values = try XCTUnwrap(f["panel"] as? [[String]])
        let phase = try XCTUnwrap(panel.firstIndex(of: "phase"))
        XCTAssertEqual(values.suffix(2).map { $0[phase] }, ["dragging", "idle"])
        // A toggle started by the last statement: expanded at once, still 50 pt tall.
        let toggle = recording("header 50 toggle 100\ntap header")
        XCTAssertEqual(toggle.frames.map { $0.frame }, [0, 0])
        let expanded = try XCTUnwrap(toggle.panelColumns.firstIndex { $0.name == "header.expanded" })
        XCTAssertEqual(toggle.frames.map { $0.panel[expanded] }, ["false", "true"])
        // Nothing acts after the last frame: no sample is repeated.
        let plain = recording("pull 30\nrelease\nsettle\nexpect offset == 0")
        XCTAssertEqual(Set(plain.frames.map { $0.frame }).count, plain.frames.count)
    }

    func testTheREPLPicturesShowTheSessionsFinalState() throws {
        let dir = NSTemporaryDirectory() + "repl-final-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let core = ReplCore()
        for line in Self.releasedAtTheEnd.split(separator: "\n") { XCTAssertFalse(core.enter(String(line)).failed, String(line)) }
        XCTAssertFalse(core.picture(path: dir + "/s.html", kind: .replay).failed)
        let d = try pageData(try String(contentsOfFile: dir + "/s.html", encoding: .utf8))
        let f = try XCTUnwrap(d["f"] as? [String: Any])
        XCTAssertEqual((f["fd"] as? [Int])?.last, 0)
        XCTAssertEqual((f["frame"] as? [Int])?.suffix(2), [36, 36])
        XCTAssertFalse(core.picture(path: dir + "/s.svg", kind: .plot).failed)
    }

    func testLongScenariosAreRecordedEveryKthFrameWithTheLastKept() {
        // 30,001 frames (500 s at 60 fps) > 20,000: every 2nd frame, and the last.
        let r = recording("wait 500s")
        XCTAssertEqual(r.stride, 2)
        XCTAssertEqual(r.frames.count, 15_001)
        XCTAssertEqual(r.frames.last?.frame, 30_000)
        XCTAssertTrue(r.frames.allSatisfy { $0.frame % 2 == 0 })
        let odd = recording("wait 500.01s") // 30,001 frames: the last one is odd and kept
        XCTAssertEqual(odd.frames.last?.frame, 30_001)
        XCTAssertEqual(odd.frames.count, 15_002)
    }

    func testTapsAreRecordedWithWhatTheyReachedAndWhere() {
        // Section 1's header: 240 + 28 + 4·44 = 444, 28 tall → centre y 458, x 375/2; y 500
        // is in its row 0 (472...516); the hidden toolbar's reveal zone is the bottom 44 pt,
        // centre 667 − 22 = 645, after 18 + 30 frames.
        let r = recording("""
        header 240
        sections 3 rows 4
        accordion
        toolbar
        tap header 1
        tap 100 500
        tap header 1
        wait 0.3s
        drag -100 in 0.5s
        release
        tap toolbar
        """)
        let taps = r.spans.filter { $0.startFrame == $0.endFrame && !$0.note.isEmpty }
        XCTAssertEqual(taps.map { $0.note }, ["section[1] header (closing)", "row[1,0]", "section[1] header (opening)", "toolbar reveal zone (showing)"])
        XCTAssertEqual(taps.map { $0.tapX }, [187.5, 100, 187.5, 187.5])
        XCTAssertEqual(taps.map { $0.tapY }, [458, 500, 458, 645])
        XCTAssertEqual(taps.map { $0.startFrame }, [0, 0, 0, 48])
    }

    func testArtifactNamesAreSafeBoundedAndDistinct() {
        let a = artifactBaseName(file: "scenarios/000-zoomable-header.scroll", scenario: "pull stretches the header")
        XCTAssertTrue(a.hasPrefix("000-zoomable-header--pull-stretches-the-header-"), a)
        XCTAssertEqual(a, artifactBaseName(file: "scenarios/000-zoomable-header.scroll", scenario: "pull stretches the header"))
        let names = [
            artifactBaseName(file: "x.scroll", scenario: "a/b"),
            artifactBaseName(file: "x.scroll", scenario: "a:b"),
            artifactBaseName(file: "x.scroll", scenario: "A:B"),
            artifactBaseName(file: "d1/x.scroll", scenario: "a/b"),
            artifactBaseName(file: "x.scroll", scenario: "山手線"),
            artifactBaseName(file: "x.scroll", scenario: "\u{1}\n../../etc/passwd"),
            artifactBaseName(file: "x.scroll", scenario: String(repeating: "long name ", count: 100)),
            artifactBaseName(file: String(repeating: "deep/", count: 50) + ".scroll", scenario: ""),
            artifactBaseName(file: String(repeating: "f", count: 300) + ".scroll", scenario: String(repeating: "s", count: 300)),
        ]
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        // Distinct even on a case-insensitive disk.
        XCTAssertEqual(Set(names.map { $0.lowercased() }).count, names.count)
        for n in names {
            XCTAssertLessThanOrEqual(n.utf8.count, 111, n)
            XCTAssertFalse(n.hasPrefix("."), n)
            XCTAssertTrue(n.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, n)
        }
        XCTAssertTrue(names[4].hasPrefix("x--scenario-"), names[4])
    }

    func testFailureArtifactsWritesAPlotAndAPagePerFailedScenario() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("artifacts-\(UUID().uuidString)/nested").path
        let art = try FailureArtifacts(directory: dir)
        let sc = checkSource(SourceFile(name: "dir/f.scroll", text: Self.pull)).scenarios[0]
        art.write(file: "dir/f.scroll", scenario: sc)
        XCTAssertEqual(art.problems, [])
        let base = dir + "/" + artifactBaseName(file: "dir/f.scroll", scenario: sc.name)
        XCTAssertEqual(art.written, [base + ".svg", base + ".html"])
        let svg = try String(contentsOfFile: base + ".svg", encoding: .utf8)
        _ = parseSVG(svg)
        XCTAssertNoThrow(try pageData(try String(contentsOfFile: base + ".html", encoding: .utf8)))
        // A file where the directory should be is refused.
        XCTAssertThrowsError(try FailureArtifacts(directory: base + ".svg"))
    }
}
