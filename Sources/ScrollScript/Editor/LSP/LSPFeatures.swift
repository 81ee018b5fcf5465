// What the language server serves, built on the front end: the checker's diagnostics,
// completion (the engine the REPL shares, `Completions`) and hover from the registry's words, the
// `fmt` layout, and the scenarios as an outline.

/// LSP's CompletionItemKind values used here.
enum CompletionKind {
    static func of(_ kind: CompletionCandidate.Kind) -> Int {
        switch kind {
        case .keyword: return keyword
        case .variable: return variable
        case .property: return property
        case .function: return function
        case .value: return value
        case .state: return enumMember
        }
    }

    static let function = 3
    static let variable = 6
    static let property = 10
    static let value = 12
    static let keyword = 14
    static let enumMember = 20
}

/// LSP's SymbolKind values used here.
enum SymbolKind {
    static let module = 2
    static let function = 12
}

/// The most items one completion answer lists (a table may have 10,000 sections).
let maxCompletionItems = 1000

/// A token as completion and hover see it: kind, text and byte range.
struct Piece {
    var kind: TokenKind
    var text: String
    var start: Int
    var end: Int
}

extension LanguageServer {
    // MARK: - Diagnostics

    /// The checker's errors and warnings (what `scrollscript check` prints) as a
    /// publishDiagnostics notification: severity 1 (Error) and 2 (Warning).
    func publishDiagnostics(_ doc: TextDocument) -> JSONValue {
        let result = checkSource(doc.source, registry: registry)
        programs[doc.uri] = result.program
        let diagnostics: [JSONValue] = sortedDiagnostics(result.diagnostics + result.warnings).map { d in
            ["range": doc.range(d.location).json, "severity": .int(d.problem.isWarning ? 2 : 1), "source": "scrollscript", "message": .string(d.message)]
        }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                "params": ["uri": .string(doc.uri), "version": .int(doc.version), "diagnostics": .array(diagnostics)]]
    }

    /// The document's syntax tree (kept from its last check).
    func program(_ doc: TextDocument) -> Program {
        programs[doc.uri] ?? Parser.parse(doc.source, lexicon: lexicon).program
    }

    // MARK: - Formatting

    /// The `fmt` layout as one edit over the whole document; no edits when the document is
    /// already in the layout or does not parse (fmt leaves such a file alone too).
    func formatting(_ doc: TextDocument) -> JSONValue {
        guard case .formatted(let text) = formatSource(doc.source), Array(text.utf8) != doc.bytes else { return [] }
        let whole = LSPRange(LSPPosition(line: 0, character: 0), doc.endPosition)
        return [["range": whole.json, "newText": .string(text)]]
    }

    // MARK: - Document symbols

    /// The scene and the scenarios, in file order; a file without blocks is one scenario
    /// named after the file.
    func documentSymbols(_ doc: TextDocument) -> JSONValue {
        let program = self.program(doc)
        var symbols: [JSONValue] = []
        func symbol(_ name: String, _ detail: String, _ kind: Int, from: SourceLocation, to close: SourceLocation, selection: SourceLocation) -> JSONValue {
            let start = doc.range(from).start
            let endRange = doc.range(close)
            let selectionRange = doc.range(selection)
            return ["name": .string(name.isEmpty ? "\"\"" : name), "detail": .string(detail), "kind": .int(kind),
                    "range": LSPRange(start, max(endRange.end, selectionRange.end)).json,
                    "selectionRange": selectionRange.json]
        }
        for s in program.statements {
            switch s.kind {
            case .scene(let block):
                symbols.append(symbol("scene", "configuration of every scenario", SymbolKind.module, from: s.location, to: block.close, selection: s.location))
            case .scenario(let name, let body):
                symbols.append(symbol(name.value, "scenario", SymbolKind.function, from: s.location, to: body.close, selection: name.location))
            default:
                break
            }
        }
        if symbols.isEmpty, let first = program.statements.first {
            let end = doc.endPosition
            let sel = doc.range(first.location)
            symbols.append(["name": .string(doc.source.scenarioName), "detail": "scenario (the whole file)", "kind": .int(SymbolKind.function),
                            "range": LSPRange(LSPPosition(line: 0, character: 0), end).json, "selectionRange": sel.json])
        }
        return .array(symbols)
    }

    // MARK: - Tokens near the cursor

    /// The tokens of the statement the cursor is in, up to the cursor (a word cut by the
    /// cursor is cut there too); nil when the cursor is inside a string or a comment.
    func statementPieces(_ doc: TextDocument, cursor: Int) -> [Piece]? {
        var lexer = Lexer(bytes: doc.bytes, file: doc.fileName)
        var pieces: [Piece] = []
        while true {
            let t = lexer.next()
            let s = t.at.offset, e = t.at.offset + t.at.length
            if t.kind == .eof || s >= cursor { break }
            if e > cursor || (e == cursor && t.kind == .comment) {
                switch t.kind {
                case .word, .number:
                    pieces.append(Piece(kind: t.kind, text: String(decoding: doc.bytes[s..<cursor], as: UTF8.self), start: s, end: cursor))
                    return pieces
                case .string, .comment, .error:
                    return nil
                default:
                    return pieces
                }
            }
            switch t.kind {
            case .newline, .semicolon, .lbrace, .rbrace: pieces.removeAll(keepingCapacity: true)
            case .comment: break
            default: pieces.append(Piece(kind: t.kind, text: pieceText(t), start: s, end: e))
            }
        }
        return pieces
    }

    /// The tokens of the line holding `offset` (a string that spans lines ends it), with
    /// the index of the first token of each statement on it.
    func linePieces(_ doc: TextDocument, around offset: Int) -> (pieces: [Piece], statementStarts: Set<Int>) {
        var lexer = Lexer(bytes: doc.bytes, file: doc.fileName)
        var pieces: [Piece] = []
        var starts: Set<Int> = [0]
        while true {
            let t = lexer.next()
            if t.kind == .eof { break }
            let s = t.at.offset, e = t.at.offset + t.at.length
            if t.kind == .newline {
                if s >= offset { break }
                pieces.removeAll(keepingCapacity: true)
                starts = [0]
                continue
            }
            switch t.kind {
            case .semicolon, .lbrace, .rbrace:
                starts.insert(pieces.count + 1)
                pieces.append(Piece(kind: t.kind, text: pieceText(t), start: s, end: e))
            case .comment: break
            default: pieces.append(Piece(kind: t.kind, text: pieceText(t), start: s, end: e))
            }
        }
        return (pieces, starts)
    }

    private func pieceText(_ t: Token) -> String {
        switch t.kind {
        case .word: return t.text
        case .number, .string: return t.raw
        default: return Token.spelling(t.kind)
        }
    }

    /// The scene configuration in effect at `line` (1-based): the scene block plus the
    /// configuration of the scenario around the line. Parse errors drop only their statements.
    func configuration(_ doc: TextDocument, line: Int) -> SceneConfig {
        let top = program(doc).statements
        var base = SceneConfig(registry: registry)
        var hasBlocks = false
        for s in top {
            if case .scene(let block) = s.kind {
                hasBlocks = true
                base = applyConfiguration(block.statements, to: base).config
            }
        }
        for s in top {
            guard case .scenario(_, let body) = s.kind else { continue }
            hasBlocks = true
            if s.location.line <= line && line <= body.close.line {
                return applyConfiguration(body.statements, to: base).config
            }
        }
        return hasBlocks ? base : applyConfiguration(top, to: base).config
    }

    /// The `let` statements of the scenario around `line` (1-based) that stand above it, in
    /// order (with those inside its `repeat` blocks): the names an expression there reads.
    func letsAbove(_ doc: TextDocument, line: Int) -> [Stmt] {
        let top = program(doc).statements
        var body = top
        for s in top {
            if case .scenario(_, let b) = s.kind, s.location.line <= line, line <= b.close.line { body = b.statements }
        }
        var out: [Stmt] = []
        func collect(_ ss: [Stmt]) {
            for s in ss where s.location.line < line {
                if case .let = s.kind { out.append(s) }
                if case .repeatBlock(_, let b) = s.kind { collect(b.statements) }
            }
        }
        collect(body)
        return out
    }

    // MARK: - Completion

    /// The words the shared engine (`Completions`) offers at the cursor, as CompletionItems.
    func completion(_ doc: TextDocument, _ position: LSPPosition) -> JSONValue {
        let cursor = doc.byteOffset(of: position)
        guard var pieces = statementPieces(doc, cursor: cursor) else { return ["isIncomplete": false, "items": []] }
        // The word being typed and the dotted name it ends (`header.h`, `header.`).
        var chainStart = pieces.count
        if let last = pieces.last, last.end == cursor, last.kind == .word || last.kind == .number || last.kind == .dot {
            chainStart -= 1
            while chainStart > 0 {
                let p = pieces[chainStart - 1], next = pieces[chainStart]
                guard p.end == next.start, p.kind == .word || p.kind == .dot, p.kind != next.kind, next.kind != .number else { break }
                chainStart -= 1
            }
        }
        var chain = Array(pieces[chainStart...])
        pieces.removeLast(pieces.count - chainStart)
        let context = pieces
        var replaceFrom = chain.first?.start ?? cursor
        let engine = Completions(lexicon)
        var candidates: [CompletionCandidate] = []
        var lineConfig: SceneConfig?
        func config() -> SceneConfig {
            if let c = lineConfig { return c }
            let c = configuration(doc, line: position.line + 1)
            lineConfig = c
            return c
        }
        /// The names an expression reads here: the views this scenario declares, and the
        /// names `let` bound above the cursor.
        func expressionNames() -> [CompletionCandidate] {
            let lets = letsAbove(doc, line: position.line + 1).compactMap { s -> CompletionCandidate? in
                guard case .let(let name, _, _) = s.kind else { return nil }
                return Completions.boundName(name, statement: s)
            }
            return engine.expressionNames(scene: config(), lets: lets)
        }
        // Indexes are listed up to a bound before the typed prefix narrows them.
        let indexLimit = maxCompletionItems * 20 + 1

        if chain.first?.kind == .dot, let before = context.last, before.kind == .rbracket, before.end == chain[0].start {
            // `section[2].h` → the members of the subscripted form.
            let base = subscriptBase(context)
            replaceFrom = chain[0].end
            chain.removeFirst()
            candidates = engine.members(of: Subscript(base: base) == .row ? .row : .section)
        } else if let last = context.last, last.kind == .lbracket {
            let base = context.count >= 2 ? context[context.count - 2].text : ""
            if Subscript(base: base) != nil { candidates = engine.sectionIndexes(config(), titledOnly: false, limit: indexLimit) }
        } else if context.count >= 4, context[context.count - 1].kind == .comma, context[context.count - 2].kind == .number,
                  context[context.count - 3].kind == .lbracket, context[context.count - 4].text == Subscript.row.base {
            if let i = Int(context[context.count - 2].text) { candidates = engine.rowIndexes(config(), section: i, limit: indexLimit) }
        } else {
            var compared: String?
            if let op = context.last, op.kind == .eq || op.kind == .ne { compared = leftOperandName(Array(context.dropLast())) }
            switch engine.place(words: context.map { $0.text }, compared: compared) {
            case .statementStart:
                candidates = chain.contains(where: { $0.kind == .dot }) ? expressionNames() : engine.statementWords()
            case .followers(let head): candidates = engine.followers(of: head)
            case .tunable: candidates = engine.tunables()
            case .tapHeader:
                candidates = engine.sectionIndexes(config(), titledOnly: true, limit: indexLimit)
                if LanguageServer.tapHeaderTakesTitle { candidates += engine.sectionTitles(config()).prefix(maxCompletionItems) }
            case .tapRowSection: candidates = engine.sectionIndexes(config(), titledOnly: false, limit: indexLimit)
            case .tapRow(let section): candidates = engine.rowIndexes(config(), section: section, limit: indexLimit)
            case .states(let family): candidates = engine.states(family)
            case .expression(let head):
                candidates = expressionNames() + engine.expressionWords()
                if let head { candidates += engine.followers(of: head) }
            case .nothing: break
            }
        }

        let prefix = chain.map { $0.text }.joined()
        var seen: Set<String> = []
        var matching = candidates.filter { $0.label.utf8.starts(with: prefix.utf8) && seen.insert($0.label).inserted }
        // Names by their bytes, indexes by their value (`2` before `10`).
        func sortKey(_ label: String) -> String {
            label.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) && label.utf8.count < 12
                ? String(repeating: "0", count: 12 - label.utf8.count) + label : label
        }
        matching.sort { sortKey($0.label).utf8.lexicographicallyPrecedes(sortKey($1.label).utf8) }
        let incomplete = matching.count > maxCompletionItems
        if incomplete { matching.removeLast(matching.count - maxCompletionItems) }
        let range = LSPRange(doc.position(ofByte: replaceFrom), doc.position(ofByte: cursor))
        let items: [JSONValue] = matching.map { c in
            var item: [String: JSONValue] = [
                "label": .string(c.label), "kind": .int(CompletionKind.of(c.kind)), "detail": .string(c.detail),
                "filterText": .string(c.label), "sortText": .string(sortKey(c.label)),
                "textEdit": ["range": range.json, "newText": .string(c.label)],
            ]
            if let d = c.documentation { item["documentation"] = ["kind": "markdown", "value": .string(d)] }
            return .object(item)
        }
        return ["isIncomplete": .bool(incomplete), "items": .array(items)]
    }

    /// Whether the language takes `tap header "TITLE"` (spec v1.2): asked of the front end
    /// itself (a file that taps a titled section by its title checks clean), so completion
    /// offers titles exactly when `check` accepts them.
    static let tapHeaderTakesTitle: Bool =
        checkSource(SourceFile(name: "probe.scroll", text: "section \"t\" rows 1\ntap header \"t\"\n")).diagnostics.isEmpty

    /// `section` or `row` for the `[`...`]` that ends `context`.
    private func subscriptBase(_ context: [Piece]) -> String {
        var depth = 0
        var i = context.count - 1
        while i >= 0 {
            switch context[i].kind {
            case .rbracket: depth += 1
            case .lbracket:
                depth -= 1
                if depth == 0 { return i > 0 ? context[i - 1].text : "" }
            default: break
            }
            i -= 1
        }
        return ""
    }

    /// The name just before a comparison operator (`toolbar.state ==`).
    private func leftOperandName(_ context: [Piece]) -> String {
        var i = context.count
        while i > 0, context[i - 1].kind == .word || context[i - 1].kind == .dot,
              i == context.count || context[i - 1].end == context[i].start {
            i -= 1
        }
        return context[i...].map { $0.text }.joined()
    }

    /// The piece indexes `lo...hi` of the name at `cursor` (`fade.alpha`: words joined by
    /// dots with no space between): the word or dot under it, else a word ending at it.
    func nameChain(_ pieces: [Piece], at cursor: Int) -> (lo: Int, hi: Int)? {
        guard let k = pieces.firstIndex(where: { $0.start <= cursor && cursor < $0.end && ($0.kind == .word || $0.kind == .dot) })
                ?? pieces.firstIndex(where: { $0.end == cursor && $0.kind == .word }) else { return nil }
        var lo = k, hi = k
        func joinable(_ a: Piece, _ b: Piece) -> Bool {
            a.end == b.start && (a.kind == .word || a.kind == .dot) && (b.kind == .word || b.kind == .dot) && a.kind != b.kind
        }
        while lo > 0 && joinable(pieces[lo - 1], pieces[lo]) { lo -= 1 }
        while hi + 1 < pieces.count && joinable(pieces[hi], pieces[hi + 1]) { hi += 1 }
        return (lo, hi)
    }

    private func members(_ form: Subscript) -> String {
        Lexicon.members(of: form).joined(separator: ", ")
    }

    // MARK: - Hover

    func hover(_ doc: TextDocument, _ position: LSPPosition) -> JSONValue {
        let cursor = doc.byteOffset(of: position)
        let (pieces, statementStarts) = linePieces(doc, around: cursor)
        guard let (lo, hi) = nameChain(pieces, at: cursor) else { return .null }
        let chain = pieces[lo...hi]
        let name = chain.map { $0.text }.joined()
        let range = LSPRange(doc.position(ofByte: chain.first!.start), doc.position(ofByte: chain.last!.end))
        let next = hi + 1 < pieces.count && pieces[hi + 1].start == pieces[hi].end ? pieces[hi + 1] : nil
        var text: String?
        if chain.first!.kind == .dot, lo > 0, pieces[lo - 1].kind == .rbracket, pieces[lo - 1].end == chain.first!.start {
            let base = subscriptBase(Array(pieces[..<lo]))
            let form: Subscript = Subscript(base: base) == .row ? .row : .section
            if let c = CoreObservable.subscripted(form, member: String(name.dropFirst())) { text = observableHover(.core(c)) }
        } else if let form = Subscript(base: name), next?.kind == .lbracket {
            text = "`\(name)\(form == .row ? "[I,J]" : "[I]").MEMBER`\n\n" + (form == .row ? "row J of section I: " : "section I's header view: ") + members(form)
        } else if lo == hi, statementStarts.contains(lo), next?.kind != .dot, next?.kind != .lbracket,
                  let summary = lexicon.statementSummaries[name] {
            text = "`\(name)` statement\n\n" + summary
        } else if lo == hi, lo > 0, statementStarts.contains(lo - 1), pieces[lo - 1].text == GrammarWord.use.spelling,
                  let b = registry.used(named: name) {
            text = behaviourHover(b)
        } else if lo == hi, next?.kind == .lparen, let f = BuiltinFunction(name: name) {
            text = "`\(f.signature)`: a function\n\n\(f.summary.prefix(1).uppercased() + f.summary.dropFirst()). Takes numbers and keeps their unit (points stay points)."
        } else if lo == hi, let start = statementStarts.filter({ $0 < lo }).max(),
                  let word = registry.configWord(named: pieces[start].text),
                  let option = word.options.first(where: { $0.option.word == name }) {
            // An option of a configuration word: `header 240 pin 60 nostretch`.
            text = optionHover(option.option, of: word, owner: option.owner)
        } else if let ref = lexicon.resolve(name) {
            switch ref {
            case .observable(let id): text = observableHover(id)
            case .tunable(let id): text = tunableHover(id)
            case .state(let state): text = stateHover(state.name, config: configuration(doc, line: position.line + 1))
            }
        }
        if text == nil, lo == hi {
            // A named value: `set deceleration fast`.
            let owners = registry.tunables.filter { t in t.kind != .bool && t.namedValues.contains { $0.name == name } }
            if let t = owners.first, let v = t.namedValues.first(where: { $0.name == name }) {
                text = "`\(name)`: a value of `\(t.name)` (`set \(t.name) \(name)` = \(numberText(v.value)))"
            }
        }
        if text == nil, lo == hi {
            // A name bound by `let` above (the last one of that name).
            let line = position.line + 1
            if let s = letsAbove(doc, line: line + 1).last(where: { if case .let(let n, _, _) = $0.kind { return n == name } else { return false } }) {
                text = "`\(name)`: a name bound by `let` at line \(s.location.line)\n\n`\(statementHead(s.kind))` (its value when that statement ran)"
            }
        }
        guard let text else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(text)], "range": range.json]
    }

    /// `use NAME`: what the behaviour does and the names it brings.
    private func behaviourHover(_ b: BehaviourID) -> String {
        let d = registry.declaration(b)
        var s = "`use \(d.name)`: " + (registry.isDeclaredInLanguage(b) ? "a behaviour declared in the language" : "a behaviour written in Swift") + "\n\n"
        if case .use(_, let summary) = d.configuration { s += summary }
        let observables = registry.observables.filter { $0.owner == b }.map { "`\($0.name)`" }
        let tunables = registry.tunables.filter { $0.owner == b }.map { "`\($0.name)`" }
        if !observables.isEmpty { s += "\n\nObservables: " + observables.joined(separator: ", ") }
        if !tunables.isEmpty { s += "\n\nTunables: " + tunables.joined(separator: ", ") }
        if !d.states.isEmpty { s += "\n\nStates: " + d.states.joined(separator: ", ") }
        return s
    }

    /// `pin P` of `header`: its form, the word's whole form, what it does.
    private func optionHover(_ o: ConfigOption, of word: ConfigWordInfo, owner: BehaviourID) -> String {
        let form = o.word + (o.argument.map { " " + $0.placeholder } ?? "")
        var s = "`\(form)`: an option of `\(word.word)` (`\(word.form)`)"
        if !o.summary.isEmpty { s += "\n\n" + o.summary.prefix(1).uppercased() + o.summary.dropFirst() + "." }
        if let a = o.argument { s += "\n\n\(a.placeholder): \(ValueKind.quantity(a.quantity).displayName)" + rangeText(a.range, of: word) }
        return s
    }

    private func rangeText(_ r: ArgumentRange, of word: ConfigWordInfo) -> String {
        switch r {
        case .within(let range): return ", " + range.description
        case .upToWordArgument: return ", from 0 to \(word.word)'s \(word.argument?.placeholder ?? "argument")"
        }
    }

    /// A state word: the families that have it among those the scenario around the cursor
    /// reads (`phase`, and the behaviours it declares); when none of those has it, every
    /// family that does, with what to declare.
    private func stateHover(_ name: String, config: SceneConfig) -> String {
        let all = registry.families(having: name)
        let declared = all.filter { f in
            guard case .behaviour(let b) = f.id else { return true }
            return config.declares(b)
        }
        let shown = declared.isEmpty ? all : declared
        var s = "`\(name)`: a state of " + shown.map {
            "`\($0.observable)` (\($0.names.joined(separator: ", ")))"
        }.joined(separator: "; of ")
        if declared.isEmpty {
            let needs = shown.compactMap { f -> String? in
                guard case .behaviour(let b) = f.id else { return nil }
                if let w = registry.word(of: b) { return "\(article(w.noun)) `\(w.word)`" }
                return "`\(registry.usage(of: b))`"
            }
            if !needs.isEmpty { s += "\n\nNeeds " + needs.joined(separator: " or ") + " in the scene or scenario." }
        }
        return s
    }

    private func observableHover(_ id: ObservableID) -> String {
        let o = registry.observable(id)
        var s = "`\(o.displayName)`: \(o.kind.displayName), observable\n\n\(o.summary)"
        if let b = o.requires {
            if let word = registry.word(of: b) {
                s += "\n\nNeeds \(article(word.noun)) `\(word.word)` in the scene or scenario."
            } else {
                s += "\n\nNeeds `\(registry.usage(of: b))` in the scene or scenario."
            }
        }
        return s
    }

    private func tunableHover(_ id: TunableID) -> String {
        let t = registry.tunable(id)
        var s = "`\(t.name)`: \(t.kind.displayName), tunable (`set \(t.name) VALUE`)\n\n\(t.summary)\n\n"
        s += "Default: \(Completions.tunableDefault(t))"
        if t.kind != .bool { s += "; range: \(t.range.description)" }
        let named = t.kind == .bool ? [] : t.namedValues
        if !named.isEmpty { s += "; named values: " + named.map { "`\($0.name)` = \(numberText($0.value))" }.joined(separator: ", ") }
        return s
    }
}

extension LSPPosition: Comparable {
    public static func < (a: LSPPosition, b: LSPPosition) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}
