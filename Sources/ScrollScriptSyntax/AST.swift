// The syntax tree. Every node carries its SourceLocation. Literals keep their source text
// (`raw`) so the formatter prints them as written; comments are kept as trivia on statements
// and blocks, and as one list on the Program.

/// A comment: `text` is the whole comment including `#`, without the line end.
public struct Comment: Equatable, Sendable {
    public var text: String
    public var location: SourceLocation
    /// An empty line stood between this comment and what came before it.
    public var blankLineBefore: Bool = false
}

/// A number literal: `250ms` has raw `250ms`, unit `.ms`, value 0.25 (seconds).
public struct NumberLiteral: Equatable, Sendable {
    /// In base units: seconds for `s`/`ms`, points for `pt`, else as written.
    public var value: Double
    public var unit: NumberUnit
    public var raw: String

    package init(value: Double, unit: NumberUnit, raw: String) {
        self.value = value
        self.unit = unit
        self.raw = raw
    }
}

/// A string literal: the decoded value and the source text with its quotes and escapes.
public struct StringLiteral: Equatable, Sendable {
    public var value: String
    public var raw: String
    public var location: SourceLocation

    package init(value: String, raw: String, location: SourceLocation) {
        self.value = value
        self.raw = raw
        self.location = location
    }
}

public enum UnaryOp: String, Equatable, Sendable {
    case negate = "-"
    case not = "not"
}

public enum BinaryOp: String, Equatable, Sendable {
    /// `%`: the remainder with the sign of the left side (Swift's `truncatingRemainder`).
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case and = "and", or = "or"
}

public enum CompareOp: String, Equatable, Sendable {
    case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">=", approx = "~="
}

/// An expression. The tree is never deeper than `SourceLimits.maxNesting` (the parser
/// refuses deeper input), so recursive walks over it are safe.
public enum Expr: Equatable, Sendable {
    // Leaves are stored inline (no allocation); nodes with children are boxed.
    case number(NumberLiteral, SourceLocation)
    case string(StringLiteral)
    case bool(Bool, SourceLocation)
    /// A bare or dotted name: an observable (`offset`, `header.image.y`), a tunable
    /// (`row.height`), a state (`hidden`) or a named value (`fast`). Resolve with `Lexicon.resolve`.
    case name(String, SourceLocation)
    /// `section[I].member` (one index) or `row[I,J].member` (two): `base` is `section`/`row`.
    indirect case indexed(base: String, indexes: [Expr], member: String, SourceLocation)
    indirect case unary(UnaryOp, Expr, SourceLocation)
    indirect case binary(BinaryOp, Expr, Expr, SourceLocation)
    /// `a OP b`, with `tolerance` for `a ~= b within T`.
    indirect case compare(CompareOp, Expr, Expr, tolerance: Expr?, SourceLocation)
    /// `name(a, b, ...)`: a built-in function (`BuiltinFunction`) by its name as written;
    /// the location is the name's.
    indirect case call(String, [Expr], SourceLocation)
    /// `( e )`, kept for the formatter.
    indirect case paren(Expr, SourceLocation)
    /// `?`: a value to record, right of `==`/`~=` in an `expect`
    /// (`expect header.height ~= ?`); `run --update` writes the observed value in its place.
    case placeholder(SourceLocation)

    /// For binary and compare nodes this is the operator's location; for others the start.
    public var location: SourceLocation {
        switch self {
        case .number(_, let l), .bool(_, let l), .name(_, let l), .indexed(_, _, _, let l), .placeholder(let l),
             .unary(_, _, let l), .binary(_, _, _, let l), .compare(_, _, _, _, let l), .paren(_, let l),
             .call(_, _, let l):
            return l
        case .string(let s): return s.location
        }
    }

    /// Where the expression starts in the source (its leftmost token).
    public var startLocation: SourceLocation {
        switch self {
        case .binary(_, let a, _, _), .compare(_, let a, _, _, _): return a.startLocation
        default: return location
        }
    }
}

/// A configuration statement of a behaviour's word (`header 240 pin 60 nostretch`,
/// `toolbar`, `accordion single`, `refresh`): the word, its argument and its options as
/// written. Which words exist and what they take is the registry's (`ConfigWordInfo`).
public struct ConfigStatement: Equatable, Sendable {
    public var word: String
    public var argument: Expr?
    public var options: [ConfigOptionSyntax]

    public init(word: String, argument: Expr? = nil, options: [ConfigOptionSyntax] = []) {
        self.word = word
        self.argument = argument
        self.options = options
    }
}

/// An option of a configuration statement as written (`pin 60`, `nostretch`).
public struct ConfigOptionSyntax: Equatable, Sendable {
    public var word: String
    public var argument: Expr?
    public var location: SourceLocation

    public init(word: String, argument: Expr? = nil, location: SourceLocation) {
        self.word = word
        self.argument = argument
        self.location = location
    }
}

/// The rows of a `section` statement.
public enum SectionRows: Equatable, Sendable {
    /// `rows N`
    case count(Expr)
    /// `rows "A" "B" ...`
    case titles([StringLiteral])
}

/// `{ ... }` with its comments.
public struct Block: Equatable, Sendable {
    public var statements: [Stmt]
    /// Location of `{`.
    public var open: SourceLocation
    /// Location of `}` (of the end of file when it is missing).
    public var close: SourceLocation
    /// A comment after `{` on the same line.
    public var openComment: Comment?
    /// Own-line comments after the last statement, before `}`.
    public var closingComments: [Comment]

    public init(statements: [Stmt], open: SourceLocation, close: SourceLocation, openComment: Comment? = nil, closingComments: [Comment] = []) {
        self.statements = statements
        self.open = open
        self.close = close
        self.openComment = openComment
        self.closingComments = closingComments
    }
}

public indirect enum StmtKind: Equatable, Sendable {
    // Structure (§2)
    case scene(Block)
    case scenario(name: StringLiteral, body: Block)
    case repeatBlock(count: Expr, body: Block)
    // Configuration (§3)
    /// `screen W x H` (also `WxH`).
    case screen(width: Expr, height: Expr)
    case fps(Expr)
    /// A behaviour's word: `header 240 pin 60`, `toolbar`, `accordion single`, `refresh`.
    case configure(ConfigStatement)
    /// `section ["TITLE"] rows N|"A" "B"... [open|closed]`; `open` nil when not written.
    case section(title: StringLiteral?, rows: SectionRows, open: Bool?)
    case sections(count: Expr, rows: Expr)
    /// `set NAME VALUE`: VALUE is a number (with unit), `true`/`false`, or a named value as `.name`.
    case set(name: String, nameLocation: SourceLocation, value: Expr)
    /// `use NAME` (spec §8): a behaviour a user wrote in Swift and registered.
    case use(name: String, nameLocation: SourceLocation)
    // Actions (§4)
    case pull(Expr)
    case drag(Expr, duration: Expr?)
    case release
    case fling(Expr)
    /// `swipe D [in T]`: a drag that lifts while moving.
    case swipe(Expr, duration: Expr?)
    /// `tap header I`, or `tap header "TITLE"` (a `.string`): section I's header.
    case tapHeader(Expr)
    /// `tap row I J`: row J of section I.
    case tapRow(section: Expr, row: Expr)
    /// `tap NAME`: a behaviour's view by its name (`tap header`, `tap toolbar`,
    /// `tap fade.title`), with where the name is written (nil: made, not read). The parser
    /// takes a dotted name, or a word that is no plain name, whatever the registry knows:
    /// the checker resolves it (`unknown view ...`).
    case tapView(String, nameLocation: SourceLocation? = nil)
    case tap(x: Expr, y: Expr)
    case wait(Expr)
    case tick(Expr?)
    case settle
    // Checks and output (§5)
    case expect(Expr)
    case expectWithin(duration: Expr, Expr)
    case expectAlways(Expr)
    case print([Expr])
    case frames
    /// `let NAME = EXPR`: EXPR evaluated once, there; NAME reads its value for the rest of
    /// the scenario.
    case `let`(name: String, nameLocation: SourceLocation, value: Expr)
    /// An expression alone (`header.height`): the REPL prints it; a file run ignores its value.
    case expression(Expr)

    /// Configuration statements build the world; they come before anything that advances time.
    public var isConfiguration: Bool {
        switch self {
        case .screen, .fps, .configure, .section, .sections, .set, .use: return true
        // Every case by name (no `default`): a new statement must say which it is.
        case .scene, .scenario, .repeatBlock, .pull, .drag, .release, .fling, .swipe, .tapHeader,
             .tapRow, .tapView, .tap, .wait, .tick, .settle, .expect, .expectWithin,
             .expectAlways, .print, .frames, .let, .expression:
            return false
        }
    }

    /// Statements that advance time or touch (after them, configuration is an error).
    public var advancesTime: Bool {
        switch self {
        case .pull, .drag, .release, .fling, .swipe, .tapHeader, .tapRow, .tapView, .tap, .wait, .tick, .settle, .expectWithin:
            return true
        case .repeatBlock(_, let body):
            return body.statements.contains { $0.kind.advancesTime }
        case .scene, .scenario, .screen, .fps, .configure, .section, .sections,
             .set, .use, .expect, .expectAlways, .print, .frames, .let, .expression:
            return false
        }
    }

    /// The grammar's keyword that starts the statement (nil for an expression statement
    /// and for a behaviour's configuration word).
    package var keywordWord: GrammarWord? {
        switch self {
        case .scene: return .scene
        case .scenario: return .scenario
        case .repeatBlock: return .repeat
        case .screen: return .screen
        case .fps: return .fps
        case .configure: return nil
        case .section: return .section
        case .sections: return .sections
        case .set: return .set
        case .use: return .use
        case .pull: return .pull
        case .drag: return .drag
        case .release: return .release
        case .fling: return .fling
        case .swipe: return .swipe
        case .tapHeader, .tapRow, .tapView, .tap: return .tap
        case .wait: return .wait
        case .tick: return .tick
        case .settle: return .settle
        case .expect, .expectWithin, .expectAlways: return .expect
        case .print: return .print
        case .frames: return .frames
        case .let: return .let
        case .expression: return nil
        }
    }

    /// The statement keyword (`pull`, `tap`, `expect`, `header`, ...); `expression` for
    /// expression statements.
    public var keyword: String {
        if case .configure(let c) = self { return c.word }
        return keywordWord?.spelling ?? "expression"
    }
}

/// A statement with its location (its first token) and trivia.
public struct Stmt: Equatable, Sendable {
    public var kind: StmtKind
    public var location: SourceLocation
    /// An empty line stood above the statement (or above its first leading comment).
    public var blankLineBefore: Bool
    /// Comments, boxed: most statements have none, and a nil box keeps `Stmt` small.
    private var trivia: Trivia?

    /// Own-line comments just above the statement.
    public var leadingComments: [Comment] {
        get { trivia?.leading ?? [] }
        set { setTrivia(newValue, trailingComment) }
    }

    /// A comment after the statement on its line.
    public var trailingComment: Comment? {
        get { trivia?.trailing }
        set { setTrivia(leadingComments, newValue) }
    }

    public init(kind: StmtKind, location: SourceLocation, leadingComments: [Comment] = [], trailingComment: Comment? = nil, blankLineBefore: Bool = false) {
        self.kind = kind
        self.location = location
        self.blankLineBefore = blankLineBefore
        setTrivia(leadingComments, trailingComment)
    }

    private mutating func setTrivia(_ leading: [Comment], _ trailing: Comment?) {
        trivia = leading.isEmpty && trailing == nil ? nil : Trivia(leading: leading, trailing: trailing)
    }

    public static func == (a: Stmt, b: Stmt) -> Bool {
        a.kind == b.kind && a.location == b.location && a.blankLineBefore == b.blankLineBefore
            && a.leadingComments == b.leadingComments && a.trailingComment == b.trailingComment
    }
}

/// Immutable comment storage of a statement.
private final class Trivia: Sendable {
    let leading: [Comment]
    let trailing: Comment?

    init(leading: [Comment], trailing: Comment?) {
        self.leading = leading
        self.trailing = trailing
    }
}

/// A parsed file or chunk.
public struct Program: Equatable, Sendable {
    public var file: String
    public var statements: [Stmt]
    /// Own-line comments after the last statement.
    public var trailingComments: [Comment]
    /// Every comment of the file in source order (also attached above as trivia).
    public var comments: [Comment]
    /// (v1.5) Its `behaviour` and `import` items (spec §9), and the byte offset where the
    /// text they take at the top of the file ends (the formatter keeps it as written).
    public var declarations: [DeclarationItem] = []
    public var declarationPrefixEnd = 0

    public init(file: String, statements: [Stmt], trailingComments: [Comment] = [], comments: [Comment] = []) {
        self.file = file
        self.statements = statements
        self.trailingComments = trailingComments
        self.comments = comments
    }
}
