import ScrollSim

/// The words completion offers (the REPL's tab completion and the language server's):
/// statement words and the words that follow them, observable, tunable and state names,
/// all from one registry's `Lexicon` (the grammar's words and the behaviours' declarations).
public struct ReplVocabulary: Equatable, Sendable {
    /// Words that start a statement (`pull`, `expect`, `header`, ...).
    public var statementWords: [String]
    /// Words that may follow a given statement word (`header 240 pin 60` → `pin`).
    public var followWords: [String: [String]]
    /// Statement words whose arguments are expressions (`expect`, `print`).
    public var expressionStatements: [String]
    /// Words that may appear in an expression besides names (`and`, `true`).
    public var expressionWords: [String]
    /// Names an expression can read that need no subscript: `offset`, `header.height`,
    /// every tunable (`row.height`, `deceleration`), and the states.
    public var plainNames: [String]
    /// Members after `section[I].` (y height open rows title frame), in table order.
    public var sectionMembers: [String]
    /// Members after `row[I,J].` (y height visible title frame), in table order.
    public var rowMembers: [String]
    /// Names after `set`.
    public var tunableNames: [String]
    /// The states a state observable compares with, by its name (`toolbar.state` →
    /// shown, hiding, hidden, showing): after `toolbar.state ==` only its family's.
    public var statesByObservable: [String: [String]]

    /// The words of `lexicon`'s registry.
    public init(_ lexicon: Lexicon) {
        statementWords = lexicon.statementKeywords
        followWords = lexicon.followers
        expressionStatements = [GrammarWord.expect, .print].map { $0.spelling }
        expressionWords = [GrammarWord.and, .or, .not, .true, .false, .within].map { $0.spelling }
        plainNames = lexicon.registry.observables.filter { $0.subscriptForm == .none }.map { $0.name }
            + lexicon.tunableNames + lexicon.registry.stateNames
        sectionMembers = Lexicon.members(of: .section)
        rowMembers = Lexicon.members(of: .row)
        tunableNames = lexicon.tunableNames
        var states: [String: [String]] = [:]
        for o in lexicon.registry.observables {
            if case .state(let family) = o.kind { states[o.name] = family.names }
        }
        statesByObservable = states
    }

    /// The built-in behaviours' words.
    public static let standard = ReplVocabulary(.builtIn)

    // The scene's sections and rows, for `tap header`, `tap row`, `section[`, `row[`: as
    // many as the table has (at most 10,000 sections and 100,000 rows, spec §3).

    /// The sections of `config` by index (`titledOnly`: those with a header view, the ones
    /// `tap header I` takes).
    static func sectionIndexes(_ config: SceneConfig, titledOnly: Bool) -> [Int] {
        let sections = config.effectiveSections
        return sections.indices.filter { !titledOnly || sections[$0].title != nil }
    }

    /// The rows of section `section` by index (none when there is no such section).
    static func rowIndexes(_ config: SceneConfig, section: Int) -> [Int] {
        let sections = config.effectiveSections
        guard section >= 0, section < sections.count else { return [] }
        return Array(0..<sections[section].rowCount)
    }

    /// The section titles, quoted as a scenario writes them (`"山手線"`), each once.
    static func sectionTitles(_ config: SceneConfig) -> [String] {
        var seen: Set<String> = []
        return config.effectiveSections.compactMap { s in
            guard let t = s.title, seen.insert(t).inserted else { return nil }
            return quoteString(t)
        }
    }
}
