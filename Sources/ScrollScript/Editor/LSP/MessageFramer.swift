// The base protocol of LSP: each message is `Content-Length: N\r\n\r\n` then N bytes of
// JSON. The framer cuts a byte stream into message bodies and says what was wrong with a
// header, resynchronizing at the next `Content-Length:` so a bad message costs one error.
import Foundation

/// What the framer found in the stream.
public enum FramerEvent: Equatable, Sendable {
    /// One message body (the JSON bytes).
    case message([UInt8])
    /// A header that could not be used, or a message over the size limit (then skipped).
    case error(String)
}

public struct MessageFramer: Sendable {
    /// The longest header block accepted (headers are a line or two).
    public static let maxHeaderBytes = 8 * 1024
    /// The largest message body: a 64 MiB document (the language's file limit) with room
    /// for JSON escapes. A larger body is skipped without being held in memory.
    public static let maxBodyBytes = 128 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var head = 0
    /// Where the search for the header's end goes on (bytes before it were searched).
    private var scanned = 0
    /// Body length of the message whose header was read.
    private var expectedBody: Int?
    /// Bytes still to skip (a body over the limit).
    private var discarding = 0

    public init() {}

    /// Bytes in, events out (in stream order).
    public mutating func feed<C: Collection>(_ bytes: C) -> [FramerEvent] where C.Element == UInt8 {
        var events: [FramerEvent] = []
        var input = bytes[...]
        // Skipped bodies are never buffered.
        if discarding > 0 && head == buffer.count {
            let n = min(discarding, input.count)
            discarding -= n
            input = input.dropFirst(n)
        }
        buffer.append(contentsOf: input)
        while true {
            let available = buffer.count - head
            if discarding > 0 {
                let n = min(discarding, available)
                head += n
                discarding -= n
                scanned = head
                if discarding > 0 { break }
                continue
            }
            if let length = expectedBody {
                guard available >= length else { break }
                events.append(.message(Array(buffer[head..<head + length])))
                head += length
                scanned = head
                expectedBody = nil
                continue
            }
            guard let end = headerEnd() else {
                if available > MessageFramer.maxHeaderBytes {
                    events.append(.error("header longer than \(MessageFramer.maxHeaderBytes) bytes without an empty line; skipped to the next 'Content-Length:'"))
                    resync(before: buffer.count)
                    continue
                }
                break
            }
            switch parseHeader(buffer[head..<end]) {
            case .success(let length):
                head = end + 4
                scanned = head
                if length > MessageFramer.maxBodyBytes {
                    events.append(.error("message of \(length) bytes is larger than the limit of \(MessageFramer.maxBodyBytes) bytes; skipped"))
                    discarding = length
                } else {
                    expectedBody = length
                }
            case .failure(let problem):
                events.append(.error(problem.message + "; skipped to the next 'Content-Length:'"))
                resync(before: end + 4)
            }
        }
        compact()
        return events
    }

    private struct HeaderProblem: Error {
        var message: String
    }

    /// The Content-Length of a header block (without its closing empty line).
    private func parseHeader(_ block: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        let text = String(decoding: block, as: UTF8.self)
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "bad header line '\(clipped(line))' (expected 'Name: value')"))
            }
            let name = line[..<colon]
            guard !name.isEmpty, name.utf8.allSatisfy({ isTokenByte($0) }) else {
                return .failure(HeaderProblem(message: "bad header name '\(clipped(String(name)))'"))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "content-length" {
                guard !value.isEmpty, value.utf8.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let n = Int(value) else {
                    return .failure(HeaderProblem(message: "bad Content-Length '\(clipped(value))' (expected a number of bytes)"))
                }
                length = n
            }
        }
        guard let length else { return .failure(HeaderProblem(message: "header without Content-Length")) }
        return .success(length)
    }

    private func isTokenByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }

    private func clipped(_ s: String) -> String {
        s.count > 40 ? String(s.prefix(40)) + "..." : s
    }

    /// The index of the `\r\n\r\n` that ends the header starting at `head`.
    private mutating func headerEnd() -> Int? {
        var i = max(head, scanned)
        while i + 3 < buffer.count {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A { return i }
            i += 1
        }
        scanned = max(head, i)
        return nil
    }

    private static let marker = Array("content-length:".utf8)

    /// Skips bad bytes: to the next `Content-Length:` after `head` and before `limit`, else
    /// to `limit` (keeping a tail that may be the start of a marker cut by a read).
    private mutating func resync(before limit: Int) {
        let m = MessageFramer.marker
        var i = head + 1
        while i + m.count <= limit {
            var match = true
            for k in 0..<m.count {
                var b = buffer[i + k]
                if b >= 0x41 && b <= 0x5A { b += 0x20 }
                if b != m[k] { match = false; break }
            }
            if match {
                head = i
                scanned = head
                return
            }
            i += 1
        }
        if limit >= buffer.count {
            // Keep only a tail that may be the start of a marker cut by a read.
            var keep = min(m.count - 1, buffer.count - head - 1)
            while keep > 0 {
                var isPrefix = true
                for k in 0..<keep {
                    var b = buffer[buffer.count - keep + k]
                    if b >= 0x41 && b <= 0x5A { b += 0x20 }
                    if b != m[k] { isPrefix = false; break }
                }
                if isPrefix { break }
                keep -= 1
            }
            head = buffer.count - keep
        } else {
            head = limit
        }
        scanned = head
    }

    private mutating func compact() {
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            head = 0
            scanned = 0
        } else if head > 1 << 16 && head > buffer.count / 2 {
            buffer.removeFirst(head)
            scanned -= head
            head = 0
        }
    }

    /// One message framed for the wire.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
