// Guess rules for the shape of a statement: comments and noise of other languages, code
// of UI-test tools (`app.swipeUp()`, `XCTAssertEqual(...)`, `expect(x).toBe(y)`), the
// first word (words of other tools, other cases, typos), call syntax and labels,
// waiting, blocks and `let`.
import ScrollScriptSyntax

extension GuessWork {
    // MARK: - Helpers

    /// The index of the bracket closing the one at `open` (`(`/`[`), or nil.
    package func closing(_ open: Int) -> Int? {
        guard open < toks.count, toks[open].kind == .symbol else { return nil }
        let o = toks[open].text
        guard o == "(" || o == "[" else { return nil }
        let c = o == "(" ? ")" : "]"
        var depth = 0
        var k = open
        while k < toks.count {
            if toks[k].isSymbol(o) { depth += 1 }
            if toks[k].isSymbol(c) {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }

    /// `toks[range]` split at its top-level commas.
    package func arguments(_ range: Range<Int>) -> [[GuessToken]] {
        var out: [[GuessToken]] = [[]]
        var depth = 0
        for t in toks[range] {
            if t.isSymbol("(") || t.isSymbol("[") { depth += 1 }
            if t.isSymbol(")") || t.isSymbol("]") { depth -= 1 }
            if depth == 0 && t.isSymbol(",") {
                out.append([])
            } else {
                out[out.count - 1].append(t)
            }
        }
        return out.count == 1 && out[0].isEmpty ? [] : out
    }

    /// Tokens as written, spaces only where the source had them (`app.swipeUp()`).
    package static func compact(_ ts: ArraySlice<GuessToken>) -> String {
        var s = ""
        for (k, t) in ts.enumerated() {
            if k > 0 && !t.glued { s += " " }
            s += t.written
        }
        return s
    }

    /// `swipeUp` → ["swipe", "Up"], `scroll_to_bottom` → ["scroll", "to", "bottom"].
    package static func wordParts(_ word: String) -> [String] {
        var parts: [String] = []
        var cur = ""
        for ch in word {
            if ch == "_" || ch == "-" {
                if !cur.isEmpty { parts.append(cur) }
                cur = ""
            } else if ch.isUppercase, !cur.isEmpty, cur.last?.isLowercase == true {
                parts.append(cur)
                cur = String(ch)
            } else {
                cur.append(ch)
            }
        }
        if !cur.isEmpty { parts.append(cur) }
        return parts
    }

    /// The keyword a verb is written with once rewritten.
    package static func keyword(of v: GuessVerb) -> String {
        switch v {
        case .keyword(let w): return w.spelling
        case .wait, .pump: return GrammarWord.wait.spelling
        case .scroll, .scrollTo: return GrammarWord.drag.spelling
        case .doubleTap: return GrammarWord.tap.spelling
        case .expectWithin, .expectAlways, .expectNever: return GrammarWord.expect.spelling
        case .bindLet: return GrammarWord.let.spelling
        case .repeatBlock: return GrammarWord.repeat.spelling
        case .scenario: return GrammarWord.scenario.spelling
        case .scene: return GrammarWord.scene.spelling
        case .configure(let w): return w
        }
    }

    package var firstWord: String? { toks.first?.kind == .word ? toks.first?.text : nil }

    // MARK: - Comments and noise

    /// `// text`, `/* text */`, `-- text` → `# text`.
    package mutating func ruleForeignComment() {
        guard let k = toks.firstIndex(where: { $0.kind == .comment && $0.original != nil }), let mark = toks[k].original else { return }
        var body = Substring(toks[k].text).dropFirst(2)
        if mark == "/*", body.hasSuffix("*/") { body = body.dropLast(2) }
        while body.first == "*" { body = body.dropFirst() }
        let text = body.trimmingCharacters(in: [" ", "\t"])
        // `// expect offset == 0`, `// XCTAssertEqual(offset, 0)`: a check written as a
        // comment of another language. As a comment (`# expect ...`) it would check nothing
        // (spec §5, v1.5): the check itself is meant — the rules after this one read it.
        if k == 0, mark == "//", Self.readsAsACheck(text) {
            fire(.commentMark(mark), toks[k])
            toks = GuessWork.lex(text.hasPrefix("#") ? String(text.dropFirst()) : text) + toks[1...]
            return
        }
        fire(.commentMark(mark), toks[k], .hashComment)
        toks[k] = GuessToken(kind: .comment, text: text.isEmpty ? "#" : "# " + text, offset: toks[k].offset)
        // `/* block */ pull 10`: the statement, then the comment (a `#` comment ends the line).
        if let code = toks[(k + 1)...].firstIndex(where: { $0.kind != .block && $0.kind != .comment }) {
            let comment = toks.remove(at: k)
            let end = toks[(code - 1)...].firstIndex { $0.kind == .block || $0.kind == .comment } ?? toks.count
            toks.insert(comment, at: end)
        }
    }

    /// `expect offset == 0`, `XCTAssertEqual(offset, 0)`, `assert(offset > 0)`, `#expect(...)`:
    /// a comment's text that is a check (a comparison after `expect`, or another
    /// framework's assertion call), not prose (`expect the header to grow`).
    package static func readsAsACheck(_ text: String) -> Bool {
        var t = Substring(text)
        if t.hasPrefix("#") { t = t.dropFirst() }
        let word = t.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let rest = t.dropFirst(word.count)
        if word.hasPrefix("XCTAssert") || ((word == "assert" || word == "expect" || word == "require") && rest.hasPrefix("(")) { return true }
        guard word == "expect", rest.hasPrefix(" ") else { return false }
        return ["==", "!=", "~=", "<", ">"].contains { rest.contains($0) }
    }

    /// Full-width letters and signs (typed with a Japanese input method) read in ASCII;
    /// numbers of other spellings (`.5s`, `0,5s`) say so.
    package mutating func ruleFullWidth() {
        if let n = toks.first(where: { $0.kind == .number && $0.original != nil }), let original = n.original {
            fire(.notAValue(original), n)
        }
        guard let k = toks.firstIndex(where: { $0.original?.unicodeScalars.contains { $0.value >= 0xFF01 && $0.value <= 0xFF5E } == true }),
              let original = toks[k].original else { return }
        fire(k == 0 ? .unknownStatement(original) : .unexpected(original), toks[k], .fullWidth)
        for j in toks.indices where toks[j].original == original { toks[j].original = nil }
    }

    /// `await`, `try`, a YAML list's `-`, `self.`, and empty `()` after a statement word.
    package mutating func ruleNoise() {
        while let w = firstWord, w == "await" || w == "try" || w == "return" || w == "new" {
            toks.removeFirst()
            if toks.first?.isSymbol("!") == true || toks.first?.isSymbol("?") == true { toks.removeFirst() }
        }
        if toks.count > 2, let w = firstWord, w == "self" || w == "this", toks[1].isSymbol(".") { toks.removeFirst(2) }
        // A sentence's full stop.
        if toks.count > 1, let last = toks.last, last.isSymbol("."), bodyEnd == toks.count {
            fire(.unexpected("."), last)
            toks.removeLast()
        }
        // `press and drag`, `touch and hold`: the finger goes down with the gesture.
        if toks.count > 2, let w = firstWord, ["press", "touch", "hold", "tap"].contains(guessKey(w)), toks[1].isWord("and"),
           toks[2].kind == .word, let v = words.verb(toks[2].text), v.0 != .keyword(.tap) {
            fire(.unexpected(w + " and"), toks[0])
            toks.removeFirst(2)
        }
        if toks.count > 1, toks[0].isSymbol("-"), toks[1].kind == .word, !isKnownName(toks[1].text) {
            toks.removeFirst()
        }
        // `settle()`, `swipeUp()`: a statement word called with nothing.
        if toks.count >= 3, toks[0].kind == .word, toks[1].isSymbol("("), toks[2].isSymbol(")"), words.verb(toks[0].text) != nil {
            fire(.unexpected("()"), toks[1], .noParentheses)
            toks.removeSubrange(1...2)
        }
        // `- swipe: {direction: UP}` (Maestro): a map on the line is its keys and values.
        if let b = toks.last, b.kind == .block, !b.text.contains("\n"), b.text.contains(":") {
            toks.removeLast()
            toks += GuessWork.lex(String(b.text.dropFirst().dropLast()))
        }
        // Elsewhere (`toolbar.isHidden()`), the other rules say what is wrong.
        var k = 1
        while k + 1 < toks.count {
            if toks[k].isSymbol("("), toks[k + 1].isSymbol(")"), toks[k - 1].kind == .word, toks[k].glued {
                toks.removeSubrange(k...(k + 1))
            } else {
                k += 1
            }
        }
    }

    // MARK: - let

    /// `var o = offset`, `o = offset`, `o := offset`, `set o = offset`, `let o: Double = …`
    /// → `let o = offset`; `row.height = 50` → `set row.height 50`; `let go` → `release`.
    package mutating func ruleLet() {
        guard let w = firstWord else { return }
        if w == GrammarWord.let.spelling {
            if toks.count == 2, toks[1].isWord("go") {
                fire(.unknownStatement("let go"), toks[0])
                toks = GuessWork.lex(GrammarWord.release.spelling)
                return
            }
            if toks.count > 3, toks[1].kind == .word, toks[2].isSymbol(":"), let eq = toks.firstIndex(where: { $0.isSymbol("=") }) {
                fire(.unexpected(":"), toks[2], .letNames)
                toks.removeSubrange(2..<eq)
            }
            if toks.count > 2, toks[2].isSymbol(":=") {
                fire(.notAnOperator(":="), toks[2], .letNames)
                toks[2] = .symbol("=")
            }
            return
        }
        // `save offset as start`, `store offset in start`
        if ["save", "store", "remember", "record", "keep", "capture"].contains(guessKey(w)), toks.count >= 4,
           let a = toks.lastIndex(where: { $0.isWord("as") || $0.isWord("in") || $0.isWord("into") }), a > 1, a == toks.count - 2,
           toks[a + 1].kind == .word, !isKnownName(toks[a + 1].text) {
            fire(.unknownStatement(w), toks[0], .letNames)
            toks = [.word(GrammarWord.let.spelling), toks[a + 1], .symbol("=")] + toks[1..<a]
            return
        }
        let assign = toks.count > 2 && (toks[1].isSymbol("=") || toks[1].isSymbol(":="))
        if assign, case .bindLet? = GuessTables.statementWords[guessKey(w)] { return }
        if toks.count > 3, GuessTables.statementWords[guessKey(w)] == .bindLet, toks[1].kind == .word,
           toks[2].isSymbol("=") || toks[2].isSymbol(":=") || toks[2].isSymbol(":") {
            fire(.unknownStatement(w), toks[0], .letNames)
            toks[0] = .word(GrammarWord.let.spelling)
            if toks[2].isSymbol(":"), let eq = toks.firstIndex(where: { $0.isSymbol("=") }) { toks.removeSubrange(2..<eq) }
            if toks[2].isSymbol(":=") { toks[2] = .symbol("=") }
            return
        }
        // `NAME = VALUE`: a tunable is set, anything else is named.
        if let eq = toks.firstIndex(where: { $0.isSymbol("=") || $0.isSymbol(":=") }), eq > 0, eq + 1 < toks.count,
           !lexicon.statementKeywords.contains(w) || w == GrammarWord.set.spelling {
            let isSet = w == GrammarWord.set.spelling
            var nameStart = isSet ? 1 : 0
            // `tableView.rowHeight = 50`: a property of the scroll view is a tunable.
            let receiver = eq - nameStart >= 3 && GuessTables.receivers.contains(toks[nameStart].text) && toks[nameStart + 1].isSymbol(".")
            if receiver { nameStart += 2 }
            let nameToks = toks[nameStart..<eq]
            let name = GuessTokens.text(Array(nameToks)).replacingOccurrences(of: " ", with: "")
            guard !name.isEmpty, nameToks.allSatisfy({ $0.kind == .word || $0.isSymbol(".") }) else { return }
            if let tunable = words.tunable(named: name),
               isSet || receiver || lexicon.registry.tunable(named: name) != nil || words.names[guessKey(name)] != nil {
                fire(isSet ? .unexpected(toks[eq].text) : .missing(GrammarWord.set.spelling), isSet ? toks[eq] : toks[0])
                toks.replaceSubrange(0...eq, with: [.word(GrammarWord.set.spelling)] + GuessWork.lex(tunable.name))
            } else if lexicon.statementKeywords.contains(name) {
                return  // `fps = 120`, `set fps = 120`: configuration
            } else if !nameToks.contains(where: { $0.isSymbol(".") }), !isKnownName(name) {
                fire(isSet ? .unexpected(toks[eq].text) : .missing(GrammarWord.let.spelling), isSet ? toks[eq] : toks[0], .letNames)
                toks[eq] = .symbol("=")
                if isSet { toks[0] = .word(GrammarWord.let.spelling) } else { toks.insert(.word(GrammarWord.let.spelling), at: 0) }
            }
        }
    }

    // MARK: - Assertion calls

    /// `XCTAssertEqual(a, b)`, `assertThat(a, is(b))`, `expect(a).toBe(b)`,
    /// `expect(a, equals(b))` → `expect a == b` (`accuracy:` → `~= b within t`).
    package mutating func ruleAssertionCall() {
        // `assertEqual offset 0`, `assertTrue finger.down`: the values without parentheses.
        if let w = firstWord, toks.count > 1, !toks[1].isSymbol("("), !toks[1].isSymbol("."), w != GrammarWord.expect.spelling,
           !lexicon.statementKeywords.contains(w), let check = GuessTables.checks[guessKey(w)], check != .truthy {
            let operands = GuessWork(afterWord, context).operands()
            if case .compare = check, operands.count == 2 {
                fire(.unknownStatement(w), toks[0])
                expectation(operands[0], check, [operands[1]], negated: false)
            } else if check == .falsy, operands.count == 1 {
                fire(.unknownStatement(w), toks[0])
                expectation(operands[0], check, [], negated: false)
            }
            return
        }
        if viewAssertion() { return }
        // Chai, should.js: `offset.should.equal(0)`, `offset.should == 0`.
        if let s = toks.firstIndex(where: { $0.isWord("should") }), s >= 2, toks[s - 1].isSymbol("."), let w = firstWord,
           !lexicon.statementKeywords.contains(w), matcherChain(from: s, subject: Array(toks[0..<(s - 1)])) {
            return
        }
        // `assert.equal(a, b)`, `Assert.AreEqual(a, b)`: the assertion is the method.
        if toks.count > 4, let w = firstWord, ["assert", "chai", "nodeassert", "xct"].contains(guessKey(w)), toks[1].isSymbol("."),
           toks[2].kind == .word, toks[3].isSymbol("("), GuessTables.checks[guessKey(toks[2].text)] != nil {
            toks.removeFirst(2)
        }
        guard let w = firstWord, toks.count > 2, toks[1].isSymbol("("), let close = closing(1) else { return }
        let key = guessKey(w)
        let isExpect = w == GrammarWord.expect.spelling
        // Jest, Detox, RSpec: expect(a)[.not].toBe(b), expect(a).to eq(b)
        if isExpect, close + 2 < toks.count, toks[close + 1].isSymbol("."), matcherChain(from: close + 2, subject: Array(toks[2..<close])) {
            return
        }
        let args = arguments(2..<close)
        guard close == toks.count - 1 || toks[(close + 1)...].allSatisfy({ $0.kind == .comment }) else { return }
        // flutter_test and Hamcrest: expect(a, matcher), assertThat(a, matcher)
        if (isExpect || key == "assertthat" || key == "expectthat") && args.count == 2 {
            let (check, margs, negated) = matcher(args[1])
            fire(isExpect ? .unexpected(",") : .unknownStatement(w), isExpect ? toks.first { $0.isSymbol(",") } : toks[0])
            expectation(args[0], check, margs, negated: negated)
            return
        }
        guard !isExpect, let check = GuessTables.checks[key] else { return }
        // XCTest, JUnit: the values, then `accuracy:` (a tolerance), then a message.
        var values: [[GuessToken]] = []
        var tolerance: [GuessToken]?
        for a in args {
            if a.count > 2, a[0].kind == .word, a[1].isSymbol(":") {
                let label = guessKey(a[0].text)
                if ["accuracy", "tolerance", "delta", "within"].contains(label) { tolerance = Array(a[2...]) }
                continue
            }
            if a.count == 1, a[0].kind == .string { continue }
            values.append(a)
        }
        guard !values.isEmpty else { return }
        fire(.unknownStatement(w), toks[0])
        var c = check
        var rest = Array(values.dropFirst())
        if let t = tolerance {
            c = .compare("~=")
            rest = [rest.first ?? [], t].filter { !$0.isEmpty }
        } else if check == .compare("~="), values.count > 2 {
            rest = [values[1], values[2]]
        }
        expectation(values[0], c, rest, negated: false)
    }

    /// `assertVisible: toolbar`, `assertNotVisible toolbar` (Maestro), `cy.get('.toolbar')
    /// .should('not.be.visible')` (Cypress): `expect VIEW [not] WORDS`, which the rules for
    /// a view and its state read on.
    private mutating func viewAssertion() -> Bool {
        guard let w = firstWord, GuessTables.checks[guessKey(w)] == nil, !isKnownName(w) else { return false }
        let end = bodyEnd
        var said: [String] = []
        var subject: String?
        let parts = GuessWork.wordParts(w).map { $0.lowercased() }
        if parts.count >= 2, GuessTables.checks[parts[0]] == .truthy {
            // The property glued to the assertion's name; the view after it.
            said = Array(parts.dropFirst())
            subject = afterWord.first { $0.kind == .word || $0.kind == .string }.flatMap { words.viewNamed($0.text) ?? ($0.kind == .word ? $0.text : nil) }
        } else if let s = toks[..<end].firstIndex(where: { $0.isWord("should") }), s > 0, s + 2 < end, toks[s + 1].isSymbol("("),
                  toks[s + 2].kind == .string {
            // The matcher is text: its dotted words say what the view should be.
            said = toks[s + 2].text.dropFirst().dropLast().split(separator: ".").map { $0.lowercased() }
            let words = self.words
            subject = toks[..<s].lazy.compactMap { words.viewNamed($0.text) }.first
        }
        said.removeAll { ["be", "have", "to", "is"].contains($0) }
        guard let subject, !said.isEmpty, said.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return false }
        fire(.unknownStatement(parts.count >= 2 ? w : GuessWork.compact(toks[0..<end])), toks[0])
        toks = [.word(GrammarWord.expect.spelling), .word(subject)] + said.map { GuessToken.word($0) } + toks[end...]
        return true
    }

    /// The tokens as operands side by side (`offset 0`, `section[0].y 28`): each a name
    /// chain, a number (with its sign) or a text.
    package func operands() -> [[GuessToken]] {
        var out: [[GuessToken]] = []
        var k = 0
        while k < toks.count {
            if let c = chain(at: k) {
                out.append(Array(toks[c.range]))
                k = c.range.upperBound
            } else if toks[k].isSymbol("-"), k + 1 < toks.count, toks[k + 1].kind == .number {
                out.append(Array(toks[k...(k + 1)]))
                k += 2
            } else if toks[k].kind == .number || toks[k].kind == .string {
                out.append([toks[k]])
                k += 1
            } else if toks[k].isSymbol(",") {
                k += 1
            } else {
                return []
            }
        }
        return out
    }

    /// The words after a subject that say what it should be (`.not.toBe(0)`, `.to eq(0)`,
    /// `.should.equal(0)`, `.should == 0`): the expectation they make, if they make one.
    private mutating func matcherChain(from start: Int, subject: [GuessToken]) -> Bool {
        let fillers: Set<String> = ["to", "be", "been", "is", "that", "which", "and", "has", "have", "should", "does", "deep", "same"]
        var k = start
        var negated = false
        while k < bodyEnd, toks[k].kind == .word || toks[k].isSymbol(".") {
            let key = toks[k].kind == .word ? guessKey(toks[k].text) : ""
            if toks[k].isSymbol(".") || fillers.contains(key) { k += 1; continue }
            if ["not", "notto", "tonot"].contains(key) { negated.toggle(); k += 1; continue }
            break
        }
        guard k < bodyEnd else { return false }
        var check: GuessTables.Check
        var args: [[GuessToken]] = []
        if toks[k].kind == .symbol, GuessWork.comparisons.contains(toks[k].text) {
            check = .compare(toks[k].text)
            args = [Array(toks[(k + 1)..<bodyEnd])]
        } else if toks[k].kind == .word, let c = GuessTables.checks[guessKey(toks[k].text)] {
            check = c
            if k + 1 < bodyEnd, toks[k + 1].isSymbol("("), let c2 = closing(k + 1) {
                args = arguments((k + 2)..<c2)
            } else if k + 1 < bodyEnd {
                args = [Array(toks[(k + 1)..<bodyEnd])]
            }
        } else {
            return false
        }
        if case .compare = check, args.first?.isEmpty ?? true { return false }
        // Jest's `toBeCloseTo(v, d)`: d is a number of digits, a difference under 10^-d / 2.
        if guessKey(toks[k].text) == "tobecloseto", args.count == 2, args[1].count == 1, let d = args[1][0].value, d == d.rounded(), abs(d) <= 15 {
            var t = 0.5
            for _ in 0..<Int(abs(d)) { t = d > 0 ? t / 10 : t * 10 }
            args[1] = [.number(GuessWork.digits(t))]
        }
        fire(.unexpected(toks[k].text), toks[k])
        expectation(subject, check, args, negated: negated)
        return true
    }

    /// A matcher of flutter_test or Hamcrest (`equals(0)`, `isTrue`, `is(not(0))`,
    /// `closeTo(1, 0.5)`), or a value compared with `==`.
    package func matcher(_ m: [GuessToken]) -> (GuessTables.Check, [[GuessToken]], Bool) {
        var m = m
        var negated = false
        while m.count > 3, m[0].kind == .word, ["not", "isnot"].contains(guessKey(m[0].text)), m[1].isSymbol("("), m.last?.isSymbol(")") == true {
            negated.toggle()
            m = Array(m[2..<(m.count - 1)])
        }
        if m.count == 1, m[0].kind == .word, let c = GuessTables.checks[guessKey(m[0].text)], c == .truthy || c == .falsy {
            return (c, [], negated)
        }
        if m.count > 2, m[0].kind == .word, m[1].isSymbol("("), m.last?.isSymbol(")") == true,
           let c = GuessTables.checks[guessKey(m[0].text)] {
            let inner = GuessWork(Array(m[2..<(m.count - 1)]), context)
            let args = inner.arguments(0..<inner.toks.count)
            // `is(not(0))`
            if args.count == 1 {
                let (c2, a2, n2) = matcher(args[0])
                if c == .compare("=="), c2 != .compare("==") || n2 { return (c2, a2, negated != n2) }
            }
            return (c, args, negated)
        }
        return (.compare("=="), [m], negated)
    }

    /// Makes the statement `expect SUBJECT OP VALUE` (`within T`), `expect SUBJECT` or
    /// `expect not SUBJECT`.
    package mutating func expectation(_ subject: [GuessToken], _ check: GuessTables.Check, _ args: [[GuessToken]], negated: Bool) {
        var out: [GuessToken] = [.word(GrammarWord.expect.spelling)]
        let truthy: Bool
        switch check {
        case .truthy: truthy = !negated
        case .falsy: truthy = negated
        case .compare(var op):
            guard var value = args.first else { return }
            if negated { op = GuessWork.negated(op) }
            var subject = subject
            // `assertEquals(0, offset)`: the value measured goes on the left, as a failure
            // reports it (`expected 0, actual ...`).
            let literal = { (x: [GuessToken]) in x.allSatisfy { $0.kind == .number || $0.isSymbol("-") } && x.contains { $0.kind == .number } }
            if literal(subject), !literal(value), value.contains(where: { $0.kind == .word }) {
                swap(&subject, &value)
                op = GuessWork.mirrored(op)
            }
            out += subject + [.symbol(op)] + value
            if op == "~=", args.count > 1 { out += [.word(GrammarWord.within.spelling)] + args[1] }
            toks = out
            return
        }
        let compound = subject.contains { $0.isWord("and") || $0.isWord("or") || $0.isSymbol("&&") || $0.isSymbol("||") }
        if !truthy { out.append(.word(GrammarWord.not.spelling)) }
        out += !truthy && compound ? [.symbol("(")] + subject + [.symbol(")")] : subject
        toks = out
    }

    /// The operator with its sides swapped (`a < b` is `b > a`).
    package static func mirrored(_ op: String) -> String {
        switch op {
        case "<": return ">"
        case ">": return "<"
        case "<=": return ">="
        case ">=": return "<="
        default: return op
        }
    }

    package static func negated(_ op: String) -> String {
        switch op {
        case "==": return "!="
        case "!=": return "=="
        case "<": return ">="
        case ">=": return "<"
        case ">": return "<="
        case "<=": return ">"
        default: return op
        }
    }

    // MARK: - Code of other tools

    /// `app.swipeUp()`, `cy.wait(500)`, `onView(withText("A")).perform(click())`,
    /// `tester.pump(Duration(milliseconds: 300))`: the call that means a statement, with
    /// its values (and, for a tap, the text the chain names: the section title).
    package mutating func ruleCodeChain() {
        guard let w = firstWord, toks.count > 2, toks[1].isSymbol(".") || toks[1].isSymbol("("),
              !lexicon.statementKeywords.contains(w), !isKnownName(w) else { return }
        let end = bodyEnd
        // The last word of the chain that means a statement (a method, or a call inside
        // another's values: `perform(swipeUp())`), with its values if it is called.
        var found: (GuessVerb, [String], Range<Int>)?
        var k = end - 1
        while k >= 0, found == nil {
            if toks[k].kind == .word, !isKnownName(toks[k].text), let (v, extra) = words.verb(toks[k].text) {
                if k + 1 < end, toks[k + 1].isSymbol("("), let c = closing(k + 1), c < end {
                    found = (v, extra, (k + 2)..<c)
                } else if k + 1 == end || toks[k + 1].isSymbol(")") {
                    found = (v, extra, (k + 1)..<(k + 1))
                }
            }
            k -= 1
        }
        guard let (verb, extra, argRange) = found else { return }
        fire(.unknownStatement(GuessWork.compact(toks[0..<end])), toks[0])
        let head = [GuessToken.word(GuessWork.keyword(of: verb))] + extra.map { GuessToken.word($0) }
        if verb == .keyword(.tap) || verb == .doubleTap {
            // The view the chain names (`app.buttons["toolbar"]`, `R.id.header`,
            // `cy.get('.toolbar')`), else a section's title.
            let titles = context.titles ?? []
            let named = toks[0..<end].first { t in
                t.kind == .string && !titles.contains(String(t.text.dropFirst().dropLast())) && words.viewNamed(t.text) != nil
                    || t.kind == .word && t.offset != toks[0].offset && words.viewNamed(t.text) != nil
            }
            if let named, let view = words.viewNamed(named.text) {
                toks = head + [.word(view)]
                self.verb = verb
                return
            }
            if let title = toks[0..<end].first(where: { $0.kind == .string }) {
                toks = head + [.word(GrammarWord.header.spelling), title]
                self.verb = verb
                return
            }
        }
        // The values that say how far, how fast or how long: a finder (`find.byType(ListView)`)
        // or a callback's name (`r` of `setTimeout(r, 300)`) says none of that.
        let gesture: Bool
        switch verb {
        case .keyword(let w): gesture = [.drag, .swipe, .fling, .pull, .wait, .tick].contains(w)
        case .wait, .scroll, .scrollTo, .pump: gesture = true
        default: gesture = false
        }
        let values = arguments(argRange).filter { a in
            !gesture || a.contains { t in
                t.kind == .number || isKnownName(t.text)
                    || t.kind == .string && GuessWork.motionWord(String(t.text.dropFirst().dropLast())) != nil
                    || t.kind == .word && GuessWork.motionWord(t.text) != nil
            }
        }
        toks = head + flattened(values) + toks[end...]
        // Another tool's `wait` takes milliseconds as often as seconds (Cypress, Detox).
        self.verb = verb == .keyword(.wait) ? .wait(bareUnit: "s") : verb
    }

    /// A word that says which way, to where or how fast a gesture goes (`up`, `'bottom'`,
    /// `fast`), in lower case; nil for any other.
    package static func motionWord(_ text: String) -> String? {
        let key = guessKey(text)
        guard GuessTables.direction(text) != nil || ["top", "bottom", "end", "start", "fast", "slow"].contains(key) else { return nil }
        return text.lowercased()
    }

    /// The values of a call of another tool as statement arguments: nested calls give
    /// their own values (`Duration(milliseconds: 300)` → `milliseconds : 300`), a text
    /// that is a direction or an edge becomes that word (`'down'`, `'bottom'`).
    package func flattened(_ args: [[GuessToken]]) -> [GuessToken] {
        var out: [GuessToken] = []
        for a in args {
            var k = 0
            var arg: [GuessToken] = []
            while k < a.count {
                let t = a[k]
                if t.isWord("const") || t.isWord("new") { k += 1; continue }
                if t.kind == .word, k + 1 < a.count, a[k + 1].isSymbol("(") {
                    // A call inside: its values, without its name and parentheses.
                    k += 1
                    continue
                }
                if t.isSymbol("(") || t.isSymbol(")") { k += 1; continue }
                if t.kind == .string, let word = GuessWork.motionWord(String(t.text.dropFirst().dropLast())) {
                    arg.append(.word(word))
                    k += 1
                    continue
                }
                arg.append(t)
                k += 1
            }
            out += arg
        }
        return out
    }

    // MARK: - The first word

    /// A first word of another tool, in another case, or misspelt → the keyword
    /// (`sleep` → `wait`, `Pull` → `pull`, `swipeUp` → `swipe up`, `pul` → `pull`).
    package mutating func ruleStatementWord() {
        // `4 sections of 6 rows`: the number before the word.
        if verb == nil, toks.count > 2, toks[0].kind == .number, toks[1].kind == .word,
           let kw = words.statement(guessKey(toks[1].text)), GuessVocabulary.configures(kw) {
            fire(.unexpected(toks[0].text), toks[0])
            toks.swapAt(0, 1)
        }
        guard verb == nil, let w = firstWord else { return }
        if toks.count > 1, toks[1].isSymbol(".") || toks[1].isSymbol("[") { return }
        // `frames per second`: three words that are one.
        if toks.count > 2, toks[1].kind == .word, toks[2].kind == .word,
           let v = GuessTables.twoWordVerbs[guessKey(w) + guessKey(toks[1].text) + guessKey(toks[2].text)] {
            fire(.unknownStatement(w + " " + toks[1].text + " " + toks[2].text), toks[0])
            toks.removeFirst(2)
            toks[0] = .word(GuessWork.keyword(of: v))
            verb = v
            return
        }
        if let kw = words.statement(w) {
            verb = kw
            return
        }
        // `add toolbar`, `show toolbar`: a verb before a configuration statement.
        if toks.count > 1, toks[1].kind == .word, ["add", "show", "enable", "use", "include", "with", "create", "make", "has", "have", "display", "turnon"].contains(guessKey(w)),
           let kw = words.statement(guessKey(toks[1].text)), GuessVocabulary.configures(kw) {
            fire(.unexpected(w), toks[0])
            toks.removeFirst()
            verb = kw
            return
        }
        // `single accordion`: an option before its statement.
        if toks.count > 1, toks[1].kind == .word, let kw = words.statement(guessKey(toks[1].text)),
           lexicon.followers[GuessWork.keyword(of: kw)]?.contains(guessKey(w)) == true {
            fire(.unexpected(w), toks[0])
            toks.swapAt(0, 1)
            verb = kw
            return
        }
        // `quick flick up`: a manner before the statement word.
        if toks.count > 1, toks[1].kind == .word, ["quick", "fast", "slow", "long", "short", "small", "big", "gentle", "hard", "little", "light"].contains(guessKey(w)),
           words.verb(toks[1].text) != nil {
            fire(.unexpected(w), toks[0])
            toks.removeFirst()
            ruleStatementWord()
            return
        }
        // `double tap`, `frame rate`, `stop touching`: two words that are one.
        if toks.count > 1, toks[1].kind == .word, let v = GuessTables.twoWordVerbs[guessKey(w) + guessKey(toks[1].text)] {
            fire(.unknownStatement(w + " " + toks[1].text), toks[0])
            toks.removeFirst()
            toks[0] = .word(GuessWork.keyword(of: v))
            if v == .keyword(.release) || v == .keyword(.tick) { toks = [toks[0]] }
            verb = v
            return
        }
        if toks.count > 1, toks[1].kind == .word {
            switch (guessKey(w), guessKey(toks[1].text)) {
            case ("double", "tap"), ("double", "click"):
                fire(.unknownStatement(w + " " + toks[1].text), toks[0])
                toks.removeFirst()
                toks[0] = .word(GrammarWord.tap.spelling)
                verb = .doubleTap
                return
            case ("next", "frame"):
                fire(.unknownStatement(w + " " + toks[1].text), toks[0])
                toks = [.word(GrammarWord.tick.spelling)]
                verb = .keyword(.tick)
                return
            case ("finger", "up"), ("lift", "finger"), ("let", "go"):
                fire(.unknownStatement(w + " " + toks[1].text), toks[0])
                toks = [.word(GrammarWord.release.spelling)]
                verb = .keyword(.release)
                return
            default: break
            }
        }
        if isKnownName(w) { return }
        // A misspelt keyword; not a word with characters that are not what they look like
        // (the parser's own message names them).
        let typo = w.unicodeScalars.allSatisfy(\.isASCII) ? suggestions(for: w, among: lexicon.statementKeywords).first : nil
        guard let (v, extra) = words.verb(w) ?? typo.flatMap({ words.verb($0) }) else { return }
        fire(.unknownStatement(w), toks[0])
        toks[0] = .word(GuessWork.keyword(of: v))
        toks.insert(contentsOf: extra.map { e -> GuessToken in Double(e) != nil ? .number(e) : .word(e) }, at: 1)
        verb = v
    }

    /// `three` → `3`, `twice` → `2` (a number word of plain English, where no name is meant).
    package mutating func ruleNumberWords() {
        for k in toks.indices where k > 0 && toks[k].kind == .word && !isKnownName(toks[k].text) {
            if let n = GuessTables.numberWords[guessKey(toks[k].text)] {
                fire(.notAValue(toks[k].text), toks[k])
                toks[k] = GuessToken.number(n)
            }
        }
    }

    // MARK: - Call syntax and labels

    /// `tap(100, 200)`, `drag(-300, duration: 0.5)`, `screen(375, 812)` → the values
    /// without parentheses and commas.
    package mutating func ruleCallSyntax() {
        switch verb {
        case .keyword?, .configure?: break
        default: return
        }
        guard toks.count > 2, toks[1].isSymbol("("), let close = closing(1), close == bodyEnd - 1 else { return }
        let args = arguments(2..<close)
        let labelled = args.contains { $0.count > 1 && $0[1].isSymbol(":") }
        let operators: Set<String> = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "~=", "and", "or"]
        guard args.count > 1 || labelled || args.isEmpty || !args[0].contains(where: { operators.contains($0.text) && $0.offset != args[0].first?.offset }) else { return }
        fire(.unexpected("("), toks[1], .noParentheses)
        var out: [GuessToken] = [toks[0]]
        for a in args { out += a }
        toks = out + toks[(close + 1)...]
    }

    /// `pin: 60`, `x: 100`, `milliseconds: 300`, `fps: 120`: a label's `:` goes; a label
    /// that is a word of the statement stays, a unit label becomes the number's unit, and
    /// other labels go.
    package mutating func ruleLabels() {
        var k = 0
        let followers = firstWord.flatMap { lexicon.followers[$0] } ?? []
        while k < toks.count {
            guard toks[k].isSymbol(":") else { k += 1; continue }
            fire(.unexpected(":"), toks[k])
            toks.remove(at: k)
            guard k > 0, toks[k - 1].kind == .word, k - 1 > 0, !toks[k - 2].isSymbol(".") else { continue }
            let label = toks[k - 1].text
            if followers.contains(label) { continue }
            // `swipe(up: 300)`, `indexPath(row: 3, section: 1)`, `swipeUp(velocity: 1000)`: the
            // label says what the value is.
            if GuessTables.direction(label) != nil || ["row", "section", "velocity", "speed"].contains(guessKey(label)) { continue }
            if let unit = GuessTables.unitLabels[label], k < toks.count, toks[k].kind == .number, toks[k].unit.isEmpty {
                toks[k].unit = unit == "us" ? "us" : unit
                toks.remove(at: k - 1)
                continue
            }
            switch guessKey(label) {
            case "duration", "time", "over", "in", "forduration":
                toks[k - 1] = .word(GrammarWord.in.spelling)
            case "accuracy", "tolerance", "delta", "within":
                toks[k - 1] = .word(GrammarWord.within.spelling)
            default:
                toks.remove(at: k - 1)
                k -= 1
            }
        }
    }

    /// Text in single quotes is text in double quotes.
    package mutating func ruleSingleQuotes() {
        for k in toks.indices where toks[k].kind == .string && toks[k].original != nil {
            fire(.singleQuotes(toks[k].original ?? ""), toks[k], .doubleQuotes)
            toks[k].original = nil
        }
    }

    // MARK: - Waiting

    /// `wait for 1s`, `wait until COND`, `wait for animations`, `pump(...)`, `settle down`,
    /// `release finger`, `eventually COND`, `always COND`, `never COND`.
    package mutating func ruleWaiting() {
        guard let v = verb else { return }
        let end = bodyEnd
        switch v {
        case .wait, .pump, .keyword(.wait):
            // Each word taken out moves the body's end: `wait for` ends after `wait`.
            while 1 < bodyEnd, toks[1].kind == .word, ["for", "about", "around", "another"].contains(guessKey(toks[1].text)) {
                fire(.unexpected(toks[1].text), toks[1])
                toks.remove(at: 1)
            }
            let rest = afterWord
            let settleWords: Set<String> = GuessTables.phaseWords.union(["settle", "settled", "idle", "stable", "rest", "settling", "to", "until", "till",
                                                                        "stop", "stops", "stopped", "finish", "finishes", "finished", "end", "ends", "complete", "done", "decelerating"])
            if !rest.isEmpty, rest.allSatisfy({ $0.kind == .word && settleWords.contains(guessKey($0.text)) }) || (v == .pump && rest.isEmpty) {
                fire(.unexpected(rest.first?.text ?? "()"), rest.first ?? toks[0])
                toks = [.word(rest.isEmpty ? GrammarWord.tick.spelling : GrammarWord.settle.spelling)]
                verb = .keyword(rest.isEmpty ? .tick : .settle)
                return
            }
            // `wait until X`, `wait for X to Y`, `waitFor(X)`: a condition to wait for.
            var condition = rest
            var negate = false
            if let first = condition.first, first.kind == .word, ["until", "while", "till"].contains(guessKey(first.text)) {
                negate = guessKey(first.text) == "while"
                condition.removeFirst()
            }
            if condition.first?.isSymbol("(") == true, condition.last?.isSymbol(")") == true, condition.count > 2 {
                condition = Array(condition.dropFirst().dropLast())
            }
            if !condition.isEmpty, !condition.contains(where: { $0.kind == .number }) || condition.count < rest.count
                || condition.contains(where: { ["==", "!=", "<", "<=", ">", ">=", "~=", "is"].contains($0.text) }) {
                if negate {
                    let ops = condition.indices.filter { condition[$0].kind == .symbol && GuessWork.comparisons.contains(condition[$0].text) }
                    if ops.count == 1 { condition[ops[0]] = .symbol(GuessWork.negated(condition[ops[0]].text)) } else { condition = [.word("not"), .symbol("(")] + condition + [.symbol(")")] }
                }
                fire(.unexpected(rest[0].text), rest[0], .waitUntil, .chosenLimit)
                toks = GuessWork.lex("expect within 1s") + condition + toks[bodyEnd...]
                verb = .keyword(.expect)
                return
            }
            if case .wait(let bare) = v, let n = rest.firstIndex(where: { $0.kind == .number }), rest[n].unit.isEmpty,
               !(n + 1 < rest.count && rest[n + 1].kind == .word && GuessTables.units[guessKey(rest[n + 1].text)] != nil),
               let value = rest[n].value {
                let idx = n + 1
                if bare == "us" || bare == "ms" {
                    toks[idx].unit = bare
                } else if value > 60 {
                    toks[idx].unit = "ms"
                    fire(.unknownStatement(toks[0].text), toks[0], .bareMilliseconds)
                } else {
                    toks[idx].unit = "s"
                }
            }
            if v == .pump, !rest.isEmpty { verb = .keyword(.wait) }
        case .keyword(.tick):
            for k in (1..<end).reversed() where toks[k].kind == .word && (GuessTables.units[guessKey(toks[k].text)]?.unit == "frames" || toks[k].hasKey("times")) {
                fire(.notAUnit(toks[k].text), toks[k])
                toks.remove(at: k)
            }
        case .keyword(.settle), .keyword(.release), .keyword(.frames):
            if end > 1 {
                fire(.unexpected(toks[1].text), toks[1])
                toks.removeSubrange(1..<end)
            }
        case .expectWithin:
            var rest = afterWord
            while let f = rest.first, f.kind == .word, GuessTables.statementWords[guessKey(f.text)] == .keyword(.expect) || f.text == GrammarWord.expect.spelling {
                rest.removeFirst()
            }
            fire(.unknownStatement(toks[0].original ?? toks[0].text), toks[0], .waitUntil, .chosenLimit)
            if rest.isEmpty || rest.allSatisfy({ $0.kind == .word && ["idle", "settle", "settled", "stable"].contains(guessKey($0.text)) }) {
                toks = [.word(GrammarWord.settle.spelling)]
            } else {
                toks = GuessWork.lex("expect within 1s") + rest + toks[end...]
            }
            verb = .keyword(.expect)
        case .expectAlways, .expectNever:
            var rest = Array(toks.dropFirst())
            // `always expect X`, `invariant: X`
            while let f = rest.first, f.kind == .word, GuessTables.statementWords[guessKey(f.text)] == .keyword(.expect) || f.text == GrammarWord.expect.spelling {
                rest.removeFirst()
            }
            toks = GuessWork.lex(v == .expectNever ? "expect always not" : "expect always") + rest
            notes.append(.invariant)
            verb = .keyword(.expect)
        default:
            break
        }
    }

    // MARK: - Blocks

    /// `loop 3 {`, `for i in 1...3 {`, `3 times {`, `repeat 3 times {`, `repeat 3 fling -300`
    /// → `repeat 3 { ... }`; `test "x" {`, `func testX() {`, `scenario x {` →
    /// `scenario "x" {`; `setup {` → `scene {`.
    package mutating func ruleBlocks() {
        let end = bodyEnd
        // `3 times {`, `3.times {`, `3x {`
        if toks.count > 1, toks[0].kind == .number, toks[0].unit.isEmpty || toks[0].unit == "x" {
            var k = 1
            if toks[k].isSymbol("."), k + 1 < end { k += 1 }
            if toks[0].unit == "x" || (k < end && ["times", "x"].contains(guessKey(toks[k].text))) {
                fire(.unknownStatement(GuessWork.compact(toks[0...min(k, end - 1)])), toks[0], .repeatBlock)
                let n = toks[0].text
                toks = [.word(GrammarWord.repeat.spelling), .number(n)] + toks[(toks[0].unit == "x" ? 1 : k + 1)...]
                verb = .keyword(.repeat)
            }
        }
        guard let v = verb else { return }
        switch v {
        case .repeatBlock, .keyword(.repeat):
            var count: [GuessToken]?
            let args = afterWord
            // `for i in 1...3`, `for _ in 0..<3`
            if let r = args.firstIndex(where: { $0.isSymbol("...") || $0.isSymbol("..<") || $0.isSymbol("..") }),
               r > 0, r + 1 < args.count, let a = args[r - 1].value, let b = args[r + 1].value {
                let n = args[r].text == "..<" ? b - a : b - a + 1
                count = [.number(numberText(max(0, n)))]
            } else if let n = args.first(where: { $0.kind == .number }) {
                count = [n]
                if v == .keyword(.repeat), let t = args.firstIndex(where: { $0.kind == .word }) {
                    fire(.unexpected(args[t].text), args[t], .repeatBlock)
                }
            } else if !args.isEmpty, v == .keyword(.repeat) {
                return
            }
            guard let count else { return }
            if v != .keyword(.repeat) { fire(.unknownStatement(toks[0].text), toks[0], .repeatBlock) }
            var out: [GuessToken] = [.word(GrammarWord.repeat.spelling)] + count
            if let b = toks.last, b.kind == .block {
                out.append(b)
            } else if v == .keyword(.repeat), args.count > 1, let n = args.firstIndex(where: { $0.kind == .number }), n + 1 < args.count {
                // `repeat 3 fling -300`: the block's braces are missing.
                fire(.missing("{"), args[n + 1], .repeatBlock)
                let body = Array(args[(n + 1)...])
                out.append(GuessToken(kind: .block, text: "{ " + (StatementGuesser.rendered(body, lexicon)?.display ?? GuessTokens.text(body)) + " }"))
            }
            toks = out
        case .scenario, .keyword(.scenario):
            let args = afterWord
            let name: String
            if let s = args.first(where: { $0.kind == .string }) {
                guard v != .keyword(.scenario) || s.original != nil || args.count > 1 else { return }
                name = s.text
            } else {
                let words = args.filter { $0.kind == .word || $0.kind == .number }.map(\.written)
                guard !words.isEmpty else { return }
                name = quoteString(words.joined(separator: " "))
                fire(.unexpected(words[0]), args.first, .doubleQuotes)
            }
            if v != .keyword(.scenario) { fire(.unknownStatement(toks[0].text), toks[0]) }
            toks = [.word(GrammarWord.scenario.spelling), GuessToken(kind: .string, text: name)] + toks[bodyEnd...]
        case .scene:
            fire(.unknownStatement(toks[0].text), toks[0])
            toks = [.word(GrammarWord.scene.spelling)] + toks[bodyEnd...]
        default:
            break
        }
    }
}
