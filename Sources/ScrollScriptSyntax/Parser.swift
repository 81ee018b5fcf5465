// The parser: tokens in, a Program out (grammar.md). One method per grammar rule.
// Errors: one diagnostic, then the parser skips to the end of the statement (honouring
// braces), so one typo gives one error. Nesting limits hold while parsing, so no tree
// deeper than SourceLimits.maxNesting is ever built.

/// Thrown inside a statement after its error was recorded; caught at the statement level.
package struct ParseAbort: Error {}

public struct Parser {
    private var lexer: Lexer
    /// The current token and the one after it (the grammar needs one token of lookahead).
    private var tok: Token
    private var nextTok: Token
    /// The file, as locations hold it (a number: `SourceFileNames`).
    private let fileID: Int32
    /// Errors found while parsing (lexer errors are separate).
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every comment so far (`Program.comments`, for the formatter); nil when they are not
    /// kept (a streaming reader, `ScenarioStream`). An optional, not a separate flag: the
    /// parser's size counts in every parsing function's stack frame in debug builds.
    private var comments: [Comment]?
    private var exprNesting = 0
    private var blockDepth = 0
    private var reportedUnclosed = false
    /// The name of the behaviour whose members are being read (`self.` is its own name only
    /// when it is named `self`).
    private var declaringBehaviour = ""
    /// The words of the registered behaviours (configuration words, their options, views).
    private let lexicon: Lexicon
    /// The names `let` has bound so far (and those a REPL session bound before): such a
    /// name alone at the start of a statement is an expression (`o` prints it in the REPL).
    private var letNames: Set<String>
    /// A statement with an error is read as another tool would write it (`guessStatement`);
    /// off when the text is itself a guess being tried.
    private let guesses: Bool
    /// The options of the last statement of each configuration word parsed, by word, as
    /// written (what a guess at "pinned" compares with; a word not parsed yet reads the
    /// example a guess's note suggests).
    private var lastOptions: [String: [ConfigOptionSyntax]] = [:]
    /// The configuration a guess is checked in: the byte ranges of the configuration
    /// statements parsed so far, the scene block's and those of the scenario being parsed
    /// (with whether each declares sections, which replace the scene's). nil: not known
    /// (text that continues a REPL session it was not given).
    private var sceneConfiguration: [(range: Range<Int>, sections: Bool)]? = []
    private var scenarioConfiguration: [(range: Range<Int>, sections: Bool)] = []
    private var inScene = false
    private var sessionConfiguration: String?
    /// The file's `behaviour` and `import` items (spec §2, §9), in order.
    public private(set) var declarationItems: [DeclarationItem] = []
    /// The names of the `behaviour` items refused here: written after another item, or
    /// not read for a syntax error (a `use` of one says nothing more: `FileDeclarations`).
    public private(set) var refusedBehaviourNames: [String] = []
    /// The byte offset just after the last declaration item (0: none), and whether another
    /// top-level item came before one (a declaration must come first).
    public private(set) var declarationPrefixEnd = 0
    private var sawTopLevelItem = false

    /// A parser over a lexer (tokens are lexed as the parser goes), for the words of
    /// `lexicon`'s behaviours (its `guesser` makes the first guesses; none without one).
    /// `letNames`: names bound by `let` before this text (a REPL session's).
    public init(lexer: Lexer, file: String, keepsComments: Bool = true, letNames: Set<String> = [], lexicon: Lexicon) {
        self.init(lexer: lexer, file: file, keepsComments: keepsComments, letNames: letNames, guesses: true, lexicon: lexicon)
    }

    /// A parser of text that continues a REPL session: `configuration` is the session's
    /// (a guess is checked in it), or nil when it is not known.
    package init(lexer: Lexer, file: String, letNames: Set<String>, configuration: String?, lexicon: Lexicon) {
        self.init(lexer: lexer, file: file, keepsComments: true, letNames: letNames, guesses: true, lexicon: lexicon)
        sessionConfiguration = configuration
        if configuration == nil { sceneConfiguration = nil }
    }

    package init(lexer: Lexer, file: String, keepsComments: Bool, letNames: Set<String>, guesses: Bool, lexicon: Lexicon) {
        self.lexer = lexer
        self.lexicon = lexicon
        fileID = SourceFileNames.id(file)
        self.letNames = letNames
        self.guesses = guesses
        comments = keepsComments ? [] : nil
        tok = self.lexer.next()
        nextTok = self.lexer.next()
    }

    /// Errors the lexer found so far (all of them once parsing is done).
    public var lexerDiagnostics: [Diagnostic] { lexer.diagnostics }
    /// The comments so far that are another framework's assertion (`#expect(...)`; spec
    /// §5), in source order: the checker warns of each.
    public var assertionComments: [AssertionComment] { lexer.assertionComments }

    // Inlined: called from the parser's mutating methods, a non-mutating method of this
    // large struct is handed a copy of all of it (a 569-byte memcpy at each of the ~100
    // places that make a location: 6% of `check`'s time).
    @inline(__always)
    private func loc(_ t: Token) -> SourceLocation {
        SourceLocation(fileID: fileID, line: t.at.line, column: t.at.column, offset: t.at.offset, length: t.at.length)
    }

    private mutating func advance() {
        swap(&tok, &nextTok)  // a move, no copy
        nextTok = lexer.next()
    }

    /// Lexes and parses a whole file (or a REPL chunk). Diagnostics are sorted.
    public static func parse(_ source: SourceFile, lexicon: Lexicon) -> (program: Program, diagnostics: [Diagnostic]) {
        var parser = Parser(lexer: Lexer(bytes: source.bytes, file: source.name), file: source.name, lexicon: lexicon)
        let program = parser.parseProgram()
        return (program, parser.syntaxDiagnostics)
    }

    /// The lexer's and the parser's errors so far, sorted, one per line (all of them once
    /// the input is parsed to its end).
    public var syntaxDiagnostics: [Diagnostic] {
        // One syntax error per line: a typo does not cascade into follow-on errors.
        var perLine: [Diagnostic] = []
        // A line that is too long reports that rather than what lies inside it.
        for d in sortedDiagnostics(lexerDiagnostics + diagnostics) {
            if let last = perLine.last, last.location.line == d.location.line {
                if d.problem == .lex(.lineTooLong) { perLine[perLine.count - 1] = d }
                continue
            }
            perLine.append(d)
        }
        // A file whose lines end with CR alone is one line: its errors say why first.
        if !perLine.isEmpty, let cr = lexer.carriageReturnLineEnds {
            perLine.removeAll { $0.location.line == cr.line }
            perLine.insert(Diagnostic(cr, .parse(.carriageReturnLineEnds)), at: 0)
        }
        return perLine
    }

    // MARK: - Helpers


    /// The current token is the word `w` (only word tokens carry a grammar word).
    @inline(__always)
    private func isWord(_ w: GrammarWord) -> Bool {
        tok.word == w
    }

    private mutating func report(_ t: Token, _ problem: ParseProblem) {
        // Whatever was expected, a lone `=` found there most likely means `==` (after a
        // bare `let`, a name is missing).
        var problem = problem
        if t.kind == .assign, !problem.isExpectedLetName { problem = .loneAssign }
        if t.kind != .error { diagnostics.append(Diagnostic(loc(t), .parse(problem))) }
    }

    private mutating func fail(_ t: Token, _ problem: ParseProblem) -> ParseAbort {
        report(t, problem)
        return ParseAbort()
    }

    private func isStatementEnd(_ t: Token) -> Bool {
        switch t.kind {
        case .newline, .semicolon, .rbrace, .eof, .comment: return true
        default: return false
        }
    }

    private mutating func expectWord(_ w: GrammarWord, _ place: ExpectedWordPlace) throws {
        guard isWord(w) else { throw fail(tok, .expectedWord(place, found: FoundToken(tok))) }
        advance()
    }

    /// Skips to the end of the current statement; a `{` skips its whole block.
    private mutating func skipToStatementEnd() {
        var depth = 0
        while true {
            switch tok.kind {
            case .eof: return
            case .newline, .semicolon: if depth == 0 { return }
            case .lbrace: depth += 1
            case .rbrace:
                if depth == 0 { return }
                depth -= 1
            default: break
            }
            advance()
        }
    }

    // MARK: - Program and blocks

    /// program = { statement-end | statement } EOF
    public mutating func parseProgram() -> Program {
        var place = TopLevelPlace()
        var statements: [Stmt] = []
        while let s = nextTopLevelStatement(&place) { statements.append(s) }
        var program = Program(file: SourceFileNames.name(fileID), statements: statements, trailingComments: place.list.pending, comments: comments ?? [])
        program.declarations = declarationItems
        program.declarationPrefixEnd = declarationPrefixEnd
        return program
    }

    /// How far the top level of the file has been read (kept by the caller: in the parser
    /// it would enlarge every parsing function's stack frame in debug builds).
    public struct TopLevelPlace {
        fileprivate var list = ListState()

        public init() {}
    }

    /// The next top-level statement of the file (a scene, a scenario, or a statement of a
    /// file without blocks), or nil at the end: the parser streams, so a caller that drops
    /// each statement holds one at a time, never the file's whole tree (`check` of 60 MB).
    /// A statement comes out once the next one has parsed (a comment later on its line,
    /// after a statement that fails to parse, still attaches to it), so at most two are
    /// held. `parseProgram` is this, collected. Pass the same `place` every time.
    public mutating func nextTopLevelStatement(_ place: inout TopLevelPlace) -> Stmt? {
        nextInList(&place.list, openLine: nil)
    }

    /// Where a statement list (a block's, or the file's top level) has got to.
    fileprivate struct ListState {
        /// Own-line comments waiting for the next statement (or, at the end, the list's closing ones).
        var pending: [Comment] = []
        var newlines = 0
        var lastEndLine = -1
        /// The latest statement parsed, not yet handed out (a comment may still attach to it).
        var last: Stmt?
        /// `last` has its trailing comment (kept here: reading it through the optional copies the statement).
        var lastHasTrailing = false
        /// The statement being handed out.
        var settled: Stmt?
        /// A comment on the `{` line of a block, before any statement.
        var openComment: Comment?
        /// A block's list stopped at its `}` (not consumed).
        var closed = false
        var ended = false

        mutating func takeSettled() -> Stmt? {
            settled.take()
        }
    }

    private struct StatementList {
        var statements: [Stmt] = []
        var closing: [Comment] = []
        var openComment: Comment?
        var closed = false
    }

    /// Statements up to `}` (not consumed) in a block.
    private mutating func parseStatementList(openLine: Int) -> StatementList {
        var state = ListState()
        var statements: [Stmt] = []
        // A block usually holds several statements: skip the smallest growth steps.
        statements.reserveCapacity(8)
        while let s = nextInList(&state, openLine: openLine) { statements.append(s) }
        return StatementList(statements: statements, closing: state.pending, openComment: state.openComment, closed: state.closed)
    }

    private mutating func record(_ c: Comment) {
        comments?.append(c)
    }

    /// The next statement of a list whose comments are settled, in order; nil once the list
    /// has ended (at `}` in a block, or at the end of the file at top level). `openLine` is
    /// the line of the block's `{`, nil at top level. (Nested blocks recurse through here:
    /// the work is in small helpers, so that each level's stack frames stay small in debug
    /// builds too — 256 levels of blocks must fit in the main thread's stack.)
    private mutating func nextInList(_ list: inout ListState, openLine: Int?) -> Stmt? {
        while !list.ended {
            switch tok.kind {
            case .newline:
                list.newlines += 1
                advance()
            case .semicolon:
                advance()
            case .comment:
                listComment(&list, openLine: openLine)
            case .rbrace:
                if openLine != nil {
                    list.closed = true
                    list.ended = true
                } else if diagnostics.count + lexer.problems.count >= DiagnosticLimits.maxPerFile {
                    giveUp()
                    list.ended = true
                } else {
                    report(tok, .unexpectedCloseBrace)
                    advance()
                }
            case .eof:
                list.ended = true
            default:
                if diagnostics.count + lexer.problems.count >= DiagnosticLimits.maxPerFile {
                    giveUp()
                    list.ended = true
                } else if openLine == nil, startsDeclarationItem() {
                    topLevelDeclaration(&list)
                } else if listStatement(&list) {
                    return list.takeSettled()
                }
            }
        }
        list.settled = list.last.take()
        return list.takeSettled()
    }

    /// A comment on a line of its own, or after a statement that ended with `;`.
    @inline(never)
    private mutating func listComment(_ list: inout ListState, openLine: Int?) {
        // A streaming reader (check, run) has no use for comments: no trivia is built.
        guard comments != nil else {
            advance()
            list.newlines = 0
            return
        }
        let c = Comment(text: tok.text, location: loc(tok), blankLineBefore: list.newlines >= 2)
        let commentLine = tok.at.line
        record(c)
        advance()
        if let line = openLine, line == commentLine, list.last == nil, list.pending.isEmpty {
            list.openComment = c
        } else if commentLine == list.lastEndLine, list.last != nil, !list.lastHasTrailing {
            list.last?.trailingComment = c
            list.lastHasTrailing = true
        } else {
            list.pending.append(c)
        }
        list.newlines = 0
    }

    /// Parses a statement of the list (and a comment after it on its line). True when the
    /// one before it is settled now (in `list.settled`).
    @inline(never)
    private mutating func listStatement(_ list: inout ListState) -> Bool {
        let blank = list.pending.first?.blankLineBefore ?? (list.newlines >= 2)
        list.newlines = 0
        var settledOne = false
        var parsed = parseStatementRecovering()
        if comments == nil {
            // A streaming reader (check, run): no comments, no trivia.
            list.settled = list.last.take()
            list.last = parsed.take()
            if tok.kind == .comment { advance() }
            return list.settled != nil
        }
        if parsed != nil {
            // Set in place (`if var s = ...` would copy the statement out of the optional).
            // A new statement has no comments yet: set them only when there are some.
            if !list.pending.isEmpty {
                parsed!.leadingComments = list.pending
                list.pending = []
            }
            parsed!.blankLineBefore = blank
            list.settled = list.last.take()
            list.last = parsed.take()
            list.lastHasTrailing = false
            settledOne = list.settled != nil
        }
        list.lastEndLine = tok.at.line
        if tok.kind == .comment {
            let c = Comment(text: tok.text, location: loc(tok), blankLineBefore: false)
            record(c)
            if list.last != nil, !list.lastHasTrailing {
                list.last?.trailingComment = c
                list.lastHasTrailing = true
            } else {
                list.pending.append(c)
            }
            advance()
        }
        return settledOne
    }

    /// Too many errors: say so once, and skip the rest of the input (no "never closed").
    private mutating func giveUp() {
        if !reportedUnclosed {
            diagnostics.append(Diagnostic(loc(tok), .tooManyErrors))
        }
        reportedUnclosed = true
        // No token loop: the lexer jumps to the end. (A `while tok.kind != .eof { advance() }`
        // here never ended in optimised builds: `check` of 1,001 lines of `x` hung at
        // 100% CPU in release while the debug build returned at once.)
        lexer.skipToEnd()
        tok = lexer.next()
        nextTok = tok
    }

    private mutating func parseStatementRecovering() -> Stmt? {
        let start = tok.at
        let parseErrors = diagnostics.count
        do {
            let s = try parseStatement()
            guard isStatementEnd(tok) else {
                throw fail(tok, .expectedStatementEnd(found: FoundToken(tok)))
            }
            // The lexer's problems are in source order: one in the statement is the last.
            if let last = lexer.problems.last, last.location.offset >= start.offset { guessStatement(start, parseErrors: parseErrors) }
            if case .configure(let c) = s.kind { lastOptions[c.word] = c.options }
            if guesses, s.kind.isConfiguration { noteConfiguration(s.kind, start.offset..<tok.at.offset) }
            return s
        } catch {
            skipToStatementEnd()
            guessStatement(start, parseErrors: parseErrors)
            return nil
        }
    }

    /// Records a configuration statement (its bytes) for the guesses after it.
    private mutating func noteConfiguration(_ k: StmtKind, _ range: Range<Int>) {
        var sections = false
        switch k {
        case .section, .sections: sections = true
        default: break
        }
        if inScene { sceneConfiguration?.append((range, sections)) } else { scenarioConfiguration.append((range, sections)) }
    }

    /// The configuration of the scenario being parsed so far, as text, and whether it
    /// declares sections (nil: not known).
    private func configurationSoFar() -> (text: String, sections: Bool)? {
        guard let scene = sceneConfiguration else { return nil }
        let ownSections = scenarioConfiguration.contains { $0.sections }
        var text = sessionConfiguration ?? ""
        var sections = text.split(separator: "\n").contains { $0.hasPrefix(GrammarWord.section.spelling) }
        for c in scene where !(ownSections && c.sections) {
            text += String(decoding: lexer.sourceBytes(c.range.lowerBound, c.range.upperBound), as: UTF8.self) + "\n"
            sections = sections || c.sections
        }
        for c in scenarioConfiguration {
            text += String(decoding: lexer.sourceBytes(c.range.lowerBound, c.range.upperBound), as: UTF8.self) + "\n"
            sections = sections || c.sections
        }
        return (text, sections)
    }

    /// After a statement from `start` (just ended) had an error: if it reads as another
    /// tool or plain English writes a statement (the lexicon's `guesser`), its errors give
    /// way to one that says what to write instead.
    @inline(never)
    private mutating func guessStatement(_ start: TokenPos, parseErrors: Int) {
        let range = start.offset..<tok.at.offset
        guard guesses, let guesser = lexicon.guesser, !range.isEmpty, range.count <= SourceLimits.maxLineLength,
              diagnostics.count > parseErrors || lexer.problems.contains(where: { range.contains($0.location.offset) }) else { return }
        let bytes = lexer.sourceBytes(range.lowerBound, range.upperBound)
        let request = GuessRequest(statement: bytes, lexicon: lexicon, letNames: letNames, options: lastOptions,
                                   configuration: configurationSoFar(), inScene: inScene)
        guard let found = guesser.guess(request) else { return }
        let (g, at, length) = (found.guess, found.offset, found.length)
        diagnostics.removeLast(diagnostics.count - parseErrors)
        lexer.removeProblems(in: range)
        // The line and column of the headline's token, counted from the statement's start.
        var line = start.line, column = start.column
        let offset = at ?? 0
        var k = 0
        while k < offset && k < bytes.count {
            if bytes[k] == 0x0A {
                line += 1
                column = 1
            } else if bytes[k] & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        let l = SourceLocation(fileID: fileID, line: line, column: column, offset: range.lowerBound + offset, length: length)
        diagnostics.append(Diagnostic(l, .parse(.guess(g))))
    }

    /// block = "{" { statement } "}"
    private mutating func parseBlock() throws -> Block {
        let open = tok
        guard open.kind == .lbrace else { throw fail(open, .expectedOpenBrace(found: FoundToken(open))) }
        if blockDepth >= SourceLimits.maxNesting {
            throw fail(open, .blocksTooDeep)
        }
        advance()
        blockDepth += 1
        defer { blockDepth -= 1 }
        let list = parseStatementList(openLine: open.at.line)
        var close = loc(tok)
        if list.closed {
            advance()
        } else {
            reportUnclosed(open)
            close = loc(tok)
        }
        return Block(statements: list.statements, open: loc(open), close: close,
                     openComment: list.openComment, closingComments: list.closing)
    }

    // MARK: - Statements

    /// statement = scene | scenario | repeat | config | action | check | expression
    private mutating func parseStatement() throws -> Stmt {
        let l = loc(tok)
        func stmt(_ k: StmtKind) -> Stmt { Stmt(kind: k, location: l) }
        switch tok.kind {
        case .word:
            let next = nextTok.kind
            if next == .dot || next == .lbracket { return stmt(.expression(try parseExpr())) }
            switch tok.word {
            case .scene:
                advance()
                inScene = true
                defer { inScene = false }
                return stmt(.scene(try parseBlock()))
            case .scenario:
                scenarioConfiguration.removeAll(keepingCapacity: true)
                return stmt(try parseScenario())
            case .repeat: return stmt(try parseRepeat())
            case .screen: return stmt(try parseScreen())
            case .fps: advance(); return stmt(.fps(try parseArg()))
            case .section: return stmt(try parseSection())
            case .sections: return stmt(try parseSections())
            case .set: return stmt(try parseSet())
            case .use: return stmt(try parseUse())
            case .pull:
                advance()
                let d = try parseArg()
                if isWord(.in) {   // `pull 120 in 1s`: only drag takes a duration
                    throw fail(tok, .pullTakesNoDuration)
                }
                return stmt(.pull(d))
            case .drag:
                let (d, t) = try parseDistanceAndDuration()
                return stmt(.drag(d, duration: t))
            case .release: advance(); return stmt(.release)
            case .fling: advance(); return stmt(.fling(try parseArg()))
            case .swipe:
                let (d, t) = try parseDistanceAndDuration()
                return stmt(.swipe(d, duration: t))
            case .tap: return stmt(try parseTap())
            case .wait: advance(); return stmt(.wait(try parseArg()))
            case .tick: advance(); return stmt(.tick(isStatementEnd(tok) ? nil : try parseArg()))
            case .settle: advance(); return stmt(.settle)
            case .expect: return stmt(try parseExpect())
            case .print: return stmt(try parsePrint())
            case .let: return stmt(try parseLet())
            case .frames: advance(); return stmt(.frames)
            case .true, .false, .not: return stmt(.expression(try parseExpr()))
            default:
                if let word = lexicon.registry.configWord(named: tok.text) { return stmt(try parseConfiguration(word)) }
                if lexicon.resolve(tok.text) != nil || letNames.contains(tok.text) || startsCall() {
                    return stmt(.expression(try parseExpr()))
                }
                throw fail(tok, .unknownStatement(tok.text, keywords: lexicon.statementKeywords))
            }
        case .number, .string, .lparen, .minus:
            return stmt(.expression(try parseExpr()))
        default:
            throw fail(tok, .expectedStatement(found: FoundToken(tok)))
        }
    }

    /// scenario = "scenario" STRING block
    private mutating func parseScenario() throws -> StmtKind {
        advance()
        guard tok.kind == .string else { throw fail(tok, .expectedScenarioName(found: FoundToken(tok))) }
        let name = StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok))
        advance()
        return .scenario(name: name, body: try parseBlock())
    }

    /// repeat = "repeat" arg block
    private mutating func parseRepeat() throws -> StmtKind {
        advance()
        let n = try parseArg()
        return .repeatBlock(count: n, body: try parseBlock())
    }

    /// screen = "screen" arg "x" arg      (`375x667` lexes as 375, x, 667)
    private mutating func parseScreen() throws -> StmtKind {
        advance()
        let w = try parseArg()
        try expectWord(.x, .screenSize)
        return .screen(width: w, height: try parseArg())
    }

    /// config = WORD [arg] { OPTION [arg] }: a behaviour's word (`header 240 pin 60`,
    /// `toolbar`, `accordion single`, `refresh`), its argument and its options as the
    /// registry declares them. A word without options ends after its argument.
    private mutating func parseConfiguration(_ word: ConfigWordInfo) throws -> StmtKind {
        advance()
        var argument: Expr?
        if let a = word.argument, a.defaultValue == nil || !isStatementEnd(tok) {
            argument = try parseArg()
        }
        var options: [ConfigOptionSyntax] = []
        while !word.options.isEmpty && !isStatementEnd(tok) {
            let t = tok
            guard t.kind == .word else {
                throw fail(t, .expectedOption(word: word.word, options: word.optionWords, found: FoundToken(t)))
            }
            guard let o = word.options.first(where: { $0.option.word == t.text }) else {
                throw fail(t, .unknownOption(word: word.word, option: t.text, options: word.optionWords))
            }
            advance()
            options.append(ConfigOptionSyntax(word: t.text, argument: o.option.argument == nil ? nil : try parseArg(), location: loc(t)))
        }
        return .configure(ConfigStatement(word: word.word, argument: argument, options: options))
    }

    /// section = "section" [STRING] "rows" ( arg | STRING { STRING } ) [ "open" | "closed" ]
    private mutating func parseSection() throws -> StmtKind {
        advance()
        var title: StringLiteral?
        if tok.kind == .string {
            title = StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok))
            advance()
        }
        try expectWord(.rows, .sectionRows)
        let rows: SectionRows
        if tok.kind == .string {
            var titles: [StringLiteral] = []
            while tok.kind == .string {
                titles.append(StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok)))
                advance()
            }
            rows = .titles(titles)
        } else {
            rows = .count(try parseArg())
        }
        var open: Bool?
        if isWord(.open) { open = true; advance() } else if isWord(.closed) { open = false; advance() }
        if open == nil, tok.kind == .word {
            throw fail(tok, .expectedSectionState(found: FoundToken(tok)))
        }
        return .section(title: title, rows: rows, open: open)
    }

    /// sections = "sections" arg "rows" arg
    private mutating func parseSections() throws -> StmtKind {
        advance()
        let n = try parseArg()
        try expectWord(.rows, .sectionsRows)
        return .sections(count: n, rows: try parseArg())
    }

    /// set = "set" NAME arg      NAME = WORD { "." WORD }
    private mutating func parseSet() throws -> StmtKind {
        advance()
        let start = tok
        guard start.kind == .word else { throw fail(start, .expectedTunableName(found: FoundToken(start))) }
        var name = start.text
        advance()
        while tok.kind == .dot, nextTok.kind == .word {
            name += "." + nextTok.text
            advance(); advance()
        }
        if isStatementEnd(tok) { throw fail(tok, .expectedSetValue(name: name)) }
        return .set(name: name, nameLocation: loc(start), value: try parseArg())
    }

    /// use = "use" WORD
    private mutating func parseUse() throws -> StmtKind {
        advance()
        let name = tok
        guard name.kind == .word else {
            throw fail(name, .expectedBehaviourName(found: FoundToken(name), names: lexicon.registry.usedNames))
        }
        advance()
        return .use(name: name.text, nameLocation: loc(name))
    }

    /// drag = "drag" arg [ "in" arg ], swipe = "swipe" arg [ "in" arg ]: the distance and
    /// the duration when written.
    private mutating func parseDistanceAndDuration() throws -> (Expr, Expr?) {
        advance()
        let d = try parseArg()
        guard isWord(.in) else { return (d, nil) }
        advance()
        return (d, try parseArg())
    }

    /// tap = "tap" ( "header" [arg | STRING] | "row" arg arg | VIEW | arg arg ), VIEW a
    /// view a behaviour declares (`toolbar`; `tap header` alone is the table header's view)
    private mutating func parseTap() throws -> StmtKind {
        advance()
        let next = nextTok.kind
        let notName = next != .dot && next != .lbracket
        if isWord(.header) && notName {
            advance()
            if isStatementEnd(tok) { return .tapView(GrammarWord.header.spelling) }
            if tok.kind == .string {   // `tap header "山手線"`
                let title = StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok))
                advance()
                return .tapHeader(.string(title))
            }
            return .tapHeader(try parseArg())
        }
        if isWord(.row) && notName {
            advance()
            if isStatementEnd(tok) { throw fail(tok, .tapRowNeedsIndexes) }
            let i = try parseArg()
            if isStatementEnd(tok) { throw fail(tok, .tapRowNeedsRow(section: literalSource(i))) }
            return .tapRow(section: i, row: try parseArg())
        }
        if tok.kind == .word && notName && lexicon.tapTargets.contains(tok.text) {
            let name = tok.text
            let at = loc(tok)
            advance()
            return .tapView(name, nameLocation: at)
        }
        if isStatementEnd(tok) { throw fail(tok, .tapNeedsTarget(targets: lexicon.tapTargets)) }
        if isWord(.section) && notName {   // `tap section 0`: a section is tapped by its header
            throw fail(tok, .tapSection(index: nextTok.kind == .number || nextTok.kind == .string ? nextTok.raw : nil))
        }
        if tok.kind == .word, notName, !lexicon.plainNames.contains(tok.text) {
            // `tap heder 1`
            if !suggestions(for: tok.text, among: lexicon.tapTargets).isEmpty {
                throw fail(tok, .tapUnknownTarget(found: FoundToken(tok), targets: lexicon.tapTargets))
            }
        }
        let x = try parseArg()
        // A view's name alone (`tap fade.title`, a declared behaviour's view): a name the
        // lexicon's targets hold, or one no built-in owns (`Lexicon.tapsByName`), which the
        // checker resolves whatever this lexicon knows — `fmt` reads a file without its
        // declarations, and a misspelt view, or one of a behaviour refused elsewhere, is one
        // check error at the name, not a syntax error that hides the scenario's others.
        if isStatementEnd(tok), case .name(let n, let at) = x, lexicon.tapsByName(n) {
            return .tapView(n, nameLocation: at)
        }
        if isStatementEnd(tok) { throw fail(tok, .tapNeedsY(x: literalSource(x))) }
        return .tap(x: x, y: try parseArg())
    }

    /// A number literal as written, else nil.
    private func literalSource(_ e: Expr) -> String? {
        if case .number(let n, _) = e { return n.raw }
        return nil
    }

    /// expect = "expect" ( "within" arg expr | "always" expr | expr )
    private mutating func parseExpect() throws -> StmtKind {
        advance()
        if isWord(.within) {
            advance()
            let t = try parseArg()
            return .expectWithin(duration: t, try parseExpr())
        }
        if isWord(.always) {
            advance()
            return .expectAlways(try parseExpr())
        }
        if isStatementEnd(tok) { throw fail(tok, .expectNeedsExpression) }
        if tok.kind == .word, tok.word == .other, ["eventually", "until", "soon"].contains(tok.text),
           nextTok.kind != .dot, nextTok.kind != .lbracket, !isStatementEnd(nextTok) {
            throw fail(tok, .noSuchExpect(tok.text))
        }
        return .expect(try parseExpr())
    }

    /// let = "let" WORD "=" expr
    private mutating func parseLet() throws -> StmtKind {
        advance()
        guard tok.kind == .word else { throw fail(tok, .expectedLetName(found: FoundToken(tok))) }
        let name = tok.text
        let at = loc(tok)
        advance()
        guard tok.kind == .assign else { throw fail(tok, .expectedLetAssign(name: name, found: FoundToken(tok))) }
        advance()
        if isStatementEnd(tok) { throw fail(tok, .expectedValue(found: FoundToken(tok))) }
        let value = try parseExpr()
        letNames.insert(name)
        return .let(name: name, nameLocation: at, value: value)
    }

    /// print = "print" expr { "," expr }
    private mutating func parsePrint() throws -> StmtKind {
        advance()
        var items: [Expr] = []
        items.reserveCapacity(4)
        items.append(try parseExpr())
        while tok.kind == .comma {
            advance()
            items.append(try parseExpr())
        }
        return .print(items)
    }

    // MARK: - Expressions

    /// A parsed expression and its tree depth (a struct, not a tuple: tuples of enums
    /// with payloads copy through the generic runtime).
    private struct ExprAndDepth {
        var e: Expr
        var d: Int

        init(_ e: Expr, _ d: Int) {
            self.e = e
            self.d = d
        }
    }

    private mutating func checkDepth(_ d: Int, _ t: Token) throws {
        if d > SourceLimits.maxNesting {
            throw fail(t, .expressionTooDeep)
        }
    }

    /// `checkDepth` at an operator's location (operators are never `.error` tokens).
    private mutating func checkDepth(_ d: Int, at l: SourceLocation) throws {
        if d > SourceLimits.maxNesting { throw tooDeep(l) }
    }

    @inline(never)
    private mutating func tooDeep(_ l: SourceLocation) -> ParseAbort {
        diagnostics.append(Diagnostic(l, .parse(.expressionTooDeep)))
        return ParseAbort()
    }

    private mutating func enter(_ t: Token) throws {
        exprNesting += 1
        if exprNesting > SourceLimits.maxNesting {
            exprNesting -= 1
            throw fail(t, .expressionTooDeep)
        }
    }

    /// expr = or
    private mutating func parseExpr() throws -> Expr {
        try parseOr().e
    }

    /// or = and { "or" and }
    private mutating func parseOr() throws -> ExprAndDepth {
        var l = try parseAnd()
        while isWord(.or) {
            l = try binary(.or, l) { try $0.parseAnd() }
        }
        return l
    }

    /// and = not { "and" not }
    private mutating func parseAnd() throws -> ExprAndDepth {
        var l = try parseNot()
        while isWord(.and) {
            l = try binary(.and, l) { try $0.parseNot() }
        }
        return l
    }

    /// `l op r` with the parser at `op`: reads the operator and the right side (`right`),
    /// one level deeper than the deeper side, within the depth limit.
    private mutating func binary(_ op: BinaryOp, _ l: ExprAndDepth,
                                 _ right: (inout Parser) throws -> ExprAndDepth) throws -> ExprAndDepth {
        let opLoc = loc(tok)
        advance()
        let r = try right(&self)
        let d = max(l.d, r.d) + 1
        try checkDepth(d, at: opLoc)
        return ExprAndDepth(.binary(op, l.e, r.e, opLoc), d)
    }

    /// not = "not" not | comparison
    private mutating func parseNot() throws -> ExprAndDepth {
        if isWord(.not) { return try unary(.not) { try $0.parseNot() } }
        return try parseComparison()
    }

    /// `op x` with the parser at `op`: reads the operator and its operand (`operand`), one
    /// level deeper, within the nesting and depth limits.
    private mutating func unary(_ op: UnaryOp, _ operand: (inout Parser) throws -> ExprAndDepth) throws -> ExprAndDepth {
        let t = tok
        try enter(t)
        defer { exprNesting -= 1 }
        advance()
        let x = try operand(&self)
        try checkDepth(x.d + 1, t)
        return ExprAndDepth(.unary(op, x.e, loc(t)), x.d + 1)
    }

    private func compareOp(_ k: TokenKind) -> CompareOp? {
        switch k {
        case .eq: return .eq
        case .ne: return .ne
        case .lt: return .lt
        case .le: return .le
        case .gt: return .gt
        case .ge: return .ge
        case .approx: return .approx
        default: return nil
        }
    }

    /// comparison = additive [ compare-op additive [ "within" arg ] ]   (no chaining)
    private mutating func parseComparison() throws -> ExprAndDepth {
        let l = try parseAdditive()
        guard let op = compareOp(tok.kind) else {
            if isWord(.within) { throw withinWithoutApprox(nil) }
            return l
        }
        let opLoc = loc(tok)
        advance()
        let r = try parseAdditive()
        var tol: Expr?
        var d = max(l.d, r.d) + 1
        if isWord(.within) {
            guard op == .approx else { throw withinWithoutApprox(op) }
            advance()
            let t = try parseUnary()
            tol = t.e
            d = max(d, t.d + 1)
        }
        if compareOp(tok.kind) != nil { throw chainedComparison() }
        try checkDepth(d, at: opLoc)
        return ExprAndDepth(.compare(op, l.e, r.e, tolerance: tol, opLoc), d)
    }

    @inline(never)
    private mutating func withinWithoutApprox(_ op: CompareOp?) -> ParseAbort {
        fail(tok, .withinWithoutApprox(op))
    }

    @inline(never)
    private mutating func chainedComparison() -> ParseAbort {
        fail(tok, .chainedComparison)
    }

    /// additive = multiplicative { ("+" | "-") multiplicative }
    private mutating func parseAdditive() throws -> ExprAndDepth {
        var l = try parseMultiplicative()
        while tok.kind == .plus || tok.kind == .minus {
            // `100 +- 1` is ± written in ASCII, not `100 + -1` (written so, it adds).
            if tok.kind == .plus, nextTok.kind == .minus, nextTok.at.offset == tok.at.offset + 1,
               let after = lexer.byte(at: nextTok.at.offset + 1), after == 0x20 || after == 0x09 {
                throw fail(tok, .plusMinus)
            }
            let op: BinaryOp = tok.kind == .plus ? .add : .subtract
            l = try binary(op, l) { try $0.parseMultiplicative() }
        }
        return l
    }

    /// multiplicative = unary { ("*" | "/" | "%") unary }
    private mutating func parseMultiplicative() throws -> ExprAndDepth {
        var l = try parseUnary()
        while tok.kind == .star || tok.kind == .slash || tok.kind == .percent {
            let op: BinaryOp = tok.kind == .star ? .multiply : tok.kind == .slash ? .divide : .remainder
            l = try binary(op, l) { try $0.parseUnary() }
        }
        return l
    }

    /// unary = "-" unary | primary
    private mutating func parseUnary() throws -> ExprAndDepth {
        if tok.kind == .minus { return try unary(.negate) { try $0.parseUnary() } }
        return try parsePrimary()
    }

    /// arg = unary     (an argument: `tap 100 -20` is two arguments)
    private mutating func parseArg() throws -> Expr {
        if isStatementEnd(tok) { throw fail(tok, .expectedValue(found: FoundToken(tok))) }
        return try parseUnary().e
    }

    /// primary = NUMBER | STRING | "true" | "false" | name | "(" expr ")"
    private mutating func parsePrimary() throws -> ExprAndDepth {
        // Each case in its own function: this one sits in the recursion of nested
        // parentheses, so its stack frame is kept small (debug builds too).
        switch tok.kind {
        case .number: return numberLiteral()
        case .string: return stringLiteral()
        case .lparen: return try parseParen()
        case .question:
            let e = Expr.placeholder(loc(tok))
            advance()
            return ExprAndDepth(e, 0)
        case .word:
            switch tok.word {
            case .true, .false: return boolLiteral()
            case .and, .or, .not, .within: throw wordIsNotAValue()
            default: return startsCall() ? try parseCall() : try parseName()
            }
        default:
            throw valueExpected()
        }
    }

    private mutating func numberLiteral() -> ExprAndDepth {
        let e = Expr.number(NumberLiteral(value: tok.number, unit: tok.unit, raw: tok.raw), loc(tok))
        advance()
        return ExprAndDepth(e, 0)
    }

    private mutating func stringLiteral() -> ExprAndDepth {
        let e = Expr.string(StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok)))
        advance()
        return ExprAndDepth(e, 0)
    }

    private mutating func boolLiteral() -> ExprAndDepth {
        let e = Expr.bool(tok.word == .true, loc(tok))
        advance()
        return ExprAndDepth(e, 0)
    }

    @inline(never)
    private mutating func wordIsNotAValue() -> ParseAbort {
        fail(tok, .expectedValue(found: FoundToken(tok)))
    }

    @inline(never)
    private mutating func valueExpected() -> ParseAbort {
        fail(tok, .expectedValue(found: FoundToken(tok)))
    }

    /// "(" expr ")"
    private mutating func parseParen() throws -> ExprAndDepth {
        let open = loc(tok)
        try enter(tok)
        defer { exprNesting -= 1 }
        advance()
        let inner = try parseOr()
        guard tok.kind == .rparen else { throw parenNotClosed(open) }
        advance()
        try checkDepth(inner.d + 1, at: open)
        return ExprAndDepth(.paren(inner.e, open), inner.d + 1)
    }

    @inline(never)
    private mutating func parenNotClosed(_ open: SourceLocation) -> ParseAbort {
        fail(tok, .unclosedParen(line: open.line, column: open.column, found: FoundToken(tok)))
    }

    /// A word followed by `(` starts a call: a built-in function's name (`min (a, b)`), or
    /// any word with the `(` glued to it (`sqrt(x)`: the checker names the functions). A
    /// word and a `(` apart are a name and a parenthesis (`tap o (40)`).
    private func startsCall() -> Bool {
        guard tok.kind == .word, nextTok.kind == .lparen else { return false }
        return nextTok.at.offset == tok.at.offset + tok.at.length || BuiltinFunction(name: tok.text) != nil
    }

    /// call = WORD "(" [ expr { "," expr } ] ")"
    private mutating func parseCall() throws -> ExprAndDepth {
        let name = tok
        advance()
        let open = loc(tok)
        try enter(tok)
        defer { exprNesting -= 1 }
        advance()
        var args: [Expr] = []
        let d = tok.kind == .rparen ? 1 : try parseValues(into: &args)
        guard tok.kind == .rparen else { throw parenNotClosed(open) }
        advance()
        try checkDepth(d, name)
        return ExprAndDepth(.call(name.text, args, loc(name)), d)
    }

    /// expr { "," expr } (a call's values, a subscript's indexes) into `list`; the depth:
    /// one more than the deepest value's.
    private mutating func parseValues(into list: inout [Expr]) throws -> Int {
        var d = 1
        while true {
            let x = try parseOr()
            list.append(x.e)
            d = max(d, x.d + 1)
            if tok.kind == .comma { advance(); continue }
            return d
        }
    }

    /// name = WORD { "." WORD } | WORD "[" expr { "," expr } "]" "." WORD
    private mutating func parseName() throws -> ExprAndDepth {
        let t = tok
        advance()
        if tok.kind == .lbracket {
            let open = tok
            try enter(open)
            defer { exprNesting -= 1 }
            advance()
            var indexes: [Expr] = []
            indexes.reserveCapacity(2)
            let d = try parseValues(into: &indexes)
            guard tok.kind == .rbracket else { throw fail(tok, .expectedCloseBracket(found: FoundToken(tok))) }
            advance()
            guard tok.kind == .dot, nextTok.kind == .word else {
                throw fail(tok, .expectedMember(base: t.text))
            }
            let member = nextTok.text
            advance(); advance()
            try checkDepth(d, open)
            return ExprAndDepth(.indexed(base: t.text, indexes: indexes, member: member, loc(t)), d)
        }
        if tok.kind != .dot { return ExprAndDepth(.name(t.text, loc(t)), 0) }
        // A dotted name written without spaces is its source text (one stored String for
        // known names); otherwise the parts are joined with dots.
        let start = t.at.offset
        var end = start + t.at.length
        var joined: String?
        while tok.kind == .dot {
            guard nextTok.kind == .word else { throw fail(nextTok, .expectedNameAfterDot(found: FoundToken(nextTok))) }
            if joined == nil && (tok.at.offset != end || nextTok.at.offset != end + 1) {
                joined = lexer.sourceText(start, end)
            }
            joined?.append(".")
            joined?.append(nextTok.text)
            end = nextTok.at.offset + nextTok.at.length
            advance(); advance()
        }
        // The location spans the whole dotted name (an editor underlines all of it).
        var at = loc(t)
        at.length = end - start
        return ExprAndDepth(.name(joined ?? lexer.sourceText(start, end), at), 0)
    }
}

// MARK: - REPL support

/// Whether typed text is unfinished: a `{` is still open, or a string is unterminated.
/// The REPL shows a continuation prompt and reads more lines. An open `(` or `[` does not
/// continue: a newline ends the statement there, in a file as in the REPL (grammar.md §7),
/// so the error comes at once rather than after more lines that could not fix it.
public func isIncomplete(_ text: String) -> Bool {
    let b = bracketBalance(text)
    return b.openString || b.depth > 0
}

/// What `isIncomplete` looks at: `{` less `}` (outside strings and comments), and whether
/// the text ends inside a string.
package func bracketBalance(_ text: String) -> (depth: Int, openString: Bool) {
    var lexer = Lexer(bytes: Array(text.utf8), file: "<repl>")
    let tokens = lexer.tokenize()
    if lexer.problems.contains(where: { $0.problem == .unterminatedString }) { return (0, true) }
    var depth = 0
    for t in tokens {
        switch t.kind {
        case .lbrace: depth += 1
        case .rbrace: depth -= 1
        default: break
        }
    }
    return (depth, false)
}

/// Parses `text` as it is, without reading a statement with an error as a guess: what a
/// guess is tried with.
package func parseAsWritten(_ text: String, file: String = "guess", letNames: Set<String> = [],
                    lexicon: Lexicon) -> (program: Program, diagnostics: [Diagnostic]) {
    let source = SourceFile(name: file, text: text)
    var parser = Parser(lexer: Lexer(bytes: source.bytes, file: source.name), file: source.name,
                        keepsComments: true, letNames: letNames, guesses: false, lexicon: lexicon)
    let program = parser.parseProgram()
    return (program, parser.syntaxDiagnostics)
}

// MARK: - Declared behaviours (spec §2, §9)

extension Parser {
    /// The current token starts a `behaviour NAME` or `import "PATH"` item. Anything else at
    /// the top level is another item (a declaration after one is an error).
    fileprivate mutating func startsDeclarationItem() -> Bool {
        let yes = tok.kind == .word && ((tok.text == DeclarationWords.behaviour && nextTok.kind == .word)
            || (tok.text == DeclarationWords.importWord && nextTok.kind == .string))
        if !yes { sawTopLevelItem = true }
        return yes
    }

    /// Parses one top-level declaration item into `declarationItems` (comments before it
    /// belong to it: the formatter keeps the declarations as written).
    fileprivate mutating func topLevelDeclaration(_ list: inout ListState) {
        let start = tok
        let late = sawTopLevelItem
        let behaviourName = start.text == DeclarationWords.behaviour ? nextTok.text : nil
        var kept = false
        do {
            let item = try parseDeclarationItem()
            if late {
                report(start, .declared(.declarationAfterItems(start.text)))
            } else {
                declarationItems.append(item)
                kept = true
                declarationPrefixEnd = tok.at.offset
            }
            guard isStatementEnd(tok) else { throw fail(tok, .expectedStatementEnd(found: FoundToken(tok))) }
        } catch {
            skipToStatementEnd()
        }
        if let behaviourName, !kept { refusedBehaviourNames.append(behaviourName) }
        list.pending = []
        list.newlines = 0
        if tok.kind == .comment { advance() }
        if !late { declarationPrefixEnd = max(declarationPrefixEnd, tok.at.offset) }
    }

    private mutating func parseDeclarationItem() throws -> DeclarationItem {
        let keyword = tok
        advance()
        if keyword.text == DeclarationWords.importWord {
            let path = StringLiteral(value: tok.text, raw: tok.raw, location: loc(tok))
            advance()
            return .import(path, loc(keyword))
        }
        let name = tok
        declaringBehaviour = name.text
        advance()
        guard tok.kind == .lbrace else { throw fail(tok, .expectedOpenBrace(found: FoundToken(tok))) }
        let members = parseBlockItems { try $0.parseMember() }
        return .behaviour(BehaviourSyntax(name: name.text, nameLocation: loc(name), location: loc(keyword), members: members))
    }

    /// Newlines, `;` and comments between members or body statements.
    private mutating func skipBodySeparators() {
        while tok.kind == .newline || tok.kind == .semicolon || tok.kind == .comment { advance() }
    }

    /// A word token's text, or an error saying what was expected there.
    private mutating func memberName(_ what: String) throws -> (String, SourceLocation) {
        guard tok.kind == .word else { throw fail(tok, .declared(.expectedName(what, found: FoundToken(tok)))) }
        let n = (tok.text, loc(tok))
        advance()
        return n
    }

    private mutating func expectAssign(after name: String) throws {
        guard tok.kind == .assign else { throw fail(tok, .declared(.expectedAssign(name, found: FoundToken(tok)))) }
        advance()
        if isStatementEnd(tok) { throw fail(tok, .expectedValue(found: FoundToken(tok))) }
    }

    private mutating func parseMember() throws -> MemberSyntax {
        let keyword = tok
        let at = loc(keyword)
        guard keyword.kind == .word else { throw fail(keyword, .declared(.expectedMember(found: FoundToken(keyword)))) }
        advance()
        switch keyword.text {
        case "param":
            let (name, nl) = try memberName("a param's name")
            try expectAssign(after: name)
            let value = try parseArg()
            var range: (Expr, Expr)?
            if tok.kind == .word, tok.text == "range" {
                advance()
                let lo = try parseArg()
                guard tok.kind == .word, tok.text == "to" else { throw fail(tok, .declared(.expectedWord("to", after: "range LO", found: FoundToken(tok)))) }
                advance()
                range = (lo, try parseArg())
            }
            return MemberSyntax(kind: .param(name: name, value: value, range: range), location: at, nameLocation: nl)
        case "states":
            var words: [(String, SourceLocation)] = [try memberName("a state's name")]
            while tok.kind == .comma {
                advance()
                words.append(try memberName("a state's name"))
            }
            return MemberSyntax(kind: .states(words), location: at, nameLocation: at)
        case "var", "value":
            let (name, nl) = try memberName("a \(keyword.text)'s name")
            try expectAssign(after: name)
            let value = try parseExpr()
            return MemberSyntax(kind: keyword.text == "var" ? .var(name: name, value: value) : .value(name: name, value: value),
                                location: at, nameLocation: nl)
        case "view":
            let (name, nl) = try memberName("a view's name")
            try expectAssign(after: name)
            let rect = try parseExpr()
            var alpha: Expr?, when: Expr?
            while tok.kind == .word, tok.text == "alpha" || tok.text == "when" {
                let w = tok.text
                advance()
                let e = try parseExpr()
                if w == "alpha" { alpha = e } else { when = e }
            }
            return MemberSyntax(kind: .view(name: name, rect: rect, alpha: alpha, when: when), location: at, nameLocation: nl)
        case "action":
            let (name, nl) = try memberName("an action's name")
            return MemberSyntax(kind: .action(name: name, body: try parseBody()), location: at, nameLocation: nl)
        case "on":
            guard tok.kind == .word else { throw fail(tok, .declared(.expectedName("an event", found: FoundToken(tok)))) }
            let event = tok.text, el = loc(tok)
            advance()
            var view: (String, SourceLocation)?
            if tok.kind == .word { view = try memberName("a view's name") }
            return MemberSyntax(kind: .on(event: event, eventLocation: el, view: view, body: try parseBody()), location: at, nameLocation: el)
        default:
            throw fail(keyword, .declared(.unknownMember(keyword.text)))
        }
    }

    /// `{ BODY }`
    private mutating func parseBody() throws -> [BodyStmt] {
        let open = tok
        guard open.kind == .lbrace else { throw fail(open, .expectedOpenBrace(found: FoundToken(open))) }
        if blockDepth >= SourceLimits.maxNesting { throw fail(open, .blocksTooDeep) }
        return parseBlockItems { try $0.parseBodyStatement() }
    }

    /// The items of the `{` block at `tok` (a behaviour's members, a body's statements), one
    /// a statement, to its `}`: an item in error is reported and skipped to its statement's
    /// end; a `{` never closed is reported once.
    private mutating func parseBlockItems<Item>(_ parseItem: (inout Parser) throws -> Item) -> [Item] {
        let open = tok
        advance()
        blockDepth += 1
        defer { blockDepth -= 1 }
        var items: [Item] = []
        while true {
            skipBodySeparators()
            if tok.kind == .rbrace { advance(); return items }
            if tok.kind == .eof {
                reportUnclosed(open)
                return items
            }
            do {
                items.append(try parseItem(&self))
                guard isStatementEnd(tok) else { throw fail(tok, .expectedStatementEnd(found: FoundToken(tok))) }
            } catch {
                skipToStatementEnd()
            }
        }
    }

    /// `'{' is never closed` at `open`, once a file (after it, or after `giveUp`, the
    /// braces left open say nothing more).
    private mutating func reportUnclosed(_ open: Token) {
        if !reportedUnclosed {
            diagnostics.append(Diagnostic(loc(open), .parse(.unclosedBrace)))
            reportedUnclosed = true
        }
    }

    private mutating func parseBodyStatement() throws -> BodyStmt {
        let first = tok
        let at = loc(first)
        guard first.kind == .word else { throw fail(first, .expectedStatement(found: FoundToken(first))) }
        switch first.text {
        case "if":
            return BodyStmt(kind: try parseIf(), location: at)
        case "let":
            advance()
            let (name, nl) = try memberName("a name after 'let'")
            try expectAssign(after: name)
            return BodyStmt(kind: .let(name: name, nameLocation: nl, value: try parseExpr()), location: at)
        case "animate":
            advance()
            let (name, nl) = try dottedName()
            guard tok.kind == .word, tok.text == "to" else { throw fail(tok, .declared(.expectedWord("to", after: "animate \(name)", found: FoundToken(tok)))) }
            advance()
            let target = try parseExpr()
            guard tok.kind == .word, tok.text == "over" else { throw fail(tok, .declared(.expectedWord("over", after: "animate \(name) to VALUE", found: FoundToken(tok)))) }
            advance()
            // DURATION is an expression (`over length / 2`); it ends at the curve or `then`.
            let duration = try parseExpr()
            var curve: DeclaredCurve?
            if tok.kind == .word, tok.text != "then" {
                guard let c = DeclaredCurve(rawValue: tok.text) else { throw fail(tok, .declared(.unknownCurve(tok.text))) }
                curve = c
                advance()
            }
            var then: [BodyStmt]?
            if tok.kind == .word, tok.text == "then" {
                advance()
                then = try parseBody()
            }
            return BodyStmt(kind: .animate(name: name, nameLocation: nl, to: target, over: duration, curve: curve, then: then), location: at)
        case "scroll":
            advance()
            guard tok.kind == .word, tok.text == "to" else { throw fail(tok, .declared(.expectedWord("to", after: "scroll", found: FoundToken(tok)))) }
            advance()
            let e = try parseExpr()
            var animated = false
            if tok.kind == .word, tok.text == "animated" {
                animated = true
                advance()
            }
            return BodyStmt(kind: .scrollTo(e, animated: animated), location: at)
        default:
            if first.word != .other, first.word.isStatement, nextTok.kind != .dot, nextTok.kind != .assign {
                // `pull`, `wait`, `expect`, `repeat`, `set`, ...: not in a body.
                skipToStatementEnd()
                return BodyStmt(kind: .notInBody(keyword: first.text), location: at)
            }
            // `}` ending its line, then `else {` on the next: the line's end ended the `if`.
            if first.text == "else" { throw fail(first, .declared(.elseOnItsOwnLine)) }
            let (name, nl) = try dottedName()
            if tok.kind == .assign {
                advance()
                if isStatementEnd(tok) { throw fail(tok, .expectedValue(found: FoundToken(tok))) }
                if name.hasPrefix("self."), declaringBehaviour != "self" {
                    // Swift's `self.alpha = 1`: `alpha = 1`.
                    let start = tok.at.offset
                    _ = try parseExpr()
                    throw fail(first, .declared(.selfMember(meant: String(name.dropFirst(5)) + " = " + textBeforeTok(from: start))))
                }
                return BodyStmt(kind: .assign(name: name, nameLocation: nl, value: try parseExpr()), location: at)
            }
            if nextTok.kind == .assign, let op = Parser.compoundOperator(tok.kind) {
                // Swift's `n += 1`: `n = n + 1` (the value in parentheses when it is an operation).
                let opTok = tok
                advance(); advance()
                let start = tok.at.offset
                let e = try parseExpr()
                var value = textBeforeTok(from: start)
                switch e {
                case .binary, .compare: value = "(" + value + ")"
                default: break
                }
                throw fail(opTok, .declared(.compoundAssign(op + "=", meant: "\(name) = \(name) \(op) \(value)")))
            }
            if isStatementEnd(tok), !name.contains(".") { return BodyStmt(kind: .call(name: name), location: at) }
            // `animat n to 1 over 1s`, `scrol to 0`, `lett x = 1`: a misspelt keyword.
            if !name.contains(".") {
                let near = suggestions(for: name, among: DeclarationWords.bodyStatements)
                if !near.isEmpty { throw fail(first, .declared(.unknownBodyStatement(name, near: near))) }
            }
            throw fail(tok, .declared(.expectedAssign(name, found: FoundToken(tok))))
        }
    }

    /// The operators of Swift's compound assignments (`+=`: `+` then `=`).
    private static func compoundOperator(_ k: TokenKind) -> String? {
        switch k {
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        default: return nil
        }
    }

    /// The source from byte `start` to the current token, without the spaces before it.
    private func textBeforeTok(from start: Int) -> String {
        var text = Substring(lexer.sourceText(start, tok.at.offset))
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// `if C { } [else if C { }] [else { }]`
    private mutating func parseIf() throws -> BodyStmt.Kind {
        var branches: [(Expr, [BodyStmt])] = []
        var otherwise: [BodyStmt]?
        advance()
        branches.append((try parseExpr(), try parseBody()))
        while tok.kind == .word, tok.text == "else" {
            advance()
            if tok.kind == .word, tok.text == "if" {
                advance()
                branches.append((try parseExpr(), try parseBody()))
            } else {
                otherwise = try parseBody()
                break
            }
        }
        return .if(branches: branches, otherwise: otherwise)
    }

    /// WORD { "." WORD }, with the location of the first word spanning the whole name.
    private mutating func dottedName() throws -> (String, SourceLocation) {
        guard tok.kind == .word else { throw fail(tok, .declared(.expectedName("a name", found: FoundToken(tok)))) }
        var name = tok.text
        var at = loc(tok)
        let start = tok.at.offset
        var end = start + tok.at.length
        advance()
        while tok.kind == .dot, nextTok.kind == .word {
            name += "." + nextTok.text
            end = nextTok.at.offset + nextTok.at.length
            advance(); advance()
        }
        at.length = end - start
        return (name, at)
    }
}
