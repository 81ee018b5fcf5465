// A behaviour written in Swift by a user (spec §8), shaped as the UIScrollViewDelegate an
// app already has: a class that receives the delegate's calls under UIKit's names, on a
// scroll view that answers UIKit's names, and declares what a scenario can name.

/// A scroll-linked behaviour of your own, moved over from a `UIScrollViewDelegate`: a
/// `final class` with the delegate methods it needs (the others do nothing), a `declaration`
/// of its name, tunables, observables and views, and an `init` from the scene. A scenario
/// turns it on with `use NAME`; a fresh instance is made for every scenario (and for every
/// world the REPL, `explore` and the pictures start).
///
/// The calls come at the points of spec §6.1, on the simulated clock:
/// `scrollViewWillBeginDragging` at the first frame of a touch, before the finger moves;
/// `scrollViewDidScroll` late in every frame whose offset differs from the previous frame's,
/// whatever moved it; at a release `scrollViewWillEndDragging` (which may move the fling's
/// target), then `scrollViewDidEndDragging(_:willDecelerate:)`, then, when the content moves
/// on, `scrollViewWillBeginDecelerating`; `scrollViewDidEndDecelerating` where a deceleration
/// or a bounce comes to rest; `scrollViewDidEndScrollingAnimation` where an animated
/// `setContentOffset` ends. Behaviours are called in registration order, the built-ins
/// first.
///
/// A copy of a world that goes on running (the REPL, `explore`, pictures) gets a fresh
/// instance made by your `init` and given the same calls again, so your class must answer
/// the same calls the same way: no wall clock, no random numbers, no state shared between
/// instances (static variables).
public protocol ScrollBehaviour: AnyObject {
    /// What the behaviour declares: its name (the word of `use NAME` and of its names,
    /// `NAME.alpha`), tunables, observables, states and views.
    static var declaration: BehaviourSpec<Self> { get }

    /// A fresh instance for one scenario: the scroll view at rest at the top, laid out, and
    /// the tunables' values (`scene.tunable("start")`).
    init(_ scene: ScrollScene)

    /// Late in every frame whose content offset differs from the previous frame's (after the
    /// layout), whatever moved it: the finger, a deceleration, a bounce, an inset that moved a
    /// bound, another behaviour.
    func scrollViewDidScroll(_ scrollView: ScrollView)

    /// At the first frame of a touch, before the finger moves.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)

    /// At a release, before the motion it starts. `velocity.y` is the content's velocity in
    /// points per millisecond (UIKit's unit: positive toward the content's end); the target
    /// is where the deceleration will come to rest, clamped to the bounds (the release offset
    /// itself when no deceleration follows, the bound for a release past one). Set
    /// `targetContentOffset.pointee.y` to move it: the deceleration then starts with the
    /// speed that comes to rest there exactly (spec §8). The pointer is valid only during the
    /// call, as in UIKit.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)

    /// At a release, after `scrollViewWillEndDragging`; `decelerate`: a deceleration or a
    /// bounce follows.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)

    /// At a release that a deceleration or bounce follows, after `scrollViewDidEndDragging`.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)

    /// Where a deceleration or a bounce comes to rest (early in that frame, before the
    /// layout).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)

    /// Where an animated `setContentOffset(_:animated: true)` reaches its target.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollBehaviour {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Does nothing: the fling keeps its target.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// What a behaviour's `init` is given: the scroll view, laid out and at rest at the top,
/// and the values of the tunables it declares for this scenario.
public final class ScrollScene {
    /// The scroll view, as it is before the first frame (the same object every call gets).
    public let scrollView: ScrollView
    private let names: [String]
    private let values: [Double]
    /// Names asked for that the declaration does not list.
    private(set) var unknown: [String] = []

    init(scrollView: ScrollView, names: [String], values: [Double]) {
        self.scrollView = scrollView
        self.names = names
        self.values = values
    }

    /// The value of the tunable `name` (as declared, without the behaviour's name: `"start"`
    /// for `set fade.start 136`): its default, or what the scenario set. A boolean tunable
    /// reads 1 or 0. A name the declaration does not list reads 0 and stops the scenario
    /// with an error naming it.
    public func tunable(_ name: String) -> CGFloat {
        if let k = names.firstIndex(of: name), k < values.count { return CGFloat(values[k]) }
        if !unknown.contains(name) { unknown.append(name) }
        return 0
    }

    /// A boolean tunable's value (`set fade.enabled false`).
    public func flag(_ name: String) -> Bool { tunable(name) != 0 }

    /// The screen's size in points (`screen W x H`).
    public var screenSize: CGSize { scrollView.frame.size }
}
