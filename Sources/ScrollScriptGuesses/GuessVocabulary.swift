// The first guesses' words for one registry of behaviours: the core's tables
// (GuessTables.swift) with what each behaviour declares — its configuration word, options,
// namespace, states and views — and the synonyms it gives them (`BehaviourSynonyms`).
// Built once per lexicon (`GuessVocabulary.of`); no behaviour is named here, so a
// behaviour's `toolbar.isHidden` → `toolbar.state == hidden` comes from its state family
// and a user's behaviour gets the same readings.
import ScrollScriptSyntax
import ScrollSim
import Synchronization

package final class GuessVocabulary: Sendable {
    package let lexicon: Lexicon
    /// Other names of the views → the view (`cell` → `row`, `headerview` → `header`,
    /// `bottombar` → `toolbar`), by `guessKey`.
    package let views: [String: String]
    /// Names of other tools → the expression meant: the core's (`contentoffset` →
    /// `offset`) and each behaviour state's with its namespace (`toolbarhidden`,
    /// `istoolbarhidden`, `toolbarvisible` → `toolbar.state == ...`).
    package let names: [String: String]
    /// The words a view-and-state sentence may start with (`toolbar is hidden`, `section 0
    /// is open`): the core's and every behaviour's namespace.
    package let subjects: Set<String>
    /// Each behaviour's state family: its states' names and synonyms, by key → the state.
    private let stateWords: [StateFamilyID: [String: String]]
    /// Each namespace's properties by key (`hidden` → `toolbar.state == hidden`, `pinned` →
    /// `$.bottom == {pin}`), and the configuration word whose options `{OPTION}` reads.
    private let properties: [String: [String: String]]
    private let namespaceWords: [String: String]
    /// Each configuration word's fillers and its options' other words (key → option).
    private let fillers: [String: Set<String>]
    private let optionWords: [String: [String: String]]
    /// Each configuration word's example statement (`header 240 pin 60`, `toolbar`) and its
    /// options' values there.
    private let examples: [String: String]
    private let exampleOptions: [String: [String: Double]]
    /// The configuration a suggestion of the parser is checked in when the scenario's is
    /// not known: every word's example (each rule between words kept), and more sections
    /// than a scenario usually has.
    package let everyView: String

    package init(_ lexicon: Lexicon) {
        self.lexicon = lexicon
        let registry = lexicon.registry
        var views = GuessTables.views
        var names = GuessTables.names
        var subjects = GuessTables.subjects
        var stateWords: [StateFamilyID: [String: String]] = [:]
        var properties: [String: [String: String]] = [:]
        var namespaceWords: [String: String] = [:]
        for id in registry.ids {
            let d = registry.declaration(id)
            let ns = d.namespace
            subjects.insert(ns)
            if namespaceWords[ns] == nil { namespaceWords[ns] = d.word }
            for v in [ns + "view"] + d.synonyms.view where views[guessKey(v)] == nil { views[guessKey(v)] = ns }
            var props = properties[ns] ?? [:]
            if let family = registry.stateFamilies.first(where: { $0.id == .behaviour(id) }) {
                var words: [String: String] = [:]
                for s in family.names { words[guessKey(s)] = s }
                for (state, list) in d.synonyms.states where family.names.contains(state) {
                    for w in list where words[guessKey(w)] == nil { words[guessKey(w)] = state }
                }
                for (key, state) in words {
                    let meaning = family.observable + " == " + state
                    if props[key] == nil { props[key] = meaning }
                    for n in [guessKey(ns) + key, "is" + guessKey(ns) + key] where names[n] == nil { names[n] = meaning }
                }
                stateWords[family.id] = words
            }
            for (list, meaning) in d.synonyms.properties {
                for w in list where props[guessKey(w)] == nil { props[guessKey(w)] = meaning }
            }
            properties[ns] = props
        }
        var fillers: [String: Set<String>] = [:]
        var optionWords: [String: [String: String]] = [:]
        var examples: [String: String] = [:]
        var exampleOptions: [String: [String: Double]] = [:]
        var lines: [String] = []
        for c in registry.configWords {
            var f = Set<String>()
            var o: [String: String] = [:]
            for m in c.members { f.formUnion(registry.declaration(m).synonyms.fillers.map(guessKey)) }
            for option in c.options {
                o[guessKey(option.option.word)] = option.option.word
                for (word, list) in registry.declaration(option.owner).synonyms.options where word == option.option.word {
                    for w in list where o[guessKey(w)] == nil { o[guessKey(w)] = word }
                }
            }
            fillers[c.word] = f
            optionWords[c.word] = o
            var example = c.word
            if case .word(let w) = registry.declaration(c.owner).configuration, let e = w.example { example = e }
            examples[c.word] = example
            var values: [String: Double] = [:]
            if case .configure(let s)? = parseAsWritten(example, lexicon: lexicon).program.statements.first?.kind {
                for option in s.options { values[option.word] = option.argument.map { constValue($0)?.value } ?? 1 }
            }
            exampleOptions[c.word] = values
            lines.append(example)
        }
        // A rule between words (`refresh` needs the header's `nostretch`): the option added
        // to that word's example, so that every word can be declared at once.
        for id in registry.ids {
            for case .needsOption(let word, let option) in registry.declaration(id).conditions {
                guard let k = registry.configWords.firstIndex(where: { $0.word == word }),
                      registry.configWords[k].options.contains(where: { $0.option.word == option && $0.option.argument == nil }),
                      !lines[k].split(separator: " ").contains(Substring(option)) else { continue }
                lines[k] += " " + option
            }
        }
        lines.append("sections 100 rows 100")
        self.views = views
        self.names = names
        self.subjects = subjects
        self.stateWords = stateWords
        self.properties = properties
        self.namespaceWords = namespaceWords
        self.fillers = fillers
        self.optionWords = optionWords
        self.examples = examples
        self.exampleOptions = exampleOptions
        everyView = lines.joined(separator: "\n") + "\n"
    }

    /// The built-in behaviours' words, built once: those of the first lexicon of the
    /// built-in registry with a guesser asked for (the checker's `Lexicon.builtIn`, made
    /// once a process: this module is below the checker and cannot name it).
    private static let builtIn = Mutex<GuessVocabulary?>(nil)

    /// The words of `lexicon` (the built-in one's are built once; another's are built here).
    package static func of(_ lexicon: Lexicon) -> GuessVocabulary {
        guard lexicon.guesser != nil, lexicon.registry == .builtIn else { return GuessVocabulary(lexicon) }
        return builtIn.withLock { kept in
            if let kept, kept.lexicon === lexicon { return kept }
            let made = GuessVocabulary(lexicon)
            if kept == nil { kept = made }
            return made
        }
    }

    // MARK: - Statement words

    /// A statement word as written: a keyword of the grammar, or a behaviour's
    /// configuration word.
    package func statement(_ word: String) -> GuessVerb? {
        if let w = GrammarWord.statements.first(where: { $0.spelling == word }) { return .keyword(w) }
        if lexicon.registry.configWord(named: word) != nil { return .configure(word) }
        return nil
    }

    /// A verb that starts a configuration statement (`fps`, `sections`, `toolbar`).
    package static func configures(_ v: GuessVerb) -> Bool {
        switch v {
        case .keyword(let w): return w.role == .configuration
        case .configure: return true
        default: return false
        }
    }

    /// What a word means as the first word of a statement, and the words it carries
    /// (`swipeUp` → swipe, ["up"]; `pull120` → pull, ["120"]; `Pull` → pull).
    package func verb(_ word: String) -> (GuessVerb, [String])? {
        if let v = statement(word) { return (v, []) }
        let k = guessKey(word)
        if let v = GuessTables.statementWords[k] { return (v, []) }
        if let v = statement(k) { return (v, []) }
        // `pull120`, `header1`: a word with a number glued to it.
        let letters = word.prefix { $0.isLetter }
        let rest = word.dropFirst(letters.count)
        if !letters.isEmpty, !rest.isEmpty, rest.allSatisfy({ $0.isNumber || $0 == "." }), let (v, _) = verb(String(letters)) {
            return (v, [String(rest)])
        }
        // `swipeUp`, `scroll_to_bottom`: the longest leading words that mean a statement.
        let parts = GuessWork.wordParts(word)
        if parts.count > 1 {
            for n in stride(from: parts.count - 1, through: 1, by: -1) {
                let head = guessKey(parts[0..<n].joined())
                if let v = GuessTables.statementWords[head] ?? statement(head) { return (v, parts[n...].map { $0.lowercased() }) }
            }
        }
        return nil
    }

    /// A word of the language that is no name: a grammar word, a configuration or option
    /// word (`toolbar`, `pin`).
    package func isLanguageWord(_ w: String) -> Bool {
        GrammarWord.allCases.contains { $0 != .other && $0.spelling == w }
            || lexicon.configurationWords.contains(w) || lexicon.optionWords.contains(w)
    }

    /// The tunable another spelling names (`rowHeight`, `row height`, `decelerationRate`).
    package func tunable(named name: String) -> TunableInfo? {
        let registry = lexicon.registry
        if let id = registry.tunable(named: name) { return registry.tunable(id) }
        let key = guessKey(name).replacingOccurrences(of: " ", with: "")
        return registry.tunables.first { guessKey($0.name) == key }
            ?? names[key].flatMap { registry.tunable(named: $0) }.map { registry.tunable($0) }
    }

    /// `fast`: a named value of some tunable.
    package func isNamedValue(_ w: String) -> Bool {
        lexicon.registry.tunables.contains { $0.namedValues.contains { $0.name == w } }
    }

    // MARK: - Views and states

    /// The view a word or a text names that `tap` takes by name (`toolbar`, `"header"`,
    /// `'.toolbar'`, `headerView`, `#header`); nil for any other (and for `row`, which
    /// takes indexes).
    package func viewNamed(_ text: String) -> String? {
        var t = Substring(text)
        if t.count >= 2, t.first == "\"" || t.first == "'", t.last == t.first { t = t.dropFirst().dropLast() }
        while let c = t.first, c == "." || c == "#" { t = t.dropFirst() }
        let key = guessKey(String(t))
        let view = views[key] ?? key
        return view != GrammarWord.row.spelling && lexicon.tapTargets.contains(view) ? view : nil
    }

    /// The family of the state observable named `name` (`phase`, `toolbar.state`).
    package func family(observedBy name: String) -> StateFamily? {
        lexicon.registry.stateFamilies.first { $0.observable == name }
    }

    /// `w` is a state of some family.
    package func isState(_ w: String) -> Bool { !lexicon.registry.families(having: w).isEmpty }

    /// Words for a state of `family` that are not its names → the state (or, for
    /// `phase`'s "scrolling", the comparison that means it).
    package func stateWord(_ word: String, _ family: StateFamily) -> (op: String, state: String)? {
        if family.id == .phase { return GuessTables.phaseStateWord(word) }
        return stateWords[family.id]?[guessKey(word)].map { ("==", $0) }
    }

    /// A property of a behaviour's view written as another tool's (`toolbar.isHidden`,
    /// `header.sticky`) → the expression meant, nil when none (or when it reads an option
    /// the scenario's configuration word does not have). `options`: each configuration
    /// word's options in the scenario (a word it does not declare reads its example's).
    package func property(_ member: String, of namespace: String, options: [String: [String: Double]]) -> String? {
        guard let table = properties[namespace] else { return nil }
        let k = guessKey(member)
        guard var meaning = table[k] ?? (k.hasPrefix("is") && k.count > 2 ? table[String(k.dropFirst(2))] : nil) else { return nil }
        meaning = meaning.replacingOccurrences(of: "$", with: namespace)
        while let open = meaning.firstIndex(of: "{"), let close = meaning[open...].firstIndex(of: "}") {
            let option = String(meaning[meaning.index(after: open)..<close])
            guard let word = namespaceWords[namespace],
                  let value = (options[word] ?? exampleOptions[word])?[option] else { return nil }
            meaning.replaceSubrange(open...close, with: numberText(value))
        }
        return meaning
    }

    // MARK: - Configuration

    /// Words of configuration statement `word` that say nothing to it (`stretchy`).
    package func fillers(of word: String) -> Set<String> { fillers[word] ?? [] }

    /// The option of configuration statement `word` another word means (`sticky` → `pin`).
    package func option(of word: String, meant key: String) -> String? { optionWords[word]?[key] }

    /// The view a note suggests adding for a problem that says a behaviour is missing
    /// (`needsBehaviour`'s noun and usage).
    package func declaration(noun: String, usage: String) -> GuessView? {
        guard let c = lexicon.registry.configWords.first(where: { $0.noun == noun && $0.usage == usage }) else { return nil }
        return .behaviour(noun: c.noun, example: examples[c.word] ?? c.word)
    }
}
