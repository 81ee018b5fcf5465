// The checker, configuration (spec §3): scene and scenario settings, sections, the
// behaviours' words (read against their declarations), set.

/// Where each behaviour's word was written in the configuration being built (the rules
/// between words are reported there).
package struct DeclaredWords {
    /// By `BehaviourID.index` of the word's owner.
    package var locations = WordLocations()
    /// `set NAME VALUE` of a behaviour's tunable: the behaviour whose word it needs (as its
    /// observables do: `refresh.trigger` needs `refresh`), the name, where it is written.
    package var tunables: [(needs: BehaviourID, name: String, at: SourceLocation)] = []
}

/// Where each behaviour's word is written, by `BehaviourID.index`: a short array, not a
/// dictionary to hash into for every configuration word of every scenario.
package struct WordLocations {
    private var at: [SourceLocation?] = []

    package init() {}

    package subscript(_ index: Int) -> SourceLocation? {
        get { index >= 0 && index < at.count ? at[index] : nil }
        set {
            guard index >= 0 else { return }
            if index >= at.count {
                guard newValue != nil else { return }
                at.append(contentsOf: repeatElement(nil, count: index + 1 - at.count))
            }
            at[index] = newValue
        }
    }
}

extension Checker {
    /// A constant number for a configuration value, with its dimension checked.
    /// `what` is made only for a message (an `Operand` is a large value, and most values are
    /// right).
    package mutating func configNumber(_ e: Expr, _ what: @autoclosure () -> Operand, _ want: Quantity) -> Double? {
        guard let c = constValue(e) else {
            if hasOverflowedLiteral(e) { return nil }   // the lexer said "too large" already
            if case .bool = e {
                error(e.location, .configNotBool(what(), want))
            } else if case .name(let n, _) = e {
                error(e.location, .configNotName(what(), want, name: n))
            } else {
                error(e.startLocation, .configNotConstant(what()))
            }
            return nil
        }
        if !c.dim.compatible(.quantity(want)) || (c.dim.dimensioned != nil && want != .points && want != .seconds && want != .velocity) {
            error(e.startLocation, .wrongKind(what(), want: want, found: .num(c.dim)))
            return nil
        }
        guard c.value.isFinite else { return nil }
        return c.value
    }

    package mutating func wholeConfigNumber(_ e: Expr, _ what: Operand) -> Int? {
        guard let v = configNumber(e, what, .count) else { return nil }
        guard let n = wholeNumber(v) else {
            error(e.startLocation, .notWholeCount(what, v))
            return nil
        }
        return n
    }

    /// `word`: the info of the configuration word `s` writes, when the caller has looked
    /// it up already.
    package mutating func applyConfig(_ s: Stmt, to cfg: inout SceneConfig, sections: inout [SectionConfig]?, words: inout DeclaredWords,
                                      word: ConfigWordInfo? = nil) {
        if stopsForTooManyErrors(s) { return }
        let errorsBefore = diagnostics.count
        defer {
            switch s.kind {
            case .section, .sections: if diagnostics.count > errorsBefore { tableUnknown = true }
            default: break
            }
        }
        switch s.kind {
        case .screen(let w, let h):
            if let v = configNumber(w, .screenWidth, .points) {
                if Limits.screenSide.contains(v) { cfg.screenWidth = v } else {
                    error(w.startLocation, .screenSideOutOfRange(.screenWidth, v))
                }
            }
            if let v = configNumber(h, .screenHeight, .points) {
                if Limits.screenSide.contains(v) { cfg.screenHeight = v } else {
                    error(h.startLocation, .screenSideOutOfRange(.screenHeight, v))
                }
            }
        case .fps(let e):
            if let v = configNumber(e, .fps, .count) {
                if let n = wholeNumber(v), Limits.fpsRange.contains(n) { cfg.fps = n } else {
                    error(e.startLocation, .fpsOutOfRange(v))
                }
            }
        case .configure(let c):
            if let owner = applyWord(c, &cfg, info: word) { words.locations[owner.index] = s.location }
        case .section(let title, let rows, let open):
            var sec = SectionConfig(title: title?.value, rowCount: 0, open: open ?? true)
            switch rows {
            case .count(let e):
                if let n = wholeConfigNumber(e, .sectionRowCount) { sec.rowCount = n }
            case .titles(let ts):
                sec.rowCount = ts.count
                sec.rowTitles = ts.map { $0.value }
            }
            appendSections([sec], s.location, &sections)
        case .sections(let ne, let me):
            guard let n = wholeConfigNumber(ne, .sectionCount),
                  let m = wholeConfigNumber(me, .rowCount) else { return }
            if n > Limits.maxSections {
                error(ne.startLocation, .tooManySectionsDeclared(n))
                return
            }
            if m > Limits.maxRows {
                error(me.startLocation, .tooManyRowsDeclared(m))
                return
            }
            let list = (0..<n).map { SectionConfig(title: "Section \($0)", rowCount: m) }
            appendSections(list, s.location, &sections)
        case .set(let name, let nameLoc, let value):
            let before = diagnostics.count
            applySet(name, nameLoc, value, &cfg)
            // (A value with an error is that line's one error.)
            if diagnostics.count == before, let id = registry.tunable(named: name), let owner = registry.tunable(id).owner {
                words.tunables.append((registry.word(of: owner)?.owner ?? owner, name, nameLoc))
            }
        case .use(let name, let nameLoc):
            if let id = registry.used(named: name) {
                cfg.declareUsed(name)
                words.locations[id.index] = s.location
            } else {
                error(nameLoc, .unknownBehaviour(name, known: registry.usedNames, builtInWord: registry.configWord(named: name) != nil))
                refusedUses.insert(name)
            }
        default:
            break
        }
    }

    package mutating func appendSections(_ list: [SectionConfig], _ l: SourceLocation, _ sections: inout [SectionConfig]?) {
        let wasNil = sections == nil
        var all = sections ?? []
        sections = nil  // `all` is now the only reference: appending does not copy
        // On an error the list stays as it was (nil stays nil: the scene's list applies).
        defer { sections = wasNil && all.isEmpty ? nil : all }
        let before = all.count
        if sectionRowsCache.count != before {
            sectionRowsCache = (before, all.reduce(0) { $0 &+ $1.rowCount })
        }
        let rowsBefore = sectionRowsCache.rows
        let rowsAdded = list.reduce(0) { $0 &+ $1.rowCount }
        if before + list.count > Limits.maxSections {
            error(l, .tooManySections)
            return
        }
        if rowsBefore + rowsAdded > Limits.maxRows {
            error(l, .tooManyRows)
            return
        }
        all.append(contentsOf: list)
        sectionRowsCache = (all.count, rowsBefore &+ rowsAdded)
    }

    /// A behaviour's word (`header 240 pin 60`, `toolbar`, `refresh`): its argument and
    /// options checked against the declaration, and the settings of its behaviour and of
    /// those that add options to it replaced. Returns the word's owner. A value that is
    /// wrong is one error at the value; the word is still declared (a stand-in value is
    /// kept: a file with errors never runs), so nothing further is said about it.
    package mutating func applyWord(_ c: ConfigStatement, _ cfg: inout SceneConfig, info known: ConfigWordInfo? = nil) -> BehaviourID? {
        guard let info = known ?? registry.configWord(named: c.word) else { return nil }
        if plainWords.count != registry.count { plainWords = PlainWordTables(registry) }
        let w = info.owner.index
        guard w < plainWords.count else { return nil }
        // The word's and its options' arguments are read as plain values (what a value is
        // checked against); their names, only for a message.
        var known: Double?
        var argument: Double?
        let hasArgument = plainWords.argument[w] != nil
        if let a = plainWords.argument[w] {
            if let e = c.argument, let v = configNumber(e, .argument(info.argument?.name ?? ""), a.quantity) {
                if check(v, a.range, named: info.argument?.name ?? "", at: e, word: nil) { known = v }
            }
            argument = known ?? a.defaultValue ?? 1
        }
        // Each member's new settings, written in place (nothing below reads them before
        // they are complete; no list of them to allocate for every configuration word).
        // Their options start as the checker's blank lists: a behaviour none of whose
        // options is written (the toolbar's, the header's `parallax`) allocates nothing.
        let members = info.members
        if blankOptionLists.count != registry.count {
            blankOptionLists = registry.ids.map { Array(filled: nil, count: registry.optionCount(of: $0)) }
        }
        for m in members {
            cfg.behaviours[m.index] = BehaviourSettings(argument: m == info.owner ? argument : nil,
                                                        options: m.index < blankOptionLists.count ? blankOptionLists[m.index] : [],
                                                        configured: m == info.owner)
        }
        if c.options.isEmpty { return info.owner }
        let options = info.options
        for o in c.options {
            // Compared in place (a copy of an entry retains its option's names).
            let found = options.withUnsafeBufferPointer { all in all.firstIndex { $0.option.word == o.word } }
            guard let k = found, k < plainWords.options[w].count else { continue }
            let place = plainWords.options[w][k]
            var value: Double? = 1
            if let a = place.argument {
                value = nil
                if let e = o.argument, let v = configNumber(e, .argument(options[k].option.argument?.name ?? ""), a.quantity),
                   check(v, a.range, named: options[k].option.argument?.name ?? "", at: e,
                         word: hasArgument ? (info.argument?.name ?? "", known) : nil) {
                    // An option up to the word's argument keeps at most that (`pin P` ≤ H).
                    if case .upToWordArgument = a.range { value = min(v, argument ?? v) } else { value = v }
                }
            }
            if let value, members.contains(place.owner) {
                cfg.behaviours[place.owner.index]?.options[place.index] = value
                cfg.behaviours[place.owner.index]?.configured = true
            }
        }
        return info.owner
    }

    /// `v` is in `range`; otherwise one error at `e`, naming it `name`. `word`: as below.
    package mutating func check(_ v: Double, _ range: ArgumentRange, named name: @autoclosure () -> String, at e: Expr,
                                word: @autoclosure () -> (name: String, value: Double?)?) -> Bool {
        switch range {
        case .within(let r):
            if r.contains(v) { return true }
        case .upToWordArgument:
            if v >= 0 && v <= (word()?.value ?? .infinity) { return true }
        }
        let a = ConfigArgument(name: name(), placeholder: "", quantity: .number, range: range)
        return check(v, a, at: e, word: word())
    }

    /// `v` is in `a`'s range; otherwise one error at `e`. `word`: the word's argument, its
    /// name and value, for an option up to it (the value nil when it was itself wrong:
    /// only the lower end is checked).
    package mutating func check(_ v: Double, _ a: ConfigArgument, at e: Expr, word: (name: String, value: Double?)?) -> Bool {
        switch a.range {
        case .within(let r):
            if r.contains(v) { return true }
            if !r.lowerOpen && !r.upperOpen {
                error(e.startLocation, .notBetween(.argument(a.name), v, lower: r.lower, upper: r.upper))
            } else {
                error(e.startLocation, .outOfRange(.argument(a.name), v, r))
            }
            return false
        case .upToWordArgument:
            if v >= 0 && v <= (word?.value ?? .infinity) { return true }
            error(e.startLocation, .aboveWordArgument(.argument(a.name), v, word: word?.name ?? "", wordValue: word?.value))
            return false
        }
    }

    /// The behaviours' rules between words (`refresh` needs a header with `nostretch`),
    /// once the configuration is complete: each broken rule is one error at the word that
    /// declares it (or at the other word, when that one is not in `words`).
    /// `scenario`: the scenario whose configuration this is (its name and `scenario`
    /// keyword), nil for a file without blocks or the REPL.
    package mutating func checkConditions(_ cfg: SceneConfig, _ words: DeclaredWords, scenario: (name: String, at: SourceLocation)? = nil) {
        // `set refresh.trigger 50` with no `refresh`: refused as `refresh.trigger` is read.
        // The scene's `set` in a scenario that lacks the word: at that scenario's keyword,
        // naming it, for each such scenario (the scene's line would not say which).
        for t in words.tunables where !cfg.declares(t.needs) {
            if let scenario, baseWords.tunables.contains(where: { $0.at == t.at }) {
                guard reportedConditions.insert(scenario.at).inserted else { continue }
                error(scenario.at, .sceneSetNeedsBehaviour(subject: t.name, noun: registry.noun(of: t.needs), usage: registry.usage(of: t.needs),
                                                           scenario: scenario.name, sceneLine: t.at.line))
                continue
            }
            guard reportedConditions.insert(t.at).inserted else { continue }
            needsBehaviour(t.name, t.needs, t.at)
        }
        // (Only the behaviours that have rules or reads: most have neither.)
        for id in registry.ruledIDs where cfg.declares(id) {
            // (v1.5) A declared behaviour's body reads `header.height`, `toolbar.state` or
            // another behaviour's members: checked here, at its `use` line (spec §9), one
            // error for each behaviour it needs that this scenario lacks.
            let reads = registry.reads(of: id)
            if !reads.isEmpty, let at = words.locations[id.index] {
                var reported: [BehaviourID] = []
                for r in reads {
                    guard let missing = registry.missing(for: r.observable, in: cfg), !reported.contains(missing) else { continue }
                    reported.append(missing)
                    // (A scene's `use` is checked with each scenario: said once.)
                    guard !reportedReads.contains(where: { $0.at == at && $0.missing == missing }) else { continue }
                    reportedReads.append((at, missing))
                    error(at, .declared(.useReadsMissing(behaviour: registry.declaration(id).name, subject: r.name, line: r.line,
                                                         noun: registry.noun(of: missing), usage: registry.usage(of: missing))))
                }
            }
            for condition in registry.conditions(of: id) {
                switch condition {
                case .needsOption(let word, let option):
                    guard let other = registry.configWord(named: word), cfg.declares(other.owner),
                          let o = other.options.first(where: { $0.option.word == option }),
                          let settings = cfg.settings(o.owner), !settings.has(o.index) else { continue }
                    let mine = registry.word(of: id)
                    let mineAt = mine.flatMap { words.locations[$0.owner.index] }, otherAt = words.locations[other.owner.index]
                    // The scene's word and a scenario's `header` without the option: at that
                    // scenario's line, for each scenario (the scene's line is fine alone).
                    if let mineAt, let otherAt, let mine, baseWords.locations[mine.owner.index] == mineAt,
                       baseWords.locations[other.owner.index] != otherAt {
                        guard reportedConditions.insert(otherAt).inserted else { continue }
                        error(otherAt, .needsOption(word: mine.word, other: word, option: option, usage: other.usage,
                                                    sceneLine: mineAt.line))
                        continue
                    }
                    guard let at = mineAt ?? otherAt, reportedConditions.insert(at).inserted else { continue }
                    error(at, .needsOption(word: mine?.word ?? registry.declaration(id).name, other: word,
                                           option: option, usage: other.usage))
                }
            }
        }
    }

    package mutating func applySet(_ name: String, _ nameLoc: SourceLocation, _ value: Expr, _ cfg: inout SceneConfig) {
        guard let id = registry.tunable(named: name) else {
            error(nameLoc, .unknownTunable(name, known: lexicon.tunableNames))
            return
        }
        let t = registry.tunable(id)
        let named = t.namedValues
        if case .name(let n, let l) = value {
            if let v = named.first(where: { $0.name == n }) {
                cfg.tunables[id] = v.value
            } else if named.isEmpty {
                error(l, .tunableNotName(t, name: n))
            } else {
                error(l, .notANamedValue(t, name: n))
            }
            return
        }
        if case .bool(let b, let l) = value {
            if t.kind == .bool { cfg.tunables[id] = b ? 1 : 0 } else {
                error(l, .tunableNotBool(t))
            }
            return
        }
        guard case .quantity(let q) = t.kind else {
            error(value.startLocation, .tunableTakesBool(t))
            return
        }
        guard let v = configNumber(value, .tunable(t), q) else { return }
        guard t.range.contains(v) else {
            error(value.startLocation, .outOfRange(.tunable(t), v, t.range))
            return
        }
        cfg.tunables[id] = v
    }
}

/// What `applyWord` reads of each configuration word, as plain values, by the
/// `BehaviourID.index` of the word's owner: its argument's quantity, range and default, and
/// for each of its options (in the order of the info's `options`) the behaviour and place
/// it is written to and its argument's. A `ConfigArgument` or `ConfigOption` read out of a
/// word's info is a copy that retains its names, for every value of every word.
package struct PlainWordTables {
    package struct Argument {
        package let quantity: Quantity
        package let range: ArgumentRange
        package let defaultValue: Double?

        init(_ a: ConfigArgument) {
            quantity = a.quantity
            range = a.range
            defaultValue = a.defaultValue
        }
    }

    package struct Option {
        package let owner: BehaviourID
        package let index: Int
        package let argument: Argument?
    }

    package private(set) var argument: [Argument?] = []
    package private(set) var options: [[Option]] = []

    package init() {}

    init(_ registry: BehaviourRegistry) {
        argument = Array(filled: nil, count: registry.count)
        options = Array(filled: [], count: registry.count)
        for word in registry.configWords where word.owner.index >= 0 && word.owner.index < registry.count {
            argument[word.owner.index] = word.argument.map(Argument.init)
            options[word.owner.index] = word.options.map { Option(owner: $0.owner, index: $0.index, argument: $0.option.argument.map(Argument.init)) }
        }
    }

    package var count: Int { argument.count }
}
