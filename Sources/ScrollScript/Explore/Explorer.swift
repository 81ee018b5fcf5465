// `scrollscript explore` as a library function (spec §7, v1.3; docs/explore.md): random
// valid action sequences against a scenario's `expect always` lines; the first violation
// (lowest run index) shrunk and written as a scenario that `run` fails the same way.
//
// Determinism: run i draws from SplitMix64 seeded with (seed, i) only. Runs go in batches;
// within a batch the workers take runs from a shared counter (any worker any run), and after the batch the lowest run index
// with a violation is the one reported, so the output never depends on `jobs`. The
// figures (runs, steps, frames) count runs 0...k (k the reported run, else all), which is
// the same whatever ran in parallel after it.
import Dispatch
import Synchronization
import ScrollSim

public struct ExploreOptions: Equatable, Sendable {
    /// Runs (spec default 200).
    public var runs = 200
    /// Actions per run at most (spec default 12).
    public var steps = 12
    public var seed: UInt64 = 1
    /// Worker threads.
    public var jobs = 1
    /// Simulated frames per run at most: no further action is drawn once a run has
    /// passed this many (default: 120 s of frames at the scene's fps).
    public var maxFramesPerRun: Int?
    /// Replays the shrinker may try.
    public var maxShrinkAttempts = 5000
    /// The behaviours the file's words are read against.
    public var registry: BehaviourRegistry = .builtIn

    public init() {}

    /// The upper bounds the command line accepts.
    public static let maxRuns = 10_000_000
    public static let maxSteps = 10_000
    public static let maxJobs = 256
}

/// What an exploration covered.
public struct ExploreStats: Equatable, Sendable {
    public var runs = 0
    public var steps = 0
    /// Simulated frames (frames skipped at rest count: they are simulated time).
    public var frames = 0

    public init() {}
}

/// The smallest sequence found that breaks the property.
public struct Counterexample: Sendable {
    /// The run that found it (0-based).
    public var runIndex: Int
    /// That run's actions, up to the violation.
    public var found: [ExploreAction]
    /// The shrunk actions.
    public var actions: [ExploreAction]
    /// The violation of the shrunk sequence (location of the invariant, message, time).
    public var failure: RunFailure
    /// The `expect always` statement that broke.
    public var invariant: Stmt
    /// Replays the shrinker tried.
    public var shrinkAttempts: Int
}

public struct ExploreResult: Sendable {
    public var stats: ExploreStats
    public var counterexample: Counterexample?
    /// A generated action the interpreter refused (a bug in the generator; never
    /// expected): the run, its actions and the failure.
    public var refused: (run: Int, actions: [ExploreAction], failure: RunFailure)?
}

/// Per-run results of a batch, written by the workers (each slot by one worker).
private final class BatchSlots: @unchecked Sendable {
    let outcomes: UnsafeMutableBufferPointer<ReplayOutcome?>
    /// The next run of the batch to take: a worker held up by the machine takes fewer.
    let next = Atomic<Int>(0)
    init(_ n: Int) {
        outcomes = .allocate(capacity: n)
        outcomes.initialize(repeating: nil)
    }
    deinit {
        _ = outcomes.deinitialize()
        outcomes.deallocate()
    }
}

/// Explores `property`. `progress(runsDone)` is called after each batch (from the calling
/// thread).
public func explore(_ property: ExploreProperty, options: ExploreOptions,
                    progress: ((Int) -> Void)? = nil) -> ExploreResult {
    let engine = ExploreEngine(property: property)
    let generator = ExploreGenerator(config: property.config)
    let fps = max(1, property.config.fps)
    let maxFrames = options.maxFramesPerRun ?? 120 * fps
    let runs = max(0, options.runs)
    let steps = max(0, options.steps)
    let jobs = max(1, min(options.jobs, ExploreOptions.maxJobs))
    let batchSize = max(64, 64 * jobs)
    var stats = ExploreStats()
    var done = 0
    while done < runs {
        let n = min(batchSize, runs - done)
        let slots = BatchSlots(n)
        let base = done
        let work: (Int) -> Void = { _ in
            while true {
                let i = slots.next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= n { break }
                var rng = SplitMix64(seed: SplitMix64.runSeed(options.seed, base + i))
                var o = engine.generatedRun(&rng, generator: generator, steps: steps, maxFrames: maxFrames)
                // Only a run that broke something keeps its actions (a batch of 64 × jobs
                // runs of up to 10,000 steps would otherwise hold them all).
                if o.violation == nil && o.refused == nil { o.actions = [] }
                slots.outcomes[i] = o
            }
        }
        if jobs == 1 {
            work(0)
        } else {
            // Each worker takes the next run not yet taken and writes its slot only; which
            // worker made which run does not matter (a run depends on (seed, index) only).
            DispatchQueue.concurrentPerform(iterations: jobs, execute: work)
        }
        for i in 0..<n {
            guard let o = slots.outcomes[i] else { continue }
            stats.runs += 1
            stats.steps += o.actionCount
            stats.frames += o.frames
            if let f = o.refused {
                return ExploreResult(stats: stats, counterexample: nil, refused: (base + i, o.actions, f))
            }
            if let v = o.violation {
                guard let ce = shrinkViolation(engine, o, v, run: base + i, options: options) else {
                    // Not at any `expect always` line: cannot happen (a violation is a
                    // failure outside the generated statements); reported, not trapped.
                    return ExploreResult(stats: stats, counterexample: nil, refused: (base + i, o.actions, v))
                }
                return ExploreResult(stats: stats, counterexample: ce, refused: nil)
            }
        }
        done += n
        progress?(done)
    }
    return ExploreResult(stats: stats, counterexample: nil, refused: nil)
}

private func shrinkViolation(_ engine: ExploreEngine, _ o: ReplayOutcome, _ v: RunFailure, run: Int,
                             options: ExploreOptions) -> Counterexample? {
    let key = ViolationKey(v)
    var shrinker = ExploreShrinker(engine: engine, key: key, maxAttempts: max(0, options.maxShrinkAttempts))
    let best = shrinker.shrink(o)
    let failure = best.violation ?? v
    // The invariant is the `expect always` whose line holds the failure (an error inside
    // its expression is located at the operator, on that line).
    guard let inv = engine.property.invariants.first(where: { $0.location == failure.location })
        ?? engine.property.invariants.first(where: { $0.location.file == failure.location.file && $0.location.line == failure.location.line })
    else { return nil }
    return Counterexample(runIndex: run, found: o.actions, actions: best.actions, failure: failure,
                          invariant: inv, shrinkAttempts: shrinker.attempts)
}
