// Guess rules for expressions: operators and literals of other languages (`===`, `is`,
// `&&`, `!`, `≈`, `±`, `yes`, `nil`, `.hidden`), names of UIKit and other spellings
// (`contentOffset`, `headerHeight`, `toolbar_state`), properties that mean a state
// (`toolbar.isHidden` → `toolbar.state == hidden`), functions of other languages
// (`fabs`, `x.rounded()`, `|x|`), state words (`visible` → `shown`), and the shapes of
// `expect` (`... within 1s`, `eventually`, `between`, `a == x or y`) and `print`.
import ScrollScriptSyntax

extension GuessWork {
    /// Where expressions start: after the statement word (`expect`, `print`, `let o =`), or
    /// at 0 for an expression statement; `bodyEnd` when the statement has none (`set`, a
    /// configuration word), so `start..<bodyEnd` is always a range.
    package var expressionStart: Int {
        let end = bodyEnd
        guard let w = firstWord else { return 0 }
        if w == GrammarWord.let.spelling, let eq = toks.firstIndex(where: { $0.isSymbol("=") }) { return min(eq + 1, end) }
        if w == GrammarWord.set.spelling { return end }
        if let kw = words.statement(w) {
            return GuessVocabulary.configures(kw) ? end : min(1, end)
        }
        return 0
    }

    // MARK: - Operators

    /// `===` `is` `equals` `<>` `≠` `≤` `=>` `≈` `~` `approx` `±` `+-` `tolerance` `&&` `||`
    /// `!` `mod` `|x|` → ScrollScript's operators.
    package mutating func ruleOperators() {
        let start = expressionStart
        // `X to be within 1 of 100`, `X within 1 of 100`: a tolerance.
        if let w = toks[start..<bodyEnd].firstIndex(where: { $0.isWord(GrammarWord.within.spelling) }), w > start,
           let of = toks[w..<bodyEnd].firstIndex(where: { $0.isWord("of") }), of > w + 1, of + 1 < bodyEnd {
            var subjectEnd = w
            while subjectEnd > start, toks[subjectEnd - 1].kind == .word, ["to", "be", "is", "should"].contains(guessKey(toks[subjectEnd - 1].text)) { subjectEnd -= 1 }
            if subjectEnd > start {
                fire(.unexpected(toks[of].text), toks[of], .tolerance)
                let tolerance = Array(toks[(w + 1)..<of]), value = Array(toks[(of + 1)..<bodyEnd])
                toks.replaceSubrange(subjectEnd..<bodyEnd, with: [GuessToken.symbol("~=")] + value + [.word(GrammarWord.within.spelling)] + tolerance)
            }
        }
        var k = start
        while k < bodyEnd {
            let t = toks[k]
            // `x ** 2`, `x ^ 2`: a power is the value times itself (a square, a cube).
            if t.isSymbol("**") || t.isSymbol("^"), k > start, k + 1 < bodyEnd, let n = toks[k + 1].value, n == 2 || n == 3,
               k + 2 == bodyEnd || !toks[k + 2].isSymbol("."), let base = operandBefore(k) {
                fire(.notAnOperator(t.text), t)
                let factor = Array(toks[base..<k])
                var product = factor
                for _ in 1..<Int(n) { product += [.symbol("*")] + factor.map { var f = $0; f.offset = nil; return f } }
                // In parentheses, unless it is the whole expression (`a / b ** 2`).
                let whole = base == start && k + 2 == bodyEnd
                toks.replaceSubrange(base...(k + 1), with: whole ? product : [.symbol("(")] + product + [.symbol(")")])
                k = base + product.count + (whole ? 0 : 2)
                continue
            }
            // `|x|` is abs(x).
            if t.isSymbol("|"), let close = toks[(k + 1)..<bodyEnd].firstIndex(where: { $0.isSymbol("|") }), close > k + 1 {
                fire(.notAnOperator("|"), t)
                toks.replaceSubrange(k...close, with: [.word(BuiltinFunction.abs.rawValue), .symbol("(")] + toks[(k + 1)..<close] + [.symbol(")")])
                continue
            }
            guard t.kind == .word || t.kind == .symbol else { k += 1; continue }
            // Phrases: `is not`, `equal to`, `greater than`, `not to be`, `give or take`.
            var matched = false
            for (words, op) in GuessTables.operatorPhrases where k > start && k + words.count <= bodyEnd {
                if zip(words, toks[k..<(k + words.count)]).allSatisfy({ $1.kind == .word && guessKey($1.text) == guessKey($0) }) {
                    fire(.notAnOperator(words.joined(separator: " ")), t)
                    setOperator(k..<(k + words.count), op)
                    matched = true
                    break
                }
            }
            if matched { k += 1; continue }
            if t.kind == .word, isKnownName(t.text) || words.isLanguageWord(t.text) {
                k += 1
                continue
            }
            if let op = GuessTables.operatorWords[t.text] ?? (t.kind == .word ? GuessTables.operatorWords[t.text.lowercased()] : nil),
               t.text != op, t.kind == .symbol || k > start || op == "not" {
                // A word operator stands between two values (`offset eq 0`), `!` before one.
                if t.kind == .word, op != "not", k == start || k + 1 >= bodyEnd { k += 1; continue }
                fire(.notAnOperator(t.text), t)
                setOperator(k..<(k + 1), op)
            }
            k += 1
        }
    }

    /// Where the one value before `k` starts: a number, or a name (`header.height`,
    /// `section[0].y`) as one chain; nil for anything else.
    private func operandBefore(_ k: Int) -> Int? {
        guard k > 0 else { return nil }
        if toks[k - 1].kind == .number { return k - 1 }
        var j = k - 1
        guard toks[j].kind == .word else { return nil }
        while j >= 2, toks[j - 1].isSymbol("."), toks[j - 2].kind == .word || toks[j - 2].isSymbol("]") {
            j -= 2
            if toks[j].isSymbol("]"), let open = toks[..<j].lastIndex(where: { $0.isSymbol("[") }), open > 0 { j = open - 1 }
        }
        return j
    }

    /// Puts `op` in place of `range`; a tolerance (`±`) makes the comparison before it `~=`.
    private mutating func setOperator(_ range: Range<Int>, _ op: String) {
        let isWord = op.first?.isLetter == true
        toks.replaceSubrange(range, with: [isWord ? .word(op) : .symbol(op)])
        guard op == GrammarWord.within.spelling else { return }
        notes.append(.tolerance)
        var j = range.lowerBound - 1
        while j >= 0 {
            if toks[j].isSymbol("==") { toks[j] = .symbol("~="); break }
            if toks[j].isSymbol("~=") { break }
            j -= 1
        }
    }

    // MARK: - Literals

    /// `yes` `True` `NO` → `true`/`false`; `nil` `null` → `""` beside text; `.hidden` →
    /// `hidden`; `Idle` → `idle`.
    package mutating func ruleLiterals() {
        var k = firstWord == GrammarWord.set.spelling ? 2 : expressionStart
        while k < bodyEnd {
            let t = toks[k]
            // `.hidden`, `.fast`: Swift's enum case is a bare word here.
            if t.isSymbol("."), k + 1 < bodyEnd, toks[k + 1].kind == .word, toks[k + 1].glued,
               k == 0 || !t.glued || (toks[k - 1].kind == .symbol && !toks[k - 1].isSymbol("]") && !toks[k - 1].isSymbol(")")) {
                let w = toks[k + 1].text
                let named = words.isNamedValue(w)
                if words.isState(w.lowercased()) || named || w == "true" || w == "false" {
                    fire(.notAValue("." + w), t)
                    toks.remove(at: k)
                    toks[k].text = named ? w : w.lowercased()
                    continue
                }
            }
            if t.kind == .word, !isKnownName(t.text) {
                if let lit = GuessTables.literals[t.text] {
                    if lit == "\"\"" {
                        if besideText(k) {
                            fire(.notAValue(t.text), t)
                            toks[k] = GuessToken(kind: .string, text: lit)
                        }
                    } else {
                        fire(.notAValue(t.text), t)
                        toks[k] = .word(lit)
                    }
                } else if t.text != t.text.lowercased(), words.isState(t.text.lowercased()) {
                    fire(.notAValue(t.text), t)
                    toks[k] = .word(t.text.lowercased())
                } else if besideText(k), k + 1 >= bodyEnd || !toks[k + 1].isSymbol(".") {
                    // `tap.target == header`: text is quoted.
                    fire(.notAValue(t.text), t, .doubleQuotes)
                    toks[k] = GuessToken(kind: .string, text: quoteString(t.text))
                }
            }
            k += 1
        }
    }

    /// The value at `k` is compared with text (`tap.target`, a title).
    private func besideText(_ k: Int) -> Bool {
        guard k >= 2, toks[k - 1].isSymbol("==") || toks[k - 1].isSymbol("!=") else { return false }
        let left = toks[..<(k - 1)].last { $0.kind == .word }?.text ?? ""
        return left == "target" || left == "title" || left == CoreObservable.tapTarget.rawValue
    }

    // MARK: - Names

    /// A name as a chain of parts: `scrollView.contentOffset.y`, `row[0][1].isVisible`,
    /// `Math.abs(x)`, `offset.rounded()`.
    package struct Chain {
        package struct Part {
            package var name: String
            package var token: GuessToken
            /// `[ ... ]` after it (each bracket's tokens), and `( ... )` when called.
            package var indexes: [[GuessToken]] = []
            package var call: [GuessToken]?
        }
        package var parts: [Part]
        package var range: Range<Int>

        package var text: String { parts.map { p in p.name + p.indexes.map { "[" + GuessTokens.text($0) + "]" }.joined() + (p.call.map { "(" + GuessTokens.text($0) + ")" } ?? "") }.joined(separator: ".") }
        /// The dotted name without indexes or calls.
        package var dotted: String { parts.map(\.name).joined(separator: ".") }
    }

    /// The chain starting at `k` (a word not after a `.`).
    package func chain(at k: Int) -> Chain? {
        guard k < bodyEnd, toks[k].kind == .word, k == 0 || !toks[k - 1].isSymbol(".") else { return nil }
        var parts: [Chain.Part] = []
        var j = k
        while j < bodyEnd, toks[j].kind == .word {
            var p = Chain.Part(name: toks[j].text, token: toks[j])
            j += 1
            while j < bodyEnd, toks[j].isSymbol("["), toks[j].glued, let c = closing(j) {
                p.indexes.append(Array(toks[(j + 1)..<c]))
                j = c + 1
            }
            if j < bodyEnd, toks[j].isSymbol("("), toks[j].glued, let c = closing(j) {
                p.call = Array(toks[(j + 1)..<c])
                j = c + 1
            }
            parts.append(p)
            guard j + 1 < bodyEnd, toks[j].isSymbol("."), toks[j + 1].kind == .word else { break }
            j += 1
        }
        return parts.isEmpty ? nil : Chain(parts: parts, range: k..<j)
    }

    /// The chain is ScrollScript already: a name, a subscripted observable, a built-in call.
    package func isValid(_ c: Chain) -> Bool {
        if c.parts.count == 1, c.parts[0].indexes.isEmpty {
            let p = c.parts[0]
            if p.call != nil { return BuiltinFunction(name: p.name) != nil }
            if isKnownName(p.name) || words.isLanguageWord(p.name) { return true }
            return words.isNamedValue(p.name)
        }
        if c.parts.allSatisfy({ $0.indexes.isEmpty && $0.call == nil }) { return isKnownName(c.dotted) }
        if c.parts.count == 2, c.parts[1].indexes.isEmpty, c.parts[1].call == nil, c.parts[0].call == nil,
           c.parts[0].indexes.count == 1, let form = Subscript(base: c.parts[0].name) {
            let index = c.parts[0].indexes[0]
            let commas = index.filter { $0.isSymbol(",") }.count
            let text = index.count == 1 && index[0].kind == .string
            return CoreObservable.subscripted(form, member: c.parts[1].name) != nil && commas == (form == .row ? 1 : 0) && !text
        }
        return false
    }

    /// Names that are not ScrollScript → the expression they mean.
    package mutating func ruleNames() {
        var k = expressionStart
        while k < bodyEnd {
            guard var c = chain(at: k), !isValid(c) else { k += 1; continue }
            // A word compared with a state is a state word (`ruleStates`).
            if c.parts.count == 1, k > 0, toks[k - 1].isSymbol("==") || toks[k - 1].isSymbol("!="), stateFamily(endingAt: k - 1) != nil {
                k += 1
                continue
            }
            let written = c.text
            // Receivers: `scrollView.`, `self.`, `Math.`
            while c.parts.count > 1, c.parts[0].indexes.isEmpty, c.parts[0].call == nil,
                  GuessTables.receivers.contains(c.parts[0].name) || c.parts[0].name == "Math" {
                c.parts.removeFirst()
            }
            // Other names of the views: `headerView`, `cell`, `sectionHeader`.
            if c.parts.count > 1, let view = words.views[guessKey(c.parts[0].name)] { c.parts[0].name = view }
            if let (text, headline) = meaning(c) {
                fire(headline ?? .unknownName(written), toks[k])
                var new = GuessWork.lex(text)
                let hasOperator = new.contains { $0.kind == .symbol && !["(", ")", "[", "]", ".", ","].contains($0.text) } || new.contains { $0.isWord("not") }
                if hasOperator, needsParentheses(at: c.range) { new = [.symbol("(")] + new + [.symbol(")")] }
                toks.replaceSubrange(c.range, with: new)
                foldTruth(at: k, length: new.count)
            }
            k += 1
        }
    }

    /// A replaced name is a condition: `== true` after it goes, `== false` turns it.
    private mutating func foldTruth(at k: Int, length: Int) {
        let e = k + length
        guard e + 1 < toks.count, toks[e].isSymbol("==") || toks[e].isSymbol("!="), toks[e + 1].isWord("true") || toks[e + 1].isWord("false") else { return }
        let keep = toks[e].isSymbol("==") == toks[e + 1].isWord("true")
        toks.removeSubrange(e...(e + 1))
        if keep { return }
        var inner = Array(toks[k..<e])
        if inner.first?.isWord("not") == true {
            inner.removeFirst()
        } else if let op = inner.firstIndex(where: { $0.kind == .symbol && ["==", "!=", "<", "<=", ">", ">="].contains($0.text) }) {
            inner[op] = .symbol(GuessWork.negated(inner[op].text))
        } else {
            inner.insert(.word(GrammarWord.not.spelling), at: 0)
        }
        toks.replaceSubrange(k..<e, with: inner)
    }

    /// The name at `range` is an operand of arithmetic (its replacement needs parentheses).
    private func needsParentheses(at range: Range<Int>) -> Bool {
        let arithmetic: Set<String> = ["+", "-", "*", "/", "%"]
        let before = range.lowerBound > 0 ? toks[range.lowerBound - 1] : nil
        let after = range.upperBound < toks.count ? toks[range.upperBound] : nil
        return (before.map { $0.kind == .symbol && arithmetic.contains($0.text) } ?? false)
            || (after.map { $0.kind == .symbol && arithmetic.contains($0.text) } ?? false)
    }

    /// What a chain of another spelling means (ScrollScript text), and the headline when it
    /// is not "unknown name".
    private func meaning(_ c: Chain) -> (String, GuessHeadline?)? {
        let parts = c.parts
        // A function of another language: `fabs(x)`, `fmod(a, b)`, `ceil(x)`.
        if parts.count == 1, let call = parts[0].call, parts[0].indexes.isEmpty,
           let f = GuessTables.functions[guessKey(parts[0].name)] {
            let args = GuessWork(call, context).arguments(0..<call.count).map { GuessTokens.text($0) }
            let h = GuessHeadline.unknownFunction(parts[0].name)
            switch f {
            case "%" where args.count == 2: return ("\(args[0]) % \(args[1])", h)
            case "ceil" where args.count == 1: return ("-\(BuiltinFunction.floor.rawValue)(-(\(args[0])))", h)
            case "clamp" where args.count == 3: return ("clamp(\(args.joined(separator: ", ")))", h)
            default: return BuiltinFunction(name: f) != nil ? ("\(f)(\(args.joined(separator: ", ")))", h) : nil
            }
        }
        // A method of a number: `x.rounded()`, `x.magnitude`, `x.truncatingRemainder(dividingBy: y)`.
        if parts.count >= 2, let last = parts.last, last.indexes.isEmpty, let f = GuessTables.methods[guessKey(last.name)] {
            let receiver = Chain(parts: Array(parts.dropLast()), range: c.range)
            guard isValid(receiver) || meaning(receiver) != nil else { return nil }
            let r = isValid(receiver) ? receiver.text : meaning(receiver)!.0
            var args: [String] = []
            if let call = last.call {
                args = GuessWork(call, context).arguments(0..<call.count).map { a in
                    GuessTokens.text(a.count > 2 && a[1].isSymbol(":") ? Array(a[2...]) : a)
                }
            }
            switch f {
            case "%" where args.count == 1: return ("\(r) % \(args[0])", nil)
            case "clamp" where args.count == 1:
                let range = args[0].components(separatedBy: " ... ")
                return range.count == 2 ? ("clamp(\(r), \(range[0]), \(range[1]))", nil) : nil
            case "round", "abs", "floor": return ("\(f)(\(r))", nil)
            default: return nil
            }
        }
        // Subscripted forms: `sections[0]`, `cell[0,1]`, `row[0][1]`, `row[3]`,
        // `section(0)`, `row(0, 1)`, `section[0,1]`, `section["A"]`.
        if let indexed = subscripted(c) { return (indexed, nil) }
        guard parts.allSatisfy({ $0.indexes.isEmpty && $0.call == nil }) else { return nil }
        // `finger.velocity.y`, `offset.value`: a number's own part.
        if parts.count >= 2, ["y", "value", "dy"].contains(guessKey(parts[parts.count - 1].name)) {
            let prefix = parts.dropLast().map(\.name).joined(separator: ".")
            if isKnownName(prefix), lexicon.registry.plainObservable(named: prefix).map({ lexicon.registry.observable($0).kind }) != .rect {
                return (prefix, nil)
            }
        }
        // `toolbar.state.hidden`: a state as a property of its observable.
        if parts.count >= 2 {
            let prefix = parts.dropLast().map(\.name).joined(separator: ".")
            if let family = words.family(observedBy: prefix), let (op, state) = words.stateWord(parts[parts.count - 1].name, family) {
                return ("\(prefix) \(op) \(state)", nil)
            }
        }
        // `finger.isDown`, `toolbar.isShown`: Swift's `is` before a property.
        if parts.count >= 2, let last = parts.last, last.name.hasPrefix("is"), last.name.count > 2,
           last.name.dropFirst(2).first?.isUppercase == true {
            var bare = c
            let rest = last.name.dropFirst(2)
            bare.parts[bare.parts.count - 1].name = rest.prefix(1).lowercased() + rest.dropFirst()
            if isValid(bare) { return (bare.text, nil) }
        }
        let dotted = c.dotted
        if let m = words.names[guessKey(dotted)] { return (m, nil) }
        // Another case or separator: `headerHeight`, `toolbar_state`, `HeaderHeight`.
        let all = lexicon.registry.observables.filter { $0.subscriptForm == .none }.map(\.name) + lexicon.tunableNames
        if let known = all.first(where: { guessKey($0) == guessKey(dotted) }) { return (known, nil) }
        // A view's frame parts and properties: `header.frame.maxY`, `toolbar.isHidden`.
        if parts.count >= 2 {
            let view = parts[0].name
            if let member = GuessTables.frameMember(parts.dropFirst().map(\.name)) {
                let name = view + "." + member
                if isKnownName(name) { return (name, nil) }
                if member == "bottom", isKnownName(view + ".y") { return ("\(view).y + \(view).height", nil) }
            }
            if parts.count == 2, let p = property(parts[1].name, of: view) { return (p, nil) }
            // `offset.y`, `velocity.value`
            if parts.count == 2, ["y", "value", "dy"].contains(guessKey(parts[1].name)), isKnownName(view) { return (view, nil) }
        }
        return nil
    }

    /// A property of a view written as another tool's (`toolbar.isHidden`, `row.isVisible`)
    /// → the expression meant: a table view's from the core's table, a behaviour's from its
    /// declaration (with the scenario's options: `header.pinned` → `header.bottom == 60`).
    private func property(_ member: String, of view: String) -> String? {
        if let p = GuessTables.property(member, of: view) { return p.replacingOccurrences(of: "$", with: view) }
        return words.property(member, of: view, options: context.options)
    }

    /// The subscripted form another spelling means, as text.
    private func subscripted(_ c: Chain) -> String? {
        let parts = c.parts
        guard let first = parts.first else { return nil }
        let key = guessKey(first.name)
        let isSection = ["section", "sections", "header", "headers"].contains(key)
        let isRow = ["row", "rows", "cell", "cells", "item", "items"].contains(key)
        guard isSection || isRow, first.indexes.count + (first.call == nil ? 0 : 1) >= 1 else { return nil }
        var indexes: [[GuessToken]] = []
        for i in first.indexes { indexes += GuessWork(i, context).arguments(0..<i.count) }
        if let call = first.call { indexes += GuessWork(call, context).arguments(0..<call.count) }
        // A section by its title: `section["A"]`.
        if isSection, indexes.count == 1, indexes[0].count == 1, indexes[0][0].kind == .string {
            guard let titles = context.titles else { return nil }
            let title = String(indexes[0][0].text.dropFirst().dropLast())
            guard let i = titles.firstIndex(of: title) else { return nil }
            indexes = [[.number(String(i))]]
        }
        var form: Subscript = isRow ? .row : .section
        if form == .section, indexes.count == 2 { form = .row }
        if form == .row, indexes.count == 1 { indexes.insert([.number("0")], at: 0) }
        guard indexes.count == (form == .row ? 2 : 1) else { return nil }
        let head = form.base + "[" + indexes.map { GuessTokens.text($0) }.joined(separator: ",") + "]"
        guard parts.count >= 2 else { return nil }
        var rest = parts.dropFirst()
        // `section[0].header.y`, `row[0,1].cell.visible`: the view again.
        if rest.count == 2, ["header", "headerview", "view", "cell", "content", "contentview"].contains(guessKey(rest[rest.startIndex].name)) {
            rest = rest.dropFirst()
        }
        if rest.count == 1, CoreObservable.subscripted(form, member: rest[rest.startIndex].name) != nil {
            return head + "." + rest[rest.startIndex].name
        }
        if let member = GuessTables.frameMember(rest.map(\.name)), CoreObservable.subscripted(form, member: member) != nil { return head + "." + member }
        if rest.count == 1, let p = GuessTables.property(rest[rest.startIndex].name, of: form.base) {
            return p.replacingOccurrences(of: "$", with: head)
        }
        return nil
    }

    // MARK: - Views and their states in words

    /// `toolbar is hidden`, `toolbar hidden`, `the toolbar to be hidden`, `header is pinned`,
    /// `section 0 is open`, `row 0 1 is visible`, `toolbar to hide` → the view's property
    /// (`toolbar.hidden`), which `ruleNames` reads as the comparison it means.
    package mutating func ruleSubjectState() {
        var k = expressionStart
        while k + 1 < bodyEnd {
            let word = guessKey(toks[k].text)
            guard toks[k].kind == .word, k == 0 || !toks[k - 1].isSymbol("."), !(k + 1 < bodyEnd && toks[k + 1].isSymbol(".")),
                  let view = words.views[word] ?? (GuessTables.phaseWords.contains(word) ? "phase" : nil)
                    ?? (words.subjects.contains(word) ? word : nil) else {
                k += 1
                continue
            }
            var j = k + 1
            var indexes: [GuessToken] = []
            while j < bodyEnd, toks[j].kind == .number { indexes.append(toks[j]); j += 1 }
            let copulas: Set<String> = ["is", "are", "to", "be", "being", "should", "must", "will", "has", "been", "gets", "get", "becomes", "become"]
            var negated = false
            while j < bodyEnd, toks[j].kind == .word, copulas.contains(guessKey(toks[j].text)) || ["not", "isnt", "isn't"].contains(guessKey(toks[j].text)) {
                if ["not", "isnt", "isn't"].contains(guessKey(toks[j].text)) { negated.toggle() }
                j += 1
            }
            guard j < bodyEnd, toks[j].kind == .word, !isKnownName(toks[j].text) || words.isState(toks[j].text),
                  j + 1 == bodyEnd || !toks[j + 1].isSymbol(".") else { k += 1; continue }
            let form = Subscript(base: view)
            let need = form == .row ? 2 : form == .section ? 1 : 0
            // `row 5`: row 5 of section 0.
            if form == .row, indexes.count == 1 { indexes.insert(.number("0"), at: 0) }
            guard indexes.count == need else { k += 1; continue }
            var text = view
            if need > 0 { text += "[" + indexes.map(\.written).joined(separator: ",") + "]" }
            let member = toks[j].text
            let property = text + "." + member
            // It must be something: a property another tool writes, or one of ScrollScript's.
            var probe = GuessWork(GuessWork.lex("expect " + property), context)
            probe.ruleNames()
            guard probe.headline != nil || isKnownName(property) || (need > 0 && form.map { CoreObservable.subscripted($0, member: member) != nil } == true) else { k += 1; continue }
            fire(.unexpected(toks[k + 1].text), toks[k + 1])
            toks.replaceSubrange(k...j, with: (negated ? [GuessToken.word(GrammarWord.not.spelling)] : []) + GuessWork.lex(property))
            k += 1
        }
    }

    // MARK: - States

    /// `toolbar.state == visible` → `== shown`; `phase == "idle"` → `== idle`;
    /// `expect hidden` → `expect toolbar.state == hidden`.
    package mutating func ruleStates() {
        let start = expressionStart
        var k = start
        while k + 2 < bodyEnd + 1, k + 1 < bodyEnd {
            if toks[k].isSymbol("==") || toks[k].isSymbol("!="), k > start, k + 1 < bodyEnd,
               let family = stateFamily(endingAt: k) {
                // `ToolbarState.hidden`, `Phase.idle`: a qualified enum case is its last word.
                if let c = chain(at: k + 1), c.parts.count > 1, c.parts.allSatisfy({ $0.indexes.isEmpty && $0.call == nil }),
                   let last = c.parts.last, words.stateWord(last.name, family) != nil {
                    fire(.notAValue(c.text), toks[k + 1], .stateCompared(family.names.joined(separator: ", ")))
                    toks.replaceSubrange(c.range, with: [.word(last.name)])
                }
                let t = toks[k + 1]
                var word: String?
                if t.kind == .word, !isKnownName(t.text) || words.isState(t.text) && !family.names.contains(t.text) {
                    word = t.text
                } else if t.kind == .string {
                    word = String(t.text.dropFirst().dropLast())
                }
                if let w = word, !family.names.contains(w) || t.kind == .string, let (op, state) = words.stateWord(w, family) {
                    fire(t.kind == .string ? .quotedState(t.text) : .notAState(w, family), t, .stateCompared(family.names.joined(separator: ", ")))
                    if op == "!=" { toks[k] = .symbol(toks[k].isSymbol("==") ? "!=" : "==") }
                    toks[k + 1] = .word(state)
                }
            }
            k += 1
        }
        // `toolbar.state hidden`: the comparison left out.
        k = start + 1
        while k < bodyEnd {
            if toks[k].kind == .word, !toks[k - 1].isSymbol("."), k + 1 >= bodyEnd || !toks[k + 1].isSymbol("."),
               let family = stateFamily(endingAt: k), let (op, state) = words.stateWord(toks[k].text, family) {
                fire(.missing(op), toks[k], .stateCompared(family.names.joined(separator: ", ")))
                toks.replaceSubrange(k...k, with: [.symbol(op), .word(state)])
            }
            k += 1
        }
        // `expect hidden`: a state alone is compared with the observable of its family.
        if firstWord == GrammarWord.expect.spelling, bodyEnd == 2, toks[1].kind == .word,
           let family = lexicon.registry.families(having: toks[1].text).first {
            let observable = family.observable
            fire(.unexpected(toks[1].text), toks[1], .stateCompared(family.names.joined(separator: ", ")))
            toks.insert(contentsOf: GuessWork.lex(observable + " =="), at: 1)
        }
    }

    /// The family of the state observable whose name ends just before `k`.
    package func stateFamily(endingAt k: Int) -> StateFamily? {
        guard k > 0, k <= toks.count else { return nil }
        var j = k - 1
        while j > 0, toks[j - 1].isSymbol(".") || toks[j].isSymbol(".") { j -= 1 }
        return words.family(observedBy: toks[j..<k].map(\.text).joined())
    }

    // MARK: - The shapes of expect

    /// Top-level comparison operators.
    package static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "~="]

    /// `expect A == B within 1s` → `expect within 1s A == B` (`within 1` after `==` is a
    /// tolerance: `~=`); `expect X eventually` / `expect eventually X` → `expect within 1s
    /// X`; `expect X always` → `expect always X`; `expect never X`; `expect X after T` →
    /// `wait T; expect X`; `X between A and B`, `X in A...B`, `X in [a, b]`; `0 <= X <= 1`;
    /// `X == a or b`.
    package mutating func ruleExpectShapes() {
        guard firstWord == GrammarWord.expect.spelling, toks.count > 1 else { return }
        var head: [GuessToken] = [toks[0]]
        var e = afterWord
        let tail = self.tail
        if let w = e.first, w.isWord(GrammarWord.within.spelling), e.count > 2 {
            head += e.prefix(2)
            e.removeFirst(2)
        } else if let w = e.first, w.isWord(GrammarWord.always.spelling) {
            head.append(w)
            e.removeFirst()
        }
        let before = head + e
        // Leading words.
        if let w = e.first, w.kind == .word, e.count > 1 {
            switch guessKey(w.text) {
            case "eventually", "soon", "until", "later":
                fire(.unexpected(w.text), w, .waitUntil, .chosenLimit)
                head = GuessWork.lex("expect within 1s")
                e.removeFirst()
            case "never":
                fire(.unexpected(w.text), w, .invariant)
                head = GuessWork.lex("expect always not")
                e.removeFirst()
            case "that":
                fire(.unexpected(w.text), w)
                e.removeFirst()
            default: break
            }
        }
        // Trailing words.
        if let w = e.last, w.kind == .word, e.count > 1 {
            switch guessKey(w.text) {
            case "eventually", "soon", "later":
                fire(.unexpected(w.text), w, .waitUntil, .chosenLimit)
                head = GuessWork.lex("expect within 1s")
                e.removeLast()
            case "always", "forever", "throughout":
                fire(.unexpected(w.text), w, .invariant)
                head = GuessWork.lex("expect always")
                e.removeLast()
            default: break
            }
        }
        // `assert x == 0, "message"`: the message goes.
        if e.count > 2, e[e.count - 1].kind == .string, e[e.count - 2].isSymbol(",") {
            fire(.unexpected(","), e[e.count - 2])
            e.removeLast(2)
        }
        // `eventually` elsewhere (`X eventually within 1s`): what `within` after it says.
        if let w = e.firstIndex(where: { $0.kind == .word && ["eventually", "soon"].contains(guessKey($0.text)) }) {
            fire(.unexpected(e[w].text), e[w], .waitUntil)
            e.remove(at: w)
            if !e.contains(where: { $0.isWord(GrammarWord.within.spelling) }) {
                notes.append(.chosenLimit)
                head = GuessWork.lex("expect within 1s")
            }
        }
        // `... at all times`, `... all the time`
        for phrase in [["at", "all", "times"], ["all", "the", "time"], ["the", "whole", "time"], ["every", "frame"]] where e.count > phrase.count {
            let tailWords = e.suffix(phrase.count)
            if zip(phrase, tailWords).allSatisfy({ $1.kind == .word && guessKey($1.text) == $0 }) {
                fire(.unexpected(phrase.joined(separator: " ")), tailWords.first, .invariant)
                head = GuessWork.lex("expect always")
                e.removeLast(phrase.count)
            }
        }
        // `... in 1s` after a comparison: a time limit.
        if let w = e.lastIndex(where: { $0.isWord(GrammarWord.in.spelling) }), w > 0, w + 2 == e.count,
           e[w + 1].unit == "s" || e[w + 1].unit == "ms",
           e[..<w].contains(where: { $0.kind == .symbol && GuessWork.comparisons.contains($0.text) }) {
            e[w] = .word(GrammarWord.within.spelling)
        }
        // `... after 0.3s`
        if e.count > 2, e[e.count - 2].hasKey("after"), e[e.count - 1].kind == .number {
            fire(.unexpected(e[e.count - 2].text), e[e.count - 2])
            var t = e[e.count - 1]
            if t.unit.isEmpty { t.unit = "s" }
            head = [.word(GrammarWord.wait.spelling), t, .symbol(";")] + head
            e.removeLast(2)
        }
        // `... within T` after a comparison: a time limit, or (after `==`) a tolerance.
        if let w = e.lastIndex(where: { $0.isWord(GrammarWord.within.spelling) }), w > 0, w + 1 < e.count,
           let op = e[..<w].lastIndex(where: { $0.kind == .symbol && GuessWork.comparisons.contains($0.text) }),
           !e[op].isSymbol("~=") {
            let limit = Array(e[(w + 1)...])
            if limit.count == 1, limit[0].unit == "s" || limit[0].unit == "ms" {
                fire(.unexpected(e[w].text), e[w], .waitUntil)
                head = [head[0], .word(GrammarWord.within.spelling)] + limit
                e.removeSubrange(w...)
            } else if e[op].isSymbol("==") {
                fire(.unexpected(e[w].text), e[w], .tolerance)
                e[op] = .symbol("~=")
            }
        }
        e = shapedRanges(e)
        e = splitChained(e)
        e = repeatedSubjects(e)
        let after = head + e
        if after != before { toks = after + tail }
    }

    /// `X between A and B`, `X in A...B` → `A <= X and X <= B`; `X in [a, b]` → `X == a or
    /// X == b`.
    private mutating func shapedRanges(_ e: [GuessToken]) -> [GuessToken] {
        if let b = e.firstIndex(where: { $0.hasKey("between") }), b > 0, let a = e[(b + 1)...].firstIndex(where: { $0.isWord("and") }), a > b + 1, a + 1 < e.count {
            fire(.unexpected(e[b].text), e[b])
            let x = Array(e[..<b]), lo = Array(e[(b + 1)..<a]), hi = Array(e[(a + 1)...])
            return lo + [.symbol("<=")] + x + [.word("and")] + x + [.symbol("<=")] + hi
        }
        guard let i = e.firstIndex(where: { $0.isWord("in") }), i > 0, i + 1 < e.count else { return e }
        let x = Array(e[..<i])
        var rest = Array(e[(i + 1)...])
        if rest.first?.hasKey("range") == true { rest.removeFirst() }
        if let r = rest.firstIndex(where: { $0.isSymbol("...") || $0.isSymbol("..") || $0.isSymbol("..<") }), r > 0, r + 1 < rest.count {
            fire(.unexpected(e[i].text), e[i])
            let upper: GuessToken = rest[r].isSymbol("..<") ? .symbol("<") : .symbol("<=")
            return Array(rest[..<r]) + [.symbol("<=")] + x + [.word("and")] + x + [upper] + Array(rest[(r + 1)...])
        }
        if rest.first?.isSymbol("[") == true, rest.last?.isSymbol("]") == true {
            let items = GuessWork(Array(rest.dropFirst().dropLast()), context).arguments(0..<(rest.count - 2))
            guard !items.isEmpty else { return e }
            fire(.unexpected(e[i].text), e[i])
            var out: [GuessToken] = []
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(.word("or")) }
                out += x + [.symbol("==")] + item
            }
            return out
        }
        return e
    }

    /// `0 <= offset <= 100` → `0 <= offset and offset <= 100`.
    private mutating func splitChained(_ e: [GuessToken]) -> [GuessToken] {
        let ops = e.indices.filter { e[$0].kind == .symbol && GuessWork.comparisons.contains(e[$0].text) }
        guard ops.count == 2, !e.contains(where: { $0.isWord("and") || $0.isWord("or") }) else { return e }
        let middle = Array(e[(ops[0] + 1)..<ops[1]])
        fire(.missing("and"), e[ops[1]])
        return Array(e[...ops[0]]) + middle + [.word("and")] + middle + Array(e[ops[1]...])
    }

    /// `toolbar.state == hidden or hiding` → `... or toolbar.state == hiding`.
    private mutating func repeatedSubjects(_ e: [GuessToken]) -> [GuessToken] {
        var out: [GuessToken] = []
        var lastComparison: [GuessToken]?
        var k = 0
        var part: [GuessToken] = []
        func flush() {
            if let op = part.firstIndex(where: { $0.kind == .symbol && GuessWork.comparisons.contains($0.text) }) {
                lastComparison = Array(part[...op])
            }
            out += part
            part = []
        }
        while k < e.count {
            let t = e[k]
            if t.isWord("and") || t.isWord("or") {
                flush()
                out.append(t)
                // `offset >= 0 and <= 100`: the subject before it, again.
                if k + 1 < e.count, e[k + 1].kind == .symbol, GuessWork.comparisons.contains(e[k + 1].text), let cmp = lastComparison, cmp.count > 1 {
                    let subject = Array(cmp.dropLast())
                    fire(.missing(GuessTokens.quoted(subject)), e[k + 1])
                    out += subject
                    k += 1
                    continue
                }
                // A lone value after `or`: the comparison before it, again.
                let next = k + 1 < e.count ? e[k + 1] : nil
                let lone = k + 2 >= e.count || e[k + 2].isWord("and") || e[k + 2].isWord("or")
                if let next, lone, let cmp = lastComparison,
                   next.kind == .number || next.kind == .string || (next.kind == .word && words.isState(next.text)) {
                    fire(.missing(GuessTokens.quoted(cmp)), next)
                    out += cmp
                }
                k += 1
                continue
            }
            part.append(t)
            k += 1
        }
        flush()
        return out
    }

    // MARK: - print

    /// `print offset header.height` → `print offset, header.height`; `print "x: \(offset)"`
    /// → `print "x:", offset`.
    package mutating func rulePrint() {
        guard firstWord == GrammarWord.print.spelling else { return }
        // `print frames`, `show frames`: the statement `frames`.
        if bodyEnd == 2, toks[1].isWord(GrammarWord.frames.spelling) || toks[1].hasKey("layout") || toks[1].hasKey("views") {
            fire(.unexpected(toks[0].text), toks[0])
            toks = [.word(GrammarWord.frames.spelling)] + toks[bodyEnd...]
            return
        }
        var k = 1
        while k < bodyEnd {
            let t = toks[k]
            if t.kind == .string, t.text.contains("\\(") {
                // Swift's interpolation: the text and the values, one item each.
                var items: [GuessToken] = []
                var rest = Substring(t.text.dropFirst().dropLast())
                while let open = rest.range(of: "\\(") {
                    let text = rest[..<open.lowerBound].trimmingCharacters(in: [" "])
                    if !text.isEmpty { items += [GuessToken(kind: .string, text: "\"" + text + "\""), .symbol(",")] }
                    guard let close = rest[open.upperBound...].firstIndex(of: ")") else { return }
                    items += GuessWork.lex(String(rest[open.upperBound..<close])) + [.symbol(",")]
                    rest = rest[rest.index(after: close)...]
                }
                let text = rest.trimmingCharacters(in: [" "])
                if !text.isEmpty { items.append(GuessToken(kind: .string, text: "\"" + text + "\"")) } else { items.removeLast() }
                fire(.unexpected("\\("), t)
                toks.replaceSubrange(k...k, with: items)
                k += items.count
                continue
            }
            // `print velocity and offset`: a list, not a condition.
            if t.isWord("and"), k > 1, k + 1 < bodyEnd, endsValue(toks[k - 1]), startsValue(k + 1) {
                fire(.unexpected(t.text), t)
                toks[k] = .symbol(",")
                k += 1
                continue
            }
            // Two values side by side: a comma between them.
            if k > 1, startsValue(k), endsValue(toks[k - 1]), !t.glued {
                fire(.missing(","), t)
                toks.insert(.symbol(","), at: k)
                k += 1
            }
            k += 1
        }
    }

    private func startsValue(_ k: Int) -> Bool {
        let t = toks[k]
        if t.kind == .number || t.kind == .string { return true }
        guard t.kind == .word else { return false }
        if isKnownName(t.text) || (k + 1 < toks.count && (toks[k + 1].isSymbol(".") || toks[k + 1].isSymbol("["))) { return true }
        return !words.isLanguageWord(t.text) || t.text == GrammarWord.true.spelling || t.text == GrammarWord.false.spelling
    }

    private func endsValue(_ t: GuessToken) -> Bool {
        t.kind == .number || t.kind == .string || t.isSymbol(")") || t.isSymbol("]") || (t.kind == .word && !["and", "or", "not"].contains(t.text))
    }

    // MARK: - Negation

    /// `not A == B` → `A != B` (and `not A != B` → `A == B`): the comparison a negated
    /// property became (`!toolbar.hidden`) reads as one.
    package mutating func ruleNotComparison() {
        var k = expressionStart
        while k < bodyEnd {
            guard toks[k].isWord(GrammarWord.not.spelling), k == expressionStart || !toks[k - 1].isWord(GrammarWord.not.spelling) else { k += 1; continue }
            // The comparison `not` applies to: up to `and`, `or` or the end, outside parentheses.
            var j = k + 1, depth = 0
            var ops: [Int] = []
            while j < bodyEnd {
                let t = toks[j]
                if t.isSymbol("(") || t.isSymbol("[") { depth += 1 }
                if t.isSymbol(")") || t.isSymbol("]") { depth -= 1 }
                if depth < 0 || depth == 0 && (t.isWord(GrammarWord.and.spelling) || t.isWord(GrammarWord.or.spelling)) { break }
                if t.isWord(GrammarWord.not.spelling) || t.isWord(GrammarWord.within.spelling) { ops = []; break }
                if depth == 0, t.kind == .symbol, GuessWork.comparisons.contains(t.text) { ops.append(j) }
                j += 1
            }
            if ops.count == 1, toks[ops[0]].isSymbol("==") || toks[ops[0]].isSymbol("!=") {
                toks[ops[0]] = .symbol(toks[ops[0]].isSymbol("==") ? "!=" : "==")
                toks.remove(at: k)
            }
            k += 1
        }
    }
}
