import ScrollScript

/// A header image that fades out as the content scrolls up, written as an app's
/// `scrollViewDidScroll` would be: alpha 1 until `fade.start`, 0 after `start + length`,
/// linear between; the header scrolls with the content.
final class Fade: ScrollBehaviour {
    enum Phase: String, CaseIterable { case visible, fading, gone }

    static let declaration = BehaviourSpec<Fade>(
        name: "fade", summary: "a header image that fades out as the content scrolls up", noun: "fading header",
        tunables: [
            .points("start", default: 100, range: 0...10_000, summary: "the offset where the fade starts"),
            .points("length", default: 100, range: 1...10_000, summary: "how far the content scrolls while it fades"),
        ],
        observables: [
            .number("alpha", summary: "the header's alpha, 1 to 0", plotted: true) { $0.header.alpha },
            .state("state", summary: "visible, fading or gone") { $0.phase },
            .rect("frame", summary: "the header's frame") { $0.header.frame },
        ],
        views: [ViewSpec("fade", view: \.header, label: "fading header", layer: .content)])

    let header: UIView
    let start: CGFloat
    let length: CGFloat

    init(_ scene: ScrollScene) {
        header = UIView(frame: CGRect(x: 0, y: 0, width: scene.screenSize.width, height: 120))
        start = scene.tunable("start")
        length = scene.tunable("length")
    }

    var phase: Phase { header.alpha >= 1 ? .visible : header.alpha <= 0 ? .gone : .fading }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let y = scrollView.contentOffset.y
        header.frame.origin.y = -y
        header.alpha = min(1, max(0, 1 - (y - start) / length))
    }
}
