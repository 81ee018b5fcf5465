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

/// A word as a diagnostic quotes it: at most 40 characters, then `...`.
func clip(_ word: String) -> String {
    word.count > 40 ? String(word.prefix(40)) + "..." : word
}
