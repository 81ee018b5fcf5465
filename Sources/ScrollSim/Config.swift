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
        case header
        case section(Int)
        case row(Int, Int)
        case toolbar
    }

    public var kind: Kind
    public var rect: Rect
    /// Section or row title, when it has one.
    public var title: String?

    public init(kind: Kind, rect: Rect, title: String? = nil) {
        self.kind = kind
        self.rect = rect
        self.title = title
    }

    /// `header`, `section[2]`, `row[0,3]`, `toolbar`.
    public var name: String {
        switch kind {
        case .header: return "header"
        case .section(let i): return Subscript.written(section: i)
        case .row(let i, let j): return Subscript.written(section: i, row: j)
        case .toolbar: return "toolbar"
        }
    }
}
