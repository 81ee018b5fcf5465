import Foundation

/// `toolbar.state`.
public enum ToolbarMode: Equatable, Sendable {
    case shown, hidden, showing, hiding

    /// Its value as an observable (its name is the vocabulary's, `StateID`).
    public var state: StateID {
        switch self {
        case .shown: return .shown
        case .hidden: return .hidden
        case .showing: return .showing
        case .hiding: return .hiding
        }
    }
}

/// Events of the Safari-like toolbar (post 003, spec §6.4). Times are passed in.
public enum ToolbarEvent: Equatable, Sendable {
    /// A frame at time t: a running animation advances; a finished one completes.
    case frameTicked(t: Double)
    /// While a finger is down, each frame (spec §6.1 step 5).
    case fingerTracked(translation: Double, velocity: Double, t: Double)
    /// The finger lifted; `atBottom`: offset ≥ max − 0.5.
    case dragEnded(atBottom: Bool, t: Double)
    /// A deceleration or bounce came to rest.
    case decelerationEnded(atBottom: Bool, t: Double)
    /// A tap on the bottom h pt of the screen (the toolbar or its reveal zone).
    case bottomTapped(t: Double)
}

/// The toolbar behaviour: a small state machine over its y and mode.
public struct ToolbarState: Equatable, Sendable {
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

    public init(height: Double, screenHeight: Double, duration: Double, showVelocity: Double, hideDistance: Double) {
        self.height = height
        self.shownY = screenHeight - height
        self.hiddenY = screenHeight
        self.duration = duration
        self.showVelocity = showVelocity
        self.hideDistance = hideDistance
        self.y = screenHeight - height
        self.animation = Tween(from: 0, to: 0, start: 0, duration: duration, curve: .linear)
    }

    public var isAnimating: Bool { mode == .showing || mode == .hiding }

    public mutating func reduce(_ event: ToolbarEvent) {
        switch event {
        case .frameTicked(let t):
            guard isAnimating else { return }
            y = animation.value(at: t)
            if animation.isFinished(at: t) {
                y = animation.to
                mode = mode == .showing ? .shown : .hidden
            }
        case .fingerTracked(let p, let v, let t):
            if v > showVelocity { show(t) }
            if p <= -1 && mode == .shown {
                y = min(shownY - p, hiddenY)
                if p < -hideDistance { hide(t) }
            }
        case .dragEnded(let atBottom, let t), .decelerationEnded(let atBottom, let t):
            if atBottom { show(t) }
            if mode == .shown && y != shownY { show(t) }
        case .bottomTapped(let t):
            if mode == .hidden || mode == .hiding { show(t) }
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
