import Foundation

/// View frames on screen (spec §6.3), computed on demand from the last layout.
extension World {
    /// E = inset.top, where the header rests (a refresh control's inset moves the top
    /// bound, not E: §6.7).
    var topEdge: Double { insetTop }

    /// S = E + P': where section headers stick (P' = min(P, H) for the table header's pin
    /// P and current height H; E without a pin).
    var stickyLine: Double {
        guard let pin = adjustments.headerPin else { return topEdge }
        return topEdge + min(pin, adjustments.headerHeight)
    }

    /// The frame of a behaviour's view now, nil when its behaviour is not declared here or
    /// the view has no frame now.
    public func frame(of v: ViewID) -> Rect? {
        guard let s = slot(v.behaviour) else { return nil }
        return current(s).frame(of: v.view, facts, adjustments)
    }

    /// The opacity of a behaviour's view now (1 when its behaviour is not declared here).
    public func opacity(of v: ViewID) -> Double {
        guard let s = slot(v.behaviour) else { return 1 }
        return current(s).opacity(of: v.view, facts, adjustments)
    }

    /// The first declared view drawn in `style` (the table header, the toolbar), if any.
    public func view(styled style: ViewStyle) -> ViewID? {
        for id in behaviourIDs {
            if let k = registry.views(of: id).firstIndex(where: { $0.style == style }) { return ViewID(id, k) }
        }
        return nil
    }

    /// Section i's header view frame with the sticky position applied; nil for a bad index.
    public func sectionFrame(_ i: Int) -> Rect? {
        guard i >= 0 && i < table.sectionCount else { return nil }
        let h = table.headerHeights[i]
        let natural = table.top(i) - scroll.offset
        let end = table.top(i + 1) - scroll.offset
        let s = stickyLine
        let y = natural < s ? min(s, end - h) : natural
        return Rect(x: 0, y: y, width: screenWidth, height: h)
    }

    /// Row j of section i; nil for a bad index.
    public func rowFrame(_ i: Int, _ j: Int) -> Rect? {
        guard i >= 0 && i < table.sectionCount, j >= 0 && j < table.rowCounts[i] else { return nil }
        let h = table.rowHeight(fraction: adjustments.sections.fraction[i])
        let y = table.top(i) + table.headerHeights[i] + Double(j) * h - scroll.offset
        return Rect(x: 0, y: y, width: screenWidth, height: h)
    }

    /// A frame with height > 0 that overlaps the screen's 0..screen.height.
    func isOnScreen(_ r: Rect) -> Bool {
        r.height > 0 && r.y < screenHeight && r.y + r.height > 0
    }

    /// Every view on screen in the fixed order: the behaviours' background views (a refresh
    /// indicator), their content views (the header), section 0's header, its rows, section
    /// 1's header, ..., then their screen views (the toolbar); behaviours in registration
    /// order within a layer. Rows of a closed section are not listed. Work is proportional
    /// to sections plus the rows listed.
    public func visibleFrames() -> [ViewFrame] {
        var out: [ViewFrame] = []
        appendViews(.background, to: &out)
        appendViews(.content, to: &out)
        for i in sectionsNearScreen() {
            if let r = sectionFrame(i), isOnScreen(r) {
                out.append(ViewFrame(kind: .section(i), rect: r, title: sectionTitles[i]))
            }
            guard let rows = visibleRowRange(i) else { continue }
            for j in rows {
                if let r = rowFrame(i, j), isOnScreen(r) {
                    out.append(ViewFrame(kind: .row(i, j), rect: r, title: rowTitle(i, j)))
                }
            }
        }
        appendViews(.screen, to: &out)
        return out
    }

    /// The listed views of `layer` that are on screen.
    private func appendViews(_ layer: ViewLayer, to out: inout [ViewFrame]) {
        let f = facts
        for k in behaviours.indices {
            let id = behaviourIDs[k]
            for (v, view) in registry.views(of: id).enumerated() where view.layer == layer && view.listed {
                if let r = current(k).frame(of: v, f, adjustments), isOnScreen(r) {
                    out.append(ViewFrame(kind: .view(ViewID(id, v)), rect: r, name: view.name, layer: layer, style: view.style))
                }
            }
        }
    }

    /// The sections that may have a view on screen: those whose content range comes within
    /// 1 pt of the screen's (a sticky header stays inside its section's range, between its
    /// natural y and the section's end). Found by binary search on the prefix sums, so
    /// `frames` and taps on a 10,000-section table cost O(log n + views), not O(n). With
    /// an offset past ±10¹² pt (a drag of 1e306 pt overflows it to ±inf) or NaN, no section
    /// is: the content is at most about 1.1·10⁹ pt tall (100,000 rows of 10,000 pt plus
    /// headers) and the sticky line at most 2·10⁴ pt down, so every view is 10¹¹ pt or more
    /// off screen (and NaN compares false, on screen or not).
    func sectionsNearScreen() -> Range<Int> {
        let n = table.sectionCount
        let o = scroll.offset
        guard o.isFinite, abs(o) < 1e12 else { return 0..<0 }
        let top = o - 1, bottom = o + screenHeight + 1
        // top(i) is non-decreasing: the first section whose end is past `top`...
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if table.top(mid + 1) > top { hi = mid } else { lo = mid + 1 }
        }
        let first = lo
        // ...up to the first whose start is at or past `bottom` (not a candidate).
        hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if table.top(mid) >= bottom { hi = mid } else { lo = mid + 1 }
        }
        return first..<lo
    }

    /// The rows of section i that may overlap the screen (a superset by at most one each side).
    func visibleRowRange(_ i: Int) -> ClosedRange<Int>? {
        let count = table.rowCounts[i]
        let h = table.rowHeight(fraction: adjustments.sections.fraction[i])
        guard count > 0, h > 0 else { return nil }
        let rowsTop = table.top(i) + table.headerHeights[i] - scroll.offset
        let first = clampIndex(((0 - rowsTop) / h).rounded(.down), count)
        let last = clampIndex(((screenHeight - rowsTop) / h).rounded(.down), count)
        guard rowsTop + Double(count) * h > 0, rowsTop < screenHeight, first <= last else { return nil }
        return first...last
    }

    /// A Double index clamped to 0..<count without trapping.
    func clampIndex(_ x: Double, _ count: Int) -> Int {
        guard x.isFinite, x > 0 else { return 0 }
        if x >= Double(count - 1) { return count - 1 }
        return Int(x)
    }

    func rowTitle(_ i: Int, _ j: Int) -> String? {
        guard i >= 0 && i < rowTitles.count, j >= 0 && j < rowTitles[i].count else { return nil }
        return rowTitles[i][j]
    }
}
