// Why the formatter (ScrollScript, Formatter/) refuses a file, worded: `Problem.format` carries it.

/// Why the formatter refuses a file (worded here, in one place).
public indirect enum FormatProblem: Equatable, Sendable {
    /// The canonical layout does not parse: at `line` of it, `problem`.
    case layoutWouldNotParse(line: Int, Problem)
    /// The layout would change the file's tokens (a formatter bug).
    case layoutChangesTokens

    public var message: String {
        switch self {
        case .layoutWouldNotParse(let line, let problem):
            return "cannot format this file: the canonical layout would not parse (line \(line) of it: \(problem.message))"
        case .layoutChangesTokens:
            return "cannot format this file: the layout would change its tokens here (a formatter bug; please report it)"
        }
    }
}
