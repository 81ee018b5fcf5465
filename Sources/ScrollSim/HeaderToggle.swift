import Foundation

/// Events of the toggle header (post 002, spec §6.3).
public enum HeaderToggleEvent: Equatable, Sendable {
    case headerTapped(t: Double)
    case frameTicked(t: Double)
}

/// A header whose height animates between `firstHeight` and `secondHeight` (ease-in-out).
/// `bodyHeight` is the height the table body lays out with: the animated height when the
/// body follows, else the height before the animation until it ends.
public struct HeaderToggleState: Equatable, Sendable {
    public let firstHeight: Double
    public let secondHeight: Double
    public let duration: Double
    public let bodyFollows: Bool
    /// true at (or animating to) the second height.
    public private(set) var expanded = false
    public private(set) var height: Double
    public private(set) var bodyHeight: Double
    public private(set) var isAnimating = false
    private var animation: Tween

    public init(firstHeight: Double, secondHeight: Double, duration: Double, bodyFollows: Bool) {
        self.firstHeight = firstHeight
        self.secondHeight = secondHeight
        self.duration = duration
        self.bodyFollows = bodyFollows
        self.height = firstHeight
        self.bodyHeight = firstHeight
        self.animation = Tween(from: firstHeight, to: firstHeight, start: 0, duration: duration, curve: .easeInOut)
    }

    public mutating func reduce(_ event: HeaderToggleEvent) {
        switch event {
        case .headerTapped(let t):
            expanded.toggle()
            animation = Tween(from: height, to: expanded ? secondHeight : firstHeight,
                              start: t, duration: duration, curve: .easeInOut)
            isAnimating = true
        case .frameTicked(let t):
            guard isAnimating else { return }
            height = animation.value(at: t)
            if animation.isFinished(at: t) {
                height = animation.to
                isAnimating = false
                bodyHeight = height
            } else if bodyFollows {
                bodyHeight = height
            }
        }
    }
}
