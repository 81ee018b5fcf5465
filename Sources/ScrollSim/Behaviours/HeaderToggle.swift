// The header of post 002: tapping it animates its height between H and H2 with the table
// body following (spec §6.3). Configured by `toggle H2` on the `header` line; present
// whenever a header is, and inert without the option (`header.expanded` stays false).

/// `header H toggle H2`.
public struct HeaderToggle: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Option: Int, BehaviourMember { case toggle }
    public enum Tunable: Int, BehaviourMember { case duration, bodyFollows }
    public enum Observable: Int, BehaviourMember { case expanded }
    public enum Note: Int, BehaviourMember { case expanding, collapsing }

    public static let declaration = BehaviourDeclaration(
        name: "toggle", namespace: "header",
        configuration: .options(of: "header", Option.allCases.map {
            switch $0 {
            case .toggle:
                ConfigOption("toggle", ConfigArgument(name: "toggle height", placeholder: "H2", quantity: .points,
                                                      range: .within(Limits.headerHeight)),
                             summary: "tapping the header animates its height between H and H2, the body following")
            }
        }),
        tunables: Tunable.allCases.map {
            switch $0 {
            case .duration:
                TunableDeclaration("duration", .quantity(.seconds), default: 0.25, range: TunableRange(0, 60, lowerOpen: true),
                                   summary: "the header toggle animation, s, ease-in-out")
            case .bodyFollows:
                TunableDeclaration("bodyFollows", .bool, default: 1, range: TunableRange(0, 1),
                                   summary: "the body follows the header toggle every frame (false: only when the animation ends, post 002's first version)",
                                   namedValues: [("true", 1), ("false", 0)])
            }
        },
        observables: Observable.allCases.map {
            switch $0 {
            case .expanded:
                ObservableDeclaration("expanded", .bool, summary: "a toggle header is at (or animating to) its second height",
                                      prominence: 4, trace: .whenConfigured)
            }
        },
        notes: Note.allCases.map {
            switch $0 {
            case .expanding: "expanding"
            case .collapsing: "collapsing"
            }
        },
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
        secondHeight = setup.settings.option(Option.toggle)
        duration = setup.tunable(Tunable.duration)
        bodyFollows = setup.tunable(Tunable.bodyFollows) != 0
        headerView = setup.hostID.map { ViewID($0, StretchyHeader.View.header.index) }
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
            return Reaction(animating: true, tapNote: (expanded ? Note.expanding : Note.collapsing).index)
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

    public func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        switch observable {
        case .expanded: .bool(expanded)
        }
    }
}
