// Post 003's Safari-like toolbar (../../../shared/seeds/003_*.txt, "自作のツールバーが
// iOSのSafariっぽく動くようにする"), its UIScrollViewDelegate ported from Objective-C to a
// ScrollScript behaviour. The delegate methods keep the post's names, flags and order; the
// changes are the spec's deliberate deviations (§6.4), each marked DEVIATION:
// - the finger rules run only while a finger is down (the post's scrollViewDidScroll also
//   runs them while the content decelerates, with the last pan translation);
// - the toolbar follows the finger no lower than its hidden position;
// - "at the bottom" is offset ≥ max − 0.5 (the post's `>` can never hold once a bounce
//   has settled at the bottom);
// - a show while the hide animation runs turns it around (the post's `showToolBar` returns
//   while `_showReplyView` is still YES, i.e. until the hide's completion);
// - a tap near the bottom shows it (the post lists the event, its code has no handler).
// The post's numbers (44, 800, 22, 0.2 s) are tunables here, with the built-in's names.
import ScrollScript

/// `use safari`: post 003's toolbar, its delegate ported.
public final class SafariToolbar: ScrollBehaviour {
    /// `safari.state`: the post's two flags read together.
    public enum State: String, CaseIterable {
        case shown, hidden, showing, hiding
    }

    /// `safari`: the post's numbers as tunables, the toolbar's y, state and frame, its view
    /// and the reveal zone.
    public static let declaration = BehaviourSpec<SafariToolbar>(
        name: "safari", summary: "post 003's Safari-like toolbar, ported from its UIScrollViewDelegate",
        noun: "Safari toolbar",
        tunables: [
            .points("height", default: 44, range: 0...10_000, excludesLower: true, summary: "the toolbar's height (the post's 44)"),
            .velocity("showVelocity", default: 800, range: 0...100_000,
                      summary: "the downward finger velocity, pt/s, past which the toolbar shows"),
            .points("hideDistance", default: 22, range: 0...10_000, summary: "the upward finger travel past which the toolbar hides"),
            .seconds("duration", default: 0.2, range: 0...60, excludesLower: true, summary: "the show/hide animation, s, linear"),
        ],
        observables: [
            .points("y", summary: "the toolbar's top, in screen points (screen.height when hidden)", plotted: true) {
                $0.toolBar.frame.minY
            },
            .state("state", summary: "the toolbar: shown, hidden, showing or hiding") { $0.state },
            .rect("frame", summary: "the toolbar's frame") { $0.toolBar.frame },
        ],
        views: [
            ViewSpec("safari", view: \.toolBar, label: "toolbar", style: .toolbar, targetNeedsVisiblePart: false,
                     onTap: { toolbar, tap in toolbar.tapped(&tap) }),
            // The bottom h pt while the toolbar is hidden or hiding: a tap there shows it.
            ViewSpec("safari.zone", label: "toolbar reveal zone", style: .tapZone, listed: false, targetable: false,
                     exploreWeight: 0, frame: { $0.revealZone }, onTap: { toolbar, tap in toolbar.tapped(&tap) }),
        ],
        tapNotes: ["showing"])

    // @property UIView *toolBar;
    let toolBar: UIView
    // self.view.frame.size.height
    let viewHeight: CGFloat
    let showVelocity: CGFloat
    let hideDistance: CGFloat
    let duration: TimeInterval

    // @property BOOL showReplyView;  (YES: shown, from the end of a show to the end of a hide)
    var showReplyView = true
    // @property BOOL animetionReplyView;  (YES while an animation runs)
    var animetionReplyView = false
    /// Which way the animation in flight goes (the post can tell only from its flags).
    var animatingToShow = false

    /// The toolbar shown at the bottom of the screen (the post's viewDidLoad).
    public init(_ scene: ScrollScene) {
        let height = scene.tunable("height")
        viewHeight = scene.scrollView.frame.size.height
        toolBar = UIView(frame: CGRect(x: 0, y: viewHeight - height, width: scene.scrollView.frame.size.width, height: height))
        showVelocity = scene.tunable("showVelocity")
        hideDistance = scene.tunable("hideDistance")
        duration = TimeInterval(scene.tunable("duration"))
    }

    var shownY: CGFloat { viewHeight - toolBar.frame.size.height }

    var state: State {
        if animetionReplyView { return animatingToShow ? .showing : .hiding }
        return showReplyView ? .shown : .hidden
    }

    /// The bottom `height` pt of the screen while the toolbar is hidden or hiding.
    var revealZone: CGRect? {
        guard state == .hidden || state == .hiding else { return nil }
        return CGRect(x: 0, y: viewHeight - toolBar.frame.size.height, width: toolBar.frame.size.width,
                      height: toolBar.frame.size.height)
    }

    // - (void)scrollViewWillBeginDragging:(UIScrollView *)scrollView — nothing, as in the post.

    /// The post's finger rules: follow, hide past 22 pt, show on a fast downward flick.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        // DEVIATION: only while a finger is down.
        guard scrollView.isTracking else { return }
        let v = scrollView.panGestureRecognizer.velocity(in: scrollView)
        if v.y > showVelocity {
            showToolBar()
        }
        let p = scrollView.panGestureRecognizer.translation(in: scrollView)
        if p.y <= -1 {
            if animetionReplyView { return }
            if !showReplyView { return }
            var frame = toolBar.frame
            // DEVIATION: no lower than the hidden position.
            frame.origin.y = min(viewHeight - toolBar.frame.size.height + (p.y * -1), viewHeight)
            toolBar.frame = frame
            if p.y < -hideDistance {
                hideToolBar()
            }
        }
    }

    /// At the bottom, or left part-way: show.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if isAtBottom(scrollView) {
            showToolBar()
        }
        if showReplyView && !animetionReplyView {
            if toolBar.frame.origin.y != viewHeight - toolBar.frame.size.height {
                showToolBar()
            }
        }
    }

    /// At the bottom, or left part-way: show.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        if isAtBottom(scrollView) {
            showToolBar()
        }
        if showReplyView && !animetionReplyView {
            if toolBar.frame.origin.y != viewHeight - toolBar.frame.size.height {
                showToolBar()
            }
        }
    }

    /// DEVIATION: offset ≥ max − 0.5, max being UIKit's largest offset (the post:
    /// `contentOffset.y > contentSize.height - frame.size.height`).
    func isAtBottom(_ scrollView: UIScrollView) -> Bool {
        let maxOffset = max(-scrollView.adjustedContentInset.top,
                            scrollView.contentSize.height + scrollView.contentInset.bottom - scrollView.bounds.size.height)
        return scrollView.contentOffset.y >= maxOffset - 0.5
    }

    func showToolBar() {
        // DEVIATION: a show while hiding turns the toolbar around; the post returns while
        // showReplyView is YES (also during the hide). Shown in place, or showing: nothing.
        if animetionReplyView && animatingToShow { return }
        if !animetionReplyView && showReplyView && toolBar.frame.origin.y == shownY { return }
        animetionReplyView = true
        animatingToShow = true
        var frame = toolBar.frame
        frame.origin.y = viewHeight - toolBar.frame.size.height
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: {
            self.toolBar.frame = frame
        }, completion: { finished in
            // A show turned around by nothing here; a hide's completion cut short by a show
            // must not undo the show's flags.
            guard finished else { return }
            self.animetionReplyView = false
            self.showReplyView = true
        })
    }

    func hideToolBar() {
        if !showReplyView { return }
        animetionReplyView = true
        animatingToShow = false
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: {
            var frame = self.toolBar.frame
            frame.origin.y = self.viewHeight
            self.toolBar.frame = frame
        }, completion: { finished in
            guard finished else { return }
            self.animetionReplyView = false
            self.showReplyView = false
        })
    }

    /// DEVIATION: a tap on the toolbar or in the bottom `height` pt while it is hidden or
    /// hiding shows it (the post names the event; its code has no handler).
    func tapped(_ tap: inout ViewTap) {
        let hidden = state == .hidden
        let reveals = hidden || state == .hiding
        let inZone = hidden || tap.view == "safari.zone"
        if reveals { showToolBar() }
        if inZone {
            tap.note = "showing"
            tap.receiver = "safari.zone"
        } else if reveals {
            tap.note = "showing"
        }
    }
}
