// Guess rules for the arguments of statements: units of other tools (`sec`, `px`,
// `frames`, `pt/s`), directions where a signed distance belongs (`swipe up`,
// `scroll down 200`: finger distances are negative upward, spec §4), durations (`over`,
// `for`), tap targets (`tap "A"`, `tap cell 0 1`), and the shapes of configuration
// (`screen 375*812`, `sections 3 x 8`, `header 240 pinned 60`).
import ScrollScriptSyntax

extension GuessWork {
    // MARK: - Units

    /// A number with a unit of another tool, glued or written apart, in the unit meant.
    package mutating func ruleUnits() {
        var k = 0
        while k < bodyEnd {
            guard toks[k].kind == .number else { k += 1; continue }
            // `20%` with nothing after it: a fraction (`%` is the remainder between two values).
            if k + 1 < toks.count, toks[k + 1].isSymbol("%"), k + 2 >= bodyEnd || toks[k + 2].kind == .word, let v = toks[k].value {
                fire(.notAUnit("%"), toks[k + 1])
                toks[k].text = GuessWork.digits(v / 100)
                toks.remove(at: k + 1)
                k += 1
                continue
            }
            // `half a second`: `a` before a unit.
            if k + 2 < bodyEnd, toks[k + 1].kind == .word, ["a", "an"].contains(guessKey(toks[k + 1].text)), toks[k + 2].kind == .word,
               GuessTables.units[guessKey(toks[k + 2].text)] != nil {
                toks.remove(at: k + 1)
            }
            // A speed: `-900 pt/s`, `-900pt/s`, `900 px/s`: fling takes a bare number.
            var j = k + 1
            var distanceWord = false
            if toks[k].unit.isEmpty, j < bodyEnd, toks[j].kind == .word, GuessTables.units[guessKey(toks[j].text)]?.unit == "pt" {
                distanceWord = true
                j += 1
            }
            if j + 1 < bodyEnd, toks[j].isSymbol("/"), toks[j + 1].kind == .word,
               GuessTables.units[guessKey(toks[j + 1].text)].map({ $0.unit == "s" && $0.factor == 1 }) == true,
               !toks[k].unit.isEmpty || distanceWord {
                fire(.notAUnit((distanceWord ? toks[k + 1].text : toks[k].unit) + "/" + toks[j + 1].text), toks[k], .velocityBare)
                toks.removeSubrange((k + 1)...(j + 1))
                toks[k].unit = ""
                k += 1
                continue
            }
            var unitText = toks[k].unit
            var apart = false
            if unitText.isEmpty, k + 1 < bodyEnd, toks[k + 1].kind == .word, GuessTables.units[guessKey(toks[k + 1].text)] != nil {
                unitText = toks[k + 1].text
                apart = true
            }
            guard !unitText.isEmpty, apart || !["s", "ms", "pt"].contains(unitText),
                  let u = GuessTables.units[guessKey(unitText)] ?? GuessTables.units[unitText] else { k += 1; continue }
            var unitTok = apart ? toks[k + 1] : toks[k]
            if !apart, let at = unitTok.offset {
                unitTok.offset = at + toks[k].text.utf8.count
                unitTok.length = unitText.utf8.count
            }
            if apart { toks.remove(at: k + 1) }
            switch u.unit {
            case "plain":
                fire(.notAUnit(unitText), unitTok)
                toks[k].unit = ""
            case "frames":
                fire(.notAUnit(unitText), unitTok)
                toks[k].unit = ""
                if verb == .keyword(.wait) || verb.map({ if case .wait = $0 { return true } else { return false } }) == true {
                    toks = [.word(GrammarWord.tick.spelling), toks[k]] + toks[bodyEnd...]
                    verb = .keyword(.tick)
                    return
                }
            case "pt" where verb == .keyword(.fling):
                fire(.notAUnit(unitText), unitTok, .velocityBare)
                toks[k].unit = ""
            default:
                fire(.notAUnit(unitText), unitTok, .unitGlued)
                if ["px", "pixel", "pixels", "dp", "dip", "dips"].contains(guessKey(unitText)) { notes.append(.points) }
                if u.factor != 1, let v = toks[k].value {
                    toks[k].text = GuessWork.digits(v * u.factor)
                }
                toks[k].unit = u.unit
            }
            k += 1
        }
    }

    /// `60`, `0.5`, `0.0005`: a number as a suggestion writes it.
    package static func digits(_ v: Double) -> String {
        let r = (v * 1_000_000).rounded() / 1_000_000
        var s = numberText(r)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    // MARK: - Gestures

    /// Words of a gesture that add nothing to it (`drag the list up by 200`, `swipe up fast`).
    package static let motionFillers: Set<String> = [
        "by", "the", "finger", "velocity", "speed", "distance", "amount", "of", "a", "with", "at", "fast", "quickly",
        "quick", "hard", "slow", "slowly", "gently", "list", "table", "tableview", "content", "page", "scrollview", "view",
        "to", "refresh", "bit", "little", "some", "more", "further", "slightly", "all", "way", "header", "top", "bottom",
        "vertically", "now", "again", "from", "screen", "it", "on", "in",
    ]

    /// Directions, fillers and durations of `drag`, `swipe`, `fling`, `pull`, `scroll`:
    /// `swipe up` → `swipe -300`, `scroll down 200` → `drag -200`, `drag -300 over 0.5s` →
    /// `drag -300 in 0.5s`, `scrollTo 500` → `drag (offset - 500)`.
    package mutating func ruleMotion() {
        guard let v = verb else { return }
        var kind: GrammarWord
        let content = v == .scroll
        switch v {
        case .keyword(let w) where [.drag, .swipe, .fling, .pull].contains(w): kind = w
        case .scroll, .scrollTo: kind = .drag
        default: return
        }
        var args = afterWord
        let tail = self.tail
        // To an offset, the top or the bottom.
        if v == .scrollTo || (content && args.first?.hasKey("to") == true) {
            args.removeAll { $0.hasKey("to") || $0.hasKey("the") || $0.hasKey("y") || $0.isSymbol(",") }
            var target: String?
            // The note says which way the finger goes: to the top it moves down (a positive
            // distance), to the bottom up; to an offset, it depends on where the content is.
            var note = GuessNote.fingerSign
            if let t = args.first(where: { $0.kind == .word }) {
                switch guessKey(t.text) {
                case "top", "start", "begin", "beginning", "min", "first": target = CoreObservable.offsetMin.rawValue; note = .scrollUpSign
                case "bottom", "end", "max", "last": target = CoreObservable.offsetMax.rawValue; note = .scrollSign
                default: break
                }
            }
            // `scrollTo(0, 500)`: x and y, and only y moves the table.
            if target == nil, let n = args.last(where: { $0.kind == .number }) { target = n.text }
            guard let target else { return }
            fire(.unknownStatement(toks[0].text), toks[0], note)
            toks = GuessWork.lex("drag (offset - \(target))") + tail
            verb = .keyword(.drag)
            return
        }
        var sign: Int?
        var directionTok: GuessToken?
        var changed = content
        // `from bottom to top` is up; `from top to bottom` down.
        if let f = args.firstIndex(where: { $0.hasKey("from") }), f + 3 < args.count {
            let a = guessKey(args[f + 1].text), b = guessKey(args[f + 3].text)
            if args[f + 2].hasKey("to"), ["top", "bottom"].contains(a), ["top", "bottom"].contains(b), a != b {
                sign = a == "bottom" ? -1 : 1
                directionTok = args[f]
                args.removeSubrange(f...(f + 3))
                changed = true
            }
        }
        // `drag from 300 to 200`: finger positions; the distance is the second less the first.
        if let f = args.firstIndex(where: { $0.hasKey("from") }), f + 3 < args.count, args[f + 1].kind == .number,
           args[f + 2].hasKey("to"), args[f + 3].kind == .number, let a = args[f + 1].value, let b = args[f + 3].value {
            fire(.unexpected(args[f].text), args[f])
            let d = b - a
            args.replaceSubrange(f...(f + 3), with: (d < 0 ? [GuessToken.symbol("-")] : []) + [GuessToken.number(GuessWork.digits(abs(d)))])
            changed = true
        }
        // `scrollBy(0, 200)`, `drag 0 -100`: x and y, and only y moves the table.
        let numberAt = args.indices.filter { args[$0].kind == .number }
        if numberAt.count >= 2, args[numberAt[0]].value == 0, numberAt.count == 2 || args[numberAt[0] + 1].isSymbol(","),
           !(numberAt[0] > 0 && args[numberAt[0] - 1].isWord(GrammarWord.in.spelling)) {
            fire(.unexpected(args[numberAt[0]].text), args[numberAt[0]])
            args.removeSubrange(numberAt[0]...(numberAt[0] + (args[numberAt[0] + 1].isSymbol(",") ? 1 : 0)))
            changed = true
        }
        // `fling(offset, speed)` (flutter_test): the speed, in the offset's direction.
        if kind == .fling {
            let n = args.indices.filter { args[$0].kind == .number }
            if n.count == 2, let speed = args[n[1]].value, args[n[0]].unit.isEmpty, args[n[1]].unit.isEmpty,
               !args[n[0]..<n[1]].contains(where: { $0.kind == .word }) {
                let up = n[0] > 0 && args[n[0] - 1].isSymbol("-")
                fire(.unexpected(args[n[1]].text), args[n[1]])
                args = (up ? [GuessToken.symbol("-")] : []) + [GuessToken.number(GuessWork.digits(abs(speed)))]
                changed = true
            }
        }
        var k = 0
        while k < args.count {
            let t = args[k]
            if t.kind == .word, let d = GuessTables.direction(t.text) {
                sign = d
                directionTok = directionTok ?? t
                if k > 0, args[k - 1].isSymbol(".") { args.remove(at: k - 1); k -= 1 }
                args.remove(at: k)
                changed = true
                continue
            }
            if t.kind == .word, GuessWork.motionFillers.contains(guessKey(t.text)), !(t.hasKey("in") && k + 1 < args.count && args[k + 1].kind == .number) {
                fire(.unexpected(t.text), t)
                args.remove(at: k)
                if k > 0, args[k - 1].isSymbol(".") { args.remove(at: k - 1); k -= 1 }
                changed = true
                continue
            }
            // A `-` with no number after it (`pull-to-refresh`), a `.` or `,` left alone.
            if t.isSymbol(",") || (t.isSymbol("-") && !(k + 1 < args.count && args[k + 1].kind == .number)) || (t.isSymbol(".") && !(k + 1 < args.count && args[k + 1].kind == .word)) {
                args.remove(at: k)
                changed = true
                continue
            }
            k += 1
        }
        // `swipe up with velocity 2000`: a speed makes it a fling.
        if kind == .swipe || kind == .drag, toks.contains(where: { $0.hasKey("velocity") || $0.hasKey("speed") }), args.contains(where: { $0.kind == .number }) {
            kind = .fling
        }
        // The distance (or speed): the first number, with its sign.
        let d = args.firstIndex(where: { $0.kind == .number }) ?? args.count
        if d == args.count, sign == nil, !content, !changed, !args.isEmpty { return }
        let negative = d > 0 && d <= args.count && args[d - 1].isSymbol("-")
        var amount: GuessToken
        if d < args.count {
            amount = args[d]
        } else {
            // `pull to refresh`: how far a pull must go to start one depends on the scenario's
            // tunables and screen, which a guess does not know: none rather than a wrong amount.
            if toks.contains(where: { $0.kind == .word && guessKey($0.text).hasPrefix("refresh") }) { return }
            let a = kind == .fling ? "900" : kind == .pull ? "100" : "300"
            amount = .number(a)
            notes.append(.chosenAmount(kind == .fling ? a + " pt/s" : a + " pt"))
            changed = true
        }
        var after = d < args.count ? Array(args[(d + 1)...]) : []
        guard args[..<(negative ? d - 1 : min(d, args.count))].isEmpty else { return }
        // What follows the distance: a duration, written `in T`.
        if let first = after.first {
            let preposition = first.kind == .word && ["in", "over", "for", "during", "within", "duration", "taking", "lasting"].contains(guessKey(first.text))
            if preposition || first.kind == .number {
                let durationAt = preposition ? 1 : 0
                guard durationAt < after.count, after[durationAt].kind == .number else { return }
                var t = after[durationAt]
                if t.unit.isEmpty { t.unit = "s" }
                if kind == .fling {
                    fire(.unexpected(first.text), first, .flingDuration)
                    after = Array(after[(durationAt + 1)...])
                } else {
                    if kind == .pull {
                        fire(.unexpected(first.text), first, .pullDuration)
                        kind = .drag
                    } else if !(preposition && guessKey(first.text) == "in") {
                        fire(preposition ? .unexpected(first.text) : .missing(GrammarWord.in.spelling), first)
                    }
                    after = [.word(GrammarWord.in.spelling), t] + after[(durationAt + 1)...]
                }
                changed = true
            }
        }
        guard changed || (kind == .pull && negative), after.allSatisfy({ $0.kind != .word || $0.isWord(GrammarWord.in.spelling) }) || after.isEmpty else { return }
        if kind == .pull && negative { changed = true }
        var finger = negative ? -1 : 1
        if let sign {
            finger = content ? -sign : sign
            fire(.direction(directionTok?.text ?? ""), directionTok, content ? (finger < 0 ? .scrollSign : .scrollUpSign) : .fingerSign)
        } else if content {
            finger = d < args.count ? -finger : -1
            notes.append(finger < 0 ? .scrollSign : .scrollUpSign)
        }
        if kind == .pull && finger < 0 {
            if sign == nil, d > 0 { fire(.unexpected("-"), args[d - 1]) }
            kind = .drag
            notes.append(.pullDown)
        }
        amount.offset = nil
        toks = [.word(kind.spelling)] + (finger < 0 ? [.symbol("-")] : []) + [amount] + after + tail
        verb = .keyword(kind)
    }

    // MARK: - Taps

    /// `tap "A"` → `tap header "A"`; `tap cell 0 1`, `tap row[0,1]` → `tap row 0 1`;
    /// `tap row 1` → `tap row 0 1`; `tap (100, 200)`, `tap at 100 200` → `tap 100 200`;
    /// `tap header Section 1` → `tap header "Section 1"`; `double tap X` → `tap X; tap X`.
    package mutating func ruleTap() {
        guard verb == .keyword(.tap) || verb == .doubleTap else { return }
        var args = afterWord
        let tail = self.tail
        var out: [GuessToken]?
        let fillers: Set<String> = ["on", "the", "at", "a", "an", "point", "location", "coordinate", "coordinates", "position", "button", "bar",
                                    "screen", "index", "number", "no", "num", "idx", "named", "titled", "called", "of", "in"]
        // `tap CGPoint(x: 100, y: 200)`: a constructor's name says nothing.
        if let f = args.first, f.kind == .word, args.count > 1, args[1].isSymbol("("),
           !["header", "section", "row", "cell", "item", "indexpath"].contains(guessKey(f.text)), words.viewNamed(f.text) == nil {
            fire(.unexpected(f.text), f, .noParentheses)
            args.removeFirst()
            args.removeAll { $0.isSymbol("(") || $0.isSymbol(")") || $0.isSymbol(",") || $0.isSymbol(":") || $0.isWord("x") || $0.isWord("y") }
            out = args
        }
        if let k = args.firstIndex(where: { $0.kind == .word && fillers.contains(guessKey($0.text)) }) {
            fire(.unexpected(args[k].text), args[k])
            args.removeAll { $0.kind == .word && fillers.contains(guessKey($0.text)) }
            out = args
        }
        // `tap header twice`: two taps; `once`: one.
        if let k = args.firstIndex(where: { $0.hasKey("twice") || $0.hasKey("once") || $0.hasKey("double") }) {
            if args[k].hasKey("twice") || args[k].hasKey("double") { verb = .doubleTap }
            fire(.unexpected(args[k].text), args[k])
            args.remove(at: k)
            out = args
        }
        let numbers = args.filter { $0.kind == .number }
        let header = GrammarWord.header.spelling, row = GrammarWord.row.spelling
        // `tap row 0 -1`, `tap header -1`: an index below 0 is no index, and dropping its
        // sign would tap another row or section: no guess.
        let negativeIndex = args.indices.contains { args[$0].isSymbol("-") && $0 + 1 < args.count && args[$0 + 1].kind == .number }
        if let first = args.first {
            let key = guessKey(first.text)
            let glued = first.kind == .word ? GuessWork.gluedNumber(first.text) : nil
            let indexed = ["header", "section", "sections", "headers", "row", "rows", "cell", "cells", "item", "items", "indexpath"].contains(key)
            if indexed && negativeIndex {
                out = nil
            } else if first.kind == .string {
                fire(args.count > 1 ? .unexpected(args[1].text) : .missing(header), first, .tapTargets)
                out = [.word(header), first]
            } else if ["header", "section", "sections", "headers"].contains(key) || ["header", "section"].contains(glued?.0 ?? "") {
                let rest = args.dropFirst()
                if let g = glued, let n = Double(g.1) {
                    fire(.unexpected(first.text), first)
                    out = [.word(header), .number(GuessWork.digits(n))]
                } else if let s = rest.first(where: { $0.kind == .string }) {
                    if key != "header" || rest.count > 1 { fire(.unexpected(key == "header" ? rest.first?.text ?? "" : first.text), first, .tapTargets) }
                    out = [.word(header), s]
                } else if key == "header", !rest.isEmpty, rest.allSatisfy({ $0.kind == .word || $0.kind == .number }),
                          rest.contains(where: { $0.kind == .word }) {
                    let title = rest.map(\.written).joined(separator: " ")
                    fire(.unexpected(rest.first?.text ?? ""), rest.first, .doubleQuotes)
                    out = [.word(header), GuessToken(kind: .string, text: quoteString(title))]
                } else if numbers.count == 1 {
                    if key != "header" || rest.count > 1 { fire(.unexpected(key == "header" ? rest.first?.text ?? "" : first.text), key == "header" ? rest.first : first, .tapTargets) }
                    out = [.word(header), numbers[0]]
                } else if rest.isEmpty, key == "header" {
                    out = out.map { _ in [.word(header)] }
                }
            } else if ["row", "rows", "cell", "cells", "item", "items", "indexpath"].contains(key) {
                if key != "row" { fire(.unexpected(first.text), first, .tapTargets) }
                // `tap row 2 in section 1`
                if numbers.count == 2, let s = args.firstIndex(where: { $0.hasKey("section") }), s > 0 {
                    fire(.unexpected(args[s - 1].text), args[s - 1], .tapTargets)
                    let sectionIndex = args[(s + 1)...].first { $0.kind == .number } ?? numbers[1]
                    let rowIndex = numbers.first { $0 != sectionIndex } ?? numbers[0]
                    out = [.word(row), sectionIndex, rowIndex]
                } else if numbers.count == 2 {
                    // `tap row[0,1]`: the brackets; `tap row 0 30` as written is no guess.
                    if key == "row", let symbol = args.first(where: { $0.kind == .symbol }) { fire(.unexpected(symbol.text), symbol, .tapTargets) }
                    out = [.word(row), numbers[0], numbers[1]]
                } else if numbers.count == 1 {
                    fire(.missing("section"), numbers[0], .tapTargets)
                    out = [.word(row), .number("0"), numbers[0]]
                }
            } else if let view = words.viewNamed(first.text), view == key {
                // `tap toolbar button`: a view of a behaviour, by its name.
                if args.count > 1 {
                    fire(.unexpected(args[1].text), args[1])
                    out = [.word(view)]
                }
            } else if numbers.count == 2, args.allSatisfy({ $0.kind == .number || $0.kind == .symbol || ["x", "y"].contains($0.text) }),
                      args.contains(where: { $0.kind != .number }) {
                // `tap (100, 200)`, `tap 100, 200`, `tap x 100 y 200`, `tap 100 -20`.
                var xy: [GuessToken] = []
                for (k, t) in args.enumerated() where t.kind == .number {
                    if k > 0, args[k - 1].isSymbol("-") { xy.append(.symbol("-")) }
                    xy.append(t)
                }
                fire(.unexpected(args.first { $0.kind != .number }?.text ?? ""), args.first { $0.kind != .number }, .noParentheses)
                out = xy
            }
        }
        if out == nil, verb == .doubleTap { out = args }
        guard var target = out else { return }
        for k in target.indices { target[k].offset = nil }
        let tap = GuessToken.word(GrammarWord.tap.spelling)
        toks = [tap] + target + (verb == .doubleTap ? [.symbol(";"), tap] + target : []) + tail
        verb = .keyword(.tap)
    }

    /// `header1` → ("header", "1").
    package static func gluedNumber(_ w: String) -> (String, String)? {
        let letters = w.prefix { $0.isLetter }
        let rest = w.dropFirst(letters.count)
        guard !letters.isEmpty, !rest.isEmpty, rest.allSatisfy({ $0.isNumber }) else { return nil }
        return (String(letters).lowercased(), String(rest))
    }

    // MARK: - Configuration

    /// The shapes of configuration statements of other tools and of plain English.
    package mutating func ruleConfiguration() {
        guard let w = firstWord, var kw = words.statement(w) else { return }
        // `set fps 120`, `set framerate 120`: a statement of its own (unless its words name a tunable).
        let wordsAfterSet = toks.dropFirst().prefix { $0.kind == .word }.map(\.text)
        var namesTunable = false
        for n in stride(from: wordsAfterSet.count, through: 2, by: -1) where words.tunable(named: wordsAfterSet.prefix(n).joined(separator: " ")) != nil {
            namesTunable = true
        }
        if kw == .keyword(.set), !namesTunable, toks.count > 1, toks[1].kind == .word, lexicon.registry.tunable(named: toks[1].text) == nil,
           let inner = words.verb(toks[1].text)?.0, GuessVocabulary.configures(inner) {
            fire(.unexpected(w), toks[0])
            toks.removeFirst()
            toks[0] = .word(GuessWork.keyword(of: inner))
            kw = inner
        }
        guard GuessVocabulary.configures(kw) else { return }
        var args = afterWord
        let tail = self.tail
        func drop(_ words: Set<String>) {
            if let t = args.first(where: { ($0.kind == .word && words.contains(guessKey($0.text))) || ($0.kind == .symbol && words.contains($0.text)) }) {
                fire(.unexpected(t.text), t)
                args.removeAll { ($0.kind == .word && words.contains(guessKey($0.text))) || ($0.kind == .symbol && words.contains($0.text)) }
            }
        }
        func rename(_ words: Set<String>, _ to: GrammarWord) {
            for k in args.indices where args[k].kind == .word && words.contains(guessKey(args[k].text)) {
                fire(.unexpected(args[k].text), args[k])
                args[k] = .word(to.spelling)
            }
        }
        let before = args
        switch kw {
        case .configure(let word):
            // `no stretch`, `no-zoom`: `no` and a word are one option word.
            if let k = args.firstIndex(where: { $0.hasKey("no") }), k + 1 < args.count {
                let j = args[k + 1].isSymbol("-") && k + 2 < args.count ? k + 2 : k + 1
                if args[j].kind == .word, let option = words.option(of: word, meant: "no" + guessKey(args[j].text)) {
                    fire(.unexpected(GuessWork.compact(args[k...j])), args[k])
                    args.replaceSubrange(k...j, with: [.word(option)])
                }
            }
            // Words that say nothing to it (`height`, `=`, `stretchy`), and a `-` before no number.
            let fillers = GuessTables.configurationFillers.union(words.fillers(of: word))
            func says(_ k: Int) -> Bool {
                let t = args[k]
                if t.isSymbol("-") { return !(k + 1 < args.count && args[k + 1].kind == .number) }
                return (t.kind == .word && fillers.contains(guessKey(t.text))) || (t.kind == .symbol && fillers.contains(t.text))
            }
            if let first = args.indices.first(where: says) {
                fire(.unexpected(args[first].text), args[first])
                args = args.indices.filter { !says($0) }.map { args[$0] }
            }
            // Other words for its options (`sticky` → `pin`).
            for k in args.indices where args[k].kind == .word {
                guard let option = words.option(of: word, meant: guessKey(args[k].text)), args[k].text != option else { continue }
                fire(.unexpected(args[k].text), args[k])
                args[k] = .word(option)
            }
        case .keyword(.fps):
            drop(["=", "height", "on", "true", "yes", "enabled", "visible", "shown", "show", "of", "at", "to", "with"])
        case .keyword(.set):
            drop(["=", "to"])
            var n = 0
            while n < args.count, args[n].kind == .word, n == 0 || args[n - 1].isSymbol(".") {
                n += 1
                if n < args.count, args[n].isSymbol("."), args[n].glued { n += 1 } else { break }
            }
            // `set deceleration rate fast`: the longest words that name a tunable.
            var words = n
            while words < args.count, args[words].kind == .word { words += 1 }
            while words > n {
                let name = args[0..<words].map(\.text).joined(separator: " ")
                if let t = self.words.tunable(named: name), args.count > words {
                    fire(.unknownName(name), args[0])
                    args.replaceSubrange(0..<words, with: [.word(t.name)])
                    n = 0
                    break
                }
                words -= 1
            }
            // `UIScrollView.DecelerationRate.fast`: a qualified named value is its last word.
            if args.count > 3, let last = args.last, last.kind == .word, args[args.count - 2].isSymbol("."),
               self.words.isNamedValue(last.text) {
                var from = args.count - 1
                while from >= 2, args[from - 1].isSymbol("."), args[from - 2].kind == .word, args[from - 1].glued { from -= 2 }
                if from > 0, from < args.count - 1 {
                    fire(.notAValue(GuessWork.compact(args[from...])), args[from])
                    args.replaceSubrange(from..<args.count, with: [last])
                }
            }
            if n > 0 {
                let name = args[0..<n].map(\.text).joined()
                if lexicon.registry.tunable(named: name) == nil, let t = self.words.tunable(named: name) {
                    fire(.unknownName(name), args[0])
                    args.replaceSubrange(0..<n, with: [.word(t.name)])
                } else if lexicon.registry.tunable(named: name) == nil, n < args.count {
                    // `set row height 50`: a name written as words.
                    var m = n
                    while m < args.count, args[m].kind == .word {
                        let words = args[0...m].map(\.text).joined(separator: " ")
                        if let t = self.words.tunable(named: words) {
                            fire(.unknownName(words), args[0])
                            args.replaceSubrange(0...m, with: [.word(t.name)])
                            break
                        }
                        m += 1
                    }
                }
            }
        case .keyword(.screen):
            drop(["=", "width", "height", "size", "of", "w", "h"])
            var numbers: [GuessToken] = []
            for t in args {
                if t.kind == .number { numbers.append(t) }
                if t.kind == .word, t.text.hasPrefix("×"), let n = Double(t.text.dropFirst()) {
                    numbers.append(.number(GuessWork.digits(n)))
                }
            }
            if numbers.count == 2, args.count != 3 || !args[1].isWord(GrammarWord.x.spelling) {
                if let sep = args.first(where: { $0.kind != .number }) ?? (args.count == 2 ? args[1] : nil) {
                    fire(sep.kind == .number ? .missing(GrammarWord.x.spelling) : .unexpected(sep.text), sep)
                }
                args = [numbers[0], .word(GrammarWord.x.spelling), numbers[1]]
            }
        case .keyword(.sections):
            drop([",", "with", "of", "=", "each", "per", "section", "sections"])
            let numbers = args.filter { $0.kind == .number }
            if numbers.count == 2, !(args.count == 3 && args[1].isWord(GrammarWord.rows.spelling)) {
                if let sep = args.first(where: { $0.kind != .number && !$0.isWord(GrammarWord.rows.spelling) }) { fire(.unexpected(sep.text), sep) }
                fire(.missing(GrammarWord.rows.spelling), numbers[1])
                args = [numbers[0], .word(GrammarWord.rows.spelling), numbers[1]]
            }
        case .keyword(.section):
            drop(["with", "=", ",", "title", "titled", "named", "called", "has", "initially", "starts", "start", "(", ")", "by", "default", "[", "]"])
            rename(["collapsed", "folded", "close", "hidden"], .closed)
            rename(["expanded", "opened", "unfolded", "shown"], .open)
            // `section "A" 3 rows` → `section "A" rows 3`
            if let r = args.firstIndex(where: { $0.isWord(GrammarWord.rows.spelling) }), r > 0, args[r - 1].kind == .number,
               r + 1 >= args.count || args[r + 1].kind != .number {
                fire(.unexpected(args[r - 1].text), args[r - 1])
                args.swapAt(r - 1, r)
            }
        default:
            break
        }
        if args != before || toks[0].text != GuessWork.keyword(of: kw) {
            toks = [.word(GuessWork.keyword(of: kw))] + args + tail
            verb = kw
        }
    }
}
