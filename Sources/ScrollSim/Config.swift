// The configuration a world is built from (spec §3). The checker builds one per scenario
// from `scene` + the scenario's own configuration statements; the world reads it.

public struct SectionConfig: Equatable, Sendable {
    /// nil: an untitled section (no header view, height 0).
    public var title: String?
    public var rowCount: Int
    /// Row titles when written (`rows "渋谷" "新宿"`); empty otherwise.
    public var rowTitles: [String]
    /// Sections start open unless marked `closed`.
    public var open: Bool

    public init(title: String? = nil, rowCount: Int, rowTitles: [String] = [], open: Bool = true) {
        self.title = title
        self.rowCount = rowCount
        self.rowTitles = rowTitles
        self.open = open
    }
}

/// Tunable values: the core's at `CoreTunable.index`, each behaviour's in its declaration
/// order (arrays, not a dictionary: fixed order, no hashing).
public struct Tunables: Equatable, Sendable {
    private var core: [Double]
    private var behaviours: [[Double]]

    /// Every tunable at its default, for the behaviours of `registry`.
    public init(_ registry: BehaviourRegistry = .builtIn) {
        core = CoreTunable.allCases.map { $0.defaultValue }
        // Buffers of this scene's own (the list and each behaviour's), not the registry's:
        // copies of a scene retain them, and the registry's are ones every thread would share.
        behaviours = registry.read { $0.defaultTunables.map { $0.map { $0 } } }
    }

    public subscript(_ id: CoreTunable) -> Double {
        get { core[id.index] }
        set { core[id.index] = newValue }
    }

    /// Any tunable (a behaviour's of another registry reads 0).
    public subscript(_ id: TunableID) -> Double {
        get {
            switch id {
            case .core(let c): return core[c.index]
            case .behaviour(let b, let k):
                guard b.index < behaviours.count, k < behaviours[b.index].count else { return 0 }
                return behaviours[b.index][k]
            }
        }
        set {
            switch id {
            case .core(let c): core[c.index] = newValue
            case .behaviour(let b, let k):
                guard b.index < behaviours.count, k < behaviours[b.index].count else { return }
                behaviours[b.index][k] = newValue
            }
        }
    }

    /// Behaviour `b`'s tunables, in declaration order.
    public func values(of b: BehaviourID) -> [Double] { b.index < behaviours.count ? behaviours[b.index] : [] }
}

public struct SceneConfig: Equatable, Sendable {
    public var screenWidth: Double = 375
    public var screenHeight: Double = 667
    public var fps: Int = 60
    /// Empty means the default table: one untitled section of 30 rows (post 000).
    public var sections: [SectionConfig] = []
    public var tunables: Tunables
    /// The behaviours this scene's words are read against.
    public let registry: BehaviourRegistry
    /// Each registered behaviour's settings (by `BehaviourID.index`), nil when the scene
    /// does not declare it.
    public var behaviours: [BehaviourSettings?]
    /// (v1.5) The behaviours declared with `use`, in the order of their first `use` line
    /// (the scene's first, then the scenario's): the order they run in (spec §3).
    public var useOrder: [BehaviourID] = []

    public init(registry: BehaviourRegistry = .builtIn) {
        self.registry = registry
        tunables = Tunables(registry)
        behaviours = Array(filled: nil, count: registry.count)
    }

    public static let defaultSections = [SectionConfig(title: nil, rowCount: 30)]

    /// The sections the world holds: the declared ones, or the default table.
    public var effectiveSections: [SectionConfig] {
        sections.isEmpty ? SceneConfig.defaultSections : sections
    }

    /// Behaviour `id` is declared: its word (or its host's word) is written.
    public func declares(_ id: BehaviourID) -> Bool {
        id.index >= 0 && id.index < behaviours.count && behaviours[id.index] != nil
    }

    /// Behaviour `id`'s settings, nil when it is not declared.
    public func settings(_ id: BehaviourID) -> BehaviourSettings? { declares(id) ? behaviours[id.index] : nil }

    /// Declares `word` (`header`, `toolbar`, `refresh`) as a configuration statement does:
    /// its behaviour and those that add options to it, replacing what they had. `argument`
    /// nil takes the word's default; `options` are written options by word (1 for one
    /// without an argument). Returns false, changing nothing, for a word no behaviour owns.
    @discardableResult
    public mutating func declare(_ word: String, _ argument: Double? = nil, options: [(String, Double)] = []) -> Bool {
        guard let info = registry.configWord(named: word) else { return false }
        for member in info.members {
            let isOwner = member == info.owner
            behaviours[member.index] = BehaviourSettings(
                argument: isOwner ? (argument ?? info.argument?.defaultValue) : nil,
                options: Array(filled: nil, count: registry.optionCount(of: member)), configured: isOwner)
        }
        for (name, value) in options {
            guard let o = info.options.first(where: { $0.option.word == name }) else { continue }
            behaviours[o.owner.index]?.options[o.index] = value
            behaviours[o.owner.index]?.configured = true
        }
        return true
    }

    /// Declares the behaviour `use name` names. Returns false, changing nothing, when no
    /// behaviour is registered by that name.
    @discardableResult
    public mutating func declareUsed(_ name: String) -> Bool {
        guard let id = registry.used(named: name) else { return false }
        behaviours[id.index] = BehaviourSettings(argument: nil, options: [], configured: true)
        if !useOrder.contains(id) { useOrder.append(id) }
        return true
    }

    /// (v1.5) The order the world makes and calls its behaviours (spec §3, §8): every
    /// behaviour not declared with `use` (the built-ins) in registration order, then those
    /// declared with `use` in the order of their first `use` line.
    public var dispatchOrder: [BehaviourID] {
        let ids = registry.ids
        var order = ids.filter { !useOrder.contains($0) }
        order += useOrder.filter { $0.index < ids.count }
        return order
    }

    /// What behaviour `id` is made from in this scene, nil when it is not declared.
    public func setup(for id: BehaviourID) -> BehaviourSetup? {
        guard let settings = settings(id) else { return nil }
        let hostID = registry.host(of: id)
        var setup = BehaviourSetup(id: id, settings: settings, hostID: hostID, host: hostID.flatMap { self.settings($0) },
                                   tunables: tunables.values(of: id), screenWidth: screenWidth, screenHeight: screenHeight,
                                   fps: fps, insetTop: tunables[.insetTop], sectionCount: sections.isEmpty ? SceneConfig.defaultSections.count : sections.count)
        setup.coreTunables = CoreTunable.allCases.map { tunables[$0] }
        return setup
    }
}

/// One view's frame on screen, as `frames` and the REPL's `:frames`/`:show` list them.
public struct ViewFrame: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A view a behaviour declares (the table header, the toolbar).
        case view(ViewID)
        case section(Int)
        case row(Int, Int)
    }

    public var kind: Kind
    public var rect: Rect
    /// Section or row title, when it has one.
    public var title: String?
    /// `header`, `section[2]`, `row[0,3]`, `toolbar`.
    public var name: String
    /// Where it is drawn: sections and rows are the table's own (`nil`).
    public var layer: ViewLayer?
    /// How a behaviour's view is drawn (nil for sections and rows).
    public var style: ViewStyle?

    public init(kind: Kind, rect: Rect, title: String? = nil, name: String? = nil, layer: ViewLayer? = nil, style: ViewStyle? = nil) {
        self.kind = kind
        self.rect = rect
        self.title = title
        switch kind {
        case .view: self.name = name ?? ""
        case .section(let i): self.name = Subscript.written(section: i)
        case .row(let i, let j): self.name = Subscript.written(section: i, row: j)
        }
        self.layer = layer
        self.style = style
    }

    public static func == (a: ViewFrame, b: ViewFrame) -> Bool {
        a.kind == b.kind && a.rect == b.rect && a.title == b.title && a.name == b.name && a.layer == b.layer
    }
}
