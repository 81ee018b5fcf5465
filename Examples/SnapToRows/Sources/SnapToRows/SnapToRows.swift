// Snapping a fling to a row boundary: the common UIKit technique of moving
// `targetContentOffset` in `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
// here as an app writes it. The scroll view then decelerates so that it comes to rest there
// exactly (spec §8).
import ScrollScript

/// `use snap`: every release comes to rest on the row boundary nearest to where UIKit would
/// have stopped it.
public final class SnapToRows: ScrollBehaviour {
    /// `snap`: its tunables (`snap.row`, `snap.top`) and what it chose at the last release.
    public static let declaration = BehaviourSpec<SnapToRows>(
        name: "snap", summary: "snaps every release to the nearest row boundary (targetContentOffset)",
        noun: "row snapping",
        tunables: [
            .points("row", default: 44, range: 1...10_000, summary: "the distance between two boundaries (the rows' height)"),
            .points("top", default: 0, range: 0...10_000, summary: "the content y of the first boundary (a table header's height)"),
        ],
        observables: [
            .points("offered", summary: "the target UIKit offered at the last release") { $0.offered },
            .points("target", summary: "the row boundary chosen at the last release") { $0.target },
            .count("count", summary: "releases snapped so far") { $0.count },
        ])

    let rowHeight: CGFloat
    let top: CGFloat
    var offered: CGFloat = 0
    var target: CGFloat = 0
    var count = 0

    /// Made for each scenario, from `snap.row` and `snap.top`.
    public init(_ scene: ScrollScene) {
        rowHeight = scene.tunable("row")
        top = scene.tunable("top")
    }

    /// Moves the target to the nearest row boundary.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        offered = targetContentOffset.pointee.y
        // The nearest boundary, kept within the offsets the content can rest at.
        let row = ((offered - top) / rowHeight).rounded()
        let minOffset = -scrollView.adjustedContentInset.top
        let maxOffset = max(minOffset, scrollView.contentSize.height + scrollView.contentInset.bottom - scrollView.bounds.height)
        target = min(max(top + row * rowHeight, minOffset), maxOffset)
        targetContentOffset.pointee.y = target
        count += 1
    }
}
