// Tokens of ScrollScript (spec §1).

public enum TokenKind: Equatable, Sendable {
    /// An identifier: ASCII letters, digits, `_`, or any non-ASCII scalar (not starting with a digit).
    case word
    /// A number with an optional unit: `120`, `0.25s`, `250ms`, `1e3`, `120pt`.
    case number
    /// A string literal; `text` holds the decoded value, `raw` the source text with quotes.
    case string
    /// `# ...` to the end of the line; `text` is the comment with its `#`.
    case comment
    case newline, semicolon
    case lbrace, rbrace, lbracket, rbracket, lparen, rparen, comma, dot
    case eq, ne, lt, le, gt, ge, approx
    case plus, minus, star, slash, percent
    /// A lone `=`: only `let NAME = EXPR` takes it (a comparison is `==`).
    case assign
    /// `?`: a value to record (`expect header.height ~= ?`).
    case question
    /// Something the lexer already reported (invalid UTF-8, an unterminated string, a stray byte).
    case error
    case eof
}

/// A literal unit glued to digits.
public enum NumberUnit: String, Equatable, Sendable {
    case none = ""
    case s, ms, pt

    /// The quantity a literal with this unit is (nil: a bare number, which mixes with any).
    public var quantity: Quantity? {
        switch self {
        case .none: return nil
        case .s, .ms: return .seconds
        case .pt: return .points
        }
    }
}

/// Where a token stands (a SourceLocation without the file name: cheap to copy).
public struct TokenPos: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var length: Int
}

extension TokenPos {
    package init(_ l: SourceLocation) {
        self.init(line: l.line, column: l.column, offset: l.offset, length: l.length)
    }
}

public struct Token: Sendable {
    public var kind: TokenKind
    /// Word: the word. Number: the digits without the unit. String: the decoded value.
    /// Comment: the text from `#` to the line end.
    public var text: String
    /// Number and string: the exact source text (`250ms`, `"a\n"`); empty otherwise.
    public var raw: String
    /// Number: the value in base units (seconds for `s`/`ms`, points for `pt`).
    public var number: Double
    public var unit: NumberUnit
    public var at: TokenPos
    /// For a word the parser tests for (`or`, `pull`, `within`...): which one, so that a
    /// test is an integer comparison; `.other` for every other token.
    package var word: GrammarWord = .other

    public init(kind: TokenKind, text: String = "", raw: String = "", number: Double = 0, unit: NumberUnit = .none, at: TokenPos) {
        self.kind = kind
        self.text = text
        self.raw = raw
        self.number = number
        self.unit = unit
        self.at = at
    }

    package init(word: String, _ w: GrammarWord, at: TokenPos) {
        self.init(kind: .word, text: word, at: at)
        self.word = w
    }

    /// The token's location in `file`.
    public func location(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: at.line, column: at.column, offset: at.offset, length: at.length)
    }

    /// How a diagnostic names this token: `'pull'`, `'}'`, `end of line`.
    public var describe: String {
        switch kind {
        case .word: return "'\(text)'"
        case .number: return "number '\(raw)'"
        case .string: return "string \(raw)"
        case .comment: return "comment"
        case .newline: return "end of line"
        case .eof: return "end of file"
        case .error: return "invalid input"
        default: return "'\(Token.spelling(kind))'"
        }
    }

    package static func spelling(_ k: TokenKind) -> String {
        switch k {
        case .semicolon: return ";"
        case .lbrace: return "{"
        case .rbrace: return "}"
        case .lbracket: return "["
        case .rbracket: return "]"
        case .lparen: return "("
        case .rparen: return ")"
        case .comma: return ","
        case .dot: return "."
        case .eq: return "=="
        case .ne: return "!="
        case .lt: return "<"
        case .le: return "<="
        case .gt: return ">"
        case .ge: return ">="
        case .approx: return "~="
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .assign: return "="
        case .question: return "?"
        default: return "\(k)"
        }
    }
}

/// Every word of the grammar, the one table of their spellings (the case name is the word
/// as written): the statement keywords (`scene` ... `frames`), then expression and option
/// words. A word token carries its case (see `Token.word`), so the parser compares
/// integers. The behaviours' words (`header 240 pin 60`, `toolbar`) are not here: the
/// registry declares them, and `Lexicon` puts both together for the parser, completion,
/// the language server and the editor grammars.
package enum GrammarWord: UInt8, CaseIterable, Sendable {
    case other = 0
    // Statement keywords (keep them together, `scene` first and `frames` last: see `isStatement`).
    case scene, scenario, `repeat`, screen, fps, section, sections, set, use
    case pull, drag, release, fling, swipe, tap, wait, tick, settle, expect, print, `let`, frames
    // Expression and option words (`header` is the word of `tap header I`).
    case `true`, `false`, not, and, or, within, `in`, always, rows
    case open, closed, x, row, header

    /// The word as written (read from a table: the case's name is made once, by reflection).
    package var spelling: String { GrammarWord.spellings[Int(rawValue)] }

    /// Every case's spelling, indexed by raw value (the cases are numbered from 0 in order).
    private static let spellings: [String] = allCases.map { String(describing: $0) }

    /// The word starts a statement.
    package var isStatement: Bool { rawValue >= GrammarWord.scene.rawValue && rawValue <= GrammarWord.frames.rawValue }

    /// The statement keywords, in table order.
    package static let statements: [GrammarWord] = allCases.filter { $0.isStatement }

    /// What a statement keyword's statements are (spec §2–§5).
    package enum Role {
        /// `scene`, `scenario`, `repeat`: blocks.
        case structure
        /// Builds the world; before anything that advances time.
        case configuration
        /// Touches, taps and the passing of time.
        case action
        /// Checks and output.
        case check
    }

    /// The role of a statement keyword; nil for a word that starts no statement.
    package var role: Role? {
        switch self {
        case .scene, .scenario, .repeat: return .structure
        case .screen, .fps, .section, .sections, .set, .use: return .configuration
        case .pull, .drag, .release, .fling, .swipe, .tap, .wait, .tick, .settle: return .action
        case .expect, .print, .let, .frames: return .check
        default: return nil
        }
    }

    /// The statement keywords of a role, in table order.
    package static func statements(_ role: Role) -> [GrammarWord] { statements.filter { $0.role == role } }

    /// Words that may follow a statement keyword (`header 240 pin 60` → `pin`), for completion.
    package var followers: [GrammarWord] {
        switch self {
        case .section: return [.rows, .open, .closed]
        case .sections: return [.rows]
        case .screen: return [.x]
        case .drag, .swipe: return [.in]
        case .expect: return [.within, .always]
        default: return []
        }
    }

    /// A statement keyword's form, then what it does (in grammar.md's and the spec's
    /// words), for editor hovers; nil for a word that starts no statement.
    package var summary: String? {
        switch self {
        case .scene: return "scene { ... } — configuration shared by every scenario below it"
        case .scenario: return "scenario \"NAME\" { ... } — one scenario; it starts from a fresh world built from the scene and its own configuration"
        case .repeat: return "repeat N { ... } — runs the block N times (N a non-negative integer)"
        case .screen: return "screen W x H — the viewport size in points (default 375 x 667)"
        case .fps: return "fps N — display frames per second; all motion is sampled at this rate (default 60)"
        case .section: return "section [\"TITLE\"] rows N|\"A\" \"B\"... [open|closed] — a section; a titled one has a header view"
        case .sections: return "sections N rows M — N sections titled Section 0...Section N-1, M rows each, open"
        case .set: return "set NAME VALUE — sets a tunable (row.height, deceleration, ...)"
        case .use: return "use NAME — turns on a behaviour written in Swift and registered with this tool (its own command or test target)"
        case .pull: return "pull D — the finger moves down D pt (D > 0) at drag.speed and stays down"
        case .drag:
            return "drag D [in T] — the finger moves D pt at constant speed (\(CoreTunable.dragSpeed.rawValue), \(numberText(CoreTunable.dragSpeed.defaultValue)) pt/s by default, or over T) and stays down; " + GrammarWord.fingerSigns
        case .release: return "release — the finger lifts, held still (velocity 0)"
        case .fling:
            let t = numberText(CoreTunable.flingDuration.defaultValue)
            return "fling V — a flick: the finger moves at V pt/s for \(CoreTunable.flingDuration.rawValue) (\(t) s by default: V × \(t) pt), then lifts with velocity V and the content coasts; " + GrammarWord.fingerSigns
        case .swipe: return "swipe D [in T] — the finger moves D pt as drag does, then lifts moving (a drag with momentum); " + GrammarWord.fingerSigns
        case .tap: return "tap header [I|\"TITLE\"] | tap row I J | tap X Y — a tap on a view or a screen point (takes no time)"
        case .wait: return "wait T — lets T of simulated time pass"
        case .tick: return "tick [N] — runs N display frames (default 1)"
        case .settle: return "settle — runs frames until nothing moves and no animation runs"
        case .expect: return "expect EXPR | expect within T EXPR | expect always EXPR — a check; the scenario fails when it is false"
        case .print: return "print EXPR, ... — prints values with the simulated time"
        case .let: return "let NAME = EXPR — evaluates EXPR once, here, and names its value for the rest of the scenario"
        case .frames: return "frames — prints the frame of every view on screen"
        default: return nil
        }
    }
}

extension GrammarWord {
    /// The sign convention of finger distances and velocities (spec §4), for hovers.
    package static let fingerSigns = "the finger's sign: negative moves it up (the content scrolls on, toward its end: offset grows), positive down (toward the top, or pulling past it)"
}

/// The words scenarios are made of (statement keywords, grammar words, observable, tunable
/// and state names, split at dots), each held as one String that the lexer hands out
/// instead of building a new one per occurrence: a `PackedNameTable` keyed by the word's
/// ASCII bytes (words of at most 16 bytes); lookup only, never iterated.
package struct WordTable {
    package struct Word {
        package var text: String
        package var grammar: GrammarWord
    }

    private let table: PackedNameTable<Word>

    /// The shared table built from the grammar and the built-in behaviours' vocabulary (a
    /// word it lacks is still a word: the table only saves building its String again).
    package static let shared = WordTable(words: WordTable.vocabulary(Lexicon(.builtIn)))

    package static func vocabulary(_ lexicon: Lexicon) -> [String] {
        var words = GrammarWord.allCases.dropFirst().map { $0.spelling }
        words += lexicon.registry.stateNames + ["section", "row"] + lexicon.configurationWords + lexicon.optionWords + lexicon.tapTargets
        // Whole dotted names too (the parser looks up `header.height` as written).
        for o in lexicon.registry.observables { words += [o.name] + o.name.split(separator: ".").map(String.init) }
        for t in lexicon.registry.tunables {
            words += [t.name] + t.name.split(separator: ".").map(String.init)
            words += t.namedValues.map { $0.name }
        }
        return words
    }

    package init(words: [String]) {
        table = PackedNameTable(words.map { w in
            (w, Word(text: w, grammar: GrammarWord.allCases.first { $0 != .other && $0.spelling == w } ?? .other))
        })
    }

    @inline(__always)
    package static func hash(_ lo: UInt64, _ hi: UInt64) -> Int { PackedNameTable<Word>.hash(lo, hi) }

    /// The stored String (and grammar word) for the packed ASCII word (`lo` nonzero), or nil.
    @inline(__always)
    package func lookup(_ lo: UInt64, _ hi: UInt64) -> (String, GrammarWord)? {
        guard let w = table.find(lo, hi) else { return nil }
        return (w.text, w.grammar)
    }
}
