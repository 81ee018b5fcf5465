// The checker: every problem it can see without running, in one pass (spec §2–§5).
// Output for a clean file: one CheckedScenario per scenario, ready for the interpreter.

/// One scenario ready to run: its world configuration and the statements that run.
public struct CheckedScenario: Equatable, Sendable {
    public var name: String
    /// The `scenario` keyword, or 1:1 of the file for a file without blocks.
    public var location: SourceLocation
    /// The scene block merged with the scenario's own configuration.
    public var config: SceneConfig
    /// The scenario's statements without configuration statements, in order
    /// (`repeat` blocks keep their bodies).
    public var statements: [Stmt]
}

/// The result of `checkSource`.
public struct CheckResult: Sendable {
    public var program: Program
    /// Empty when there is any diagnostic (nothing in a file with errors runs).
    public var scenarios: [CheckedScenario]
    /// Sorted by position; empty when the file is clean.
    public var diagnostics: [Diagnostic]
}

/// Lexes, parses and checks one file.
public func checkSource(_ source: SourceFile) -> CheckResult {
    let (program, parseDiags) = Parser.parse(source)
    var checker = Checker(fileScenarioName: source.scenarioName, file: source.name)
    checker.hadSyntaxErrors = !parseDiags.isEmpty
    let scenarios = checker.checkProgram(program)
    let all = sortedDiagnostics(parseDiags + checker.diagnostics)
    return CheckResult(program: program, scenarios: all.isEmpty ? scenarios : [], diagnostics: all)
}

/// Checks statements typed in the REPL against an existing configuration: the same rules
/// as in a file (names, kinds, units, ranges, indexes). Configuration statements are
/// checked for values only.
public func checkStatements(_ statements: [Stmt], config: SceneConfig) -> [Diagnostic] {
    let (cfg, configDiagnostics) = applyConfiguration(statements, to: config)
    var checker = Checker(fileScenarioName: "<repl>", file: "<repl>")
    for s in statements { checker.checkStatement(s, cfg, inRepeat: false) }
    return sortedDiagnostics(configDiagnostics + checker.diagnostics)
}

/// Applies configuration statements (typed in the REPL, say) on top of `config`, with the
/// same checks as in a file. Non-configuration statements are ignored. A `section` list
/// replaces the existing one, as in a scenario.
public func applyConfiguration(_ statements: [Stmt], to config: SceneConfig) -> (config: SceneConfig, diagnostics: [Diagnostic]) {
    var checker = Checker(fileScenarioName: "<repl>", file: "<repl>")
    var cfg = config
    var sections: [SectionConfig]?
    for s in statements where s.kind.isConfiguration {
        checker.applyConfig(s, to: &cfg, sections: &sections)
    }
    if let sections { cfg.sections = sections }
    return (cfg, sortedDiagnostics(checker.diagnostics))
}

struct Checker {
    let fileScenarioName: String
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Statements were lost to syntax errors: do not also report the file as empty.
    var hadSyntaxErrors = false
    /// A `section`/`sections` line of the scenario being checked (or of the scene) had an
    /// error, so the table's shape is unknown: indexes into it are not checked (one error
    /// at the value; nothing further about that table).
    var tableUnknown = false
    /// `tableUnknown` as the scene block left it (each scenario starts from it).
    var sceneTableUnknown = false

    init(fileScenarioName: String, file: String) {
        self.fileScenarioName = fileScenarioName
        self.file = file
    }

    mutating func error(_ l: SourceLocation, _ m: String) {
        diagnostics.append(Diagnostic(l, m))
    }

    // MARK: - File structure (§2)

    mutating func checkProgram(_ p: Program) -> [CheckedScenario] {
        let top = p.statements
        let hasBlocks = top.contains {
            if case .scene = $0.kind { return true }
            if case .scenario = $0.kind { return true }
            return false
        }
        if top.isEmpty {
            if hadSyntaxErrors { return [] }
            error(SourceLocation(file: file, line: 1, column: 1), "no scenario found (the file has no statements)")
            return []
        }
        if !hasBlocks {
            let l = SourceLocation(file: file, line: 1, column: 1)
            return [checkScenario(name: fileScenarioName, location: l, body: top, base: SceneConfig())].compactMap { $0 }
        }
        var base = SceneConfig()
        var sceneSeen = false
        var scenarioSeen = false
        var names: [String: SourceLocation] = [:]  // lookup only; never iterated
        names.reserveCapacity(top.count)
        var out: [CheckedScenario] = []
        for s in top {
            switch s.kind {
            case .scene(let block):
                if sceneSeen {
                    error(s.location, "only one scene block is allowed")
                } else if scenarioSeen {
                    error(s.location, "the scene block must come before the scenarios")
                }
                sceneSeen = true
                base = checkScene(block)
            case .scenario(let name, let body):
                scenarioSeen = true
                if let first = names[name.value] {
                    error(name.location, "duplicate scenario name \(name.raw) (first at line \(first.line))")
                } else {
                    names[name.value] = name.location
                }
                if let c = checkScenario(name: name.value, location: s.location, body: body.statements, base: base) {
                    out.append(c)
                }
            default:
                error(s.location, "'\(s.kind.keyword)' is outside any scenario (a file with scene or scenario blocks holds nothing else at top level)")
            }
        }
        if !scenarioSeen, let first = top.first {
            error(first.location, "no scenario found (the file has a scene block but no scenario)")
        }
        return out
    }

    /// The scene block: configuration only.
    mutating func checkScene(_ block: Block) -> SceneConfig {
        tableUnknown = false
        defer { sceneTableUnknown = tableUnknown }
        var cfg = SceneConfig()
        var sections: [SectionConfig]?
        for s in block.statements {
            if s.kind.isConfiguration {
                applyConfig(s, to: &cfg, sections: &sections)
            } else {
                error(s.location, "only configuration statements may appear in a scene block ('\(s.kind.keyword)' is not one)")
            }
        }
        if let sections { cfg.sections = sections }
        return cfg
    }

    mutating func checkScenario(name: String, location: SourceLocation, body: [Stmt], base: SceneConfig) -> CheckedScenario? {
        var cfg = base
        tableUnknown = sceneTableUnknown
        var sections: [SectionConfig]?
        var firstTimeStatement: Stmt?
        var runnable: [Stmt] = []
        runnable.reserveCapacity(body.count)
        for s in body {
            if s.kind.isConfiguration {
                if let t = firstTimeStatement {
                    error(s.location, "configuration ('\(s.kind.keyword)') must come before the first statement that advances time or touches ('\(t.kind.keyword)' at line \(t.location.line))")
                }
                applyConfig(s, to: &cfg, sections: &sections)
            } else {
                if firstTimeStatement == nil && s.kind.advancesTime { firstTimeStatement = s }
                runnable.append(s)
            }
        }
        if let sections { cfg.sections = sections }
        current = cfg
        for s in runnable { checkCurrentStatement(s, inRepeat: false) }
        return CheckedScenario(name: name, location: location, config: cfg, statements: runnable)
    }

    // MARK: - Configuration (§3)

    /// A constant number for a configuration value, with its dimension checked.
    mutating func configNumber(_ e: Expr, _ what: String, _ want: Quantity) -> Double? {
        guard let c = constValue(e) else {
            if hasOverflowedLiteral(e) { return nil }   // the lexer said "too large" already
            if case .bool = e {
                error(e.location, "\(what) takes \(ValueKind.quantity(want).displayName), not true/false")
            } else if case .name(let n, _) = e {
                error(e.location, "\(what) takes \(ValueKind.quantity(want).displayName), not '\(n)'")
            } else {
                error(e.startLocation, "\(what) must be a number written in the file")
            }
            return nil
        }
        if !c.dim.compatible(.quantity(want)) || (c.dim.dimensioned != nil && want != .points && want != .seconds && want != .velocity) {
            error(e.startLocation, "\(what) takes \(ValueKind.quantity(want).displayName), found \(c.dim.name)")
            return nil
        }
        guard c.value.isFinite else { return nil }
        return c.value
    }

    mutating func wholeConfigNumber(_ e: Expr, _ what: String) -> Int? {
        guard let v = configNumber(e, what, .count) else { return nil }
        guard let n = wholeNumber(v) else {
            error(e.startLocation, "\(what) must be a whole number of at least 0 (found \(show(v)))")
            return nil
        }
        return n
    }

    mutating func applyConfig(_ s: Stmt, to cfg: inout SceneConfig, sections: inout [SectionConfig]?) {
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
            if let v = configNumber(w, "screen width", .points) {
                if Limits.screenSide.contains(v) { cfg.screenWidth = v } else {
                    error(w.startLocation, "screen width must be between 1 and 10000 (found \(show(v)))")
                }
            }
            if let v = configNumber(h, "screen height", .points) {
                if Limits.screenSide.contains(v) { cfg.screenHeight = v } else {
                    error(h.startLocation, "screen height must be between 1 and 10000 (found \(show(v)))")
                }
            }
        case .fps(let e):
            if let v = configNumber(e, "fps", .count) {
                if let n = wholeNumber(v), Limits.fpsRange.contains(n) { cfg.fps = n } else {
                    error(e.startLocation, "fps must be a whole number from 1 to 1000 (found \(show(v)))")
                }
            }
        case .header(let he, let options):
            applyHeader(he, options, &cfg)
        case .toolbar(let he):
            var h = SceneConfig.defaultToolbarHeight
            if let he, let v = configNumber(he, "toolbar height", .points) {
                if Limits.toolbarHeight.contains(v) { h = v } else {
                    error(he.startLocation, "toolbar height must be \(Limits.toolbarHeight.description) (found \(show(v)))")
                }
            }
            cfg.toolbarHeight = h
        case .section(let title, let rows, let open):
            var sec = SectionConfig(title: title?.value, rowCount: 0, open: open ?? true)
            switch rows {
            case .count(let e):
                if let n = wholeConfigNumber(e, "a section's row count") { sec.rowCount = n }
            case .titles(let ts):
                sec.rowCount = ts.count
                sec.rowTitles = ts.map { $0.value }
            }
            appendSections([sec], s.location, &sections)
        case .sections(let ne, let me):
            guard let n = wholeConfigNumber(ne, "the number of sections"),
                  let m = wholeConfigNumber(me, "the number of rows") else { return }
            if n > Limits.maxSections {
                error(ne.startLocation, "too many sections: \(n) (at most \(Limits.maxSections))")
                return
            }
            if m > Limits.maxRows {
                error(me.startLocation, "too many rows: \(m) (at most \(Limits.maxRows) in the table)")
                return
            }
            let list = (0..<n).map { SectionConfig(title: "Section \($0)", rowCount: m) }
            appendSections(list, s.location, &sections)
        case .accordion(let single):
            cfg.accordion = single ? .single : .multiple
        case .set(let name, let nameLoc, let value):
            applySet(name, nameLoc, value, &cfg)
        default:
            break
        }
    }

    /// The row total of the list `appendSections` last built, and that list's length: a
    /// running total, so that 10,000 `section` lines are O(n), not O(n²) (20,000 took 15 s).
    var sectionRowsCache = (count: 0, rows: 0)

    mutating func appendSections(_ list: [SectionConfig], _ l: SourceLocation, _ sections: inout [SectionConfig]?) {
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
            error(l, "too many sections (at most \(Limits.maxSections))")
            return
        }
        if rowsBefore + rowsAdded > Limits.maxRows {
            error(l, "too many rows (at most \(Limits.maxRows) in the table)")
            return
        }
        all.append(contentsOf: list)
        sectionRowsCache = (all.count, rowsBefore &+ rowsAdded)
    }

    mutating func applyHeader(_ he: Expr, _ options: [HeaderOption], _ cfg: inout SceneConfig) {
        // A header whose height is wrong is still declared: one error at the value, and
        // nothing further about the header (`header.height`, `tap header` were reported as
        // "needs a header, and this scenario declares none"). A file with errors never runs,
        // so the stand-in height below is never simulated.
        var known: Double?
        if let v = configNumber(he, "header height", .points) {
            if Limits.headerHeight.contains(v) {
                known = v
            } else {
                error(he.startLocation, "header height must be \(Limits.headerHeight.description) (found \(show(v)))")
            }
        }
        let h = known ?? 1
        var header = HeaderConfig(height: h)
        for o in options {
            switch o {
            case .pin(let e, _):
                if let p = configNumber(e, "pin", .points) {
                    // With the height unknown only the lower bound can be checked.
                    if p >= 0 && p <= (known ?? .infinity) { header.pin = min(p, h) } else {
                        error(e.startLocation, known == nil ? "pin must be at least 0 (found \(show(p)))"
                              : "pin must be between 0 and the header height \(show(h)) (found \(show(p)))")
                    }
                }
            case .parallax(let e, _):
                if let f = configNumber(e, "parallax", .number) {
                    if f >= 0 && f <= 1 { header.parallax = f } else {
                        error(e.startLocation, "parallax must be between 0 and 1 (found \(show(f)))")
                    }
                }
            case .toggle(let e, _):
                if let t = configNumber(e, "toggle height", .points) {
                    if Limits.headerHeight.contains(t) { header.toggle = t } else {
                        error(e.startLocation, "toggle height must be \(Limits.headerHeight.description) (found \(show(t)))")
                    }
                }
            case .nostretch:
                header.stretches = false
            }
        }
        cfg.header = header
    }

    mutating func applySet(_ name: String, _ nameLoc: SourceLocation, _ value: Expr, _ cfg: inout SceneConfig) {
        guard let id = TunableID(rawValue: name) else {
            error(nameLoc, "unknown tunable '\(clip(name))'" + unknownTunableHint(name))
            return
        }
        let named = id.namedValues
        if case .name(let n, let l) = value {
            if let v = named.first(where: { $0.name == n }) {
                cfg.tunables[id] = v.value
            } else if named.isEmpty {
                error(l, "\(name) takes \(id.kind.displayName), not '\(n)'")
            } else {
                error(l, "'\(n)' is not a value of \(name) (use a number or \(named.map { "'\($0.name)'" }.joined(separator: ", ")))")
            }
            return
        }
        if case .bool(let b, let l) = value {
            if id.kind == .bool { cfg.tunables[id] = b ? 1 : 0 } else {
                error(l, "\(name) takes \(id.kind.displayName), not true/false")
            }
            return
        }
        guard case .quantity(let q) = id.kind else {
            error(value.startLocation, "\(name) takes true or false")
            return
        }
        guard let v = configNumber(value, name, q) else { return }
        guard id.range.contains(v) else {
            error(value.startLocation, "\(name) must be \(id.range.description) (found \(show(v)))")
            return
        }
        cfg.tunables[id] = v
    }

    /// ` (did you mean ...?)`, else the tunables of the same family (`toolbar.*`), else
    /// every tunable: a user guessing a name learns the real ones.
    func unknownTunableHint(_ name: String) -> String {
        let all = TunableID.allCases.map { $0.rawValue }
        let special = nonASCIIHint(name, candidates: all)
        if !special.isEmpty { return special }
        let near = didYouMean(name, all)
        if !near.isEmpty { return near }
        if let dot = name.firstIndex(of: ".") {
            let family = String(name[..<dot]) + "."
            let same = all.filter { $0.hasPrefix(family) }
            if !same.isEmpty { return " (the \(name[..<dot]) tunables are \(same.joined(separator: ", ")))" }
        }
        return " (the tunables are \(all.joined(separator: ", ")))"
    }

    // MARK: - Statements (§4, §5)

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

    // MARK: - Expressions

    /// Where a `?` (a value to record) may stand in the statement being checked.
    enum PlaceholderRule {
        /// Not in this statement.
        case notHere
        /// A plain `expect`: right of `==`/`~=`.
        case allowed
        /// `expect within` / `expect always`: never.
        case timed(String)
    }
    var placeholderRule = PlaceholderRule.notHere
    /// Inside `not` or `or`, where a recorded value would not make the expectation hold.
    var placeholderBlocked = 0

    mutating func placeholderError(_ l: SourceLocation) {
        switch placeholderRule {
        case .timed(let what):
            error(l, "'\(what)' takes no '?': a value is recorded at one moment (record it with a plain 'expect' after a 'wait')")
        case .allowed where placeholderBlocked > 0:
            error(l, "'?' cannot be recorded under 'not' or 'or' (the recorded value would not decide the expectation); write the value")
        default:
            error(l, "'?' (a value to record) can only stand right of '==' or '~=' in an 'expect' (as in 'expect header.height ~= ?')")
        }
    }

    /// The world the current expression is checked against (set by typeOf's callers).
    var current = SceneConfig()

    /// The static type of `e`, reporting problems; nil after an error (no cascade).
    mutating func typeOf(_ e: Expr, _ cfg: SceneConfig) -> Ty? {
        current = cfg
        return type(e)
    }

    private mutating func type(_ e: Expr) -> Ty? {
        switch e {
        case .number(let n, _): return .num(Dim.of(n.unit))
        case .string: return .string
        case .bool: return .bool
        case .paren(let x, _): return type(x)
        case .placeholder(let l):
            placeholderError(l)
            return nil
        case .name(let n, let l): return nameType(n, l)
        case .indexed(let base, let indexes, let member, let l):
            return indexedType(base, indexes, member, l)
        case .unary(.negate, let x, let l):
            guard let t = type(x) else { return nil }
            guard case .num = t else {
                error(l, "'-' needs a number, found \(t.name)")
                return nil
            }
            return t
        case .unary(.not, let x, let l):
            placeholderBlocked += 1
            let tx = type(x)
            placeholderBlocked -= 1
            guard let t = tx else { return nil }
            guard t == .bool else {
                error(l, "'not' needs a condition (true or false), found \(t.name)")
                return nil
            }
            return .bool
        case .binary(let op, let a, let b, let l):
            return binaryType(op, a, b, l)
        case .compare(let op, let a, let b, let tol, let l):
            return compareType(op, a, b, tol, l)
        }
    }

    private mutating func binaryType(_ op: BinaryOp, _ a: Expr, _ b: Expr, _ l: SourceLocation) -> Ty? {
        if op == .or { placeholderBlocked += 1 }
        let ta = type(a), tb = type(b)
        if op == .or { placeholderBlocked -= 1 }
        guard let ta, let tb else { return nil }
        if op == .and || op == .or {
            for t in [ta, tb] where t != .bool {
                error(l, "'\(op.rawValue)' needs conditions (true or false), found \(t.name)")
                return nil
            }
            return .bool
        }
        guard case .num(let da) = ta, case .num(let db) = tb else {
            let bad = { if case .num = ta { return tb } else { return ta } }()
            error(l, "'\(op.rawValue)' needs numbers, found \(bad.name)")
            return nil
        }
        switch op {
        case .add, .subtract:
            if !da.compatible(db) {
                error(l, "cannot \(op == .add ? "add" : "subtract") \(db.name) \(op == .add ? "to" : "from") \(da.name)")
                return nil
            }
            return .num(da.dimensioned != nil ? da : db)
        case .multiply:
            return .num(da.dimensioned != nil ? (db.dimensioned != nil ? .bare : da) : db)
        default:
            if let c = constValue(b), c.value == 0 {
                error(l, "division by zero")
                return nil
            }
            if db.dimensioned == nil { return .num(da) }
            return .num(.bare)
        }
    }

    private mutating func compareType(_ op: CompareOp, _ a: Expr, _ b: Expr, _ tol: Expr?, _ l: SourceLocation) -> Ty? {
        if case .placeholder(let pl) = b {
            return recordedCompareType(op, a, pl, tol, l)
        }
        let ta = type(a)
        // `toolbar.state == visible`: an unknown word compared with a state lists the states.
        if case .state(let family)? = ta, case .name(let n, let nl) = b, resolveName(n) == nil,
           ObservableID(rawValue: n) == nil {
            error(nl, "'\(clip(n))' is not a \(family.rawValue) state (they are \(family.names.joined(separator: ", ")))"
                  + wordHint(n, family.names))
            return nil
        }
        // `toolbar.state == "hidden"`: a state is a bare word.
        if case .state(let family)? = ta, case .string(let str) = b {
            if family.names.contains(str.value) {
                error(str.location, "a state is a bare word: write \(str.value), not \(str.raw)")
            } else {
                error(str.location, "a \(family.rawValue) state is compared with a bare word (\(family.names.joined(separator: ", "))), not a string")
            }
            return nil
        }
        let tb = type(b)
        var tt: Ty?
        if let tol { tt = type(tol) }
        guard let ta, let tb else { return nil }
        if ta == .rect || tb == .rect {
            error(l, "rects cannot be compared (compare their parts, e.g. header.y or header.height)")
            return nil
        }
        switch (ta, tb) {
        case (.num(let da), .num(let db)):
            if !da.compatible(db) {
                error(l, "cannot compare \(da.name) with \(db.name)")
                return nil
            }
            if let tt {
                guard case .num(let dt) = tt, dt.compatible(da), dt.compatible(db) else {
                    error(tol?.startLocation ?? l, "the tolerance after 'within' must be \(da.dimensioned != nil ? da.name : db.name), found \(tt.name)")
                    return nil
                }
            }
            return .bool
        default:
            break
        }
        if op != .eq && op != .ne {
            let bad = { if case .num = ta { return tb } else { return ta } }()
            error(l, "'\(op.rawValue)' needs numbers, found \(bad.name) (only == and != compare other values)")
            return nil
        }
        switch (ta, tb) {
        case (.bool, .bool), (.string, .string): return .bool
        case (.state(let x), .state(let y)):
            if x != y {
                let stateName = stateLiteralName(b) ?? stateLiteralName(a)
                if let stateName {
                    error(l, "'\(stateName)' is not a \(x == StateSet.family(of: stateName) ? y.rawValue : x.rawValue) state (\(x == StateSet.family(of: stateName) ? y.names.joined(separator: ", ") : x.names.joined(separator: ", ")))")
                } else {
                    error(l, "cannot compare \(ta.name) with \(tb.name)")
                }
                return nil
            }
            return .bool
        default:
            error(l, "cannot compare \(ta.name) with \(tb.name)")
            return nil
        }
    }

    /// `a == ?` / `a ~= ?` in a plain `expect`: the value of `a` is what gets recorded.
    private mutating func recordedCompareType(_ op: CompareOp, _ a: Expr, _ pl: SourceLocation, _ tol: Expr?, _ l: SourceLocation) -> Ty? {
        let ta = type(a)
        guard case .allowed = placeholderRule, placeholderBlocked == 0 else {
            placeholderError(pl)
            return nil
        }
        guard op == .eq || op == .approx else {
            error(pl, "'?' records a value for '==' or '~=' only, not '\(op.rawValue)'")
            return nil
        }
        guard let ta else { return nil }
        if ta == .rect {
            error(l, "rects cannot be compared (compare their parts, e.g. header.y or header.height)")
            return nil
        }
        if op == .approx {
            guard case .num(let da) = ta else {
                error(l, "'~=' needs numbers, found \(ta.name) (record it with '== ?')")
                return nil
            }
            if let tol, let tt = type(tol) {
                guard case .num(let dt) = tt, dt.compatible(da) else {
                    error(tol.startLocation, "the tolerance after 'within' must be \(da.name), found \(tt.name)")
                    return nil
                }
            }
        }
        return .bool
    }

    private func stateLiteralName(_ e: Expr) -> String? {
        if case .name(let n, _) = e, StateSet.family(of: n) != nil { return n }
        return nil
    }

    /// `section[I].MEMBER` and `row[I,J].MEMBER` by member (lookup only, never iterated).
    static let sectionMembers: [String: ObservableID] = membersTable(.section)
    static let rowMembers: [String: ObservableID] = membersTable(.row)
    /// The same lookups without hashing Strings (a miss falls back to the tables above).
    static let fastSectionMembers = PackedNameTable(sectionMembers.map { ($0.key, $0.value) })
    static let fastRowMembers = PackedNameTable(rowMembers.map { ($0.key, $0.value) })
    /// `resolveName` for every plain name it knows, without hashing Strings.
    static let plainNameRefs = PackedNameTable(
        (ObservableID.allCases.map { $0.rawValue } + TunableID.allCases.map { $0.rawValue } + StateSet.allNames)
            .compactMap { n in resolveName(n).map { (n, $0) } })

    static func membersTable(_ form: Subscript) -> [String: ObservableID] {
        var t: [String: ObservableID] = [:]
        for id in ObservableID.allCases where id.subscriptForm == form {
            if let m = id.member { t[m] = id }
        }
        return t
    }

    static let plainNames: [String] =
        ObservableID.allCases.filter { $0.subscriptForm == .none }.map { $0.rawValue }
        + TunableID.allCases.map { $0.rawValue } + StateSet.allNames + ["true", "false"]

    private mutating func nameType(_ n: String, _ l: SourceLocation) -> Ty? {
        guard let ref = Checker.plainNameRefs.find(n) ?? resolveName(n) else {
            if let o = ObservableID(rawValue: n), o.subscriptForm != .none {
                error(l, "'\(n)' needs an index: \(o.displayName)")
            } else if TunableID.allCases.contains(where: { $0.namedValues.contains { $0.name == n } }) {
                error(l, "'\(n)' is a value for 'set', not an observable")
            } else {
                error(l, "unknown name '\(clip(n))'" + wordHint(n, Checker.plainNames, quotes: true))
            }
            return nil
        }
        switch ref {
        case .observable(let o):
            switch o.requirement {
            case .header where current.header == nil:
                error(l, "'\(n)' needs a header, and this scenario declares none (add 'header H')")
                return nil
            case .toolbar where current.toolbarHeight == nil:
                error(l, "'\(n)' needs a toolbar, and this scenario declares none (add 'toolbar')")
                return nil
            default:
                return Ty.of(o.kind)
            }
        case .tunable(let t): return Ty.of(t.kind)
        case .state(_, let s): return .state(s)
        }
    }

    private mutating func indexedType(_ base: String, _ indexes: [Expr], _ member: String, _ l: SourceLocation) -> Ty? {
        let form: Subscript
        switch base {
        case "section": form = .section
        case "row": form = .row
        default:
            error(l, "unknown name '\(base)[...]'" + didYouMean(base, ["section", "row"]))
            return nil
        }
        let want = form == .section ? 1 : 2
        guard indexes.count == want else {
            error(l, form == .section ? "section takes one index: section[I].\(member)" : "row takes two indexes: row[I,J].\(member)")
            return nil
        }
        let memberTable = form == .section ? Checker.fastSectionMembers : Checker.fastRowMembers
        guard let id = memberTable.find(member) ?? (form == .section ? Checker.sectionMembers : Checker.rowMembers)[member] else {
            let members = ObservableID.allCases.filter { $0.subscriptForm == form }.compactMap { $0.member }
            error(l, "unknown property '\(member)' of \(base)[...]" + didYouMean(member, members))
            return nil
        }
        var values: [Int?] = []
        for ix in indexes {
            guard let t = type(ix) else { return nil }
            guard case .num(let d) = t, d.dimensioned == nil else {
                error(ix.startLocation, "an index must be a whole number, found \(t.name)")
                return nil
            }
            if let c = constValue(ix) {
                guard let v = wholeNumber(c.value) else {
                    error(ix.startLocation, "an index must be a whole number of at least 0 (found \(show(c.value)))")
                    return nil
                }
                values.append(v)
            } else {
                values.append(nil)
            }
        }
        let sections = current.effectiveSections
        if let s = values[0], !tableUnknown {
            if s >= sections.count {
                error(indexes[0].startLocation, "section \(s) does not exist (the table has \(countPhrase(sections.count, "section")))")
                return nil
            }
            if form == .row, let r = values[1], r >= sections[s].rowCount {
                error(indexes[1].startLocation, "row \(r) does not exist in section \(s) (it has \(countPhrase(sections[s].rowCount, "row")))")
                return nil
            }
        }
        return Ty.of(id.kind)
    }
}

/// `4 sections, 0 to 3`, `1 section, 0`, `0 rows`.
func countPhrase(_ n: Int, _ noun: String) -> String {
    switch n {
    case 0: return "no \(noun)s"
    case 1: return "1 \(noun), numbered 0"
    default: return "\(n) \(noun)s, 0 to \(n - 1)"
    }
}

/// A lookup table from short ASCII names (at most 16 bytes) to values, keyed by the
/// name's bytes packed into two integers: no String hashing. `find` returns nil for any
/// name it does not hold (callers fall back to the full table). Lookup only, never iterated.
struct PackedNameTable<Value> {
    private var keys: [(UInt64, UInt64)]
    private var values: [Value?]
    private let mask: Int

    init(_ entries: [(String, Value)]) {
        var size = 64
        while size < entries.count * 4 { size *= 2 }
        keys = Array(repeating: (0, 0), count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in entries {
            guard let (lo, hi) = PackedNameTable.pack(name) else { continue }
            var i = WordTable.hash(lo, hi) & mask
            while keys[i].0 != 0 && !(keys[i].0 == lo && keys[i].1 == hi) { i = (i + 1) & mask }
            keys[i] = (lo, hi)
            values[i] = value
        }
    }

    /// A non-empty ASCII name of at most 16 bytes, packed; nil otherwise.
    @inline(__always)
    static func pack(_ name: String) -> (UInt64, UInt64)? {
        let packed = name.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
            guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
            var lo: UInt64 = 0, hi: UInt64 = 0
            for k in 0..<bytes.count {
                let b = bytes[k]
                if b >= 0x80 { return nil }
                if k < 8 { lo |= UInt64(b) << (8 * UInt64(k)) } else { hi |= UInt64(b) << (8 * UInt64(k - 8)) }
            }
            return (lo, hi)
        }
        return packed ?? nil
    }

    func find(_ name: String) -> Value? {
        guard let (lo, hi) = PackedNameTable.pack(name) else { return nil }
        var i = WordTable.hash(lo, hi) & mask
        while keys[i].0 != 0 {
            if keys[i].0 == lo && keys[i].1 == hi { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }
}
