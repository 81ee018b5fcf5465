// The checker's errors as cases with their data, worded in one place (`CheckProblem.message`).
// The checker records a case; nothing reads the wording back.

/// The value or argument an error is about (`screen width`, `fps`, `drag ... in`).
public enum Operand: Equatable, Sendable {
    case screenWidth, screenHeight, fps
    /// An argument of a behaviour's word or option, by the name its declaration gives it
    /// (`header height`, `pin`, `toolbar height`).
    case argument(String)
    /// A `section` line's row count; the N and M of `sections N rows M`.
    case sectionRowCount, sectionCount, rowCount
    case tunable(TunableInfo)
    case repeatCount, pull, drag, swipe, fling, tapX, tapY, tick, tapHeader
    /// The I and J of `tap row I J`.
    case tapRowSection, tapRowRow
    /// The T of `drag D in T`, `swipe D in T`, `wait T`, `expect within T`.
    case dragDuration, swipeDuration, wait, expectWithin
    /// The index of `tap header I`/`tap row I J`, and of `section[I]`/`row[I,J]`.
    case sectionIndex, rowIndex, index

    /// How a message names it.
    public var name: String {
        switch self {
        case .screenWidth: return "screen width"
        case .screenHeight: return "screen height"
        case .fps: return GrammarWord.fps.spelling
        case .argument(let name): return name
        case .sectionRowCount: return "a section's row count"
        case .sectionCount: return "the number of sections"
        case .rowCount: return "the number of rows"
        case .tunable(let t): return t.name
        case .repeatCount: return GrammarWord.repeat.spelling + " count"
        case .pull: return GrammarWord.pull.spelling
        case .drag: return GrammarWord.drag.spelling
        case .swipe: return GrammarWord.swipe.spelling
        case .fling: return GrammarWord.fling.spelling
        case .tapX: return GrammarWord.tap.spelling + " x"
        case .tapY: return GrammarWord.tap.spelling + " y"
        case .tick: return GrammarWord.tick.spelling
        case .tapHeader: return GrammarWord.tap.spelling + " " + GrammarWord.header.spelling
        case .tapRowSection: return GrammarWord.tap.spelling + " " + GrammarWord.row.spelling + " (section)"
        case .tapRowRow: return GrammarWord.tap.spelling + " " + GrammarWord.row.spelling + " (row)"
        case .dragDuration: return GrammarWord.drag.spelling + " ... " + GrammarWord.in.spelling
        case .swipeDuration: return GrammarWord.swipe.spelling + " ... " + GrammarWord.in.spelling
        case .wait: return GrammarWord.wait.spelling
        case .expectWithin: return GrammarWord.expect.spelling + " " + GrammarWord.within.spelling
        case .sectionIndex: return "a section index"
        case .rowIndex: return "a row index"
        case .index: return "an index"
        }
    }
}

/// What the checker found wrong, each with its data.
public enum CheckProblem: Equatable, Sendable {
    // File structure (§2)
    /// A file without statements.
    case noStatements
    case secondScene
    case sceneAfterScenario
    /// A scenario name used twice: the name as written, and the line of its first use.
    case duplicateScenario(raw: String, firstLine: Int)
    /// A statement at the top level of a file with blocks: its keyword.
    case outsideScenario(keyword: String)
    case sceneWithoutScenario
    /// A statement in the scene block that is not configuration.
    case notConfigurationInScene(keyword: String)
    /// Configuration after `first` (at `line`), a statement that advances time or touches.
    case configurationAfterTime(keyword: String, first: String, line: Int)
    /// `scene`/`scenario` inside a block; at column 1 the block above likely lacks its `}`.
    case blockNotAtTopLevel(keyword: String, atColumnOne: Bool)
    /// `scene`/`scenario` typed in the REPL.
    case blockTypedInRepl(keyword: String)

    // Configuration (§3)
    /// `fps true`, `screen yes x 2`: a configuration value that is a boolean or a name.
    case configNotBool(Operand, Quantity)
    case configNotName(Operand, Quantity, name: String)
    /// A configuration value that reads the world.
    case configNotConstant(Operand)
    /// A value of the wrong kind: `want` wanted, `found` given.
    case wrongKind(Operand, want: Quantity, found: StaticType)
    /// Not a whole number of at least 0.
    case notWholeCount(Operand, Double)
    /// A screen side outside `Limits.screenSide`.
    case screenSideOutOfRange(Operand, Double)
    /// fps outside `Limits.fpsRange`.
    case fpsOutOfRange(Double)
    /// A value outside its range (from `Limits`, or the tunable's).
    case outOfRange(Operand, Double, TunableRange)
    /// `sections N rows M` with N or M too large.
    case tooManySectionsDeclared(Int)
    case tooManyRowsDeclared(Int)
    /// The scenario's list of sections grows past a limit.
    case tooManySections
    case tooManyRows
    /// A value outside a closed range (`parallax 1.5`: between 0 and 1).
    case notBetween(Operand, Double, lower: Double, upper: Double)
    /// An option above its word's argument (`pin P` past the header height H): that
    /// argument's name, and its value (nil when it is itself wrong).
    case aboveWordArgument(Operand, Double, word: String, wordValue: Double?)
    /// `word` needs `other` (when declared too) to carry `option` (`refresh` with a
    /// stretchy header); `usage`: how `other` is written.
    /// `sceneLine`: the word is the scene's, on that line, and the error stands at a
    /// scenario's `other` word, which lacks the option.
    case needsOption(word: String, other: String, option: String, usage: String, sceneLine: Int? = nil)
    /// `use NAME` with no behaviour of that name registered; `known`: the registered names
    /// (empty in the plain `scrollscript`), `builtInWord`: NAME is a built-in's word (`toolbar`).
    case unknownBehaviour(String, known: [String], builtInWord: Bool)
    /// An unknown tunable; `known`: every tunable's name, in table order.
    case unknownTunable(String, known: [String])
    /// `set T word` for a tunable that takes no named values.
    case tunableNotName(TunableInfo, name: String)
    /// `set T word` with a word that is not one of T's named values.
    case notANamedValue(TunableInfo, name: String)
    case tunableNotBool(TunableInfo)
    /// A boolean tunable set to something else.
    case tunableTakesBool(TunableInfo)

    // Statements (§4–§5)
    /// `repeat N` with N more than `Limits.scenarioStatements`; N as written.
    case repeatTooLarge(written: String)
    case configurationInRepeat(keyword: String)
    case pullNotPositive
    case flingTooFast(Double)
    /// `subject` (`tap header`, `header.height`) needs a behaviour the scenario does not
    /// declare: `noun` (`header`) and how its word is written (`usage`: `header H`).
    case needsBehaviour(subject: String, noun: String, usage: String)
    /// The scene's `set` of a behaviour's tunable (`set refresh.trigger 50`), in scenario
    /// `scenario`, which declares no such behaviour; the scene's `set` is on `sceneLine`.
    case sceneSetNeedsBehaviour(subject: String, noun: String, usage: String, scenario: String, sceneLine: Int)
    /// `tick N` past 24 hours of frames at `fps`; N as written.
    case tickTooLarge(written: String, fps: Int)
    case tickNotWhole(Double)
    case expectNeedsCondition(found: StaticType)
    /// A duration below 0 (or at 0, when `allowZero` is false).
    case badDuration(Operand, Double, allowZero: Bool)
    /// A duration longer than `Limits.scenarioSeconds`.
    case durationTooLong(Operand, Double)
    /// `tap header "x"` with no such title: the title as written, the nearest titles,
    /// and all titles.
    case noSectionTitled(raw: String, near: [String], titles: [String])
    /// Section `written` past the table's `count` sections.
    case noSuchSection(written: String, count: Int)
    case untitledSection(Int)
    /// Row `written` past section `section`'s `rows` rows.
    case noSuchRow(written: String, section: Int, rows: Int)
    /// `tap.target == "LITERAL"` (or `!=`, either side) with a literal that is not a
    /// spelling of `tap.target` (`"row[0, 1]"`): the literal as written, and the spellings
    /// it may have meant.
    case notATapTarget(raw: String, near: [String])

    // Expressions
    /// A `?` in `expect within`/`expect always` (the statement's words).
    case placeholderInTimedExpect(String)
    case placeholderUnderNotOrOr
    case placeholderNotHere
    case placeholderOperator(CompareOp)
    case negateNeedsNumber(found: StaticType)
    case notNeedsCondition(found: StaticType)
    case logicNeedsConditions(BinaryOp, found: StaticType)
    case arithmeticNeedsNumbers(BinaryOp, found: StaticType)
    /// `a + b`/`a - b` of quantities that do not mix.
    case cannotAddOrSubtract(BinaryOp, left: NumberDimension, right: NumberDimension)
    case divisionByZero
    /// A word compared with a state of `family` that is none of its states.
    case notAState(String, StateFamily)
    /// `toolbar.state == "hidden"`: the string's value and its source text.
    case stateAsString(value: String, raw: String)
    case stateComparedWithString(StateFamily)
    case rectsCannotBeCompared
    case cannotCompare(StaticType, StaticType)
    /// `within` followed by something other than `want`.
    case toleranceKind(want: NumberDimension, found: StaticType)
    case orderNeedsNumbers(CompareOp, found: StaticType)
    /// A state of one family compared with a state of another: the state and that family.
    /// `of`: the families the word is a state of (`toolbar`).
    case stateOfOtherFamily(String, StateFamily, of: [String])
    /// The same for a `let` name bound to a bare state word (`let h = hidden`): the name,
    /// the word and the line of its `let`.
    case letStateOfOtherFamily(String, word: String, line: Int, StateFamily, of: [String])
    case approxRecordNeedsNumber(found: StaticType)
    /// An indexed observable written without its index.
    case needsIndex(CoreObservable)
    /// A named value of a tunable (`fast`) used as a name.
    case setValueAsName(String)
    /// An unknown name; `known`: every plain name (observables, tunables, states, true/false).
    case unknownName(String, known: [String])
    /// `x[...]` for an x other than `section` and `row`.
    case unknownIndexedName(String)
    /// `section[I,J]`, `row[I]`: the wrong number of indexes.
    case indexCount(Subscript, member: String)
    case unknownMember(Subscript, String)
    case indexNotNumber(found: StaticType)
    /// `sqrt(x)`: a function that is not one of `BuiltinFunction`.
    case unknownFunction(String)
    /// A function given too few or too many values (`found` of them).
    case functionArity(BuiltinFunction, found: Int)
    case functionNeedsNumbers(BuiltinFunction, found: StaticType)
    /// Values of quantities that do not mix (`min(offset, time)`).
    case functionMixesKinds(BuiltinFunction, NumberDimension, NumberDimension)
    /// `clamp(x, lo, hi)` with constant bounds, lo above hi.
    case clampBoundsReversed(lo: Double, hi: Double)
    /// `a % 0`.
    case remainderByZero
    /// `let NAME = ...` where NAME is already a word of the language.
    case letNameTaken(String, LetNameClash)
    /// A second `let` of a name; `line` of the first in this file (nil: an earlier REPL entry).
    case letRebound(String, line: Int?)
    /// A name read before the `let` (at `line`) that binds it.
    case letNotYetBound(String, line: Int)
    /// A statement written as another tool or plain English writes it, and the statement
    /// it most likely means, which passes `check` where it stands.
    case guess(Guess)
    /// (v1.5) A problem in a declared behaviour or an import (spec §9).
    case declared(DeclaredCheckProblem)

    public var message: String {
        switch self {
        case .declared(let p):
            return p.message
        case .noStatements:
            return "no scenario found (the file has no statements)"
        case .secondScene:
            return "only one scene block is allowed"
        case .sceneAfterScenario:
            return "the scene block must come before the scenarios"
        case .duplicateScenario(let raw, let firstLine):
            return "duplicate scenario name \(raw) (first at line \(firstLine))"
        case .outsideScenario(let keyword):
            return "'\(keyword)' is outside any scenario (a file with scene or scenario blocks holds nothing else at top level)"
        case .sceneWithoutScenario:
            return "no scenario found (the file has a scene block but no scenario)"
        case .notConfigurationInScene(let keyword):
            return "only configuration statements may appear in a scene block ('\(keyword)' is not one)"
        case .configurationAfterTime(let keyword, let first, let line):
            return "configuration ('\(keyword)') must come before the first statement that advances time or touches ('\(first)' at line \(line))"
        case .blockNotAtTopLevel(let keyword, let atColumnOne):
            return "'\(keyword)' can only appear at the top level of a file"
                + (atColumnOne ? " (is the '}' of the block above it missing?)" : "")
        case .blockTypedInRepl(let keyword):
            return "a '\(keyword)' block cannot be typed here; type its statements, or :load a file"

        case .configNotBool(let what, let want):
            return "\(what.name) takes \(ValueKind.quantity(want).displayName), not true/false"
        case .configNotName(let what, let want, let name):
            return "\(what.name) takes \(ValueKind.quantity(want).displayName), not '\(name)'"
        case .configNotConstant(let what):
            return "\(what.name) must be a number written in the file"
        case .wrongKind(let what, let want, let found):
            return "\(what.name) takes \(ValueKind.quantity(want).displayName), found \(found.name)"
        case .notWholeCount(let what, let v):
            return "\(what.name) must be a whole number of at least 0 (found \(numberText(v)))"
        case .screenSideOutOfRange(let what, let v):
            return "\(what.name) must be between \(numberText(Limits.screenSide.lower)) and \(numberText(Limits.screenSide.upper)) (found \(numberText(v)))"
        case .fpsOutOfRange(let v):
            return "fps must be a whole number from \(Limits.fpsRange.lowerBound) to \(Limits.fpsRange.upperBound) (found \(numberText(v)))"
        case .outOfRange(let what, let v, let range):
            return "\(what.name) must be \(range.description) (found \(numberText(v)))"
        case .tooManySectionsDeclared(let n):
            return "too many sections: \(n) (at most \(Limits.maxSections))"
        case .tooManyRowsDeclared(let m):
            return "too many rows: \(m) (at most \(Limits.maxRows) in the table)"
        case .tooManySections:
            return "too many sections (at most \(Limits.maxSections))"
        case .tooManyRows:
            return "too many rows (at most \(Limits.maxRows) in the table)"
        case .notBetween(let what, let v, let lower, let upper):
            return "\(what.name) must be between \(numberText(lower)) and \(numberText(upper)) (found \(numberText(v)))"
        case .aboveWordArgument(let what, let v, _, nil):
            return "\(what.name) must be at least 0 (found \(numberText(v)))"
        case .aboveWordArgument(let what, let v, let word, let h?):
            return "\(what.name) must be between 0 and the \(word) \(numberText(h)) (found \(numberText(v)))"
        case .needsOption(let word, let other, let option, let usage, nil):
            return "'\(word)' needs '\(other)' to have '\(option)' (as in '\(usage) \(option)')"
        case .needsOption(let word, let other, let option, let usage, let line?):
            return "this '\(other)' needs '\(option)': the scene's '\(word)' (line \(line)) needs '\(other)' to have it (as in '\(usage) \(option)')"
        case .unknownBehaviour(let name, _, true):
            return "'\(clip(name))' is a built-in behaviour: write '\(clip(name))', not 'use \(clip(name))'"
        case .unknownBehaviour(let name, let known, false) where known.isEmpty:
            return "no behaviour named '\(clip(name))' is known to this scrollscript: declare it in the language, in this file or one it imports ('behaviour \(clip(name)) { ... }'; see README, 'Declare a behaviour'), or, written in Swift, run it from its own package, with a command of a few lines (ScrollScriptCommand.main(behaviours:)) or from its tests (ScrollScriptTesting); see README, 'Test your own behaviour'"
        case .unknownBehaviour(let name, let known, false):
            return "no behaviour named '\(clip(name))' is registered (registered: \(known.joined(separator: ", ")))" + didYouMean(name, known)
        case .unknownTunable(let name, let known):
            return "unknown tunable '\(clip(name))'" + unknownTunableHint(name, known)
        case .tunableNotName(let t, let name):
            return "\(t.name) takes \(t.kind.displayName), not '\(name)'"
        case .notANamedValue(let t, let name):
            return "'\(name)' is not a value of \(t.name) (use a number or \(t.namedValues.map { "'\($0.name)'" }.joined(separator: ", ")))"
        case .tunableNotBool(let t):
            return "\(t.name) takes \(t.kind.displayName), not true/false"
        case .tunableTakesBool(let t):
            return "\(t.name) takes true or false"

        case .repeatTooLarge(let written):
            return "repeat count \(written) is more than the \(Limits.scenarioStatements) statements a scenario may run"
        case .configurationInRepeat(let keyword):
            return "configuration ('\(keyword)') cannot be inside 'repeat'"
        case .pullNotPositive:
            return "pull needs a distance greater than 0 (the finger moves down; use 'drag' for up)"
        case .flingTooFast(let v):
            return "fling speed must be at most \(numberText(Limits.maxFlingSpeed)) pt/s (found \(numberText(v)))"
        case .needsBehaviour(let subject, let noun, let usage):
            return "'\(subject)' needs \(article(noun)) \(noun), and this scenario declares none (add '\(usage)')"
        case .sceneSetNeedsBehaviour(let subject, let noun, let usage, let scenario, let line):
            return "scenario \(quoteString(scenario)) declares no \(noun), and the scene's 'set \(subject)' (line \(line)) needs \(article(noun)) \(noun) (add '\(usage)' to this scenario, or move the 'set' into the scenarios that declare one)"
        case .tickTooLarge(let written, let fps):
            return "tick count \(written) is too large (at most \(numberText(Limits.scenarioSeconds * Double(fps))) frames, \(scenarioHours) hours at \(fps) fps)"
        case .tickNotWhole(let v):
            return "tick needs a whole number of frames (found \(numberText(v)))"
        case .expectNeedsCondition(let found):
            return "expect needs a condition (true or false), found \(found.name)"
        case .badDuration(let what, let v, let allowZero):
            return "\(what.name) needs a duration \(allowZero ? "of at least 0" : "greater than 0") (found \(numberText(v)))"
        case .durationTooLong(let what, let v):
            return "\(what.name) is longer than \(scenarioHours) hours (\(numberText(v)) s)"
        case .noSectionTitled(let raw, let near, let titles):
            var message = "no section is titled \(raw)"
            if !near.isEmpty {
                message += didYouMeanQuoted(near)
            } else if titles.isEmpty {
                message += " (this scenario's sections have no titles; tap one with 'tap header I')"
            } else if titles.count <= 8 {
                message += " (the titles are \(titles.map { quoteString($0) }.joined(separator: ", ")))"
            }
            return message
        case .noSuchSection(let written, let count):
            return "section \(written) does not exist (the table has \(countPhrase(count, "section")))"
        case .untitledSection(let i):
            return "section \(i) has no header view to tap (it is untitled)"
        case .noSuchRow(let written, let section, let rows):
            return "row \(written) does not exist in section \(section) (it has \(countPhrase(rows, "row")))"
        case .notATapTarget(let raw, let near):
            return "tap.target is never \(raw): it is \"\", \"nothing\", a view's name, \"section[I]\" or \"row[I,J]\""
                + (near.isEmpty ? "" : didYouMeanQuoted(near))

        case .placeholderInTimedExpect(let what):
            return "'\(what)' takes no '?': a value is recorded at one moment (record it with a plain 'expect' after a 'wait')"
        case .placeholderUnderNotOrOr:
            return "'?' cannot be recorded under 'not' or 'or' (the recorded value would not decide the expectation); write the value"
        case .placeholderNotHere:
            return "'?' (a value to record) can only stand right of '==' or '~=' in an 'expect' (as in 'expect header.height ~= ?')"
        case .placeholderOperator(let op):
            return "'?' records a value for '==' or '~=' only, not '\(op.rawValue)'"
        case .negateNeedsNumber(let found):
            return "'-' needs a number, found \(found.name)"
        case .notNeedsCondition(let found):
            return "'not' needs a condition (true or false), found \(found.name)"
        case .logicNeedsConditions(let op, let found):
            return "'\(op.rawValue)' needs conditions (true or false), found \(found.name)"
        case .arithmeticNeedsNumbers(let op, let found):
            return "'\(op.rawValue)' needs numbers, found \(found.name)"
        case .cannotAddOrSubtract(.remainder, let left, let right):
            return ExpressionWording.cannotTakeRemainder(left.name, right.name)
        case .cannotAddOrSubtract(let op, let left, let right):
            return "cannot \(op == .add ? "add" : "subtract") \(right.name) \(op == .add ? "to" : "from") \(left.name)"
        case .divisionByZero:
            return ExpressionWording.divisionByZero
        case .notAState(let word, let family):
            return "'\(clip(word))' is not a \(family.name) state (they are \(family.names.joined(separator: ", ")))"
                + wordHint(word, family.names)
        case .stateAsString(let value, let raw):
            return "a state is a bare word: write \(value), not \(raw)"
        case .stateComparedWithString(let family):
            return "a \(family.name) state is compared with a bare word (\(family.names.joined(separator: ", "))), not a string"
        case .rectsCannotBeCompared:
            return "rects cannot be compared (compare their parts, e.g. header.y or header.height)"
        case .cannotCompare(let a, let b):
            return ExpressionWording.cannotCompare(a.name, b.name)
        case .toleranceKind(let want, let found):
            return "the tolerance after 'within' must be \(want.name), found \(found.name)"
        case .orderNeedsNumbers(let op, let found):
            return "'\(op.rawValue)' needs numbers, found \(found.name) (only == and != compare other values)"
        case .stateOfOtherFamily(let state, let family, let others):
            let owners = others.isEmpty ? "not" : "a " + others.joined(separator: " and a ") + " state, not"
            return "'\(state)' is \(owners) a \(family.name) state (\(family.names.joined(separator: ", ")))"
        case .letStateOfOtherFamily(let name, let word, let line, let family, let others):
            let owners = others.isEmpty ? "not" : "a " + others.joined(separator: " and a ") + " state, not"
            return "'\(name)' is '\(word)' (its 'let' on line \(line)): \(owners) a \(family.name) state (\(family.names.joined(separator: ", ")))"
        case .approxRecordNeedsNumber(let found):
            return "'~=' needs numbers, found \(found.name) (record it with '== ?')"
        case .needsIndex(let id):
            return "'\(id.rawValue)' needs an index: \(id.displayName)"
        case .setValueAsName(let name):
            return "'\(name)' is a value for 'set', not an observable"
        case .unknownName(let name, let known):
            return "unknown name '\(clip(name))'" + wordHint(name, known, quotes: true)
        case .unknownIndexedName(let base):
            return "unknown name '\(base)[...]'" + didYouMean(base, ["section", "row"])
        case .indexCount(let form, let member):
            return form == .section ? "section takes one index: section[I].\(member)" : "row takes two indexes: row[I,J].\(member)"
        case .unknownMember(let form, let member):
            return "unknown property '\(member)' of \(form == .section ? "section" : "row")[...]" + didYouMean(member, Lexicon.members(of: form))
        case .indexNotNumber(let found):
            return "an index must be a whole number, found \(found.name)"
        case .unknownFunction(let name):
            let near = unknownWordHint(name, BuiltinFunction.names)
            return "unknown function '\(clip(name))'"
                + (near == .none ? ExpressionWording.theFunctions : near.text)
        case .functionArity(let f, let found):
            return "\(f.rawValue) takes \(f.valuesPhrase) (as in '\(f.example)'), found \(found)"
        case .functionNeedsNumbers(let f, let found):
            return ExpressionWording.functionNeedsNumbers(f, found: found.name)
        case .functionMixesKinds(let f, let a, let b):
            return ExpressionWording.functionMixesKinds(f, a.name, b.name)
        case .clampBoundsReversed(let lo, let hi):
            return "clamp's lower bound \(numberText(lo)) is above its upper bound \(numberText(hi))"
        case .remainderByZero:
            return ExpressionWording.remainderByZero + " ('%' needs a divisor other than 0)"
        case .letNameTaken(let name, let clash):
            return "'\(clip(name))' is \(clash.noun): 'let' cannot name a value after it (pick another name, as in 'let o = offset')"
        case .letRebound(let name, let line):
            let first = line.map { "by the 'let' at line \($0)" } ?? "by an earlier entry"
            return "'\(clip(name))' is already bound \(first) (a name is bound once in a scenario; pick another name)"
        case .letNotYetBound(let name, let line):
            return "'\(clip(name))' is read before its 'let' at line \(line) (a name is read after the statement that binds it)"
        case .guess(let g):
            return g.message
        }
    }
}

/// `Limits.scenarioSeconds` in hours (24), as messages state it.
private var scenarioHours: Int { Int(Limits.scenarioSeconds / 3600) }

/// ` (did you mean ...?)`, else the tunables of the same family (`toolbar.*`), else
/// every tunable (`all`): a user guessing a name learns the real ones.
package func unknownTunableHint(_ name: String, _ all: [String]) -> String {
    let hint = unknownWordHint(name, all)
    if hint != .none { return hint.text }
    if let dot = name.firstIndex(of: ".") {
        let family = String(name[..<dot]) + "."
        let same = all.filter { $0.hasPrefix(family) }
        if !same.isEmpty { return " (the \(name[..<dot]) tunables are \(same.joined(separator: ", ")))" }
    }
    return " (the tunables are \(all.joined(separator: ", ")))"
}

/// ` (did you mean "a"?)`, ` (did you mean "a", "b" or "c"?)`: text values the user may
/// have meant, quoted as literals.
private func didYouMeanQuoted(_ near: [String]) -> String {
    let q = near.map { quoteString($0) }
    return " (did you mean " + (q.count == 1 ? q[0] : q.dropLast().joined(separator: ", ") + " or " + q[q.count - 1]) + "?)"
}

/// What a `let` name would hide.
public enum LetNameClash: Equatable, Sendable {
    /// A statement keyword or a word of expressions (`pull`, `and`, `within`, `let`).
    case keyword
    case observable
    case tunable
    case state
    /// A named value of `set` (`fast`).
    case namedValue
    case function
    /// `section`, `row` (written with indexes).
    case indexedName
    /// A registered behaviour's name or namespace (`parallax`, `header`).
    case behaviour

    /// `an observable`, `a statement keyword`, ...
    public var noun: String {
        switch self {
        case .keyword: return "a word of the language"
        case .observable: return "an observable"
        case .tunable: return "a tunable"
        case .state: return "a state"
        case .namedValue: return "a value of 'set'"
        case .function: return "a function"
        case .indexedName: return "an observable written with indexes"
        case .behaviour: return "the name of a behaviour"
        }
    }
}

/// `4 sections, 0 to 3`, `1 section, 0`, `0 rows`.
package func countPhrase(_ n: Int, _ noun: String) -> String {
    switch n {
    case 0: return "no \(noun)s"
    case 1: return "1 \(noun), numbered 0"
    default: return "\(n) \(noun)s, 0 to \(n - 1)"
    }
}
