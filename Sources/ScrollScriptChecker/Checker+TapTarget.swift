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
