// Text made safe for the formats pictures are written in.

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
