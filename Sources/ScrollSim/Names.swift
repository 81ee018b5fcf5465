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
    /// statement of this rule: the checker's `Dim` and the evaluator's `combine` read it.)
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
    /// A state name: one of `states` (e.g. `phase` → idle/dragging/...).
    case state(StateSet)
    case string
    case rect
}

/// Every state name a scenario can write (`expect phase == dragging`): the values of the
/// state observables. A value holds the case (compared as an enum, never as text); the
/// name as written is `rawValue`, here and nowhere else.
public enum StateID: String, CaseIterable, Sendable, Equatable {
    // phase (spec §5)
    case idle, dragging, decelerating, bouncing
    // toolbar.state
    case shown, hidden, showing, hiding

    /// The family it belongs to (which observables it can be compared with).
    public var family: StateSet {
        switch self {
        case .idle, .dragging, .decelerating, .bouncing: return .phase
        case .shown, .hidden, .showing, .hiding: return .toolbar
        }
    }
}

/// The families of state names: which observable's values they are.
public enum StateSet: String, Equatable, Sendable, CaseIterable {
    case phase
    case toolbar

    /// Its states, in table order.
    public var states: [StateID] {
        switch self {
        case .phase: return StateSet.phaseStates
        case .toolbar: return StateSet.toolbarStates
        }
    }

    /// Its states' names, in table order.
    public var names: [String] { states.map { $0.rawValue } }

    private static let phaseStates = StateID.allCases.filter { $0.family == .phase }
    private static let toolbarStates = StateID.allCases.filter { $0.family == .toolbar }

    /// Every state name of every family, for the lexer/checker (bare words in expressions).
    public static let allNames: [String] = StateID.allCases.map { $0.rawValue }

    public static func family(of name: String) -> StateSet? {
        StateID(rawValue: name)?.family
    }
}

/// Which declared view an observable needs.
public enum Requirement: Equatable, Sendable {
    case none
    case header
    case toolbar
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

/// An observable name, as written with its subscript placeholders removed:
/// `section.y` stands for `section[I].y`, `row.visible` for `row[I,J].visible`.
public enum ObservableID: String, CaseIterable, Sendable, Equatable {
    case time
    case offset
    /// (v1.2) The scroll bounds of §6.2 this frame; `offset.max` is "at the bottom".
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
    case headerY = "header.y"
    case headerHeight = "header.height"
    case headerBottom = "header.bottom"
    case headerScale = "header.scale"
    case headerFrame = "header.frame"
    case headerImageY = "header.image.y"
    case headerImageHeight = "header.image.height"
    case headerExpanded = "header.expanded"
    case toolbarY = "toolbar.y"
    case toolbarHeight = "toolbar.height"
    case toolbarState = "toolbar.state"
    case toolbarFrame = "toolbar.frame"
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
    /// (v1.2) What received the last tap, as text (`"row[0,3]"`; `""` before any tap).
    case tapTarget = "tap.target"

    public var kind: ValueKind {
        switch self {
        case .time: return .quantity(.seconds)
        case .offset, .offsetMin, .offsetMax, .contentHeight, .contentRemaining, .screenWidth, .screenHeight, .fingerTranslation,
             .headerY, .headerHeight, .headerBottom, .headerImageY, .headerImageHeight,
             .toolbarY, .toolbarHeight, .sectionY, .sectionHeight, .rowY, .rowHeight:
            return .quantity(.points)
        case .velocity, .fingerVelocity: return .quantity(.velocity)
        case .phase: return .state(.phase)
        case .toolbarState: return .state(.toolbar)
        case .fingerDown, .headerExpanded, .sectionOpen, .rowVisible: return .bool
        case .headerScale: return .quantity(.number)
        case .sectionRows: return .quantity(.count)
        case .sectionTitle, .rowTitle, .tapTarget: return .string
        case .headerFrame, .toolbarFrame, .sectionFrame, .rowFrame: return .rect
        }
    }

    public var requirement: Requirement {
        switch self {
        case .headerY, .headerHeight, .headerBottom, .headerScale, .headerFrame,
             .headerImageY, .headerImageHeight, .headerExpanded:
            return .header
        case .toolbarY, .toolbarHeight, .toolbarState, .toolbarFrame:
            return .toolbar
        // Every case by name (no `default`): a new observable must say what it needs.
        case .time, .offset, .offsetMin, .offsetMax, .velocity, .phase, .contentHeight,
             .contentRemaining, .screenWidth, .screenHeight, .fingerDown, .fingerTranslation,
             .fingerVelocity, .tapTarget,
             .sectionY, .sectionHeight, .sectionOpen, .sectionRows, .sectionTitle, .sectionFrame,
             .rowY, .rowHeight, .rowVisible, .rowTitle, .rowFrame:
            return .none
        }
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
             .fingerVelocity, .tapTarget,
             .headerY, .headerHeight, .headerBottom, .headerScale, .headerFrame,
             .headerImageY, .headerImageHeight, .headerExpanded,
             .toolbarY, .toolbarHeight, .toolbarState, .toolbarFrame:
            return .none
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
        case .headerY: return "the top of the header's visible frame, in screen points"
        case .headerHeight: return "the height of the header's visible frame (it grows when pulled past the top)"
        case .headerBottom: return "the bottom of the header's visible frame (header.y + header.height)"
        case .headerScale: return "the header's visible height / its layout height (the zoom)"
        case .headerFrame: return "the header's visible frame (x, y, width, height); printed, not compared"
        case .headerImageY: return "the header image's y: header.y × (1 − parallax)"
        case .headerImageHeight: return "the header image's height (the header's height)"
        case .headerExpanded: return "a toggle header is at (or animating to) its second height"
        case .toolbarY: return "the toolbar's top, in screen points (screen.height when hidden)"
        case .toolbarHeight: return "the toolbar's height"
        case .toolbarState: return "the toolbar: shown, hidden, showing or hiding"
        case .toolbarFrame: return "the toolbar's frame (x, y, width, height); printed, not compared"
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
    public var displayName: String {
        switch subscriptForm {
        case .none: return rawValue
        case .section: return "section[I]" + rawValue.dropFirst("section".count)
        case .row: return "row[I,J]" + rawValue.dropFirst("row".count)
        }
    }

    /// The member after the subscript, for `section[I].MEMBER` / `row[I,J].MEMBER`.
    public var member: String? {
        switch subscriptForm {
        case .none: return nil
        case .section: return String(rawValue.dropFirst("section.".count))
        case .row: return String(rawValue.dropFirst("row.".count))
        }
    }

    /// Unsubscripted observables by name.
    public static func plain(_ name: String) -> ObservableID? {
        guard let id = ObservableID(rawValue: name), id.subscriptForm == .none else { return nil }
        return id
    }

    /// `section[I].member` / `row[I,J].member` by member name.
    /// (Cold paths: hovers, trace columns. The checker and the evaluator use the language
    /// library's packed index of the same table, `SubscriptMembers`.)
    public static func subscripted(_ form: Subscript, member: String) -> ObservableID? {
        allCases.first { $0.subscriptForm == form && $0.member == member }
    }
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

/// The tunables of `set NAME VALUE` (spec §3). Every tunable is also readable by its name.
public enum TunableID: String, CaseIterable, Sendable, Equatable {
    case rowHeight = "row.height"
    case sectionHeight = "section.height"
    case deceleration
    case rubberband
    case bounceStiffness = "bounce.stiffness"
    case bounceDamping = "bounce.damping"
    /// (v1.3) The spring of a return that starts past an edge (a release there, a tap stopping motion there).
    case snapbackStiffness = "snapback.stiffness"
    case snapbackDamping = "snapback.damping"
    /// (v1.3) The speed (pt/s) at which a deceleration ends.
    case decelerationStopVelocity = "deceleration.stopVelocity"
    case dragSpeed = "drag.speed"
    case flingDuration = "fling.duration"
    case toolbarShowVelocity = "toolbar.showVelocity"
    case toolbarHideDistance = "toolbar.hideDistance"
    case toolbarDuration = "toolbar.duration"
    case headerDuration = "header.duration"
    case headerBodyFollows = "header.bodyFollows"
    case accordionDuration = "accordion.duration"
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
        case .toolbarShowVelocity: return 11
        case .toolbarHideDistance: return 12
        case .toolbarDuration: return 13
        case .headerDuration: return 14
        case .headerBodyFollows: return 15
        case .accordionDuration: return 16
        case .insetTop: return 17
        }
    }

    /// `.bool` for header.bodyFollows, else `.quantity(q)`.
    public var kind: ValueKind {
        switch self {
        case .rowHeight, .sectionHeight, .toolbarHideDistance, .insetTop: return .quantity(.points)
        case .deceleration, .rubberband, .bounceStiffness, .bounceDamping,
             .snapbackStiffness, .snapbackDamping: return .quantity(.number)
        case .dragSpeed, .toolbarShowVelocity, .decelerationStopVelocity: return .quantity(.velocity)
        case .flingDuration, .toolbarDuration, .headerDuration, .accordionDuration: return .quantity(.seconds)
        case .headerBodyFollows: return .bool
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
        case .toolbarShowVelocity: return "the downward finger velocity, pt/s, past which the toolbar shows"
        case .toolbarHideDistance: return "the upward finger travel past which the toolbar hides"
        case .toolbarDuration: return "the toolbar's show/hide animation, s, linear"
        case .headerDuration: return "the header toggle animation, s, ease-in-out"
        case .headerBodyFollows: return "the body follows the header toggle every frame (false: only when the animation ends, post 002's first version)"
        case .accordionDuration: return "a section's open/close animation, s, ease-in-out"
        case .insetTop: return "the content inset at the top (safe area)"
        }
    }

    /// The default value (booleans: 1 = true, 0 = false).
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
        case .toolbarShowVelocity: return 800
        case .toolbarHideDistance: return 22
        case .toolbarDuration: return 0.2
        case .headerDuration: return 0.25
        case .headerBodyFollows: return 1
        case .accordionDuration: return 0.3
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
        case .toolbarShowVelocity: return TunableRange(0, 100_000)
        case .toolbarHideDistance: return TunableRange(0, 10_000)
        case .toolbarDuration, .headerDuration, .accordionDuration: return TunableRange(0, 60, lowerOpen: true)
        case .headerBodyFollows: return TunableRange(0, 1)
        case .insetTop: return TunableRange(0, 10_000)
        }
    }

    /// Named values a user may write instead of a number (`set deceleration fast`).
    public var namedValues: [(name: String, value: Double)] {
        switch self {
        case .deceleration: return [("normal", 0.998), ("fast", 0.99)]
        case .headerBodyFollows: return [("true", 1), ("false", 0)]
        default: return []
        }
    }
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

/// Lists derived from the tables above, built once (the checker, the REPL, the language
/// server, the editor grammars and the evaluator read these instead of rebuilding them).
public enum Vocabulary {
    /// Observables written without a subscript (`offset`, `header.height`), in table order.
    public static let plainObservableNames: [String] =
        ObservableID.allCases.filter { $0.subscriptForm == .none }.map { $0.rawValue }
    /// Every tunable's name, in table order.
    public static let tunableNames: [String] = TunableID.allCases.map { $0.rawValue }
    /// Members after `section[I].` (y height open rows title frame), in table order.
    public static let sectionMembers: [String] = members(.section)
    /// Members after `row[I,J].` (y height visible title frame), in table order.
    public static let rowMembers: [String] = members(.row)

    /// The members of `section[I].` or `row[I,J].` (none for `.none`).
    public static func members(of form: Subscript) -> [String] {
        switch form {
        case .section: return sectionMembers
        case .row: return rowMembers
        case .none: return []
        }
    }

    private static func members(_ form: Subscript) -> [String] {
        ObservableID.allCases.filter { $0.subscriptForm == form }.compactMap { $0.member }
    }
}
