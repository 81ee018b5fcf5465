// The registered behaviours: a value every consumer is given (the checker, the world, the
// interpreter, the REPL, the language server, pictures, `explore`, the editor grammars),
// `.builtIn` by default. A user's behaviours are appended after the built-ins.

/// The behaviours a run knows, in registration order (the order the world calls them).
/// Immutable; copies share one storage, and two registries are equal when they are the same.
public struct BehaviourRegistry: Sendable, Equatable {
    /// The most behaviours one registry holds (the world keeps a bit per behaviour).
    public static let maxBehaviours = 64

    final class Storage: Sendable {
        let entries: [BehaviourEntry]
        let vocabulary: VocabularyTables
        /// Each behaviour's tunables at their defaults, in declaration order (`Tunables`).
        let defaultTunables: [[Double]]

        init(_ entries: [BehaviourEntry]) {
            self.entries = entries
            vocabulary = VocabularyTables(entries)
            defaultTunables = entries.map { $0.declaration.tunables.map { $0.defaultValue } }
        }
    }

    let storage: Storage

    /// A registry of `entries`, in order. At most `maxBehaviours` (the rest are left out).
    public init(_ entries: [BehaviourEntry]) {
        storage = Storage(Array(entries.prefix(BehaviourRegistry.maxBehaviours)))
    }

    /// This registry with `more` after its behaviours.
    public func appending(_ more: [BehaviourEntry]) -> BehaviourRegistry {
        BehaviourRegistry(storage.entries + more)
    }

    public static func == (a: BehaviourRegistry, b: BehaviourRegistry) -> Bool { a.storage === b.storage }

    public var entries: [BehaviourEntry] { storage.entries }
    public var count: Int { storage.entries.count }
    public var ids: [BehaviourID] { storage.entries.indices.map { BehaviourID($0) } }

    public func declaration(_ id: BehaviourID) -> BehaviourDeclaration { storage.entries[id.index].declaration }

    // Parts of one declaration, read in place. Every scenario's check and world read these:
    // a copy of a whole declaration touches the reference counts of its every name and
    // table, counts that every thread of a run shares.

    /// Behaviour `id`'s conditions on the scene's other words.
    public func conditions(of id: BehaviourID) -> [ConfigCondition] { storage.entries[id.index].declaration.conditions }

    /// How configuration turns behaviour `id` on (its word, or options of another's).
    public func configuration(of id: BehaviourID) -> ConfigurationForm { storage.entries[id.index].declaration.configuration }

    /// The events behaviour `id` listens to.
    public func events(of id: BehaviourID) -> BehaviourEvents { storage.entries[id.index].declaration.listens }

    /// Makes behaviour `id` for a world.
    public func make(_ id: BehaviourID, _ setup: BehaviourSetup, _ adjustments: inout Adjustments) -> any Behaviour {
        storage.entries[id.index].make(setup, &adjustments)
    }

    public func view(_ v: ViewID) -> ViewDeclaration { declaration(v.behaviour).views[v.view] }

    /// The view named `name` (`header`, `toolbar.zone`), if a behaviour declares one.
    public func view(named name: String) -> ViewID? {
        for id in ids {
            if let k = declaration(id).views.firstIndex(where: { $0.name == name }) { return ViewID(id, k) }
        }
        return nil
    }
}
