import Foundation
import XCTest
@testable import ScrollScript

/// `plot`: a plain number beside points gets an axis of its own, and a statement's label
/// never runs across the edge of its bar (issue 30, item 3).
final class PlotAxesTests: XCTestCase {
    func render(_ text: String, columns: String? = nil) throws -> String {
        let r = checkSource(SourceFile(name: "p.scroll", text: text))
        XCTAssertEqual(r.diagnostics.map(\.message), [])
        let sc = try XCTUnwrap(r.scenarios.first)
        let cols = try columns.map { try PlotColumns.parse($0, config: sc.config).get() }
        return PlotSVG.render(PictureRecording(sc, file: "p.scroll", plotColumns: cols))
    }

    /// The y values of the polylines drawn in `colour`.
    func ys(_ svg: String, colour: String) -> [Double] {
        var out: [Double] = []
        for line in svg.split(separator: "\n") where line.hasPrefix("<polyline") && line.contains("stroke=\"\(colour)\"") {
            guard let a = line.range(of: "points=\""), let b = line[a.upperBound...].firstIndex(of: "\"") else { continue }
            for pair in line[a.upperBound..<b].split(separator: " ") {
                if let y = pair.split(separator: ",").last.flatMap({ Double($0) }) { out.append(y) }
            }
        }
        return out
    }

    /// `header.scale` runs from 1 to (240 + b(120))/240 = (240 + 120·0.55·667/(667 + 66))/240
    /// = 1.2502 while pulled: on the points axis (−100 to 400 pt, 300 px) that is 0.15 px, a
    /// flat line; on its own axis (ticks 1.00 to 1.30, step 0.05) it spans 0.2502/0.3 of the
    /// chart's 300 px, 250 px.
    func testAPlainNumberBesidePointsHasAnAxisOfItsOwn() throws {
        let svg = try render("header 240 pin 60\npull 120\nrelease\nsettle\n", columns: "offset,header.height,header.scale")
        // Colours in column order: offset #0072B2, header.height #E69F00, header.scale #009E73.
        let scale = ys(svg, colour: "#009E73")
        let span = (scale.max() ?? 0) - (scale.min() ?? 0)
        XCTAssertEqual(span, 250.2, accuracy: 0.5, "\(span)")
        XCTAssertTrue(svg.contains(">number (right axis)</text>"), svg)
        XCTAssertTrue(svg.contains(">header.scale (right)</text>"), svg)
        XCTAssertTrue(svg.contains(">points (pt)</text>"), svg)
        // Its ticks: 1.00, 1.05, ..., 1.30 on the right.
        for t in ["1.00", "1.05", "1.10", "1.15", "1.20", "1.25", "1.30"] { XCTAssertTrue(svg.contains(">\(t)</text>"), t) }
        // Plain numbers alone keep one axis, named for them.
        let alone = try render("header 240 pin 60\npull 120\n", columns: "header.scale")
        XCTAssertFalse(alone.contains("right axis"))
        XCTAssertTrue(alone.contains(">value (number)</text>"), alone)
    }

    /// A plain number whose name is too long for " (right)" on the legend's line (the
    /// legend's text may be 1000 − (724 + 70) − 40 = 166 px wide; `refresh.progress
    /// (right)`, 24 characters at 0.6·12 px, is 172.8 px, `header.scale (right)` 144): the
    /// name whole, and "right axis" under it, not `refresh.progress (righ…`.
    func testALongNameOnTheRightAxisKeepsItsMark() throws {
        let svg = try render("header 100 nostretch\nrefresh\npull 250\nrelease\nsettle\nexpect refresh.count == 1\n",
                             columns: "offset,refresh.progress")
        XCTAssertTrue(svg.contains(">refresh.progress</text>"), svg)
        XCTAssertTrue(svg.contains(">right axis</text>"), svg)
        XCTAssertFalse(svg.contains("(righ…"), svg)
        XCTAssertTrue(svg.contains(">number (right axis)</text>"), svg)
    }

    /// A bar narrower than its label (`drag -100 in 0.1s`: 0.1 s of a 1.7 s scenario whose
    /// axis is ticked to 1.75 s over 692 px, 692·0.1/1.75 = 39.54 px; the label, 17
    /// characters at 0.6·11 px, is 112 px) has the label after it; a wide one (`wait 1.5s`,
    /// 593 px) inside.
    func testALabelStaysInsideItsBoxOrOutsideIt() throws {
        let svg = try render("header 240 pin 60\nsections 3 rows 8\ndrag -100 in 0.1s\ndrag -100 in 0.1s\nwait 1.5s\nrelease\n")
        func rect(before label: String) -> (x: Double, w: Double, textX: Double)? {
            let lines = svg.split(separator: "\n").map(String.init)
            guard let k = lines.firstIndex(where: { $0.hasPrefix("<text") && $0.contains(">\(label)</text>") }), k > 0,
                  lines[k - 1].hasPrefix("<rect") else { return nil }
            func attr(_ s: String, _ name: String) -> Double? {
                guard let a = s.range(of: " \(name)=\"") , let b = s[a.upperBound...].firstIndex(of: "\"") else { return nil }
                return Double(s[a.upperBound..<b])
            }
            guard let x = attr(lines[k - 1], "x"), let w = attr(lines[k - 1], "width"), let tx = attr(lines[k], "x") else { return nil }
            return (x, w, tx)
        }
        let drag = try XCTUnwrap(rect(before: "drag -100 in 0.1s"))
        XCTAssertEqual(drag.w, 39.54, accuracy: 0.01)
        XCTAssertEqual(drag.textX, drag.x + drag.w + 4, accuracy: 0.01)
        let wait = try XCTUnwrap(rect(before: "wait 1.5s"))
        XCTAssertEqual(wait.textX, wait.x + 4, accuracy: 0.01)
        XCTAssertGreaterThan(wait.w, textWidth("wait 1.5s", size: 11) + 8)
    }
}
