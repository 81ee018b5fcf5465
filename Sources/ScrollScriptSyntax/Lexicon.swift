// The language's words for one registry of behaviours: the grammar's statement keywords
// (`GrammarWord`) with the behaviours' configuration words among them, what follows each,
// the targets of `tap`, and every plain name an expression reads. Built once per registry
// (`Lexicon.of`); the parser, the checker, completion, the language server and the editor
// grammars read it. It also holds what reads a statement with an error as a first guess
// (`guesser`, given by the Check stage: `Lexicon.builtIn` and `Lexicon.of` there).
import ScrollSim

public final class Lexicon: Sendable {
    public let registry: BehaviourRegistry
    /// Every statement keyword: the grammar's, with the configuration words of the
    /// behaviours after `fps` (in registration order).
    public let statementKeywords: [String]
    /// A statement keyword's form and what it does, for editor hovers.
    public let statementSummaries: [String: String]
    /// Words that may follow a statement keyword (`header 240 pin 60` → `pin`), for completion.
    public let followers: [String: [String]]
    /// What `tap` takes by name: `header`, `row`, then the behaviours' targetable views.
    public let tapTargets: [String]
    /// Every plain name an expression may hold: observables, tunables, states, true/false.
    public let plainNames: [String]
    /// The behaviours' configuration words.
    public let configurationWords: [String]
    /// Every option word of a configuration word.
    public let optionWords: [String]
    /// What the parser asks for a first guess at a statement with an error; nil: the
    /// parser makes none.
    public let guesser: (any StatementGuessing)?

    /// The words of `registry`'s behaviours, with `guesser` for the parser's first guesses.
    public init(_ registry: BehaviourRegistry, guesser: (any StatementGuessing)? = nil) {
        self.registry = registry
        self.guesser = guesser
        configurationWords = registry.configWords.map { $0.word }
        var keywords: [String] = []
        for w in GrammarWord.statements {
            keywords.append(w.spelling)
            if w == .fps { keywords += configurationWords }
        }
        statementKeywords = keywords
        var summaries: [String: String] = [:]
        var followers: [String: [String]] = [:]
        for w in GrammarWord.statements {
            if let s = w.summary { summaries[w.spelling] = s }
            if !w.followers.isEmpty { followers[w.spelling] = w.followers.map { $0.spelling } }
        }
        var options: [String] = []
        for c in registry.configWords {
            summaries[c.word] = c.form + " — " + c.summary
            if !c.options.isEmpty { followers[c.word] = c.optionWords }
            for o in c.optionWords where !options.contains(o) { options.append(o) }
        }
        optionWords = options
        // `use NAME`: the behaviours registered by name (none in the plain tool).
        if !registry.usedNames.isEmpty { followers[GrammarWord.use.spelling] = registry.usedNames }
        var targets = [GrammarWord.header.spelling, GrammarWord.row.spelling]
        for id in registry.ids {
            for v in registry.declaration(id).views where v.targetable && !targets.contains(v.name) { targets.append(v.name) }
        }
        tapTargets = targets
        followers[GrammarWord.tap.spelling] = targets
        // `tap`'s form names the behaviours' views it aims at (`tap toolbar`).
        let views = targets.dropFirst(2).map { GrammarWord.tap.spelling + " " + $0 }
        summaries[GrammarWord.tap.spelling] = (["tap header [I|\"TITLE\"]", "tap row I J"] + views + ["tap X Y"])
            .joined(separator: " | ") + " — a tap on a view or a screen point (takes no time)"
        self.followers = followers
        statementSummaries = summaries
        let plainObservables = registry.observables.filter { $0.subscriptForm == .none }.map { $0.name }
        let tunables = registry.tunables.map { $0.name }
        plainNames = plainObservables + tunables + registry.stateNames + [GrammarWord.true.spelling, GrammarWord.false.spelling]
    }

    /// What a plain name stands for (an observable, then a tunable, then a state): the
    /// registry's one table of names.
    @inline(__always)
    public func resolve(_ name: String) -> NameRef? { registry.resolve(name) }

    /// The names after `set`, in table order.
    public var tunableNames: [String] { registry.tunables.map { $0.name } }

    /// The first words of the built-in names: observables, tunables and views (`toolbar`,
    /// `header`, `screen`, `tap`, ...). No declared behaviour may be named so (spec §9).
    package static let builtInHeads: Set<String> = {
        let r = BehaviourRegistry.builtIn
        var names = r.observables.map { $0.name } + r.tunables.map { $0.name }
        for id in r.ids { names += r.declaration(id).views.map { $0.name } }
        return Set(names.map { n in String(n.split(separator: ".").first ?? Substring(n)) })
    }()

    /// Whether `tap NAME` alone is a tap of a view by its name, resolved by the checker: a
    /// target this lexicon holds, or a name that is no plain name and does not start with a
    /// built-in's word (`tap fade.title` whatever the registry, `tap buton`); otherwise
    /// NAME is an X (`tap offset` lacks its Y) and the parser says so as before.
    public func tapsByName(_ name: String) -> Bool {
        if tapTargets.contains(name) { return true }
        if plainNames.contains(name) { return false }
        let head = String(name.split(separator: ".").first ?? Substring(name))
        return !Lexicon.builtInHeads.contains(head)
    }

    /// Members after `section[I].` or `row[I,J].` (none for `.none`), in table order.
    public static func members(of form: Subscript) -> [String] {
        CoreObservable.allCases.filter { $0.subscriptForm == form }.compactMap { $0.member }
    }
}
