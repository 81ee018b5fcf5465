// The configuration a world is built from (spec §3). The checker builds one per scenario
// from `scene` + the scenario's own configuration statements; the world reads it.

public struct HeaderConfig: Equatable, Sendable {
    /// Layout height H (pt).
    public var height: Double
    /// `pin P`: the bottom P pt stay on screen (post 000).
    public var pin: Double?
    /// `parallax F`: the image moves at (1 - F) of the scroll speed (post 001: 1/4.7).
    public var parallax: Double?
    /// `toggle H2`: tapping animates the height between H and H2 (post 002).
    public var toggle: Double?
    /// false with `nostretch`.
    public var stretches: Bool

    public init(height: Double, pin: Double? = nil, parallax: Double? = nil, toggle: Double? = nil, stretches: Bool = true) {
        self.height = height
        self.pin = pin
        self.parallax = parallax
        self.toggle = toggle
        self.stretches = stretches
    }
}

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

public enum AccordionMode: Equatable, Sendable {
    case off
    /// `accordion`: each header toggles its own section.
    case multiple
    /// `accordion single`: opening one closes the others.
    case single
}

/// Tunable values, indexed by `TunableID` (an array, not a dictionary: fixed order, no hashing).
public struct Tunables: Equatable, Sendable {
    private var values: [Double]

    public init() {
        values = TunableID.allCases.map { $0.defaultValue }
    }

    /// `values` holds one entry per tunable, at `TunableID.index` (its `allCases` position).
    public subscript(_ id: TunableID) -> Double {
        get { values[id.index] }
        set { values[id.index] = newValue }
    }
}

public struct SceneConfig: Equatable, Sendable {
    public var screenWidth: Double = 375
    public var screenHeight: Double = 667
    public var fps: Int = 60
    public var header: HeaderConfig?
    /// Toolbar height when declared (`toolbar` alone: 44).
    public var toolbarHeight: Double?
    /// Empty means the default table: one untitled section of 30 rows (post 000).
    public var sections: [SectionConfig] = []
    public var accordion: AccordionMode = .off
    public var tunables = Tunables()
    /// The behaviours this scene's words are read against.
    public var registry: BehaviourRegistry = .builtIn

    public init() {}

    public static let defaultToolbarHeight: Double = 44
    public static let defaultSections = [SectionConfig(title: nil, rowCount: 30)]

    /// The sections the world holds: the declared ones, or the default table.
    public var effectiveSections: [SectionConfig] {
        sections.isEmpty ? SceneConfig.defaultSections : sections
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

extension SceneConfig {
    /// What behaviour `id` is made from in this scene, nil when it is not declared.
    /// (Read from the fields above until the configuration is generic.)
    public func setup(for id: BehaviourID) -> BehaviourSetup? {
        let d = registry.declaration(id)
        var settings: BehaviourSettings
        var hostID: BehaviourID?
        var host: BehaviourSettings?
        let headerSettings = header.map {
            BehaviourSettings(argument: $0.height, options: [$0.pin, $0.stretches ? nil : 1], configured: true)
        }
        switch d.name {
        case "header":
            guard let h = headerSettings else { return nil }
            settings = h
        case "parallax":
            guard let h = header else { return nil }
            settings = BehaviourSettings(argument: nil, options: [h.parallax], configured: h.parallax != nil)
            host = headerSettings
            hostID = registry.ids.first { registry.declaration($0).name == "header" }
        case "toggle":
            guard let h = header else { return nil }
            settings = BehaviourSettings(argument: nil, options: [h.toggle], configured: h.toggle != nil)
            host = headerSettings
            hostID = registry.ids.first { registry.declaration($0).name == "header" }
        case "toolbar":
            guard let h = toolbarHeight else { return nil }
            settings = BehaviourSettings(argument: h, options: [], configured: true)
        case "accordion":
            guard accordion != .off else { return nil }
            settings = BehaviourSettings(argument: nil, options: [accordion == .single ? 1 : nil], configured: true)
        default:
            return nil
        }
        let tun = d.tunables.map { t in TunableID(rawValue: d.namespace + "." + t.name).map { tunables[$0] } ?? t.defaultValue }
        return BehaviourSetup(id: id, settings: settings, hostID: hostID, host: host, tunables: tun,
                              screenWidth: screenWidth, screenHeight: screenHeight, fps: fps,
                              insetTop: tunables[.insetTop], sectionCount: effectiveSections.count)
    }
}
