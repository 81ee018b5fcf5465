// What a statement that is not ScrollScript most likely means. A small number of rules,
// each for a family of first guesses (words of other tools for a statement, units,
// directions, operators and literals of other languages, properties that mean a state,
// other spellings of names), rewrite the statement's tokens (GuessTokens.swift) with the
// tables of GuessTables.swift. The result is kept only if it parses (and, from the
// checker, passes `check` where the statement stands): a suggestion is never itself an
// error. Runs only for a statement that has an error.
import ScrollScriptSyntax

/// What a guess may know of where the statement stands.
package struct GuessContext {
    /// The words of the language and of its behaviours (and their synonyms).
    package var words: GuessVocabulary
    /// The section titles of the scenario (nil: not known, as in the parser).
    package var titles: [String]?
    /// The options written with each configuration word the scenario declares, with their
    /// values (`header` → `pin` → 60); a word it does not declare reads its example's.
    package var options: [String: [String: Double]]
    /// Names bound by `let` so far.
    package var letNames: Set<String>

    package init(lexicon: Lexicon, titles: [String]?, options: [String: [String: Double]], letNames: Set<String>) {
        words = GuessVocabulary.of(lexicon)
        self.titles = titles
        self.options = options
        self.letNames = letNames
    }
}

/// The tokens of a guess being rewritten, and what the rewriting found.
package struct GuessWork {
    package var toks: [GuessToken]
    package let context: GuessContext
    /// The first misreading, and where (an offset and a length in the guessed text).
    package var headline: GuessHeadline?
    package var at: Int?
    package var length = 0
    package var notes: [GuessNote] = []
    /// What the first word means, once `ruleStatementWord` has read it.
    package var verb: GuessVerb?

    package init(_ toks: [GuessToken], _ context: GuessContext) {
        self.toks = toks
        self.context = context
    }

    /// Records a misreading (the first one is the message's headline) and its notes.
    package mutating func fire(_ h: GuessHeadline, _ t: GuessToken?, _ ns: GuessNote...) {
        if headline == nil {
            headline = h
            at = t?.offset
            length = t?.offset == nil ? 0 : t?.length ?? 0
        }
        for n in ns where !notes.contains(n) { notes.append(n) }
    }

    /// The words of the language and its behaviours.
    package var words: GuessVocabulary { context.words }
    package var lexicon: Lexicon { context.words.lexicon }

    /// A name the language or the scenario knows (`offset`, `header.height`, `hidden`, a
    /// `let` name, a function).
    package func isKnownName(_ n: String) -> Bool {
        lexicon.resolve(n) != nil || context.letNames.contains(n) || BuiltinFunction(name: n) != nil
            || Subscript(base: n) != nil
    }

    /// The index of the block token, else the end.
    package var bodyEnd: Int { toks.firstIndex { $0.kind == .block || $0.kind == .comment } ?? toks.count }

    /// The tokens after the statement word, up to the block or the comment: none when the
    /// statement is cut short there (`heade{`), never a reversed range.
    package var afterWord: [GuessToken] { slice(1, bodyEnd) }

    /// The block or the comment that ends the statement (empty when it has neither).
    package var tail: [GuessToken] { Array(toks[bodyEnd...]) }

    /// `toks[a..<b]` with both ends kept inside the tokens, empty when `b` is not past `a`:
    /// a rule's range over a statement of any shape (empty, cut short, only symbols) is
    /// one that exists.
    package func slice(_ a: Int, _ b: Int) -> [GuessToken] {
        let lo = min(max(a, 0), toks.count), hi = min(max(b, lo), toks.count)
        return Array(toks[lo..<hi])
    }

    /// Tokens for `text` (ScrollScript written by a rule: `toolbar.state == hidden`).
    package static func lex(_ text: String) -> [GuessToken] {
        GuessTokens.tokens(Array(text.utf8)).map { var t = $0; t.offset = nil; return t }
    }
}

package enum StatementGuesser {
    /// The rules, in the order they run: the shape of the line first (comments, noise,
    /// code of other tools), then the statement word and its arguments, then what is
    /// written in expressions.
    package static let rules: [(inout GuessWork) -> Void] = [
        { $0.ruleFullWidth() },
        { $0.ruleForeignComment() },
        { $0.ruleNoise() },
        { $0.ruleLet() },
        { $0.ruleAssertionCall() },
        { $0.ruleCodeChain() },
        { $0.ruleStatementWord() },
        { $0.ruleNumberWords() },
        { $0.ruleCallSyntax() },
        { $0.ruleLabels() },
        { $0.ruleSingleQuotes() },
        { $0.ruleWaiting() },
        { $0.ruleUnits() },
        { $0.ruleMotion() },
        { $0.ruleTap() },
        { $0.ruleConfiguration() },
        { $0.ruleBlocks() },
        { $0.ruleSubjectState() },
        { $0.ruleOperators() },
        { $0.ruleLiterals() },
        { $0.ruleNames() },
        { $0.ruleStates() },
        { $0.ruleExpectShapes() },
        { $0.ruleStates() },
        { $0.rulePrint() },
        { $0.ruleNotComparison() },
    ]

    /// `fling -300 x3`, `fling -300 3 times`, `swipe up twice`: the statement before the
    /// count, rewritten, in `repeat N { ... }`.
    package static func repeatedStatement(_ toks: [GuessToken], _ context: GuessContext) -> GuessWork? {
        var end = toks.count
        while end > 0, toks[end - 1].kind == .comment { end -= 1 }
        guard end > 2, toks[0].kind == .word, let (verb, _) = context.words.verb(toks[0].text),
              ![GuessVerb.keyword(.tick), .keyword(.repeat), .keyword(.tap), .repeatBlock, .doubleTap].contains(verb) else { return nil }
        let last = toks[end - 1], before = toks[end - 2]
        var count: String?
        var suffix = end - 1
        if last.kind == .word, last.text.count > 1, last.text.first == "x" || last.text.first == "X",
           last.text.dropFirst().allSatisfy(\.isNumber) {
            count = String(last.text.dropFirst())  // x3
        } else if last.kind == .number, last.unit == "x" {
            count = last.text  // 3x
        } else if last.kind == .number, last.unit.isEmpty, before.kind == .word, ["x", "times"].contains(guessKey(before.text)) {
            count = last.text  // x 3, times 3
            suffix = end - 2
        } else if last.kind == .word, ["times", "x"].contains(guessKey(last.text)), before.kind == .number, before.unit.isEmpty {
            count = before.text  // 3 times
            suffix = end - 2
        } else if last.kind == .word, let n = ["twice": "2", "thrice": "3"][guessKey(last.text)] {
            count = n
        }
        guard let count, suffix > 1, count.allSatisfy(\.isNumber) else { return nil }
        var inner = rewrite(Array(toks[..<suffix]), context)
        guard let body = rendered(inner.toks, context.words.lexicon), !body.display.contains("{") else { return nil }
        var work = GuessWork(toks, context)
        if let h = inner.headline { work.fire(h, inner.at.flatMap { at in toks.first { $0.offset == at } }) }
        work.fire(.unexpected(toks[suffix].written), toks[suffix], .repeatBlock)
        for n in inner.notes { work.notes.append(n) }
        inner.toks = []
        work.toks = [.word(GrammarWord.repeat.spelling), .number(count), GuessToken(kind: .block, text: "{ " + body.display + " }")] + toks[end...]
        return work
    }

    /// The statement `bytes` most likely means, if a rule reads it and `accepts` takes the
    /// text (it parses; the checker: it passes `check` there). The headline's offset is in
    /// `bytes` (nil when it is a token a rule put there), with the token's length.
    /// `accepts` gives nil for a text it refuses, else notes to add (a view to declare).
    package static func guess(_ bytes: [UInt8], _ context: GuessContext, accepts: (String) -> [GuessNote]?) -> (Guess, at: Int?, length: Int)? {
        let toks = GuessTokens.tokens(bytes)
        guard !toks.isEmpty, toks.count <= 64 else { return nil }
        let words = context.words
        // The statement as written; else without the words of plain English it does without.
        // (A first word that is also a statement word of another tool, as `then` for
        // `expect`, stays unless a statement word follows it: `then wait 2s`.)
        let secondIsVerb = toks.count > 1 && toks[1].kind == .word && words.verb(toks[1].text) != nil
        let bare = toks.filter { t in
            !(t.kind == .word && GuessTables.stopWords.contains(guessKey(t.text))
                && !(t.offset == toks.first?.offset && words.verb(t.text) != nil && !secondIsVerb))
        }
        // A first word that is one of them (`please wait 2s`) is no misspelt statement word:
        // the statement without them is read first.
        let fillerFirst = bare.first?.offset != toks.first?.offset
        var attempts = fillerFirst ? [bare, toks] : [toks, bare]
        if bare.count == toks.count || bare.isEmpty { attempts = [toks] }
        // A reading as written that needs configuration the scenario lacks gives way to the
        // reading without fillers (`tap header view`: not a section titled "view", but `tap header`).
        var needsMore: (Guess, at: Int?, length: Int)?
        for attempt in attempts {
            var work = rewrite(attempt, context)
            if attempt.count < toks.count, work.headline == nil, let dropped = toks.first(where: { t in !bare.contains { $0.offset == t.offset } }) {
                work.fire(.unexpected(dropped.text), dropped)
            }
            guard let headline = work.headline, let corrected = rendered(work.toks, words.lexicon), let more = accepts(corrected.parsed) else { continue }
            let found = (Guess(headline: headline, notes: work.notes + more, corrected: corrected.statement, comment: corrected.comment),
                         work.at, work.length)
            if more.isEmpty || fillerFirst || attempt.count < toks.count { return found }
            needsMore = found
        }
        return needsMore
    }

    /// The rules over `toks`; a line of two statements (`drag -100 then release`) is
    /// rewritten statement by statement and joined by `;`.
    package static func rewrite(_ toks: [GuessToken], _ context: GuessContext) -> GuessWork {
        if let repeated = repeatedStatement(toks, context) { return repeated }
        let words = context.words
        var parts: [[GuessToken]] = [[]]
        var joints: [GuessToken] = []
        var k = 0
        var depth = 0
        let alone: Set<String> = ["release", "settle", "tick", "frames"]
        while k < toks.count {
            let t = toks[k]
            if t.isSymbol("(") || t.isSymbol("[") { depth += 1 }
            if t.isSymbol(")") || t.isSymbol("]") { depth -= 1 }
            let next = k + 1 < toks.count ? toks[k + 1] : nil
            let current = parts[parts.count - 1]
            let joinsStatements = depth == 0 && (t.kind == .word && ["then", "and", "andthen"].contains(guessKey(t.text)) || t.isSymbol(","))
                && current.first.map { $0.kind == .word && words.verb($0.text) != nil } == true
                && (current.count > 1 || current.first.flatMap { words.verb($0.text) }.map { alone.contains(GuessWork.keyword(of: $0.0)) } == true)
                && next.map { $0.kind == .word && words.verb($0.text) != nil && words.lexicon.resolve($0.text) == nil && $0.text != "not" } == true
                && parts[parts.count - 1].first?.text != GrammarWord.expect.spelling
            if joinsStatements {
                joints.append(t)
                parts.append([])
                k += 1
                if let n = next, n.isWord("then") { k += 1 }
                continue
            }
            parts[parts.count - 1].append(t)
            k += 1
        }
        var whole = GuessWork(toks, context)
        guard parts.count > 1, parts.allSatisfy({ !$0.isEmpty }) else {
            for rule in rules { rule(&whole) }
            return whole
        }
        whole.toks = []
        whole.fire(.unexpected(joints[0].text), joints[0])
        for (n, part) in parts.enumerated() {
            var w = GuessWork(part, context)
            for rule in rules { rule(&w) }
            if n > 0 { whole.toks.append(.symbol(";")) }
            whole.toks += w.toks
            for note in w.notes where !whole.notes.contains(note) { whole.notes.append(note) }
        }
        return whole
    }

    /// The tokens as `fmt` writes the statements they make (joined by `; `); a block is
    /// written as it was (a block over several lines as its `{`): `display`. `parsed` is
    /// the same with every block whole, for the parser; `statement` is `display` without the
    /// comment after it, and `comment` that comment. Nil when they do not parse.
    package static func rendered(_ toks: [GuessToken], _ lexicon: Lexicon)
        -> (display: String, parsed: String, statement: String, comment: String?)? {
        var body = toks
        var block: String?
        var comment: String?
        if let b = body.last, b.kind == .block {
            block = b.text
            body.removeLast()
        }
        if let c = body.last, c.kind == .comment {
            comment = c.text
            body.removeLast()
        }
        guard !body.contains(where: { $0.kind == .block || $0.kind == .comment }) else { return nil }
        if body.isEmpty { return block == nil ? comment.map { ($0, $0, $0, nil) } : nil }
        // A block is parsed closed, so that its head parses whatever the block holds.
        let text = GuessTokens.text(body) + (block == nil ? "" : " { }")
        let (program, diagnostics) = parseAsWritten(text, lexicon: lexicon)
        guard diagnostics.isEmpty, !program.statements.isEmpty else { return nil }
        var parts: [String] = []
        var whole: [String] = []
        for s in program.statements {
            let head = statementHead(s.kind)
            // A block on the line stays as written; a block over several lines is the
            // line's `{` (the suggestion stands for the line).
            if statementBlock(s.kind) != nil {
                let b = block ?? "{ }"
                parts.append(head + " " + (b.contains("\n") ? "{" : b))
                whole.append(head + " " + (b.contains("\n") ? "{ }" : b))
            } else {
                parts.append(head)
                whole.append(head)
            }
        }
        guard block == nil || program.statements.count == 1 else { return nil }
        let statement = parts.joined(separator: "; ")
        let out = comment.map { statement + "  " + $0 } ?? statement
        return (out, whole.joined(separator: "; "), statement, comment)
    }

    /// The notes for errors that only say a behaviour is missing (`'toolbar.state' needs a
    /// toolbar ...`), or, in a scenario that declares no sections (the default table of one
    /// untitled section), a section; nil when any other error is among them.
    package static func viewsToDeclare(_ problems: [Problem], sectionsDeclared: Bool, words: GuessVocabulary) -> [GuessNote]? {
        var notes: [GuessNote] = []
        func sections(_ index: Int, rows: Int = 10) -> GuessNote { .declareView(.sections(count: max(index + 1, 3), rows: rows)) }
        for p in problems {
            let note: GuessNote
            switch p {
            case .check(.needsBehaviour(_, let noun, let usage)):
                guard let view = words.declaration(noun: noun, usage: usage) else { return nil }
                note = .declareView(view)
            case .check(.noSuchSection(let written, _)) where !sectionsDeclared:
                guard let i = Int(written), i < 1000 else { return nil }
                note = sections(i)
            case .check(.untitledSection(let i)) where !sectionsDeclared: note = sections(i)
            case .check(.noSuchRow(let written, let section, _)) where !sectionsDeclared:
                guard let j = Int(written), j < 1000 else { return nil }
                note = sections(section, rows: max(j + 1, 10))
            case .check(.noSectionTitled(let raw, _, _)) where !sectionsDeclared: note = .declareView(.titledSection(raw))
            default: return nil
            }
            if !notes.contains(note) { notes.append(note) }
        }
        return notes
    }

    /// `e` reads one of `names`.
    package static func exprReadsName(_ e: Expr, _ names: Set<String>) -> Bool {
        switch e {
        case .name(let n, _): return names.contains(n)
        case .indexed(_, let ix, _, _): return ix.contains { exprReadsName($0, names) }
        case .call(_, let args, _): return args.contains { exprReadsName($0, names) }
        case .unary(_, let x, _), .paren(let x, _): return exprReadsName(x, names)
        case .binary(_, let a, let b, _): return exprReadsName(a, names) || exprReadsName(b, names)
        case .compare(_, let a, let b, let t, _):
            return exprReadsName(a, names) || exprReadsName(b, names) || (t.map { exprReadsName($0, names) } ?? false)
        case .number, .string, .bool, .placeholder: return false
        }
    }

    /// The names of a parsed guess all exist (the parser's check of a suggestion, which
    /// has no scene to check it against): every name is the language's, a `let` name
    /// bound before (`letNames`) or by the guess itself, or a function.
    package static func namesExist(_ text: String, letNames: Set<String>, lexicon: Lexicon) -> Bool {
        let (program, diagnostics) = parseAsWritten(text, lexicon: lexicon)
        guard diagnostics.isEmpty else { return false }
        var ok = true
        var bound = letNames
        func expr(_ e: Expr) {
            switch e {
            case .name(let n, _):
                if lexicon.resolve(n) == nil && !bound.contains(n) { ok = false }
            case .indexed(let base, let ix, let member, _):
                guard let form = Subscript(base: base), CoreObservable.subscripted(form, member: member) != nil else { ok = false; return }
                ix.forEach(expr)
            case .call(let name, let args, _):
                if BuiltinFunction(name: name) == nil { ok = false }
                args.forEach(expr)
            case .unary(_, let x, _), .paren(let x, _): expr(x)
            case .binary(_, let a, let b, _): expr(a); expr(b)
            case .compare(_, let a, let b, let t, _): expr(a); expr(b); t.map(expr)
            case .number, .string, .bool, .placeholder: break
            }
        }
        for s in program.statements {
            // `set NAME VALUE`: the value may be a named one (`fast`); the checker knows.
            if case .set = s.kind { continue }
            forEachExpr(s.kind, expr)
            if case .let(let n, _, _) = s.kind { bound.insert(n) }
        }
        return ok
    }
}

/// Calls `f` with every expression a statement holds (not those of its block).
package func forEachExpr(_ k: StmtKind, _ f: (Expr) -> Void) {
    switch k {
    case .repeatBlock(let n, _): f(n)
    case .screen(let w, let h): f(w); f(h)
    case .fps(let x), .pull(let x), .fling(let x), .wait(let x), .expect(let x), .expectAlways(let x), .expression(let x): f(x)
    case .configure(let c):
        c.argument.map(f)
        for o in c.options { o.argument.map(f) }
    case .tick(let h): h.map(f)
    case .section(_, let rows, _): if case .count(let n) = rows { f(n) }
    case .sections(let n, let m): f(n); f(m)
    case .set(_, _, let v), .let(_, _, let v): f(v)
    case .drag(let d, let t), .swipe(let d, let t): f(d); t.map(f)
    case .tapHeader(let i): f(i)
    case .tapRow(let i, let j): f(i); f(j)
    case .tap(let x, let y): f(x); f(y)
    case .expectWithin(let t, let x): f(t); f(x)
    case .print(let xs): xs.forEach(f)
    case .scene, .scenario, .use, .release, .tapView, .settle, .frames: break
    }
}
