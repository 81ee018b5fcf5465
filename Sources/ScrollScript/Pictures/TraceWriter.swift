// `scrollscript trace`: one row per frame, streamed (spec §7; docs/pictures.md).
//
//     frame,time,line,phase,offset,...,failure
//     0,0.0,,idle,0.0,...,
//     1,0.016666666666666666,3,dragging,-2.4557...,...,
//
// Rows go into a buffer that is handed to `write` in chunks of about 64 KiB, so memory
// does not grow with the scenario's length. The last row is held back until the end:
// when the scenario fails, its `failure` field is filled in.
//
// JSON Lines rows are written here byte by byte (keys encoded once, plain strings copied)
// rather than built as a `JSONValue` for `JSONWriter`: a value per field and a String per
// row cost about half as many instructions again per row (callgrind, 18,001 rows).
import ScrollSim

public enum TraceFormat: String, CaseIterable, Sendable {
    /// RFC 4180: a header line, then one line per row; fields with `,` `"` or a line
    /// break are quoted.
    case csv
    /// JSON Lines: one object per row, keys in column order.
    case jsonl
}

public final class TraceWriter {
    public let columns: [TraceColumn]
    public let format: TraceFormat
    /// Every N-th frame (frame % N == 0), and always the last one.
    public let every: Int
    /// Rows written so far (header line not counted).
    public private(set) var rowCount = 0

    private let write: ([UInt8]) -> Void
    private var buffer: [UInt8] = []
    /// Where the last row starts in `buffer` (held back for the failure mark).
    private var lastRowStart = 0
    private var lastRowFrame = -1
    private let needsVisibleSectionsAndRows: Bool
    /// JSON Lines: each column's `"name":`, encoded once.
    private let keys: [[UInt8]]
    private static let chunk = 1 << 16

    public init(columns: [TraceColumn], format: TraceFormat, every: Int = 1, write: @escaping ([UInt8]) -> Void) {
        self.columns = columns
        self.format = format
        self.every = max(1, every)
        self.write = write
        needsVisibleSectionsAndRows = columns.contains { $0.source == .field(.sectionsVisible) || $0.source == .field(.rowsVisible) }
        keys = columns.map { Array((jsonString($0.name) + ":").utf8) }
        buffer.reserveCapacity(TraceWriter.chunk + 4096)
        if format == .csv {
            for (k, c) in columns.enumerated() {
                if k > 0 { buffer.append(UInt8(ascii: ",")) }
                appendCSV(c.name)
            }
            buffer.append(UInt8(ascii: "\n"))
        }
        lastRowStart = buffer.count
    }

    /// Runs `playback` and writes its trace. Returns the scenario's failure, if any.
    @discardableResult
    public func trace(_ playback: ScenarioPlayback, shouldInterrupt: @escaping () -> Bool = { false }) -> RunFailure? {
        playback.recordsSpans = false
        source = playback
        var lastFrame = -1
        playback.run(shouldInterrupt: shouldInterrupt) { [unowned self] world, k in
            lastFrame = world.frameIndex
            if world.frameIndex % self.every == 0 { self.row(world, k) }
        }
        // The world as the scenario ended: the last frame when `every` skipped it, and one
        // more row at the same time when a release or a tap acted after it.
        if lastFrame != lastRowFrame || playback.actedAfterLastFrame { row(playback.finalWorld, playback.finalStatement) }
        finish(playback.failure)
        source = nil
        return playback.failure
    }

    /// The playback being traced (statement lines and texts).
    private var source: ScenarioPlayback?

    /// Appends one row for `world` (statement `k` of the playback, -1 for none).
    func row(_ world: World, _ k: Int) {
        if buffer.count > TraceWriter.chunk { flush() }
        lastRowStart = buffer.count
        lastRowFrame = world.frameIndex
        rowCount += 1
        let visible = needsVisibleSectionsAndRows ? VisibleSectionsAndRows(world) : VisibleSectionsAndRows()
        if format == .jsonl { buffer.append(UInt8(ascii: "{")) }
        for (n, c) in columns.enumerated() {
            if n > 0 { buffer.append(UInt8(ascii: ",")) }
            if format == .jsonl { buffer.append(contentsOf: keys[n]) }
            switch c.source {
            case .observable(let id, let i, let j):
                appendValue(world.value(id, section: i, row: j))
            case .field(let f):
                appendField(f, world, k, visible)
            }
        }
        if format == .jsonl { buffer.append(UInt8(ascii: "}")) }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Marks the last row with the failure (if any) and writes everything left.
    func finish(_ failure: RunFailure?) {
        // Re-render the held-back row's last field (`TraceColumns` puts `failure` last).
        if let failure, rowCount > 0, columns.last?.source == .field(.failure) {
            let text = "\(failure.location.file):\(failure.location.line):\(failure.location.column): \(failure.message)"
            var tail: [UInt8] = []
            swap(&tail, &buffer)
            let row = Array(tail[lastRowStart...])
            buffer = Array(tail[..<lastRowStart])
            // The row ends with the empty failure field: `,\n` (CSV) or `null}\n` (JSONL).
            let cut = format == .csv ? 1 : 6
            buffer.append(contentsOf: row[..<(row.count - cut)])
            if format == .csv { appendCSV(text) } else { appendJSONString(text); buffer.append(UInt8(ascii: "}")) }
            buffer.append(UInt8(ascii: "\n"))
        }
        flush()
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
        lastRowStart = 0
    }

    // MARK: - Fields

    private func appendField(_ f: TraceField, _ world: World, _ k: Int, _ visible: VisibleSectionsAndRows) {
        switch f {
        case .frame: appendASCII(String(world.frameIndex))
        case .line:
            if let st = statement(k) { appendASCII(String(st.line)) } else { appendNull() }
        case .statement:
            if let st = statement(k) { appendText(st.text) } else { appendNull() }
        case .sectionsVisible:
            if format == .csv {
                appendText(visible.sections.map(String.init).joined(separator: " "))
            } else {
                appendASCII("[" + visible.sections.map(String.init).joined(separator: ",") + "]")
            }
        case .rowsVisible:
            if format == .csv {
                appendText(visible.rows.map { "\($0.section):\($0.first)-\($0.last)" }.joined(separator: " "))
            } else {
                appendASCII("[" + visible.rows.map { "[\($0.section),\($0.first),\($0.last)]" }.joined(separator: ",") + "]")
            }
        case .failure: appendNull()
        }
    }

    private func statement(_ k: Int) -> PlaybackStatement? {
        guard let source, k >= 0, k < source.statements.count else { return nil }
        return source.statements[k]
    }

    private func appendValue(_ v: Value) {
        switch v {
        case .number(let x, let q):
            if q == .count, x.isFinite, abs(x) < 9e15 { appendASCII(String(Int64(x))) } else { appendNumber(x) }
        case .bool(let b): appendASCII(b ? "true" : "false")
        case .state(let s): appendText(s.name)
        case .string(let s): appendText(s)
        case .rect(let r):
            appendText("\(fullPrecision(r.x)) \(fullPrecision(r.y)) \(fullPrecision(r.width)) \(fullPrecision(r.height))")
        }
    }

    /// Shortest text that reads back as the same Double (`300.0597014925373`); JSON has
    /// no infinities or NaN: null there.
    private func appendNumber(_ x: Double) {
        if !x.isFinite && format == .jsonl { appendNull(); return }
        appendASCII(fullPrecision(x))
    }

    private func appendNull() {
        if format == .jsonl { appendASCII("null") }
    }

    private func appendText(_ s: String) {
        if format == .csv { appendCSV(s) } else { appendJSONString(s) }
    }

    private func appendASCII(_ s: String) {
        buffer.append(contentsOf: s.utf8)
    }

    private func appendCSV(_ s: String) {
        let needsQuotes = s.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        if !needsQuotes { buffer.append(contentsOf: s.utf8); return }
        buffer.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            if b == UInt8(ascii: "\"") { buffer.append(b) }
            buffer.append(b)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private func appendJSONString(_ s: String) {
        // Most texts (states, names) need no escaping: copied as they are.
        let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain {
            buffer.append(UInt8(ascii: "\""))
            buffer.append(contentsOf: s.utf8)
            buffer.append(UInt8(ascii: "\""))
        } else {
            buffer.append(contentsOf: jsonString(s).utf8)
        }
    }
}

/// Shortest decimal text that reads back as the same Double: `300.0597014925373`, `0.0`,
/// `1e-05`, `inf`, `nan`.
/// `-0.0` is written `0.0` (as `print` writes `0.00`).
public func fullPrecision(_ x: Double) -> String {
    x == 0 ? "0.0" : x.description
}
