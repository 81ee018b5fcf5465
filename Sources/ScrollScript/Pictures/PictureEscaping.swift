// Text made safe for the formats pictures are written in.

/// A JSON string literal for a page's `<script>` (the replay page's data). Besides what
/// JSON requires (`"`, `\`, control characters; `jsonString` does those), it escapes `<`,
/// `>`, `&`, U+2028 and U+2029, so the text can sit inside an HTML `<script>` element
/// (`</script>` in a section title cannot end it) and inside JavaScript source.
public func scriptSafeJSONString(_ s: String) -> String {
    var out = "\""
    out.reserveCapacity(s.utf8.count + 2)
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "<": out += "\\u003c"
        case ">": out += "\\u003e"
        case "&": out += "\\u0026"
        case "\u{2028}": out += "\\u2028"
        case "\u{2029}": out += "\\u2029"
        default:
            if u.value < 0x20 || u.value == 0x7F {
                out += "\\u" + hex4(u.value)
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

private func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    var s = ""
    for shift in stride(from: 12, through: 0, by: -4) { s.append(digits[Int((v >> UInt32(shift)) & 0xF)]) }
    return s
}

/// A number for SVG/HTML geometry: 2 decimals, no `-0.00`, never `nan`/`inf` (0 instead).
func svgNumber(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    let clamped = max(-1e9, min(1e9, x))
    var s = formatFixed(clamped, 2)
    // 12.50 → 12.5, 12.00 → 12: smaller files, same picture.
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}
