// Completion for the REPL's Tab and the language server alike: from the words of the
// statement before the cursor, which list the word being typed comes from
// (`Completions.place`), and that list's candidates, each with its kind and a line about it.
// The front ends only split text into words (the REPL a line's bytes, the server the
// document's tokens) and show the candidates (readline words; LSP CompletionItems).

import ScrollSim

/// One word completion can offer.
public struct CompletionCandidate: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case keyword, variable, property, function, value, state
    }
    public var label: String
    public var kind: Kind
    /// A line about it (the editor shows it beside the label).
    public var detail: String
    /// Markdown, when there is more to say.
    public var documentation: String?
}

/// Which list the word being typed comes from.
package enum CompletionPlace: Equatable {
    /// The first word of a statement.
    case statementStart
    /// The words that may follow the statement word (`header 240 pin`, `tap header`).
    case followers(of: String)
    /// After `set`.
    case tunable
    /// After `tap header`: the sections with a header view, by index and by title.
    case tapHeader
    /// After `tap row`: the sections.
    case tapRowSection
    /// After `tap row I`: the rows of section I.
    case tapRow(section: Int)
    /// After `NAME ==` or `NAME !=` where NAME is a state observable: its family's states.
    case states(StateFamily)
    /// An expression: names, functions, `let` names and the expression words; with
    /// `followersOf`, the statement word's followers too (`expect within`).
    case expression(followersOf: String?)
    /// Nothing is offered (the name a `let` binds, a tap target already given).
    case nothing
}

/// The completion engine over one registry's words.
package struct Completions {
    package let lexicon: Lexicon
    package let vocabulary: CompletionVocabulary

    package init(_ lexicon: Lexicon) {
        self.lexicon = lexicon
        vocabulary = CompletionVocabulary(lexicon)
    }

    package var registry: BehaviourRegistry { lexicon.registry }

    /// Where the word being typed stands: `words` are the statement's words before it,
    /// `compared` the name just left of a trailing `==`/`!=` (nil when there is none).
    package func place(words: [String], compared: String?) -> CompletionPlace {
        if let family = stateFamily(compared: compared) { return .states(family) }
        guard let head = words.first else { return .statementStart }
        let tap = GrammarWord.tap.spelling
        if head == GrammarWord.set.spelling && words.count == 1 { return .tunable }
        if head == tap {
            if words.count == 1 { return .followers(of: tap) }
            if words == [tap, GrammarWord.header.spelling] { return .tapHeader }
            if words == [tap, GrammarWord.row.spelling] { return .tapRowSection }
            if words.count == 3, words[1] == GrammarWord.row.spelling, let i = Int(words[2]) { return .tapRow(section: i) }
            // Never the target words again (accepting one gave `tap header header`).
            return .nothing
        }
        if head == GrammarWord.let.spelling {
            // The name being bound is new; after `=` an expression.
            return words.contains { $0.contains("=") } ? .expression(followersOf: nil) : .nothing
        }
        if vocabulary.expressionStatements.contains(head) || lexicon.resolve(head) != nil {
            // `expect ...`, `print ...`, and an expression statement (`offset + ...`).
            return .expression(followersOf: words.count == 1 ? head : nil)
        }
        if vocabulary.followWords[head] != nil { return .followers(of: head) }
        return .nothing
    }

    /// The states `compared` compares with, when it is a state observable (`toolbar.state`).
    package func stateFamily(compared: String?) -> StateFamily? {
        guard let compared, case .observable(let id)? = lexicon.resolve(compared),
              case .state(let family) = registry.observable(id).kind else { return nil }
        return family
    }

    // MARK: - The lists

    /// The words that start a statement.
    package func statementWords() -> [CompletionCandidate] {
        vocabulary.statementWords.map {
            CompletionCandidate(label: $0, kind: .keyword, detail: "statement", documentation: lexicon.statementSummaries[$0])
        }
    }

    /// The words that may follow `head`.
    package func followers(of head: String) -> [CompletionCandidate] {
        (vocabulary.followWords[head] ?? []).map { CompletionCandidate(label: $0, kind: .keyword, detail: "\(head) \($0)", documentation: nil) }
    }

    package func tunables() -> [CompletionCandidate] {
        registry.tunables.map { tunableCandidate($0) }
    }

    /// Names an expression reads: the observables (with `scene`, only those of the views it
    /// declares), the subscripted forms, the tunables, the states, the functions and `lets`.
    package func expressionNames(scene: SceneConfig?, lets: [CompletionCandidate]) -> [CompletionCandidate] {
        var out: [CompletionCandidate] = []
        for o in registry.observables where o.subscriptForm == .none && (scene.map { registry.missing(for: o.id, in: $0) == nil } ?? true) {
            out.append(observableCandidate(o, label: o.name))
        }
        out.append(CompletionCandidate(label: Subscript.section.base + "[", kind: .variable, detail: "section[I].MEMBER", documentation: "section I's header view: " + members(.section)))
        out.append(CompletionCandidate(label: Subscript.row.base + "[", kind: .variable, detail: "row[I,J].MEMBER", documentation: "row J of section I: " + members(.row)))
        out += tunables()
        for s in registry.stateNames {
            let families = registry.families(having: s).map { $0.name }.joined(separator: ", ")
            out.append(CompletionCandidate(label: s, kind: .state, detail: "a state (\(families))", documentation: nil))
        }
        out += BuiltinFunction.allCases.map {
            CompletionCandidate(label: $0.rawValue + "(", kind: .function, detail: $0.signature, documentation: $0.summary)
        }
        return out + lets
    }

    /// A name bound by `let` (`statement`: its `let`, when known).
    package static func boundName(_ name: String, statement: Stmt?) -> CompletionCandidate {
        guard let s = statement else { return CompletionCandidate(label: name, kind: .variable, detail: "let", documentation: nil) }
        return CompletionCandidate(label: name, kind: .variable, detail: "let (line \(s.location.line))", documentation: "`\(statementHead(s.kind))`")
    }

    /// `and`, `or`, `not`, `true`, `false`, `within`.
    package func expressionWords() -> [CompletionCandidate] {
        vocabulary.expressionWords.map { CompletionCandidate(label: $0, kind: .keyword, detail: "expression word", documentation: nil) }
    }

    package func states(_ family: StateFamily) -> [CompletionCandidate] {
        family.names.map { CompletionCandidate(label: $0, kind: .state, detail: "a state (\(family.name))", documentation: nil) }
    }

    /// The members after `section[I].` or `row[I,J].`.
    package func members(of form: Subscript) -> [CompletionCandidate] {
        registry.observables.compactMap { o in
            guard o.subscriptForm == form, let m = o.member else { return nil }
            return observableCandidate(o, label: m)
        }
    }

    /// The sections of `config` by index (`titledOnly`: those with a header view, the ones
    /// `tap header I` takes), at most `limit`.
    package func sectionIndexes(_ config: SceneConfig, titledOnly: Bool, limit: Int = Int.max) -> [CompletionCandidate] {
        var out: [CompletionCandidate] = []
        let sections = config.effectiveSections
        for i in sections.indices where !titledOnly || sections[i].title != nil {
            let s = sections[i]
            let name = s.title.map { quoteString($0) } ?? "untitled"
            out.append(CompletionCandidate(label: String(i), kind: .value, detail: "section \(i): \(name), \(s.rowCount) row\(s.rowCount == 1 ? "" : "s")", documentation: nil))
            if out.count >= limit { break }
        }
        return out
    }

    /// The rows of section `section` by index (none when there is no such section), at most `limit`.
    package func rowIndexes(_ config: SceneConfig, section: Int, limit: Int = Int.max) -> [CompletionCandidate] {
        let sections = config.effectiveSections
        guard section >= 0, section < sections.count else { return [] }
        let titles = sections[section].rowTitles
        var out: [CompletionCandidate] = []
        for j in 0..<sections[section].rowCount {
            let title = j < titles.count ? ": " + quoteString(titles[j]) : ""
            out.append(CompletionCandidate(label: String(j), kind: .value, detail: "row \(j) of section \(section)\(title)", documentation: nil))
            if out.count >= limit { break }
        }
        return out
    }

    /// The section titles, quoted as a scenario writes them (`"山手線"`), each once.
    package func sectionTitles(_ config: SceneConfig) -> [CompletionCandidate] {
        var seen: Set<String> = []
        return config.effectiveSections.compactMap { s in
            guard let t = s.title, seen.insert(t).inserted else { return nil }
            let q = quoteString(t)
            return CompletionCandidate(label: q, kind: .value, detail: "the first section titled \(q)", documentation: nil)
        }
    }

    private func members(_ form: Subscript) -> String {
        Lexicon.members(of: form).joined(separator: ", ")
    }

    private func observableCandidate(_ o: ObservableInfo, label: String) -> CompletionCandidate {
        CompletionCandidate(label: label, kind: .variable, detail: "\(o.displayName): \(o.kind.displayName)", documentation: o.summary)
    }

    private func tunableCandidate(_ t: TunableInfo) -> CompletionCandidate {
        CompletionCandidate(label: t.name, kind: .property, detail: "tunable: \(t.kind.displayName), default \(Completions.tunableDefault(t))", documentation: t.summary)
    }

    /// A tunable's default as `set` writes it.
    package static func tunableDefault(_ t: TunableInfo) -> String {
        if t.kind == .bool { return t.defaultValue != 0 ? "true" : "false" }
        return numberText(t.defaultValue)
    }
}
