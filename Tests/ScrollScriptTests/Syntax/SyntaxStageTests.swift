import Foundation
import XCTest

/// The Syntax stage depends on no later stage: no code in `Sources/ScrollScript/Syntax/`
/// names a type or function declared at the top level of `Sources/ScrollScript/Check/`
/// (comments and the text of string literals aside). The parser's first guesses come
/// through the lexicon's `guesser` (`StatementGuessing`) instead.
final class SyntaxStageTests: XCTestCase {
    /// `Problem` (Syntax/Diagnostics.swift) is the one diagnostic type of every stage: its
    /// cases carry each stage's problem enum, the checker's among them.
    let allowed: [String: Set<String>] = ["Diagnostics.swift": ["CheckProblem", "CheckWarning"]]

    func testSyntaxNamesNothingOfTheCheckStage() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources/ScrollScript")
        let checkNames = try Self.topLevelNames(in: sources.appendingPathComponent("Check"))
        // The reading of Check/ finds what is there (else the test below checks nothing).
        for name in ["StatementGuesser", "GuessContext", "Checker", "CheckProblem", "constValue", "checkAsWritten"] {
            XCTAssertTrue(checkNames.contains(name), name)
        }
        let syntax = sources.appendingPathComponent("Syntax")
        let files = try FileManager.default.contentsOfDirectory(atPath: syntax.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertTrue(files.contains("Parser.swift"))
        for file in files {
            let text = try String(contentsOf: syntax.appendingPathComponent(file), encoding: .utf8)
            let named = Self.identifiers(inCodeOf: text).intersection(checkNames).subtracting(allowed[file] ?? [])
            XCTAssertEqual(named.sorted(), [], "Syntax/\(file) names the Check stage's")
        }
    }

    /// The reading of code itself: names in code count, those in comments and in the text
    /// of strings do not, those in an interpolation do.
    func testTheCodeReadingFindsNamesInCodeOnly() {
        let text = """
            // StatementGuesser in a comment
            let g = GuessContext(lexicon: l) /* Checker */ ; let m = "Checker \\(constValue(e)) \\" CheckProblem"
            let c = "//"; CheckWarning.x
            """
        XCTAssertEqual(Self.identifiers(inCodeOf: text).intersection(["StatementGuesser", "GuessContext", "Checker", "constValue",
                                                                        "CheckProblem", "CheckWarning"]),
                       ["GuessContext", "constValue", "CheckWarning"])
    }

    /// The types, functions and constants declared at the top level of the Swift files in
    /// `folder` (private ones aside: no other file can name them).
    static func topLevelNames(in folder: URL) throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern:
            #"^(?:public |internal |package )?(?:final )?(?:struct|enum|class|protocol|typealias|actor|func|let|var) +([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let ns = text as NSString
            for m in declaration.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                names.insert(ns.substring(with: m.range(at: 1)))
            }
        }
        return names
    }

    /// The identifiers of Swift code outside comments and the text of string literals
    /// (interpolations are code). Enough Swift for the sources it reads: `//` and `/* */`
    /// comments, `"..."` strings with escapes and `\( )`, no multi-line or raw strings.
    static func identifiers(inCodeOf text: String) -> Set<String> {
        let s = Array(text.unicodeScalars)
        var code = String.UnicodeScalarView()
        var i = 0
        // Open interpolations, each with its parenthesis depth; inside a string when the
        // innermost is at depth 0 and a string is open.
        var inString = false
        var interpolations: [Int] = []
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        while i < s.count {
            let c = s[i]
            if inString {
                if c == "\\", at(i + 1) == "(" {
                    inString = false
                    interpolations.append(0)
                    i += 2
                } else if c == "\\" {
                    i += 2
                } else {
                    if c == "\"" || c == "\n" { inString = false }
                    i += 1
                }
                continue
            }
            if c == "/", at(i + 1) == "/" {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if c == "/", at(i + 1) == "*" {
                i += 2
                while i < s.count, !(s[i] == "*" && at(i + 1) == "/") { i += 1 }
                i += 2
            } else if c == "\"" {
                inString = true
                code.append(" ")
                i += 1
            } else {
                if !interpolations.isEmpty {
                    if c == "(" { interpolations[interpolations.count - 1] += 1 }
                    if c == ")" {
                        if interpolations[interpolations.count - 1] == 0 {
                            interpolations.removeLast()
                            inString = true
                            code.append(" ")
                            i += 1
                            continue
                        }
                        interpolations[interpolations.count - 1] -= 1
                    }
                }
                code.append(c)
                i += 1
            }
        }
        var names: Set<String> = []
        var word = ""
        for c in code {
            if c == "_" || c.properties.isAlphabetic || (!word.isEmpty && ("0"..."9").contains(c)) {
                word.unicodeScalars.append(c)
            } else {
                if !word.isEmpty { names.insert(word) }
                word = ""
            }
        }
        if !word.isEmpty { names.insert(word) }
        return names
    }
}
