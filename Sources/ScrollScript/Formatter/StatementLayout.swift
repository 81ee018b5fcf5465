// How one statement without a block is written: its keyword and arguments on one line,
// separated by single spaces (`screen 375 x 667`, `header 240 pin 60 nostretch`,
// `section "山手線" rows "渋谷" "新宿" closed`, `tap 100 -20`, `print offset, header.height`).

/// The one-line text of a statement; for `scene`/`scenario`/`repeat` the text before ` {`.
func statementHead(_ kind: StmtKind) -> String {
    switch kind {
    case .scene: return "scene"
    case .scenario(let name, _): return "scenario " + canonicalStringRaw(name.raw)
    case .repeatBlock(let count, _): return "repeat " + exprText(count)
    case .screen(let w, let h): return "screen \(exprText(w)) x \(exprText(h))"
    case .fps(let n): return "fps " + exprText(n)
    case .header(let h, let options): return headerText(h, options)
    case .toolbar(let h): return h.map { "toolbar " + exprText($0) } ?? "toolbar"
    case .section(let title, let rows, let open): return sectionText(title, rows, open)
    case .sections(let n, let rows): return "sections \(exprText(n)) rows \(exprText(rows))"
    case .accordion(let single): return single ? "accordion single" : "accordion"
    case .set(let name, _, let value): return "set \(name) \(exprText(value))"
    case .pull(let d): return "pull " + exprText(d)
    case .drag(let d, let t): return "drag " + exprText(d) + (t.map { " in " + exprText($0) } ?? "")
    case .release: return "release"
    case .fling(let v): return "fling " + exprText(v)
    case .swipe(let d, let t): return "swipe " + exprText(d) + (t.map { " in " + exprText($0) } ?? "")
    case .tapRow(let i, let j): return "tap row \(exprText(i)) \(exprText(j))"
    case .tapHeader(let i): return i.map { "tap header " + exprText($0) } ?? "tap header"
    case .tapToolbar: return "tap toolbar"
    case .tap(let x, let y): return "tap \(exprText(x)) \(exprText(y))"
    case .wait(let t): return "wait " + exprText(t)
    case .tick(let n): return n.map { "tick " + exprText($0) } ?? "tick"
    case .settle: return "settle"
    case .expect(let e): return "expect " + exprText(e)
    case .expectWithin(let t, let e): return "expect within \(exprText(t)) \(exprText(e))"
    case .expectAlways(let e): return "expect always " + exprText(e)
    case .print(let items): return "print " + items.map(exprText).joined(separator: ", ")
    case .frames: return "frames"
    case .expression(let e): return exprText(e)
    }
}

/// The block of a `scene`, `scenario` or `repeat` statement.
func statementBlock(_ kind: StmtKind) -> Block? {
    switch kind {
    case .scene(let b), .scenario(_, let b), .repeatBlock(_, let b): return b
    default: return nil
    }
}

private func headerText(_ height: Expr, _ options: [HeaderOption]) -> String {
    var s = "header " + exprText(height)
    for o in options {
        switch o {
        case .pin(let e, _): s += " pin " + exprText(e)
        case .parallax(let e, _): s += " parallax " + exprText(e)
        case .toggle(let e, _): s += " toggle " + exprText(e)
        case .nostretch: s += " nostretch"
        }
    }
    return s
}

private func sectionText(_ title: StringLiteral?, _ rows: SectionRows, _ open: Bool?) -> String {
    var s = "section"
    if let t = title { s += " " + canonicalStringRaw(t.raw) }
    s += " rows"
    switch rows {
    case .count(let n): s += " " + exprText(n)
    case .titles(let titles):
        for t in titles { s += " " + canonicalStringRaw(t.raw) }
    }
    if let o = open { s += o ? " open" : " closed" }
    return s
}
