// The checker, statements (spec §4, §5): arguments, durations, tap indexes, conditions.

extension Checker {
    /// True once the file has DiagnosticLimits.maxPerFile errors (the parser stops there
    /// too); the first time, at `s`, it says so.
    mutating func stopsForTooManyErrors(_ s: Stmt) -> Bool {
        guard diagnostics.count >= DiagnosticLimits.maxPerFile else { return false }
        if diagnostics.count == DiagnosticLimits.maxPerFile { error(s.location, DiagnosticLimits.stoppedMessage) }
        return true
    }

    mutating func checkStatement(_ s: Stmt, _ cfg: SceneConfig, inRepeat: Bool) {
        current = cfg
        checkCurrentStatement(s, inRepeat: inRepeat)
    }

    /// `checkStatement` against `current` (the caller sets it once per scenario, not per
    /// statement: copying a SceneConfig retains its parts).
    mutating func checkCurrentStatement(_ s: Stmt, inRepeat: Bool) {
        if stopsForTooManyErrors(s) { return }
        switch s.kind {
        case .scene, .scenario:
            // At column 1 it was meant to be at the top level: the block above lacks its '}'.
            let hint = s.location.column == 1 ? " (is the '}' of the block above it missing?)" : ""
            error(s.location, "'\(s.kind.keyword)' can only appear at the top level of a file" + hint)
        case .repeatBlock(let count, let body):
            if let t = numeric(count, "repeat count", .count) {
                _ = t
                if let c = constValue(count) {
                    if c.value == c.value.rounded(), c.value > Double(Limits.scenarioStatements) {
                        error(count.startLocation, "repeat count \(literalText(count, c.value)) is more than the \(Limits.scenarioStatements) statements a scenario may run")
                    } else if wholeNumber(c.value) == nil {
                        error(count.startLocation, "repeat count must be a whole number of at least 0 (found \(show(c.value)))")
                    } else if c.value > Double(Limits.scenarioStatements) {
                        error(count.startLocation, "repeat count \(show(c.value)) is more than the \(Limits.scenarioStatements) statements a scenario may run")
                    }
                }
            }
            for b in body.statements { checkCurrentStatement(b, inRepeat: true) }
        case .screen, .fps, .header, .toolbar, .section, .sections, .accordion, .set:
            if inRepeat {
                error(s.location, "configuration ('\(s.kind.keyword)') cannot be inside 'repeat'")
            }
        case .pull(let d):
            if numeric(d, "pull", .points) != nil, let c = constValue(d), !(c.value > 0) {
                error(d.startLocation, "pull needs a distance greater than 0 (the finger moves down; use 'drag' for up)")
            }
        case .drag(let d, let t):
            _ = numeric(d, "drag", .points)
            if let t { checkDuration(t, "drag ... in", allowZero: false) }
        case .swipe(let d, let t):
            _ = numeric(d, "swipe", .points)
            if let t { checkDuration(t, "swipe ... in", allowZero: false) }
        case .fling(let v):
            if numeric(v, "fling", .velocity) != nil, let c = constValue(v), !(abs(c.value) <= Limits.maxFlingSpeed) {
                error(v.startLocation, "fling speed must be at most \(show(Limits.maxFlingSpeed)) pt/s (found \(show(c.value)))")
            }
        case .tapHeader(let index):
            checkTapHeader(s, index)
        case .tapRow(let i, let j):
            checkTapRow(i, j)
        case .tapToolbar:
            if current.toolbarHeight == nil {
                error(s.location, "'tap toolbar' needs a toolbar, and this scenario declares none (add 'toolbar')")
            }
        case .tap(let x, let y):
            _ = numeric(x, "tap x", .points)
            _ = numeric(y, "tap y", .points)
        case .wait(let t):
            checkDuration(t, "wait", allowZero: true)
        case .tick(let n):
            if let n, numeric(n, "tick", .count) != nil, let c = constValue(n) {
                let most = Limits.scenarioSeconds * Double(current.fps)
                if c.value == c.value.rounded(), c.value > most {
                    // `tick 99999999999999999999` is whole; it is too big.
                    error(n.startLocation, "tick count \(literalText(n, c.value)) is too large (at most \(show(most)) frames, 24 hours at \(current.fps) fps)")
                } else if wholeNumber(c.value) == nil {
                    error(n.startLocation, "tick needs a whole number of frames (found \(show(c.value)))")
                } else if c.value > most {
                    error(n.startLocation, "tick count \(show(c.value)) is too large (at most \(show(most)) frames, 24 hours at \(current.fps) fps)")
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
            checkDuration(t, "expect within", allowZero: true)
            placeholderRule = .timed("expect within")
            defer { placeholderRule = .notHere }
            checkCondition(e)
        case .print(let items):
            for e in items { _ = type(e) }
        case .expression(let e):
            _ = type(e)
        case .release, .settle, .frames:
            break
        }
    }

    mutating func checkCondition(_ e: Expr) {
        guard let t = type(e) else { return }
        if t != .bool {
            error(e.startLocation, "expect needs a condition (true or false), found \(t.name)")
        }
    }

    /// A statement argument of a numeric kind; reports and returns nil otherwise.
    mutating func numeric(_ e: Expr, _ what: String, _ want: Quantity) -> Dim? {
        guard let t = type(e) else { return nil }
        guard case .num(let d) = t else {
            error(e.startLocation, "\(what) takes \(ValueKind.quantity(want).displayName), found \(t.name)")
            return nil
        }
        if !d.compatible(.quantity(want)) || (want == .count && d.dimensioned != nil) {
            error(e.startLocation, "\(what) takes \(ValueKind.quantity(want).displayName), found \(d.name)")
            return nil
        }
        return d
    }

    mutating func checkDuration(_ t: Expr, _ what: String, allowZero: Bool) {
        guard numeric(t, what, .seconds) != nil, let c = constValue(t) else { return }
        if c.value < 0 || (!allowZero && c.value == 0) {
            error(t.startLocation, "\(what) needs a duration \(allowZero ? "of at least 0" : "greater than 0") (found \(show(c.value)))")
        } else if c.value > Limits.scenarioSeconds {
            error(t.startLocation, "\(what) is longer than 24 hours (\(show(c.value)) s)")
        }
    }

    mutating func checkTapHeader(_ s: Stmt, _ index: Expr?) {
        guard let index else {
            if current.header == nil {
                error(s.location, "'tap header' needs a header, and this scenario declares none (add 'header H')")
            }
            return
        }
        let sections = current.effectiveSections
        if case .string(let title) = index {
            if tableUnknown { return }
            guard sections.contains(where: { $0.title == title.value }) else {
                let titles = sections.compactMap { $0.title }
                var message = "no section is titled \(title.raw)"
                let near = suggestions(for: title.value, among: titles)
                if !near.isEmpty {
                    let q = near.map { quoteString($0) }
                    message += " (did you mean " + (q.count == 1 ? q[0] : q.dropLast().joined(separator: ", ") + " or " + q[q.count - 1]) + "?)"
                } else if titles.isEmpty {
                    message += " (this scenario's sections have no titles; tap one with 'tap header I')"
                } else if titles.count <= 8 {
                    message += " (the titles are \(titles.map { quoteString($0) }.joined(separator: ", ")))"
                }
                error(title.location, message)
                return
            }
            return
        }
        guard numeric(index, "tap header", .count) != nil, let c = constValue(index) else { return }
        if !tableUnknown, c.value == c.value.rounded(), c.value >= Double(sections.count) {
            error(index.startLocation, "section \(literalText(index, c.value)) does not exist (the table has \(countPhrase(sections.count, "section")))")
            return
        }
        guard let i = wholeNumber(c.value) else {
            error(index.startLocation, "a section index must be a whole number of at least 0 (found \(show(c.value)))")
            return
        }
        if tableUnknown { return }
        guard i < sections.count else {
            error(index.startLocation, "section \(i) does not exist (the table has \(countPhrase(sections.count, "section")))")
            return
        }
        if sections[i].title == nil {
            error(index.startLocation, "section \(i) has no header view to tap (it is untitled)")
        }
    }

    /// `tap row I J`: both whole numbers, the section and the row exist (when constant).
    mutating func checkTapRow(_ ie: Expr, _ je: Expr) {
        let a = numeric(ie, "tap row (section)", .count)
        let b = numeric(je, "tap row (row)", .count)
        guard a != nil, b != nil else { return }
        let sections = current.effectiveSections
        guard let ci = constValue(ie) else { return }
        guard ci.value.isFinite, ci.value == ci.value.rounded(), ci.value >= 0 else {
            error(ie.startLocation, "a section index must be a whole number of at least 0 (found \(show(ci.value)))")
            return
        }
        if tableUnknown { return }
        guard ci.value < Double(sections.count), let i = wholeNumber(ci.value) else {
            error(ie.startLocation, "section \(literalText(ie, ci.value)) does not exist (the table has \(countPhrase(sections.count, "section")))")
            return
        }
        guard let cj = constValue(je) else { return }
        guard cj.value.isFinite, cj.value == cj.value.rounded(), cj.value >= 0 else {
            error(je.startLocation, "a row index must be a whole number of at least 0 (found \(show(cj.value)))")
            return
        }
        if !(cj.value < Double(sections[i].rowCount)) {
            error(je.startLocation, "row \(literalText(je, cj.value)) does not exist in section \(i) (it has \(countPhrase(sections[i].rowCount, "row")))")
        }
    }

}
