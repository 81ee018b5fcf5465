// What a user behaviour declares (spec §8): its name, tunables, observables, states and
// views — everything a scenario, the checker, the REPL, traces, pictures, `explore` and the
// language server know it by. Registration (`UserBehaviours`) checks it and turns it into the
// declaration every built-in has (`BehaviourDeclaration`).

/// Everything a `ScrollBehaviour` declares. `name` is the word of `use NAME` and the first
/// word of its names: `use fade` gives `fade.alpha`, `set fade.start 136`, `tap fade`.
public struct BehaviourSpec<B: ScrollBehaviour> {
    /// One word of letters, digits and `_`, starting with a letter; not a word the language
    /// or a built-in behaviour already uses.
    public var name: String
    /// What it does, in a line (editor hovers on `use NAME`, completion).
    public var summary: String
    /// How a message names what it makes ("a fading header" → `fading header`); its name by
    /// default.
    public var noun: String
    /// What a scenario may set (`set NAME.start 136`), in declaration order.
    public var tunables: [TunableSpec]
    /// What a scenario may read (`NAME.alpha`), in declaration order; a `.state` one gives
    /// the behaviour its family of states.
    public var observables: [ObservableSpec<B>]
    /// Its views: frames for `frames`, taps and the pictures.
    public var views: [ViewSpec<B>]
    /// The words a tap handler may answer with (`ViewTap.note`): what the REPL prints after
    /// the view a tap reached (`showing`, `opening`).
    public var tapNotes: [String]

    /// A declaration; see each field.
    public init(name: String, summary: String, noun: String? = nil, tunables: [TunableSpec] = [],
                observables: [ObservableSpec<B>] = [], views: [ViewSpec<B>] = [], tapNotes: [String] = []) {
        self.name = name
        self.summary = summary
        self.noun = noun ?? name
        self.tunables = tunables
        self.observables = observables
        self.views = views
        self.tapNotes = tapNotes
    }
}

/// A tunable (`set NAME.x VALUE`): its name after the behaviour's, what it measures, its
/// default and the values it accepts. `ScrollScene.tunable(_:)` reads it.
public struct TunableSpec {
    package let name: String
    package let kind: DeclaredKind
    package let defaultValue: Double
    package let range: TunableRange
    package let summary: String

    private init(_ name: String, _ q: Quantity?, _ value: Double, _ range: ClosedRange<Double>, _ excludesLower: Bool, _ summary: String) {
        self.name = name
        kind = q.map { .quantity($0) } ?? .bool
        defaultValue = value
        self.range = TunableRange(range.lowerBound, range.upperBound, lowerOpen: excludesLower)
        self.summary = summary
    }

    /// A distance in points (`set fade.start 136`, `136pt`).
    public static func points(_ name: String, default value: CGFloat, range: ClosedRange<Double>, excludesLower: Bool = false,
                              summary: String) -> TunableSpec {
        TunableSpec(name, .points, Double(value), range, excludesLower, summary)
    }

    /// A duration in seconds (`0.25s`, `250ms`).
    public static func seconds(_ name: String, default value: Double, range: ClosedRange<Double>, excludesLower: Bool = false,
                               summary: String) -> TunableSpec {
        TunableSpec(name, .seconds, value, range, excludesLower, summary)
    }

    /// A speed in points per second.
    public static func velocity(_ name: String, default value: CGFloat, range: ClosedRange<Double>, excludesLower: Bool = false,
                                summary: String) -> TunableSpec {
        TunableSpec(name, .velocity, Double(value), range, excludesLower, summary)
    }

    /// A plain number (a ratio, a factor).
    public static func number(_ name: String, default value: Double, range: ClosedRange<Double>, excludesLower: Bool = false,
                              summary: String) -> TunableSpec {
        TunableSpec(name, .number, value, range, excludesLower, summary)
    }

    /// `true` or `false` (read with `ScrollScene.flag(_:)`).
    public static func bool(_ name: String, default value: Bool, summary: String) -> TunableSpec {
        TunableSpec(name, nil, value ? 1 : 0, 0...1, false, summary)
    }
}

/// How an observable is read from an instance (type-erased).
package enum ObservableReader {
    case number((AnyObject) -> Double)
    case bool((AnyObject) -> Bool)
    case string((AnyObject) -> String)
    case rect((AnyObject) -> CGRect)
    /// The state's place in the family.
    case state((AnyObject) -> Int)
}

/// A value a scenario reads (`expect fade.alpha ~= 0.5`, `print`, traces, the REPL):
/// its name after the behaviour's, what it is, a line on it, and how to read it from your
/// instance. Numbers that are not finite fail the scenario.
public struct ObservableSpec<B: ScrollBehaviour> {
    package let name: String
    package let kind: DeclaredKind
    package let summary: String
    package let traced: Bool
    package let plotted: Bool
    package let prominence: Int?
    package let read: ObservableReader
    /// For a state: its family's names, in order.
    package let states: [String]?

    private init(_ name: String, _ kind: DeclaredKind, _ summary: String, traced: Bool, plotted: Bool, prominence: Int?,
                 _ read: ObservableReader, states: [String]? = nil) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.traced = traced
        self.plotted = plotted
        self.prominence = prominence
        self.read = read
        self.states = states
    }

    private static func number(_ name: String, _ q: Quantity, _ summary: String, _ traced: Bool, _ plotted: Bool,
                               _ prominence: Int?, _ read: ObservableReader) -> ObservableSpec {
        ObservableSpec(name, .quantity(q), summary, traced: traced, plotted: plotted, prominence: prominence, read)
    }

    /// One closure per read: the value, as a `Double`. `CGFloat`, `Double`, `Float` and `Int`
    /// are converted without a generic call (the tool reads numbers at every statement, trace line and check).
    private static func reader<T: BinaryFloatingPoint>(_ read: @escaping (B) -> T) -> ObservableReader {
        if let r = read as? (B) -> CGFloat { return .number { Double(r(unsafeDowncast($0, to: B.self))) } }
        if let r = read as? (B) -> Double { return .number { r(unsafeDowncast($0, to: B.self)) } }
        if let r = read as? (B) -> Float { return .number { Double(r(unsafeDowncast($0, to: B.self))) } }
        return .number { Double(read(unsafeDowncast($0, to: B.self))) }
    }

    private static func reader<T: BinaryInteger>(_ read: @escaping (B) -> T) -> ObservableReader {
        if let r = read as? (B) -> Int { return .number { Double(r(unsafeDowncast($0, to: B.self))) } }
        return .number { Double(read(unsafeDowncast($0, to: B.self))) }
    }

    private static func reader(_ read: @escaping (B) -> CGFloat) -> ObservableReader {
        .number { Double(read(unsafeDowncast($0, to: B.self))) }
    }

    // Each of `points`, `velocity`, `seconds` and `number` takes a closure returning a
    // `CGFloat`, or any other `BinaryFloatingPoint` (a `Double` progress) or
    // `BinaryInteger` (an `Int` page): the value is read as a `Double`.

    /// A distance or position in points. `traced`: a default `trace` (and the replay
    /// page's panel) shows it; `plotted`: `plot` draws it; `prominence`: its place in the
    /// REPL's change line (smaller first; nil leaves it out). By default every observable of
    /// a behaviour is traced, and its observables come on the change line right after
    /// `offset`, in the order they are declared (`ObservableSpec.firstOnChangeLine`).
    public static func points(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                              prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> CGFloat) -> ObservableSpec {
        number(name, .points, summary, traced, plotted, prominence, reader(read))
    }

    /// A distance or position in points, from a `Double` (or another floating-point type).
    public static func points<T: BinaryFloatingPoint>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                      prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .points, summary, traced, plotted, prominence, reader(read))
    }

    /// A distance or position in points, from an `Int` (or another integer type).
    public static func points<T: BinaryInteger>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .points, summary, traced, plotted, prominence, reader(read))
    }

    /// A speed in points per second.
    public static func velocity(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> CGFloat) -> ObservableSpec {
        number(name, .velocity, summary, traced, plotted, prominence, reader(read))
    }

    /// A speed in points per second, from a `Double` (or another floating-point type).
    public static func velocity<T: BinaryFloatingPoint>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                        prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .velocity, summary, traced, plotted, prominence, reader(read))
    }

    /// A speed in points per second, from an `Int` (or another integer type).
    public static func velocity<T: BinaryInteger>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                  prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .velocity, summary, traced, plotted, prominence, reader(read))
    }

    /// A duration in seconds.
    public static func seconds(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                               prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> CGFloat) -> ObservableSpec {
        number(name, .seconds, summary, traced, plotted, prominence, reader(read))
    }

    /// A duration in seconds, from a `Double` (`TimeInterval`, or another floating-point type).
    public static func seconds<T: BinaryFloatingPoint>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                       prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .seconds, summary, traced, plotted, prominence, reader(read))
    }

    /// A duration in seconds, from an `Int` (or another integer type).
    public static func seconds<T: BinaryInteger>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                 prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .seconds, summary, traced, plotted, prominence, reader(read))
    }

    /// A plain number (an alpha, a scale, a progress).
    public static func number(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                              prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> CGFloat) -> ObservableSpec {
        number(name, .number, summary, traced, plotted, prominence, reader(read))
    }

    /// A plain number from a `Double` (or another floating-point type): `{ $0.progress }`.
    public static func number<T: BinaryFloatingPoint>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                      prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .number, summary, traced, plotted, prominence, reader(read))
    }

    /// A plain number from an `Int` (or another integer type): `{ $0.currentPage }`.
    public static func number<T: BinaryInteger>(_ name: String, summary: String, traced: Bool = true, plotted: Bool = false,
                                                prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> T) -> ObservableSpec {
        number(name, .number, summary, traced, plotted, prominence, reader(read))
    }

    /// The default `prominence` of every observable that can be on the REPL's change line
    /// (all but `.string` and `.rect`): 1, right after `offset` (0) and before `phase` (2)
    /// and the built-ins' (3 and up). A change line shows `offset` and at most two more
    /// changes, so a behaviour's first observables that changed, in the order they are
    /// declared, are the ones shown (`fade.alpha 1.000 → 0.500  fade.state visible → fading`).
    /// Give a larger number to put one after the built-ins (the built-in toolbar's y is 12),
    /// or nil to leave it off.
    public static var firstOnChangeLine: Int? { 1 }

    /// A whole number (a count).
    public static func count(_ name: String, summary: String, traced: Bool = true,
                             prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> Int) -> ObservableSpec {
        ObservableSpec(name, .quantity(.count), summary, traced: traced, plotted: false, prominence: prominence,
                       .number { Double(read(unsafeDowncast($0, to: B.self))) })
    }

    /// True or false.
    public static func bool(_ name: String, summary: String, traced: Bool = true,
                            prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> Bool) -> ObservableSpec {
        ObservableSpec(name, .bool, summary, traced: traced, plotted: false, prominence: prominence,
                       .bool { read(unsafeDowncast($0, to: B.self)) })
    }

    /// Text, compared with `==` and a string.
    public static func string(_ name: String, summary: String, traced: Bool = false,
                              _ read: @escaping (B) -> String) -> ObservableSpec {
        ObservableSpec(name, .string, summary, traced: traced, plotted: false, prominence: nil,
                       .string { read(unsafeDowncast($0, to: B.self)) })
    }

    /// A rectangle: printed, never compared.
    public static func rect(_ name: String, summary: String, _ read: @escaping (B) -> CGRect) -> ObservableSpec {
        ObservableSpec(name, .rect, summary, traced: false, plotted: false, prominence: nil,
                       .rect { read(unsafeDowncast($0, to: B.self)) })
    }

    /// A state of the behaviour's own family: the cases of `S`, in order, by their names
    /// (`enum Phase: CaseIterable { case visible, hidden }` gives the states `visible` and
    /// `hidden`; `expect fade.state == hidden`). Each case's name is what `String(describing:)`
    /// gives, the case's own name unless `S` has a `description`. A behaviour has one
    /// family: every state observable of it uses the same cases.
    public static func state<S: CaseIterable & Equatable>(
        _ name: String, summary: String, traced: Bool = true, prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> S
    ) -> ObservableSpec {
        state(name, summary, traced, prominence, read, names: S.allCases.map { String(describing: $0) })
    }

    /// A state of the behaviour's own family from an enum with `String` raw values: the
    /// states are named by the raw values (`enum Phase: String, CaseIterable { case
    /// visible, hidden = "gone" }` gives `visible` and `gone`).
    public static func state<S: CaseIterable & RawRepresentable & Equatable>(
        _ name: String, summary: String, traced: Bool = true, prominence: Int? = firstOnChangeLine, _ read: @escaping (B) -> S
    ) -> ObservableSpec where S.RawValue == String {
        state(name, summary, traced, prominence, read, names: S.allCases.map { $0.rawValue })
    }

    /// A state of the behaviour's own family from any `Equatable` type — an enum without
    /// `CaseIterable` — with its values listed, in order, named as `String(describing:)`
    /// names them (`.state("state", summary: ..., cases: [.hidden, .visible]) { $0.phase }`).
    /// A value read that is not listed reads as the first.
    public static func state<S: Equatable>(
        _ name: String, summary: String, cases: [S], traced: Bool = true, prominence: Int? = firstOnChangeLine,
        _ read: @escaping (B) -> S
    ) -> ObservableSpec {
        state(name, summary, traced, prominence, read, cases: cases, names: cases.map { String(describing: $0) })
    }

    private static func state<S: CaseIterable & Equatable>(_ name: String, _ summary: String, _ traced: Bool, _ prominence: Int?,
                                                         _ read: @escaping (B) -> S, names: [String]) -> ObservableSpec {
        state(name, summary, traced, prominence, read, cases: Array(S.allCases), names: names)
    }

    private static func state<S: Equatable>(_ name: String, _ summary: String, _ traced: Bool, _ prominence: Int?,
                                            _ read: @escaping (B) -> S, cases: [S], names: [String]) -> ObservableSpec {
        return ObservableSpec(name, .state, summary, traced: traced, plotted: false, prominence: prominence,
                              .state { o in cases.firstIndex(of: read(unsafeDowncast(o, to: B.self))) ?? 0 },
                              states: names)
    }
}

/// What a view's tap handler is told, and may answer.
public struct ViewTap {
    /// The name of the view that was tapped (one of yours).
    public let view: String
    /// `tap NAME` aimed at it (not hit-tested at a point: `tap X Y`).
    public let isTargeted: Bool
    /// What the tap did, printed by the REPL after the view's name (`showing`): one of the
    /// declaration's `tapNotes`; nil for nothing.
    public var note: String?
    /// Another of your views that took the tap instead (a hidden toolbar's reveal zone), by
    /// name; nil: the tapped one.
    public var receiver: String?
}

/// How a view's frame is read from an instance (type-erased), and what a tap on it does.
package struct ViewReader {
    package let frame: (AnyObject) -> CGRect?
    package let alpha: ((AnyObject) -> CGFloat)?
    package let onTap: ((AnyObject, inout ViewTap) -> Void)?

}

/// A view of the behaviour on the screen: for `frames`, taps (`tap NAME`, `tap X Y`), the
/// REPL's `:show` and the replay page.
public struct ViewSpec<B: ScrollBehaviour> {
    package let name: String
    package let label: String?
    package let layer: ViewLayer
    package let style: ViewStyle
    package let listed: Bool
    package let takesTaps: Bool
    package let targetable: Bool
    package let targetNeedsVisiblePart: Bool
    package let exploreWeight: Int
    package let reader: ViewReader

    private init(_ name: String, _ label: String?, _ layer: ViewLayer, _ style: ViewStyle, _ listed: Bool, _ takesTaps: Bool,
                 _ targetable: Bool, _ targetNeedsVisiblePart: Bool, _ exploreWeight: Int, _ reader: ViewReader) {
        self.name = name
        self.label = label
        self.layer = layer
        self.style = style
        self.listed = listed
        self.takesTaps = takesTaps
        self.targetable = targetable
        self.targetNeedsVisiblePart = targetNeedsVisiblePart
        self.exploreWeight = exploreWeight
        self.reader = reader
    }

    private static func erased(_ onTap: ((B, inout ViewTap) -> Void)?) -> ((AnyObject, inout ViewTap) -> Void)? {
        onTap.map { handler in { o, tap in handler(unsafeDowncast(o, to: B.self), &tap) } }
    }

    /// A view whose frame `frame` gives (nil: not on the screen now).
    /// - name: `NAME` or `NAME.part` (the behaviour's name first): how `frames`,
    ///   `tap.target` and `tap NAME` name it.
    /// - label: how the REPL names what a tap reached (its name by default).
    /// - layer: `.screen` fixed over everything (a toolbar), `.content` over the sections
    ///   (scrolling with them), `.background` under the table.
    /// - style: how the replay page draws it: `.box` (a labelled box), `.toolbar` (a bar of
    ///   buttons), `.tapZone` (not drawn).
    /// - listed: `frames` lists it while it has a part on screen.
    /// - takesTaps: a tap at a point on it reaches it (§6.6: screen views first, then
    ///   content views, in registration and declaration order).
    /// - targetable: `tap NAME` aims at it; `targetNeedsVisiblePart`: only while part of it
    ///   is on screen (otherwise `onTap` answers whatever it is).
    /// - exploreWeight: how often `explore` draws `tap NAME` (0: never).
    /// - onTap: what a tap on it does; may set `tap.note` and `tap.receiver`.
    public init(_ name: String, label: String? = nil, layer: ViewLayer = .screen, style: ViewStyle = .box,
                listed: Bool = true, takesTaps: Bool = true, targetable: Bool = true, targetNeedsVisiblePart: Bool = true,
                exploreWeight: Int = 1, frame: @escaping (B) -> CGRect?, onTap: ((B, inout ViewTap) -> Void)? = nil) {
        self.init(name, label, layer, style, listed, takesTaps, targetable, targetNeedsVisiblePart, exploreWeight,
                  ViewReader(frame: { frame(unsafeDowncast($0, to: B.self)) }, alpha: nil, onTap: ViewSpec.erased(onTap)))
    }

    /// A view that is one of your `View`s: its frame on screen (partway through an
    /// animation, as drawn), none while it is hidden or its alpha is below 0.01 (UIKit
    /// neither draws nor hit-tests it then); the replay page draws a `.box` with its alpha.
    /// The other arguments as above.
    public init(_ name: String, view: KeyPath<B, View>, label: String? = nil, layer: ViewLayer = .screen,
                style: ViewStyle = .box, listed: Bool = true, takesTaps: Bool = true, targetable: Bool = true,
                targetNeedsVisiblePart: Bool = true, exploreWeight: Int = 1, onTap: ((B, inout ViewTap) -> Void)? = nil) {
        self.init(name, label, layer, style, listed, takesTaps, targetable, targetNeedsVisiblePart, exploreWeight,
                  ViewReader(frame: { o in
                                 let v = unsafeDowncast(o, to: B.self)[keyPath: view]
                                 return v.isHidden || v.alpha < 0.01 ? nil : v.frame
                             },
                             alpha: { unsafeDowncast($0, to: B.self)[keyPath: view].alpha },
                             onTap: ViewSpec.erased(onTap)))
    }
}
