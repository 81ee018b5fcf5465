// The REPL without a terminal: entries and commands in, text out. `ReplLoop` drives it
// from a `LineReader`; tests drive it line by line. One world (a `Session`), and
// optionally a loaded scenario being stepped.

/// What one entry or command printed, whether it failed (piped sessions exit 1), and
/// whether it ends the session (`:quit`).
public struct ReplOutcome: Equatable, Error {
    public var text: String
    public var failed: Bool
    public var quit: Bool

    public init(_ lines: [String] = [], failed: Bool = false, quit: Bool = false) {
        text = lines.joined(separator: "\n")
        self.failed = failed
        self.quit = quit
    }

    /// `:quit`: nothing to print; the loop ends.
    public static let quit = ReplOutcome(quit: true)
}

/// A scenario file loaded with `:load`.
public struct LoadedScenario {
    public var source: SourceFile
    public var scenario: CheckedScenario
    /// Its configuration statements (the scene's, then the scenario's), for `:save`.
    public var configuration: [Stmt]
}

/// An expression typed after a command, checked: with what the checker resolved its names
/// to (what the interpreter lowers it with, each time it is evaluated).
struct CheckedExpression {
    var expr: Expr
    var names: CheckedNames
}

/// A breakpoint (`:break`) or a watch (`:watch`); they share one numbering, as in gdb.
struct BreakOrWatch {
    enum Kind {
        /// `condition` is nil without `if`, and while the condition waits for `:load`
        /// (`unchecked`).
        case breakpoint(line: Int, condition: CheckedExpression?)
        /// The expression resolved once (it is evaluated after every frame).
        case watch(ResolvedExpr, last: Value?)
        /// A watch typed with nothing loaded whose expression needs what the typed
        /// configuration does not declare (`toolbar.state` with no `toolbar`): checked at
        /// `:load` (`unchecked` holds it), as breakpoints are.
        case pendingWatch
    }
    var id: Int
    var text: String
    var kind: Kind
    /// The expression (a watch's, a breakpoint's condition) still to be checked at `:load`.
    var unchecked: String? = nil
}

/// The REPL's state and commands.
public final class ReplCore {
    /// The world and its history.
    public internal(set) var session: Session
    /// The scenario being stepped, if one was loaded.
    public internal(set) var loaded: LoadedScenario?
    /// Where the loaded scenario failed, once it has (`:reload` comes back to before it).
    var loadedFailure: SourceLocation?
    /// Polled once per frame (Ctrl-C); true stops the run at the end of that frame.
    public var shouldInterrupt: () -> Bool

    var stops: [BreakOrWatch] = []
    var displays: [(id: Int, text: String, expr: CheckedExpression)] = []
    /// The number the next breakpoint or watch gets (`newStopID()`).
    private var nextStop = 1
    var nextDisplay = 1
    /// The line of the session the next entry or command starts on: diagnostics of typed
    /// text name it, `<repl>:LINE:COL` (docs/repl.md). The loop sets it before each entry
    /// and command, counting every line read (blank lines and colon commands too), so a
    /// piped file's errors name its own lines; `enter` moves it past the entry's lines.
    public var line = 1
    /// The typed lines diagnostics and failures show: the last entry's, and those of the
    /// `expect always` lines still registered (typed earlier, they can fail later).
    var typedLines = TypedLines()
    /// Watches that fired in the frame just run.
    var watchHits: [String] = []
    /// The observables the last typed entry changed, in the REPL's order (for `:expect`).
    var lastChanged: [String] = []
    /// `interpreter.advances` when a run last paused (a watch, Ctrl-C): a pause comes after
    /// a frame, before the next statement's breakpoint was looked at, so a `:continue` from
    /// there looks at it first (a `:continue` from a breakpoint's own stop goes past it).
    var pausedAt: Int?

    /// The registered behaviours this REPL's words and worlds are read against (with the
    /// behaviours declared at the prompt, v1.5: ReplCore+Declared.swift).
    public internal(set) var registry: BehaviourRegistry
    /// The registry it was made with, and the behaviours typed at the prompt since.
    let baseRegistry: BehaviourRegistry
    var declaredInSession: [BehaviourSyntax] = []
    /// What declared them, in order (`:save` writes it: ReplCore+Declared.swift).
    var sessionDeclarations: [SessionDeclaration] = []

    public init(registry: BehaviourRegistry = .builtIn, shouldInterrupt: @escaping () -> Bool = { false }) {
        self.registry = registry
        baseRegistry = registry
        self.shouldInterrupt = shouldInterrupt
        session = Session(config: SceneConfig(registry: registry))
        installHooks()
    }

    /// The world now.
    public var world: World { session.world }
    /// The names bound with `let` so far, sorted (tab completion offers them).
    public var letNames: [String] { interpreter.boundLets.keys.sorted() }
    var interpreter: Interpreter { session.interpreter }

    /// Connects a (new) session's interpreter to Ctrl-C and the watches.
    func installHooks() {
        session.interpreter.shouldInterrupt = { [unowned self] in self.shouldInterrupt() }
        // A `?` typed here has no file to be written into: `:expect` is the REPL's way.
        // (A `?` in a loaded file gets run's advice: the file can be updated.)
        session.interpreter.unrecordedAdvice = { [unowned self] subjects, at in
            if let l = self.loaded, at.file == l.source.name { return nil }
            return ReplMessage.expectAdvice(subjects: subjects).message
        }
        updateObserver()
    }

    /// The observer runs only while a watch exists (it evaluates them every frame).
    func updateObserver() {
        let hasWatch = stops.contains { if case .watch = $0.kind { return true } else { return false } }
        session.interpreter.observer = hasWatch ? { [unowned self] w, frame in self.checkWatches(&w, frame) } : nil
    }

    /// After a frame, in the world it left (`w`: the interpreter's, which the frame loop
    /// holds): records every watch whose value changed; true pauses.
    func checkWatches(_ w: inout World, _ frame: FrameContext) -> Bool {
        var fired = false
        for i in stops.indices {
            guard case .watch(let e, let last) = stops[i].kind else { continue }
            guard case .success(let v) = frame.evaluate(e, in: &w) else { continue }
            if let last, last != v {
                watchHits.append(ReplMessage.watchFired(id: stops[i].id, text: stops[i].text, from: last, to: v, time: w.time).message)
                fired = true
            }
            stops[i].kind = .watch(e, last: v)
        }
        return fired
    }

    // MARK: - Typed entries

    /// Runs a typed entry (a line, or a block's lines joined with `\n`).
    public func enter(_ text: String) -> ReplOutcome {
        let first = line
        let typed = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        line += typed.count
        typedLines.replace(with: typed, from: first, keeping: interpreter.invariantLocations)
        if let l = loaded, let next = interpreter.currentStatement, next.location.file == l.source.name {
            return enterWhileStepping(text, firstLine: first)
        }
        if startsWithDeclaration(Array(text.utf8)) { return declare(text, firstLine: first) }
        if !interpreter.isFinished {
            // Work left from a pause (a watch) is dropped by a new entry.
            session.recover()
        }
        let before = ReplSnapshot(world)
        let beforeValues = expectableValues(world)
        let r = session.enter(text, firstLine: first)
        if r.diagnostics.isEmpty { lastChanged = changedNames(beforeValues, expectableValues(world)) }
        var lines: [String] = []
        for d in r.diagnostics { lines.append(replMessage(d)) }
        if !r.diagnostics.isEmpty { return ReplOutcome(lines, failed: true) }
        for w in r.warnings { lines.append(chomp(renderDiagnostic(w, sourceLines: typedLines))) }
        lines += r.output
        if r.rebuilt {
            lines.append(ReplMessage.rebuilt.message)
        }
        var failed = false
        if let f = r.failure {
            lines.append(chomp(f.render(sourceLines: linesFor(f.location))))
            failed = true
        }
        let interrupted = r.event == .paused && watchHits.isEmpty
        if r.event == .paused {
            lines += pauseLines()
            // Ctrl-C drops the rest of the entry; after a watch, :continue goes on.
            if interrupted { session.recover() }
        }
        watchHits = []
        // Configuration alone runs nothing: no change line (a rebuild says so above).
        if r.event != nil { lines += after(before, timeAlone: !interrupted) }
        return ReplOutcome(lines, failed: failed)
    }

    /// A loaded scenario is part-way: expressions are answered; actions must wait.
    private func enterWhileStepping(_ text: String, firstLine: Int) -> ReplOutcome {
        let lets = interpreter.boundLets
        let (program, diags) = parseChunk(text, firstLine: firstLine, letNames: Set(lets.keys), registry: registry)
        if !diags.isEmpty {
            return ReplOutcome(diags.map { chomp(renderDiagnostic($0, sourceLines: typedLines)) }, failed: true)
        }
        var exprs: [Expr] = []
        for s in program.statements {
            guard case .expression(let e) = s.kind else {
                return ReplOutcome(["error: the loaded scenario is part-way (see :where); :step or :continue it to the end (:reset starts it again), or :unload it to type statements of your own"], failed: true)
            }
            exprs.append(e)
        }
        let check = checkStatementsAndWarn(program.statements, config: session.config, lets: lets)
        if !check.errors.isEmpty {
            return ReplOutcome(check.errors.map { chomp(renderDiagnostic($0, sourceLines: typedLines)) }, failed: true)
        }
        var lines: [String] = []
        for e in exprs {
            switch interpreter.evaluate(e, names: check.names) {
            case .success(let v): lines.append(ReplMessage.value(e, v).message)
            case .failure(let err):
                lines.append(chomp(renderDiagnostic(at: err.location, message: err.message, sourceLines: typedLines)))
                return ReplOutcome(lines, failed: true)
            }
        }
        return ReplOutcome(lines)
    }

    /// Why a run paused: the watches that fired, else Ctrl-C.
    func pauseLines() -> [String] {
        if !watchHits.isEmpty {
            let hits = watchHits
            watchHits = []
            return hits
        }
        return [ReplMessage.interrupted(time: world.time).message]
    }

    /// The change line and the `:display` expressions, after something ran (the
    /// displays only when something changed, or `always` for :step, :tick, :continue).
    /// `timeAlone: false` (after `interrupted at t=...`): no line that would only say the time.
    func after(_ before: ReplSnapshot, always: Bool = false, timeAlone: Bool = true) -> [String] {
        guard let line = before.changeLine(to: ReplSnapshot(world), timeAlone: timeAlone) else {
            return always ? displayLines() : []
        }
        return [line] + displayLines()
    }

    func displayLines() -> [String] {
        displays.map { displayLine(id: $0.id, text: $0.text, expr: $0.expr) }
    }

    /// One display's line: `1: offset = 12.00`.
    func displayLine(id: Int, text: String, expr: CheckedExpression) -> String {
        switch interpreter.evaluate(expr.expr, names: expr.names) {
        case .success(let v): return "\(id): \(text) = \(v.formatted)"
        case .failure(let err): return "\(id): \(text): \(err.message)"
        }
    }

    /// The source line a location refers to: the loaded file's, or a typed one.
    func linesFor(_ location: SourceLocation) -> any SourceLineLookup {
        if let l = loaded, location.file == l.source.name { return l.source.lines }
        return typedLines
    }

    // MARK: - Loading and resetting

    /// `:load FILE [SCENARIO]`: parse and check, then stop before the first statement. The
    /// behaviours the file declares (its blocks, its imports') are the session's from then
    /// on; a file of declarations only declares them and starts a fresh world.
    public func load(path: String, scenario name: String?) -> ReplOutcome {
        let file: LoadedFile
        switch readScenarioFile(path: path, scenario: name) {
        case .failure(let o): return o
        case .success(let f): file = f
        }
        if let refused = adoptDeclarations(of: file) {
            return ReplOutcome(refused, failed: true)
        }
        guard let loadedScenario = file.scenario else {
            // Declarations only: a fresh world that knows them.
            let names = file.declaration?.names ?? []
            var lines = ["declared \(names.map { "'\($0)'" }.joined(separator: ", ")) from \(path) (use \(names.first ?? "NAME")); a fresh world at t=0.000 s with no configuration; type statements"]
            if loaded == nil, typedStatements > 0 || world.frameIndex > 0 {
                lines.append(discardedNote())
            }
            stops.removeAll { if case .breakpoint = $0.kind { return true } else { return false } }
            loaded = nil
            start(nil)
            return ReplOutcome(lines)
        }
        let (checked, sc) = (file.checked, loadedScenario.scenario)
        // The typed session is replaced: say so, with what was lost.
        let discarded = typedStatements > 0 || (loaded == nil && world.frameIndex > 0) ? discardedNote() : nil
        loaded = loadedScenario
        start(loaded)
        var lines = ["loaded \(quoteString(sc.name)) from \(path) (\(counted(sc.statements.count, "statement"))); :step, :continue, :list"]
        if name == nil, checked.scenarios.count > 1 {
            let file = path.contains(" ") || path.contains("\"") ? quoteString(path) : path
            lines.append("the first of \(checked.scenarios.count) scenarios in the file; ':load \(file) \"NAME\"' loads another")
        }
        if let discarded { lines.append(discarded) }
        return loadedOutcome(lines)
    }

    /// A number for a new breakpoint or watch (numbered together, from 1).
    func newStopID() -> Int {
        defer { nextStop += 1 }
        return nextStop
    }

    /// The statements typed in the session: its configuration, and what was typed after a
    /// loaded scenario's end (the scenario's own statements are not typed).
    private var typedStatements: Int {
        session.configuration.count + session.actions.filter { $0.location.file != loaded?.source.name }.count
    }

    /// What `:load` says of a typed session it replaces (docs/repl.md).
    private func discardedNote() -> String {
        "note: the typed session (\(counted(typedStatements, "statement")), \(replTimeLabel(world.time))) was discarded; :save FILE before :load keeps it"
    }

    /// Makes the behaviours `file` declares the session's (`:load`, `:reload`); nil when
    /// they are, else the diagnostics that refuse them.
    func adoptDeclarations(of file: LoadedFile) -> [String]? {
        guard let d = file.declaration, case .failure(let e) = adopt(d) else { return nil }
        let lines = file.source.lines
        return sortedDiagnostics(e.diagnostics).map { chomp(renderDiagnostic($0, sourceLines: lines)) }
    }

    /// The end of a `:load` or `:reload` of a scenario, started: `lines`, then the
    /// breakpoints resolved against it and where the session stands.
    func loadedOutcome(_ lines: [String]) -> ReplOutcome {
        ReplOutcome(lines + resolveBreakpointsAfterLoad() + whereLines())
    }

    /// A file `:load` and `:reload` read: its check, the scenario asked for (nil: the file
    /// only declares), and what it declares.
    struct LoadedFile {
        var source: SourceFile
        var checked: CheckResult
        var scenario: LoadedScenario?
        var declaration: SessionDeclaration?
    }

    /// Reads and checks `path`, and picks the scenario `name` (the first when nil); the
    /// outcome that says why not (diagnostics as `check` prints them).
    func readScenarioFile(path: String, scenario name: String?) -> Result<LoadedFile, ReplOutcome> {
        let source: SourceFile
        switch loadSource(path: path) {
        case .failure(let e): return .failure(ReplOutcome(["error: " + e.message], failed: true))
        case .success(let s): source = s
        }
        // Its own declarations replace the session's of their names (an import that cannot
        // be read is reported by the check, at its line).
        let declaration = try? fileDeclaration(source).get()
        let checked = checkSource(source, registry: registry(without: Set(declaration?.names ?? [])))
        if !checked.diagnostics.isEmpty {
            let lines = source.lines
            return .failure(ReplOutcome(checked.diagnostics.map { chomp(renderDiagnostic($0, sourceLines: lines)) }, failed: true))
        }
        let pick = name.map { n in checked.scenarios.first { $0.name == n } } ?? checked.scenarios.first
        guard let sc = pick else {
            if let n = name {
                let names = checked.scenarios.map { quoteString($0.name) }.joined(separator: ", ")
                return .failure(ReplOutcome(["error: no scenario \(quoteString(n)) in \(path)" + (names.isEmpty ? "" : " (it has \(names))")], failed: true))
            }
            if let declaration, checked.scenarios.isEmpty {
                return .success(LoadedFile(source: source, checked: checked, scenario: nil, declaration: declaration))
            }
            return .failure(ReplOutcome(["error: \(path) has no scenario"], failed: true))
        }
        return .success(LoadedFile(source: source, checked: checked, scenario: LoadedScenario(
            source: source, scenario: sc, configuration: configurationStatements(checked.program, scenario: sc)), declaration: declaration))
    }

    /// A fresh session: the loaded scenario from its start, or an empty world.
    func start(_ l: LoadedScenario?) {
        loadedFailure = nil
        pausedAt = nil
        session = Session(config: l?.scenario.config ?? SceneConfig(registry: registry), statements: l?.configuration ?? [])
        if let l { session.interpreter.append(l.scenario.statements, names: l.scenario.names) }
        for i in stops.indices {
            if case .watch(let e, _) = stops[i].kind { stops[i].kind = .watch(e, last: nil) }
        }
        installHooks()
        primeWatches()
    }

    /// `:reset`: the loaded scenario from its first statement, else a fresh world from
    /// the configuration typed so far.
    public func reset() -> ReplOutcome {
        if loaded != nil {
            start(loaded)
            return ReplOutcome(["reset: back to the start of \(quoteString(loaded?.scenario.name ?? ""))"] + whereLines())
        }
        session.reset()
        primeWatches()
        return ReplOutcome(["reset: a fresh world at t=0.000 s (configuration kept)"])
    }

    /// `:unload`: forgets the loaded scenario and its breakpoints (they name its lines);
    /// the session starts afresh from the default configuration, as `scrollscript repl`
    /// without a file does. Watches and displays stay.
    public func unload() -> ReplOutcome {
        guard let l = loaded else {
            return ReplOutcome(["error: no scenario is loaded (:reset starts a fresh world with the configuration typed so far)"], failed: true)
        }
        let breakpoints = stops.filter { if case .breakpoint = $0.kind { return true } else { return false } }.count
        stops.removeAll { if case .breakpoint = $0.kind { return true } else { return false } }
        loaded = nil
        start(nil)
        var line = "unloaded \(quoteString(l.scenario.name)) (\(l.source.name)): a fresh world at t=0.000 s with no configuration; type statements"
        let kept = declaredInSession.map { "'\($0.name)'" }
        if !kept.isEmpty { line += " (declared: \(kept.joined(separator: ", ")))" }
        if breakpoints > 0 { line += " (its \(breakpoints) breakpoint\(breakpoints == 1 ? " was" : "s were") deleted)" }
        return ReplOutcome([line])
    }

    /// The scene block's configuration and the scenario's own (a scenario that declares
    /// sections replaces the scene's list, so the scene's section lines are then left out).
    private func configurationStatements(_ program: Program, scenario: CheckedScenario) -> [Stmt] {
        let (sceneBlock, own) = program.configuration { $0.value == scenario.name && $1 == scenario.location }
        var scene: [Stmt] = []
        if case .scene(let b)? = sceneBlock?.kind { scene = b.statements.filter { $0.kind.isConfiguration } }
        let ownSections = own.contains { isSectionStatement($0) }
        if ownSections { scene.removeAll { isSectionStatement($0) } }
        return scene + own
    }

    private func isSectionStatement(_ s: Stmt) -> Bool {
        switch s.kind {
        case .section, .sections: return true
        default: return false
        }
    }

    /// Watches start from the values of now.
    func primeWatches() {
        for i in stops.indices {
            if case .watch(let e, _) = stops[i].kind, case .success(let v) = interpreter.evaluate(e) {
                stops[i].kind = .watch(e, last: v)
            }
        }
    }
}

/// Typed lines by their line of the session (see `ReplCore.line`).
struct TypedLines: SourceLineLookup {
    private var byLine: [Int: String] = [:]

    /// An entry's `lines` from session line `first` on, in place of the last entry's; the
    /// lines of the `<repl>` statements in `keeping` (registered invariants) stay.
    mutating func replace(with lines: [String], from first: Int, keeping: Set<SourceLocation>) {
        var kept: [Int: String] = [:]
        for at in keeping where at.file == "<repl>" {
            if let text = byLine[at.line] { kept[at.line] = text }
        }
        byLine = kept
        for (k, text) in lines.enumerated() { byLine[first + k] = text }
    }

    func sourceLine(_ number: Int) -> String? { byLine[number] }
}

/// Drops one trailing newline (rendered diagnostics end with one).
func chomp(_ s: String) -> String {
    s.hasSuffix("\n") ? String(s.dropLast()) : s
}
