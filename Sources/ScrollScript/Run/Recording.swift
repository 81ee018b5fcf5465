// Recording (spec §5): `?` as the expected value of `==`/`~=` in an `expect`.
//
//     expect header.height ~= ?        # run: fails, "no recorded value", and says 290.81
//     expect header.height ~= 290.81   # run --update: the `?` replaced, nothing else
//
// The interpreter records what the left side is when the `expect` runs; `fillRecordings`
// writes those values into the file's bytes in place of the `?`s, and only there.

/// One `?` and the text written in its place.
public struct Recording: Equatable, Sendable {
    /// The `?` (its byte offset in the file is `location.offset`).
    public var location: SourceLocation
    /// The left side as written (`header.height`).
    public var subject: String
    /// `==` or `~=`.
    public var op: CompareOp
    /// What replaces the `?`: a number as `print` shows it (with every digit `==` needs
    /// when the printed form would not compare equal), a state or boolean as a word, text
    /// quoted.
    public var text: String
}

extension Interpreter {
    /// Gives every `?` of the condition its value in `ph` (by the `?`'s byte offset): the
    /// one recorded before, else (recording) the value observed now, else fails the
    /// scenario with what it observed. Returns the failure event, or nil to go on and
    /// evaluate the condition.
    func fillPlaceholders(_ c: ResolvedCondition, _ ph: inout EvalBindings) throws(RuntimeError) -> StepEvent? {
        // Without recording, every `?` of the expectation is reported at once (at the first).
        var unrecorded: [(SourceLocation, String, EvalValue)] = []
        var notes: [String] = []
        for r in c.recorded {
            let at = r.placeholder
            if let v = recordedValue(at.offset) {
                ph.placeholders[at.offset] = v
                continue
            }
            let observed = try Evaluate.value(r.subject, in: &world, ph)
            let subject = r.subjectText
            guard recordsPlaceholders else {
                unrecorded.append((at, subject, observed))
                for n in failureNotes(r.subject, in: &world, ph) where !notes.contains(n) { notes.append(n) }
                continue
            }
            guard let (text, value) = try recordable(observed, r.op, r.tolerance, at, ph) else {
                return failNow(at, .cannotRecord(subject: subject, value: observed.value),
                               notes: failureNotes(r.subject, in: &world, ph))
            }
            remember(Recording(location: at, subject: subject, op: r.op, text: text), value)
            ph.placeholders[at.offset] = value
        }
        if let at = unrecorded.first?.0 {
            let seen = unrecorded.map { UnrecordedValue(subject: $0.1, value: $0.2.value) }
            let subjects = unrecorded.map { $0.1 }
            let infinite = unrecorded.contains { if case .number(let x, _) = $0.2 { return !x.isFinite } else { return false } }
            let advice: RecordAdvice = infinite ? .notFinite
                : unrecordedAdvice(subjects, at).map { .host($0) } ?? .runUpdate(count: unrecorded.count)
            return failNow(at, .noRecordedValue(seen: seen, advice: advice), notes: notes)
        }
        return nil
    }

    /// The text written for an observed value and the value it stands for (what the
    /// updated file compares with); nil for a number that is not finite.
    private func recordable(_ observed: EvalValue, _ op: CompareOp, _ tol: ResolvedExpr?, _ at: SourceLocation,
                            _ ph: EvalBindings) throws(RuntimeError) -> (String, EvalValue)? {
        switch observed {
        case .number(let x, let q):
            guard x.isFinite else { return nil }
            let printed = Value.number(x, q ?? .number).formatted
            var good = false
            if let p = Double(printed) {
                if op == .eq {
                    good = p == x
                } else {
                    good = abs(p - x) <= (try Evaluate.tolerance(tol, q, at, world, ph))
                }
            }
            // The printed form when it passes; else the shortest digits that give x back.
            let text = good ? printed : shortestDigits(x)
            return (text, .number(Double(text) ?? x, nil))
        case .bool(let b): return (b ? "true" : "false", observed)
        case .state(let s): return (s.name, observed)
        case .string(let s): return (quoteString(s), observed)
        case .rect: return nil
        }
    }
}

/// The shortest decimal that reads back as exactly `x`, in a form the lexer takes
/// (`290.8123456789`, `1e-07`; never a sign on an exponent's mantissa: `-` is unary).
func shortestDigits(_ x: Double) -> String {
    var s = "\(x)"
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}

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

/// True when `e` holds a `?`.
func exprHasPlaceholder(_ e: Expr) -> Bool {
    switch e {
    case .placeholder: return true
    case .number, .string, .bool, .name: return false
    case .indexed(_, let ix, _, _): return ix.contains { exprHasPlaceholder($0) }
    case .unary(_, let x, _), .paren(let x, _): return exprHasPlaceholder(x)
    case .binary(_, let a, let b, _): return exprHasPlaceholder(a) || exprHasPlaceholder(b)
    case .compare(_, let a, let b, let t, _):
        return exprHasPlaceholder(a) || exprHasPlaceholder(b) || (t.map { exprHasPlaceholder($0) } ?? false)
    case .call(_, let args, _): return args.contains { exprHasPlaceholder($0) }
    }
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
