// The checker, guesses: a statement with errors that reads as another tool or plain
// English writes a statement (`StatementGuesser`) gets one error instead of its own, which
// says what to write, and only when what it suggests passes `check` right there (a copy of
// the checker, at the same point of the scenario, checks the suggestion).

extension Checker {
    /// What a guess may know here: the sections' titles, the options of each configuration
    /// word declared (what a guess at "pinned" compares with), the let names.
    package func guessContext(_ cfg: SceneConfig) -> GuessContext {
        var options: [String: [String: Double]] = [:]
        for word in registry.configWords where cfg.declares(word.owner) {
            var values: [String: Double] = [:]
            for o in word.options {
                if let v = cfg.settings(o.owner)?.option(o.index) { values[o.option.word] = v }
            }
            options[word.word] = values
        }
        return GuessContext(lexicon: lexicon, titles: cfg.effectiveSections.map { $0.title ?? "" }, options: options,
                            letNames: Set(lets.keys))
    }

    /// After `s` (not configuration) added errors from `before` on: a guess in their place.
    package mutating func guessInstead(_ s: Stmt, from before: Int, inRepeat: Bool) {
        guard !guessing, statementBlock(s.kind) == nil, !s.kind.isConfiguration else { return }
        let context = guessContext(current)
        // A `let` with an error has bound its name: the guess binds it anew.
        var bound: String?
        if case .let(let name, let at, _) = s.kind, lets[name]?.location == at { bound = name }
        replaceWithGuess(s, from: before, context) { scratch, candidate in
            if let bound { scratch.lets[bound] = nil }
            for c in candidate {
                guard !c.kind.isConfiguration, statementBlock(c.kind) == nil else { return false }
                scratch.checkCurrentStatement(c, inRepeat: inRepeat)
            }
            return true
        }
    }

    /// `applyConfig`, with a guess in place of its errors when one passes.
    package mutating func applyConfigGuessing(_ s: Stmt, to cfg: inout SceneConfig, sections: inout [SectionConfig]?,
                                      words: inout DeclaredWords) {
        let before = diagnostics.count
        if guessing {
            applyConfig(s, to: &cfg, sections: &sections, words: &words)
            return
        }
        // What a guess is checked against: the configuration before `s`. A copy of all of
        // it, kept while `applyConfig` changes `cfg`, would make `cfg` copy the buffers it
        // changes (every configuration statement of every scenario), so a configuration
        // word (`header`, `toolbar`) keeps only the settings it replaces and puts them back
        // into a copy when it has errors.
        let cfg0: SceneConfig, sections0: [SectionConfig]?, words0: DeclaredWords
        if case .configure(let c) = s.kind, let info = registry.configWord(named: c.word) {
            // (Kept in locals for a word of up to three behaviours, as every built-in is: no
            // list of them is allocated for every configuration word.)
            let members = info.members
            let first = members.count > 0 ? cfg.behaviours[members[0].index] : nil
            let second = members.count > 1 ? cfg.behaviours[members[1].index] : nil
            let third = members.count > 2 ? cfg.behaviours[members[2].index] : nil
            let more = members.count > 3 ? members[3...].map { cfg.behaviours[$0.index] } : []
            let location = words.locations[info.owner.index]
            applyConfig(s, to: &cfg, sections: &sections, words: &words, word: info)
            guard diagnostics.count > before else { return }
            var c0 = cfg, w0 = words
            for k in members.indices {
                c0.behaviours[members[k].index] = k == 0 ? first : k == 1 ? second : k == 2 ? third : more[k - 3]
            }
            w0.locations[info.owner.index] = location
            (cfg0, sections0, words0) = (c0, sections, w0)
        } else {
            (cfg0, sections0, words0) = (cfg, sections, words)
            applyConfig(s, to: &cfg, sections: &sections, words: &words)
            guard diagnostics.count > before else { return }
        }
        replaceWithGuess(s, from: before, guessContext(cfg0)) { scratch, candidate in
            var c = cfg0, sec = sections0, w = words0
            // The behaviours' rules between words: one the guess breaks refuses it (one
            // broken before it is reported where it stands, not here).
            scratch.checkConditions(c, w)
            scratch.diagnostics = []
            for st in candidate {
                guard st.kind.isConfiguration else { return false }
                scratch.applyConfig(st, to: &c, sections: &sec, words: &w)
            }
            scratch.checkConditions(c, w)
            return true
        }
    }

    /// Replaces the errors from `before` on with a guess for `s` whose statements `check`
    /// (given a copy of this checker with no errors) leaves without errors, but for a view
    /// the scenario lacks (said in a note).
    private mutating func replaceWithGuess(_ s: Stmt, from before: Int, _ context: GuessContext,
                                           check: (inout Checker, [Stmt]) -> Bool) {
        let text = statementHead(s.kind)
        let base = self
        let found = StatementGuesser.guess(Array(text.utf8), context) { corrected in
            let (program, diagnostics) = parseAsWritten(corrected, file: base.file, letNames: context.letNames, lexicon: base.lexicon)
            guard diagnostics.isEmpty, !program.statements.isEmpty else { return nil }
            var scratch = base
            scratch.guessing = true
            scratch.diagnostics = []
            guard check(&scratch, program.statements) else { return nil }
            return StatementGuesser.viewsToDeclare(scratch.diagnostics.map(\.problem), sectionsDeclared: !base.current.sections.isEmpty,
                                                   words: context.words)
        }
        // A guess that reads the statement as written is none: its own error stands.
        guard let (g, _, _) = found, g.corrected != text else { return }
        let at = diagnostics[before].location
        diagnostics.removeLast(diagnostics.count - before)
        error(at, .guess(g))
    }
}
