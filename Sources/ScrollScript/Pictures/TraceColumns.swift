// The columns of a trace (and of the replay page's observables panel): which values a
// row holds, named from the one vocabulary (Sources/ScrollSim/Names.swift).
import ScrollSim

/// One column of a trace.
public struct TraceColumn: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// `frame`, `line`, `statement`, `sections.visible`, `rows.visible`, `failure`.
        case field(TraceField)
        /// An observable; `section`/`row` are its subscripts (0 when it has none).
        case observable(ObservableID, section: Int, row: Int)
    }

    /// The header of the column: the observable as a scenario writes it (`section[2].y`).
    public var name: String
    public var source: Source

    public init(_ field: TraceField) {
        name = field.rawValue
        source = .field(field)
    }

    /// The column of observable `id` (named by `registry`), at section/row for a member
    /// of `section[I]`/`row[I,J]`.
    public init(_ id: ObservableID, section: Int = 0, row: Int = 0, _ registry: BehaviourRegistry) {
        let o = registry.observable(id)
        switch o.subscriptForm {
        case .none: name = o.name
        case .section: name = Subscript.written(section: section) + "." + (o.member ?? "")
        case .row: name = Subscript.written(section: section, row: row) + "." + (o.member ?? "")
        }
        source = .observable(id, section: section, row: row)
    }

    /// The observable's value in `world` (nil for a field).
    public func value(in world: World) -> Value? {
        guard case .observable(let id, let i, let j) = source else { return nil }
        return world.value(id, section: i, row: j)
    }
}

/// Why a `--columns` list was refused: a case with its data, worded in `message`.
public enum TraceColumnError: Error, Equatable, Sendable {
    /// More than `TraceColumns.maxColumns` names.
    case tooManyColumns
    /// An empty name in `list` (`offset,,time`).
    case emptyName(list: String)
    case listedTwice(String)
    /// `section[I].y` past the table's `count` sections.
    case noSuchSection(column: String, section: Int, count: Int)
    /// `row[I,J].y` past section I's `rows` rows.
    case noSuchRow(column: String, section: Int, row: Int, rows: Int)
    /// A rect-valued observable, and the number observables of the same thing a trace can
    /// hold instead (`toolbar.frame` → `toolbar.y`, `toolbar.height`; none: empty).
    case rect(String, parts: [String])
    /// A behaviour's observable in a scenario that does not declare it: the column, and
    /// what it needs (`header`).
    case needsBehaviour(String, noun: String)
    /// An unknown name; `candidates`: the names a column may have.
    case unknown(String, candidates: [String])

    public var message: String {
        switch self {
        case .tooManyColumns:
            return "at most \(TraceColumns.maxColumns) columns"
        case .emptyName(let list):
            return "an empty column name in '\(list)'"
        case .listedTwice(let name):
            return "column '\(name)' is listed twice"
        case .noSuchSection(let name, let i, let count):
            return "column '\(name)': there is no section \(i) (the table has \(count) section\(count == 1 ? "" : "s"))"
        case .noSuchRow(let name, let i, let j, let rows):
            return "column '\(name)': section \(i) has no row \(j) (it has \(rows))"
        case .rect(let name, let parts):
            return parts.isEmpty
                ? "column '\(name)' is a rect, which a trace column cannot hold; trace a number instead"
                : "column '\(name)' is a rect; trace its parts (\(parts.joined(separator: ", "))) instead"
        case .needsBehaviour(let name, let noun):
            return "column '\(name)': the scenario declares no \(noun)"
        case .unknown(let name, let candidates):
            return "unknown column '\(name)'\(didYouMean(name, candidates)) (columns are named as observables: offset, header.height, section[0].y, row[0,3].visible, ...)"
        }
    }
}

public enum TraceColumns {
    /// Sections that get a `section[I].y` column by default (more: ask with `--columns`).
    public static let defaultSectionColumns = 20
    /// The most names a `--columns` list may hold.
    public static let maxColumns = 10_000

    /// The core's plain observables a default trace holds, in order.
    static let coreObservables: [CoreObservable] = [
        .time, .phase, .offset, .velocity, .contentHeight, .fingerDown, .fingerTranslation, .fingerVelocity,
    ]

    /// The default columns for a scenario with `config`: frame, time, line, the core's plain
    /// observables, then those each declared behaviour traces (in registration order;
    /// `header.expanded` only with a toggle), `section[I].y` of the first sections,
    /// sections and rows in view, failure.
    public static func defaults(for config: SceneConfig) -> [TraceColumn] {
        let registry = config.registry
        var cols = [TraceColumn(.frame)]
        for c in coreObservables {
            cols.append(TraceColumn(.core(c), registry))
            if c == .time { cols.append(TraceColumn(.line)) }
        }
        for o in registry.observables {
            guard let owner = o.owner, let settings = config.settings(owner) else { continue }
            switch o.trace {
            case .never: continue
            case .always: break
            case .whenConfigured: if !settings.configured { continue }
            }
            cols.append(TraceColumn(o.id, registry))
        }
        let n = min(config.effectiveSections.count, defaultSectionColumns)
        for i in 0..<n { cols.append(TraceColumn(.core(.sectionY), section: i, registry)) }
        cols.append(TraceColumn(.sectionsVisible))
        cols.append(TraceColumn(.rowsVisible))
        cols.append(TraceColumn(.failure))
        return cols
    }

    /// `--columns time,offset,section[2].y`: the columns in the order given, then
    /// `failure` (always last). Names are checked against the vocabulary and the scene
    /// (a `header.*` column needs a header; indexes must exist).
    public static func parse(_ list: String, config: SceneConfig) -> Result<[TraceColumn], TraceColumnError> {
        var cols: [TraceColumn] = []
        // Commas inside brackets belong to a row's subscript (`row[0,3].y`).
        var names: [String] = []
        var current = ""
        var depth = 0
        for ch in list {
            if ch == "[" { depth += 1 } else if ch == "]" { depth = max(0, depth - 1) }
            if ch == "," && depth == 0 {
                names.append(trimBlanks(current))
                current = ""
            } else {
                current.append(ch)
            }
        }
        names.append(trimBlanks(current))
        if names.count > maxColumns { return .failure(.tooManyColumns) }
        for name in names {
            if name.isEmpty { return .failure(.emptyName(list: list)) }
            switch column(named: name, config: config) {
            case .failure(let e): return .failure(e)
            case .success(let c):
                if c.source == .field(.failure) { continue }
                if cols.contains(c) { return .failure(.listedTwice(name)) }
                cols.append(c)
            }
        }
        cols.append(TraceColumn(.failure))
        return .success(cols)
    }

    /// What an unknown column name is compared with for "did you mean".
    static func candidates(_ registry: BehaviourRegistry) -> [String] {
        TraceField.allCases.map { $0.rawValue }
            + registry.observables.filter { $0.kind != .rect && $0.subscriptForm == .none }.map { $0.name }
    }

    static func column(named name: String, config: SceneConfig) -> Result<TraceColumn, TraceColumnError> {
        if let f = TraceField(rawValue: name) { return .success(TraceColumn(f)) }
        let registry = config.registry
        let unknown = TraceColumnError.unknown(name, candidates: candidates(registry))
        let sections = config.effectiveSections
        var id: ObservableID?
        var i = 0, j = 0
        if let plain = registry.plainObservable(named: name) {
            id = plain
        } else if let (base, indexes, member) = splitSubscript(name) {
            let form = Subscript(base: base) ?? .none
            let need = form == .section ? 1 : 2
            guard form != .none, indexes.count == need, let found = CoreObservable.subscripted(form, member: member) else {
                return .failure(unknown)
            }
            id = .core(found)
            i = indexes[0]
            guard i < sections.count else {
                return .failure(.noSuchSection(column: name, section: i, count: sections.count))
            }
            if form == .row {
                j = indexes[1]
                let rows = sections[i].rowCount
                guard j < rows else {
                    return .failure(.noSuchRow(column: name, section: i, row: j, rows: rows))
                }
            }
        }
        guard let id else { return .failure(unknown) }
        if registry.observable(id).kind == .rect {
            // The numbers of the same thing that exist: `X.y`, `X.height` (not every thing
            // with a frame has all four).
            let owner = name.prefix(upTo: name.lastIndex(of: ".") ?? name.endIndex)
            let parts = ["x", "y", "width", "height"].map { owner + "." + $0 }.filter {
                if case .success = column(named: $0, config: config) { return true }
                return false
            }
            return .failure(.rect(name, parts: parts))
        }
        if let missing = registry.missing(for: id, in: config) {
            return .failure(.needsBehaviour(name, noun: registry.noun(of: missing)))
        }
        return .success(TraceColumn(id, section: i, row: j, registry))
    }

    /// `section[2].y` → ("section", [2], "y"); `row[0, 3].visible` → ("row", [0, 3], "visible").
    private static func splitSubscript(_ name: String) -> (String, [Int], String)? {
        guard let open = name.firstIndex(of: "["), let close = name.firstIndex(of: "]"), open < close else { return nil }
        let base = String(name[..<open])
        let inside = name[name.index(after: open)..<close]
        let after = name[name.index(after: close)...]
        guard after.hasPrefix("."), after.count > 1 else { return nil }
        var indexes: [Int] = []
        for part in inside.split(separator: ",", omittingEmptySubsequences: false) {
            let t = trimBlanks(String(part))
            guard !t.isEmpty, t.count <= 9, t.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(t) else { return nil }
            indexes.append(n)
        }
        return (base, indexes, String(after.dropFirst()))
    }
}

/// `s` without leading and trailing spaces and tabs.
private func trimBlanks(_ s: String) -> String {
    var sub = Substring(s)
    while let f = sub.first, f == " " || f == "\t" { sub = sub.dropFirst() }
    while let l = sub.last, l == " " || l == "\t" { sub = sub.dropLast() }
    return String(sub)
}

// MARK: - What a row holds

/// The sections with a header view on screen, and the rows on screen per section
/// (`first...last`), in table order.
struct VisibleSectionsAndRows {
    var sections: [Int] = []
    var rows: [(section: Int, first: Int, last: Int)] = []

    init() {}

    init(_ world: World) {
        for f in world.visibleFrames() {
            switch f.kind {
            case .section(let i): sections.append(i)
            case .row(let i, let j):
                if let last = rows.last, last.section == i, last.last == j - 1 {
                    rows[rows.count - 1].last = j
                } else {
                    rows.append((i, j, j))
                }
            default: break
            }
        }
    }
}
