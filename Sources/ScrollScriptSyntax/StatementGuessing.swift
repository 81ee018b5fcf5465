// The parser's seam for first guesses: a statement with an error may read as another tool
// or plain English writes a statement, and its errors then give way to one that says what
// to write (`ParseProblem.guess`). Finding that reading is not the parser's job: whatever
// the `Lexicon` holds as its `guesser` does it, given what the parser knows at the error.
// A lexicon without one (`Lexicon(registry)`) parses with no guesses.

/// What the parser knows of a statement with an error when it asks for a guess.
public struct GuessRequest {
    /// The statement's source bytes, from its first token to its end.
    public var statement: [UInt8]
    /// The words the statement was parsed with.
    public var lexicon: Lexicon
    /// The names `let` has bound before the statement (and those of a REPL session).
    public var letNames: Set<String>
    /// The options of the last statement of each configuration word parsed so far, by
    /// word, as written.
    public var options: [String: [ConfigOptionSyntax]]
    /// The configuration the statement stands in, as text (the scene's and the scenario's
    /// configuration statements parsed so far, after a REPL session's), and whether it
    /// declares sections; nil when it is not known.
    public var configuration: (text: String, sections: Bool)?
    /// The statement stands in a `scene` block, which holds configuration only: a guess
    /// that is not configuration would be refused there.
    public var inScene: Bool = false
}

/// A guess found for a statement: the guess, and where its headline is (an offset into
/// the statement's bytes, nil for its start, and a length).
public struct FoundGuess {
    public var guess: Guess
    public var offset: Int?
    public var length: Int

    public init(_ guess: Guess, offset: Int?, length: Int) {
        self.guess = guess
        self.offset = offset
        self.length = length
    }
}

/// Reads a statement with an error as the statement it most likely means; nil when it
/// reads as none.
public protocol StatementGuessing: Sendable {
    func guess(_ request: GuessRequest) -> FoundGuess?
}
