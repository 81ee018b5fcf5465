// Runs one scenario for a picture: `trace`, `plot`, `replay`, `run --artifacts`, and the
// REPL's `:plot`/`:replay`. The frames come through the interpreter's one per-frame hook
// (`Interpreter.observer`, called after each frame's `expect always` checks with the world
// the frame left); with no picture attached that hook is nil and costs nothing.
//
// The playback drives the interpreter one unit at a time (`advance()`), which is what
// `run()` does without its shortcuts, so it sees which statement each frame belongs to
// and when statements that take no time (taps, `expect`) ran.
import ScrollSim

/// A statement as pictures name it.
public struct PlaybackStatement: Equatable, Sendable {
    public var line: Int
    public var column: Int
    /// The statement as `fmt` writes its first line (`pull 120`, `repeat 3 {`).
    public var text: String
    public var isExpectation: Bool
    /// An `expect always`: checked after every frame from where it ran.
    public var isInvariant: Bool = false
}

/// A statement's run: from the frame it started at to the frame it ended at (equal for a
/// statement that takes no time).
public struct PlaybackSpan: Equatable, Sendable {
    /// Index into `ScenarioPlayback.statements`.
    public var statement: Int
    public var startFrame: Int
    public var endFrame: Int
    /// What a tap reached (`section[0] header (opening)`...), else empty.
    public var note: String = ""
    /// Where a tap touched the screen (the point of `tap X Y`; the centre of the visible
    /// part of the view a targeted tap names).
    public var tapX: Double?
    public var tapY: Double?
}

/// An expectation's outcome at a time: a passed `expect`, `expect within`, a registered
/// `expect always`, or the failure (of an expectation or any other statement).
public struct PlaybackCheck: Equatable, Sendable {
    public var statement: Int
    public var frame: Int
    public var failed: Bool
    /// For a failure: `line 5: expectation is false`, then the notes.
    public var message: String
    /// For a failure: the line it is reported at (the plot labels the cross with it).
    public var failureLine: Int? = nil
}

public final class ScenarioPlayback {
    /// The most spans and checks kept for a picture (a `repeat 100000` would otherwise fill
    /// memory and a plot); later ones are counted in `droppedSpans`. The failure is always kept.
    public static let maxSpans = 5_000

    public let scenario: CheckedScenario
    /// Statements met so far, one entry per source location.
    public private(set) var statements: [PlaybackStatement] = []
    public private(set) var spans: [PlaybackSpan] = []
    public private(set) var checks: [PlaybackCheck] = []
    public private(set) var droppedSpans = 0
    /// The failure that ended the scenario, if any.
    public private(set) var failure: RunFailure?
    /// The world when the scenario ended (or failed).
    public private(set) var finalWorld: World
    /// True when a statement that acts without taking time (a `release`, a tap) ran after
    /// the last frame `onFrame` saw: the world the scenario ended with is not that frame's
    /// (a finger lifted, a toggle started), so a picture adds `finalWorld` as one more
    /// sample at the same time, belonging to `finalStatement`.
    public private(set) var actedAfterLastFrame = false
    /// The statement the scenario ended on (the last one started: the one that failed, if
    /// any); -1 when none ran.
    public private(set) var finalStatement = -1
    /// Keep spans and checks (pictures need them; a trace does not, and stays bounded).
    public var recordsSpans = true

    private var index: [SourceLocation: Int] = [:]

    public init(_ scenario: CheckedScenario) {
        self.scenario = scenario
        finalWorld = World(scenario.config)
    }

    /// Runs the scenario from a fresh world. `onFrame` sees frame 0 first, then every
    /// frame as soon as it ran, with the index of the statement it belongs to (-1 for
    /// frame 0), and, when a failure stopped the scenario inside a frame (an `expect
    /// always`), that frame too. `shouldInterrupt` is polled once per frame; an
    /// interrupted scenario ends with the failure "interrupted".
    public func run(shouldInterrupt: @escaping () -> Bool = { false },
                    onFrame: @escaping (World, Int) -> Void) {
        let interp = Interpreter(scenario)
        let names = scenario.names
        interp.shouldInterrupt = shouldInterrupt
        var current = -1
        var lastFrame = 0
        actedAfterLastFrame = false
        var tapNote = ""
        var tapPoint: (Double, Double)?
        /// The statement being started or run (the driver's, below).
        var running: Stmt?
        interp.onTap = { [unowned interp] outcome in
            tapNote = outcome.description(interp.world.registry)
            if let s = running { tapPoint = ScenarioPlayback.tapPoint(s, outcome, interp, names) }
        }
        onFrame(interp.world, -1)
        // A behaviour's number that is not finite in a frame the pictures read stops them there.
        var nonFinite: BehaviourFaultReport?
        interp.observer = { [unowned self] w, _ in
            lastFrame = w.frameIndex
            self.actedAfterLastFrame = false
            onFrame(w, current)
            nonFinite = w.nonFiniteReport()
            return nonFinite != nil
        }
        var startFrame = 0
        loop: while true {
            if !interp.isInsideStatement {
                guard let s = interp.currentStatement else { break }
                running = s
                current = statementIndex(s)
                startFrame = interp.world.frameIndex
            }
            let event = interp.advance()
            switch event {
            case .frame:
                continue
            case .statement:
                if let s = running {
                    finished(s, current, startFrame, interp.world.frameIndex, note: tapNote, point: tapPoint)
                    if interp.world.frameIndex == startFrame, ScenarioPlayback.actsAtOnce(s) { actedAfterLastFrame = true }
                }
                running = nil
                tapNote = ""
                tapPoint = nil
            case .failed, .paused:
                var f = interp.failure
                if event == .paused {
                    let problem = nonFinite.map { RunProblem($0, in: interp.world) } ?? .interrupted
                    f = RunFailure(location: running?.location ?? scenario.location, problem: problem, time: interp.world.time)
                }
                failure = f
                if interp.world.frameIndex != lastFrame {
                    lastFrame = interp.world.frameIndex
                    actedAfterLastFrame = false
                    onFrame(interp.world, current)
                }
                if let f {
                    if current >= 0, recordsSpans { append(PlaybackSpan(statement: current, startFrame: startFrame, endFrame: interp.world.frameIndex)) }
                    let at = index[f.location] ?? current
                    var message = "line \(f.location.line): \(f.message)"
                    for n in f.notes { message += "\n" + n }
                    checks.append(PlaybackCheck(statement: at, frame: interp.world.frameIndex, failed: true, message: message, failureLine: f.location.line))
                }
                break loop
            case .finished:
                break loop
            }
        }
        interp.observer = nil
        interp.onTap = nil
        finalWorld = interp.world
        finalStatement = current
    }

    /// A statement that changes the world in zero time: the finger lifts, a tap lands.
    static func actsAtOnce(_ s: Stmt) -> Bool {
        switch s.kind {
        case .release, .tapHeader, .tapRow, .tapView, .tap: return true
        default: return false
        }
    }

    private func finished(_ s: Stmt, _ k: Int, _ start: Int, _ end: Int, note: String, point: (Double, Double)?) {
        guard recordsSpans, k >= 0 else { return }
        if case .repeatBlock = s.kind { return }
        append(PlaybackSpan(statement: k, startFrame: start, endFrame: end, note: note, tapX: point?.0, tapY: point?.1))
        if statements[k].isExpectation, checks.count < ScenarioPlayback.maxSpans {
            checks.append(PlaybackCheck(statement: k, frame: end, failed: false, message: ""))
        }
    }

    /// Where the tap statement `s` touched, read from the world as it is right after it
    /// (a tap moves nothing in the frame it runs in).
    static func tapPoint(_ s: Stmt, _ outcome: TapOutcome, _ interp: Interpreter, _ names: CheckedNames) -> (Double, Double)? {
        let world = interp.world
        var h = 0.0
        if case .number(let v, _) = world.value(.screenHeight) { h = v }
        func centre(_ r: Rect?) -> (Double, Double)? {
            guard let r else { return nil }
            let top = max(r.y, 0), bottom = min(r.y + r.height, h)
            guard bottom > top else { return nil }
            return (r.x + r.width / 2, (top + bottom) / 2)
        }
        switch s.kind {
        case .tap(let x, let y):
            guard case .success(.number(let px, _)) = interp.evaluate(x, names: names),
                  case .success(.number(let py, _)) = interp.evaluate(y, names: names), px.isFinite, py.isFinite else { return nil }
            return (px, py)
        case .tapView:
            return centre(world.lastTapFrame)
        case .tapHeader(let i):
            guard case .success(.number(let n, _)) = interp.evaluate(i, names: names), n >= 0, n < 1e9 else { return nil }
            return centre(world.sectionFrame(Int(n)))
        default:
            return nil
        }
    }

    private func append(_ span: PlaybackSpan) {
        if spans.count < ScenarioPlayback.maxSpans { spans.append(span) } else { droppedSpans += 1 }
    }

    private func statementIndex(_ s: Stmt) -> Int {
        if let k = index[s.location] { return k }
        var isExpectation = false, isInvariant = false
        switch s.kind {
        case .expect, .expectWithin: isExpectation = true
        case .expectAlways: isExpectation = true; isInvariant = true
        default: break
        }
        statements.append(PlaybackStatement(line: s.location.line, column: s.location.column,
                                            text: statementHead(s.kind), isExpectation: isExpectation,
                                            isInvariant: isInvariant))
        index[s.location] = statements.count - 1
        return statements.count - 1
    }
}
