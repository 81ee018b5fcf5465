// Recording (spec §5): `?` as the expected value of `==`/`~=` in an `expect`.
//
//     expect header.height ~= ?        # run: fails, "no recorded value", and says 290.81
//     expect header.height ~= 290.81   # run --update: the `?` replaced, nothing else
//
// The interpreter records what the left side is when the `expect` runs (ScrollScriptRuntime,
// PlaceholderRecording.swift); `applyRecordings` here writes those values into the file's
// bytes in place of the `?`s, and only there.

/// Writes each recording's text in place of its `?` in `bytes`: only those bytes change.
/// Recordings must be of this file; a location that does not hold `?` is skipped (and
/// counted in `skipped`).
public func applyRecordings(_ recordings: [Recording], to bytes: [UInt8]) -> (bytes: [UInt8], written: Int, skipped: Int) {
    let sorted = recordings.sorted { $0.location.offset < $1.location.offset }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16 * sorted.count)
    var at = 0
    var written = 0
    var skipped = 0
    var lastOffset = -1
    for r in sorted {
        let o = r.location.offset
        guard o > lastOffset, o >= at, o < bytes.count, bytes[o] == UInt8(ascii: "?") else {
            skipped += 1
            continue
        }
        out.append(contentsOf: bytes[at..<o])
        out.append(contentsOf: Array(r.text.utf8))
        at = o + 1
        lastOffset = o
        written += 1
    }
    out.append(contentsOf: bytes[at...])
    return (out, written, skipped)
}

/// What `run --update` did to one file.
public struct RecordingUpdate: Equatable, Sendable {
    public var path: String
    /// Values written (0: the file was not written).
    public var written: Int
    /// The recordings, in file order (for the report).
    public var recordings: [Recording]
    /// Why the file could not be written, when it could not.
    public var error: String?
}

/// `run --update`, the recording pass over one file read and checked clean: runs each
/// selected scenario that has a `?` with recording on, and returns the file's new bytes
/// with each `?` that was reached replaced by the value observed. `?`s in scenarios that
/// failed before reaching them stay. Nil when nothing was recorded (no `?` reached), or
/// when Ctrl-C stopped the pass (nothing is written then). The caller writes the bytes.
func recordPlaceholders(in file: PreparedFile, shouldInterrupt: @escaping () -> Bool) -> (bytes: [UInt8], recordings: [Recording])? {
    // Quick test first: a file without any `?` byte has nothing to fill.
    guard file.source.bytes.contains(UInt8(ascii: "?")) else { return nil }
    var all: [Recording] = []
    for sc in file.scenarios() {
        guard scenarioHasPlaceholder(sc.statements) else { continue }
        let interp = Interpreter(sc)
        interp.recordsPlaceholders = true
        interp.fastForwardsIdleFrames = true
        interp.shouldInterrupt = shouldInterrupt
        interp.run()
        if shouldInterrupt() { return nil }
        all += interp.recordings
    }
    guard !all.isEmpty else { return nil }
    let applied = applyRecordings(all, to: file.source.bytes)
    guard applied.written > 0 else { return nil }
    return (applied.bytes, all.sorted { $0.location.offset < $1.location.offset })
}

/// True when a statement list holds an `expect` with `?` (in `repeat` bodies too).
private func scenarioHasPlaceholder(_ statements: [Stmt]) -> Bool {
    for s in statements {
        switch s.kind {
        case .expect(let e): if exprHasPlaceholder(e) { return true }
        case .repeatBlock(_, let body): if scenarioHasPlaceholder(body.statements) { return true }
        default: continue
        }
    }
    return false
}

extension RecordingUpdate {
    /// The lines `run --update` prints on standard error for this file:
    /// `recorded 2 values in a.scroll`, then `  a.scroll:3:27: header.height ~= 290.81`.
    public var reportLines: [String] {
        if let error { return ["scrollscript: " + error] }
        var lines = ["recorded \(written) value\(written == 1 ? "" : "s") in \(path)"]
        for r in recordings {
            lines.append("  \(path):\(r.location.line):\(r.location.column): \(r.subject) \(r.op.rawValue) \(r.text)")
        }
        return lines
    }
}
