// How an expression is written: one space around binary and comparison operators, none
// after unary minus, `not` followed by a space, a function's values after `(` separated
// by `, `, literals exactly as written, the author's parentheses kept and none added.

/// Appends the canonical text of `e` to `out`. The tree is at most `SourceLimits.maxNesting`
/// deep (the parser guarantees it), so the recursion is bounded.
package func writeExpr(_ e: Expr, into out: inout String) {
    switch e {
    case .number(let n, _):
        out += n.raw
    case .string(let s):
        out += canonicalStringRaw(s.raw)
    case .bool(let b, _):
        out += b ? "true" : "false"
    case .name(let n, _):
        out += n
    case .indexed(let base, let indexes, let member, _):
        out += base
        out += "["
        writeList(indexes, separator: ",", into: &out)
        out += "]."
        out += member
    case .unary(let op, let x, _):
        out += op == .negate ? "-" : "not "
        writeExpr(x, into: &out)
    case .binary(let op, let a, let b, _):
        writeExpr(a, into: &out)
        out += " \(op.rawValue) "
        writeExpr(b, into: &out)
    case .compare(let op, let a, let b, let tolerance, _):
        writeExpr(a, into: &out)
        out += " \(op.rawValue) "
        writeExpr(b, into: &out)
        if let t = tolerance {
            out += " within "
            writeExpr(t, into: &out)
        }
    case .placeholder:
        out += "?"
    case .call(let name, let args, _):
        out += name
        out += "("
        writeList(args, separator: ", ", into: &out)
        out += ")"
    case .paren(let x, _):
        out += "("
        writeExpr(x, into: &out)
        out += ")"
    }
}

/// The canonical text of `e`.
package func exprText(_ e: Expr) -> String {
    var s = ""
    writeExpr(e, into: &s)
    return s
}

/// A string literal as written, except that a CRLF inside a string that spans lines
/// becomes LF (the lexer reads both as one newline, so the value is unchanged).
package func canonicalStringRaw(_ raw: String) -> String {
    guard raw.utf8.contains(0x0D) else { return raw }
    return raw.replacingCRLF()
}

extension String {
    /// Every CR LF pair as LF (a lone CR stays).
    package func replacingCRLF() -> String {
        var out = String.UnicodeScalarView()
        var pendingCR = false
        for u in unicodeScalars {
            if pendingCR && u != "\n" { out.append("\r") }
            pendingCR = u == "\r"
            if !pendingCR { out.append(u) }
        }
        if pendingCR { out.append("\r") }
        return String(out)
    }
}

/// `xs` written one after another with `separator` between them (indexes, a call's values).
private func writeList(_ xs: [Expr], separator: String, into out: inout String) {
    for (i, x) in xs.enumerated() {
        if i > 0 { out += separator }
        writeExpr(x, into: &out)
    }
}
