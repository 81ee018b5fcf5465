// UIKit's names for the types a ported delegate uses. On Linux and macOS (no UIKit) the
// UIKit spellings are this library's types, so that code written against UIKit compiles with
// `import ScrollScript` in place of `import UIKit`; where UIKit exists, write the names
// without `UI`.

/// Insets of the content, shaped as UIKit's `UIEdgeInsets` (points).
public struct EdgeInsets: Equatable, Sendable {
    /// Above the content: the top bound is −(top + the safe area's top).
    public var top: CGFloat
    /// Kept, and changes nothing (the table scrolls vertically).
    public var left: CGFloat
    /// Below the content: the bottom bound is content.height + bottom − the screen's height.
    public var bottom: CGFloat
    /// Kept, and changes nothing.
    public var right: CGFloat

    /// Insets of `top`, `left`, `bottom` and `right` points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

#if !canImport(UIKit)
/// `EdgeInsets` under UIKit's name.
public typealias UIEdgeInsets = EdgeInsets
/// `ScrollView` under UIKit's name.
public typealias UIScrollView = ScrollView
/// `View` under UIKit's name.
public typealias UIView = View
/// `PanGestureRecognizer` under UIKit's name.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
#endif
