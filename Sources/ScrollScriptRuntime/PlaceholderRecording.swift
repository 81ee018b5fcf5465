// Recording (spec §5), the interpreter's part: `?` as the expected value of `==`/`~=` in an
// `expect` takes the value recorded before, or (recording) the value observed now. `run
// --update` (ScrollScript, Run/Recording.swift) writes the recordings into the file.

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
    package func fillPlaceholders(_ c: ResolvedCondition, _ ph: inout EvalBindings) throws(RuntimeError) -> StepEvent? {
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
package func shortestDigits(_ x: Double) -> String {
    var s = "\(x)"
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}

/// True when `e` holds a `?`.
package func exprHasPlaceholder(_ e: Expr) -> Bool {
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
