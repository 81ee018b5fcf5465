// A statement written the way another tool or plain English writes it, and the
// ScrollScript statement it most likely means (which parses, and in the checker passes
// `check` where it stands). Found by the lexicon's `guesser` (`StatementGuessing`) for the
// parser, which reports it (`ParseProblem.guess`), and by the checker
// (`CheckProblem.guess`); worded here.

/// What a guessed statement got wrong (its first misreading) and what it means.
public struct Guess: Equatable, Sendable {
    /// The first thing that is not ScrollScript, as the message names it.
    public var headline: GuessHeadline
    /// Why the statement meant reads as it does (signs, units, defaults), in order.
    public var notes: [GuessNote]
    /// The statement meant, as `fmt` writes it (statements joined by `; `; a block's head
    /// followed by the block as written).
    public var corrected: String
    /// The comment after the statement as written (`# to the bottom`): not in the message,
    /// kept by the editor's quick fix, which replaces the whole line.
    public var comment: String?

    public init(headline: GuessHeadline, notes: [GuessNote] = [], corrected: String, comment: String? = nil) {
        self.headline = headline
        self.notes = notes
        self.corrected = corrected
        self.comment = comment
    }

    /// The line that replaces the statement: `corrected`, then its comment.
    public var correctedLine: String { comment.map { corrected + "  " + $0 } ?? corrected }

    /// `unknown statement 'sleep' (did you mean 'wait 1s'?)`, with the notes after it.
    public var message: String {
        var shown = corrected
        if case .commentMark = headline { shown = correctedLine }
        var m = headline.text + " (did you mean '\(shown)'?"
        var said: [String] = []
        for n in notes where !said.contains(n.text) { said.append(n.text) }
        if !said.isEmpty { m += " " + said.joined(separator: "; ") }
        return m + ")"
    }
}

/// The first word or symbol of a guess that is not ScrollScript.
public enum GuessHeadline: Equatable, Sendable {
    /// A first word that starts no statement (`sleep`, `XCTAssertEqual`, `app.swipeUp()`).
    case unknownStatement(String)
    /// An operator of another language (`===`, `is`, `&&`, `≈`, `±`).
    case notAnOperator(String)
    /// A unit ScrollScript does not have, or one written apart from its number (`sec`, `px`).
    case notAUnit(String)
    /// A direction where a signed distance or speed belongs (`up`, `down`).
    case direction(String)
    /// A literal of another language (`yes`, `nil`, `.hidden`, `True`).
    case notAValue(String)
    /// A state word of no family (`visible`): the family it was compared in.
    case notAState(String, StateFamily)
    /// A state in quotes (`"hidden"`): text, where a state is a bare word.
    case quotedState(String)
    /// A name from UIKit or another spelling (`contentOffset`, `toolbar.isHidden`).
    case unknownName(String)
    case unknownFunction(String)
    /// A comment mark of another language (`//`, `/*`, `--`).
    case commentMark(String)
    /// Text in single quotes.
    case singleQuotes(String)
    /// A word or symbol the statement does not take (`for`, `:`, `(`).
    case unexpected(String)
    /// A word or symbol the statement needs (`in`, `,`, `x`, `{`).
    case missing(String)

    /// The headline in words.
    public var text: String {
        switch self {
        case .unknownStatement(let w): return "unknown statement '\(clip(w))'"
        case .notAnOperator(let w): return "'\(clip(w))' is not an operator here"
        case .notAUnit(let w): return "'\(clip(w))' is not a unit"
        case .direction(let w): return "'\(clip(w))' is a direction, not a distance"
        case .notAValue(let w): return "'\(clip(w))' is not a value"
        case .notAState(let w, let family): return "'\(clip(w))' is not a \(family.name) state"
        case .quotedState(let w): return "\(clip(w)) is text, not a state"
        case .unknownName(let w): return "unknown name '\(clip(w))'"
        case .unknownFunction(let w): return "unknown function '\(clip(w))'"
        case .commentMark(let w): return "'\(clip(w))' does not start a comment"
        case .singleQuotes(let w): return "\(clip(w)) is in single quotes"
        case .unexpected(let w): return "unexpected '\(clip(w))'"
        case .missing(let w): return "missing '\(clip(w))'"
        }
    }
}

/// Why a guessed statement reads as it does: one short clause each.
public enum GuessNote: Equatable, Sendable {
    /// A direction turned into a sign: finger distances are negative upward (spec §4).
    case fingerSign
    /// `scroll`: the content and the finger move opposite ways.
    case scrollSign
    /// `scroll up`: the finger moves down, a positive distance.
    case scrollUpSign
    /// A distance or speed the guess did not give.
    case chosenAmount(String)
    /// A unit is glued to its number.
    case unitGlued
    /// A bare number read as milliseconds (it was more than a minute as seconds).
    case bareMilliseconds
    /// Distances are iOS points.
    case points
    /// `fling` takes pt/s as a bare number.
    case velocityBare
    /// `fling` has no duration of its own (`fling.duration`).
    case flingDuration
    /// `pull` has no duration; `drag D in T` has.
    case pullDuration
    /// `pull` moves the finger down only.
    case pullDown
    /// `expect within T` waits until the condition holds.
    case waitUntil
    /// `expect always` is checked after every frame.
    case invariant
    /// `~= X within T` is a tolerance.
    case tolerance
    /// A state is compared: `toolbar.state == hidden`.
    case stateCompared(String)
    /// Comments start with `#`.
    case hashComment
    /// Text is in double quotes.
    case doubleQuotes
    /// Statements take their values without parentheses and commas.
    case noParentheses
    /// `let NAME = EXPR` names a value.
    case letNames
    /// `repeat N { ... }` repeats a block.
    case repeatBlock
    /// A section is tapped through its header; a row by `tap row SECTION ROW`.
    case tapTargets
    /// A duration of 1 s was chosen for `expect within`.
    case chosenLimit
    /// Letters or signs typed in full width (a Japanese input method), read in ASCII.
    case fullWidth
    /// The statement meant needs a view (or sections) the scenario does not declare.
    case declareView(GuessView)

    public var text: String {
        switch self {
        case .fingerSign: return "distances are the finger's: negative moves it up (the content scrolls toward its end), positive down"
        case .scrollSign: return "scrolling the content down moves the finger up, a negative distance"
        case .scrollUpSign: return "scrolling the content up (toward its top) moves the finger down, a positive distance"
        case .chosenAmount(let a): return "\(a) is a guess at the amount"
        case .unitGlued: return "a unit is glued to its number: s, ms or pt"
        case .bareMilliseconds: return "a number that large reads as milliseconds (a bare number is seconds)"
        case .points: return "distances are iOS points"
        case .velocityBare: return "fling takes a speed in pt/s as a bare number"
        case .flingDuration: return "the finger of a fling moves for fling.duration (0.1 s)"
        case .pullDuration: return "pull moves at drag.speed; drag takes a duration"
        case .pullDown: return "pull moves the finger down; drag moves it either way"
        case .waitUntil: return "expect within T runs frames until the condition holds, for at most T"
        case .invariant: return "expect always is checked after every frame"
        case .tolerance: return "~= V within T allows a difference of T"
        case .stateCompared(let states): return "a state is compared with a bare word: \(states)"
        case .hashComment: return "comments start with #"
        case .doubleQuotes: return "text is in double quotes"
        case .noParentheses: return "a statement takes its values without parentheses or commas"
        case .letNames: return "let names a value"
        case .repeatBlock: return "repeat N runs the block after it N times"
        case .tapTargets: return "a section is tapped through its header, a row as tap row SECTION ROW"
        case .chosenLimit: return "1s is a guess at the time limit"
        case .fullWidth: return "it is typed in full-width letters"
        case .declareView(let view): return "this scenario declares no \(view.noun): add \(view.exampleLead)'\(view.example)'"
        }
    }
}

/// What a scenario declares in its configuration: a behaviour (`header 240 pin 60`,
/// `toolbar`), or the sections of its table.
public enum GuessView: Equatable, Sendable {
    /// A behaviour's configuration word: how messages name what it makes, and the
    /// statement its declaration gives as an example.
    case behaviour(noun: String, example: String)
    /// Sections to hold an index: `sections COUNT rows ROWS`.
    case sections(count: Int, rows: Int)
    /// A section with a title, as written (quotes included).
    case titledSection(String)

    package var noun: String {
        switch self {
        case .behaviour(let noun, _): return noun
        case .sections, .titledSection: return "sections"
        }
    }

    /// Before the example: an example with numbers is one of many (`one, as in`).
    package var exampleLead: String {
        switch self {
        case .behaviour(_, let example): return example.contains(" ") ? "one, as in " : ""
        case .titledSection: return "one, as in "
        case .sections: return "them, as in "
        }
    }

    /// The statement a note suggests adding.
    public var example: String {
        switch self {
        case .behaviour(_, let example): return example
        case .sections(let count, let rows): return "sections \(count) rows \(rows)"
        case .titledSection(let title): return "section \(title) rows 10"
        }
    }
}
