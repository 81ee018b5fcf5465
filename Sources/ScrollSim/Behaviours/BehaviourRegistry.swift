// The registered behaviours: a value every consumer is given (the checker, the world, the
// interpreter, the REPL, the language server, pictures, `explore`, the editor grammars),
// `.builtIn` by default. A user's behaviours are appended after the built-ins.

/// The behaviours a run knows, in registration order (the order the world calls them).
/// Immutable; copies share one storage, and two registries are equal when they are the same.
/// A registry made with `init` lives as long as the process (the built-in one, and each one
/// `with(_:)` makes, is kept for reuse anyway); one made with `appending` (a file's declared
/// behaviours, a REPL session's) is freed with its last copy.
public struct BehaviourRegistry: Sendable, Equatable {
    /// The most behaviours one registry holds (the world keeps a bit per behaviour).
    public static let maxBehaviours = 64

    final class Storage: Sendable {
        let entries: [BehaviourEntry]
        let vocabulary: VocabularyTables
        /// Each behaviour's tunables at their defaults, in declaration order (`Tunables`).
        let defaultTunables: [[Double]]
        // What every scene and world asks of each behaviour, as plain values: read from
        // the declarations, they would copy (retain) the declarations' shared tables.
        let optionCounts: [Int]
        let listens: [BehaviourEvents]
        /// The behaviour whose word each one adds options to (nil: its own word, `use`, or a
        /// host word that is not registered).
        let hosts: [BehaviourID?]
        /// The behaviours with rules between words or reads of the world (`ruledIDs`).
        let ruled: [BehaviourID]

        init(_ entries: [BehaviourEntry]) {
            self.entries = entries
            let vocabulary = VocabularyTables(entries)
            self.vocabulary = vocabulary
            defaultTunables = entries.map { $0.declaration.tunables.map { $0.defaultValue } }
            optionCounts = entries.map { $0.declaration.options.count }
            listens = entries.map { $0.declaration.listens }
            hosts = entries.map {
                guard case .options(let word, _) = $0.declaration.configuration else { return nil }
                return vocabulary.wordsByName[word].map { vocabulary.configWords[$0].owner }
            }
            ruled = entries.indices.filter { !entries[$0].declaration.conditions.isEmpty || !entries[$0].declaration.reads.isEmpty }
                .map { BehaviourID($0) }
        }
    }

    /// Retained once, never released, and read without retaining it: every scene, checker,
    /// lowering and world holds a copy of its registry, on every thread of a run, and a
    /// strong reference would make each copy and each read write the storage's one reference
    /// count, a cache line the threads would pass back and forth.
    private let box: Unmanaged<Storage>
    /// The storage itself, for a registry freed with its last copy (`appending`); nil for one
    /// kept for the process. Only such a registry's copies write its reference count.
    private let owner: Storage?
    /// What such a registry was made from (its base and the text its behaviours were read
    /// from), when the maker says: two made from the same are equal. Nil: equal only to its
    /// own copies.
    private let identity: String?

    /// Reads the storage in place, without retaining it.
    @inline(__always)
    func read<R>(_ body: (Storage) -> R) -> R { box._withUnsafeGuaranteedRef(body) }

    /// A registry of `entries`, in order. At most `maxBehaviours` (the rest are left out).
    /// Its storage is never freed: make a registry once and keep it (`with(_:)` keeps the
    /// ones it makes).
    public init(_ entries: [BehaviourEntry]) {
        box = Unmanaged.passRetained(Storage(Array(entries.prefix(BehaviourRegistry.maxBehaviours))))
        owner = nil
        identity = nil
    }

    /// A registry of `entries` whose storage its copies own: freed with the last of them.
    private init(owning entries: [BehaviourEntry], identity: String?) {
        let storage = Storage(Array(entries.prefix(BehaviourRegistry.maxBehaviours)))
        box = Unmanaged.passUnretained(storage)
        owner = storage
        self.identity = identity
    }

    /// This registry with `more` after its behaviours: a new registry, freed with its last
    /// copy (made per file that declares behaviours, and per behaviour typed at the REPL, so
    /// it must not outlive them: the language server checks a file at every keystroke).
    /// `identity`: what `more` was made from (a file's text): registries appended to the
    /// same base from the same identity are equal (two checks of one file compare equal).
    public func appending(_ more: [BehaviourEntry], identity: String? = nil) -> BehaviourRegistry {
        BehaviourRegistry(owning: entries + more, identity: identity.map { "\(box.toOpaque())\u{0}\($0)" })
    }

    /// Whether it is freed with its last copy (`appending`): a cache that kept it would keep
    /// a file's declarations alive after the file is gone.
    public var isFreedWithItsCopies: Bool { owner != nil }

    public static func == (a: BehaviourRegistry, b: BehaviourRegistry) -> Bool {
        if a.box.toOpaque() == b.box.toOpaque() { return true }
        guard let x = a.identity, let y = b.identity else { return false }
        return x == y
    }

    public var entries: [BehaviourEntry] { read { $0.entries } }
    public var count: Int { read { $0.entries.count } }
    public var ids: [BehaviourID] { read { $0.entries.indices.map { BehaviourID($0) } } }

    public func declaration(_ id: BehaviourID) -> BehaviourDeclaration { read { $0.entries[id.index].declaration } }

    // Parts of one declaration, read in place. Every scenario's check and world read these:
    // a copy of a whole declaration touches the reference counts of its every name and
    // table, counts that every thread of a run shares.

    /// Behaviour `id`'s conditions on the scene's other words.
    public func conditions(of id: BehaviourID) -> [ConfigCondition] { read { $0.entries[id.index].declaration.conditions } }

    /// The behaviours with `conditions` or `reads`, in registration order: the only ones
    /// the checker looks at once a scenario's configuration is complete (every scenario).
    public var ruledIDs: [BehaviourID] { read { $0.ruled } }

    /// (v1.5) The observables of the world behaviour `id` reads (a declared body's).
    public func reads(of id: BehaviourID) -> [WorldRead] { read { $0.entries[id.index].declaration.reads } }

    /// How configuration turns behaviour `id` on (its word, or options of another's).
    public func configuration(of id: BehaviourID) -> ConfigurationForm { read { $0.entries[id.index].declaration.configuration } }

    /// The views behaviour `id` declares.
    public func views(of id: BehaviourID) -> [ViewDeclaration] { read { $0.entries[id.index].declaration.views } }

    /// How many options behaviour `id` declares.
    public func optionCount(of id: BehaviourID) -> Int { read { $0.optionCounts[id.index] } }

    /// The behaviour whose word behaviour `id` adds options to (`parallax` is the header's);
    /// nil when it has a word of its own, is declared with `use`, or its host's word is not
    /// registered.
    public func host(of id: BehaviourID) -> BehaviourID? { read { $0.hosts[id.index] } }

    /// The events behaviour `id` listens to.
    public func events(of id: BehaviourID) -> BehaviourEvents { read { $0.listens[id.index] } }

    /// Makes behaviour `id` for a world.
    public func make(_ id: BehaviourID, _ setup: BehaviourSetup, _ adjustments: inout Adjustments) -> any Behaviour {
        read { $0.entries[id.index].make }(setup, &adjustments)
    }

    public func view(_ v: ViewID) -> ViewDeclaration { read { $0.entries[v.behaviour.index].declaration.views[v.view] } }

    /// The view named `name` (`header`, `toolbar.zone`), if a behaviour declares one.
    public func view(named name: String) -> ViewID? {
        for id in ids {
            if let k = views(of: id).firstIndex(where: { $0.name == name }) { return ViewID(id, k) }
        }
        return nil
    }
}
