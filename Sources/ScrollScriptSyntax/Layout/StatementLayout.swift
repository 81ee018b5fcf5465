// How one statement without a block is written: its keyword and arguments on one line,
// separated by single spaces (`screen 375 x 667`, `header 240 pin 60 nostretch`,
// `section "山手線" rows "渋谷" "新宿" closed`, `tap 100 -20`, `print offset, header.height`).

/// The one-line text of a statement; for `scene`/`scenario`/`repeat` the text before ` {`.
/// Every word comes from `GrammarWord` (the keyword from `StmtKind.keywordWord`), or, for a
/// behaviour's configuration word, from the statement as parsed.
package func statementHead(_ kind: StmtKind) -> String {
    if case .configure(let c) = kind { return configurationText(c) }
    guard let keyword = kind.keywordWord else {
        if case .expression(let e) = kind { return exprText(e) }
        return ""
    }
    // The keyword, then `parts` (nil ones left out), single spaces between.
    func line(_ parts: String?...) -> String {
        ([keyword.spelling] + parts.compactMap { $0 }).joined(separator: " ")
    }
    func word(_ w: GrammarWord) -> String { w.spelling }
    func optional(_ w: GrammarWord, _ e: Expr?) -> String? { e.map { word(w) + " " + exprText($0) } }
    switch kind {
    case .scene, .release, .settle, .frames, .expression: return line()
    case .scenario(let name, _): return line(canonicalStringRaw(name.raw))
    case .repeatBlock(let count, _): return line(exprText(count))
    case .screen(let w, let h): return line(exprText(w), word(.x), exprText(h))
    case .fps(let n), .pull(let n), .fling(let n), .wait(let n): return line(exprText(n))
    case .tick(let h): return line(h.map(exprText))
    case .section(let title, let rows, let open): return sectionText(line(), title, rows, open)
    case .sections(let n, let rows): return line(exprText(n), word(.rows), exprText(rows))
    case .set(let name, _, let value): return line(name, exprText(value))
    case .use(let name, _): return line(name)
    case .drag(let d, let t), .swipe(let d, let t): return line(exprText(d), optional(.in, t))
    case .tapRow(let i, let j): return line(word(.row), exprText(i), exprText(j))
    case .tapHeader(let i): return line(word(.header), exprText(i))
    case .tapView(let name, _): return line(name)
    case .configure(let c): return configurationText(c)
    case .tap(let x, let y): return line(exprText(x), exprText(y))
    case .expect(let e): return line(exprText(e))
    case .expectWithin(let t, let e): return line(word(.within), exprText(t), exprText(e))
    case .expectAlways(let e): return line(word(.always), exprText(e))
    case .print(let items): return line(items.map(exprText).joined(separator: ", "))
    case .let(let name, _, let value): return line(name, "=", exprText(value))
    }
}

/// The block of a `scene`, `scenario` or `repeat` statement.
package func statementBlock(_ kind: StmtKind) -> Block? {
    switch kind {
    case .scene(let b), .scenario(_, let b), .repeatBlock(_, let b): return b
    default: return nil
    }
}

/// A behaviour's word, its argument, then its options as written (`header 240 pin 60 nostretch`).
private func configurationText(_ c: ConfigStatement) -> String {
    var s = c.word
    if let a = c.argument { s += " " + exprText(a) }
    for o in c.options {
        s += " " + o.word
        if let a = o.argument { s += " " + exprText(a) }
    }
    return s
}

/// `head` (`section`) followed by the title, the rows and open/closed.
private func sectionText(_ head: String, _ title: StringLiteral?, _ rows: SectionRows, _ open: Bool?) -> String {
    var s = head
    if let t = title { s += " " + canonicalStringRaw(t.raw) }
    s += " " + GrammarWord.rows.spelling
    switch rows {
    case .count(let n): s += " " + exprText(n)
    case .titles(let titles):
        for t in titles { s += " " + canonicalStringRaw(t.raw) }
    }
    if let o = open { s += " " + (o ? GrammarWord.open : GrammarWord.closed).spelling }
    return s
}
