// The navigation bar's title fades in once the large header has scrolled away: alpha 0
// until `fadeStart` points of scrolling, 1 after `fadeStart + fadeLength`, linear between.
import ScrollScript

final class TitleFadeController: NSObject, ScrollBehaviour {
    static let declaration = BehaviourSpec<TitleFadeController>(
        name: "navtitle", summary: "the navigation title, faded in once the large header has scrolled away",
        observables: [
            .number("alpha", summary: "the title's alpha, 0 to 1") { $0.progress },
            .state("state", summary: "hidden, fading or visible") { $0.titleState },
        ],
        views: [ViewSpec("navtitle", view: \.titleView, label: "navigation title")])

    enum TitleState: CaseIterable { case hidden, fading, visible }

    let titleView = UIView(frame: CGRect(x: 0, y: 20, width: 375, height: 44))
    var fadeStart: CGFloat = 136
    var fadeLength: CGFloat = 30
    private(set) var titleState = TitleState.hidden
    private(set) var progress: Double = 0

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        // How far the content has scrolled from its resting place at the top.
        let scrolled = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
        progress = Double(min(max((scrolled - fadeStart) / fadeLength, 0), 1))
        titleView.alpha = CGFloat(progress)
        if progress == 0 {
            titleState = .hidden
        } else if progress == 1 {
            titleState = .visible
        } else {
            titleState = .fading
        }
    }
}
