import Foundation

// How values and kinds are written: numbers to a fixed number of decimals, strings quoted
// as a scenario writes them, rects, and the English names of kinds and ranges. The world
// (`ScrollSim`) holds only numbers and ids; every piece of text about them is made here,
// in the language library (spec §5's printing rules).

extension ValueKind {
    /// How a diagnostic names the kind: `a distance (pt)`, `a state (idle, dragging, ...)`.
    public var displayName: String {
        switch self {
        case .quantity(let q):
            switch q {
            case .points: return "a distance (pt)"
            case .velocity: return "a velocity (pt/s)"
            case .seconds: return "a duration (s)"
            case .number: return "a number"
            case .count: return "a whole number"
            }
        case .bool: return "a boolean"
        case .state(let s): return "a state (\(s.names.joined(separator: ", ")))"
        case .string: return "a string"
        case .rect: return "a rect"
        }
    }
}

extension TunableRange {
    /// "greater than 0 and at most 10000", for diagnostics.
    public var description: String {
        let lo = lowerOpen ? "greater than \(numberText(lower))" : "at least \(numberText(lower))"
        let hi = upperOpen ? "less than \(numberText(upper))" : "at most \(numberText(upper))"
        return "\(lo) and \(hi)"
    }
}

extension Rect {
    /// `(0.00, 240.00, 375.00, 44.00)`
    public var formatted: String {
        "(\(formatFixed(x, 2)), \(formatFixed(y, 2)), \(formatFixed(width, 2)), \(formatFixed(height, 2)))"
    }
}

extension Value {
    /// How `print`, `frames`, failures and the REPL show it (spec §5): points and pt/s to
    /// 2 decimals, seconds to 3, plain numbers to 3, counts whole; `-0.00` prints as `0.00`.
    public var formatted: String {
        switch self {
        case .number(let x, let q):
            switch q {
            case .points, .velocity: return formatFixed(x, 2)
            case .seconds: return formatFixed(x, 3)
            case .number: return formatFixed(x, 3)
            case .count: return formatFixed(x, 0)
            }
        case .bool(let b): return b ? "true" : "false"
        case .state(let s): return s.name
        case .string(let s): return quoteString(s)
        case .rect(let r): return r.formatted
        }
    }
}

extension TapOutcome {
    /// What the REPL prints after `tap: ` (`section[2] header (opening)`, `toolbar
    /// reveal zone (showing)`): the receiver's label, then what a behaviour did.
    public func description(_ registry: BehaviourRegistry) -> String {
        func noted(_ label: String, _ note: String?) -> String { note.map { label + " (\($0))" } ?? label }
        switch self {
        case .stoppedScrolling: return "stopped scrolling"
        case .view(let v, let note): return noted(registry.view(v).label, note)
        case .sectionHeader(let i, let note): return noted(Subscript.written(section: i) + " header", note)
        case .row(let i, let j): return Subscript.written(section: i, row: j)
        case .nothing: return "nothing"
        }
    }
}

extension SimError {
    /// The sentence a scenario fails with when the world refuses an action.
    public var message: String {
        switch self {
        case .noFingerToRelease:
            return "there is no finger down to release ('release' follows a 'pull' or 'drag')"
        case .tapWhileFingerDown:
            return "a tap cannot happen while a finger is down; 'release' it first"
        case .viewOffScreen(let noun):
            return "the \(noun) has no visible part to tap: it is off screen"
        case .viewNotTappable(let noun, .whenFalse):
            return "the \(noun) has no visible part to tap: it is absent: its 'when' is false"
        case .viewNotTappable(let noun, .transparent(let alpha)):
            // Two decimals, or three when two would round it up to the limit itself.
            let shown = formatFixed(alpha, alpha < 0.005 ? 2 : 3)
            return "the \(noun) has no visible part to tap: its alpha is \(shown), below 0.01"
        case .sectionHeaderOffScreen(let i):
            return "section \(i)'s header has no visible part to tap: it is off screen"
        case .rowNotVisible(let i, let j, let closed):
            return "row \(j) of section \(i) has no visible part to tap: " + (closed ? "its section is closed" : "it is off screen")
        case .viewNotDeclared(let noun, let word):
            return "there is no \(noun) to tap: the scene declares no '\(word)'"
        case .noSection(let i, let n):
            return "section \(i) does not exist: the table has \(n) section\(n == 1 ? "" : "s") (0 to \(n - 1))"
        case .untitledSection(let i):
            return "section \(i) has no title, so it has no header view to tap"
        case .noRow(let i, let j, let rows):
            return "row \(j) does not exist in section \(i): it has \(rows) row\(rows == 1 ? "" : "s")"
        case .pointNotFinite:
            return "a tap needs a finite screen point"
        }
    }
}

/// `"山手線"` with `\"`, `\\`, `\n`, `\t` escaped, as a scenario would write it.
public func quoteString(_ s: String) -> String {
    "\"" + escaped(s) { ch in
        switch ch {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        default:
            guard ch.value < 0x20 || ch.value == 0x7F else { return nil }
            return "\\u{" + String(ch.value, radix: 16) + "}"
        }
    } + "\""
}

/// Fixed-point formatting that does not depend on the C locale: `formatFixed(-0.001, 2)` is
/// `"0.00"`. It rounds |x|·10^d half away from zero, on the binary value: 2.675 (stored as
/// 2.67499999999999982236431605997495353221893310546875) gives 2.675·100 = 267.5 exactly after
/// the multiplication's rounding, so `"2.68"`; 1.005·100 = 100.49999999999999 gives `"1.00"`.
public func formatFixed(_ x: Double, _ decimals: Int) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x < 0 ? "-inf" : "inf" }
    let d = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<d { scale *= 10 }
    let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
    // Past 2^53 a Double holds no fractional digits; print it whole.
    if scaled >= 9.0e15 {
        let whole = String(format: "%.0f", abs(x))
        return (x < 0 ? "-" : "") + whole + (d > 0 ? "." + String(repeating: "0", count: d) : "")
    }
    let n = UInt64(scaled)
    var p: UInt64 = 1
    for _ in 0..<d { p *= 10 }
    let intPart = n / p
    let frac = n % p
    var s = String(intPart)
    if d > 0 {
        let f = String(frac)
        s += "." + String(repeating: "0", count: d - f.count) + f
    }
    return (x < 0 && n != 0 ? "-" : "") + s
}
