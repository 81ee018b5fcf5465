// The scroll view a user behaviour is given (spec §8): UIScrollView's names, answered from
// the simulated world with Foundation's geometry types. One per behaviour instance, the same
// object on every call (as UIKit passes the same scroll view); its answers are those of the
// moment of the call.

// The answers a delegate reads on every frame are inlinable: a behaviour is compiled in the
// user's module, and a call into this one for each read would cost more than the read.

/// The simulated table view as UIKit's `UIScrollView` answers: offsets and sizes in points,
/// y down, the offset growing as the content scrolls up (toward its end).
public final class ScrollView {
    /// What a call reads and sets, in storage of its own: the scroll view is read and written
    /// on every frame, and a class's stored properties would cost a dynamic exclusivity check
    /// at each access. Shared with the pan gesture recognizer; freed with the scroll view.
    @usableFromInline package let state: UnsafeMutablePointer<CallState>
    private let storage: RawStorage<CallState>
    var facts: ScrollFacts {
        @inline(__always) get { state.pointee.facts }
        @inline(__always) set { state.pointee.facts = newValue }
    }
    /// The behaviour's animations (an animated `setContentOffset` runs there).
    package let runtime: AnimationRuntime
    /// The pan gesture recognizer of the scroll view (the finger).
    public let panGestureRecognizer: PanGestureRecognizer

    package init(_ facts: ScrollFacts, runtime: AnimationRuntime) {
        storage = RawStorage(CallState(facts: facts))
        state = storage.pointer
        self.runtime = runtime
        panGestureRecognizer = PanGestureRecognizer(storage)
        runtime.hot.pointee.touched = UnsafeMutableRawPointer(state)
            .advanced(by: MemoryLayout<CallState>.offset(of: \CallState.dirty)!)
            .assumingMemoryBound(to: UInt8.self)
    }

    /// A call begins: what the world reports, and the insets the behaviours share now.
    @inline(__always)
    package func begin(_ f: ScrollFacts, insetTop top: Double, insetBottom bottom: Double) {
        state.pointee.begin(f, top, bottom)
    }

    /// A call begins whose facts the world wrote into `factsSlot`.
    @inline(__always)
    package func beginInPlace(insetTop top: Double, insetBottom bottom: Double) {
        state.pointee.beginInPlace(top, bottom)
    }

    /// Where its facts are kept (`BehaviourReactor.factsSlot`: the world writes a `scrolled`
    /// call's there), for as long as the scroll view lives.
    var factsSlot: UnsafeMutablePointer<ScrollFacts> {
        (UnsafeMutableRawPointer(state) + MemoryLayout<CallState>.offset(of: \CallState.facts)!)
            .assumingMemoryBound(to: ScrollFacts.self)
    }

    /// An animated `setContentOffset` moved the offset this frame.
    package func setOffsetFromAnimation(_ y: Double) {
        state.pointee.requestedOffset = y
        state.pointee.dirty |= CallState.touched
        state.pointee.facts.offset = y
    }

    /// A call ended: the insets and offset it set, passed on; the first thing it did that
    /// the world refuses.
    @inline(__always)
    package func passOn(_ a: inout Adjustments) -> BehaviourFault? {
        state.pointee.passOn(&a)
    }

    /// The point of the content at the top-left of the screen (`offset`); setting it is
    /// `setContentOffset(_:animated: false)`.
    @inlinable public var contentOffset: CGPoint {
        get { CGPoint(x: 0, y: state.pointee.facts.offset) }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The content's size: the screen's width and `content.height` (the table header,
    /// section headers and rows), without insets, as UIKit's.
    @inlinable public var contentSize: CGSize {
        CGSize(width: state.pointee.facts.screenWidth, height: state.pointee.facts.contentHeight)
    }

    /// The extra insets of the content, which the behaviours share (a refresh control adds
    /// its own here while it refreshes). Setting it moves the scroll bounds, as UIKit's
    /// does: the top bound is −(`inset.top` + top), the bottom one content.height + bottom −
    /// the screen's height; a drag in progress goes on without a jump. `left` and `right`
    /// are kept and change nothing (the table scrolls vertically). Values must be finite.
    public var contentInset: EdgeInsets {
        get {
            let c = state.pointee
            return EdgeInsets(top: CGFloat(c.insetTop), left: c.insetLeft, bottom: CGFloat(c.insetBottom), right: c.insetRight)
        }
        set {
            guard newValue.top.isFinite, newValue.bottom.isFinite, newValue.left.isFinite, newValue.right.isFinite else {
                let bad = [newValue.top, newValue.bottom, newValue.left, newValue.right].first { !$0.isFinite } ?? .nan
                state.pointee.refuse(.insetNotFinite(Double(bad)))
                return
            }
            state.pointee.insetTop = Double(newValue.top)
            state.pointee.insetBottom = Double(newValue.bottom)
            state.pointee.insetLeft = newValue.left
            state.pointee.insetRight = newValue.right
            state.pointee.insetSet = true
            state.pointee.dirty |= CallState.touched
        }
    }

    /// `contentInset` plus the safe area (`set inset.top`): what the bounds are made of.
    /// At rest at the top, `contentOffset.y` is −`adjustedContentInset.top`.
    public var adjustedContentInset: EdgeInsets {
        let c = state.pointee
        return EdgeInsets(top: CGFloat(c.facts.insetTop + c.insetTop), left: c.insetLeft, bottom: CGFloat(c.insetBottom), right: c.insetRight)
    }

    /// The visible part of the content: origin `contentOffset`, size the screen's (UIKit's
    /// `bounds` of a scroll view).
    @inlinable public var bounds: CGRect {
        let f = state.pointee.facts
        return CGRect(x: 0, y: f.offset, width: f.screenWidth, height: f.screenHeight)
    }

    /// The scroll view's frame: the whole screen.
    @inlinable public var frame: CGRect {
        CGRect(x: 0, y: 0, width: state.pointee.facts.screenWidth, height: state.pointee.facts.screenHeight)
    }

    /// A finger is on the scroll view.
    @inlinable public var isTracking: Bool { state.pointee.facts.fingerDown }

    /// The user is dragging the content (here, from the first frame of a touch to its lift).
    @inlinable public var isDragging: Bool { state.pointee.facts.fingerDown }

    /// The content moves on its own after a release: decelerating, or bouncing back from an
    /// edge (UIKit reports both as decelerating).
    @inlinable public var isDecelerating: Bool {
        state.pointee.facts.phase == .decelerating || state.pointee.facts.phase == .bouncing
    }

    /// Moves the content so that `contentOffset` is `offset` (its y; x is ignored). Not
    /// animated: now — a drag goes on from there, a deceleration or bounce stops there
    /// (UIKit's way of stopping a scroll), and an offset past the bounds while nothing moves
    /// is brought back to them by the next frame. Animated: over 0.3 s, ease-in-out, on the
    /// simulated clock (UIKit documents neither), calling `scrollViewDidEndScrollingAnimation`
    /// at its end; a touch stops it. The offset must be finite.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        let y = Double(offset.y)
        guard y.isFinite else { return state.pointee.refuse(.offsetNotFinite(y)) }
        if animated {
            runtime.animateOffset(from: facts.offset, to: y)
        } else {
            runtime.stopOffsetAnimation()
            state.pointee.requestedOffset = y
            state.pointee.dirty |= CallState.touched
            state.pointee.facts.offset = y
        }
    }

    /// The view above the scroll view: none is simulated.
    public var superview: View? { nil }
}

/// The finger, as the scroll view's pan gesture recognizer reports it: UIKit's signs (y
/// positive when the finger moves down, toward the content's start).
public final class PanGestureRecognizer {
    /// Its scroll view's state.
    private let storage: RawStorage<CallState>
    @usableFromInline package let state: UnsafeMutablePointer<CallState>

    package init(_ storage: RawStorage<CallState>) {
        self.storage = storage
        state = storage.pointer
    }

    /// The finger's travel since it touched down (`finger.translation`): y > 0 down. After
    /// a lift it keeps its last value until the next touch. Every view shares the screen's
    /// coordinates here, so `view` changes nothing.
    @inlinable public func translation(in view: AnyObject?) -> CGPoint {
        CGPoint(x: 0, y: state.pointee.facts.fingerTranslation)
    }

    /// The finger's velocity, pt/s (`finger.velocity`): y > 0 down; 0 while held still.
    @inlinable public func velocity(in view: AnyObject?) -> CGPoint {
        CGPoint(x: 0, y: state.pointee.facts.fingerVelocity)
    }
}

/// What a call reads (what the world reports) and sets (insets, an offset), and the first
/// thing it did that the world refuses.
@usableFromInline
package struct CallState {
    @usableFromInline package var facts: ScrollFacts
    /// The extra insets every behaviour shares (a refresh control's among them).
    package var insetTop: Double = 0
    package var insetBottom: Double = 0
    package var insetLeft: CGFloat = 0
    package var insetRight: CGFloat = 0
    package var insetSet = false
    package var requestedOffset: Double?
    package var fault: BehaviourFault?
    /// Raised bits say a call cannot be ended with one test (`UserBehaviourBox.didScroll`):
    /// `touched`, something was set since `passOn` last looked (an inset, an offset, a
    /// fault; through `AnimationRuntime.touch`, an animation begun or cut short, a
    /// completion due, a fault of its views or animations); `checking`, its values are
    /// checked after every call; `learning`, whether the class implements
    /// `scrollViewDidScroll` is still to learn. A call that set nothing is passed on with one
    /// test.
    package var dirty: UInt8 = 0
    package static let touched: UInt8 = 1
    package static let checking: UInt8 = 2
    package static let learning: UInt8 = 4

    package init(facts: ScrollFacts) {
        self.facts = facts
    }

    @inline(__always)
    package mutating func begin(_ f: ScrollFacts, _ top: Double, _ bottom: Double) {
        facts = f
        beginInPlace(top, bottom)
    }

    /// `begin`, the facts already in place.
    @inline(__always)
    package mutating func beginInPlace(_ top: Double, _ bottom: Double) {
        insetTop = top
        insetBottom = bottom
        // `insetSet` and `requestedOffset` are clear: `passOnSet` clears them, and every
        // call that set one ends there.
    }

    @inline(__always)
    package mutating func passOn(_ a: inout Adjustments) -> BehaviourFault? {
        guard dirty & CallState.touched != 0 else { return nil }
        return passOnSet(&a)
    }

    /// `passOn` when something was set.
    package mutating func passOnSet(_ a: inout Adjustments) -> BehaviourFault? {
        dirty &= ~CallState.touched
        if insetSet {
            a.contentInsetTop = insetTop
            a.contentInsetBottom = insetBottom
            insetSet = false
        }
        if let y = requestedOffset {
            a.requestedOffset = y
            requestedOffset = nil
        }
        guard let f = fault else { return nil }
        fault = nil
        return f
    }

    /// The first fault of the call is kept.
    package mutating func refuse(_ f: BehaviourFault) {
        if fault == nil { fault = f }
        dirty |= CallState.touched
    }
}
