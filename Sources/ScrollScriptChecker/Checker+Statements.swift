// The checker, statements (spec §4, §5): arguments, durations, tap indexes, conditions.

extension Checker {
    /// True once the checker has DiagnosticLimits.maxPerFile errors of its own (the lexer
    /// and parser keep their own count); the first time, at `s`, it says so. A statement
    /// with several errors can take the count past the cap: it still says so, once.
    package mutating func stopsForTooManyErrors(_ s: Stmt) -> Bool {
        guard diagnostics.count >= DiagnosticLimits.maxPerFile else { return false }
        if !saidTooManyErrors {
            saidTooManyErrors = true
            diagnostics.append(Diagnostic(s.location, .tooManyErrors))
        }
        return true
    }

    package mutating func checkStatement(_ s: Stmt, _ cfg: SceneConfig, inRepeat: Bool) {
        current = cfg
        checkCurrentStatement(s, inRepeat: inRepeat)
    }

    /// `checkStatement` against `current` (the caller sets it once per scenario, not per
    /// statement: copying a SceneConfig retains its parts). A statement with errors that
    /// reads as another tool writes a statement gets one error saying what to write.
    package mutating func checkCurrentStatement(_ s: Stmt, inRepeat: Bool) {
        if stopsForTooManyErrors(s) { return }
        expectAbove = precedingExpect
        precedingExpect = nil  // a `repeat` body starts with nothing above it
        let before = diagnostics.count
        checkStatementItself(s, inRepeat: inRepeat)
        if diagnostics.count > before { guessInstead(s, from: before, inRepeat: inRepeat) }
        switch s.kind {
        case .expect, .expectWithin, .expectAlways:
            scenarioSays = true
            precedingExpect = s.location
        case .print, .frames:
            scenarioSays = true
        default:
            precedingExpect = nil  // not an inner `expect` of a `repeat` that ended here
        }
    }

    /// An expression alone as a statement (spec §5, v1.5): in a file its value is dropped,
    /// so a condition checks nothing ("did you mean 'expect ...'?") and a value prints
    /// nothing ("did you mean 'print ...'?"). The REPL prints it (no warning there).
    package mutating func checkLoneExpression(_ e: Expr, _ s: Stmt) {
        let t = type(e)
        guard warnsAboutLoneExpressions, let t else { return }
        scenarioSays = true
        if t == .bool {
            // Right under an `expect`, indented further: its second line, wrapped.
            let wrapped = expectAbove.flatMap { above in
                above.line + 1 == s.location.line && s.location.column > above.column ? above.line : nil
            }
            warn(s.location, .conditionAlone(text: CheckWarning.quoted(e), expectLine: wrapped))
        } else {
            warn(s.location, .valueAlone(text: CheckWarning.quoted(e)))
        }
    }

    private mutating func checkStatementItself(_ s: Stmt, inRepeat: Bool) {
        switch s.kind {
        case .scene, .scenario:
            // At column 1 it was meant to be at the top level: the block above lacks its '}'.
            error(s.location, .blockNotAtTopLevel(keyword: s.kind.keyword, atColumnOne: s.location.column == 1))
        case .repeatBlock(let count, let body):
            if numeric(count, .repeatCount, .count) != nil, let c = constValue(count) {
                // A whole number too large is told as too large, not as "not whole"
                // (`wholeNumber` also refuses numbers past 1e15).
                if c.value == c.value.rounded(), c.value > Double(Limits.scenarioStatements) {
                    error(count.startLocation, .repeatTooLarge(written: literalText(count, c.value)))
                } else if wholeNumber(c.value) == nil {
                    error(count.startLocation, .notWholeCount(.repeatCount, c.value))
                }
            }
            for b in body.statements { checkCurrentStatement(b, inRepeat: true) }
        case .screen, .fps, .configure, .section, .sections, .set, .use:
            if inRepeat {
                error(s.location, .configurationInRepeat(keyword: s.kind.keyword))
            }
        case .pull(let d):
            if numeric(d, .pull, .points) != nil, let c = constValue(d), !(c.value > 0) {
                error(d.startLocation, .pullNotPositive)
            }
        case .drag(let d, let t):
            _ = numeric(d, .drag, .points)
            if let t { checkDuration(t, .dragDuration, allowZero: false) }
        case .swipe(let d, let t):
            _ = numeric(d, .swipe, .points)
            if let t { checkDuration(t, .swipeDuration, allowZero: false) }
        case .fling(let v):
            if numeric(v, .fling, .velocity) != nil, let c = constValue(v), !(abs(c.value) <= Limits.maxFlingSpeed) {
                error(v.startLocation, .flingTooFast(c.value))
            }
        case .tapHeader(let index):
            checkTapHeader(s, index)
        case .tapRow(let i, let j):
            checkTapRow(i, j)
        case .tapView(let name, let nameLocation):
            if lexicon.tapTargets.contains(name), let v = registry.view(named: name) {
                if let missing = registry.missing(for: v, in: current) {
                    needsBehaviour(GrammarWord.tap.spelling + " " + name, missing, s.location)
                } else {
                    resolved(.view(v), at: s.location)
                }
            } else {
                checkTapOfUnknownView(name, at: nameLocation ?? s.location)
            }
        case .tap(let x, let y):
            _ = numeric(x, .tapX, .points)
            _ = numeric(y, .tapY, .points)
        case .wait(let t):
            checkDuration(t, .wait, allowZero: true)
        case .tick(let n):
            if let n, numeric(n, .tick, .count) != nil, let c = constValue(n) {
                let most = Limits.scenarioSeconds * Double(current.fps)
                if c.value == c.value.rounded(), c.value > most {
                    // `tick 99999999999999999999` is whole; it is too big.
                    error(n.startLocation, .tickTooLarge(written: literalText(n, c.value), fps: current.fps))
                } else if wholeNumber(c.value) == nil {
                    error(n.startLocation, .tickNotWhole(c.value))
                }
            }
        case .expect(let e):
            placeholderRule = .allowed
            defer { placeholderRule = .notHere }
            checkCondition(e)
        case .expectAlways(let e):
            placeholderRule = .timed("expect always")
            defer { placeholderRule = .notHere }
            checkCondition(e)
        case .expectWithin(let t, let e):
            checkDuration(t, .expectWithin, allowZero: true)
            placeholderRule = .timed("expect within")
            defer { placeholderRule = .notHere }
            checkCondition(e)
        case .print(let items):
            for e in items { _ = type(e) }
        case .let(let name, let at, let value):
            checkLet(name, at, value)
        case .expression(let e):
            checkLoneExpression(e, s)
        case .release, .settle, .frames:
            break
        }
    }

    package mutating func checkCondition(_ e: Expr) {
        guard let t = type(e) else { return }
        if t != .bool {
            error(e.startLocation, .expectNeedsCondition(found: shown(t)))
        }
    }

    /// A statement argument of a numeric kind; reports and returns nil otherwise.
    package mutating func numeric(_ e: Expr, _ what: Operand, _ want: Quantity) -> NumberDimension? {
        guard let t = type(e) else { return nil }
        guard case .num(let d) = t else {
            error(e.startLocation, .wrongKind(what, want: want, found: shown(t)))
            return nil
        }
        if !d.compatible(.quantity(want)) || (want == .count && d.dimensioned != nil) {
            error(e.startLocation, .wrongKind(what, want: want, found: .num(d)))
            return nil
        }
        return d
    }

    package mutating func checkDuration(_ t: Expr, _ what: Operand, allowZero: Bool) {
        guard numeric(t, what, .seconds) != nil, let c = constValue(t) else { return }
        if c.value < 0 || (!allowZero && c.value == 0) {
            error(t.startLocation, .badDuration(what, c.value, allowZero: allowZero))
        } else if c.value > Limits.scenarioSeconds {
            error(t.startLocation, .durationTooLong(what, c.value))
        } else if case .number(let n, _) = t, n.unit == .none, n.value > CheckWarning.bareDurationLimit {
            // `drag -300 in 500` is 500 s: a bare number is seconds, but a long one after
            // `in`/`within` was most likely meant as milliseconds.
            let keyword: GrammarWord? = what == .expectWithin ? .within : (what == .dragDuration || what == .swipeDuration ? .in : nil)
            if let keyword { warn(t.startLocation, .bareLongDuration(keyword: keyword.spelling, raw: n.raw)) }
        }
        // `wait 300` is 5 minutes (spec §5, v1.5): a bare `wait` of 100 s or more was most
        // likely meant in milliseconds.
        if what == .wait, case .number(let n, _) = t, n.unit == .none, n.value >= CheckWarning.bareWaitLimit,
           n.value <= Limits.scenarioSeconds {
            warn(t.startLocation, .bareLongWait(raw: n.raw, seconds: n.value))
        }
    }

    package mutating func checkTapHeader(_ s: Stmt, _ index: Expr) {
        let sections = current.effectiveSections
        if case .string(let title) = index {
            if tableUnknown { return }
            guard let i = sections.firstIndex(where: { $0.title == title.value }) else {
                let titles = sections.compactMap { $0.title }
                let near = suggestions(for: title.value, among: titles)
                error(title.location, .noSectionTitled(raw: title.raw, near: near, titles: titles))
                return
            }
            resolved(.section(i), at: title.location)
            return
        }
        guard numeric(index, .tapHeader, .count) != nil, let c = constValue(index) else { return }
        if !tableUnknown, c.value == c.value.rounded(), c.value >= Double(sections.count) {
            error(index.startLocation, .noSuchSection(written: literalText(index, c.value), count: sections.count))
            return
        }
        guard let i = wholeNumber(c.value) else {
            error(index.startLocation, .notWholeCount(.sectionIndex, c.value))
            return
        }
        // A whole index past the end was told above.
        if !tableUnknown, sections[i].title == nil {
            error(index.startLocation, .untitledSection(i))
        }
    }

    /// `tap row I J`: both whole numbers, the section and the row exist (when constant).
    package mutating func checkTapRow(_ ie: Expr, _ je: Expr) {
        let a = numeric(ie, .tapRowSection, .count)
        let b = numeric(je, .tapRowRow, .count)
        guard a != nil, b != nil else { return }
        let sections = current.effectiveSections
        guard let ci = constValue(ie) else { return }
        guard ci.value.isFinite, ci.value == ci.value.rounded(), ci.value >= 0 else {
            error(ie.startLocation, .notWholeCount(.sectionIndex, ci.value))
            return
        }
        if tableUnknown { return }
        guard ci.value < Double(sections.count), let i = wholeNumber(ci.value) else {
            error(ie.startLocation, .noSuchSection(written: literalText(ie, ci.value), count: sections.count))
            return
        }
        guard let cj = constValue(je) else { return }
        guard cj.value.isFinite, cj.value == cj.value.rounded(), cj.value >= 0 else {
            error(je.startLocation, .notWholeCount(.rowIndex, cj.value))
            return
        }
        if !(cj.value < Double(sections[i].rowCount)) {
            error(je.startLocation, .noSuchRow(written: literalText(je, cj.value), section: i, rows: sections[i].rowCount))
        }
    }

}
