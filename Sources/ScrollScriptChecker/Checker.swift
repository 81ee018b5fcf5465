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
    /// What the checker resolved each name of `statements` to: what lowering reads.
    public var names: CheckedNames
}

/// The result of `checkSource`.
public struct CheckResult: Sendable {
    public var program: Program
    /// Empty when there is any diagnostic (nothing in a file with errors runs).
    public var scenarios: [CheckedScenario]
    /// Sorted by position; empty when the file is clean.
    public var diagnostics: [Diagnostic]
    /// Warnings (`Problem.warning`), sorted by position: they stop nothing.
    public var warnings: [Diagnostic] = []
}

/// Lexes, parses and checks one file, keeping its whole tree (`Program`): for the
/// formatter, the editor server and the REPL. `run` and `check` stream (ScenarioStream.swift).
public func checkSource(_ source: SourceFile, registry: BehaviourRegistry = .builtIn) -> CheckResult {
    // (v1.5) The behaviours it declares and imports join the registry (spec §9).
    let declared = fileDeclarations(source, base: registry)
    let lexicon = Lexicon.of(declared.registry)
    var parser = Parser(lexer: Lexer(bytes: source.bytes, file: source.name), file: source.name, lexicon: lexicon)
    let program = parser.parseProgram()
    let parseDiags = parser.syntaxDiagnostics
    var checker = Checker(fileScenarioName: source.scenarioName, file: source.name, lexicon: lexicon)
    checker.declaresBehaviours = declared.declares
    var scenarios: [CheckedScenario] = []
    for s in program.statements {
        if let c = checker.checkTopLevel(s) { scenarios.append(c) }
    }
    if let c = checker.finishFile(hadSyntaxErrors: !parseDiags.isEmpty) { scenarios.append(c) }
    let all = sortedDiagnostics(declared.filtered(parseDiags + checker.diagnostics, alsoRefused: parser.refusedBehaviourNames)
                                + declared.diagnostics)
    return CheckResult(program: program, scenarios: all.isEmpty ? scenarios : [], diagnostics: all,
                       warnings: checker.finalWarnings(syntaxErrors: parseDiags, assertionComments: parser.assertionComments))
}

/// `checkSource`'s diagnostics for text as it is written: no statement is read as a
/// guess (what a guess itself is checked with).
package func checkAsWritten(_ text: String, lexicon: Lexicon) -> [Diagnostic] {
    let (program, parseDiags) = parseAsWritten(text, lexicon: lexicon)
    var checker = Checker(fileScenarioName: "guess", file: "guess", lexicon: lexicon)
    checker.guessing = true
    for s in program.statements { _ = checker.checkTopLevel(s) }
    _ = checker.finishFile(hadSyntaxErrors: !parseDiags.isEmpty)
    return parseDiags + checker.diagnostics
}

/// Checks statements typed in the REPL against an existing configuration: the same rules
/// as in a file (names, kinds, units, ranges, indexes). Configuration statements are
/// checked for values only. `lets`: the names the session bound with `let` before, each
/// with its value's kind and where it was bound.
public func checkStatements(_ statements: [Stmt], config: SceneConfig, lets: [String: LetBinding] = [:]) -> [Diagnostic] {
    checkStatementsAndWarn(statements, config: config, lets: lets).errors
}

/// `checkStatements`, with the warnings as well, and what each name of the statements
/// stands for (what `Interpreter.append(_:names:)` and `evaluate(_:names:)` lower with).
public func checkStatementsAndWarn(_ statements: [Stmt], config: SceneConfig, lets: [String: LetBinding] = [:])
    -> (errors: [Diagnostic], warnings: [Diagnostic], names: CheckedNames) {
    let (cfg, configDiagnostics) = applyConfiguration(statements, to: config)
    var checker = Checker(fileScenarioName: "<repl>", file: "<repl>", lexicon: Lexicon.of(config.registry))
    checker.lets = lets.mapValues { LetBinding(type: $0.type, location: nil) }
    // The REPL prints an expression typed alone: no warning that a file would drop it.
    checker.warnsAboutLoneExpressions = false
    for s in statements { checker.checkStatement(s, cfg, inRepeat: false) }
    return (sortedDiagnostics(configDiagnostics + checker.diagnostics), sortedDiagnostics(checker.warnings), checker.names)
}

/// Applies configuration statements (typed in the REPL, say) on top of `config`, with the
/// same checks as in a file. Non-configuration statements are ignored. A `section` list
/// replaces the existing one, as in a scenario.
public func applyConfiguration(_ statements: [Stmt], to config: SceneConfig) -> (config: SceneConfig, diagnostics: [Diagnostic]) {
    var checker = Checker(fileScenarioName: "<repl>", file: "<repl>", lexicon: Lexicon.of(config.registry))
    var cfg = config
    var sections: [SectionConfig]?
    var words = DeclaredWords()
    for s in statements where s.kind.isConfiguration {
        checker.applyConfigGuessing(s, to: &cfg, sections: &sections, words: &words)
    }
    if let sections { cfg.sections = sections }
    checker.checkConditions(cfg, words)
    return (cfg, sortedDiagnostics(checker.diagnostics))
}

package struct Checker {
    package let fileScenarioName: String
    package let file: String
    /// The words and names of the registered behaviours.
    package let lexicon: Lexicon
    /// `lexicon.registry`, kept here: read from the lexicon (a class), every use retained
    /// and released what a registry holds; read from `self` it is borrowed.
    package let registry: BehaviourRegistry
    package var diagnostics: [Diagnostic] = []
    /// Suspicious but valid (`Problem.warning`): reported apart, stop nothing.
    package var warnings: [Diagnostic] = []
    /// The checker has said `too many errors` (it says it once: `stopsForTooManyErrors`).
    package var saidTooManyErrors = false
    /// The file's structure so far (see `checkTopLevel`).
    package var layout = FileLayout.undecided([])
    /// The configuration the scene block gives every scenario, and where its words stand.
    package var base: SceneConfig
    package var baseWords = DeclaredWords()
    package var sceneSeen = false
    package var scenarioSeen = false
    /// The line of each scenario name so far (lookup only; never iterated).
    package var scenarioNames: [String: Int32] = [:]
    package var firstTopLevel: SourceLocation?
    /// Whether a checked scenario carries its statements (not when only counted: `check`).
    package var keepsStatements = true
    /// A `section`/`sections` line of the scenario being checked (or of the scene) had an
    /// error, so the table's shape is unknown: indexes into it are not checked (one error
    /// at the value; nothing further about that table).
    package var tableUnknown = false
    /// `tableUnknown` as the scene block left it (each scenario starts from it).
    package var sceneTableUnknown = false
    /// The names of the file's refused `use` statements (lookup only; never iterated).
    package var refusedUses: Set<String> = []
    /// The last line where a name of a refused `use` was read.
    package var lineReadingRefusedUse = -1
    /// (v1.5) The file declares or imports behaviours: with nothing else it is not empty.
    package var declaresBehaviours = false

    package init(fileScenarioName: String, file: String, lexicon: Lexicon = .builtIn) {
        self.fileScenarioName = fileScenarioName
        self.file = file
        self.lexicon = lexicon
        registry = lexicon.registry
        base = SceneConfig(registry: lexicon.registry)
        current = base
    }

    package mutating func error(_ l: SourceLocation, _ p: CheckProblem) {
        // After `use NAME` was refused, NAME's own names (`fade.alpha`) and the bare words
        // of a statement that reads one (its states: `fade.state == visible`) are the same
        // mistake again: the first error says what to do.
        if case .unknownName(let n, _) = p, !refusedUses.isEmpty {
            if let dot = n.firstIndex(of: "."), refusedUses.contains(String(n[..<dot])) {
                lineReadingRefusedUse = l.line
                return
            }
            if !n.contains("."), lineReadingRefusedUse == l.line { return }
        }
        diagnostics.append(Diagnostic(l, .check(p)))
    }

    /// At most `DiagnosticLimits.maxPerFile` warnings are kept per file.
    package mutating func warn(_ l: SourceLocation, _ w: CheckWarning) {
        if warnings.count < DiagnosticLimits.maxPerFile { warnings.append(Diagnostic(l, .warning(w))) }
    }

    /// The file's warnings once it is read to its end, sorted: the checker's, the comments
    /// the lexer warned about, and each scenario that checks nothing — unless the scenario
    /// holds a syntax error or an assertion comment (`#expect(...)`): that one mistake is
    /// said once, where it is.
    package func finalWarnings(syntaxErrors: [Diagnostic], assertionComments: [AssertionComment]) -> [Diagnostic] {
        let commentWarnings = assertionComments.map {
            Diagnostic($0.location, .warning(.assertionComment(written: $0.written, condition: $0.condition,
                                                               inScene: sceneSpan?.contains($0.location.offset) ?? false)))
        }
        var all = warnings + commentWarnings
        for (d, span) in checksNothing where all.count < DiagnosticLimits.maxPerFile {
            let inside = { (x: Diagnostic) in span.contains(x.location.offset) }
            if !syntaxErrors.contains(where: inside) && !commentWarnings.contains(where: inside) { all.append(d) }
        }
        return sortedDiagnostics(all)
    }

    // MARK: - File structure (§2)
    //
    // Top-level statements come one at a time (`checkTopLevel`, then `finishFile`). Until
    // the first scene or scenario block it is not known whether the file has blocks, so
    // the statements before it wait in `layout`: with no block at all they are the file's
    // one scenario; once a block comes they are errors (nothing else is at top level).

    package enum FileLayout {
        /// No scene or scenario block yet: the statements so far.
        case undecided([Stmt])
        case blocks
    }

    /// Checks one top-level statement; a scenario block comes back checked.
    package mutating func checkTopLevel(_ s: Stmt) -> CheckedScenario? {
        if firstTopLevel == nil { firstTopLevel = s.location }
        guard case .undecided(var waiting) = layout else { return checkInFileWithBlocks(s) }
        layout = .blocks  // moved out of `layout`, so the append below does not copy
        switch s.kind {
        case .scene, .scenario:
            for w in waiting { _ = checkInFileWithBlocks(w) }
            return checkInFileWithBlocks(s)
        default:
            waiting.append(s)
            layout = .undecided(waiting)
            return nil
        }
    }

    /// The end of the file: a file without blocks is checked now, as one scenario.
    package mutating func finishFile(hadSyntaxErrors: Bool) -> CheckedScenario? {
        switch layout {
        case .undecided(let top):
            if top.isEmpty {
                // Statements were lost to syntax errors: do not also report the file as empty.
                if !hadSyntaxErrors && !declaresBehaviours {
                    error(SourceLocation(file: file, line: 1, column: 1), .noStatements)
                }
                return nil
            }
            let l = SourceLocation(file: file, line: 1, column: 1)
            // No scene came before (it would have made the file one with blocks): `base` is
            // the default configuration.
            return checkScenario(name: fileScenarioName, location: l, body: top, span: 0...Int.max)
        case .blocks:
            if !scenarioSeen, let first = firstTopLevel {
                error(first, .sceneWithoutScenario)
            }
            return nil
        }
    }

    /// A top-level statement of a file with blocks.
    private mutating func checkInFileWithBlocks(_ s: Stmt) -> CheckedScenario? {
        switch s.kind {
        case .scene(let block):
            if sceneSeen {
                error(s.location, .secondScene)
            } else if scenarioSeen {
                error(s.location, .sceneAfterScenario)
            }
            sceneSeen = true
            if sceneSpan == nil { sceneSpan = s.location.offset...max(s.location.offset, block.close.offset) }
            (base, baseWords) = checkScene(block)
        case .scenario(let name, let body):
            scenarioSeen = true
            if let first = scenarioNames[name.value] {
                error(name.location, .duplicateScenario(raw: name.raw, firstLine: Int(first)))
            } else {
                scenarioNames[name.value] = Int32(clamping: name.location.line)
            }
            return checkScenario(name: name.value, location: s.location, body: body.statements,
                                 span: s.location.offset...max(s.location.offset, body.close.offset))
        default:
            error(s.location, .outsideScenario(keyword: s.kind.keyword))
        }
        return nil
    }

    /// The scene block: configuration only.
    package mutating func checkScene(_ block: Block) -> (SceneConfig, DeclaredWords) {
        tableUnknown = false
        defer { sceneTableUnknown = tableUnknown }
        var cfg = SceneConfig(registry: registry)
        var sections: [SectionConfig]?
        var words = DeclaredWords()
        for s in block.statements {
            if s.kind.isConfiguration {
                applyConfigGuessing(s, to: &cfg, sections: &sections, words: &words)
            } else {
                error(s.location, .notConfigurationInScene(keyword: s.kind.keyword))
            }
        }
        if let sections { cfg.sections = sections }
        return (cfg, words)
    }

    /// A scenario on the scene's configuration (`base`, `baseWords`). `span`: the
    /// scenario's bytes in the file (what `finalWarnings` looks in).
    package mutating func checkScenario(name: String, location: SourceLocation, body: [Stmt], span: ClosedRange<Int>) -> CheckedScenario {
        let errorsBefore = diagnostics.count
        var cfg = base
        var words = baseWords
        tableUnknown = sceneTableUnknown
        var sections: [SectionConfig]?
        // By index into `body`, statements are read in place (a copy of one retains its parts).
        var firstTimeStatement: Int?
        var runnable: [Stmt] = []
        if keepsStatements { runnable.reserveCapacity(body.count) }
        for i in body.indices {
            if body[i].kind.isConfiguration {
                if let k = firstTimeStatement {
                    error(body[i].location, .configurationAfterTime(keyword: body[i].kind.keyword, first: body[k].kind.keyword,
                                                                    line: body[k].location.line))
                }
                applyConfigGuessing(body[i], to: &cfg, sections: &sections, words: &words)
            } else {
                if firstTimeStatement == nil && body[i].kind.advancesTime { firstTimeStatement = i }
                if keepsStatements { runnable.append(body[i]) }
            }
        }
        if let sections { cfg.sections = sections }
        checkConditions(cfg, words, scenario: (name, location))
        swap(&current, &cfg)  // moved, not copied: the scenario's configuration is `current` from here
        lets = [:]
        scenarioBody = body
        names = CheckedNames()
        precedingExpect = nil
        scenarioSays = false
        // Each statement is checked where it is (an element read through the buffer is
        // borrowed; one read from the array is a copy, retained and released).
        runnable.withUnsafeBufferPointer { kept in
            if keepsStatements {
                for s in kept { checkCurrentStatement(s, inRepeat: false) }
            }
        }
        if !keepsStatements {
            body.withUnsafeBufferPointer { all in
                for i in all.indices where !all[i].kind.isConfiguration { checkCurrentStatement(all[i], inRepeat: false) }
            }
        }
        // Spec §5 (v1.5): a scenario that cannot fail says so — unless it had errors, or a
        // lone condition or value (whose own warning says what to write).
        if !scenarioSays && diagnostics.count == errorsBefore && !guessing && checksNothing.count < DiagnosticLimits.maxPerFile {
            // A file without blocks (its span is the whole file) says it at its first statement.
            let blocks = span.upperBound != Int.max
            let at = blocks ? location : (body.first?.location ?? location)
            checksNothing.append((Diagnostic(at, .warning(.checksNothing(name: name, blocks: blocks))), span))
        }
        defer {
            names = CheckedNames()
            scenarioBody = []  // not kept past its scenario (a file without blocks is all of it)
        }
        return CheckedScenario(name: name, location: location, config: current, statements: runnable, names: names)
    }

    // The rest of the pass's state (stored properties cannot live in the extensions:
    // Checker+Configuration, Checker+Statements, Checker+Expressions).

    /// The row total of the list `appendSections` last built, and that list's length: a
    /// running total, so that 10,000 `section` lines are O(n), not O(n²).
    package var sectionRowsCache = (count: 0, rows: 0)
    /// Each behaviour's options, none written (by `BehaviourID.index`; made once, on the
    /// first configuration word): a word's settings start from these lists instead of a new
    /// one for each of its behaviours. Only a list an option is written into is copied.
    package var blankOptionLists: [[Double?]] = []
    /// Each configuration word's arguments and option places as plain values (made once,
    /// on the first configuration word).
    package var plainWords = PlainWordTables()
    /// Where a `?` may stand in the statement being checked.
    package var placeholderRule = PlaceholderRule.notHere
    /// Inside `not` or `or`, where a recorded value would not make the expectation hold.
    package var placeholderBlocked = 0
    /// The world the current expression is checked against (set before each statement is checked).
    package var current: SceneConfig
    /// The behaviours' rules between words already reported, by location (a scene's word
    /// that breaks one is reported once, not once per scenario).
    package var reportedConditions = Set<SourceLocation>()
    /// (v1.5) `use` lines already said to need a behaviour their declaration's code reads.
    package var reportedReads: [(at: SourceLocation, missing: BehaviourID)] = []
    /// The names `let` has bound so far in the scenario being checked (lookup only).
    package var lets: [String: LetBinding] = [:]
    /// The statements of the scenario being checked: a name read before its `let` is told
    /// so (`letAhead`, looked for only when a name is not known).
    package var scenarioBody: [Stmt] = []
    /// Checking a guess (Checker+Guess.swift): a guess's own errors get no guess.
    package var guessing = false
    /// What each name of the statements checked so far stands for (kept only with
    /// `keepsStatements`: lowering reads it).
    package var names = CheckedNames()
    /// Whether an expression alone as a statement is warned about (a file drops its value;
    /// the REPL prints it: false there).
    package var warnsAboutLoneExpressions = true
    /// The statement checked just before, at the same level, when it is an `expect` (of any
    /// kind): where it starts. A lone condition right under it, indented further, reads as
    /// its second line.
    package var precedingExpect: SourceLocation?
    /// `precedingExpect` for the statement being checked.
    package var expectAbove: SourceLocation?
    /// The scenario being checked has an `expect`, `print` or `frames`, or a lone condition
    /// or value (warned about itself): it is not one that checks nothing.
    package var scenarioSays = false
    /// Each scenario that checks nothing, with its bytes in the file (`finalWarnings`).
    package var checksNothing: [(Diagnostic, ClosedRange<Int>)] = []
    /// The first scene block's bytes (an assertion comment there is told an `expect`
    /// belongs in a scenario).
    package var sceneSpan: ClosedRange<Int>?

    /// Where a `?` (a value to record) may stand in the statement being checked.
    package enum PlaceholderRule {
        /// Not in this statement.
        case notHere
        /// A plain `expect`: right of `==`/`~=`.
        case allowed
        /// `expect within` / `expect always`: never.
        case timed(String)
    }
}

/// A name bound by `let`: the kind of its value (nil when the value had an error, so that
/// its readers say nothing more) and where it was bound (nil: in an earlier REPL entry).
public struct LetBinding: Equatable, Sendable {
    public var type: StaticType?
    public var location: SourceLocation?
    /// A value that is a bare state word (`let i = idle`), until a comparison settles its
    /// family (`Checker.settleLetStateWord`): the word and where it is written.
    package var stateWord: LetStateWord?

    public init(type: StaticType?, location: SourceLocation?) {
        self.type = type
        self.location = location
    }
}

/// The bare state word a `let` is bound to, and where it is written.
package struct LetStateWord: Equatable, Sendable {
    package var word: String
    package var at: SourceLocation
}

/// The line of the first `let NAME` of `body` (and of its `repeat` blocks), nil when it
/// has none. (Asked only of a name no other step knows: a scenario's lets are not listed
/// for every scenario.)
package func firstLet(named name: String, in body: [Stmt]) -> Int? {
    for s in body {
        switch s.kind {
        case .let(let n, let at, _):
            if n == name { return at.line }
        case .repeatBlock(_, let b):
            if let line = firstLet(named: name, in: b.statements) { return line }
        default:
            break
        }
    }
    return nil
}

