import XCTest
@testable import ScrollScript

/// The first-guess set (FirstGuessCorpus): how many of its messages say what to write
/// instead, and that every statement a message suggests passes `check` where the guess stood.
final class FirstGuessTests: XCTestCase {
    /// Every view the guesses may name: a pinned header, a toolbar, three titled sections
    /// ("Section 0" ... "Section 2") of ten rows, an accordion.
    static let context = "header 240 pin 60\ntoolbar\nsections 3 rows 10\naccordion\n"

    /// The file a guess is written in, and the line of its first line.
    /// In a file with no scene (`context` empty) a statement follows the guess, so that a
    /// comment alone still makes a scenario.
    static func file(_ g: FirstGuess, context: String = context) -> (text: String, line: Int) {
        if g.topLevel { return (g.text + "\n", 1) }
        let head = context + (g.before.isEmpty ? "" : g.before + "\n")
        return (head + g.text + "\n" + (context.isEmpty ? "settle\n" : ""), head.split(separator: "\n", omittingEmptySubsequences: false).count)
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

    /// `text` with what a message says the scenario lacks declared first (`declares no
    /// toolbar: add 'toolbar'`, `declares no header: add one, as in 'header 240 pin 60'`).
    static func declaring(_ text: String, _ message: String) -> String {
        var head = ""
        var rest = Substring(message)
        while let r = rest.range(of: "declares no ") {
            rest = rest[r.upperBound...]
            guard let add = rest.range(of: ": add ") else { break }
            var after = rest[add.upperBound...]
            for lead in ["one, as in ", "them, as in "] where after.hasPrefix(lead) { after = after.dropFirst(lead.count) }
            if let q = quoted(String(after)).first { head += q + "\n" }
        }
        return head + text
    }

    static func answer(_ g: FirstGuess, context: String = context) -> Answer {
        let (text, line) = file(g, context: context)
        guard let d = diagnostics(text).first else {
            return Answer(message: "(no error)", pointsAtAForm: false, namesTheMeaning: false, suggestions: [])
        }
        let m = d.message
        let fragments = quoted(m)
        var points = false
        for q in fragments where !points {
            if diagnostics(declaring(replacingLine(text, d.location.line, with: q), m)).isEmpty { points = true }
            if !points, let w = replacingWord(text, line: d.location.line, column: d.location.column, with: q),
               diagnostics(declaring(w, m)).isEmpty {
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
            suggestions.append((q, diagnostics(declaring(replacingLine(text, line, with: q), m)).isEmpty))
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

    /// The same on the fifth set (FirstGuessHeldOut4).
    func testMostOfTheFifthSetAreAnsweredWithTheRightForm() {
        measure(FirstGuessHeldOut4.all, "fifth set of first guesses")
    }

    func testTheHeldOutMeantStatementsPassCheckAndEveryGuessIsAnError() {
        for g in FirstGuessHeldOut.all + FirstGuessHeldOut2.all + FirstGuessHeldOut3.all + FirstGuessHeldOut4.all {
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

    /// Every set again, each guess alone in a file with no configuration: a statement meant
    /// that needs a view the file lacks is still named, with the view to declare.
    func testInAFileWithNoSceneTheGuessesStillSayWhatToWrite() {
        let all = FirstGuessCorpus.all + FirstGuessHeldOut.all + FirstGuessHeldOut2.all + FirstGuessHeldOut3.all + FirstGuessHeldOut4.all
        measure(all, "every set, in a file with no scene", context: "")
        for g in all {
            for (q, clean) in Self.answer(g, context: "").suggestions {
                XCTAssertTrue(clean, "'\(q)' suggested for '\(g.text)' in a file with no scene does not pass check with the views it names")
            }
        }
    }

    private func measure(_ all: [FirstGuess], _ what: String, context: String = FirstGuessTests.context,
                         file: StaticString = #filePath, line: UInt = #line) {
        var points = 0, names = 0
        var missed: [String] = []
        for g in all {
            let a = Self.answer(g, context: context)
            if a.pointsAtAForm { points += 1 }
            if a.namesTheMeaning { names += 1 } else { missed.append("\(g.text.split(separator: "\n")[0])  →  \(a.message)") }
        }
        let n = Double(all.count)
        print("\(what): \(all.count); a message points at a form that passes check: \(points) (\(Int((Double(points) / n * 100).rounded())) %); names the statement meant: \(names) (\(Int((Double(names) / n * 100).rounded())) %)")
        for m in missed { print("  missed: \(m)") }
        XCTAssertGreaterThanOrEqual(Double(names) / n, 0.9, file: file, line: line)
    }

    /// A statement meant that needs a view the scenario lacks is named with the view to
    /// add; with the view declared, the note is gone.
    func testASuggestionNeedingAViewTheScenarioLacksSaysWhichToAdd() {
        XCTAssertEqual(Self.diagnostics("expect toolbar.hidden\n").map(\.message),
                       ["unknown name 'toolbar.hidden' (did you mean 'expect toolbar.state == hidden'? this scenario declares no toolbar: add 'toolbar')"])
        XCTAssertEqual(Self.diagnostics("toolbar\nexpect toolbar.hidden\n").map(\.message),
                       ["unknown name 'toolbar.hidden' (did you mean 'expect toolbar.state == hidden'?)"])
        // From the parser (the guess does not parse as written), in a scene block's scenario.
        XCTAssertEqual(Self.diagnostics("scene {\n  toolbar\n}\nscenario \"a\" {\n  assert toolbar.isHidden\n}\n").map(\.message),
                       ["unknown statement 'assert' (did you mean 'expect toolbar.state == hidden'?)"])
        XCTAssertEqual(Self.diagnostics("scenario \"a\" {\n  assert toolbar.isHidden\n}\n").map(\.message),
                       ["unknown statement 'assert' (did you mean 'expect toolbar.state == hidden'? this scenario declares no toolbar: add 'toolbar')"])
        // A header's pin: the one the note suggests.
        XCTAssertEqual(Self.diagnostics("expect header.pinned\n").map(\.message),
                       ["unknown name 'header.pinned' (did you mean 'expect header.bottom == 60'? this scenario declares no header: add one, as in 'header 240 pin 60')"])
        // Sections only where the scenario declares none (the default table: one, untitled).
        XCTAssertEqual(Self.diagnostics("click header 1\n").map(\.message),
                       ["unknown statement 'click' (did you mean 'tap header 1'? this scenario declares no sections: add them, as in 'sections 3 rows 10')"])
        XCTAssertEqual(Self.diagnostics("sections 1 rows 3\nclick header 1\n").map(\.message), ["unknown statement 'click'"])
    }

    /// The parser checks a suggestion in the configuration above it: a title the scenario
    /// has is tapped, a view named in another tool's code is that view.
    func testTheParserChecksASuggestionInTheScenariosConfiguration() {
        let code = "app.staticTexts[\"Favorites\"].tap()\n"
        XCTAssertEqual(Self.diagnostics("section \"Favorites\" rows 3\n" + code).map(\.message),
                       ["unknown statement 'app.staticTexts[\"Favorites\"].tap' (did you mean 'tap header \"Favorites\"'?)"])
        let other = Self.diagnostics("section \"Recent\" rows 3\n" + code).map(\.message)
        XCTAssertEqual(other.count, 1)
        XCTAssertFalse(other.joined().contains("did you mean"), "\(other)")
        XCTAssertEqual(Self.diagnostics("toolbar\napp.buttons[\"toolbar\"].tap()\n").map(\.message),
                       ["unknown statement 'app.buttons[\"toolbar\"].tap' (did you mean 'tap toolbar'?)"])
    }

    /// The REPL checks a suggestion in the session's configuration.
    func testTheREPLChecksASuggestionInTheSessionsConfiguration() {
        let core = ReplCore()
        XCTAssertTrue(core.enter("assert toolbar.isHidden").text.contains("(did you mean 'expect toolbar.state == hidden'? this scenario declares no toolbar: add 'toolbar')"))
        XCTAssertFalse(core.enter("toolbar").failed)
        let after = core.enter("assert toolbar.isHidden").text
        XCTAssertTrue(after.contains("(did you mean 'expect toolbar.state == hidden'?)"), after)
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
