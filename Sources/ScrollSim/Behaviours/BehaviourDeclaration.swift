// What a behaviour declares (spec §8): its configuration word or options, its tunables,
// observables, state family and views. The registry (BehaviourRegistry.swift) turns the
// declarations of every registered behaviour into the vocabulary that the checker, the
// interpreter, the REPL, the language server, traces, pictures and `explore` read.
// Names and descriptions are written here once, by the behaviour; nothing else spells them.

/// A behaviour's place in a registry: built-ins first, in registration order.
public struct BehaviourID: Hashable, Comparable, Sendable {
    public let index: Int

    public init(_ index: Int) { self.index = index }

    public static func < (a: BehaviourID, b: BehaviourID) -> Bool { a.index < b.index }
}

/// One of the views a behaviour declares: its behaviour and its number in the declaration.
public struct ViewID: Hashable, Sendable {
    public let behaviour: BehaviourID
    public let view: Int

    public init(_ behaviour: BehaviourID, _ view: Int) {
        self.behaviour = behaviour
        self.view = view
    }
}

/// Which events a behaviour receives (besides `frameTicked`, sent while it animates).
public struct BehaviourEvents: OptionSet, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let dragBegan = BehaviourEvents(rawValue: 1 << 0)
    public static let decelerationEnded = BehaviourEvents(rawValue: 1 << 1)
    public static let fingerTracked = BehaviourEvents(rawValue: 1 << 2)
    public static let scrolled = BehaviourEvents(rawValue: 1 << 3)
    public static let flingTargetChosen = BehaviourEvents(rawValue: 1 << 4)
    public static let dragEnded = BehaviourEvents(rawValue: 1 << 5)
    /// `viewTapped` and `sectionHeaderTapped`.
    public static let taps = BehaviourEvents(rawValue: 1 << 6)
    /// (v1.5) `frameEnded(pass: 2)`: every frame's step 5, after the others (a declared
    /// behaviour's `frame`). A world with such a behaviour skips no frame.
    public static let frameEnded = BehaviourEvents(rawValue: 1 << 7)
    /// (v1.5) `frameEnded(pass: 0)`: step 5 of a frame whose offset differs from the one
    /// the previous step 5 saw before its handlers ran (a declared behaviour's `didScroll`).
    public static let frameEndedScrolled = BehaviourEvents(rawValue: 1 << 8)
    /// (v1.5) `frameEnded(pass: 1)`: step 5 of every frame while a finger is down (a declared
    /// behaviour's `dragging`).
    public static let frameEndedDragging = BehaviourEvents(rawValue: 1 << 9)
}

/// The number written after a configuration word or option (`header 240`, `pin 60`).
public struct ConfigArgument: Sendable {
    /// How messages name it: `header height`, `pin`, `toolbar height`.
    public var name: String
    /// What the grammar shows in its place: `H`, `P`, `F`.
    public var placeholder: String
    /// What it measures (points, or a plain number).
    public var quantity: Quantity
    public var range: ArgumentRange
    /// Its value when it is left out; nil: it must be written.
    public var defaultValue: Double?

    public init(name: String, placeholder: String, quantity: Quantity, range: ArgumentRange, defaultValue: Double? = nil) {
        self.name = name
        self.placeholder = placeholder
        self.quantity = quantity
        self.range = range
        self.defaultValue = defaultValue
    }
}

/// The values a configuration argument accepts.
public enum ArgumentRange: Sendable {
    case within(TunableRange)
    /// From 0 to the argument of the word it is an option of (`pin P`: 0 ≤ P ≤ H).
    case upToWordArgument
}

/// An option word of a configuration statement (`pin P`, `nostretch`, `single`).
public struct ConfigOption: Sendable {
    public var word: String
    public var argument: ConfigArgument?
    /// What it does, for editor hovers (after its form: `pin P`); empty: the hover names its
    /// word and argument only.
    public var summary: String

    public init(_ word: String, _ argument: ConfigArgument? = nil, summary: String = "") {
        self.word = word
        self.argument = argument
        self.summary = summary
    }
}

/// A statement word a behaviour owns: `header H [options]`, `toolbar [H]`, `accordion [single]`.
public struct ConfigWord: Sendable {
    public var word: String
    public var argument: ConfigArgument?
    /// Its own options (other behaviours may add theirs: `ConfigurationForm.options`).
    public var options: [ConfigOption]
    /// What it makes, as messages name it ("a header", "a toolbar").
    public var noun: String
    /// The shortest form that declares it, as messages suggest it (`header H`, `toolbar`).
    public var usage: String
    /// What it does, for editor hovers (after the statement's form).
    public var summary: String
    /// A whole statement that declares it, as a message suggests adding it (`header 240 pin
    /// 60`); nil: the word alone.
    public var example: String?

    public init(_ word: String, argument: ConfigArgument? = nil, options: [ConfigOption] = [],
                noun: String, usage: String, summary: String, example: String? = nil) {
        self.word = word
        self.argument = argument
        self.options = options
        self.noun = noun
        self.usage = usage
        self.summary = summary
        self.example = example
    }
}

/// How configuration turns a behaviour on.
public enum ConfigurationForm: Sendable {
    /// It owns a statement word: present when the word is written.
    case word(ConfigWord)
    /// Options of another behaviour's word (`header 240 parallax 0.2`): present whenever
    /// that word is written, its options read as not written when they are not.
    case options(of: String, [ConfigOption])
    /// `use NAME` (spec §8): a behaviour a user wrote in Swift and registered, declared by
    /// its name. `noun`: how messages name what it makes; `summary`: what it does (hovers).
    case use(noun: String, summary: String)
}

/// A rule between configuration statements, checked at the behaviour's word.
public enum ConfigCondition: Sendable {
    /// When `word` is declared too it must carry `option` (`refresh` needs a header that
    /// does not stretch: `nostretch`).
    case needsOption(word: String, option: String)
}

/// What an observable's value is.
public enum DeclaredKind: Equatable, Sendable {
    case quantity(Quantity)
    case bool
    /// A state of the behaviour's own family (`BehaviourDeclaration.states`).
    case state
    case string
    case rect
}

/// Whether a default `trace` has a column for an observable.
public enum TraceDefault: Sendable {
    case never
    case always
    /// Only when the behaviour's own configuration is written (`header.expanded` with `toggle`).
    case whenConfigured
}

/// A name `expect`/`print` can read: `header.y`, `toolbar.state`, `refresh.progress`.
public struct ObservableDeclaration: Sendable {
    /// After the behaviour's namespace and a dot: `y`, `image.y`, `state`.
    public var name: String
    public var kind: DeclaredKind
    /// One line on what it reads, for editor hovers and completion.
    public var summary: String
    /// How telling a change of it is: the REPL's change line shows the most telling
    /// changes first (smaller first); nil: the change line leaves it out.
    public var prominence: Int?
    public var trace: TraceDefault
    /// `plot` draws it as a series.
    public var plotted: Bool

    public init(_ name: String, _ kind: DeclaredKind, summary: String, prominence: Int? = nil,
                trace: TraceDefault = .never, plotted: Bool = false) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.prominence = prominence
        self.trace = trace
        self.plotted = plotted
    }
}

/// A tunable of `set NAME VALUE`: `toolbar.duration`, `refresh.trigger`.
public struct TunableDeclaration: Sendable {
    /// After the behaviour's namespace and a dot.
    public var name: String
    /// `.quantity(q)`, or `.bool` (stored as 1/0).
    public var kind: DeclaredKind
    public var defaultValue: Double
    public var range: TunableRange
    public var summary: String
    /// Words a user may write instead of a number.
    public var namedValues: [(name: String, value: Double)]

    public init(_ name: String, _ kind: DeclaredKind, default value: Double, range: TunableRange,
                summary: String, namedValues: [(name: String, value: Double)] = []) {
        self.name = name
        self.kind = kind
        self.defaultValue = value
        self.range = range
        self.summary = summary
        self.namedValues = namedValues
    }
}

/// Where a view sits: what is drawn over what, and the order taps and `frames` see them.
public enum ViewLayer: Int, Comparable, Sendable {
    /// Under the table (a refresh indicator): listed first by `frames`, takes no taps.
    case background
    /// Scrolls with the content, over the sections (the table header).
    case content
    /// Fixed to the screen, over everything (a toolbar).
    case screen

    public static func < (a: ViewLayer, b: ViewLayer) -> Bool { a.rawValue < b.rawValue }
}

/// How the replay page and `:show` draw a view.
public enum ViewStyle: Sendable {
    /// A table header.
    case tableHeader
    /// The image inside the table header (it moves with parallax).
    case headerImage
    /// A bottom bar with buttons.
    case toolbar
    /// A pull-to-refresh indicator.
    case indicator
    /// An area that only receives taps (never drawn).
    case tapZone
    /// A plain box with its name (a user's view: a banner, a button, a fading header); the
    /// replay page draws it at its frame with its opacity.
    case box
}

/// A view a behaviour adds to the screen.
public struct ViewDeclaration: Sendable {
    /// How `frames` and `tap.target` name it: `header`, `toolbar`, `toolbar.zone`.
    public var name: String
    /// How the REPL names what a tap reached: `toolbar reveal zone`.
    public var label: String
    /// How a sentence names it: `the table header has no visible part to tap`.
    public var noun: String
    public var layer: ViewLayer
    /// `frames` lists it (while it has a part on screen).
    public var listed: Bool
    /// A tap at a point on it reaches it (§6.6).
    public var takesTaps: Bool
    /// `tap NAME` aims at it.
    public var targetable: Bool
    /// `tap NAME` needs a visible part of it (otherwise its behaviour answers from its state).
    public var targetNeedsVisiblePart: Bool
    /// How often `explore` draws `tap NAME`, against the weights in docs/explore.md.
    public var exploreWeight: Int
    public var style: ViewStyle

    public init(_ name: String, label: String? = nil, noun: String? = nil, layer: ViewLayer, listed: Bool = true, takesTaps: Bool = true,
                targetable: Bool = false, targetNeedsVisiblePart: Bool = true, exploreWeight: Int = 0, style: ViewStyle) {
        self.name = name
        self.label = label ?? name
        self.noun = noun ?? label ?? name
        self.layer = layer
        self.listed = listed
        self.takesTaps = takesTaps
        self.targetable = targetable
        self.targetNeedsVisiblePart = targetNeedsVisiblePart
        self.exploreWeight = exploreWeight
        self.style = style
    }
}

/// Words other tools and plain English use for what a behaviour declares, and what each
/// means in the language: what the checker's first guesses read (a statement with an error
/// read as another tool writes it: `toolbar.isHidden`, `bottomBar`, "the header is
/// sticky"). None of them is a word of the language. Words are compared in lower case
/// without `_`, `-` and `.` (`isHidden` is `ishidden`); lists are written as one string of
/// words separated by spaces.
public struct BehaviourSynonyms: Sendable {
    /// Other names of its view (the toolbar's `bottombar`); its namespace followed by
    /// `view` (`toolbarview`) is one without being listed.
    public var view: [String]
    /// Words that describe it and say nothing to its configuration statement (`stretchy` in
    /// `header 240 stretchy`).
    public var fillers: [String]
    /// Other words for its options (`sticky` for `pin`); `no` and a word is one word
    /// (`no zoom` is `nozoom`).
    public var options: [(option: String, words: [String])]
    /// Other words for its states (`visible` for `shown`). A state's own name needs none:
    /// after the namespace, alone or after `is` (`toolbar.isHidden`, `toolbarHidden`), it
    /// reads as that state.
    public var states: [(state: String, words: [String])]
    /// Words after its namespace (also after `is`) that mean what the language writes
    /// otherwise: `$` stands for the namespace, `{OPTION}` for the value of that option of
    /// its configuration word in the scenario (`pinned` → `$.bottom == {pin}`).
    public var properties: [(words: [String], meaning: String)]

    public init(view: String = "", fillers: String = "", options: [(option: String, words: String)] = [],
                states: [(state: String, words: String)] = [], properties: [(words: String, meaning: String)] = []) {
        func list(_ s: String) -> [String] { s.split(separator: " ").map(String.init) }
        self.view = list(view)
        self.fillers = list(fillers)
        self.options = options.map { ($0.option, list($0.words)) }
        self.states = states.map { ($0.state, list($0.words)) }
        self.properties = properties.map { (list($0.words), $0.meaning) }
    }
}

/// (v1.5) One observable a behaviour reads of the world (spec §9: a declared body reads any
/// observable): which, at which section and row (for `section[I].*`, `row[I,J].*`), and
/// where its code names it (the checker's message at a `use` line names it).
public struct WorldRead: Equatable, Sendable {
    public let observable: ObservableID
    public let section: Int
    public let row: Int
    /// As written (`header.height`, `row[0,2].y`), and the line of the declaration.
    public let name: String
    public let line: Int

    public init(_ observable: ObservableID, section: Int = 0, row: Int = 0, name: String, line: Int) {
        self.observable = observable
        self.section = section
        self.row = row
        self.name = name
        self.line = line
    }
}

/// Everything a behaviour declares.
public struct BehaviourDeclaration: Sendable {
    /// The behaviour's name (`header`, `parallax`, `toggle`, `toolbar`, `accordion`, `refresh`).
    public var name: String
    /// The word before the dot of its names (`header` for the header, its parallax and its
    /// toggle; `toolbar`): `header.y`, `toolbar.duration`, and its state family's name.
    public var namespace: String
    public var configuration: ConfigurationForm
    public var conditions: [ConfigCondition]
    public var tunables: [TunableDeclaration]
    public var observables: [ObservableDeclaration]
    /// Its state family, in order (empty: it has none).
    public var states: [String]
    public var views: [ViewDeclaration]
    /// The words its taps are reported with (`Reaction.tapNote` is an index here).
    public var notes: [String]
    public var listens: BehaviourEvents
    /// Other tools' and plain English's words for its names (first guesses).
    public var synonyms: BehaviourSynonyms
    /// (v1.5) The observables of the world its code reads besides the scroll view's facts (a
    /// declared behaviour's body reading `toolbar.y`, `header.height`, `row[0,2].y`: spec §9):
    /// the world gives it their values before each call (`Behaviour.take(readings:)`), in
    /// this order. Empty for the built-ins.
    public var reads: [WorldRead] = []

    public init(name: String, namespace: String, configuration: ConfigurationForm, conditions: [ConfigCondition] = [],
                tunables: [TunableDeclaration] = [], observables: [ObservableDeclaration] = [], states: [String] = [],
                views: [ViewDeclaration] = [], notes: [String] = [], listens: BehaviourEvents = [],
                synonyms: BehaviourSynonyms = BehaviourSynonyms()) {
        self.name = name
        self.namespace = namespace
        self.configuration = configuration
        self.conditions = conditions
        self.tunables = tunables
        self.observables = observables
        self.states = states
        self.views = views
        self.notes = notes
        self.listens = listens
        self.synonyms = synonyms
    }

    /// The options it declares (its word's, or those it adds to another's word).
    public var options: [ConfigOption] {
        switch configuration {
        case .word(let w): return w.options
        case .options(_, let o): return o
        case .use: return []
        }
    }

    /// The statement word it is configured with (its own, or its host's); `use NAME` for a
    /// behaviour declared with `use`.
    public var word: String {
        switch configuration {
        case .word(let w): return w.word
        case .options(let host, _): return host
        case .use: return "use " + name
        }
    }

    /// How messages name what it makes ("toolbar", "refresh control", a user's noun).
    public var noun: String {
        switch configuration {
        case .word(let w): return w.noun
        case .options: return name
        case .use(let noun, _): return noun
        }
    }

    /// Declared with `use NAME`.
    public var isUsed: Bool {
        if case .use = configuration { return true }
        return false
    }
}
