// What the REPL prints after something ran: the observables that changed, most telling
// first, at most `ReplSnapshot.maxChanges` of them:
//
//     t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging

/// The observables of a world at one moment, by name, in the REPL's order of interest.
public struct ReplSnapshot: Equatable {
    /// Most telling first: the observables that declare a prominence, smallest first (ties
    /// in table order). Frames (rects) declare none: their parts are here already.
    public static func order(_ registry: BehaviourRegistry) -> [ObservableID] {
        registry.observables.enumerated()
            .compactMap { k, o in o.prominence.map { (p: $0, k: k, id: o.id) } }
            .sorted { ($0.p, $0.k) < ($1.p, $1.k) }
            .map { $0.id }
    }
    /// How many changes a change line shows.
    public static let maxChanges = 3

    /// Simulated time, seconds.
    public var time: Double
    /// (name, value) of every observable that exists in this world (no `header.*` without
    /// a header), in `order`, then `section[I].open` and `section[I].height` per section.
    public var values: [(name: String, value: Value)]

    /// Reads every observable of `world` (not for the per-frame path: it makes strings).
    public init(_ world: World) {
        time = world.time
        var v: [(name: String, value: Value)] = []
        let registry = world.registry
        for id in ReplSnapshot.order(registry) where ReplSnapshot.exists(id, in: world) {
            v.append((registry.observable(id).name, world.value(id)))
        }
        let sections = world.config.effectiveSections.count
        for i in 0..<sections {
            v.append((subscriptName(.core(.sectionOpen), section: i, row: nil), world.value(.sectionOpen, section: i)))
        }
        for i in 0..<sections {
            v.append((subscriptName(.core(.sectionHeight), section: i, row: nil), world.value(.sectionHeight, section: i)))
        }
        values = v
    }

    /// The observable can be read in this world (its behaviour is declared).
    static func exists(_ id: ObservableID, in world: World) -> Bool {
        world.registry.missing(for: id, in: world.config) == nil
    }

    public static func == (a: ReplSnapshot, b: ReplSnapshot) -> Bool {
        a.time == b.time && a.values.count == b.values.count
            && zip(a.values, b.values).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// The values (shown to 2 or 3 decimals) that differ between `self` and `later`,
    /// in order: `offset 0.00 → -60.06`. A name that exists in only one is skipped.
    public func changes(to later: ReplSnapshot) -> [String] {
        // Usually both hold the same names in the same order (compare by index); after a
        // rebuild they may not (look names up, once).
        let sameNames = values.count == later.values.count
            && zip(values, later.values).allSatisfy { $0.name == $1.name }
        var byName: [String: Value] = [:]
        if !sameNames {
            for (name, value) in later.values { byName[name] = value }
        }
        var out: [String] = []
        for (i, (name, old)) in values.enumerated() {
            guard let new = sameNames ? later.values[i].value : byName[name] else { continue }
            let a = old.formatted, b = new.formatted
            if a != b { out.append("\(name) \(a) → \(b)") }
        }
        return out
    }

    /// `t=0.400 s  offset 0.00 → -60.06  ...`, or nil when neither time nor any shown
    /// value changed (`timeAlone: false`: nil when no shown value changed, as after
    /// `interrupted at t=...`, which says the time already).
    public func changeLine(to later: ReplSnapshot, timeAlone: Bool = true) -> String? {
        let all = changes(to: later)
        if all.isEmpty && (later.time == time || !timeAlone) { return nil }
        var parts = [replTimeLabel(later.time)]
        parts += all.prefix(ReplSnapshot.maxChanges)
        return parts.joined(separator: "  ")
    }
}
