// "Did you mean": the nearest known words by edit distance.

/// Optimal-string-alignment distance (insert, delete, substitute, swap two neighbours).
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var prev2 = [Int](repeating: 0, count: y.count + 1)
    var prev = Array(0...y.count)
    var cur = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        cur[0] = i
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { v = min(v, prev2[j - 2] + 1) }
            cur[j] = v
        }
        prev2 = prev
        prev = cur
    }
    return prev[y.count]
}

/// Up to three candidates nearest to `word` (ties in the order given), close enough to be
/// plausible typos: distance at most max(1, length / 3), or `word` is a prefix of it.
public func suggestions(for word: String, among candidates: [String]) -> [String] {
    guard word.unicodeScalars.count <= 64 else { return [] }
    let limit = max(1, min(3, word.unicodeScalars.count / 3))
    var scored: [(Int, Int, String)] = []
    for (k, c) in candidates.enumerated() where c != word {
        let d = editDistance(word.lowercased(), c.lowercased())
        if d <= limit || (word.count >= 3 && c.hasPrefix(word)) { scored.append((d, k, c)) }
    }
    scored.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    var out: [String] = []
    for s in scored where !out.contains(s.2) {
        out.append(s.2)
        if out.count == 3 { break }
    }
    return out
}

/// ` (did you mean 'pull'?)`, ` (did you mean 'a' or 'b'?)`, or "" when nothing is close.
public func didYouMean(_ word: String, _ candidates: [String]) -> String {
    let s = suggestions(for: word, among: candidates).map { "'\($0)'" }
    switch s.count {
    case 0: return ""
    case 1: return " (did you mean \(s[0])?)"
    default: return " (did you mean \(s.dropLast().joined(separator: ", ")) or \(s[s.count - 1])?)"
    }
}

/// The hint for a word typed with a Japanese input method: ` (did you mean '120' in ASCII?)`
/// when it holds full-width forms (U+FF01...U+FF5E) or curly quotes; with `quotes`, a word
/// of other non-ASCII letters gets ` (text needs quotes: "山手線")`; otherwise "".
public func nonASCIIHint(_ word: String, quotes: Bool = false) -> String {
    guard word.unicodeScalars.count <= 64, word.unicodeScalars.contains(where: { !$0.isASCII }) else { return "" }
    var changed = false
    var out = String.UnicodeScalarView()
    for u in word.unicodeScalars {
        var m = u
        switch u.value {
        case 0xFF01...0xFF5E: m = Unicode.Scalar(u.value - 0xFEE0) ?? u
        case 0x201C, 0x201D: m = "\""
        case 0x2018, 0x2019: m = "'"
        default: break
        }
        if m != u { changed = true }
        out.append(m)
    }
    if changed { return " (did you mean '\(String(out))' in ASCII?)" }
    return quotes ? " (text needs quotes: \"\(word)\")" : ""
}

/// A word as a diagnostic quotes it: at most 40 characters, then `...`.
func clip(_ word: String) -> String {
    word.count > 40 ? String(word.prefix(40)) + "..." : word
}
