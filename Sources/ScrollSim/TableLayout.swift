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

    /// Recomputes the prefix sums below a table header of `bodyTop` pt.
    public mutating func update(bodyTop: Double, fractions: [Double]) {
        var y = bodyTop
        tops[0] = y
        for i in 0..<rowCounts.count {
            let f = i < fractions.count ? fractions[i] : 1
            y += headerHeights[i] + Double(rowCounts[i]) * rowHeight * f
            tops[i + 1] = y
        }
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
