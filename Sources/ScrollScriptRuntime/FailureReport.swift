// Why a scenario failed, and how that is shown (spec §5, §7):
//
//     FILE:LINE:COL: error: MESSAGE
//     <source line>
//     <caret>
//       header.height is 300.06 at t = 0.400 s
//       ~= expected 290.00 within 0.50, actual 300.06 (off by 10.06)

/// The first failure of a scenario: a false expectation, a broken invariant, a run-time
/// error or a limit.
public struct RunFailure: Equatable, Sendable {
    /// The statement (or, for an error inside an expression, the operator) where it failed.
    public var location: SourceLocation
    /// What went wrong, a case with its data (`.expectationFalse`, `.world(...)`).
    public var problem: RunProblem
    /// The observables of the failed expression with their values, and `~=` details;
    /// one line each, without indentation.
    public var notes: [String]
    /// Simulated time of the failure, seconds.
    public var time: Double

    public init(location: SourceLocation, problem: RunProblem, notes: [String] = [], time: Double) {
        self.location = location
        self.problem = problem
        self.notes = notes
        self.time = time
    }

    /// One sentence: `expectation is false`, `release with no finger down`.
    public var message: String { problem.message }

    /// The diagnostic (the front end's renderer), then each note indented by two spaces.
    public func render(sourceLines: some SourceLineLookup) -> String {
        var out = renderDiagnostic(at: location, message: message, sourceLines: sourceLines)
        for n in notes { out += "  " + n + "\n" }
        return out
    }
}

/// A simulated time as every message writes it: `t = 0.400 s` (three decimals, the
/// printer's fixed form); `t=0.400 s` where the REPL's lines keep it short (`spaced` false).
package func timeText(_ t: Double, spaced: Bool = true) -> String {
    (spaced ? "t = " : "t=") + formatFixed(t, 3) + " s"
}

/// A difference as `print` shows it, or every digit when that would read 0.
/// The decimals that show tolerance `t` whole, when the kind's own (`Value.formatted`) lose
/// some of its digits (0.001 pt is not 0.00); nil when they show it.
private func toleranceDecimals(_ t: Double, _ q: Quantity) -> Int? {
    let formatted = Value.number(t, q).formatted
    guard t.isFinite, Double(formatted) != t else { return nil }
    let digits = shortestDigits(t)
    // `within 0.00001` is written "1e-05" at its shortest: 5 decimals, its mantissa's and
    // the exponent's.
    if let e = digits.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        let mantissa = digits[..<e]
        let exponent = Int(digits[digits.index(after: e)...]) ?? 0
        let fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        return min(12, max(0, fraction - exponent))
    }
    guard let dot = digits.firstIndex(of: ".") else { return nil }
    return min(9, digits.distance(from: dot, to: digits.endIndex) - 1)
}

private func shortestOrFormatted(_ d: Double, _ q: Quantity) -> String {
    let f = Value.number(d, q).formatted
    return Double(f) == 0 && d != 0 ? shortestDigits(d) : f
}

/// Notes for a false expression: every observable (and tunable) in it with its value now,
/// then the details of each `~=` in it. Observables are listed once, in source order.
/// `env`: the values of `let` names and of the `?`s of an `expect` (recording).
package func failureNotes(_ e: ResolvedExpr, in world: inout World, _ env: EvalBindings) -> [String] {
    var names: [(String, Value)] = []
    var approx: [String] = []
    collect(e, world, env, &names, &approx)
    let t = timeText(world.time)
    var notes: [String] = []
    var seen: [String] = []
    for (n, v) in names where !seen.contains(n) {
        seen.append(n)
        notes.append("\(n) is \(v.formatted) at \(t)")
    }
    if notes.isEmpty { notes.append("at \(t)") }
    return notes + approx
}

private func collect(_ e: ResolvedExpr, _ world: borrowing World, _ ph: EvalBindings,
                     _ names: inout [(String, Value)], _ approx: inout [String]) {
    switch e {
    case .constant, .placeholder, .failure: return
    case .observable(let id, _): names.append((world.registry.observable(id).name, world.value(id)))
    case .tunable(let id, _): names.append((world.registry.tunable(id).name, world.value(id)))
    case .indexed(let id, let i, let j, let loc):
        collect(i, world, ph, &names, &approx)
        if let j { collect(j, world, ph, &names, &approx) }
        if let r = try? Evaluate.indexed(id, i, j, loc, world, ph) {
            names.append((subscriptName(id, section: r.section, row: r.row), r.value))
        }
    case .letValue(_, let name, _):
        if let v = try? Evaluate.eval(e, world, ph) { names.append((name, v.value)) }
    case .call(_, let args, _):
        for a in args { collect(a, world, ph, &names, &approx) }
    case .unary(_, let x, _): collect(x, world, ph, &names, &approx)
    case .tapTargetIs(_, _, let general): collect(general, world, ph, &names, &approx)
    case .binary(_, let a, let b, _):
        collect(a, world, ph, &names, &approx)
        collect(b, world, ph, &names, &approx)
    case .compare(let op, let a, let b, let tol, let loc):
        collect(a, world, ph, &names, &approx)
        collect(b, world, ph, &names, &approx)
        if op == .approx, let c = try? Evaluate.compare(op, a, b, tol, loc, world, ph), !c.holds,
           case .number(let l, _) = c.left, case .number(let r, _) = c.right, let t = c.tolerance {
            let q = c.quantity ?? .number
            // A tolerance finer than the kind's decimals (`within 0.001`) is printed with the
            // digits it was written with, and the numbers beside it alike.
            let decimals = toleranceDecimals(t, q)
            let f = { (x: Double) in decimals.map { formatFixed(x, $0) } ?? Value.number(x, q).formatted }
            approx.append("~= expected \(f(r)) within \(f(t)), actual \(f(l)) (off by \(f(abs(l - r))))")
        }
        if op == .eq, let c = try? Evaluate.compare(op, a, b, tol, loc, world, ph), !c.holds {
            switch (c.left, c.right) {
            case (.number(let l, let lq), .number(let r, let rq)):
                // Shown in the left side's quantity; digits enough to show they differ.
                let q = lq ?? rq ?? .number
                var fl = Value.number(l, q).formatted, fr = Value.number(r, q).formatted
                if fl == fr { fl = shortestDigits(l); fr = shortestDigits(r) }
                approx.append("== expected \(fr), actual \(fl) (off by \(shortestOrFormatted(abs(l - r), q)))")
                let tol = defaultTolerance(q, fps: world.config.fps)
                if abs(l - r) <= tol {
                    approx.append("'~=' would hold: '==' compares every digit, '~=' allows \(Value.number(tol, q).formatted)")
                }
            default:
                approx.append("== expected \(c.right.value.formatted), actual \(c.left.value.formatted)")
            }
        }
    }
}
