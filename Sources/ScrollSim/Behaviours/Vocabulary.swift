// The vocabulary of a registry: every observable, tunable, configuration word and view,
// the core's and the behaviours', derived once from the declarations. The checker, the
// interpreter, the REPL, the language server, traces, pictures and the editor grammars
// read these tables; nothing else lists names.

/// An observable as the vocabulary knows it.
public struct ObservableInfo: Sendable {
    public let id: ObservableID
    /// As written, subscript placeholders removed: `header.y`, `section.y`.
    public let name: String
    public let kind: ValueKind
    public let subscriptForm: Subscript
    public let summary: String
    /// The REPL's change line: smaller first; nil: not shown there.
    public let prominence: Int?
    public let trace: TraceDefault
    public let plotted: Bool
    /// The behaviour that declares it; nil for the core's.
    public let owner: BehaviourID?
    /// The behaviour whose word must be written for it to be read (the owner, or the
    /// owner's host: `header.image.y` needs `header`); nil for the core's.
    public let requires: BehaviourID?

    /// As a user writes it: `section[I].y`, `header.y`.
    public var displayName: String { subscriptForm.displayName(name) }

    /// The member after the subscript (`y` of `section[I].y`), nil for a plain name.
    public var member: String? { subscriptForm.member(name) }
}

/// A tunable as the vocabulary knows it.
public struct TunableInfo: Sendable {
    public let id: TunableID
    /// As written: `row.height`, `toolbar.duration`.
    public let name: String
    /// `.quantity(q)`, or `.bool` (stored as 1/0).
    public let kind: ValueKind
    public let defaultValue: Double
    public let range: TunableRange
    public let summary: String
    public let namedValues: [(name: String, value: Double)]
    /// The behaviour that declares it; nil for the core's.
    public let owner: BehaviourID?
}

/// A configuration word as the vocabulary knows it: its owner, its argument, and every
/// option of it, its owner's and those other behaviours add.
public struct ConfigWordInfo: Sendable {
    // One shared object, not a struct of names and tables: the parser, the checker and
    // lowering copy a word's info for every configuration statement, on every thread of a
    // run, and a copy retains what it holds. One reference count is written, not eight.
    private struct Fields {
        let word: String
        let owner: BehaviourID
        let argument: ConfigArgument?
        let options: [(option: ConfigOption, owner: BehaviourID, index: Int)]
        let members: [BehaviourID]
        let noun: String
        let usage: String
        let summary: String
    }
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
    private let box: Box

    init(word: String, owner: BehaviourID, argument: ConfigArgument?,
         options: [(option: ConfigOption, owner: BehaviourID, index: Int)], members: [BehaviourID],
         noun: String, usage: String, summary: String) {
        box = Box(Fields(word: word, owner: owner, argument: argument, options: options, members: members,
                         noun: noun, usage: usage, summary: summary))
    }

    public var word: String { box.fields.word }
    public var owner: BehaviourID { box.fields.owner }
    public var argument: ConfigArgument? { box.fields.argument }
    /// Every option: the owner's in order, then each adding behaviour's in registration order.
    public var options: [(option: ConfigOption, owner: BehaviourID, index: Int)] { box.fields.options }
    /// The behaviours the word declares: its owner and those that add options to it.
    public var members: [BehaviourID] { box.fields.members }
    /// "a header", "a toolbar" (without the article).
    public var noun: String { box.fields.noun }
    /// What messages suggest adding: `header H`, `toolbar`.
    public var usage: String { box.fields.usage }
    public var summary: String { box.fields.summary }

    /// The word's form: `header H [pin P] [nostretch] [parallax F] [toggle H2]`.
    public var form: String {
        var s = word
        if let a = argument { s += a.defaultValue == nil ? " \(a.placeholder)" : " [\(a.placeholder)]" }
        for o in options { s += " [" + o.option.word + (o.option.argument.map { " " + $0.placeholder } ?? "") + "]" }
        return s
    }

    /// Its options' words, in order.
    public var optionWords: [String] { options.map { $0.option.word } }
}

/// What a plain name in an expression stands for.
public enum NameRef: Equatable, Sendable {
    case observable(ObservableID)
    case tunable(TunableID)
    /// A state name (`hidden`, `idle`).
    case state(StateID)
}

/// `NameRef` as a plain value: a state by its family and its place in it (its name is the
/// word looked up). What the checker asks of every name an expression reads: a `NameRef`
/// of a state holds its name, a String that every copy retains and every drop releases.
public enum PlainNameRef: Equatable, Sendable {
    case observable(ObservableID)
    case tunable(TunableID)
    case state(StateFamilyID, index: Int)
}

/// The tables, built once per registry.
struct VocabularyTables: Sendable {
    var observables: [ObservableInfo] = []
    /// Behaviour b's observables, in declaration order.
    var behaviourObservables: [[ObservableInfo]] = []
    /// Their kinds as plain values (`observablePlainKind`: nothing to copy but an enum).
    var behaviourObservableKinds: [[PlainKind]] = []
    var tunables: [TunableInfo] = []
    var behaviourTunables: [[TunableInfo]] = []
    var configWords: [ConfigWordInfo] = []
    /// Every plain name (observables first, then tunables, then states: the first wins):
    /// the one table of names (`registry.resolve`; the checker, the lexicon and the
    /// language server read it, and lowering reads the checker's resolution).
    var names = PackedNameTable<NameRef>([])
    /// The same table with plain values (`resolvePlain`).
    var plainNames = PackedNameTable<PlainNameRef>([])
    var wordsByName: [String: Int] = [:]
    /// `wordsByName` as a packed table (`configWord(named:)`: the parser and the checker ask
    /// it of every configuration word of every scenario; no String hashing).
    var wordTable = PackedNameTable<Int>([])
    /// The behaviours declared with `use NAME`, by name, and their names in registration order.
    var usedByName: [String: BehaviourID] = [:]
    var usedNames: [String] = []
    /// `phase`, then each behaviour's state family, in registration order.
    var families: [StateFamily] = [.phase]
    /// Each behaviour's family, nil for one without states.
    var behaviourFamilies: [StateFamily?] = []
    /// Every state name once, in family order.
    var stateNames: [String] = []

    init(_ entries: [BehaviourEntry]) {
        for c in CoreObservable.allCases {
            observables.append(ObservableInfo(id: .core(c), name: c.rawValue, kind: c.kind, subscriptForm: c.subscriptForm,
                                              summary: c.summary, prominence: c.prominence, trace: c.traced ? .always : .never,
                                              plotted: c == .offset, owner: nil, requires: nil))
        }
        for c in CoreTunable.allCases {
            tunables.append(TunableInfo(id: .core(c), name: c.rawValue, kind: c.kind, defaultValue: c.defaultValue,
                                        range: c.range, summary: c.summary, namedValues: c.namedValues, owner: nil))
        }
        // Words first: an observable's requirement is its word's owner.
        for (b, e) in entries.enumerated() {
            guard case .word(let w) = e.declaration.configuration, wordsByName[w.word] == nil else { continue }
            let owner = BehaviourID(b)
            var options = w.options.enumerated().map { (option: $0.element, owner: owner, index: $0.offset) }
            var members = [owner]
            for (a, other) in entries.enumerated() where a != b {
                guard case .options(let host, let added) = other.declaration.configuration, host == w.word else { continue }
                options += added.enumerated().map { (option: $0.element, owner: BehaviourID(a), index: $0.offset) }
                members.append(BehaviourID(a))
            }
            wordsByName[w.word] = configWords.count
            configWords.append(ConfigWordInfo(word: w.word, owner: owner, argument: w.argument, options: options,
                                              members: members.sorted(), noun: w.noun, usage: w.usage, summary: w.summary))
        }
        for (b, e) in entries.enumerated() {
            let d = e.declaration
            let id = BehaviourID(b)
            if d.isUsed && usedByName[d.name] == nil {
                usedByName[d.name] = id
                usedNames.append(d.name)
            }
            var family: StateFamily?
            if !d.states.isEmpty {
                let observable = d.observables.first { $0.kind == .state }.map { d.namespace + "." + $0.name } ?? d.namespace
                family = StateFamily(id: .behaviour(id), name: d.namespace, observable: observable, names: d.states)
                families.append(family!)
            }
            behaviourFamilies.append(family)
            let requires = wordsByName[d.word].map { configWords[$0].owner } ?? id
            var obs: [ObservableInfo] = []
            for (k, o) in d.observables.enumerated() {
                let kind: ValueKind
                switch o.kind {
                case .quantity(let q): kind = .quantity(q)
                case .bool: kind = .bool
                case .state: kind = family.map { .state($0) } ?? .string
                case .string: kind = .string
                case .rect: kind = .rect
                }
                obs.append(ObservableInfo(id: .behaviour(id, k), name: d.namespace + "." + o.name, kind: kind, subscriptForm: .none,
                                          summary: o.summary, prominence: o.prominence, trace: o.trace, plotted: o.plotted,
                                          owner: id, requires: requires))
            }
            behaviourObservables.append(obs)
            behaviourObservableKinds.append(obs.map { $0.kind.plain })
            observables += obs
            var tun: [TunableInfo] = []
            for (k, t) in d.tunables.enumerated() {
                let kind: ValueKind
                if case .quantity(let q) = t.kind { kind = .quantity(q) } else { kind = .bool }
                tun.append(TunableInfo(id: .behaviour(id, k), name: d.namespace + "." + t.name, kind: kind, defaultValue: t.defaultValue,
                                       range: t.range, summary: t.summary, namedValues: t.namedValues, owner: id))
            }
            behaviourTunables.append(tun)
            tunables += tun
        }
        // A bare state word alone reads in the first family that has it; compared with a
        // state, in that state's family (the checker sees to it). A later entry of the
        // same name wins: a tunable over a state, an observable over both.
        var entries: [(String, NameRef)] = []
        var seenStates = Set<String>()
        for f in families {
            for s in f.states where seenStates.insert(s.name).inserted {
                entries.append((s.name, .state(s)))
                stateNames.append(s.name)
            }
        }
        for t in tunables { entries.append((t.name, .tunable(t.id))) }
        for o in observables where o.subscriptForm == .none { entries.append((o.name, .observable(o.id))) }
        names = PackedNameTable(entries)
        wordTable = PackedNameTable(wordsByName.map { ($0.key, $0.value) })
        plainNames = PackedNameTable(entries.map { name, ref in
            switch ref {
            case .observable(let o): return (name, PlainNameRef.observable(o))
            case .tunable(let t): return (name, PlainNameRef.tunable(t))
            case .state(let s): return (name, PlainNameRef.state(s.family, index: s.index))
            }
        })
    }
}

extension BehaviourRegistry {
    /// Every observable, in table order: the core's, then each behaviour's in registration order.
    public var observables: [ObservableInfo] { read { $0.vocabulary.observables } }

    /// Every tunable, in table order: the core's, then each behaviour's.
    public var tunables: [TunableInfo] { read { $0.vocabulary.tunables } }

    /// Every configuration word a behaviour owns, in registration order.
    public var configWords: [ConfigWordInfo] { read { $0.vocabulary.configWords } }

    public func observable(_ id: ObservableID) -> ObservableInfo {
        switch id {
        case .core(let c): return read { $0.vocabulary.observables[CoreObservable.allCases.firstIndex(of: c) ?? 0] }
        case .behaviour(let b, let k): return read { $0.vocabulary.behaviourObservables[b.index][k] }
        }
    }

    /// `observable(id).kind`, without copying the rest of its info (the checker asks it of
    /// every name an expression reads).
    public func observableKind(_ id: ObservableID) -> ValueKind {
        switch id {
        case .core(let c): return c.kind
        case .behaviour(let b, let k): return read { $0.vocabulary.behaviourObservables[b.index][k].kind }
        }
    }

    /// `observableKind(id).plain`, with no family made or copied: what the checker types a
    /// name with.
    public func observablePlainKind(_ id: ObservableID) -> PlainKind {
        switch id {
        case .core(let c): return c.plainKind
        case .behaviour(let b, let k): return read { $0.vocabulary.behaviourObservableKinds[b.index][k] }
        }
    }

    public func tunable(_ id: TunableID) -> TunableInfo {
        switch id {
        case .core(let c): return read { $0.vocabulary.tunables[c.index] }
        case .behaviour(let b, let k): return read { $0.vocabulary.behaviourTunables[b.index][k] }
        }
    }

    /// What a plain name stands for (an observable, then a tunable, then a state).
    public func resolve(_ name: String) -> NameRef? { read { $0.vocabulary.names.find(name) } }

    /// `resolve(name)` as a plain value (a state by family and place: its name is `name`).
    public func resolvePlain(_ name: String) -> PlainNameRef? { read { $0.vocabulary.plainNames.find(name) } }

    /// The plain observable named `name`.
    public func plainObservable(named name: String) -> ObservableID? {
        if case .observable(let id)? = resolve(name) { return id }
        return nil
    }

    /// The tunable named `name` (no plain observable shares a tunable's name: a behaviour's
    /// declaration may not, and `row.height` the observable is written `row[I,J].height`).
    public func tunable(named name: String) -> TunableID? {
        if case .tunable(let id)? = resolve(name) { return id }
        return nil
    }

    public func configWord(named word: String) -> ConfigWordInfo? {
        read { v in v.vocabulary.wordTable.find(word).map { v.vocabulary.configWords[$0] } }
    }

    /// The behaviour a name needs that `config` does not declare (the owner of the word to
    /// write: `header` for `header.image.y`), nil when it can be read in `config`: the one
    /// question "is there a header/toolbar?" every consumer asks.
    public func missing(for id: ObservableID, in config: SceneConfig) -> BehaviourID? {
        guard case .behaviour(let b, _) = id else { return nil }
        return config.declares(b) ? nil : observable(id).requires
    }

    /// `missing(for:in:)` for a view (`tap toolbar`).
    public func missing(for v: ViewID, in config: SceneConfig) -> BehaviourID? {
        if config.declares(v.behaviour) { return nil }
        return configWord(named: declaration(v.behaviour).word)?.owner ?? v.behaviour
    }

    /// `phase`, then each behaviour's state family, in registration order.
    public var stateFamilies: [StateFamily] { read { $0.vocabulary.families } }

    /// Every state name once, in family order (`idle` of `phase` and of `refresh.state` once).
    public var stateNames: [String] { read { $0.vocabulary.stateNames } }

    /// The family `id` names.
    public func family(_ id: StateFamilyID) -> StateFamily {
        switch id {
        case .phase: return .phase
        case .behaviour(let b): return read { $0.vocabulary.behaviourFamilies[b.index] ?? .phase }
        }
    }

    /// The families that have a state named `name`, in order.
    public func families(having name: String) -> [StateFamily] {
        read { $0.vocabulary.families }.filter { $0.names.contains(name) }
    }

    /// The configuration word of behaviour `b` (its own, or the one it adds options to); nil
    /// for a behaviour declared with `use`.
    public func word(of b: BehaviourID) -> ConfigWordInfo? { configWord(named: declaration(b).word) }

    /// The behaviour `use name` declares, nil when none is registered by that name.
    public func used(named name: String) -> BehaviourID? { read { $0.vocabulary.usedByName[name] } }

    /// The names `use` takes, in registration order (empty with the built-ins alone).
    public var usedNames: [String] { read { $0.vocabulary.usedNames } }

    /// How messages name what behaviour `b` makes (`toolbar`, `header`, a user's noun): its
    /// word's noun.
    public func noun(of b: BehaviourID) -> String { word(of: b)?.noun ?? declaration(b).noun }

    /// The shortest configuration that declares behaviour `b`, as messages suggest it
    /// (`toolbar`, `header H`, `use fade`).
    public func usage(of b: BehaviourID) -> String { word(of: b)?.usage ?? declaration(b).word }
}

extension ObservableInfo: Equatable {
    public static func == (a: ObservableInfo, b: ObservableInfo) -> Bool { a.id == b.id && a.name == b.name }
}

extension TunableInfo: Equatable {
    public static func == (a: TunableInfo, b: TunableInfo) -> Bool { a.id == b.id && a.name == b.name }
}
