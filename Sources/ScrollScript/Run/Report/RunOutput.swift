// Where a run's reports write: standard output and standard error, or strings (tests).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two streams a report writes to. `endOfEvent()` is called after each event: a
/// stream may flush there.
public protocol RunOutput: AnyObject {
    func out(_ s: String)
    func err(_ s: String)
    func endOfEvent()
}

/// Collects both streams as strings.
public final class StringRunOutput: RunOutput {
    public private(set) var stdout = ""
    public private(set) var stderr = ""
    public init() {}
    public func out(_ s: String) { stdout += s }
    public func err(_ s: String) { stderr += s }
    public func endOfEvent() {}
}

/// Standard output and standard error of the process (file descriptors 1 and 2).
///
/// Standard output is buffered and written at the end of every event, and always before
/// anything goes to standard error: when both go to the same pipe (`2>&1 | tee log`), a
/// file's diagnostics land right after its `ERROR` line, never before or pages later.
///
/// With `progress` (only when standard error is a terminal), a line `[12/40] 1 failed` on
/// standard error shows how far the run is, once it has taken more than a second; it is
/// erased before anything else is written and at the end, so it never stays in the output.
public final class StandardRunOutput: RunOutput {
    private var buffer: [UInt8] = []
    private let progressClock: (() -> Double)?
    private var started: Double = 0
    private var lastDrawn: Double = -1
    private var drawn = false

    /// `progressClock`: a monotonic clock in seconds, only to decide when to draw the
    /// progress line; nil for no progress line.
    public init(progressClock: (() -> Double)? = nil) {
        self.progressClock = progressClock
        started = progressClock?() ?? 0
    }

    /// True when file descriptor `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    public func out(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flushOut() }
    }

    public func err(_ s: String) {
        flushOut()
        erase()
        writeFD(2, Array(s.utf8))
    }

    public func endOfEvent() { flushOut() }

    /// Draws `[done/total] N failed` when the run has lasted over a second (at most ten
    /// times a second).
    public func progress(done: Int, total: Int, failed: Int) {
        guard let clock = progressClock else { return }
        let now = clock()
        guard now - started >= 1, now - lastDrawn >= 0.1 || done == total else { return }
        flushOut()
        lastDrawn = now
        drawn = true
        writeFD(2, Array("\r\u{1B}[K[\(done)/\(total)] \(failed) failed".utf8))
    }

    /// Writes what is buffered and erases the progress line.
    public func finish() {
        flushOut()
        erase()
    }

    private func flushOut() {
        guard !buffer.isEmpty else { return }
        erase()
        writeFD(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func erase() {
        guard drawn else { return }
        drawn = false
        writeFD(2, Array("\r\u{1B}[K".utf8))
    }
}
