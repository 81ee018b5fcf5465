// Running actions against a property through the real Interpreter: what a generated run
// does (drawing each action from the state reached) and what the shrinker does (a fixed
// list). A violation found here is exactly what `scrollscript run` reports, because it is
// the same engine with the same invariants.
import ScrollSim

/// The property of `explore`: a scenario's configuration and its `expect always` lines.
public struct ExploreProperty: Sendable {
    /// The scenario's name.
    public var name: String
    public var config: SceneConfig
    /// The `expect always` statements, with their locations in the file (in the order
    /// they stand, those inside `repeat` included).
    public var invariants: [Stmt]
    /// What the checker resolved the names of the invariants to.
    public var names: CheckedNames

    /// The property of a checked scenario; its other statements are ignored.
    public init(_ scenario: CheckedScenario) {
        name = scenario.name
        config = scenario.config
        var found: [Stmt] = []
        // Blocks nest at most 256 deep (the parser's limit): the recursion is bounded.
        func collect(_ list: [Stmt]) {
            for s in list {
                switch s.kind {
                case .expectAlways: found.append(s)
                case .repeatBlock(_, let body): collect(body.statements)
                default: break
                }
            }
        }
        collect(scenario.statements)
        invariants = found
        names = scenario.names
    }
}

/// How one replay or run ended.
public struct ReplayOutcome: Sendable {
    /// The invariant that broke (what `run` would report), or nil.
    public var violation: RunFailure?
    /// An action the interpreter refused (a generator or shrinker error; never expected
    /// from the generator), or nil.
    public var refused: RunFailure?
    /// The actions that ran: all of them, or up to and including the one during which the
    /// invariant broke (empty when it broke before any action, at t = 0).
    public var actions: [ExploreAction]
    /// How many actions ran (kept when `actions` is dropped from a run that broke nothing).
    public var actionCount = 0
    /// Simulated frames (the last frame index).
    public var frames: Int
}

/// The file name of generated statements' locations: a failure there is the action's, not
/// the property's. (No file on disk can have this name: it holds a NUL.)
let generatedFile = "\u{0}explore"

/// Which invariant broke and how: the location and the problem without its time, so that
/// an invariant broken at t = 0.017 s and the same one at t = 0.033 s are one violation.
public struct ViolationKey: Equatable, Hashable, Sendable {
    public var location: SourceLocation
    /// The failure's problem; an invariant broken at any time is `.invariantBroken(time: 0)`.
    public var problem: RunProblem

    public init(_ f: RunFailure) {
        location = f.location
        if case .invariantBroken = f.problem {
            problem = .invariantBroken(time: 0)
        } else {
            problem = f.problem
        }
    }

    /// By location (keys that are equal share it; the problem need not be hashable).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
    }
}

/// Runs actions on a property with the real Interpreter.
struct ExploreEngine {
    let property: ExploreProperty

    /// A fresh interpreter with the invariants registered (checked at t = 0).
    private func start() -> Interpreter {
        let interp = Interpreter(config: property.config, statements: property.invariants, names: property.names)
        interp.fastForwardsIdleFrames = true
        interp.run()
        return interp
    }

    private func location(_ k: Int) -> SourceLocation {
        SourceLocation(file: generatedFile, line: k + 1, column: 1)
    }

    /// Runs `action` as statement k; returns how it ended (nil: went on).
    private func step(_ interp: Interpreter, _ action: ExploreAction, _ k: Int, _ out: inout ReplayOutcome) -> Bool {
        out.actions.append(action)
        // A generated action names at most a view, which the generator took from the
        // registry's own views: resolved here, as the checker would.
        var names = CheckedNames()
        if case .tapView(let name) = action, let v = property.config.registry.view(named: name) {
            names.record(.view(v), at: location(k))
        }
        interp.append([action.statement(at: location(k))], names: names)
        interp.run()
        guard let f = interp.failure else { return false }
        if f.location.file == generatedFile { out.refused = f } else { out.violation = f }
        return true
    }

    /// Replays a fixed list of actions.
    func replay(_ actions: [ExploreAction]) -> ReplayOutcome {
        let interp = start()
        var out = ReplayOutcome(violation: interp.failure, refused: nil, actions: [], actionCount: 0, frames: 0)
        if out.violation == nil {
            for (k, a) in actions.enumerated() {
                if step(interp, a, k, &out) { break }
            }
        }
        out.frames = interp.world.frameIndex
        out.actionCount = out.actions.count
        return out
    }

    /// One generated run: up to `steps` actions, each drawn from the state reached, until
    /// a violation or `maxFrames` simulated frames.
    func generatedRun(_ rng: inout SplitMix64, generator: ExploreGenerator, steps: Int, maxFrames: Int) -> ReplayOutcome {
        let interp = start()
        var out = ReplayOutcome(violation: interp.failure, refused: nil, actions: [], actionCount: 0, frames: 0)
        if out.violation == nil {
            var k = 0
            while k < steps && interp.world.frameIndex < maxFrames {
                let a = generator.next(&rng, world: interp.world)
                if step(interp, a, k, &out) { break }
                k += 1
            }
        }
        out.frames = interp.world.frameIndex
        out.actionCount = out.actions.count
        return out
    }
}
