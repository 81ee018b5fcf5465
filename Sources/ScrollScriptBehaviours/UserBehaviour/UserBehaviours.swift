// Registering a user's behaviours (spec §8): each `ScrollBehaviour` type is checked — its
// name against every word the language and the built-ins use, its names against each other —
// and appended to the built-ins as one more behaviour of the registry every command reads.
// A problem is refused here, with a sentence saying which, before any scenario runs.
import Foundation

/// Why a behaviour could not be registered. `message` says which, in a sentence.
public enum BehaviourRegistrationProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is not one word of letters, digits and `_` starting with a letter.
    case badName(type: String, name: String)
    /// The name is a word the language or a built-in behaviour uses: `what` says which.
    case clashesWithBuiltIn(type: String, name: String, what: String)
    /// Two types declare the same name.
    case sameName(name: String, first: String, second: String)
    /// A name inside the declaration (`what`: tunable, observable, view, state, tap note) is
    /// not a dotted word (`start`, `image.y`).
    case badMemberName(behaviour: String, what: String, name: String)
    /// A name inside the declaration is declared twice (`what` as above).
    case sameMemberName(behaviour: String, what: String, name: String)
    /// A view's name is not the behaviour's name or `NAME.part`.
    case viewOutsideNamespace(behaviour: String, view: String)
    /// Two state observables with different cases.
    case twoStateFamilies(behaviour: String)
    /// A tunable's default is outside its range, or its range is empty or not finite.
    case badTunableRange(behaviour: String, tunable: String)
    /// More behaviours than a registry holds.
    case tooMany(count: Int, limit: Int)

    /// The refusal, in a sentence naming the type and the name.
    public var message: String {
        switch self {
        case .badName(let type, let name):
            return "\(type) declares the name '\(name)': a behaviour's name is one word of letters, digits and _, starting with a letter (it is the word of 'use NAME')"
        case .clashesWithBuiltIn(let type, let name, let what):
            return "\(type) declares the name '\(name)', which is \(what): choose another name"
        case .sameName(let name, let first, let second):
            return "\(first) and \(second) are both named '\(name)': each behaviour needs a name of its own"
        case .badMemberName(let behaviour, let what, let name):
            return "behaviour '\(behaviour)' declares the \(what) '\(name)': a name is words of letters, digits and _ joined by dots, each starting with a letter"
        case .sameMemberName(let behaviour, let what, let name):
            return "behaviour '\(behaviour)' declares the \(what) '\(name)' twice"
        case .viewOutsideNamespace(let behaviour, let view):
            return "behaviour '\(behaviour)' declares the view '\(view)': its views are named '\(behaviour)' or '\(behaviour).PART'"
        case .twoStateFamilies(let behaviour):
            return "behaviour '\(behaviour)' declares state observables with different cases: a behaviour has one family of states"
        case .badTunableRange(let behaviour, let tunable):
            return "behaviour '\(behaviour)' declares the tunable '\(tunable)' with a default outside its range (or a range that is empty or not finite)"
        case .tooMany(let count, let limit):
            return "\(count) behaviours are more than a registry holds (\(limit), the built-ins included)"
        }
    }

    /// `message`.
    public var description: String { message }
}

extension BehaviourRegistry {
    /// The built-in behaviours followed by `types`, in that order (the order every frame
    /// calls them). Throws `BehaviourRegistrationProblem` for a name that is not a word, a
    /// name the language or a built-in already uses (`toolbar`, `pull`, `offset`, `idle`,
    /// ...), two types of one name, and a declaration whose own names are wrong.
    public static func with(_ types: [any ScrollBehaviour.Type]) throws -> BehaviourRegistry {
        try BehaviourRegistry.builtIn.adding(types)
    }

    /// This registry followed by `types` (see `with(_:)`). The same types after the same
    /// registry give the same registry (this very one when `types` is empty): a registry
    /// lives as long as the process, and what is built once per registry (`Lexicon.of`) is
    /// found again.
    public func adding(_ types: [any ScrollBehaviour.Type]) throws -> BehaviourRegistry {
        if types.isEmpty { return self }
        let key = types.map { ObjectIdentifier($0) }
        if let made = MadeRegistries.shared.find(base: self, types: key) { return made }
        return MadeRegistries.shared.keep(base: self, types: key, try making(types))
    }

    private func making(_ types: [any ScrollBehaviour.Type]) throws -> BehaviourRegistry {
        var entries = self.entries
        var names: [String: String] = [:]
        let reserved = UserBehaviourNames(self)
        for type in types {
            let made = try UserBehaviourType.make(type)
            try made.check(against: reserved)
            if let first = names[made.name] {
                throw BehaviourRegistrationProblem.sameName(name: made.name, first: first, second: made.typeName)
            }
            names[made.name] = made.typeName
            entries.append(made.entry)
        }
        guard entries.count <= BehaviourRegistry.maxBehaviours else {
            throw BehaviourRegistrationProblem.tooMany(count: entries.count, limit: BehaviourRegistry.maxBehaviours)
        }
        return BehaviourRegistry(entries)
    }
}

/// The registries `adding` made, by what they were made of.
private final class MadeRegistries: @unchecked Sendable {
    static let shared = MadeRegistries()
    private let lock = NSLock()
    private var made: [(base: BehaviourRegistry, types: [ObjectIdentifier], registry: BehaviourRegistry)] = []

    func find(base: BehaviourRegistry, types: [ObjectIdentifier]) -> BehaviourRegistry? {
        lock.lock()
        defer { lock.unlock() }
        return made.first { $0.base == base && $0.types == types }?.registry
    }

    /// Keeps `registry` unless another thread made one of the same first: returns the kept one.
    func keep(base: BehaviourRegistry, types: [ObjectIdentifier], _ registry: BehaviourRegistry) -> BehaviourRegistry {
        lock.lock()
        defer { lock.unlock() }
        if let first = made.first(where: { $0.base == base && $0.types == types }) { return first.registry }
        made.append((base, types, registry))
        return registry
    }
}

/// The words a user behaviour may not be named: the grammar's, the built-in behaviours'
/// words and namespaces, the first word of every name of the scroll view and the table, the
/// states, and the functions.
package struct UserBehaviourNames {
    /// Each word and what it is, for the message.
    private var words: [String: String] = [:]

    package init(_ registry: BehaviourRegistry) {
        for w in GrammarWord.allCases where w != .other {
            words[w.spelling] = w.isStatement ? "a statement keyword ('\(w.spelling) ...')" : "a word of the language"
        }
        for id in registry.ids {
            let d = registry.declaration(id)
            if d.isUsed {
                words[d.name] = words[d.name] ?? "the name of a registered behaviour"
            } else {
                words[d.namespace] = words[d.namespace] ?? "the word of the built-in names '\(d.namespace).*'"
            }
        }
        for c in registry.configWords { words[c.word] = "the configuration word of a built-in behaviour ('\(c.usage)')" }
        for o in registry.observables where o.owner == nil {
            let first = String(o.name.split(separator: ".").first ?? "")
            words[first] = words[first] ?? "the first word of the built-in name '\(o.displayName)'"
        }
        for t in registry.tunables where t.owner == nil {
            let first = String(t.name.split(separator: ".").first ?? "")
            words[first] = words[first] ?? "the first word of the built-in tunable '\(t.name)'"
        }
        for s in registry.stateNames { words[s] = words[s] ?? "a state ('\(s)')" }
    }

    /// What `name` is, if the language or a built-in uses it.
    package func use(of name: String) -> String? { words[name] }

    /// One word of letters, digits and `_`, starting with a letter (ASCII, as the lexer's words).
    package static func isWord(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first, f.isASCII, f.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// Words joined by dots (`image.y`).
    package static func isDottedWord(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isWord(String($0)) }
    }
}
