import XCTest
@testable import ScrollScript

/// The first-guess set (FirstGuessCorpus): how many of its messages say what to write
/// instead, and that every statement a message suggests passes `check` where the guess stood.
final class FirstGuessTests: XCTestCase {
    /// Every view the guesses may name: a pinned header, a toolbar, three titled sections
    /// ("Section 0" ... "Section 2") of ten rows, an accordion.
    static let context = "header 240 pin 60\ntoolbar\nsections 3 rows 10\naccordion\n"

    /// The file a guess is written in, and the line of its first line.
    static func file(_ g: FirstGuess) -> (text: String, line: Int) {
        if g.topLevel { return (g.text + "\n", 1) }
        let head = context + (g.before.isEmpty ? "" : g.before + "\n")
        return (head + g.text + "\n", head.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    static func diagnostics(_ text: String) -> [Diagnostic] {
        checkSource(SourceFile(name: "guess.scroll", text: text)).diagnostics
    }

    /// `text` with line `line` (from 1) replaced by `replacement`, its indentation kept.
    static func replacingLine(_ text: String, _ line: Int, with replacement: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count else { return text }
        let indent = lines[line - 1].prefix { $0 == " " }
        lines[line - 1] = indent + replacement
        return lines.joined(separator: "\n")
    }

    /// The code a message quotes: each `'...'` whose quotes stand at word edges (an
    /// apostrophe inside a word, "screen's", is not a quote).
    static func quoted(_ message: String) -> [String] {
        let chars = Array(message)
        var out: [String] = []
        var i = 0
        while i < chars.count {
            if chars[i] == "'", i == 0 || " (".contains(chars[i - 1]) {
                var j = i + 1
                while j < chars.count {
                    if chars[j] == "'", j + 1 == chars.count || " ,.?):;".contains(chars[j + 1]) { break }
                    j += 1
                }
                if j < chars.count {
                    out.append(String(chars[(i + 1)..<j]))
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }

    /// The word at `column` of `line` (up to the next space): what a one-word suggestion replaces.
    static func replacingWord(_ text: String, line: Int, column: Int, with replacement: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count else { return nil }
        let scalars = Array(lines[line - 1].unicodeScalars)
        let start = column - 1
        guard start >= 0, start < scalars.count else { return nil }
        var end = start
        while end < scalars.count, scalars[end] != " " { end += 1 }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[..<start])
        s.append(contentsOf: replacement.unicodeScalars)
        s.append(contentsOf: scalars[end...])
        lines[line - 1] = String(s)
        return lines.joined(separator: "\n")
    }

    /// How the first message about a guess answers it.
    struct Answer {
        var message: String
        /// Some code the message quotes, put in place of the line or of the word it points
        /// at, makes the file pass `check` (the generous measure: it points at a right form).
        var pointsAtAForm: Bool
        /// The message suggests (quotes) one of the statements the guess means.
        var namesTheMeaning: Bool
        /// The statement a guess suggests (a `.guess` diagnostic), with whether it passes
        /// `check` in place of the guess. (A word a "did you mean" of a misspelt word names is
        /// not a statement.)
        var suggestions: [(String, Bool)]
    }

    static func answer(_ g: FirstGuess) -> Answer {
        let (text, line) = file(g)
        guard let d = diagnostics(text).first else {
            return Answer(message: "(no error)", pointsAtAForm: false, namesTheMeaning: false, suggestions: [])
        }
        let m = d.message
        let fragments = quoted(m)
        var points = false
        for q in fragments where !points {
            if diagnostics(replacingLine(text, d.location.line, with: q)).isEmpty { points = true }
            if !points, let w = replacingWord(text, line: d.location.line, column: d.location.column, with: q),
               diagnostics(w).isEmpty {
                points = true
            }
        }
        let names = g.meant.contains { fragments.contains($0) }
        var suggestions: [(String, Bool)] = []
        let isGuess: Bool
        switch d.problem {
        case .parse(.guess), .check(.guess): isGuess = true
        default: isGuess = false
        }
        if isGuess, let q = didYouMean(m).first {
            suggestions.append((q, diagnostics(replacingLine(text, line, with: q)).isEmpty))
        }
        return Answer(message: m, pointsAtAForm: points, namesTheMeaning: names, suggestions: suggestions)
    }

    /// The statements of `did you mean '...'` in a message.
    static func didYouMean(_ message: String) -> [String] {
        var out: [String] = []
        var rest = Substring(message)
        while let r = rest.range(of: "did you mean '") {
            let after = rest[r.upperBound...]
            guard let q = quoted("'" + after).first else { break }
            out.append(q)
            rest = after.dropFirst(q.count)
        }
        return out
    }

    // MARK: - Tests

    func testTheMeantStatementsThemselvesPassCheck() {
        for g in FirstGuessCorpus.all {
            let (text, line) = Self.file(g)
            for m in g.meant {
                let d = Self.diagnostics(Self.replacingLine(text, line, with: m))
                XCTAssertEqual(d.map(\.message), [], "'\(m)' (for '\(g.text)')")
            }
        }
    }

    func testEveryGuessIsAnError() {
        for g in FirstGuessCorpus.all {
            XCTAssertFalse(Self.diagnostics(Self.file(g).text).isEmpty, "'\(g.text)' passes check")
        }
    }

    /// The figure: the fraction of the set whose message says what to write instead.
    func testMostGuessesAreAnsweredWithTheRightForm() {
        measure(FirstGuessCorpus.all, "first guesses")
    }

    /// The same on the guesses written after the rules (FirstGuessHeldOut).
    func testMostHeldOutGuessesAreAnsweredWithTheRightForm() {
        measure(FirstGuessHeldOut.all, "held-out first guesses")
    }

    /// The same on the third set (FirstGuessHeldOut2).
    func testMostOfTheThirdSetAreAnsweredWithTheRightForm() {
        measure(FirstGuessHeldOut2.all, "third set of first guesses")
    }

    /// The same on the fourth set (FirstGuessHeldOut3).
    func testMostOfTheFourthSetAreAnsweredWithTheRightForm() {
        measure(FirstGuessHeldOut3.all, "fourth set of first guesses")
    }

    func testTheHeldOutMeantStatementsPassCheckAndEveryGuessIsAnError() {
        for g in FirstGuessHeldOut.all + FirstGuessHeldOut2.all + FirstGuessHeldOut3.all {
            let (text, line) = Self.file(g)
            XCTAssertFalse(Self.diagnostics(text).isEmpty, "'\(g.text)' passes check")
            for m in g.meant {
                XCTAssertEqual(Self.diagnostics(Self.replacingLine(text, line, with: m)).map(\.message), [], "'\(m)' (for '\(g.text)')")
            }
            for (q, clean) in Self.answer(g).suggestions {
                XCTAssertTrue(clean, "'\(q)' suggested for '\(g.text)' does not pass check")
            }
        }
    }

    private func measure(_ all: [FirstGuess], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var points = 0, names = 0
        var missed: [String] = []
        for g in all {
            let a = Self.answer(g)
            if a.pointsAtAForm { points += 1 }
            if a.namesTheMeaning { names += 1 } else { missed.append("\(g.text.split(separator: "\n")[0])  →  \(a.message)") }
        }
        let n = Double(all.count)
        print("\(what): \(all.count); a message points at a form that passes check: \(points) (\(Int((Double(points) / n * 100).rounded())) %); names the statement meant: \(names) (\(Int((Double(names) / n * 100).rounded())) %)")
        for m in missed { print("  missed: \(m)") }
        XCTAssertGreaterThanOrEqual(Double(names) / n, 0.9, file: file, line: line)
    }

    /// Every statement a message suggests passes `check` in place of the guess.
    func testEverySuggestionPassesCheck() {
        for g in FirstGuessCorpus.all {
            for (q, clean) in Self.answer(g).suggestions {
                XCTAssertTrue(clean, "'\(q)' suggested for '\(g.text)' does not pass check")
            }
        }
    }
}
