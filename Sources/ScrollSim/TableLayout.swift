import Foundation

/// Content-space positions of the sections (spec §6.3). `top(i)` is the content y of
/// section i's header, `top(count)` the content height.
///
/// Held as prefix sums built once (`base`, for the body top and open fractions of the last
/// full build) plus what moved since: a shift of the body top (a header toggle animating)
/// and a short sorted list of sections whose height differs from the base (an accordion
/// animating). A frame's update costs O(sections that moved), not O(sections): a
/// 10,000-section table animates as cheaply as a 50-section one. The list is
/// folded back into the base (O(sections), once) when it would grow past `maxDeltas`
/// distinct sections. No allocation after `init`.
public struct TableLayout: Equatable, Sendable {
    public let rowHeight: Double
    /// Section i's header height: section.height when titled, else 0.
    public let headerHeights: [Double]
    public let rowCounts: [Int]
    /// Prefix sums at `baseFractions` below a body top of `baseBodyTop`.
    private var base: [Double]
    private var baseFractions: [Double]
    private var baseBodyTop: Double = 0
    /// The body top now minus `baseBodyTop`.
    private var shift: Double = 0
    /// Sections whose height differs from the base, in increasing order, and by how much.
    private var deltaIndex: [Int]
    private var deltaHeight: [Double]
    /// The most moved sections kept apart from the base before it is rebuilt.
    static let maxDeltas = 32

    public init(sections: [SectionConfig], rowHeight: Double, sectionHeight: Double) {
        self.rowHeight = rowHeight
        self.headerHeights = sections.map { $0.title == nil ? 0 : sectionHeight }
        self.rowCounts = sections.map { max(0, $0.rowCount) }
        self.base = Array(filled: 0, count: sections.count + 1)
        self.baseFractions = Array(filled: 1, count: sections.count)
        self.deltaIndex = []
        self.deltaHeight = []
        deltaIndex.reserveCapacity(Self.maxDeltas)
        deltaHeight.reserveCapacity(Self.maxDeltas)
    }

    public var sectionCount: Int { rowCounts.count }
    public var contentHeight: Double { storedContentHeight }
    /// The content height, stored by every update (the per-frame layout reads it without a call).
    public private(set) var storedContentHeight: Double = 0

    /// The content y of section i's header (i = sectionCount: the content height); i must
    /// be in 0...sectionCount. O(moved sections).
    public func top(_ i: Int) -> Double {
        var y = base[i] + shift
        var k = 0
        while k < deltaIndex.count && deltaIndex[k] < i {
            y += deltaHeight[k]
            k += 1
        }
        return y
    }

    /// Recomputes the prefix sums below a table header of `bodyTop` pt, from scratch:
    /// O(sections), through buffer pointers (element-wise array access retains the array
    /// in a debug build).
    public mutating func rebuild(bodyTop: Double, fractions: [Double]) {
        let rh = rowHeight
        let n = rowCounts.count
        let end: Double = headerHeights.withUnsafeBufferPointer { hh in
            rowCounts.withUnsafeBufferPointer { rc in
                fractions.withUnsafeBufferPointer { fr in
                    baseFractions.withUnsafeMutableBufferPointer { bf in
                        base.withUnsafeMutableBufferPointer { t -> Double in
                            guard t.count == n + 1, hh.count == n, bf.count == n else { return bodyTop }
                            var y = bodyTop
                            t[0] = y
                            var i = 0
                            while i < n {
                                let f = i < fr.count ? fr[i] : 1
                                bf[i] = f
                                y += hh[i] + Double(rc[i]) * rh * f
                                t[i + 1] = y
                                i += 1
                            }
                            return y
                        }
                    }
                }
            }
        }
        baseBodyTop = bodyTop
        shift = 0
        deltaIndex.removeAll(keepingCapacity: true)
        deltaHeight.removeAll(keepingCapacity: true)
        storedContentHeight = end
    }

    /// The body top moved to `bodyTop` (a header toggle animating): O(moved sections).
    public mutating func move(bodyTop: Double) {
        shift = bodyTop - baseBodyTop
        storedContentHeight = top(rowCounts.count)
    }

    /// Sections `changed` now have the open fractions in `fractions`, below a body top of
    /// `bodyTop`: O(changed × moved) (both small; past `maxDeltas` moved sections it rebuilds).
    public mutating func update(bodyTop: Double, fractions: [Double], changed: [Int]) {
        var c = 0
        while c < changed.count {
            let i = changed[c]
            c += 1
            guard i >= 0 && i < rowCounts.count && i < fractions.count else { continue }
            let extra = Double(rowCounts[i]) * rowHeight * (fractions[i] - baseFractions[i])
            var k = 0
            while k < deltaIndex.count && deltaIndex[k] < i { k += 1 }
            if k < deltaIndex.count && deltaIndex[k] == i {
                deltaHeight[k] = extra
            } else if deltaIndex.count < Self.maxDeltas {
                deltaIndex.insert(i, at: k)
                deltaHeight.insert(extra, at: k)
            } else {
                rebuild(bodyTop: bodyTop, fractions: fractions)
                return
            }
        }
        shift = bodyTop - baseBodyTop
        storedContentHeight = top(rowCounts.count)
    }

    /// Height of one row of section i at open fraction f.
    public func rowHeight(fraction f: Double) -> Double { rowHeight * f }
}
