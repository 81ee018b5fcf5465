// Pages a vertical feed a screen at a time: a fast fling goes to the next or the previous
// page from the one the drag started on, a slow release to the nearest page.
import ScrollScript

final class FeedPager: NSObject, ScrollBehaviour {
    static let declaration = BehaviourSpec<FeedPager>(
        name: "pager", summary: "pages the feed a screen at a time (targetContentOffset)",
        observables: [.number("page", summary: "the page the last release went to") { $0.currentPage }])

    /// Faster than this (points per millisecond, UIKit's unit) is a fling to the next page.
    let flingVelocity: CGFloat = 0.5
    private(set) var currentPage = 0
    private var pageAtDragStart = 0

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        pageAtDragStart = currentPage
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let pageHeight = scrollView.bounds.height
        let maxOffset = max(0, scrollView.contentSize.height - pageHeight)
        var page: Int
        if velocity.y > flingVelocity {
            page = pageAtDragStart + 1
        } else if velocity.y < -flingVelocity {
            page = pageAtDragStart - 1
        } else {
            page = Int((scrollView.contentOffset.y / pageHeight).rounded())
        }
        page = min(max(page, 0), Int(maxOffset / pageHeight))
        currentPage = page
        targetContentOffset.pointee.y = CGFloat(page) * pageHeight
    }
}
