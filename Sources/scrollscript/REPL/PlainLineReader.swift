#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollScript

/// Reads lines from a file descriptor that is not a terminal (a pipe, a file): no
/// prompts, no history, no line editing. `\n` and `\r\n` end lines; a last line without
/// a line ending still counts; bytes that are not UTF-8 become U+FFFD.
public final class PlainLineReader: LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public init(fileDescriptor: Int32) {
        self.fd = fileDescriptor
    }

    public var isInteractive: Bool { false }

    public func readLine(prompt: String) -> LineResult {
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                var end = nl
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = nl + 1
                compact()
                return .line(line)
            }
            if atEnd {
                guard start < buffer.count else { return .eof }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = buffer.count
                return .line(line)
            }
            fill()
        }
    }

    public func addHistory(_ line: String) {}

    /// Ctrl-C ends a piped session (no handler is installed), so this stays false
    /// unless something else installed `Interrupt`'s handler.
    public var isInterrupted: Bool { Interrupt.isPending }

    public func clearInterrupt() { Interrupt.clear() }

    /// Not a terminal: 80 × 24 (what readline reports when it knows nothing).
    public var screenSize: (columns: Int, rows: Int) { TerminalSize.current() }

    public func close() {}

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
            start = 0
        }
    }
}
