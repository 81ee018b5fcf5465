// The checker, `tap.target == "LITERAL"`: a literal no tap can give `tap.target` is an
// error at check time, not an expectation that is silently never true.

import ScrollSim

extension Checker {
    /// `a OP b` where one side is `tap.target` and the other a string literal: the literal
    /// must be a spelling `tap.target` takes (`TapTargetName(text:)`, the parser the
    /// evaluator resolves the literal with), and a section or row must be in the table, as
    /// for `tap row I J`. A view's name passes whether or not the scenario declares its
    /// behaviour (`tap.target != "header"` holds in a scene without one). Returns false
    /// after reporting an error.
    package mutating func checkTapTargetLiteral(_ a: Expr, _ b: Expr) -> Bool {
        let literal: StringLiteral
        switch (a, b) {
        case (.name(let n, _), .string(let s)) where n == CoreObservable.tapTarget.rawValue: literal = s
        case (.string(let s), .name(let n, _)) where n == CoreObservable.tapTarget.rawValue: literal = s
        default: return true
        }
        guard let target = TapTargetName(text: literal.value, registry) else {
            error(literal.location, .notATapTarget(raw: literal.raw, near: tapTargetsNear(literal.value)))
            return false
        }
        return tapTargetExists(target, literal)
    }

    /// `tap NAME` where NAME is no view this registry can tap by name (the parser reads a
    /// name no built-in owns as one, whatever the registry: spec §9): a `let`'s name is an
    /// X without its Y, as the parser says of `tap offset`; a view of a behaviour whose `use`
    /// was refused (an unknown behaviour, or one refused for an error in its declaration)
    /// is that same mistake again and says nothing more; otherwise `unknown view`, with the
    /// views near it (`tap backtop.buton`, `tap buton` → 'backtop.button').
    package mutating func checkTapOfUnknownView(_ name: String, at l: SourceLocation) {
        if lets[name] != nil || firstLet(named: name, in: scenarioBody) != nil {
            // Where the parser says it of `tap offset`: just after the name.
            var after = l
            after.column += l.length
            after.offset += l.length
            after.length = 0
            diagnostics.append(Diagnostic(after, .parse(.tapNeedsY(x: nil))))
            return
        }
        let head = String(name.split(separator: ".", omittingEmptySubsequences: false).first ?? Substring(name))
        if refusedUses.contains(head) { return }
        let views = lexicon.tapTargets.filter { $0 != GrammarWord.header.spelling && $0 != GrammarWord.row.spelling }
        var near = suggestions(for: name, among: views)
        if near.isEmpty {
            // `tap buton`: the part after the dot.
            let last = String(name.split(separator: ".").last ?? Substring(name))
            let shorts = views.map { String($0.split(separator: ".").last ?? Substring($0)) }
            let nearShorts = Set(suggestions(for: last, among: shorts) + (shorts.contains(last) ? [last] : []))
            near = views.enumerated().filter { nearShorts.contains(shorts[$0.offset]) }.map { $0.element }
        }
        let targets = ["header", "header I", "row I J"] + views
        error(l, .declared(.unknownTapView(name, near: near, targets: targets)))
    }

    /// True when this scenario can tap `target`; otherwise reports why not (at `literal`)
    /// when `literal` is given, and returns false.
    private mutating func tapTargetExists(_ target: TapTargetName, _ literal: StringLiteral?) -> Bool {
        let sections = current.effectiveSections
        switch target {
        case .noTap, .nothing, .view:
            return true
        case .section(let i):
            if tableUnknown || i < sections.count { return true }
            if let literal { error(literal.location, .noSuchSection(written: String(i), count: sections.count)) }
            return false
        case .row(let i, let j):
            if tableUnknown { return true }
            guard i < sections.count else {
                if let literal { error(literal.location, .noSuchSection(written: String(i), count: sections.count)) }
                return false
            }
            if j < sections[i].rowCount { return true }
            if let literal { error(literal.location, .noSuchRow(written: String(j), section: i, rows: sections[i].rowCount)) }
            return false
        }
    }

    /// What a literal that is no spelling of `tap.target` may have meant: the same
    /// subscript written the one way (`"row[0, 1]"`, `"Row[00,1]"` → `"row[0,1]"`) when
    /// the table has it; else the nearest of `"nothing"` and the views' names.
    private mutating func tapTargetsNear(_ text: String) -> [String] {
        let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }).lowercased()
        for form in [Subscript.section, Subscript.row] {
            let head = form.base + "["
            guard compact.hasPrefix(head), compact.hasSuffix("]"), compact.count > head.count else { continue }
            let parts = compact.dropFirst(head.count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Int($0) }.filter { $0 >= 0 }
            guard numbers.count == parts.count else { return [] }
            let target: TapTargetName
            switch (form, numbers.count) {
            case (.section, 1): target = .section(numbers[0])
            case (.row, 2): target = .row(numbers[0], numbers[1])
            default: return []
            }
            return tapTargetExists(target, nil) ? [target.text(registry)] : []
        }
        var names = [TapTargetName.nothing.text(registry)]
        for b in registry.ids {
            for k in registry.declaration(b).views.indices { names.append(registry.view(ViewID(b, k)).name) }
        }
        return suggestions(for: text, among: names)
    }
}
