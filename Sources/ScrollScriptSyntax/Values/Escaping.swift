// Escaping for the report formats: JSON strings, XML 1.0 text and attributes, GitHub
// Actions workflow commands. Each works on Unicode scalars, so the result does not depend
// on the locale.

/// A JSON string literal: `"`, `\` and every control character below U+0020 escaped
/// (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`); everything else as UTF-8.
/// `forScript` also escapes `<`, `>`, `&`, U+007F, U+2028 and U+2029, so the literal can
/// sit inside an HTML `<script>` element (`</script>` in a title cannot end it) and inside
/// JavaScript source (the replay page's data).
public func jsonString(_ s: String) -> String { jsonString(s, forScript: false) }

/// `jsonString`, and with `forScript` safe inside a `<script>` element too (see above).
public func jsonString(_ s: String, forScript: Bool) -> String {
    "\"" + escaped(s) { u in
        switch u {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\u{8}": return "\\b"
        case "\u{C}": return "\\f"
        default:
            let scriptUnsafe = forScript && (u == "<" || u == ">" || u == "&" || u.value == 0x7F
                                             || u.value == 0x2028 || u.value == 0x2029)
            guard u.value < 0x20 || scriptUnsafe else { return nil }
            let hex = String(u.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    } + "\""
}

/// `s` with every scalar `replacement` gives text for replaced by that text, the others
/// kept: the one loop of every escaping here and of `quoteString`.
package func escaped(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(s.unicodeScalars.count + 2)
    for u in s.unicodeScalars {
        if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
    }
    return out
}

/// A scalar XML 1.0 cannot hold at all, even as a character reference: the C0 controls
/// other than tab, line feed and carriage return, and U+FFFE, U+FFFF. Shown instead as
/// the Unicode "control picture" of the control (U+0001 as U+2401 ␁, U+001B as U+241B ␛),
/// or U+FFFD for the two non-characters, so a report stays well-formed and the reader
/// still sees that something was there.
package func xmlVisibleReplacement(_ u: Unicode.Scalar) -> Unicode.Scalar? {
    let v = u.value
    if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { return Unicode.Scalar(0x2400 + v) }
    if v == 0xFFFE || v == 0xFFFF { return "\u{FFFD}" }
    return nil
}

/// Character data for an XML 1.0 element: `&`, `<`, `>` as entities (so `]]>` cannot
/// appear), a carriage return as `&#13;` (a parser would turn a raw one into a line feed),
/// characters XML cannot hold replaced visibly (see `xmlVisibleReplacement`).
public func xmlText(_ s: String) -> String { xmlEscaped(s, attribute: false) }

/// An XML 1.0 attribute value (without its quotes): like `xmlText`, plus `"` and `'`, and
/// tab, line feed and carriage return as character references (a parser normalizes raw
/// ones to spaces).
public func xmlAttribute(_ s: String) -> String { xmlEscaped(s, attribute: true) }

private func xmlEscaped(_ s: String, attribute: Bool) -> String {
    escaped(s) { u in
        switch u {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\r": return "&#13;"
        case "\"" where attribute: return "&quot;"
        case "'" where attribute: return "&apos;"
        case "\t" where attribute: return "&#9;"
        case "\n" where attribute: return "&#10;"
        default: return xmlVisibleReplacement(u).map { String(Character($0)) }
        }
    }
}

/// The message of a GitHub Actions workflow command (`::error ...::MESSAGE`): `%`, CR and
/// LF as `%25`, `%0D`, `%0A` (GitHub turns them back, so a message may span lines).
public func githubMessage(_ s: String) -> String {
    githubEscaped(s, property: false)
}

/// A property value of a workflow command (`file=`, `title=`): as `githubMessage`, plus
/// `:` and `,` as `%3A` and `%2C` (they separate the properties).
public func githubProperty(_ s: String) -> String {
    githubEscaped(s, property: true)
}

private func githubEscaped(_ s: String, property: Bool) -> String {
    escaped(s) { u in
        switch u {
        case "%": return "%25"
        case "\r": return "%0D"
        case "\n": return "%0A"
        case ":" where property: return "%3A"
        case "," where property: return "%2C"
        default: return nil
        }
    }
}

/// `::error file=F,line=L,col=C::MESSAGE` (line and col only when known).
public func githubErrorCommand(file: String, line: Int? = nil, column: Int? = nil, message: String) -> String {
    githubCommand("error", file: file, line: line, column: column, message: message)
}

/// `::KIND file=F,line=L,col=C::MESSAGE` (`error` or `warning`), escaped as above.
package func githubCommand(_ kind: String, file: String, line: Int? = nil, column: Int? = nil, message: String) -> String {
    var props = "file=" + githubProperty(file)
    if let line { props += ",line=\(line)" }
    if let column { props += ",col=\(column)" }
    return "::\(kind) \(props)::\(githubMessage(message))\n"
}
