import Foundation

/// Content-space positions of the sections (spec §6.3), as prefix sums: `tops[i]` is the
/// content y of section i's header, `tops[count]` the content height. Updated in place
/// (no allocation) only when something that changes them moved.
public struct TableLayout: Equatable, Sendable {
    public let rowHeight: Double
    /// Section i's header height: section.height when titled, else 0.
    public let headerHeights: [Double]
    public let rowCounts: [Int]
    public private(set) var tops: [Double]

    public init(sections: [SectionConfig], rowHeight: Double, sectionHeight: Double) {
        self.rowHeight = rowHeight
        self.headerHeights = sections.map { $0.title == nil ? 0 : sectionHeight }
        self.rowCounts = sections.map { max(0, $0.rowCount) }
        self.tops = Array(repeating: 0, count: sections.count + 1)
    }

    public var sectionCount: Int { rowCounts.count }
    public var contentHeight: Double { tops[tops.count - 1] }
    /// The same, stored by `update` (the per-frame layout reads it without a call).
    public private(set) var storedContentHeight: Double = 0

    /// Recomputes the prefix sums below a table header of `bodyTop` pt.
    /// O(sections), through buffer pointers: a 10,000-section table animates every frame
    /// (an accordion), and element-wise array access retains the array in a debug build.
    public mutating func update(bodyTop: Double, fractions: [Double]) {
        let rh = rowHeight
        let n = rowCounts.count
        let end: Double = headerHeights.withUnsafeBufferPointer { hh in
            rowCounts.withUnsafeBufferPointer { rc in
                fractions.withUnsafeBufferPointer { fr in
                    tops.withUnsafeMutableBufferPointer { t -> Double in
                        guard t.count == n + 1, hh.count == n else { return bodyTop }
                        var y = bodyTop
                        t[0] = y
                        var i = 0
                        while i < n {
                            let f = i < fr.count ? fr[i] : 1
                            y += hh[i] + Double(rc[i]) * rh * f
                            t[i + 1] = y
                            i += 1
                        }
                        return y
                    }
                }
            }
        }
        storedContentHeight = end
    }

    /// Height of one row of section i at open fraction f.
    public func rowHeight(fraction f: Double) -> Double { rowHeight * f }
}

/// The header's visible frame rule (spec §6.3), a pure function of the scroll state.
public enum HeaderGeometry {
    /// (y, height) on screen for a header of layout height `h`.
    public static func frame(offset: Double, minOffset: Double, height h: Double, pin: Double?, stretches: Bool) -> (y: Double, height: Double) {
        let edge = -minOffset
        if offset < minOffset && stretches {
            return (edge, h + (minOffset - offset))
        }
        if let p = pin {
            // P ≤ H is checked against H only: a toggle height below the pin keeps the whole
            // header (P' = min(P, H)) instead of pushing it below the top edge.
            return (max(-offset, edge - (h - min(p, h))), h)
        }
        return (-offset, h)
    }
}
