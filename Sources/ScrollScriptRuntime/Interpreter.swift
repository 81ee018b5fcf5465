// The interpreter: runs one scenario's statements against a World, one statement or one
// frame at a time (see docs/interpreter.md).
//
// State: the world, an explicit control stack (one entry per open statement list: the
// scenario's, and each running `repeat` body), the timed action in progress (if any), the
// registered `expect always` invariants, and the counters behind the limits of spec §7.
// Nothing recurses over blocks; nothing re-runs from the start.

/// What one call to `advance()`, `stepStatement()`, `stepFrame()` or `run()` ended with.
public enum StepEvent: Equatable, Sendable {
    /// A display frame ran; the statement in progress is not finished.
    case frame
    /// A statement finished (after zero or more frames).
    case statement
    /// `shouldInterrupt` returned true, or the observer asked to stop, at the end of a
    /// frame. The world is intact; the statement in progress goes on at the next call.
    case paused
    /// The scenario failed (see `failure`). Nothing more runs.
    case failed
    /// Every statement ran. More can be added with `append(_:)`.
    case finished
}

/// A top-level statement that started and will not finish (`Interpreter.recover()` dropped
/// it), with the frames it ran.
public struct StoppedStatement: Equatable, Sendable {
    public var statement: Stmt
    public var frames: Int
}

public final class Interpreter {
    /// The world as it is now (read observables with `world.value(...)`).
    public internal(set) var world: World
    /// Receives each line of `print` and `frames` output (without a line end).
    public var output: (String) -> Void = { _ in }
    /// Receives the value of each expression statement and each `let` (as its name) (a file
    /// run ignores it; the REPL prints it).
    public var onExpression: ((Expr, Value) -> Void)?
    /// Receives what each tap reached (the REPL reports it; spec §6.6).
    public var onTap: ((TapOutcome) -> Void)?
    /// Receives each top-level statement (one given to `init` or `append`) once it, and
    /// every pass of its `repeat` body, has run to the end without error.
    public var onStatementFinished: ((Stmt) -> Void)?
    /// Called after every frame, once invariants are checked, with the world as the frame
    /// left it; return true to pause there (the REPL's `:watch`). Traces record frames here.
    /// It must not read the interpreter: the frame loop holds the world while it runs.
    public var observer: FrameObserver? {
        get { hooks.observer }
        set { hooks.observer = newValue }
    }
    /// Polled once per frame (the REPL's Ctrl-C), and every `statementsPerPoll` statements
    /// (a loop that advances no frame, `repeat 9999999 { expect offset == 0 }`, is stopped
    /// too); true pauses at the end of that frame, or before the next statement. It must not
    /// read the interpreter: it is polled while the frame loop holds the world (`FrameLoop`).
    public var shouldInterrupt: () -> Bool {
        get { hooks.shouldInterrupt }
        set { hooks.shouldInterrupt = newValue }
    }
    /// How often statements poll `shouldInterrupt` (frames poll it every frame).
    package static let statementsPerPoll = 1024
    private var statementsSincePoll = 0
    /// The first failure; once set, nothing more runs.
    public var failure: RunFailure? { firstFailure }
    /// Statements started since the last `restartLimits()` (the 10 million limit).
    public private(set) var statementCount = 0
    /// Calls of `advance()` so far: a measure of how far a stepper has gone, to step
    /// another interpreter as far.
    public var advances: Int { advanceCount }
    /// The frame at which the limits' count started (`restartLimits()`): a scenario's
    /// limits count from its start.
    private var limitStartFrame = 0
    /// The world's frame when the pending top-level statement started (`recover()` says
    /// how many frames a statement it drops had run).
    private var topStartFrame = 0
    /// Bytes of `print`/`frames` output so far, line ends included (the 16 MiB limit).
    public private(set) var outputBytes = 0
    /// The most `print`/`frames` output a scenario may produce: 16 MiB. Past it the scenario
    /// fails at the statement that crossed it, before printing (`repeat 10000000 { frames }`
    /// would otherwise fill memory and take minutes).
    public static let maxOutputBytes = 16 * 1024 * 1024

    /// What the statement in progress (`active`) is doing frame by frame.
    private enum Activity {
        case none
        /// pull/drag/fling/wait/tick: `counter` frames left.
        case frames
        /// settle: `counter` frames run so far.
        case settle
        /// expect within `withinExpr`: `counter` frames left before it fails.
        case within
    }

    private var stack = ControlStack()
    package struct Invariant {
        /// Where the `expect always` stands (its failure is reported there).
        package var location: SourceLocation
        /// The condition, resolved; `readsTime`: its value can change while the world is at rest.
        package var condition: ResolvedCondition

        /// Nil if the invariant holds in `w`, else how it fails: the condition evaluated
        /// through the full evaluator, for the values and notes of the report.
        package func breach(in w: inout World, _ bindings: EvalBindings) -> Breach? {
            do throws(RuntimeError) {
                if try !Evaluate.condition(condition.expr, in: &w, bindings) {
                    return Breach(location: location, problem: .invariantBroken(time: w.time),
                                  notes: failureNotes(condition.expr, in: &w, bindings))
                }
            } catch {
                return Breach(location: error.location, problem: error.problem, notes: [])
            }
            return nil
        }
    }
    /// A failure found while the world was under an access that `fail` cannot share.
    package struct Breach {
        package var location: SourceLocation
        package var problem: RunProblem
        package var notes: [String]
    }
    private var activity: Activity = .none
    /// The statement in progress (when `activity` is not `.none`).
    private var active: ResolvedStmt?
    private var counter = 0
    /// The condition of the `expect within` in progress, checked after every frame.
    private var within: ResolvedCondition?
    /// Registered `expect always` invariants: the statement and its condition.
    ///
    /// It and `letValues` are read at every `runFrames` call (by `advance()`, every frame
    /// a stepper or a trace runs). Every access to either is a plain read or a plain
    /// write, never an access that contains a call (`invariants.append(x)` is one: the
    /// compiler cannot see that `append` does not reach the property again): then the
    /// optimiser proves the accesses exclusive statically, and those reads pay no
    /// `swift_beginAccess`. They are changed in a local copy taken out first (so that it
    /// is the buffer's only reference and is not copied) and stored back.
    private var invariants: [Invariant] = []
    /// `invariants`, taken out for a change (the property is left empty).
    private func takeInvariants() -> [Invariant] {
        let list = invariants
        invariants = []
        return list
    }
    /// Where the registered invariants stand (registered once per location, even inside
    /// `repeat`): a set, so that registering is O(1), not a scan of every one so far.
    package private(set) var invariantLocations = Set<SourceLocation>()
    private var maxFrames = 0
    private var settleFrames = 0
    /// The bottom-level statement being run (recorded in `completed` when it and every
    /// statement of its `repeat` body have run).
    private var pendingTop: ResolvedStmt?
    /// Inside `run()`: frames in which nothing can change may be skipped (see `runFrames`).
    private var inRun = false
    /// Lets `run()` skip frames in which nothing can change (`FrameLoop.skipIdleFrames`); a skip
    /// polls `shouldInterrupt` once instead of once per frame. Off by default, so that
    /// steppers and observers see every frame; batch runs (`runScenario`) turn it on.
    public var fastForwardsIdleFrames: Bool {
        get { hooks.fastForwardsIdleFrames }
        set { hooks.fastForwardsIdleFrames = newValue }
    }
    /// Frames simulated one by one so far (frames skipped by fast-forwarding are not
    /// counted): how tests see that a long idle wait was skipped, without timing it.
    public var framesSimulated: Int { simulatedFrames }

    /// The per-frame path reads and writes what follows, never a public stored property:
    /// private storage lets the optimiser check exclusive access statically, where a
    /// public stored property of a class pays a dynamic check (`swift_beginAccess`) at each
    /// access. What the hosts set, kept together.
    private struct Hooks {
        var observer: FrameObserver?
        var shouldInterrupt: () -> Bool = { false }
        var fastForwardsIdleFrames = false
    }
    private var hooks = Hooks()
    private var firstFailure: RunFailure?
    private var advanceCount = 0
    private var simulatedFrames = 0
    /// Recording (spec §5): true makes an `expect` with `?` take the value it observes
    /// (`run --update`); false fails it with "no recorded value" and what it observed.
    public var recordsPlaceholders = false
    /// The advice after "no recorded value: X is V here" for the left sides X and the first `?`'s
    /// location; nil gives `RecordAdvice.runUpdate`. The REPL points a typed `?` at `:expect`.
    public var unrecordedAdvice: ([String], SourceLocation) -> String? = { _, _ in nil }
    /// The values recorded for `?`s, in the order they were first reached.
    public private(set) var recordings: [Recording] = []
    /// Values recorded so far, by the `?`'s byte offset: a `?` reached again (in a
    /// `repeat`) is checked against its first value, as the updated file would be.
    private var recorded: [Int: EvalValue] = [:]
    /// The names `let` binds in the statements lowered so far (a REPL session's grow with
    /// each entry), each with its slot.
    private(set) var letSlots = LetSlots()
    /// The value of each slot once its `let` has run (nil before). Only plain reads and
    /// writes, as for `invariants`.
    private var letValues: [EvalValue?] = []

    /// A fresh world from `config`, ready to run `statements` (a checked scenario's, with
    /// what the checker resolved their names to).
    public init(config: SceneConfig, statements: [Stmt] = [], names: CheckedNames = CheckedNames()) {
        world = World(config)
        stack.push(lowerStatements(statements, config, names, &letSlots), extraPasses: 0)
        setLimits(config)
    }

    private func setLimits(_ config: SceneConfig) {
        let fps = max(1, config.fps)
        maxFrames = Int(Limits.scenarioSeconds) * fps
        settleFrames = Int(Limits.settleSeconds) * fps
    }

    /// A checked scenario, from a fresh world.
    public convenience init(_ scenario: CheckedScenario) {
        self.init(config: scenario.config, statements: scenario.statements, names: scenario.names)
    }

    /// What expressions read besides the world: the `let` values (and no recorded `?`).
    var bindings: EvalBindings { EvalBindings(lets: letValues) }

    /// The names bound by `let` so far, each with the kind of its value and where its
    /// `let` stands: what a REPL entry may read (`checkStatements(_:config:lets:)`).
    public var boundLets: [String: LetBinding] {
        var out: [String: LetBinding] = [:]
        for (k, name) in letSlots.names.enumerated() where k < letValues.count {
            if let v = letValues[k] { out[name] = LetBinding(type: StaticType(v.value, world.registry), location: nil) }
        }
        return out
    }

    /// True when no statement is left to run or in progress.
    public var isFinished: Bool {
        if case .none = activity { return stack.isEmpty }
        return false
    }

    /// The statement in progress (a timed action paused mid-way), else the next to run.
    public var currentStatement: Stmt? {
        switch activity {
        case .frames, .settle, .within: return active?.source
        case .none:
            return stack.peek()?.source
        }
    }

    /// True while a timed action is part-way through.
    public var isInsideStatement: Bool {
        if case .none = activity { return false }
        return true
    }

    /// Queues more top-level statements after the ones already there (the REPL's entries).
    /// The caller checks them first (`checkStatementsAndWarn(_:config:lets:)` gives `names`).
    public func append(_ statements: [Stmt], names: CheckedNames) {
        guard firstFailure == nil, !statements.isEmpty else { return }
        stack.appendToBottom(lowerStatements(statements, world.config, names, &letSlots))
    }

    /// After a failure or a pause, makes the interpreter usable again (the REPL goes on
    /// after a failed entry): forgets the failure, the statements still queued and the
    /// statement in progress, and unregisters the invariant that failed. The world stays as
    /// it is. Returns the top-level statement that had started and now will not finish.
    @discardableResult
    public func recover() -> StoppedStatement? {
        let stopped = pendingTop.map { StoppedStatement(statement: $0.source, frames: world.frameIndex - topStartFrame) }
        if let f = firstFailure {
            // Changed in a local copy: see `invariants` (no access to it may contain a call).
            var kept = takeInvariants()
            kept.removeAll { $0.location == f.location }
            invariants = kept
            invariantLocations.remove(f.location)
        }
        firstFailure = nil
        stack.clear()
        clearActivity()
        pendingTop = nil
        recorded = [:]
        return stopped
    }

    /// Starts the limits afresh: 10 million statements and 24 h of simulated time from
    /// here (what ran before does not count; the REPL does this for each entry).
    public func restartLimits() {
        statementCount = 0
        limitStartFrame = world.frameIndex
    }

    /// Evaluates a checked expression now (the REPL's expressions, `:display`, `:watch`),
    /// with what the checker resolved its names to.
    public func evaluate(_ e: Expr, names: CheckedNames) -> Result<Value, RuntimeError> {
        evaluate(resolve(e, names: names))
    }

    /// `e` lowered with the checker's `names` and this interpreter's `let` slots.
    package func resolve(_ e: Expr, names: CheckedNames) -> ResolvedExpr {
        ResolvedExpr(e, names, world.registry, letSlots)
    }

    /// Evaluates an expression resolved beforehand (the REPL's watches, after every frame:
    /// no name is looked up again).
    package func evaluate(_ r: ResolvedExpr) -> Result<Value, RuntimeError> {
        do throws(RuntimeError) {
            return .success(try Evaluate.value(r, in: &world, bindings).value)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Driving

    /// Runs until every statement has run, a failure, or a pause.
    @discardableResult
    public func run() -> StepEvent {
        inRun = true
        defer { inRun = false }
        while true {
            if firstFailure == nil, activity != .none {
                // The rest of the statement in progress, to its end.
                let e = runFrames(budget: .max)
                if e != .statement { return e }
                continue
            }
            let e = advance()
            if e != .frame && e != .statement { return e }
        }
    }

    /// Runs until the current statement finishes (or a failure, pause, the end).
    @discardableResult
    public func stepStatement() -> StepEvent {
        while true {
            let e = advance()
            if e != .frame { return e }
        }
    }

    /// Runs until one frame has run (zero-frame statements before it run too), or a
    /// failure, pause or the end. With nothing in progress and nothing queued, runs one
    /// bare frame, like `tick`.
    @discardableResult
    public func stepFrame() -> StepEvent {
        if isFinished && firstFailure == nil {
            return runFrames(budget: 1)
        }
        while true {
            let before = world.frameIndex
            let e = advance()
            if e == .failed || e == .paused || e == .finished || world.frameIndex != before { return e }
        }
    }

    /// One unit of work: one frame of the statement in progress, or the start of the next
    /// statement (which may finish at once).
    public func advance() -> StepEvent {
        advanceCount += 1
        if firstFailure != nil { return .failed }
        if activity == .none { return startNext() }
        return runFrames(budget: 1)
    }

    /// Runs up to `budget` frames of the statement in progress (with none, a bare frame)
    /// through `FrameLoop`, then finishes or fails the statement if they ended it. Returns
    /// `.frame` when the budget ran out and the statement goes on.
    ///
    /// Frames in which nothing can change are skipped (`FrameLoop.skipIdleFrames`) only
    /// inside `run()`, with `fastForwardsIdleFrames` and no observer, and, for a timed
    /// statement, only in `run()`'s own call (not in the frame its start runs).
    private func runFrames(budget: Int) -> StepEvent {
        let kind: FrameLoop.Kind
        switch activity {
        case .none: kind = .bare
        case .frames: kind = .timed
        case .settle: kind = .settle
        case .within: kind = .within
        }
        let skips = hooks.fastForwardsIdleFrames && inRun && hooks.observer == nil
            && (kind == .within || (kind == .timed && budget == .max))
        var loop = FrameLoop(kind: kind, counter: counter, budget: budget, within: within,
                             limitStartFrame: limitStartFrame, maxFrames: maxFrames, settleFrames: settleFrames,
                             invariants: invariants, bindings: bindings, interrupt: hooks.shouldInterrupt,
                             observer: hooks.observer, skipsIdleFrames: skips)
        let end = loop.run(&world)
        counter = loop.counter
        simulatedFrames &+= loop.simulated
        // Where a failure of the frame itself is reported: the statement in progress.
        let at = active?.location ?? SourceLocation(file: "", line: 0, column: 0)
        switch end {
        case .budgetSpent:
            return .frame
        case .done(let paused):
            guard let s = active else { return paused ? .paused : .frame }
            if case .failed = finish(s) { return .failed }
            return paused ? .paused : .statement
        case .paused:
            return .paused
        case .timeLimit:
            return fail(at, .timeLimit)
        case .settleTimedOut:
            return fail(at, .settleTimedOut)
        case .withinTimedOut:
            guard let s = active, let c = within else { return fail(at, .withinTimedOut(limit: nil)) }
            return fail(s.location, .withinTimedOut(limit: withinLimit(s)),
                        notes: failureNotes(c.expr, in: &world, bindings))
        case .withinFailed:
            guard let c = within else { return fail(at, .unexpected("expect within without its condition")) }
            do throws(RuntimeError) {
                _ = try Evaluate.condition(c.expr, in: &world, bindings)
                return fail(at, .unexpected("expect within: its condition failed and then did not"))
            } catch {
                return fail(error.location, error.problem)
            }
        case .broken(let k):
            guard let b = invariants[k].breach(in: &world, bindings) else {
                return fail(invariants[k].location, .unexpected("expect always: it broke and then did not"))
            }
            return fail(b.location, b.problem, notes: b.notes)
        case .faulted:
            return failFault(at)
        }
    }

    // MARK: - Statements

    /// Takes the next statement off the control stack and starts it.
    private func startNext() -> StepEvent {
        statementsSincePoll &+= 1
        if statementsSincePoll >= Interpreter.statementsPerPoll {
            statementsSincePoll = 0
            if shouldInterrupt() { return .paused }
        }
        guard let s = stack.next() else { return .finished }
        // A behaviour that could not be made fails the first statement.
        if world.fault != nil { return failFault(s.location) }
        if stack.depth == 1 {
            pendingTop = s
            topStartFrame = world.frameIndex
        }
        statementCount &+= 1
        if statementCount > Limits.scenarioStatements {
            return fail(s.location, .statementLimit)
        }
        do {
            return try start(s)
        } catch let err as RuntimeError {
            return fail(err.location, err.problem)
        } catch let err as SimError {
            return fail(s.location, .world(err))
        } catch {
            return fail(s.location, .unexpected("\(error)"))
        }
    }

    /// Starts a resolved statement: no name is looked up and nothing is parsed here.
    private func start(_ s: ResolvedStmt) throws -> StepEvent {
        switch s.kind {
        case .pull(let d):
            return try timed(s, world.beginPull(try number(d)))
        case .drag(let d, let t):
            let dist = try number(d)
            let dur = try t.map { try number($0) }
            return try timed(s, world.beginDrag(dist, duration: dur))
        case .fling(let v):
            return try timed(s, world.beginFling(try number(v)))
        case .swipe(let d, let t):
            let dist = try number(d)
            let dur = try t.map { try number($0) }
            return try timed(s, world.beginSwipe(dist, duration: dur))
        case .release:
            try world.release()
            return finishActed(s)
        case .tapView(let v, let name):
            guard let v else { throw RuntimeError(s.location, .unknownName(name)) }
            try tap(.view(v))
            return finishActed(s)
        case .tapSection(let i):
            try tap(.section(try whole(i, what: .sectionIndex)))
            return finishActed(s)
        case .tapSectionTitled(let k, let title):
            guard let k else { throw RuntimeError(title.location, .noSectionTitled(raw: title.raw)) }
            try tap(.section(k))
            return finishActed(s)
        case .tapRow(let i, let j):
            try tap(.row(try whole(i, what: .sectionIndex), try whole(j, what: .rowIndex)))
            return finishActed(s)
        case .tapPoint(let x, let y):
            try tap(.point(x: try number(x), y: try number(y)))
            return finishActed(s)
        case .wait(let t):
            return try timed(s, World.frameCount(seconds: try number(t), fps: world.config.fps))
        case .tick(let n):
            return try timed(s, try n.map { try whole($0, what: .frameCount) } ?? 1)
        case .settle:
            if world.fingerIsDown {
                throw RuntimeError(s.location, .settleWithFingerDown)
            }
            if World.isAtRest(&world) { return finish(s) }
            begin(.settle, s, counter: 0)
            return advance()
        case .expect(let c):
            var env = bindings
            if c.hasPlaceholder, let stop = try fillPlaceholders(c, &env) { return stop }
            if try Evaluate.condition(c.expr, in: &world, env) { return finish(s) }
            return fail(s.location, .expectationFalse, notes: failureNotes(c.expr, in: &world, env))
        case .expectWithin(let t, let c):
            if try Evaluate.condition(c.expr, in: &world, bindings) { return finish(s) }
            let n = World.frameCount(seconds: try number(t), fps: world.config.fps)
            if n == 0 { return fail(s.location, .expectationFalse, notes: failureNotes(c.expr, in: &world, bindings)) }
            try checkTimeLimit(s, frames: n)
            begin(.within, s, counter: n)
            within = c
            return advance()
        case .expectAlways(let c):
            if try !Evaluate.condition(c.expr, in: &world, bindings) {
                return fail(s.location, .invariantBroken(time: world.time), notes: failureNotes(c.expr, in: &world, bindings))
            }
            if invariantLocations.insert(s.location).inserted {
                var more = takeInvariants()
                more.append(Invariant(location: s.location, condition: c))
                invariants = more
            }
            return finish(s)
        case .print(let items):
            try emit([try printLine(items)], s)
            return finish(s)
        case .frames:
            // A frame that is not finite fails where it is listed (spec §8).
            if let f = world.nonFiniteReport() { return fail(s.location, RunProblem(f, in: world)) }
            try emit(framesLines(), s)
            return finish(s)
        case .bind(let slot, let e):
            let v = try Evaluate.value(e, in: &world, bindings)
            // Changed in a local copy: see `letValues` (no access to it may contain a call).
            var values = letValues
            letValues = []
            while values.count <= slot { values.append(nil) }
            values[slot] = v
            letValues = values
            // The REPL shows what was bound: `start = 0.00`.
            if let onExpression, case .let(let name, let at, _) = s.source.kind { onExpression(.name(name, at), v.value) }
            return finish(s)
        case .expression(let e, let written):
            let v = try Evaluate.value(e, in: &world, bindings)
            onExpression?(written, v.value)
            return finish(s)
        case .repeatBlock(let count, let body):
            let n = try whole(count, what: .repeatCount)
            if n > 0 && !body.isEmpty {
                stack.push(body, extraPasses: n - 1)
            }
            return finish(s)
        case .nothing:
            // Configuration is applied when the world is built; the checker removes it.
            return finish(s)
        }
    }

    /// Taps (always, whether or not anyone listens to the outcome).
    private func tap(_ target: TapTarget) throws {
        let outcome = try world.tap(target)
        onTap?(outcome)
    }

    /// Starts a statement of `n` frames (0: it is done).
    private func timed(_ s: ResolvedStmt, _ n: Int) throws -> StepEvent {
        if n <= 0 { return finish(s) }
        try checkTimeLimit(s, frames: n)
        begin(.frames, s, counter: n)
        return advance()
    }

    /// A statement that would run past 24 h fails before it runs (no input hangs the tool).
    private func checkTimeLimit(_ s: ResolvedStmt, frames n: Int) throws {
        if n > maxFrames - (world.frameIndex - limitStartFrame) {
            throw RuntimeError(s.location, .statementPassesTimeLimit)
        }
    }

    private func begin(_ a: Activity, _ s: ResolvedStmt, counter c: Int) {
        activity = a
        active = s
        counter = c
    }

    private func clearActivity() {
        activity = .none
        active = nil
        within = nil
        counter = 0
    }

    private func finish(_ s: ResolvedStmt) -> StepEvent {
        // Spec §8: a number a user behaviour reports that became non-finite fails the
        // statement during which it did; checked here, once, at its end (the world puts
        // itself back at the call that made it so).
        world.checkValues()
        if world.fault != nil { return failFault(s.location) }
        clearActivity()
        stack.popExhausted()
        if stack.depth <= 1, let top = pendingTop {
            pendingTop = nil
            onStatementFinished?(top.source)
        }
        return .statement
    }

    /// A statement that acted in zero time (a release, a tap): done, unless a behaviour's
    /// reaction was refused (`World.fault`).
    private func finishActed(_ s: ResolvedStmt) -> StepEvent {
        world.fault != nil ? failFault(s.location) : finish(s)
    }

    /// Fails at `location` with the world's behaviour fault.
    private func failFault(_ location: SourceLocation) -> StepEvent {
        guard let f = world.fault else { return .failed }
        return fail(location, RunProblem(f, in: world))
    }

    @discardableResult
    private func fail(_ location: SourceLocation, _ problem: RunProblem, notes: [String] = []) -> StepEvent {
        if firstFailure == nil && world.fault == nil {
            // A user behaviour's value that went bad in this statement before this failure
            // (spec §8; its values are checked at a statement's end) fails it first, there.
            let at = currentStatement?.location ?? location
            world.checkValues()
            if let f = world.fault {
                clearActivity()
                firstFailure = RunFailure(location: at, problem: RunProblem(f, in: world), notes: [], time: world.time)
                return .failed
            }
        }
        clearActivity()
        if firstFailure == nil {
            firstFailure = RunFailure(location: location, problem: problem, notes: notes, time: world.time)
        }
        return .failed
    }

    // MARK: - Arguments and output

    /// Sends lines to `output`, unless they would pass `maxOutputBytes`.
    private func emit(_ lines: [String], _ s: ResolvedStmt) throws {
        var bytes = 0
        for line in lines { bytes &+= line.utf8.count &+ 1 }
        if bytes > Interpreter.maxOutputBytes - outputBytes {
            throw RuntimeError(s.location, .outputLimit)
        }
        outputBytes &+= bytes
        for line in lines { output(line) }
    }

    /// A statement's numeric argument: a literal as it is; anything else evaluated now.
    private func number(_ a: ResolvedArg) throws(RuntimeError) -> Double {
        switch a {
        case .constant(let d, _): return d
        case .expr(let e, let at):
            let v = try Evaluate.value(e, in: &world, bindings)
            guard case .number(let d, _) = v, d.isFinite else {
                throw RuntimeError(at, .expectedNumber(v.kind))
            }
            return d
        }
    }

    private func whole(_ a: ResolvedArg, what: WholeArgument) throws(RuntimeError) -> Int {
        let d = try number(a)
        guard let n = wholeNumber(d, below: 9.0e15) else {
            throw RuntimeError(a.location, .notWholeFromZero(what: what, d))
        }
        return n
    }

    /// The T of `expect within T` in seconds, when it evaluates.
    private func withinLimit(_ s: ResolvedStmt) -> Double? {
        guard case .expectWithin(let t, _) = s.kind else { return nil }
        switch t {
        case .constant(let d, _): return d
        case .expr(let e, _):
            if case .number(let d, _)? = try? Evaluate.value(e, in: &world, bindings) { return d }
            return nil
        }
    }

    /// `print a, b`: `t = 0.400 s: header.height = 300.06, "text"`.
    private func printLine(_ items: [PrintItem]) throws(RuntimeError) -> String {
        var parts: [String] = []
        for item in items {
            switch item {
            case .named(let n, let e):
                parts.append("\(n) = \(try Evaluate.value(e, in: &world, bindings).value.formatted)")
            case .indexed(let base, let e):
                let v = try Evaluate.value(e, in: &world, bindings).value
                var name = base
                if case .indexed(let id, let i, let j, let at) = e,
                   let r = try? Evaluate.indexed(id, i, j, at, world, bindings) {
                    name = subscriptName(id, section: r.section, row: r.row)
                }
                parts.append("\(name) = \(v.formatted)")
            case .text(let t, let e):
                _ = try Evaluate.value(e, in: &world, bindings)
                parts.append(t)
            case .value(let e):
                parts.append(try Evaluate.value(e, in: &world, bindings).value.formatted)
            }
        }
        return timeText(world.time) + ": " + parts.joined(separator: ", ")
    }

    /// `frames`: a heading with the time, then one line per view on screen.
    private func framesLines() -> [String] {
        var lines = ["frames at " + timeText(world.time) + ":"]
        for f in world.visibleFrames() {
            var line = "  " + f.name + " " + f.rect.formatted
            if let t = f.title { line += " " + quoteString(t) }
            lines.append(line)
        }
        return lines
    }

    // MARK: - Recording (Recording.swift)

    package func recordedValue(_ offset: Int) -> EvalValue? { recorded[offset] }

    package func remember(_ r: Recording, _ value: EvalValue) {
        recorded[r.location.offset] = value
        recordings.append(r)
    }

    package func failNow(_ location: SourceLocation, _ problem: RunProblem, notes: [String]) -> StepEvent {
        fail(location, problem, notes: notes)
    }

    // MARK: - Starting afresh

    /// Replaces the world with a fresh one from `config` at t = 0 (the REPL does this when
    /// configuration is typed). Queued statements, the invariants, the recordings and a
    /// failure are cleared; with `keepingLets` the names bound by `let` and their values stay.
    public func reset(config: SceneConfig, keepingLets: Bool = false) {
        world = World(config)
        stack.clear()
        clearActivity()
        invariants = []
        invariantLocations = []
        firstFailure = nil
        statementCount = 0
        limitStartFrame = 0
        topStartFrame = 0
        outputBytes = 0
        pendingTop = nil
        recorded = [:]
        recordings = []
        if !keepingLets {
            letSlots = LetSlots()
            letValues = []
        }
        setLimits(config)
    }
}
