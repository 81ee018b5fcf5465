// `scrollscript plot`: a recording as a timeline picture, plain SVG 1.1 (docs/pictures.md).
//
//   title, file, outcome
//   ┌ chart: offset, header.height, toolbar.y, section[I].y (while on screen) ┐  legend
//   └ x: seconds, y: points, round tick values ───────────────────────────────┘
//   statements  [pull 120][release]▸[settle      ]
//   expects       |          |   ✕ (red, with its message below)
import ScrollSim

/// Series colours: distinguishable for the common forms of colour blindness (Okabe–Ito),
/// red kept for failures.
private let seriesColours = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#8B5A00", "#000000", "#7F7F7F"]
private let failureColour = "#D62728"
private let fontFamily = "DejaVu Sans, Verdana, Noto Sans CJK JP, VL Gothic, sans-serif"

/// Round ("nice") tick values covering lo...hi: steps of 1, 2, 2.5 or 5 × 10^k.
public func niceTicks(_ lo: Double, _ hi: Double, target: Int = 6) -> [Double] {
    var lo = lo, hi = hi
    if !lo.isFinite || !hi.isFinite { return [0, 1] }
    if hi < lo { swap(&lo, &hi) }
    if hi - lo < 1e-9 {
        let pad = max(1, abs(lo) * 0.1)
        lo -= pad
        hi += pad
    }
    let raw = (hi - lo) / Double(max(1, target))
    var mag = 1.0
    while mag * 10 <= raw { mag *= 10 }
    while mag > raw { mag /= 10 }
    var step = mag
    for m in [1.0, 2.0, 2.5, 5.0, 10.0] where m * mag >= raw {
        step = m * mag
        break
    }
    let first = (lo / step).rounded(.down)
    let last = (hi / step).rounded(.up)
    guard last - first < 1000 else { return [lo, hi] }
    var ticks: [Double] = []
    var k = first
    while k <= last {
        let v = k * step
        ticks.append(abs(v) < step * 1e-9 ? 0 : v)
        k += 1
    }
    return ticks
}

/// A tick label: as few decimals as the step needs (`0.25`, `100`, `-60`).
func tickLabel(_ v: Double, step: Double) -> String {
    var decimals = 0
    var s = step
    while decimals < 6 && abs(s - s.rounded()) > 1e-9 * max(1, abs(s)) {
        s *= 10
        decimals += 1
    }
    let t = formatFixed(v, decimals)
    return t == "-0" ? "0" : t
}

/// Width of `s` at `size` px in a sans-serif font, estimated: wide (CJK) characters count
/// as one em, others as 0.6 em.
func textWidth(_ s: String, size: Double) -> Double {
    var w = 0.0
    for u in s.unicodeScalars { w += displayWidth(u) >= 2 ? size : size * 0.6 }
    return w
}

/// `s` cut to fit `width` px, with an ellipsis.
func fitText(_ s: String, width: Double, size: Double) -> String? {
    if textWidth(s, size: size) <= width { return s }
    var out = ""
    for ch in s {
        if textWidth(out + String(ch) + "…", size: size) > width { break }
        out.append(ch)
    }
    return out.isEmpty ? nil : out + "…"
}

public enum PlotSVG {
    /// A quantity's unit as the axis names it ("" for plain numbers and counts).
    static func unit(_ q: Quantity) -> String {
        switch q {
        case .points: return "pt"
        case .velocity: return "pt/s"
        case .seconds: return "s"
        case .number, .count: return ""
        }
    }

    /// The one value every finite sample has (NaN when none is finite); nil when they differ.
    static func constant(_ values: [Double]) -> Double? {
        let finite = values.filter { $0.isFinite }
        guard let first = finite.first else { return .nan }
        return finite.allSatisfy { abs($0 - first) < 1e-9 } ? first : nil
    }

    /// The picture of `recording`.
    public static func render(_ r: PictureRecording) -> String {
        var svg = SVGBuilder()
        let width = 1000.0
        let left = 78.0, top = 76.0, chartHeight = 300.0
        let bottom = top + chartHeight

        // Series: the plot's columns (PlotColumns), then by default the section headers on
        // screen. Each is its value at every frame (NaN where it has none).
        // `secondary`: a plain number beside quantities with units (header.scale, 0 to 1, by
        // points): drawn against an axis of its own on the right, not flat on the points.
        struct Candidate { var name: String; var colour: String; var dash: String?; var values: [Double]; var note: String? = nil; var secondary = false }
        var candidates: [Candidate] = []
        let frames = r.frames
        // By default the columns that move (offset always); the legend names the others.
        var unchanged: [String] = []
        var units: [String] = []
        for (c, column) in r.plotColumns.enumerated() {
            let values = frames.map { c < $0.plotValues.count ? $0.plotValues[c] : .nan }
            var quantity = Quantity.points
            if case .observable(let id, _, _) = column.source, case .quantity(let q) = r.config.registry.observable(id).kind { quantity = q }
            if !r.plotColumnsChosen, column.source != .observable(.core(.offset), section: 0, row: 0), let v = PlotSVG.constant(values) {
                unchanged.append(column.name + " " + (v.isNaN ? "-" : Value.number(v, quantity).formatted))
                continue
            }
            let unit = PlotSVG.unit(quantity)
            candidates.append(Candidate(name: column.name, colour: seriesColours[candidates.count % 7], dash: nil, values: values,
                                        secondary: unit.isEmpty))
            units.append(unit)
        }
        // Plain numbers go to the right axis when quantities with units are on the left.
        let hasUnits = units.contains { !$0.isEmpty }
        if !hasUnits { for k in candidates.indices { candidates[k].secondary = false } }
        let twoAxes = candidates.contains { $0.secondary }
        var leftUnits: [String] = []
        for u in units where (!hasUnits || !u.isEmpty) && !leftUnits.contains(u) { leftUnits.append(u) }
        // The y axis: points, unless the columns asked for hold other quantities.
        let axisName = leftUnits.allSatisfy { $0 == "pt" } ? "points (pt)" : "value (" + leftUnits.map { $0.isEmpty ? "number" : $0 }.joined(separator: ", ") + ")"
        // A second axis takes room on the right: the chart ends sooner, the legend moves.
        let chartRight = twoAxes ? 724.0 : 770.0
        let chartWidth = chartRight - left
        // Section headers on screen (titled sections: an untitled one has no header view),
        // dashed (they come and go); `--columns` names the sections it wants instead.
        var sectionIndexes: [Int] = []
        if !r.plotColumnsChosen {
            for f in frames {
                for s in f.sections where s.headerOnScreen && s.headerHeight > 0 && !sectionIndexes.contains(s.index) {
                    if sectionIndexes.count < 64 { sectionIndexes.append(s.index) }
                }
            }
        }
        sectionIndexes.sort()
        let titles = r.config.effectiveSections.map { $0.title }
        let firstSectionColour = candidates.count
        for (n, i) in sectionIndexes.enumerated() {
            let own = n < 4
            let colour = own ? seriesColours[(firstSectionColour + n) % 7] : seriesColours[7]
            var name = Subscript.written(section: i) + "." + (CoreObservable.sectionY.member ?? "y")
            var note = titles[i].map(quoteString)
            if !own {
                name = n == 4 ? "other sections' y" : ""
                note = nil
            }
            let values = frames.map { f in f.sections.first { $0.index == i && $0.headerOnScreen }?.headerY ?? .nan }
            candidates.append(Candidate(name: name, colour: colour, dash: "6 3", values: values, note: note))
        }
        // A series that runs where earlier ones already are (a pulled header's height and
        // bottom; section 0 stuck under a pinned header's bottom) would hide them: the k-th
        // series on an earlier line is drawn in dashes of 8 with gaps of 8·k, shifted by 8
        // each, so every one of the lines shows in turn along it.
        struct Series { var name: String; var colour: String; var dash: String?; var dashOffset: Int; var runs: [[(Double, Double)]]; var note: String?; var secondary: Bool }
        var series: [Series] = []
        for (k, c) in candidates.enumerated() {
            let under = candidates[..<k].filter { e in
                e.secondary == c.secondary && zip(e.values, c.values).contains { abs($0 - $1) < 0.25 }
            }.count
            var runs: [[(Double, Double)]] = []
            var run: [(Double, Double)] = []
            for (f, v) in zip(frames, c.values) {
                if v.isFinite {
                    run.append((f.time, v))
                } else if !run.isEmpty {
                    runs.append(run)
                    run = []
                }
            }
            if !run.isEmpty { runs.append(run) }
            if runs.isEmpty { continue }
            series.append(Series(name: c.name, colour: c.colour, dash: under > 0 ? "8 \(8 * under)" : c.dash,
                                 dashOffset: under > 1 ? -8 * (under - 1) : 0, runs: runs, note: c.note, secondary: c.secondary))
        }

        // Scales.
        var lo = Double.infinity, hi = -Double.infinity
        var lo2 = Double.infinity, hi2 = -Double.infinity
        for s in series {
            for run in s.runs {
                for p in run {
                    if s.secondary { lo2 = min(lo2, p.1); hi2 = max(hi2, p.1) } else { lo = min(lo, p.1); hi = max(hi, p.1) }
                }
            }
        }
        if !lo.isFinite { lo = 0; hi = 1 }
        if !lo2.isFinite { lo2 = 0; hi2 = 1 }
        let yTicks = niceTicks(lo, hi)
        let yMin = yTicks.first ?? 0, yMax = yTicks.last ?? 1
        let y2Ticks = twoAxes ? niceTicks(lo2, hi2) : []
        let y2Min = y2Ticks.first ?? 0, y2Max = y2Ticks.last ?? 1
        let duration = max(r.duration, frames.last?.time ?? 0)
        let xTicks = niceTicks(0, duration > 0 ? duration : 1.0 / Double(r.fps), target: 8)
        let xMax = xTicks.last ?? 1
        func x(_ t: Double) -> Double { left + (xMax > 0 ? t / xMax : 0) * chartWidth }
        func y(_ v: Double) -> Double { bottom - (yMax > yMin ? (v - yMin) / (yMax - yMin) : 0.5) * chartHeight }
        func y2(_ v: Double) -> Double { bottom - (y2Max > y2Min ? (v - y2Min) / (y2Max - y2Min) : 0.5) * chartHeight }

        // Statement lanes (laid out first: they decide the height).
        let laneHeight = 22.0, laneGap = 4.0, maxLanes = 4
        // `outside`: the label is longer than its bar, and is written after it (a label
        // stays inside its box or out of it, never across its edge).
        struct Item { var x0: Double; var x1: Double; var label: String; var lane: Int; var instant: Bool; var failed: Bool; var tip = ""; var outside = false }
        var items: [Item] = []
        var laneEnds = [Double](repeating: -Double.infinity, count: maxLanes)
        let failedStatement = r.checks.last(where: { $0.failed })?.statement
        for span in r.spans {
            let st = r.statements[span.statement]
            if st.isExpectation { continue }
            let t0 = Double(span.startFrame) / Double(r.fps), t1 = Double(span.endFrame) / Double(r.fps)
            let x0 = x(t0), x1 = x(t1)
            let instant = span.endFrame == span.startFrame
            let label = st.text
            let outside = !instant && textWidth(label, size: 11) + 8 > x1 - x0
            let need = instant ? 10 + textWidth(label, size: 11) : outside ? x1 - x0 + 6 + textWidth(label, size: 11) : x1 - x0
            var lane = -1
            for l in 0..<maxLanes where laneEnds[l] <= x0 + 0.5 { lane = l; break }
            let failed = r.failure != nil && failedStatement == span.statement && span.endFrame == (frames.last?.frame ?? -1)
            var tip = "line \(st.line): \(st.text), " + (instant ? timeText(t0) : "\(formatFixed(t0, 3))–\(formatFixed(t1, 3)) s")
            if !span.note.isEmpty { tip += " → " + span.note }
            if lane < 0 {
                // No lane is free: the bar alone, in the lane that frees first (the label
                // it runs into is cut short below).
                var best = 0
                for l in 1..<maxLanes where laneEnds[l] < laneEnds[best] { best = l }
                laneEnds[best] = max(laneEnds[best], x1)
                items.append(Item(x0: x0, x1: x1, label: "", lane: best, instant: instant, failed: failed, tip: tip))
                continue
            }
            laneEnds[lane] = x0 + need
            items.append(Item(x0: x0, x1: x1, label: label, lane: lane, instant: instant, failed: failed, tip: tip, outside: outside))
        }
        // A label ends before the next item in its lane starts.
        let order = items.indices.sorted { (items[$0].lane, items[$0].x0, $0) < (items[$1].lane, items[$1].x0, $1) }
        for (n, k) in order.enumerated() where !items[k].label.isEmpty {
            var limit = Double.infinity
            var m = n + 1
            while m < order.count && items[order[m]].lane == items[k].lane {
                if items[order[m]].x0 > items[k].x0 + 0.5 { limit = items[order[m]].x0; break }
                m += 1
            }
            let item = items[k]
            let room = item.instant ? limit - item.x0 - 12 : item.outside ? limit - item.x1 - 10 : min(limit - item.x0 - 6, item.x1 - item.x0 - 8)
            items[k].label = fitText(items[k].label, width: room, size: 11) ?? ""
        }
        let lanesUsed = max(1, (items.map { $0.lane }.max() ?? 0) + 1)
        let statementsTop = bottom + 54
        let expectTop = statementsTop + Double(lanesUsed) * (laneHeight + laneGap) + 8
        let expectHeight = 22.0
        var messageLines: [String] = []
        if let f = r.checks.last(where: { $0.failed }) {
            for l in f.message.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
                messageLines.append(fitText(String(l), width: chartRight - left + 200, size: 12) ?? "")
            }
        }
        let messageTop = expectTop + expectHeight + 30
        let height = messageTop + Double(messageLines.count) * 17 + 20

        svg.open(width: width, height: height)
        svg.raw("<rect x=\"0\" y=\"0\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" fill=\"#ffffff\"/>")
        svg.raw("<defs><clipPath id=\"chart\"><rect x=\"\(svgNumber(left))\" y=\"\(svgNumber(top - 1))\" width=\"\(svgNumber(chartWidth))\" height=\"\(svgNumber(chartHeight + 2))\"/></clipPath></defs>")

        // Title.
        svg.text(20, 28, quoteString(r.scenarioName), size: 17, weight: "bold")
        var sub = "\(r.file) · \(r.fps) fps · \(formatFixed(r.duration, 3)) s"
        if r.stride > 1 { sub += " · every \(r.stride)th frame shown" }
        svg.text(20, 50, sub, size: 12, fill: "#444444")
        if let f = r.failure {
            svg.text(chartRight, 28, "FAILED at " + timeText(f.time), size: 14, weight: "bold", fill: failureColour, anchor: "end")
        } else {
            svg.text(chartRight, 28, "passed", size: 14, weight: "bold", fill: "#1a7f37", anchor: "end")
        }

        // Grid and axes.
        let yStep = yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1
        for v in yTicks {
            let py = y(v)
            svg.line(left, py, chartRight, py, stroke: v == 0 ? "#9a9a9a" : "#e4e4e4", width: 1)
            svg.text(left - 8, py + 4, tickLabel(v, step: yStep), size: 11, fill: "#333333", anchor: "end")
        }
        let xStep = xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1
        for t in xTicks {
            let px = x(t)
            svg.line(px, top, px, bottom, stroke: "#eeeeee", width: 1)
            svg.line(px, bottom, px, bottom + 5, stroke: "#555555", width: 1)
            svg.text(px, bottom + 19, tickLabel(t, step: xStep), size: 11, fill: "#333333", anchor: "middle")
        }
        svg.raw("<rect x=\"\(svgNumber(left))\" y=\"\(svgNumber(top))\" width=\"\(svgNumber(chartWidth))\" height=\"\(svgNumber(chartHeight))\" fill=\"none\" stroke=\"#555555\" stroke-width=\"1\"/>")
        svg.text(left + chartWidth / 2, bottom + 38, "time (s)", size: 12, fill: "#333333", anchor: "middle")
        svg.raw("<text x=\"18\" y=\"\(svgNumber(top + chartHeight / 2))\" font-family=\"\(fontFamily)\" font-size=\"12\" fill=\"#333333\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(svgNumber(top + chartHeight / 2)))\">\(xmlAttribute(axisName))</text>")
        if twoAxes {
            // The right axis, for the plain numbers: its ticks outside the chart (no grid).
            let y2Step = y2Ticks.count > 1 ? y2Ticks[1] - y2Ticks[0] : 1
            for v in y2Ticks {
                let py = y2(v)
                svg.line(chartRight, py, chartRight + 5, py, stroke: "#555555", width: 1)
                svg.text(chartRight + 8, py + 4, tickLabel(v, step: y2Step), size: 11, fill: "#333333")
            }
            let ax = chartRight + 56, ay = top + chartHeight / 2
            svg.raw("<text x=\"\(svgNumber(ax))\" y=\"\(svgNumber(ay))\" font-family=\"\(fontFamily)\" font-size=\"12\" fill=\"#333333\" text-anchor=\"middle\" transform=\"rotate(90 \(svgNumber(ax)) \(svgNumber(ay)))\">number (right axis)</text>")
        }

        // The series.
        svg.raw("<g clip-path=\"url(#chart)\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\">")
        for s in series {
            for run in s.runs {
                var points = ""
                for (k, p) in run.enumerated() {
                    if k > 0 { points += " " }
                    points += svgNumber(x(p.0)) + "," + svgNumber(s.secondary ? y2(p.1) : y(p.1))
                }
                if run.count == 1 { points += " " + svgNumber(x(run[0].0) + 0.5) + "," + svgNumber(s.secondary ? y2(run[0].1) : y(run[0].1)) }
                svg.raw("<polyline points=\"\(points)\" stroke=\"\(s.colour)\" stroke-width=\"2\"\(s.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")\(s.dashOffset != 0 ? " stroke-dashoffset=\"\(s.dashOffset)\"" : "")/>")
            }
        }
        svg.raw("</g>")

        // Failure: a red line through the chart at its time.
        if let f = r.failure {
            let px = x(f.time)
            svg.raw("<line x1=\"\(svgNumber(px))\" y1=\"\(svgNumber(top))\" x2=\"\(svgNumber(px))\" y2=\"\(svgNumber(expectTop + expectHeight))\" stroke=\"\(failureColour)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>")
        }

        // Legend.
        var ly = top + 6
        let lx = chartRight + (twoAxes ? 70 : 22)
        svg.text(lx, ly + 4, "legend", size: 12, weight: "bold", fill: "#333333")
        ly += 22
        for s in series where !s.name.isEmpty {
            svg.raw("<line x1=\"\(svgNumber(lx))\" y1=\"\(svgNumber(ly))\" x2=\"\(svgNumber(lx + 26))\" y2=\"\(svgNumber(ly))\" stroke=\"\(s.colour)\" stroke-width=\"3\"\(s.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
            // A name too long to carry " (right)" on its line gets "right axis" under it
            // (cut short, the mark was lost: `refresh.progress (righ…`).
            let marked = s.name + (s.secondary ? " (right)" : "")
            let fits = textWidth(marked, size: 12) <= width - lx - 40
            svg.text(lx + 34, ly + 4, fitText(fits ? marked : s.name, width: width - lx - 40, size: 12) ?? "", size: 12, fill: "#222222")
            for note in (s.secondary && !fits ? ["right axis"] : []) + (s.note.map { [$0] } ?? []) {
                ly += 15
                svg.text(lx + 34, ly + 4, fitText(note, width: width - lx - 40, size: 11) ?? "", size: 11, fill: "#555555")
            }
            ly += 20
        }
        if !unchanged.isEmpty {
            // What the plot left out because it never moved, with its value.
            svg.text(lx, ly + 4, "unchanged:", size: 11, fill: "#555555")
            ly += 16
            for u in unchanged {
                svg.text(lx + 8, ly + 4, fitText(u, width: width - lx - 14, size: 11) ?? "", size: 11, fill: "#555555")
                ly += 16
            }
            ly += 4
        }
        if r.failure != nil {
            svg.raw("<line x1=\"\(svgNumber(lx + 13))\" y1=\"\(svgNumber(ly - 8))\" x2=\"\(svgNumber(lx + 13))\" y2=\"\(svgNumber(ly + 8))\" stroke=\"\(failureColour)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>")
            svg.text(lx + 34, ly + 4, "failure", size: 12, fill: failureColour)
            ly += 20
        }

        // Statements lane.
        svg.text(left - 8, statementsTop + 15, "statements", size: 11, fill: "#333333", anchor: "end")
        for item in items {
            let ty = statementsTop + Double(item.lane) * (laneHeight + laneGap)
            let colour = item.failed ? failureColour : "#4a6fa5"
            if item.instant {
                let cx = item.x0
                svg.raw("<path d=\"M\(svgNumber(cx - 4)) \(svgNumber(ty + 4)) L\(svgNumber(cx + 4)) \(svgNumber(ty + 4)) L\(svgNumber(cx)) \(svgNumber(ty + 12)) Z\" fill=\"\(colour)\"><title>\(xmlAttribute(item.tip))</title></path>")
                svg.line(cx, ty + 12, cx, ty + laneHeight, stroke: colour, width: 1)
                if !item.label.isEmpty { svg.text(cx + 6, ty + 15, item.label, size: 11, fill: item.failed ? failureColour : "#222222") }
            } else {
                let w = max(1.5, item.x1 - item.x0)
                svg.raw("<rect x=\"\(svgNumber(item.x0))\" y=\"\(svgNumber(ty + 2))\" width=\"\(svgNumber(w))\" height=\"\(svgNumber(laneHeight - 4))\" rx=\"3\" fill=\"\(item.failed ? "#fbe3e4" : "#dde7f5")\" stroke=\"\(colour)\" stroke-width=\"1\"><title>\(xmlAttribute(item.tip))</title></rect>")
                if !item.label.isEmpty {
                    svg.text(item.outside ? item.x1 + 4 : item.x0 + 4, ty + 15, item.label, size: 11, fill: item.failed ? failureColour : "#1d3557")
                }
            }
        }
        if r.droppedSpans > 0 {
            svg.text(chartRight, statementsTop - 6, "(\(r.droppedSpans) more statements not drawn)", size: 10, fill: "#666666", anchor: "end")
        }

        // Expectations lane.
        svg.text(left - 8, expectTop + 15, "expects", size: 11, fill: "#333333", anchor: "end")
        svg.line(left, expectTop + expectHeight / 2, chartRight, expectTop + expectHeight / 2, stroke: "#dddddd", width: 1)
        let lastFrame = frames.last?.frame ?? 0
        for c in r.checks where !c.failed {
            let px = x(Double(c.frame) / Double(r.fps))
            let st = c.statement >= 0 && c.statement < r.statements.count ? r.statements[c.statement] : nil
            var tip = st.map { "line \($0.line): \($0.text), t = \(formatFixed(Double(c.frame) / Double(r.fps), 3)) s" } ?? ""
            if st?.isInvariant == true {
                // Held after every frame from here to the end (or the failure).
                let end = x(Double(lastFrame) / Double(r.fps))
                tip += ", checked after every frame from there"
                svg.raw("<rect x=\"\(svgNumber(px))\" y=\"\(svgNumber(expectTop + expectHeight / 2 - 2))\" width=\"\(svgNumber(max(0, end - px)))\" height=\"4\" fill=\"#9fd4ae\"><title>\(xmlAttribute(tip))</title></rect>")
            }
            svg.raw("<line x1=\"\(svgNumber(px))\" y1=\"\(svgNumber(expectTop + 3))\" x2=\"\(svgNumber(px))\" y2=\"\(svgNumber(expectTop + expectHeight - 3))\" stroke=\"#1a7f37\" stroke-width=\"2\"><title>\(xmlAttribute(tip))</title></line>")
        }
        for c in r.checks where c.failed {
            let px = x(Double(c.frame) / Double(r.fps))
            svg.line(px - 5, expectTop + 6, px + 5, expectTop + expectHeight - 6, stroke: failureColour, width: 2.5)
            svg.line(px - 5, expectTop + expectHeight - 6, px + 5, expectTop + 6, stroke: failureColour, width: 2.5)
            // Its line, beside the cross (left of it when the cross is near the right edge).
            let label = c.failureLine.map { "line \($0)" } ?? ""
            let right = px + 10 + textWidth(label, size: 11) < chartRight
            svg.text(right ? px + 10 : px - 10, expectTop + 15, label, size: 11, weight: "bold", fill: failureColour, anchor: right ? nil : "end")
        }
        let passed = r.checks.filter { !$0.failed }.count
        svg.text(chartRight + 22, expectTop + 15, "\(passed) passed" + (r.failure != nil ? ", 1 failed" : ""), size: 11, fill: "#333333")
        for (n, l) in messageLines.enumerated() {
            svg.text(left, messageTop + Double(n) * 17, l, size: 12, weight: n == 0 ? "bold" : nil, fill: failureColour, mono: n > 0)
        }
        svg.close()
        return svg.out
    }
}

/// Writes SVG elements into a string.
struct SVGBuilder {
    var out = ""

    mutating func open(width: Double, height: Double) {
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\">\n"
    }

    mutating func close() { out += "</svg>\n" }

    mutating func raw(_ s: String) { out += s + "\n" }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double) {
        out += "<line x1=\"\(svgNumber(x1))\" y1=\"\(svgNumber(y1))\" x2=\"\(svgNumber(x2))\" y2=\"\(svgNumber(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(svgNumber(width))\"/>\n"
    }

    mutating func text(_ x: Double, _ y: Double, _ s: String, size: Double, weight: String? = nil, fill: String = "#000000", anchor: String? = nil, mono: Bool = false) {
        let family = mono ? "DejaVu Sans Mono, Menlo, Consolas, VL Gothic, monospace" : fontFamily
        out += "<text x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" font-family=\"\(family)\" font-size=\"\(svgNumber(size))\""
        if let weight { out += " font-weight=\"\(weight)\"" }
        if let anchor { out += " text-anchor=\"\(anchor)\"" }
        out += " fill=\"\(fill)\" xml:space=\"preserve\">\(xmlAttribute(s))</text>\n"
    }
}
