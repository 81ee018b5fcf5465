// A live session for the REPL: entries typed one at a time run against one world.
//
//     let session = Session()
//     let r = session.enter("header 240 pin 60")   // configuration: a fresh world
//     session.enter("pull 120")                     // runs 24 frames
//     session.enter("header.height")                // r.output == ["header.height = 300.06"]
//
// Each entry is parsed, checked against the current configuration, then run; a failed
// entry leaves the world where the failure happened and the session goes on.

/// What one entry did.
public struct EntryResult: Equatable, Sendable {
    /// Parse and check errors; when not empty nothing ran.
    public var diagnostics: [Diagnostic]
    /// The check's warnings (`drag -300 in 500`); the entry ran all the same.
    public var warnings: [Diagnostic] = []
    /// `print`/`frames` lines, the values of expression statements (`header.height = 300.06`)
    /// and what taps reached (`tap: ...`, `TapOutcome.description(_:)`).
    public var output: [String]
    /// How the run ended (`.finished`, `.failed`, `.paused`); nil when nothing ran.
    public var event: StepEvent?
    /// The failure of this entry (an expectation, a run-time error, a limit).
    public var failure: RunFailure?
    /// True when a configuration statement was typed after time advanced: the world was
    /// rebuilt from the new configuration at t = 0, and the earlier actions were dropped.
    public var rebuilt: Bool

    public var failed: Bool { !diagnostics.isEmpty || failure != nil }
}

public final class Session {
    /// The configuration the world was built from (every configuration statement typed so far).
    public private(set) var config: SceneConfig
    /// The configuration statements typed, in order (for `:save`).
    public private(set) var configuration: [Stmt] = []
    /// The engine: step it frame by frame, set `shouldInterrupt` and `observer` on it.
    public let interpreter: Interpreter
    /// The world now.
    public var world: World { interpreter.world }
    /// The statements that ran without error, in order (for `:save`, after `configuration`).
    public var actions: [Stmt] { history.completed }
    /// What ran, as a file replays it.
    private(set) var history = SessionHistory()

    /// The configuration the session started from (a loaded file's scenario, or the default).
    private let baseConfig: SceneConfig
    /// The statements `baseConfig` was built from (a guess is checked in them).
    private let baseStatements: [Stmt]

    /// `statements`: the configuration statements `config` was built from, if any.
    public init(config: SceneConfig = SceneConfig(), statements: [Stmt] = []) {
        self.config = config
        baseConfig = config
        baseStatements = statements
        interpreter = Interpreter(config: config)
        interpreter.onStatementFinished = { [unowned self] in self.history.finished($0) }
    }

    /// The session's configuration as statements, one a line (what a guess is checked in).
    private var configurationText: String {
        (baseStatements + configuration).map { statementHead($0.kind) + "\n" }.joined()
    }

    /// Parses, checks and runs one entry (a line, or a block's lines joined with `\n`).
    /// A run paused by `shouldInterrupt` returns `.paused`; `resume()` goes on.
    /// `firstLine` is the line of the session the entry starts on (its locations count from it).
    @discardableResult
    public func enter(_ text: String, file: String = "<repl>", firstLine: Int = 1) -> EntryResult {
        var result = EntryResult(diagnostics: [], output: [], event: nil, failure: nil, rebuilt: false)
        let lets = interpreter.boundLets
        let (program, parseDiags) = parseChunk(text, file: file, firstLine: firstLine, letNames: Set(lets.keys),
                                               configuration: configurationText, registry: config.registry)
        if !parseDiags.isEmpty {
            result.diagnostics = parseDiags
            return result
        }
        let stmts = program.statements
        for s in stmts {
            if case .scene = s.kind { result.diagnostics.append(Diagnostic(s.location, .check(.blockTypedInRepl(keyword: GrammarWord.scene.spelling)))) }
            if case .scenario = s.kind { result.diagnostics.append(Diagnostic(s.location, .check(.blockTypedInRepl(keyword: GrammarWord.scenario.spelling)))) }
        }
        if !result.diagnostics.isEmpty { return result }
        let configStmts = stmts.filter { $0.kind.isConfiguration }
        var newConfig = config
        if !configStmts.isEmpty {
            // All typed configuration at once on the base, so that `section` lines typed
            // one by one accumulate as in a file (and replace the base's list).
            let applied = applyConfiguration(configuration + configStmts, to: baseConfig)
            if !applied.diagnostics.isEmpty {
                result.diagnostics = applied.diagnostics
                return result
            }
            newConfig = applied.config
        }
        let actions = stmts.filter { !$0.kind.isConfiguration }
        let (diags, warnings, names) = checkStatementsAndWarn(actions, config: newConfig, lets: lets)
        if !diags.isEmpty {
            result.diagnostics = diags
            return result
        }
        result.warnings = warnings
        if !configStmts.isEmpty {
            let advanced = world.frameIndex > 0 || history.completed.contains { $0.kind.advancesTime }
            config = newConfig
            configuration += configStmts
            // Configuration typed before time advanced does not discard what ran.
            interpreter.reset(config: newConfig, keepingLets: !advanced)
            if advanced { history.clear() }
            result.rebuilt = advanced
        }
        guard !actions.isEmpty else { return result }
        // The limits (10 million statements, 24 h of simulated time) are the entry's own.
        interpreter.restartLimits()
        interpreter.append(actions, names: names)
        return run(into: result)
    }

    /// Goes on after a pause (Ctrl-C).
    @discardableResult
    public func resume() -> EntryResult {
        run(into: EntryResult(diagnostics: [], output: [], event: nil, failure: nil, rebuilt: false))
    }

    /// A fresh world from the current configuration (the REPL's `:reset`).
    public func reset() {
        interpreter.reset(config: config)
        history.clear()
    }

    /// After a failure or a pause: the interpreter made usable again (`Interpreter.recover()`),
    /// and what the statement it dropped had done kept in the history.
    public func recover() {
        if let stopped = interpreter.recover() { history.stopped(stopped, at: world.time) }
    }

    /// Runs `body` on the interpreter with what it says collected as the REPL's lines:
    /// `print`/`frames` output, the values of expressions and `let`s, what taps reached.
    func collectingLines(_ body: (Interpreter) -> StepEvent) -> (event: StepEvent, lines: [String]) {
        var lines: [String] = []
        interpreter.output = { lines.append($0) }
        interpreter.onExpression = { e, v in lines.append(ReplMessage.value(e, v).message) }
        let registry = interpreter.world.registry
        interpreter.onTap = { lines.append(ReplMessage.tapped($0, registry).message) }
        let event = body(interpreter)
        interpreter.output = { _ in }
        interpreter.onExpression = nil
        interpreter.onTap = nil
        return (event, lines)
    }

    private func run(into r: EntryResult) -> EntryResult {
        var result = r
        let (event, lines) = collectingLines { $0.run() }
        result.output = lines
        result.event = event
        if event == .failed {
            result.failure = interpreter.failure
            recover()
        }
        return result
    }
}
