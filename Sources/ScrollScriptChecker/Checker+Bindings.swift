// The checker, `let NAME = EXPR` (spec §5): a name is bound once per scenario, never one
// the language already has, and is read like an observable for the rest of the scenario.
// Let names are their own lookup step (`Checker.lets`), after every other name.

extension Checker {
    /// What `name` would hide, if anything: a statement keyword (the behaviours'
    /// configuration words among them) or a word expressions are made of, a name of the
    /// registry's vocabulary (an observable, a tunable, a state of any family), a named
    /// value, a function, a name written with indexes, a behaviour's name.
    package func letNameClash(_ name: String) -> LetNameClash? {
        if lexicon.statementKeywords.contains(name) { return .keyword }
        for w in [GrammarWord.true, .false, .not, .and, .or, .within, .in, .always] where w.spelling == name { return .keyword }
        switch lexicon.resolve(name) {
        case .observable?: return .observable
        case .tunable?: return .tunable
        case .state?: return .state
        case nil: break
        }
        if CoreObservable(rawValue: name) != nil { return .observable }
        if registry.tunables.contains(where: { $0.namedValues.contains { $0.name == name } }) { return .namedValue }
        if BuiltinFunction(name: name) != nil { return .function }
        if Subscript(base: name) != nil { return .indexedName }
        if registry.ids.contains(where: { registry.declaration($0).name == name || registry.declaration($0).namespace == name }) {
            return .behaviour
        }
        return nil
    }

    /// `let NAME = EXPR`: the value's kind, then the name (free, and not bound before in
    /// this scenario). The name is bound even when the value has an error, so that what
    /// reads it says nothing more.
    package mutating func checkLet(_ name: String, _ at: SourceLocation, _ value: Expr) {
        let t = type(value)
        if let clash = letNameClash(name) {
            error(at, .letNameTaken(name, clash))
            return
        }
        if let first = lets[name] {
            error(at, .letRebound(name, line: first.location?.line))
            return
        }
        lets[name] = LetBinding(type: t.map(shown), location: at)
        // `let i = idle`: read in the family of the first state it is compared with.
        if let (word, wordAt) = bareStateName(value) { lets[name]?.stateWord = LetStateWord(word: word, at: wordAt) }
    }
}
