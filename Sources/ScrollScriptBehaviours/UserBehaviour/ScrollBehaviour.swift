// A behaviour written in Swift by a user (spec §8), shaped as the UIScrollViewDelegate an
// app already has: a class that receives the delegate's calls under UIKit's names, on a
// scroll view that answers UIKit's names, and declares what a scenario can name.

/// A scroll-linked behaviour of your own, moved over from a `UIScrollViewDelegate`: a
/// `final class` with the delegate methods it needs (the others do nothing), a `declaration`
/// of its name, tunables, observables and views, and an `init()` — or an `init(_ scene:)`
/// when it reads its tunables or the screen. A scenario turns it on with `use NAME`; a
/// fresh instance is made for every scenario (and for every world the REPL, `explore` and
/// the pictures start).
///
/// The tool learns which delegate methods your class implements at the first call of each
/// (the others are the protocol's empty defaults) and stops making the calls it does not:
/// a behaviour without `scrollViewDidScroll` costs nothing on a moving frame.
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
    /// the tunables' values (`scene.tunable("start")`). By default, `init()`.
    init(_ scene: ScrollScene)

    /// A fresh instance, for a behaviour that needs nothing from the scene (its own
    /// properties' defaults: `let titleView = UIView(...)`). Implement this or
    /// `init(_ scene:)`; by default it is `init(_ scene:)` given a scene of its own (a
    /// default screen, the tunables' defaults).
    init()

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
    /// `init()`: a behaviour that needs nothing from the scene.
    public init(_ scene: ScrollScene) {
        let outer = ThreadContext.defaultSceneInit
        ThreadContext.defaultSceneInit = ThreadContext.key(Self.self)
        defer { ThreadContext.defaultSceneInit = outer }
        self.init()
    }

    /// `init(_ scene:)` on a scene of its own: the scroll view at rest on a default screen,
    /// the tunables' defaults.
    public init() {
        // Reached from the default `init(_:)`: the type implements neither, and the two
        // defaults would call each other for ever.
        guard ThreadContext.defaultSceneInit != ThreadContext.key(Self.self) else {
            fatalError("\(Self.self) implements neither init() nor init(_ scene: ScrollScene): a ScrollBehaviour makes each instance with one of them")
        }
        self.init(ScrollScene.standalone(Self.self))
    }

    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) { ThreadContext.defaultMethodRan = true }
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) { ThreadContext.defaultMethodRan = true }
    /// Does nothing: the fling keeps its target.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        ThreadContext.defaultMethodRan = true
    }
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        ThreadContext.defaultMethodRan = true
    }
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { ThreadContext.defaultMethodRan = true }
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { ThreadContext.defaultMethodRan = true }
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { ThreadContext.defaultMethodRan = true }
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

    package init(scrollView: ScrollView, names: [String], values: [Double]) {
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

    /// A scene of its own for `B` (what a default `init()` gives `init(_ scene:)`): a world
    /// of the default scene's size at rest at the top, the tunables' defaults.
    package static func standalone<B: ScrollBehaviour>(_ type: B.Type) -> ScrollScene {
        let facts = World(SceneConfig(registry: .builtIn)).facts
        let scrollView = ScrollView(facts, runtime: AnimationRuntime())
        scrollView.begin(facts, insetTop: 0, insetBottom: 0)
        let tunables = B.declaration.tunables
        return ScrollScene(scrollView: scrollView, names: tunables.map { $0.name }, values: tunables.map { $0.defaultValue })
    }
}
