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

/// A hint for an unknown word, as data; `text` words it, the one place (` (did you mean
/// 'pull'?)`). Callers decide on the case (`.none`: nothing to say), not on the words.
public enum WordHint: Equatable, Sendable {
    case none
    /// The nearest known words (one to three), nearest first.
    case nearest([String])
    /// Characters that are not what they look like: invisible ones, and letters of another
    /// script drawn like Latin ones. `meant` is the known word it spells without them;
    /// else `withoutThem` is the word without them (when that is plain ASCII).
    case hiddenCharacters(invisible: [Unicode.Scalar], lookAlikes: [LookAlike], meant: String?, withoutThem: String?)
    /// Full-width letters or curly quotes (a Japanese input method): the known word meant,
    /// else the word in ASCII.
    case fullWidth(meant: String?, ascii: String)
    /// Letters of another script where a name stands: text, which needs quotes.
    case needsQuotes(String)

    /// A letter of another script and the Latin letter it looks like.
    public struct LookAlike: Equatable, Sendable {
        public var scalar: Unicode.Scalar
        public var latin: Character

        package init(scalar: Unicode.Scalar, latin: Character) {
            self.scalar = scalar
            self.latin = latin
        }
    }

    /// ` (did you mean 'pull'?)`, ` (did you mean 'a', 'b' or 'c'?)`, ... ; "" for `.none`.
    public var text: String {
        switch self {
        case .none:
            return ""
        case .nearest(let words):
            let s = words.map { "'\($0)'" }
            if s.count <= 1 { return s.first.map { " (did you mean \($0)?)" } ?? "" }
            return " (did you mean \(s.dropLast().joined(separator: ", ")) or \(s[s.count - 1])?)"
        case .hiddenCharacters(let invisible, let lookAlikes, let meant, let withoutThem):
            var parts = invisible.map { "\(scalarName($0)), which is invisible" }
            parts += lookAlikes.map { "\(scalarName($0.scalar)), which looks like '\($0.latin)'" }
            var hint = " (it contains " + parts.joined(separator: ", and ")
            if let meant {
                hint += "; did you mean '\(meant)'?"
            } else if let withoutThem {
                hint += "; without it the word is '\(withoutThem)'"
            }
            return hint + ")"
        case .fullWidth(let meant?, _):
            return " (did you mean '\(meant)'? it is typed in full-width letters)"
        case .fullWidth(nil, let ascii):
            return " (did you mean '\(ascii)' in ASCII?)"
        case .needsQuotes(let word):
            return " (text needs quotes: \"\(word)\")"
        }
    }
}

/// The nearest of `candidates` to `word` (`suggestions`), or `.none`.
public func nearestHint(_ word: String, _ candidates: [String]) -> WordHint {
    let s = suggestions(for: word, among: candidates)
    return s.isEmpty ? .none : .nearest(s)
}

/// ` (did you mean 'pull'?)`, ` (did you mean 'a' or 'b'?)`, or "" when nothing is close.
public func didYouMean(_ word: String, _ candidates: [String]) -> String {
    nearestHint(word, candidates).text
}

/// The hint for a word with characters that are not what they look like:
/// - an invisible character (`pu\u{200B}ll`): ` (it contains U+200B ZERO WIDTH SPACE, which
///   is invisible; did you mean 'pull'?)`;
/// - a look-alike letter from another script in an otherwise Latin word (Cyrillic `рull`):
///   ` (it contains U+0440 CYRILLIC SMALL LETTER ER, which looks like 'p'; did you mean 'pull'?)`;
/// - full-width forms or curly quotes typed with a Japanese input method: ` (did you mean
///   'pull'? it is typed in full-width letters)` when the ASCII spelling, in any case, is
///   one of `candidates`, else ` (did you mean '120' in ASCII?)`.
/// With `quotes`, a word of other non-ASCII letters gets ` (text needs quotes: "山手線")`;
/// otherwise "".
public func nonASCIIHint(_ word: String, quotes: Bool = false, candidates: [String] = []) -> String {
    characterHint(word, quotes: quotes, candidates: candidates).text
}

/// `nonASCIIHint` as data: `.hiddenCharacters`, `.fullWidth`, `.needsQuotes` (with
/// `quotes`) or `.none`.
public func characterHint(_ word: String, quotes: Bool = false, candidates: [String] = []) -> WordHint {
    guard word.unicodeScalars.count <= 64, word.unicodeScalars.contains(where: { !$0.isASCII }) else { return .none }
    var invisible: [Unicode.Scalar] = []
    var lookAlikes: [WordHint.LookAlike] = []
    var fullWidth = false
    var out = String.UnicodeScalarView()
    for u in word.unicodeScalars {
        if isInvisible(u) {
            if !invisible.contains(u) { invisible.append(u) }
            continue
        }
        if let latin = latinLookAlikes[u.value] {
            if !lookAlikes.contains(where: { $0.scalar == u }) { lookAlikes.append(WordHint.LookAlike(scalar: u, latin: latin)) }
            out.append(contentsOf: String(latin).unicodeScalars)
            continue
        }
        var m = u
        switch u.value {
        case 0xFF01...0xFF5E: m = Unicode.Scalar(u.value - 0xFEE0) ?? u
        case 0x201C, 0x201D: m = "\""
        case 0x2018, 0x2019: m = "'"
        default: break
        }
        if m != u { fullWidth = true }
        out.append(m)
    }
    let ascii = String(out)
    let allASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
    // Look-alikes count only when they make the word Latin (a Russian word is Russian).
    if !allASCII { lookAlikes = [] }
    let match = candidates.first { $0 == ascii } ?? candidates.first { $0.lowercased() == ascii.lowercased() }
    if !invisible.isEmpty || !lookAlikes.isEmpty {
        return .hiddenCharacters(invisible: invisible, lookAlikes: lookAlikes, meant: match,
                                 withoutThem: match == nil && allASCII && !ascii.isEmpty ? ascii : nil)
    }
    if fullWidth { return .fullWidth(meant: match, ascii: ascii) }
    return quotes ? .needsQuotes(word) : .none
}

/// The hint for an unknown word: the special characters' hint (`characterHint`) when it
/// has one, else the nearest of `candidates` (`nearestHint`), else with `quotes` the advice
/// to quote text.
public func unknownWordHint(_ word: String, _ candidates: [String], quotes: Bool = false) -> WordHint {
    let special = characterHint(word, candidates: candidates)
    if special != .none { return special }
    let near = nearestHint(word, candidates)
    if near != .none { return near }
    return quotes ? characterHint(word, quotes: true) : .none
}

/// `unknownWordHint` in words.
public func wordHint(_ word: String, _ candidates: [String], quotes: Bool = false) -> String {
    unknownWordHint(word, candidates, quotes: quotes).text
}

/// `U+200B ZERO WIDTH SPACE`: the code point and its Unicode name.
public func scalarName(_ u: Unicode.Scalar) -> String {
    var hex = String(u.value, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    guard let name = u.properties.name ?? u.properties.nameAlias else { return "U+" + hex }
    return "U+\(hex) \(name)"
}

/// Format and control characters (zero-width spaces and joiners, the BOM, soft hyphen,
/// direction marks): nothing shows where they are.
private func isInvisible(_ u: Unicode.Scalar) -> Bool {
    if u.isASCII { return false }
    switch u.properties.generalCategory {
    case .format, .control: return true
    default: return u.value == 0x3164 || u.value == 0x115F || u.value == 0x1160  // Hangul fillers
    }
}

/// Cyrillic and Greek letters drawn like Latin ones (a fixed table: no locale, no data files).
private let latinLookAlikes: [UInt32: Character] = [
    // Cyrillic lower case
    0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x",
    0x0456: "i", 0x0458: "j", 0x0455: "s", 0x0501: "d", 0x04BB: "h", 0x04CF: "l", 0x051B: "q",
    0x051D: "w",
    // Cyrillic upper case
    0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K", 0x041C: "M", 0x041D: "H", 0x041E: "O",
    0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0425: "X", 0x0406: "I", 0x0408: "J", 0x0405: "S",
    // Greek
    0x03BF: "o", 0x03BD: "v", 0x03C1: "p", 0x03B9: "i", 0x03BA: "k", 0x0391: "A", 0x0392: "B",
    0x0395: "E", 0x0396: "Z", 0x0397: "H", 0x0399: "I", 0x039A: "K", 0x039C: "M", 0x039D: "N",
    0x039F: "O", 0x03A1: "P", 0x03A4: "T", 0x03A7: "X", 0x03A5: "Y",
]

/// A word as a diagnostic quotes it: at most 40 characters, then `...`.
package func clip(_ word: String) -> String {
    word.count > 40 ? String(word.prefix(40)) + "..." : word
}
