import Foundation
import XCTest
@testable import ScrollScript
import ScrollSimTestSupport
import ScrollSim

/// `trace`: row counts worked out by hand from the frame rule n = ⌊T·fps + 0.5⌋, the CSV
/// read back with an RFC 4180 reader written here, JSON Lines read by JSONSerialization.
final class TraceTests: XCTestCase {
    func scenario(_ text: String, file: String = "t.scroll") -> CheckedScenario {
        let r = checkSource(SourceFile(name: file, text: text))
        XCTAssertEqual(r.diagnostics, [], "\(r.diagnostics)")
        return r.scenarios[0]
    }

    /// The trace as text, and the chunks `write` received.
    func trace(_ text: String, format: TraceFormat = .csv, every: Int = 1, columns: String? = nil) -> (String, [Int], RunFailure?) {
        let sc = scenario(text)
        var cols = TraceColumns.defaults(for: sc.config)
        if let columns { cols = (try? TraceColumns.parse(columns, config: sc.config).get()) ?? [] }
        var out: [UInt8] = []
        var chunks: [Int] = []
        let w = TraceWriter(columns: cols, format: format, every: every) { out += $0; chunks.append($0.count) }
        let f = w.trace(ScenarioPlayback(sc))
        return (String(decoding: out, as: UTF8.self), chunks, f)
    }

    /// RFC 4180 fields, quotes and doubled quotes undone.
    func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count && chars[i + 1] == "\"" { field.append("\""); i += 1 } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.append(c)
            }
            i += 1
        }
        chars = []
        XCTAssertTrue(row.isEmpty && field.isEmpty, "the last line has no line end")
        return rows
    }

    func testRowCountIsTheFrameCountPlusFrameZero() {
        // wait 1s at 60 fps: 60 frames, rows for frames 0...60.
        XCTAssertEqual(parseCSV(trace("wait 1s").0).count, 1 + 61)
        // pull 120 at drag.speed 300: 0.4 s = 24 frames; then tick 3.
        XCTAssertEqual(parseCSV(trace("header 240\npull 120\ntick 3").0).count, 1 + 1 + 24 + 3)
        // fps 30, wait 0.25s: ⌊7.5 + 0.5⌋ = 8 frames.
        XCTAssertEqual(parseCSV(trace("fps 30\nwait 0.25s").0).count, 1 + 9)
        // repeat 3 { tick 2 }: 6 frames; an expect adds none, a tap after the last frame
        // adds the world after it (below).
        XCTAssertEqual(parseCSV(trace("repeat 3 { tick 2 }\nexpect time == 0.1").0).count, 1 + 7)
        XCTAssertEqual(parseCSV(trace("repeat 3 { tick 2 }\ntap 10 300\nexpect time == 0.1").0).count, 1 + 7 + 1)
        // Nothing that takes time: frame 0 alone.
        XCTAssertEqual(parseCSV(trace("expect offset == 0").0).count, 1 + 1)
    }

    func testWhatActsAfterTheLastFrameIsTheLastRow() {
        // A pinned header dragged up 400 pt in 0.6 s (36 frames), then released with the
        // finger still: velocity 0, inside the bounds (content 240 + 30·44 = 1560 tall),
        // so the content is idle at once and settle runs no frame. The last frame is the
        // drag's (dragging, finger down); the release acts after it, at the same time.
        let src = "header 240 pin 60\ndrag -400 in 0.6s\nrelease\nsettle"
        let rows = parseCSV(trace(src, columns: "frame,time,phase,finger.down,offset,statement").0)
        XCTAssertEqual(rows.count, 1 + 37 + 1)
        XCTAssertEqual(Array(rows[rows.count - 2].prefix(5)), ["36", "0.6", "dragging", "true", "400.0"])
        XCTAssertEqual(Array(rows[rows.count - 1].prefix(6)), ["36", "0.6", "idle", "false", "400.0", "settle"])
        // With --every skipping frame 36, still the world after the release, once.
        let sparse = parseCSV(trace(src, every: 5, columns: "frame,phase,finger.down").0)
        XCTAssertEqual(sparse.dropFirst().map { $0[0] }, ["0", "5", "10", "15", "20", "25", "30", "35", "36"])
        XCTAssertEqual(Array(sparse[sparse.count - 1].prefix(3)), ["36", "idle", "false"])
        // A toggle started by a tap at the end: header.expanded turns true at once (the
        // animation is at progress 0: still 50 pt tall).
        let toggle = parseCSV(trace("header 50 toggle 100\ntick\ntap header", columns: "frame,header.expanded,header.height").0)
        XCTAssertEqual(toggle.dropFirst().map { Array($0.prefix(3)) }, [["0", "false", "50.0"], ["1", "false", "50.0"], ["1", "true", "50.0"]])
        // A failure after it: the last row is the world the failed check saw, marked.
        let failed = parseCSV(trace("pull 30\nrelease\nexpect finger.down", columns: "frame,finger.down").0)
        XCTAssertEqual(failed.last, ["6", "false", "t.scroll:3:1: expectation is false"])
        XCTAssertEqual(failed[failed.count - 2], ["6", "true", ""])
        // Nothing acts after the last frame: no extra row (settle and expect take no time).
        let plain = parseCSV(trace("pull 30\nrelease\nsettle\nexpect offset == 0", columns: "frame").0)
        let frames = plain.dropFirst().map { Int($0[0]) ?? -1 }
        XCTAssertEqual(frames, Array(0...(frames.last ?? 0)))
    }

    func testEveryNKeepsMultiplesAndTheLastFrame() {
        let rows = parseCSV(trace("wait 1s", every: 7).0)
        let frames = rows.dropFirst().map { $0[0] }
        // 0, 7, ..., 56 and the last frame, 60.
        XCTAssertEqual(frames, ["0", "7", "14", "21", "28", "35", "42", "49", "56", "60"])
        XCTAssertEqual(parseCSV(trace("wait 1s", every: 20).0).dropFirst().map { $0[0] }, ["0", "20", "40", "60"])
    }

    func testCSVReadsBackWithFullPrecisionNumbers() throws {
        let rows = parseCSV(trace("header 240 pin 60\npull 120\nexpect header.height ~= 300.06 within 0.01").0)
        let head = rows[0]
        XCTAssertEqual(head.prefix(4), ["frame", "time", "line", "phase"])
        XCTAssertEqual(head.last, "failure")
        for name in ["offset", "velocity", "finger.translation", "header.height", "header.image.y", "section[0].y", "sections.visible", "rows.visible"] {
            XCTAssertTrue(head.contains(name), name)
        }
        XCTAssertFalse(head.contains("toolbar.y"), "no toolbar declared")
        for r in rows { XCTAssertEqual(r.count, head.count) }
        func col(_ name: String, _ k: Int) -> String { rows[k + 1][head.firstIndex(of: name)!] }
        // Frame k's time is k/60, written so that it reads back exactly.
        for k in 0...24 { XCTAssertEqual(Double(col("time", k)), Double(k) / 60) }
        XCTAssertEqual(col("line", 0), "")
        XCTAssertEqual(col("line", 1), "2")
        XCTAssertEqual(col("phase", 24), "dragging")
        // The rubber band after 120 pt: 120·0.55·667/(667 + 0.55·120) = 44022/733.
        let band = 44022.0 / 733.0
        let offset = try XCTUnwrap(Double(col("offset", 24)))
        XCTAssertEqual(offset, -band, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(Double(col("header.height", 24))), 240 + band, accuracy: 1e-9)
        // Not rounded to the 2 decimals `print` uses.
        XCTAssertGreaterThan(col("offset", 24).count, 10)
        // Frame 1: translation 5 (120/24), band 5·0.55·667/(667 + 2.75).
        XCTAssertEqual(try XCTUnwrap(Double(col("finger.translation", 1))), 5, accuracy: 0)
        XCTAssertEqual(try XCTUnwrap(Double(col("offset", 1))), -(5 * 0.55 * 667 / (667 + 2.75)), accuracy: 1e-9)
        // One untitled section of 30 rows below a 240 pt header: rows 0...9 on a 667 pt
        // screen at rest (240 + 10·44 = 680 > 667), the section has no header view.
        XCTAssertEqual(col("rows.visible", 0), "0:0-9")
        XCTAssertEqual(col("sections.visible", 0), "")
        XCTAssertEqual(col("failure", 24), "")
    }

    func testJSONLinesAreValidObjectsWithTheColumnsAsKeys() throws {
        let text = trace("header 240\ntoolbar\nsection \"山手線\" rows 3\nsections 2 rows 4\ndrag -100 in 0.5s", format: .jsonl).0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        XCTAssertEqual(lines.count - 1, 31)
        for (k, line) in lines.dropLast().enumerated() {
            let obj = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            XCTAssertEqual(obj["frame"] as? Int, k)
            XCTAssertTrue(obj["failure"] is NSNull)
            XCTAssertNotNil(obj["toolbar.state"] as? String)
            XCTAssertNotNil(obj["section[2].y"] as? Double)
            if k == 0 {
                XCTAssertTrue(obj["line"] is NSNull)
                // Section 0 at 240, its 3 rows to 400, section 1 there, its 4 rows to 604, section 2 there: all three on screen.
                XCTAssertEqual(obj["sections.visible"] as? [Int], [0, 1, 2])
                XCTAssertEqual(obj["section[0].y"] as? Double, 240)
            }
        }
        // Key order is the column order (a reader that keeps order sees the CSV's order).
        XCTAssertTrue(lines[0].hasPrefix("{\"frame\":0,\"time\":0.0,\"line\":null,\"phase\":\"idle\","), String(lines[0]))
    }

    func testAFailingScenarioIsTracedToItsFailureWhichTheLastRowMarks() {
        // An expectation after 0.5 s: frames 0...30, the last row marked.
        let (csv, _, f) = trace("wait 0.5s\nexpect offset == 1\nwait 1s")
        XCTAssertNotNil(f)
        let rows = parseCSV(csv)
        XCTAssertEqual(rows.count, 1 + 31)
        XCTAssertEqual(rows.last?.last, "t.scroll:2:1: expectation is false")
        for r in rows.dropFirst().dropLast() { XCTAssertEqual(r.last, "") }
        // An invariant broken inside a frame: `time < 0.25` first fails at frame 15
        // (15/60 = 0.25), so frames 0...15, that frame marked.
        let (csv2, _, f2) = trace("expect always time < 0.25\nwait 1s", format: .csv)
        XCTAssertEqual(f2?.message, "invariant broken at t = 0.250 s")
        let rows2 = parseCSV(csv2)
        XCTAssertEqual(rows2.count, 1 + 16)
        XCTAssertEqual(rows2.last?[0], "15")
        XCTAssertEqual(rows2.last?.last, "t.scroll:1:1: invariant broken at t = 0.250 s")
        // The same in JSON Lines, and with --every skipping the failing frame.
        let (jl, _, _) = trace("expect always time < 0.25\nwait 1s", format: .jsonl, every: 4)
        let last = jl.split(separator: "\n").last.map(String.init) ?? ""
        let obj = (try? JSONSerialization.jsonObject(with: Data(last.utf8))) as? [String: Any]
        XCTAssertEqual(obj?["frame"] as? Int, 15)
        XCTAssertEqual(obj?["failure"] as? String, "t.scroll:1:1: invariant broken at t = 0.250 s")
        // A run-time error (release with no finger down) at t = 0.1.
        let rows3 = parseCSV(trace("tick 6\nrelease").0)
        XCTAssertEqual(rows3.count, 1 + 7)
        XCTAssertTrue(rows3.last?.last?.hasPrefix("t.scroll:2:1: ") ?? false, "\(rows3.last ?? [])")
        XCTAssertTrue(rows3.last?.last?.contains("no finger down") ?? false, "\(rows3.last ?? [])")
    }

    func testColumnsAreChosenByObservableNameAndTextIsQuoted() {
        let src = "section \"a,\\\"b\\\"\" rows 3\npull 30"
        let rows = parseCSV(trace(src, columns: "time, section[0].title,row[0,2].visible,statement,offset").0)
        XCTAssertEqual(rows[0], ["time", "section[0].title", "row[0,2].visible", "statement", "offset", "failure"])
        XCTAssertEqual(rows[1][1], "a,\"b\"")
        XCTAssertEqual(rows[1][2], "true")
        XCTAssertEqual(rows[1][3], "")
        XCTAssertEqual(rows[2][3], "pull 30")
        XCTAssertEqual(rows.count, 1 + 7)
    }

    func testJSONTextIsEscaped() throws {
        let src = "section \"a,\\\"b\\\" \\\\ </script> 山手線\\t\" rows 1\ntick"
        let text = trace(src, format: .jsonl, columns: "section[0].title,phase").0
        let first = try XCTUnwrap(text.split(separator: "\n").first)
        let obj = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(obj["section[0].title"] as? String, "a,\"b\" \\ </script> 山手線\t")
        XCTAssertEqual(obj["phase"] as? String, "idle")
    }

    func testBadColumnListsAreRefusedWithAReason() {
        let cfg = scenario("header 240\nwait 1s").config
        func message(_ list: String) -> String {
            if case .failure(let e) = TraceColumns.parse(list, config: cfg) { return e.message }
            return "accepted"
        }
        XCTAssertTrue(message("offest").contains("did you mean 'offset'"), message("offest"))
        XCTAssertTrue(message("toolbar.y").contains("declares no toolbar"), message("toolbar.y"))
        XCTAssertTrue(message("section[1].y").contains("no section 1"), message("section[1].y"))
        XCTAssertTrue(message("row[0,30].y").contains("no row 30"), message("row[0,30].y"))
        XCTAssertEqual(message("header.frame"), "column 'header.frame' is a rect; trace its parts (header.y, header.height) instead")
        XCTAssertEqual(message("section[0].frame"), "column 'section[0].frame' is a rect; trace its parts (section[0].y, section[0].height) instead")
        // The hint names only parts that exist: the refresh control has no y or height.
        let refresh = scenario("header 240 nostretch\nrefresh\nwait 1s").config
        if case .failure(let e) = TraceColumns.parse("refresh.frame", config: refresh) {
            XCTAssertEqual(e.message, "column 'refresh.frame' is a rect, which a trace column cannot hold; trace a number instead")
        } else {
            XCTFail("refresh.frame accepted")
        }
        XCTAssertTrue(message("time,,offset").contains("empty"), message("time,,offset"))
        XCTAssertTrue(message("time,time").contains("twice"), message("time,time"))
        XCTAssertTrue(message("section[99999999999].y").contains("unknown column"))
        XCTAssertEqual(message("time,row[0,29].y"), "accepted")
    }

    func testStreamedInBoundedChunks() {
        // 10 minutes at 60 fps: 36,001 rows, handed over in chunks of about 64 KiB.
        let (text, chunks, _) = trace("header 240\nrepeat 60 { drag -50 in 5s; drag 50 in 5s }")
        XCTAssertEqual(text.split(separator: "\n").count, 1 + 36_001)
        XCTAssertGreaterThan(chunks.count, 50)
        XCTAssertLessThan(chunks.max() ?? 0, 70_000)
    }

    func testDeterministic() {
        let src = "header 240 pin 60\ntoolbar\nsections 3 rows 5\nfling -1200\nwait 1s\ntap 10 650"
        XCTAssertEqual(trace(src).0, trace(src).0)
        XCTAssertEqual(trace(src, format: .jsonl).0, trace(src, format: .jsonl).0)
    }

    func testNoTracerMeansNoObserverInTheFrameLoop() {
        // A batch run leaves the hook empty, so frames cost what they did (and idle
        // frames are skipped); a trace attaches it and sees every frame.
        let sc = scenario("wait 100s")
        let interp = Interpreter(sc)
        interp.fastForwardsIdleFrames = true
        interp.run()
        XCTAssertNil(interp.observer)
        XCTAssertLessThan(interp.framesSimulated, 10, "idle frames are skipped when nobody observes them")
        var seen = 0
        ScenarioPlayback(sc).run { _, _ in seen += 1 }
        XCTAssertEqual(seen, 6001)
    }
}
