// Syntax errors as cases with their data, worded in one place (`ParseProblem.message`).
// The parser records a case; nothing reads the wording back.

/// A token as an error names it ("found 'x'", "found end of line"): its kind and text.
public struct FoundToken: Equatable, Sendable {
    public var kind: TokenKind
    /// The word, a string's decoded value, a number's digits.
    public var text: String
    /// A number's or a string's source text.
    public var raw: String

    public init(kind: TokenKind, text: String = "", raw: String = "") {
        self.kind = kind
        self.text = text
        self.raw = raw
    }

    package init(_ t: Token) {
        self.init(kind: t.kind, text: t.text, raw: t.raw)
    }

    /// `'pull'`, `number '3'`, `end of line` (`Token.describe`).
    package var described: String {
        Token(kind: kind, text: text, raw: raw, at: TokenPos(line: 0, column: 0, offset: 0, length: 0)).describe
    }
}

/// Which grammar word a statement expected, and where (`expected 'x' between ...`).
public enum ExpectedWordPlace: Equatable, Sendable {
    /// `screen W x H`
    case screenSize
    /// `section "TITLE" rows N`
    case sectionRows
    /// `sections N rows M`
    case sectionsRows

    /// The word expected there.
    public var word: String {
        switch self {
        case .screenSize: return "x"
        case .sectionRows, .sectionsRows: return "rows"
        }
    }

    package var context: String {
        switch self {
        case .screenSize: return "between the screen's width and height"
        case .sectionRows: return "in a section (section \"TITLE\" rows N)"
        case .sectionsRows: return "in 'sections N rows M'"
        }
    }
}

/// What the parser found wrong, each with its data.
public enum ParseProblem: Equatable, Sendable {
    case expectedWord(ExpectedWordPlace, found: FoundToken)
    /// A `}` at the top level.
    case unexpectedCloseBrace
    /// Something after a complete statement.
    case expectedStatementEnd(found: FoundToken)
    case expectedOpenBrace(found: FoundToken)
    /// Blocks nested deeper than `SourceLimits.maxNesting`.
    case blocksTooDeep
    /// A `{` without its `}` (reported at the `{`).
    case unclosedBrace
    /// `pull 120 in 1s`.
    case pullTakesNoDuration
    /// A word that starts no statement; `keywords`: every statement keyword.
    case unknownStatement(String, keywords: [String])
    case expectedStatement(found: FoundToken)
    case expectedScenarioName(found: FoundToken)
    /// Something other than an option word after a behaviour's word (`header 240 3`);
    /// `options`: its option words.
    case expectedOption(word: String, options: [String], found: FoundToken)
    /// A word that is not one of `word`'s options (`header 240 pinn 60`).
    case unknownOption(word: String, option: String, options: [String])
    /// A word after a `section` line's rows other than `open`/`closed`.
    case expectedSectionState(found: FoundToken)
    case expectedTunableName(found: FoundToken)
    /// `use` without a behaviour's name; `names`: the registered ones.
    case expectedBehaviourName(found: FoundToken, names: [String])
    /// `set NAME` with no value.
    case expectedSetValue(name: String)
    /// `tap row` with nothing after it.
    case tapRowNeedsIndexes
    /// `tap row I` without the row; `section` is the section as written (nil: not a literal).
    case tapRowNeedsRow(section: String?)
    /// `tap` with nothing after it; `targets`: what `tap` takes by name.
    case tapNeedsTarget(targets: [String])
    /// `tap section I`; `index` is the following number or string as written, if any.
    case tapSection(index: String?)
    /// `tap heder 1`: a word near one of `targets` (`header`, `row`, `toolbar`).
    case tapUnknownTarget(found: FoundToken, targets: [String])
    /// `tap X` without Y; `x` is X as written (nil: not a literal).
    case tapNeedsY(x: String?)
    case expectNeedsExpression
    /// `expect eventually ...`: the word used.
    case noSuchExpect(String)
    /// Expressions nested deeper than `SourceLimits.maxNesting`.
    case expressionTooDeep
    /// `within` after no comparison (nil) or after a comparison other than `~=`.
    case withinWithoutApprox(CompareOp?)
    case chainedComparison
    case expectedValue(found: FoundToken)
    /// `(` at `line`:`column` not closed where `found` stands.
    case unclosedParen(line: Int, column: Int, found: FoundToken)
    case expectedCloseBracket(found: FoundToken)
    /// `section[0]` without `.member`.
    case expectedMember(base: String)
    case expectedNameAfterDot(found: FoundToken)
    /// `let` not followed by a name.
    case expectedLetName(found: FoundToken)
    /// `let NAME` not followed by `=`.
    case expectedLetAssign(name: String, found: FoundToken)
    /// `+-` followed by a space: ± written in ASCII (a negative number added is `+ -1`).
    case plusMinus
    /// A lone `=` anywhere but after `let NAME` (a comparison is `==`).
    case loneAssign
    /// A file with errors whose lines end with CR alone: it is one line.
    case carriageReturnLineEnds
    /// A statement written as another tool or plain English writes it, and the statement
    /// it most likely means (`sleep 1` → `wait 1s`).
    case guess(Guess)
    /// (v1.5) A problem in a `behaviour` or `import` item (spec §9).
    case declared(DeclaredSyntaxProblem)

    public var message: String {
        switch self {
        case .expectedWord(let place, let found):
            return "expected '\(place.word)' \(place.context), found \(found.described)"
        case .unexpectedCloseBrace:
            return "unexpected '}' (no block is open)"
        case .expectedStatementEnd(let found):
            return "expected end of statement, found \(found.described)"
                + (found.kind == .word ? unitHint(found.text) + nonASCIIHint(found.text) : "")
        case .expectedOpenBrace(let found):
            return "expected '{', found \(found.described)"
        case .blocksTooDeep:
            return "blocks nest too deeply (more than \(SourceLimits.maxNesting) levels)"
        case .unclosedBrace:
            return "'{' is never closed (missing '}')"
        case .pullTakesNoDuration:
            let speed = numberText(CoreTunable.dragSpeed.defaultValue)
            return "'pull' takes no duration (it moves at \(CoreTunable.dragSpeed.rawValue), \(speed) pt/s by default); write 'drag D in T' to choose one"
        case .unknownStatement(let word, let keywords):
            return "unknown statement '\(clip(word))'" + wordHint(word, keywords)
        case .expectedStatement(let found):
            return "expected a statement, found \(found.described)"
        case .expectedScenarioName(let found):
            return "expected the scenario's name in quotes, found \(found.described)"
        case .expectedOption(let word, let options, let found):
            return "expected \(article(word)) \(word) option (\(options.joined(separator: ", "))), found \(found.described)"
        case .unknownOption(let word, let option, let options):
            return "unknown \(word) option '\(option)'" + didYouMean(option, options)
        case .expectedSectionState(let found):
            return "expected 'open', 'closed' or the end of the statement, found \(found.described)"
                + didYouMean(found.text, ["open", "closed"])
        case .expectedBehaviourName(let found, let names):
            return "expected the name of a behaviour after 'use', found \(found.described)"
                + (names.isEmpty ? "" : " (registered: " + names.joined(separator: ", ") + ")")
        case .expectedTunableName(let found):
            return "expected a tunable name after 'set', found \(found.described)"
        case .expectedSetValue(let name):
            return "expected a value after 'set \(name)'"
        case .tapRowNeedsIndexes:
            return "expected a section and a row after 'tap row' (as in 'tap row 0 3': row 3 of section 0)"
        case .tapRowNeedsRow(let section):
            return "expected the row number after 'tap row \(section ?? "X")' (tap row SECTION ROW, both from 0 like IndexPath: 'tap row 0 3' is row 3 of section 0)"
        case .tapNeedsTarget(let targets):
            return "expected \(quotedList(targets)) or a point X Y after 'tap'"
        case .tapSection(let index):
            return "a section is tapped through its header: write 'tap header \(index ?? "I")' (or 'tap row I J' for one of its rows)"
        case .tapUnknownTarget(let found, let targets):
            return "expected \(quotedList(targets)) or a point X Y after 'tap', found \(found.described)"
                + didYouMean(found.text, targets)
        case .tapNeedsY(let x):
            return "expected the y coordinate after 'tap \(x ?? "X")'"
        case .expectNeedsExpression:
            return "expected an expression after 'expect'"
        case .noSuchExpect(let word):
            return "there is no 'expect \(word)': write 'expect within T' with a time limit"
                + " (as in 'expect within 1s toolbar.state == hidden'; it runs frames until the condition holds)"
        case .expressionTooDeep:
            return "expression nests too deeply (more than \(SourceLimits.maxNesting) levels)"
        case .withinWithoutApprox(nil):
            return "'within' can only follow '~=' (as in 'offset ~= 100 within 1')"
        case .withinWithoutApprox(let op?):
            return "'within' can only follow '~=', not '\(op.rawValue)'"
                + " (to wait until it holds, write 'expect within T' before the condition)"
        case .chainedComparison:
            return "comparisons cannot be chained (join two with 'and', as in '0 <= offset and offset <= 100')"
        case .expectedValue(let found):
            return "expected a value, found \(found.described)"
        case .unclosedParen(let line, let column, let found):
            return "expected ')' to close the '(' at \(line):\(column), found \(found.described)"
        case .expectedCloseBracket(let found):
            return "expected ']' after the index, found \(found.described)"
        case .expectedMember(let base):
            return "expected '.' and a property after '\(base)[...]' (as in \(ParseProblem.memberExample(base)))"
        case .expectedNameAfterDot(let found):
            return "expected a name after '.', found \(found.described)"
        case .expectedLetName(let found):
            return "expected a name after 'let' (as in 'let o = offset'), found \(found.described)"
        case .expectedLetAssign(let name, let found):
            return "expected '=' after 'let \(clip(name))' (as in 'let \(clip(name)) = offset'), found \(found.described)"
        case .plusMinus:
            return "'+-' is not an operator: a tolerance is written with 'within' after '~=', a negative number added as + -1"
        case .loneAssign:
            return "unexpected '=' (did you mean '=='? a single '=' only names a value, as in 'let o = offset')"
        case .carriageReturnLineEnds:
            return "this file ends its lines with CR alone (as classic Mac OS did), so it reads as one line: ScrollScript ends lines with LF or CRLF; convert them (as in: tr '\\r' '\\n' < old.scroll > new.scroll)"
        case .guess(let g):
            return g.message
        case .declared(let p):
            return p.message
        }
    }
}

/// `'header', 'row', 'toolbar'`: words in quotes, separated by commas.
package func quotedList(_ words: [String]) -> String {
    words.map { "'\($0)'" }.joined(separator: ", ")
}

/// `a` or `an` before a word (by its first letter).
package func article(_ word: String) -> String {
    guard let c = word.first else { return "a" }
    return "aeiou".contains(c) ? "an" : "a"
}

extension ParseProblem {
    package var isExpectedLetName: Bool {
        if case .expectedLetName = self { return true }
        return false
    }

    /// A subscripted observable written right for `base`: `row` takes two indexes.
    package static func memberExample(_ base: String) -> String {
        switch base {
        case GrammarWord.row.spelling: return "'row[0,1].y'"
        case GrammarWord.section.spelling: return "'section[0].y'"
        default: return "'section[0].y' or 'row[0,1].y'"
        }
    }
}

/// `wait 0.5 s`: a unit standing alone belongs right after its number.
package func unitHint(_ word: String) -> String {
    ["s", "ms", "pt"].contains(word) ? " (write the unit right after the number, as in '0.5\(word)')" : ""
}
