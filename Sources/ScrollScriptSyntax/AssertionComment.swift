// Comments that are another framework's assertion (spec §5, v1.5): `#expect(...)` is Swift
// Testing's macro, but `#` starts a comment in ScrollScript, so it checks nothing. The lexer
// finds them (`Lexer.assertionComments`); the checker reports each as a warning.

/// A comment that is another framework's assertion: where it starts (its `#`), the word
/// with its `#` (`#expect`), and what it asserts as written (nil: nothing, or too long).
public struct AssertionComment: Equatable, Sendable {
    public var location: SourceLocation
    public var written: String
    public var condition: String?

    /// The longest condition quoted.
    package static let quotedLimit = 80
}

/// The comment `text` (its `#` first) when it is another framework's assertion (spec §5):
/// `#expect`, `#require` or `#assert` glued to the `#` as a whole word (Swift Testing's
/// `#expect(...)`/`#require(...)`, Swift's `#assert`), followed by anything. A space after
/// the `#` (`# we expect the toolbar to hide`, `# expect offset == 0` left out on purpose)
/// and a longer word (`#expectations`) are prose: no warning.
package func assertionComment(_ text: Substring, at location: SourceLocation) -> AssertionComment? {
    let scalars = text.unicodeScalars
    guard scalars.first == "#" else { return nil }
    let afterHash = scalars.index(after: scalars.startIndex)
    for word in ["expect", "require", "assert"] {
        guard scalars[afterHash...].starts(with: word.unicodeScalars) else { continue }
        let end = scalars.index(afterHash, offsetBy: word.unicodeScalars.count)
        if end < scalars.endIndex, isWordScalar(scalars[end]) { return nil }
        return AssertionComment(location: location, written: "#" + word, condition: assertedCondition(String(scalars[end...])))
    }
    return nil
}

/// What `#expect(offset == 0)` asserts: `offset == 0` (a trailing `;` and a pair of
/// parentheses around the whole dropped), nil when nothing is left or it is too long to quote.
private func assertedCondition(_ rest: String) -> String? {
    var t = Array(rest.unicodeScalars)
    func trim() {
        while let f = t.first, f == " " || f == "\t" { t.removeFirst() }
        while let l = t.last, l == " " || l == "\t" { t.removeLast() }
    }
    trim()
    if t.last == ";" { t.removeLast(); trim() }
    if t.first == "(", t.last == ")", enclosesAll(t) { t = Array(t.dropFirst().dropLast()); trim() }
    guard !t.isEmpty, t.count <= AssertionComment.quotedLimit else { return nil }
    var s = ""
    s.unicodeScalars.append(contentsOf: t)
    return s
}

/// Whether the `(` at the start of `t` is closed by the `)` at its end (`(a == b)`, not `(a) == (b)`).
private func enclosesAll(_ t: [Unicode.Scalar]) -> Bool {
    var depth = 0
    for (k, u) in t.enumerated() {
        if u == "(" { depth += 1 }
        if u == ")" {
            depth -= 1
            if depth == 0 { return k == t.count - 1 }
        }
    }
    return false
}

private func isWordScalar(_ u: Unicode.Scalar) -> Bool {
    (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "_" || u.value >= 0x80
}
