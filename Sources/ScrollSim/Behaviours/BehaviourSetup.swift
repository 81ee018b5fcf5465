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

/// A behaviour written against a declaration known at compile time (the built-ins).
public protocol DeclaredBehaviour: Behaviour {
    static var declaration: BehaviourDeclaration { get }
    /// A fresh instance for a scenario; it may set what the layout reads from the start.
    init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments)
}

extension DeclaredBehaviour {
    /// Its registry entry.
    public static var entry: BehaviourEntry {
        BehaviourEntry(declaration: declaration) { setup, adjustments in Self(setup, &adjustments) }
    }
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
