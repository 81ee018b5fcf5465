#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollScript

/// Reads lines from a file descriptor that is not a terminal (a pipe, a file): no
/// prompts, no history, no line editing. `\n` and `\r\n` end lines; a last line without
/// a line ending still counts; bytes that are not UTF-8 become U+FFFD. A line longer
/// than `maxLineBytes` is `.tooLong` (its start) and the rest of it is dropped.
final class PlainLineReader: LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Bytes from `start` up to here hold no newline (already searched).
    private var scanned = 0
    /// True while the rest of a too-long line is being read and dropped.
    private var discarding = false
    /// The most bytes of unfinished input held at once (for tests: it stays bounded).
    private(set) var peakBufferedBytes = 0

    /// The longest line passed on, in bytes: the source line limit
    /// (`SourceLimits.maxLineLength` characters) at 4 bytes a character, plus room for
    /// the 40 characters a diagnostic shows past the limit. A longer line is not passed
    /// on: `readLine` returns `.tooLong` with its first `maxLineBytes` bytes and drops the
    /// rest up to its newline. (A line between the character limit and this many bytes is
    /// passed on and the lexer reports it, with the same message.)
    static let maxLineBytes = 4 * (SourceLimits.maxLineLength + 64)

    init(fileDescriptor: Int32) {
        self.fd = fileDescriptor
    }

    var isInteractive: Bool { false }

    func readLine(prompt: String) -> LineResult {
        while true {
            // Only bytes not yet looked at are searched for the newline (`scanned`), so a
            // long line read 4 KiB at a time costs linear time, not quadratic.
            if let nl = buffer[scanned...].firstIndex(of: 0x0A) {
                if discarding {
                    // The rest of a line that was too long: dropped with its newline.
                    discarding = false
                    start = nl + 1
                    scanned = start
                    compact()
                    continue
                }
                var end = nl
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = nl + 1
                scanned = start
                compact()
                return .line(line)
            }
            scanned = buffer.count
            if discarding {
                // Still inside a line that was too long: forget what was read of it.
                start = buffer.count
                scanned = start
                compact()
            } else if buffer.count - start > PlainLineReader.maxLineBytes {
                // No newline within the limit: the line is reported (its start, enough for
                // the diagnostic) and the rest of it is read and dropped up to its newline.
                let kept = String(decoding: buffer[start..<(start + PlainLineReader.maxLineBytes)], as: UTF8.self)
                discarding = true
                start = buffer.count
                scanned = start
                compact()
                return .tooLong(kept)
            }
            if atEnd {
                guard start < buffer.count, !discarding else {
                    discarding = false
                    return .eof
                }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = buffer.count
                scanned = start
                return .line(line)
            }
            fill()
            peakBufferedBytes = max(peakBufferedBytes, buffer.count - start)
        }
    }

    func addHistory(_ line: String) {}

    /// Ctrl-C ends a piped session (no handler is installed), so this stays false
    /// unless something else installed `Interrupt`'s handler.
    var isInterrupted: Bool { Interrupt.isPending }

    func clearInterrupt() { Interrupt.clear() }

    /// Not a terminal: 80 × 24 (what readline reports when it knows nothing).
    var screenSize: (columns: Int, rows: Int) { TerminalSize.current() }

    func close() {}

    /// Reads more bytes; sets `atEnd` at end of file or on an error other than EINTR.
    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
        } else if n < 0 && errno == EINTR {
            return
        } else {
            atEnd = true
        }
    }

    /// Drops consumed bytes once they make up most of the buffer.
    private func compact() {
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
    }
}
