// The Safari-like bottom toolbar of post 003 (spec §6.4): it follows the finger away,
// hides past toolbar.hideDistance, and comes back on a fast downward flick, at the
// bottom, or on a tap near the bottom of the screen.

/// `toolbar.state`: its place in the declaration's `states` is its raw value.
public enum ToolbarMode: Int, Equatable, Sendable {
    case shown, hidden, showing, hiding
}

/// `toolbar [H]`: a small state machine over its y and mode.
public struct Toolbar: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Tunable: Int, BehaviourMember { case showVelocity, hideDistance, duration }
    public enum Observable: Int, BehaviourMember { case y, height, state, frame }
    public enum View: Int, BehaviourMember { case toolbar, zone }
    public enum Note: Int, BehaviourMember { case showing }

    public static let declaration = BehaviourDeclaration(
        name: "toolbar", namespace: "toolbar",
        configuration: .word(ConfigWord(
            "toolbar",
            argument: ConfigArgument(name: "toolbar height", placeholder: "H", quantity: .points,
                                     range: .within(Limits.toolbarHeight), defaultValue: 44),
            noun: "toolbar", usage: "toolbar",
            summary: "a bottom toolbar H pt tall (44 by default) with a Safari-like hide/show")),
        tunables: Tunable.allCases.map {
            switch $0 {
            case .showVelocity:
                TunableDeclaration("showVelocity", .quantity(.velocity), default: 800, range: TunableRange(0, 100_000),
                                   summary: "the downward finger velocity, pt/s, past which the toolbar shows")
            case .hideDistance:
                TunableDeclaration("hideDistance", .quantity(.points), default: 22, range: TunableRange(0, 10_000),
                                   summary: "the upward finger travel past which the toolbar hides")
            case .duration:
                TunableDeclaration("duration", .quantity(.seconds), default: 0.2, range: TunableRange(0, 60, lowerOpen: true),
                                   summary: "the toolbar's show/hide animation, s, linear")
            }
        },
        observables: Observable.allCases.map {
            switch $0 {
            case .y:
                ObservableDeclaration("y", .quantity(.points), summary: "the toolbar's top, in screen points (screen.height when hidden)",
                                      prominence: 12, trace: .always, plotted: true)
            case .height: ObservableDeclaration("height", .quantity(.points), summary: "the toolbar's height", prominence: 16)
            case .state:
                ObservableDeclaration("state", .state, summary: "the toolbar: shown, hidden, showing or hiding",
                                      prominence: 3, trace: .always)
            case .frame: ObservableDeclaration("frame", .rect, summary: "the toolbar's frame (x, y, width, height); printed, not compared")
            }
        },
        states: ["shown", "hidden", "showing", "hiding"],
        views: View.allCases.map {
            switch $0 {
            case .toolbar:
                ViewDeclaration("toolbar", layer: .screen, targetable: true, targetNeedsVisiblePart: false,
                                exploreWeight: 1, style: .toolbar)
            case .zone:
                // The bottom h pt while the toolbar is hidden or hiding: a tap there shows it.
                ViewDeclaration("toolbar.zone", label: "toolbar reveal zone", layer: .screen, listed: false, style: .tapZone)
            }
        },
        notes: Note.allCases.map { switch $0 { case .showing: "showing" } },
        listens: [.fingerTracked, .dragEnded, .decelerationEnded, .taps],
        synonyms: BehaviourSynonyms(
            view: "bottombar bottomtoolbar tabbar",
            states: [("shown", "visible displayed onscreen hittable open opened up show shows appear appears appeared reappear reappears"),
                     ("hidden", "invisible gone offscreen collapsed closed down hide hides hid disappear disappears disappeared"),
                     ("showing", "appearing revealing opening"),
                     ("hiding", "disappearing closing collapsing")]))

    let id: BehaviourID
    /// `toolbar.state`'s values, by `ToolbarMode.rawValue`.
    let states: [StateID]
    public let height: Double
    public let shownY: Double
    public let hiddenY: Double
    public let duration: Double
    public let showVelocity: Double
    public let hideDistance: Double
    public private(set) var mode: ToolbarMode = .shown
    /// Current y (screen).
    public private(set) var y: Double
    private var animation: Tween

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        id = setup.id
        states = Toolbar.declaration.states.enumerated().map { StateID(family: .behaviour(setup.id), index: $0, name: $1) }
        height = setup.settings.argument ?? 44
        shownY = setup.screenHeight - height
        hiddenY = setup.screenHeight
        showVelocity = setup.tunable(Tunable.showVelocity)
        hideDistance = setup.tunable(Tunable.hideDistance)
        duration = setup.tunable(Tunable.duration)
        y = shownY
        animation = Tween(from: 0, to: 0, start: 0, duration: duration, curve: .linear)
    }

    public var isAnimating: Bool { mode == .showing || mode == .hiding }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        let t = scroll.time
        switch event {
        case .frameTicked:
            guard isAnimating else { break }
            y = animation.value(at: t)
            if animation.isFinished(at: t) {
                y = animation.to
                mode = mode == .showing ? .shown : .hidden
            }
        case .fingerTracked:
            let p = scroll.fingerTranslation
            if scroll.fingerVelocity > showVelocity { show(t) }
            if p <= -1 && mode == .shown {
                y = min(shownY - p, hiddenY)
                if p < -hideDistance { hide(t) }
            }
        case .dragEnded, .decelerationEnded:
            if scroll.isAtBottom { show(t) }
            if mode == .shown && y != shownY { show(t) }
        case .viewTapped(let v, _) where v.behaviour == id:
            // The toolbar or its reveal zone: shows it when hidden or hiding. A tap in the
            // zone (below a hiding toolbar, or anywhere in it while hidden) reports the zone,
            // and so does `tap toolbar` on a hiding toolbar with no part on screen (spec §4:
            // a hide that starts from the bottom edge, y already at screen.height).
            let wasOff = mode == .hidden || View(index: v.view) == .zone || (mode == .hiding && y >= hiddenY)
            let reveals = mode == .hidden || mode == .hiding
            if reveals { show(t) }
            if wasOff { return Reaction(animating: isAnimating, tapNote: Note.showing.index, tapView: View.zone.index) }
            return Reaction(animating: isAnimating, tapNote: reveals ? Note.showing.index : nil)
        default:
            break
        }
        return Reaction(animating: isAnimating)
    }

    public func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        switch observable {
        case .y: .number(y, .points)
        case .height: .number(height, .points)
        case .state: .state(states[mode.rawValue])
        case .frame: .rect(Rect(x: 0, y: y, width: scroll.screenWidth, height: height))
        }
    }

    public func frame(of view: View, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        switch view {
        case .toolbar:
            return Rect(x: 0, y: y, width: scroll.screenWidth, height: height)
        case .zone:
            guard mode == .hidden || mode == .hiding else { return nil }
            return Rect(x: 0, y: scroll.screenHeight - height, width: scroll.screenWidth, height: height)
        }
    }

    /// Animate to the shown position, unless already there at rest or showing.
    private mutating func show(_ t: Double) {
        if mode == .showing || (mode == .shown && y == shownY) { return }
        animation = Tween(from: y, to: shownY, start: t, duration: duration, curve: .linear)
        mode = .showing
    }

    /// Animate to the hidden position, unless hidden or hiding.
    private mutating func hide(_ t: Double) {
        if mode == .hidden || mode == .hiding { return }
        animation = Tween(from: y, to: hiddenY, start: t, duration: duration, curve: .linear)
        mode = .hiding
    }
}
