import ScrollSim

/// The words completion offers (the REPL's tab completion and the language server's). Observable, tunable and state names come from the one
/// table in `ScrollSim/Names.swift`; statement words and the words that follow them from
/// the grammar's one table of words (`GrammarWord`, `Sources/ScrollScript/Syntax/Token.swift`).
public struct ReplVocabulary: Equatable, Sendable {
    /// Words that start a statement (`pull`, `expect`, `header`, ...).
    public var statementWords: [String]
    /// Words that may follow a given statement word (`header 240 pin 60` → `pin`).
    public var followWords: [String: [String]]
    /// Statement words whose arguments are expressions (`expect`, `print`).
    public var expressionStatements: [String]
    /// Words that may appear in an expression besides names (`and`, `true`).
    public var expressionWords: [String]

    public init(statementWords: [String], followWords: [String: [String]],
                expressionStatements: [String], expressionWords: [String]) {
        self.statementWords = statementWords
        self.followWords = followWords
        self.expressionStatements = expressionStatements
        self.expressionWords = expressionWords
    }

    /// The front end's statement keywords, and the words that follow some of them.
    public static let standard = ReplVocabulary(
        statementWords: statementKeywords,
        followWords: {
            var t: [String: [String]] = [:]
            for w in GrammarWord.statements where !w.followers.isEmpty { t[w.spelling] = w.followers.map { $0.spelling } }
            return t
        }(),
        expressionStatements: [GrammarWord.expect, .print].map { $0.spelling },
        expressionWords: [GrammarWord.and, .or, .not, .true, .false, .within].map { $0.spelling }
    )

    /// Names an expression can read that need no subscript: `offset`, `header.height`,
    /// and every tunable (`row.height`, `deceleration`).
    public var plainNames: [String] {
        Vocabulary.plainObservableNames + Vocabulary.tunableNames + StateSet.allNames
    }

    /// Members after `section[I].` (y height open rows title frame), in table order.
    public var sectionMembers: [String] {
        Vocabulary.sectionMembers
    }

    /// Members after `row[I,J].` (y height visible title frame), in table order.
    public var rowMembers: [String] {
        Vocabulary.rowMembers
    }

    /// Names after `set`.
    public var tunableNames: [String] {
        Vocabulary.tunableNames
    }

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
