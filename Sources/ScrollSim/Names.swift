import Foundation

// The one table of names a scenario can read or set.
//
// The checker ("did you mean", kind checks), the interpreter, `frames`, traces and
// REPL completion all read these tables; nothing else spells an observable's name.

/// What a number measures. Decides how it prints, the default `~=` tolerance, and which
/// literal units it can be compared with.
public enum Quantity: String, Sendable, Equatable, CaseIterable {
    /// Screen or content points (`pt`). Prints with 2 decimals; `~=` tolerance 0.5.
    case points
    /// Points per second. Prints with 2 decimals; `~=` tolerance 0.5.
    case velocity
    /// Seconds (`s`, `ms`). Prints with 3 decimals; `~=` tolerance half a frame.
    case seconds
    /// A plain number (`header.scale`, `deceleration`). Prints with 3 decimals; `~=` tolerance 0.005.
    case number
    /// A whole number (`section[0].rows`). Prints with no decimals; `~=` tolerance 0.5.
    case count

    /// Points, velocity and seconds are dimensioned: two of them mix only when they agree.
    /// Plain numbers, counts and bare literals take the other side's quantity. (The one
    /// statement of this rule: `QuantityMix`, which the checker and the evaluator read.)
    public var isDimensioned: Bool {
        switch self {
        case .points, .velocity, .seconds: return true
        case .number, .count: return false
        }
    }
}

/// The kind of a value.
public enum ValueKind: Equatable, Sendable {
    case quantity(Quantity)
    case bool
    /// A state of one family (`phase` → idle/dragging/...; `toolbar.state` → shown/...).
    case state(StateFamily)
    case string
    case rect
}

/// `ValueKind` with a state's family named by its id: a plain value with nothing to retain
/// (a `ValueKind` of a state holds the family's names). The checker types every name an
/// expression reads with it; `registry.family(id)` gives the family back for a message.
public enum PlainKind: Equatable, Sendable {
    case quantity(Quantity)
    case bool
    case state(StateFamilyID)
    case string
    case rect
}

extension ValueKind {
    /// Its `PlainKind`.
    public var plain: PlainKind {
        switch self {
        case .quantity(let q): return .quantity(q)
        case .bool: return .bool
        case .state(let f): return .state(f.id)
        case .string: return .string
        case .rect: return .rect
        }
    }
}

/// Which family a state belongs to: the scroll view's `phase`, or a behaviour's own.
public enum StateFamilyID: Hashable, Sendable {
    case phase
    case behaviour(BehaviourID)
}

/// A state value (`expect phase == dragging`): its family, its place in the family, and
/// its name as written. Values hold it and compare it by family and place, never by text;
/// `idle` of `phase` and `idle` of `refresh.state` are different states.
public struct StateID: Hashable, Sendable {
    public let family: StateFamilyID
    public let index: Int
    /// As written: `idle`, `hidden`.
    public let name: String

    public init(family: StateFamilyID, index: Int, name: String) {
        self.family = family
        self.index = index
        self.name = name
    }

    public static func == (a: StateID, b: StateID) -> Bool { a.family == b.family && a.index == b.index }

    public func hash(into h: inout Hasher) {
        h.combine(family)
        h.combine(index)
    }
}

/// A family of states: the values of one state observable (spec §5: a bare word is read
/// in the family of what it is compared with).
public struct StateFamily: Equatable, Sendable {
    public let id: StateFamilyID
    /// How messages name it: `phase`, `toolbar`, `refresh` (`'x' is not a toolbar state`).
    public let name: String
    /// The observable whose values these are: `phase`, `toolbar.state`.
    public let observable: String
    /// Its states, in order.
    public let names: [String]

    public init(id: StateFamilyID, name: String, observable: String, names: [String]) {
        self.id = id
        self.name = name
        self.observable = observable
        self.names = names
    }

    public static func == (a: StateFamily, b: StateFamily) -> Bool { a.id == b.id }

    /// Its state named `name`, nil when it has none.
    public func state(named name: String) -> StateID? {
        names.firstIndex(of: name).map { StateID(family: id, index: $0, name: name) }
    }

    /// Its states, in order.
    public var states: [StateID] { names.indices.map { StateID(family: id, index: $0, name: names[$0]) } }

    /// The scroll view's `phase`.
    public static let phase = StateFamily(id: .phase, name: "phase", observable: "phase",
                                          names: ["idle", "dragging", "decelerating", "bouncing"])
}

/// How an observable is addressed.
public enum Subscript: Equatable, Sendable {
    /// `section[2]` (`row` nil) or `row[0,3]`: the one spelling of a subscript with
    /// numbers (values, tap targets, failure reports, the REPL).
    public static func written(section i: Int, row j: Int? = nil) -> String {
        guard let j else { return "\(Subscript.section.base)[\(i)]" }
        return "\(Subscript.row.base)[\(i),\(j)]"
    }

    /// The word before `[` (`section`, `row`; "" for `.none`): the one spelling of the
    /// subscript bases (checker, resolver, completion, language server, editor grammars).
    public var base: String {
        switch self {
        case .none: return ""
        case .section: return "section"
        case .row: return "row"
        }
    }

    /// A name of this form as a user writes it: `section.y` → `section[I].y`,
    /// `row.visible` → `row[I,J].visible`, a plain name as it is.
    public func displayName(_ name: String) -> String {
        switch self {
        case .none: return name
        case .section: return "section[I]" + name.dropFirst(base.count)
        case .row: return "row[I,J]" + name.dropFirst(base.count)
        }
    }

    /// The member after the subscript (`y` of `section.y`), nil for a plain name.
    public func member(_ name: String) -> String? {
        self == .none ? nil : String(name.dropFirst(base.count + 1))
    }

    /// The subscripted forms, in the order they are offered (`section[`, then `row[`).
    public static let indexed: [Subscript] = [.section, .row]

    /// The subscripted form whose base word is `word`, nil for any other word.
    public init?(base word: String) {
        guard let form = Subscript.indexed.first(where: { $0.base == word }) else { return nil }
        self = form
    }

    /// `time`, `header.height`
    case none
    /// `section[I].y`
    case section
    /// `row[I,J].y`
    case row
}

/// An observable of the scroll view and the table itself (spec §5), as written with its
/// subscript placeholders removed: `section.y` stands for `section[I].y`, `row.visible`
/// for `row[I,J].visible`. The behaviours' observables (`header.y`, `toolbar.state`) are
/// declared by the behaviours (`BehaviourDeclaration.observables`).
public enum CoreObservable: String, CaseIterable, Sendable, Equatable {
    case time
    case offset
    /// The scroll bounds of §6.2 this frame; `offset.max` is "at the bottom".
    case offsetMin = "offset.min"
    case offsetMax = "offset.max"
    case velocity
    case phase
    case contentHeight = "content.height"
    /// How far the content can still scroll up before the bottom edge: `offset.max − offset`
    /// (0 at the bottom, negative when pulled past it). What a "load more" list checks.
    case contentRemaining = "content.remaining"
    case screenWidth = "screen.width"
    case screenHeight = "screen.height"
    case fingerDown = "finger.down"
    case fingerTranslation = "finger.translation"
    case fingerVelocity = "finger.velocity"
    case sectionY = "section.y"
    case sectionHeight = "section.height"
    case sectionOpen = "section.open"
    case sectionRows = "section.rows"
    case sectionTitle = "section.title"
    case sectionFrame = "section.frame"
    case rowY = "row.y"
    case rowHeight = "row.height"
    case rowVisible = "row.visible"
    case rowTitle = "row.title"
    case rowFrame = "row.frame"
    /// What received the last tap, as text (`"row[0,3]"`; `""` before any tap).
    case tapTarget = "tap.target"

    public var kind: ValueKind {
        switch self {
        case .time: return .quantity(.seconds)
        case .offset, .offsetMin, .offsetMax, .contentHeight, .contentRemaining, .screenWidth, .screenHeight, .fingerTranslation,
             .sectionY, .sectionHeight, .rowY, .rowHeight:
            return .quantity(.points)
        case .velocity, .fingerVelocity: return .quantity(.velocity)
        case .phase: return .state(.phase)
        case .fingerDown, .sectionOpen, .rowVisible: return .bool
        case .sectionRows: return .quantity(.count)
        case .sectionTitle, .rowTitle, .tapTarget: return .string
        case .sectionFrame, .rowFrame: return .rect
        }
    }

    /// `kind.plain`, without making the `phase` family (the checker asks it of every name).
    public var plainKind: PlainKind {
        if self == .phase { return .state(.phase) }
        return kind.plain
    }

    public var subscriptForm: Subscript {
        switch self {
        case .sectionY, .sectionHeight, .sectionOpen, .sectionRows, .sectionTitle, .sectionFrame:
            return .section
        case .rowY, .rowHeight, .rowVisible, .rowTitle, .rowFrame:
            return .row
        // Every case by name (no `default`): a new member of section[I]/row[I,J] must be listed above.
        case .time, .offset, .offsetMin, .offsetMax, .velocity, .phase, .contentHeight,
             .contentRemaining, .screenWidth, .screenHeight, .fingerDown, .fingerTranslation,
             .fingerVelocity, .tapTarget:
            return .none
        }
    }

    /// How telling a change of it is, for the REPL's change line (smaller first; the
    /// behaviours' observables declare theirs among these); nil: not on that line.
    public var prominence: Int? {
        switch self {
        case .offset: return 0
        case .phase: return 2
        case .velocity: return 5
        case .fingerDown: return 6
        case .fingerTranslation: return 13
        case .fingerVelocity: return 14
        case .contentHeight: return 15
        case .screenWidth: return 17
        case .screenHeight: return 18
        // Every case by name (no `default`): a new observable must say whether it is shown.
        case .time, .offsetMin, .offsetMax, .contentRemaining, .tapTarget,
             .sectionY, .sectionHeight, .sectionOpen, .sectionRows, .sectionTitle, .sectionFrame,
             .rowY, .rowHeight, .rowVisible, .rowTitle, .rowFrame:
            return nil
        }
    }

    /// A default `trace` has a column for it (the plain observables; sections get theirs
    /// per section).
    public var traced: Bool {
        switch self {
        case .time, .phase, .offset, .velocity, .contentHeight, .fingerDown, .fingerTranslation, .fingerVelocity:
            return true
        // Every case by name (no `default`).
        case .offsetMin, .offsetMax, .contentRemaining, .screenWidth, .screenHeight, .tapTarget,
             .sectionY, .sectionHeight, .sectionOpen, .sectionRows, .sectionTitle, .sectionFrame,
             .rowY, .rowHeight, .rowVisible, .rowTitle, .rowFrame:
            return false
        }
    }

    /// One line on what it reads (spec §5), for editor hovers and help. Written in the
    /// words of the spec's table of observables.
    public var summary: String {
        switch self {
        case .time: return "simulated seconds since the scenario began"
        case .offset: return "the content offset y (0 at the top; grows as the content scrolls up)"
        case .offsetMin: return "the scroll bound at the top this frame: minus inset.top"
        case .offsetMax: return "the scroll bound at the bottom this frame: max(offset.min, content.height - screen.height); an offset at or past it is at the bottom"
        case .velocity: return "the content offset's velocity (positive = offset increasing)"
        case .phase: return "what the scroll view is doing: idle, dragging, decelerating or bouncing"
        case .contentHeight: return "the height of the content: the header, section headers and rows"
        case .contentRemaining: return "how far the content can still scroll before the bottom: offset.max - offset (negative past it)"
        case .screenWidth: return "the width of the screen (viewport)"
        case .screenHeight: return "the height of the screen (viewport)"
        case .fingerDown: return "a finger is on the screen"
        case .fingerTranslation: return "the finger's travel since it touched down, as a pan gesture recognizer sees it (positive = down)"
        case .fingerVelocity: return "the finger's velocity, as a pan gesture recognizer sees it (positive = down); 0 after a release"
        case .sectionY: return "the y of section I's header view, sticky position applied"
        case .sectionHeight: return "the height of section I's header view (0 when untitled)"
        case .sectionOpen: return "section I is open (the target state while it animates)"
        case .sectionRows: return "the number of rows of section I in the data (a closed section keeps them)"
        case .sectionTitle: return "the title of section I (\"\" when untitled)"
        case .sectionFrame: return "the frame of section I's header view; printed, not compared"
        case .rowY: return "the y of row J of section I, in screen points"
        case .rowHeight: return "the height of row J of section I (0 while its section is closed)"
        case .rowVisible: return "some of row J of section I is on screen"
        case .rowTitle: return "the title of row J of section I (\"\" when untitled)"
        case .rowFrame: return "the frame of row J of section I; printed, not compared"
        case .tapTarget: return "what received the last tap, as text: \"header\", \"toolbar\", \"section[2]\", \"row[0,3]\", \"nothing\", or \"\" before any tap"
        }
    }

    /// The name as a user writes it: `section[I].y`, `row[I,J].visible`, `offset`.
    public var displayName: String { subscriptForm.displayName(rawValue) }

    /// The member after the subscript, for `section[I].MEMBER` / `row[I,J].MEMBER`.
    public var member: String? { subscriptForm.member(rawValue) }

    /// `section[I].member` / `row[I,J].member` by member name: the one table of members
    /// (the checker, the guesses, hovers and trace columns read it). Packed (no String
    /// hashing); every member is short ASCII, so a miss means "no such member".
    public static func subscripted(_ form: Subscript, member: String) -> CoreObservable? {
        switch form {
        case .section: return sectionMembers.find(member)
        case .row: return rowMembers.find(member)
        case .none: return nil
        }
    }

    private static let sectionMembers = PackedNameTable(members(of: .section))
    private static let rowMembers = PackedNameTable(members(of: .row))

    private static func members(of form: Subscript) -> [(String, CoreObservable)] {
        allCases.compactMap { c in c.subscriptForm == form ? c.member.map { ($0, c) } : nil }
    }
}

/// An observable: one of the scroll view's and the table's, or one a behaviour declares
/// (its behaviour and its number in the declaration). Names, kinds and summaries come
/// from the registry (`BehaviourRegistry.observable(_:)`).
public enum ObservableID: Hashable, Sendable {
    case core(CoreObservable)
    case behaviour(BehaviourID, Int)
}

/// Columns of `scrollscript trace` (and of the replay page's panel) that are not
/// observables (spec §7; docs/pictures.md). Every other column is named as its observable.
public enum TraceField: String, CaseIterable, Sendable, Equatable {
    /// The display frame's index, 0 at t = 0.
    case frame
    /// The line of the statement whose frame this is (empty at frame 0).
    case line
    /// That statement, as `fmt` writes it (`pull 120`).
    case statement
    /// The sections whose header view is on screen.
    case sectionsVisible = "sections.visible"
    /// The rows on screen, per section: first and last index.
    case rowsVisible = "rows.visible"
    /// Empty, except on the last row of a failed scenario: where and why it failed.
    case failure
}

/// The tunables of the scroll view and the table (spec §3); the behaviours declare theirs
/// (`toolbar.duration`, `refresh.trigger`). Every tunable is also readable by its name.
public enum CoreTunable: String, CaseIterable, Sendable, Equatable {
    case rowHeight = "row.height"
    case sectionHeight = "section.height"
    case deceleration
    case rubberband
    case bounceStiffness = "bounce.stiffness"
    case bounceDamping = "bounce.damping"
    /// The spring of a return that starts past an edge (a release there, a tap stopping motion there).
    case snapbackStiffness = "snapback.stiffness"
    case snapbackDamping = "snapback.damping"
    /// The speed (pt/s) at which a deceleration ends.
    case decelerationStopVelocity = "deceleration.stopVelocity"
    case dragSpeed = "drag.speed"
    case flingDuration = "fling.duration"
    case insetTop = "inset.top"

    /// Its position in the table (`allCases` order): where `Tunables` keeps its value.
    /// A switch, so a read is an array index, not a search.
    public var index: Int {
        switch self {
        case .rowHeight: return 0
        case .sectionHeight: return 1
        case .deceleration: return 2
        case .rubberband: return 3
        case .bounceStiffness: return 4
        case .bounceDamping: return 5
        case .snapbackStiffness: return 6
        case .snapbackDamping: return 7
        case .decelerationStopVelocity: return 8
        case .dragSpeed: return 9
        case .flingDuration: return 10
        case .insetTop: return 11
        }
    }

    public var kind: ValueKind {
        switch self {
        case .rowHeight, .sectionHeight, .insetTop: return .quantity(.points)
        case .deceleration, .rubberband, .bounceStiffness, .bounceDamping,
             .snapbackStiffness, .snapbackDamping: return .quantity(.number)
        case .dragSpeed, .decelerationStopVelocity: return .quantity(.velocity)
        case .flingDuration: return .quantity(.seconds)
        }
    }

    /// One line on what it sets (spec §3), for editor hovers and help.
    public var summary: String {
        switch self {
        case .rowHeight: return "the height of a row (UITableView's default is 44)"
        case .sectionHeight: return "the header height of a titled section"
        case .deceleration: return "UIScrollView's decelerationRate, per ms (normal = 0.998, fast = 0.99)"
        case .rubberband: return "the rubber-band constant c of dragging past an edge"
        case .bounceStiffness: return "the stiffness (mass 1) of the spring that bounces a deceleration back from an edge"
        case .bounceDamping: return "the damping ratio of that bounce spring (1 = critical)"
        case .snapbackStiffness: return "the stiffness (mass 1) of the spring back to an edge from past it: a finger lifting past an edge, a tap stopping motion there"
        case .snapbackDamping: return "the damping ratio of that snap-back spring (over-damped: 2.8)"
        case .decelerationStopVelocity: return "the speed, pt/s, at which a deceleration ends"
        case .dragSpeed: return "the finger speed of drag and pull without 'in', pt/s"
        case .flingDuration: return "how long the finger moves during fling, s"
        case .insetTop: return "the content inset at the top (safe area)"
        }
    }

    /// The default value.
    public var defaultValue: Double {
        switch self {
        case .rowHeight: return 44
        case .sectionHeight: return 28
        case .deceleration: return 0.998
        case .rubberband: return 0.55
        // Fitted to two recorded flings into an edge (docs/fidelity.md).
        case .bounceStiffness: return 120
        case .bounceDamping: return 1
        // Fitted to a recorded UIScrollView snap-back (docs/fidelity.md).
        case .snapbackStiffness: return 2000
        case .snapbackDamping: return 2.8
        // Fitted to UIKit's recorded targetContentOffset (docs/fidelity.md).
        case .decelerationStopVelocity: return 10
        case .dragSpeed: return 300
        case .flingDuration: return 0.1
        case .insetTop: return 0
        }
    }

    /// The accepted range. `lowerOpen`/`upperOpen` exclude the end point.
    public var range: TunableRange {
        switch self {
        case .rowHeight, .sectionHeight: return TunableRange(0, 10_000, lowerOpen: true)
        case .deceleration: return TunableRange(0, 1, lowerOpen: true, upperOpen: true)
        case .rubberband: return TunableRange(0, 1, lowerOpen: true)
        case .bounceStiffness, .snapbackStiffness: return TunableRange(0, 1_000_000, lowerOpen: true)
        case .bounceDamping, .snapbackDamping: return TunableRange(0, 100, lowerOpen: true)
        case .decelerationStopVelocity: return TunableRange(0.1, 1_000)
        case .dragSpeed: return TunableRange(0, 100_000, lowerOpen: true)
        case .flingDuration: return TunableRange(0, 10, lowerOpen: true)
        case .insetTop: return TunableRange(0, 10_000)
        }
    }

    /// Named values a user may write instead of a number (`set deceleration fast`).
    public var namedValues: [(name: String, value: Double)] {
        switch self {
        case .deceleration: return [("normal", 0.998), ("fast", 0.99)]
        default: return []
        }
    }
}

/// A tunable: one of the core's, or one a behaviour declares (its behaviour and its
/// number in the declaration). Names, kinds, defaults and ranges come from the registry
/// (`BehaviourRegistry.tunable(_:)`).
public enum TunableID: Hashable, Sendable {
    case core(CoreTunable)
    case behaviour(BehaviourID, Int)
}

public struct TunableRange: Equatable, Sendable {
    public var lower: Double
    public var upper: Double
    public var lowerOpen: Bool
    public var upperOpen: Bool

    public init(_ lower: Double, _ upper: Double, lowerOpen: Bool = false, upperOpen: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lowerOpen = lowerOpen
        self.upperOpen = upperOpen
    }

    public func contains(_ v: Double) -> Bool {
        guard v.isFinite else { return false }
        let aboveLower = lowerOpen ? v > lower : v >= lower
        let belowUpper = upperOpen ? v < upper : v <= upper
        return aboveLower && belowUpper
    }
}

/// Configuration limits of spec §3.
public enum Limits {
    public static let fpsRange = 1...1000
    public static let screenSide = TunableRange(1, 10_000)
    public static let maxSections = 10_000
    public static let maxRows = 100_000
    public static let maxFlingSpeed: Double = 100_000
    public static let headerHeight = TunableRange(0, 10_000, lowerOpen: true)
    public static let toolbarHeight = TunableRange(0, 10_000, lowerOpen: true)
    /// Longest `settle`, in simulated seconds.
    public static let settleSeconds: Double = 60
    /// Simulated time a scenario may take, seconds (24 h).
    public static let scenarioSeconds: Double = 86_400
    /// Statements a scenario may execute.
    public static let scenarioStatements = 10_000_000
}

// MARK: - Values

/// A rectangle in screen points.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A value of an observable or of an expression.
public enum Value: Equatable, Sendable {
    case number(Double, Quantity)
    case bool(Bool)
    case state(StateID)
    case string(String)
    case rect(Rect)
}
