// The header of post 002: tapping it animates its height between H and H2 with the table
// body following (spec §6.3). Configured by `toggle H2` on the `header` line; present
// whenever a header is, and inert without the option (`header.expanded` stays false).

/// `header H toggle H2`.
public struct HeaderToggle: DeclaredBehaviour, Equatable {
    public static let declaration = BehaviourDeclaration(
        name: "toggle", namespace: "header",
        configuration: .options(of: "header", [
            ConfigOption("toggle", ConfigArgument(name: "toggle height", placeholder: "H2", quantity: .points,
                                                  range: .within(Limits.headerHeight)),
                         summary: "tapping the header animates its height between H and H2, the body following"),
        ]),
        tunables: [
            TunableDeclaration("duration", .quantity(.seconds), default: 0.25, range: TunableRange(0, 60, lowerOpen: true),
                               summary: "the header toggle animation, s, ease-in-out"),
            TunableDeclaration("bodyFollows", .bool, default: 1, range: TunableRange(0, 1),
                               summary: "the body follows the header toggle every frame (false: only when the animation ends, post 002's first version)",
                               namedValues: [("true", 1), ("false", 0)]),
        ],
        observables: [
            ObservableDeclaration("expanded", .bool, summary: "a toggle header is at (or animating to) its second height",
                                  prominence: 4, trace: .whenConfigured),
        ],
        notes: ["expanding", "collapsing"],
        listens: .taps,
        synonyms: BehaviourSynonyms(
            options: [("toggle", "toggles toggling toggled togglesto alternate alternates")],
            properties: [("collapsed", "not $.expanded")]))

    let firstHeight: Double
    /// nil: no `toggle` option (taps do nothing).
    let secondHeight: Double?
    let duration: Double
    let bodyFollows: Bool
    /// The table header's view, the one whose taps toggle it.
    let headerView: ViewID?
    /// true at (or animating to) the second height.
    private(set) var expanded = false
    private(set) var height: Double
    /// The height the body lays out with: `height`, or the height before the animation
    /// until it ends when the body does not follow.
    private(set) var bodyHeight: Double
    private(set) var isAnimating = false
    private var animation: Tween

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        firstHeight = setup.host?.argument ?? 0
        secondHeight = setup.settings.option(0)
        duration = setup.tunable(0)
        bodyFollows = setup.tunable(1) != 0
        headerView = setup.hostID.map { ViewID($0, 0) }
        height = firstHeight
        bodyHeight = firstHeight
        animation = Tween(from: firstHeight, to: firstHeight, start: 0, duration: duration, curve: .easeInOut)
    }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        switch event {
        case .viewTapped(let v, _):
            guard v == headerView, let second = secondHeight else { return Reaction(animating: isAnimating) }
            expanded.toggle()
            animation = Tween(from: height, to: expanded ? second : firstHeight,
                              start: scroll.time, duration: duration, curve: .easeInOut)
            isAnimating = true
            return Reaction(animating: true, tapNote: expanded ? 0 : 1)   // expanding, collapsing
        case .frameTicked:
            guard isAnimating else { return Reaction(animating: false) }
            let t = scroll.time
            height = animation.value(at: t)
            if animation.isFinished(at: t) {
                height = animation.to
                isAnimating = false
                bodyHeight = height
            } else if bodyFollows {
                bodyHeight = height
            }
            adjustments.headerHeight = height
            adjustments.bodyTop = bodyHeight
            return Reaction(animating: isAnimating)
        default:
            return Reaction(animating: isAnimating)
        }
    }

    public func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        .bool(expanded)
    }

    public func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}
