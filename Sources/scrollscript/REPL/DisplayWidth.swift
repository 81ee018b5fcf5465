/// Terminal cells a character takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and format characters none, everything else one. Fixed
/// tables, so the result does not depend on the locale.
public enum DisplayWidth {
    /// Cells for one character (judged by its first scalar).
    public static func of(_ ch: Character) -> Int {
        guard let scalar = ch.unicodeScalars.first else { return 0 }
        return of(scalar)
    }

    /// Cells for a whole string.
    public static func of(_ s: String) -> Int {
        s.reduce(0) { $0 + of($1) }
    }

    /// Cells for one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if wideRanges.contains(where: { $0.contains(v) }) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
