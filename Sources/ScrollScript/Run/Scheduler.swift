// How a run's work is spread over threads: `jobs` threads (the calling thread is one of
// them) take the next piece of work — a scenario of the file the thread read last, else
// reading and checking the next file, else a scenario of the earliest file that has one
// to start — and whichever thread finishes the piece the run waits for next hands
// everything then ready, in input order, to the orchestrator (Runner.swift). No thread
// only waits to emit, and a thread sleeps only when there is nothing it may start. A file
// stays with the thread that read it while there are other files to read (its tree is
// made, used and freed on one thread, and finding the next piece does not look through
// the open files); the last files, and a large one, are shared.
//
// At most `window` (32 per thread) pieces are started and not yet handed on (the earliest
// file may always run up to `window` scenarios past the one the run waits for, so the
// window cannot deadlock): memory stays bounded however many files there are, and however
// many scenarios one file has. The window is wide enough that a thread seldom waits for
// a slower one to catch up (on hundreds of small files, 4 per thread put a thread to
// sleep about once a file). With `jobs == 1` the calling thread does everything, in order.
//
// What a thread made, that thread frees: a file's tree and a scenario's outcome are handed
// on by whichever thread hands on, and then go back to the thread that made them, which
// frees them the next time it takes a piece of work, or as it leaves (what comes back
// after that is freed with the scheduler). A thread frees its own at once, outside the
// lock. What waits to go back is at most what the window let that thread start. Freed by
// the other thread, each object's reference count and each block of memory would first
// travel to that thread's core, and the blocks go back to an arena the first thread
// allocates from at that moment.
import Foundation

/// What the scheduler hands on, in input order, one at a time.
enum ScheduledStep {
    /// A file was read and checked (and `--update` done): before any of its scenarios.
    case file(PreparedInput)
    case scenario(ScenarioOutcome)
    /// Every selected scenario of the file has been handed on.
    case fileDone
}

final class Scheduler: @unchecked Sendable {
    /// A file from when its reading starts until its last step is handed on.
    private final class OpenFile {
        let index: Int
        /// The thread that reads and checks it (its tree is that thread's memory).
        let owner: Int
        /// Nil while it is being read and checked.
        var prepared: PreparedInput?
        var file: PreparedFile?
        /// Scenarios to run (0 until it is ready).
        var count = 0
        var handedFile = false
        var nextStart = 0
        var handedOn = 0
        /// Results not yet handed on, each with the thread that ran it: scenario k in slot
        /// k % results.count. At most `results.count` (min(window, count)) are started and
        /// not handed on.
        var results: [(outcome: ScenarioOutcome, thread: Int)?] = []
        init(index: Int, owner: Int) {
            self.index = index
            self.owner = owner
        }
    }

    /// A step once handed on, with the file it ended (`fileDone`): kept for the thread that
    /// made them to free.
    private struct HandedOn {
        var step: ScheduledStep
        var file: OpenFile? = nil
    }

    private enum Job {
        case prepare(OpenFile)
        case scenario(OpenFile, PreparedFile, Int)
    }

    private let inputs: [RunInput]
    private let options: RunOptions
    private let jobs: Int
    private let window: Int
    private let cond = NSCondition()
    /// In input order, from the first file not yet handed on in full.
    private var open: [OpenFile] = []
    private var nextFile = 0
    /// Files handed on in full.
    private var filesDone = 0
    /// Pieces started and not handed on: a file counts one until its last step, each
    /// scenario one until it is handed on.
    private var outstanding = 0
    /// A thread is handing steps on (the others leave theirs to it).
    private var handing = false
    private var stopping = false
    private var sleepers = 0
    private var alive = 0
    private var handOn: (ScheduledStep) -> Void = { _ in }
    /// Each thread's file: the one it read last, whose scenarios it runs first (a file's
    /// tree is then made, used and freed on one thread).
    private var current: [OpenFile?]
    /// What each thread made and another handed on, for the thread that made it to free.
    private var toFree: [[HandedOn]]

    init(_ inputs: [RunInput], _ options: RunOptions) {
        self.inputs = inputs
        self.options = options
        jobs = min(max(1, options.jobs), maxRunJobs)
        window = 32 * jobs
        current = Array(repeating: nil, count: jobs)
        toFree = Array(repeating: [], count: jobs)
    }

    /// Runs everything, handing each step on through `handOn` (one at a time, in input
    /// order, from any of the threads). Returns false when Ctrl-C stopped it before the
    /// end; what ran is still handed on, in input order, and what never started is not.
    func run(_ handOn: @escaping (ScheduledStep) -> Void) -> Bool {
        self.handOn = handOn
        alive = jobs
        for threadIndex in 1..<jobs {
            let t = Thread { [self] in work(thread: threadIndex) }
            // Parsing, checking and evaluating recurse once per level of an expression
            // (up to 256 levels); a debug build needs about 8 MB for that. Address space only.
            t.stackSize = 64 << 20
            t.start()
        }
        work(thread: 0)
        cond.lock()
        while alive > 0 { _ = cond.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        let completed = filesDone == inputs.count
        // Stopped by Ctrl-C: a scenario of a later file may have run (and been interrupted)
        // while an earlier file was still being checked, so it could not be handed on in
        // order. Everything that ran is handed on now, in input order.
        var left: [ScheduledStep] = []
        for f in open {
            if !f.handedFile, let p = f.prepared { left.append(.file(p)) }
            guard !f.results.isEmpty else { continue }
            for k in f.handedOn..<f.nextStart {
                if let r = f.results[k % f.results.count] { left.append(.scenario(r.outcome)) }
            }
        }
        open.removeAll()
        cond.unlock()
        for step in left { handOn(step) }
        return completed
    }

    private func work(thread: Int) {
        cond.lock()
        while let job = nextJob(thread: thread) {
            var mine: [HandedOn] = []
            if !toFree[thread].isEmpty { swap(&mine, &toFree[thread]) }
            cond.unlock()
            mine = []  // freed here, by the thread that made them, outside the lock
            switch job {
            case .prepare(let f):
                let p = prepare(inputs[f.index], options)
                cond.lock()
                f.prepared = p
                if case .ready(let file) = p.stage {
                    f.file = file
                    f.count = file.count
                    f.results = Array(filled: nil, count: min(window, file.count))
                    if sleepers > 0 { cond.broadcast() }
                }
            case .scenario(let f, let file, let k):
                // Read (for a large file), run and rendered outside the lock.
                let r = file.scenario(k).map { file.run($0, shouldInterrupt: options.shouldInterrupt) }
                cond.lock()
                if let r {
                    f.results[k % f.results.count] = (r, thread)
                } else {
                    // The file's second reading ended before its check's count (it cannot:
                    // the same bytes, the same checks); the file ends there, no wait.
                    f.count = min(f.count, k)
                    outstanding -= 1
                }
            }
            handOnReady(thread: thread)
        }
        var mine: [HandedOn] = []
        swap(&mine, &toFree[thread])
        alive -= 1
        cond.broadcast()
        cond.unlock()
        mine = []  // what was handed back to this thread, freed by it as it leaves
        // (what is handed back after it left is freed with the scheduler)
    }

    /// The next piece of work for thread `thread`, or nil when it should leave: the run
    /// stops, or nothing is left to start. In order of preference: a scenario of the file
    /// it read last, reading the next file, a scenario of the earliest file that has one
    /// to start (another thread's, or its own earlier one). Called with the lock held.
    private func nextJob(thread: Int) -> Job? {
        while true {
            if stopping { return nil }
            if options.shouldInterrupt() {
                stopping = true
                cond.broadcast()
                return nil
            }
            if let f = current[thread] {
                if let file = f.file, f.nextStart < f.count {
                    if fits(f) { return start(f, file) }
                } else if f.prepared != nil {
                    current[thread] = nil
                }
            }
            if nextFile < inputs.count && (open.isEmpty || (outstanding < window && open.count < window)) {
                let f = OpenFile(index: nextFile, owner: thread)
                nextFile += 1
                open.append(f)
                outstanding += 1
                current[thread] = f
                return .prepare(f)
            }
            var pending = nextFile < inputs.count
            for f in open {
                guard f.prepared != nil else { pending = true; continue }
                guard let file = f.file, f.nextStart < f.count else { continue }
                pending = true
                guard fits(f) else { break }
                return start(f, file)
            }
            if !pending { return nil }
            // Woken when work arrives or the window frees; the timeout polls Ctrl-C.
            sleepers += 1
            _ = cond.wait(until: Date(timeIntervalSinceNow: 0.05))
            sleepers -= 1
        }
    }

    /// Whether a scenario of `f` may start now: the earliest file may run up to `window`
    /// scenarios past the one handed on last, any other only while the window has room.
    private func fits(_ f: OpenFile) -> Bool {
        f === open.first ? f.nextStart - f.handedOn < window : outstanding < window
    }

    /// Takes the next scenario of `f`. Called with the lock held.
    private func start(_ f: OpenFile, _ file: PreparedFile) -> Job {
        let k = f.nextStart
        f.nextStart += 1
        outstanding += 1
        return .scenario(f, file, k)
    }

    /// Hands on every step that is ready, in input order, unless another thread is doing
    /// so (it hands on this one too: it looks again before it stops). Called, and returns,
    /// with the lock held; `handOn` runs without it. Each step is moved, not copied, from
    /// its slot to `handOn`: a scenario's outcome holds its whole tree.
    private func handOnReady(thread: Int) {
        guard !handing else { return }
        handing = true
        while let (handed, maker) = nextReadyStep() {
            cond.unlock()
            handOn(handed.step)
            if let maker, maker != thread {
                cond.lock()
                // Moved, not copied, to its maker (a copy would touch every reference it holds).
                toFree[maker].append(consume handed)
            } else {
                _ = consume handed  // this thread's own: freed here, outside the lock
                cond.lock()
            }
            if sleepers > 0 { cond.broadcast() }
        }
        handing = false
    }

    /// The next step to hand on, taken from the earliest open file, with the thread that
    /// made what it holds (nil: any thread may free it); nil when the run waits for a piece
    /// not yet done. Called with the lock held.
    private func nextReadyStep() -> (HandedOn, maker: Int?)? {
        guard let f = open.first, f.prepared != nil else { return nil }
        if !f.handedFile, let p = f.prepared {
            f.handedFile = true
            return (HandedOn(step: .file(p)), nil)
        }
        if f.handedOn < f.count {
            guard let r = f.results[f.handedOn % f.results.count].take() else { return nil }
            f.handedOn += 1
            outstanding -= 1
            return (HandedOn(step: .scenario(r.outcome)), r.thread)
        }
        let done = open.removeFirst()
        filesDone += 1
        outstanding -= 1
        return (HandedOn(step: .fileDone, file: done), done.owner)
    }
}
