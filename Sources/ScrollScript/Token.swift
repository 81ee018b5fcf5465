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
    case plus, minus, star, slash
    /// Something the lexer already reported (invalid UTF-8, an unterminated string, a stray byte).
    case error
    case eof
}

/// A literal unit glued to digits.
public enum NumberUnit: String, Equatable, Sendable {
    case none = ""
    case s, ms, pt
}

/// Where a token stands (a SourceLocation without the file name: cheap to copy).
public struct TokenPos: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var length: Int

    public init(line: Int, column: Int, offset: Int, length: Int) {
        self.line = line
        self.column = column
        self.offset = offset
        self.length = length
    }

    init(_ l: SourceLocation) {
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

    public init(kind: TokenKind, text: String = "", raw: String = "", number: Double = 0, unit: NumberUnit = .none, at: TokenPos) {
        self.kind = kind
        self.text = text
        self.raw = raw
        self.number = number
        self.unit = unit
        self.at = at
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

    static func spelling(_ k: TokenKind) -> String {
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
        default: return "\(k)"
        }
    }
}
