// Diagnostics: one format, rendered in one place (spec §7).
//
//     FILE:LINE:COL: error: MESSAGE
//     <the source line>
//     <caret line, padded by display width>

/// One error (or warning) found in a file: what is wrong (a case with its data) and where.
public struct Diagnostic: Equatable, Sendable {
    public var location: SourceLocation
    public var problem: Problem

    public init(_ location: SourceLocation, _ problem: Problem) {
        self.location = location
        self.problem = problem
    }

    /// The problem in words, as printers, reporters and the language server show it.
    public var message: String { problem.message }
}

/// What a diagnostic reports, by the stage that found it. Program logic matches on these
/// cases; each stage's enum words its cases in one place (its `message`).
public enum Problem: Equatable, Sendable {
    case lex(LexProblem)
    case parse(ParseProblem)
    case check(CheckProblem)
    /// The file reached `DiagnosticLimits.maxPerFile` errors; the rest is not examined.
    case tooManyErrors
    case format(FormatProblem)
    /// Suspicious but valid: printed as `warning:`, kept apart from errors (a file with
    /// only warnings runs; `CheckResult.warnings`).
    case warning(CheckWarning)
    /// A warning that `--strict` (`check`, `run`) makes an error: printed as `error:`, its
    /// message followed by ` [--strict]`; it stops its file as any error does (spec §5, §7).
    case strict(CheckWarning)

    /// True for a warning, false for every error (a warning under `--strict` is an error).
    public var isWarning: Bool {
        if case .warning = self { return true }
        return false
    }

    public var message: String {
        switch self {
        case .lex(let p): return p.message
        case .parse(let p): return p.message
        case .check(let p): return p.message
        case .tooManyErrors: return "too many errors (\(DiagnosticLimits.maxPerFile)); the rest of the file is not checked"
        case .format(let p): return p.message
        case .warning(let w): return w.message
        case .strict(let w): return w.message + " [--strict]"
        }
    }
}

extension Diagnostic {
    /// The warning as `--strict` reports it: an error (`Problem.strict`). An error stays as it is.
    public var strict: Diagnostic {
        guard case .warning(let w) = problem else { return self }
        return Diagnostic(location, .strict(w))
    }
}

/// The most errors the lexer, the parser and the checker each record in one file. Past it
/// the rest of the file is not examined: a 64 MiB file with a typo on every line would
/// otherwise take minutes (a "did you mean" each) and gigabytes, for errors nobody reads.
public enum DiagnosticLimits {
    public static let maxPerFile = 1000
    /// How `Problem.tooManyErrors` reads.
    public static var stoppedMessage: String { Problem.tooManyErrors.message }
}

/// Sorts by position, then by the wording, and drops exact duplicates: deterministic output.
/// The wording only orders two errors at one place (the parser then shows the first of a
/// line): `expected end of statement, found number '1e999'` before `number 1e999 is too
/// large`. Ordering by stage instead would change which error such a line shows, so the
/// order of the output as it has always been is kept; no other decision reads wording.
public func sortedDiagnostics(_ ds: [Diagnostic]) -> [Diagnostic] {
    let sorted = ds.sorted { a, b in
        if a.location != b.location { return a.location < b.location }
        return a.message < b.message
    }
    var out: [Diagnostic] = []
    for d in sorted where out.last != d { out.append(d) }
    return out
}

/// Renders one diagnostic: the header line, the source line and a caret under the column.
/// `sourceLines` are the file's lines (`SourceFile.lines`, or `SourceLines` for a large
/// file); when the line is missing only the header line is printed. The result ends with
/// a newline. The interpreter uses this for runtime failures too (with its own message lines).
public func renderDiagnostic(at location: SourceLocation, message: String, sourceLines: some SourceLineLookup,
                             severity: String = "error") -> String {
    var out = "\(location.file):\(location.line):\(location.column): \(severity): \(message)\n"
    guard let text = sourceLines.sourceLine(location.line) else { return out }
    let line = shownSourceLine(text, column: location.column)
    out += line + "\n"
    out += caretLine(for: line, column: location.column) + "\n"
    return out
}

/// A source line as a diagnostic shows it: whole, unless it is longer than the line limit
/// (which is an error in itself); then up to 40 characters past the column and ` …`.
/// (`run /dev/zero` printed its 64 MiB "line" under "file is larger than 64 MiB".)
package func shownSourceLine(_ line: String, column: Int) -> String {
    let scalars = line.unicodeScalars
    guard line.utf8.count > SourceLimits.maxLineLength + 1 else { return line }
    let keep = max(column, 1) + 40
    var count = 0
    var end = scalars.startIndex
    while end != scalars.endIndex && count < keep {
        scalars.formIndex(after: &end)
        count += 1
    }
    if end == scalars.endIndex { return line }
    return String(scalars[scalars.startIndex..<end]) + " …"
}

/// Renders a diagnostic of a file (`warning:` for a warning).
public func renderDiagnostic(_ d: Diagnostic, sourceLines: some SourceLineLookup) -> String {
    renderDiagnostic(at: d.location, message: d.message, sourceLines: sourceLines, severity: d.problem.isWarning ? "warning" : "error")
}

/// Spaces (and tabs, copied) as wide as the text before `column`, then `^`.
public func caretLine(for line: String, column: Int) -> String {
    var pad = ""
    var col = 1
    for u in line.unicodeScalars {
        if col >= column { break }
        if u == "\t" {
            pad += "\t"
        } else {
            pad += String(repeating: " ", count: displayWidth(u))
        }
        col += 1
    }
    return pad + "^"
}

/// Terminal cells a scalar takes: 2 for East Asian wide/fullwidth, 0 for combining marks
/// and zero-width characters, 1 otherwise. A fixed table: no locale dependence.
public func displayWidth(_ u: Unicode.Scalar) -> Int {
    let v = u.value
    if v < 0x300 { return 1 }
    for r in zeroWidthRanges where r.contains(v) { return 0 }
    for r in wideRanges where r.contains(v) { return 2 }
    return 1
}

private let zeroWidthRanges: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
    0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F,
    0xFE20...0xFE2F, 0xE0100...0xE01EF,
]

private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x2E80...0x303E,
    0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
]

/// `10000000` as `10,000,000`: a limit as a message states it.
package func groupedDigits(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var out = n < 0 ? "-" : ""
    for (k, c) in digits.enumerated() {
        if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return out
}
