// What a scene's configuration gives one behaviour, and what its instance starts from.

/// A behaviour's configuration as written in a scene: its word's argument and its options.
public struct BehaviourSettings: Equatable, Sendable {
    /// The word's argument (its default when left out); nil for a word that takes none,
    /// and for a behaviour configured by options of another's word.
    public var argument: Double?
    /// Each option, in declaration order: its argument (1 for an option without one) when
    /// written, else nil.
    public var options: [Double?]
    /// Its own configuration is written: its word, or one of its options.
    public var configured: Bool

    public init(argument: Double?, options: [Double?], configured: Bool) {
        self.argument = argument
        self.options = options
        self.configured = configured
    }

    /// Option `i` is written.
    public func has(_ i: Int) -> Bool { i < options.count && options[i] != nil }

    /// Option `i`'s argument, nil when it is not written.
    public func option(_ i: Int) -> Double? { i < options.count ? options[i] : nil }
}

/// What a behaviour's instance is made from, once per scenario (a fresh world).
public struct BehaviourSetup: Sendable {
    public let id: BehaviourID
    public let settings: BehaviourSettings
    /// For a behaviour configured by options of another's word: that word's behaviour and
    /// its settings.
    public let hostID: BehaviourID?
    public let host: BehaviourSettings?
    /// Its tunables' values, in declaration order.
    public let tunables: [Double]
    public let screenWidth: Double
    public let screenHeight: Double
    public let fps: Int
    /// `inset.top`: the top edge E.
    public let insetTop: Double
    public let sectionCount: Int
    /// (v1.5) Every core tunable's value in this scene, by `CoreTunable.index` (`row.height`,
    /// `deceleration`, ...): a declared behaviour reads them (spec §9). Empty: the defaults.
    public var coreTunables: [Double] = []

    public init(id: BehaviourID, settings: BehaviourSettings, hostID: BehaviourID?, host: BehaviourSettings?, tunables: [Double],
                screenWidth: Double, screenHeight: Double, fps: Int, insetTop: Double, sectionCount: Int) {
        self.id = id
        self.settings = settings
        self.hostID = hostID
        self.host = host
        self.tunables = tunables
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.fps = fps
        self.insetTop = insetTop
        self.sectionCount = sectionCount
    }

    /// Tunable `i` of the behaviour's declaration.
    public func tunable(_ i: Int) -> Double { tunables[i] }
}

/// The members of one kind that a built-in behaviour declares — its observables, tunables,
/// views, options or tap notes — as the cases of an enum of its own, in declaration order.
/// The declaration's list is made from the cases (`Observable.allCases.map { switch $0 ... }`)
/// and the behaviour answers by case (`value(of: .y)`), so an observable added without its
/// declaration or without its value is a compile error (a non-exhaustive switch), never a
/// `default:`. A member's place in the declaration is its `index`: the world's interface
/// (`Behaviour`) still speaks in those numbers.
public protocol BehaviourMember: CaseIterable, Hashable, Sendable {
    /// Its place in its kind's list in the declaration.
    var index: Int { get }
    /// The member at `index` in its kind's list; nil past the end.
    init?(index: Int)
}

extension BehaviourMember where Self: RawRepresentable, RawValue == Int {
    public var index: Int { rawValue }
    public init?(index: Int) { self.init(rawValue: index) }
}

/// The members of a kind a built-in behaviour has none of (the accordion's observables):
/// there is no value of this type.
public struct NoMembers: BehaviourMember {
    public let index: Int
    public init?(index: Int) { nil }
    public static var allCases: [NoMembers] { [] }
}

/// A behaviour written against a declaration known at compile time (the built-ins). Its
/// members are cases of its own enums (`BehaviourMember`); the `Behaviour` requirements the
/// world calls with numbers (`value(of: Int)`, `frame(of: Int)`) are answered by case.
public protocol BuiltInBehaviour: Behaviour {
    /// Its observables (`toolbar.y`, `toolbar.state`, ...), in declaration order.
    associatedtype Observable: BehaviourMember = NoMembers
    /// Its tunables (`set toolbar.duration 0.3`), in declaration order.
    associatedtype Tunable: BehaviourMember = NoMembers
    /// Its views (`toolbar`, `toolbar.zone`), in declaration order.
    associatedtype View: BehaviourMember = NoMembers
    /// The options of its configuration word (`pin`, `nostretch`), in declaration order.
    associatedtype Option: BehaviourMember = NoMembers
    /// The notes its taps answer with (`showing`), in declaration order.
    associatedtype Note: BehaviourMember = NoMembers

    static var declaration: BehaviourDeclaration { get }
    /// A fresh instance for a scenario; it may set what the layout reads from the start.
    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments)
    /// The value of one of its observables now.
    func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value
    /// The frame of one of its views on screen, nil when it has none now.
    func frame(of view: View, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect?
}

extension BuiltInBehaviour {
    /// Its registry entry.
    public static var entry: BehaviourEntry {
        BehaviourEntry(declaration: declaration) { setup, adjustments in Self(setup, &adjustments) }
    }

    /// `Behaviour`'s requirement, by case. The registry makes the declaration's lists from
    /// the cases, so every number the world asks with names one (an index past them, which
    /// no world asks with, reads false).
    public func value(of observable: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        guard let o = Observable(index: observable) else { return .bool(false) }
        return value(of: o, scroll, adjustments)
    }

    /// `Behaviour`'s requirement, by case (an index past the cases: no frame).
    public func frame(of view: Int, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        guard let v = View(index: view) else { return nil }
        return frame(of: v, scroll, adjustments)
    }
}

extension BuiltInBehaviour where Observable == NoMembers {
    public func value(of observable: NoMembers, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value { .bool(false) }
}

extension BuiltInBehaviour where View == NoMembers {
    public func frame(of view: NoMembers, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? { nil }
}

extension BehaviourSettings {
    /// Option `o` is written.
    public func has<O: BehaviourMember>(_ o: O) -> Bool { has(o.index) }
    /// Option `o`'s argument, nil when it is not written.
    public func option<O: BehaviourMember>(_ o: O) -> Double? { option(o.index) }
}

extension BehaviourSetup {
    /// Tunable `t`'s value in this scene.
    public func tunable<T: BehaviourMember>(_ t: T) -> Double { tunables[t.index] }
}

/// A registered behaviour: what it declares and how an instance is made.
public struct BehaviourEntry: Sendable {
    public let declaration: BehaviourDeclaration
    public let make: @Sendable (BehaviourSetup, inout Adjustments) -> any Behaviour

    public init(declaration: BehaviourDeclaration, make: @escaping @Sendable (BehaviourSetup, inout Adjustments) -> any Behaviour) {
        self.declaration = declaration
        self.make = make
    }
}
