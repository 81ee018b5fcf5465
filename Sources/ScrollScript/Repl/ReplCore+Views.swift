// :where, :list, :frames and :show: looking without running.

extension ReplCore {
    /// The statement that runs next (or is part-way), if it comes from the loaded file.
    private var currentFileStatement: Stmt? {
        guard let l = loaded, let s = interpreter.currentStatement, s.location.file == l.source.name else { return nil }
        return s
    }

    /// `:where`: the current statement with its line, and the time.
    public func whereLines() -> [String] {
        let t = replTimeLabel(world.time)
        if let l = loaded, let s = currentFileStatement {
            let part = interpreter.isInsideStatement ? ", part-way through this statement" : ""
            let text = l.source.lines.indices.contains(s.location.line - 1) ? l.source.lines[s.location.line - 1] : ""
            return ["at \(l.source.name):\(s.location.line) (\(t)\(part))", "-> \(s.location.line)  \(text)"]
        }
        if let l = loaded, interpreter.isFinished {
            return ["at the end of \(quoteString(l.scenario.name)) (\(t))"]
        }
        if !interpreter.isFinished {
            return ["\(t); a typed entry is paused part-way (:continue, :step or :tick go on)"]
        }
        return ["\(t); nothing queued"]
    }

    /// `:where` as an outcome.
    public func whereAmI() -> ReplOutcome { ReplOutcome(whereLines()) }

    /// `:list`: the loaded source around the current statement (4 lines either side),
    /// numbered, the current line marked `->`.
    public func list() -> ReplOutcome {
        guard let l = loaded else { return ReplOutcome(["no file loaded (:load FILE)"] + whereLines()) }
        let lines = l.source.lines
        guard !lines.isEmpty else { return ReplOutcome(["\(l.source.name) is empty"]) }
        let current = currentFileStatement?.location.line
        let centre = current ?? lines.count
        let from = max(1, centre - 4)
        let to = min(lines.count, centre + 4)
        let width = String(to).count
        var out: [String] = []
        for n in from...to {
            let num = String(repeating: " ", count: width - String(n).count) + String(n)
            out.append((n == current ? "-> " : "   ") + num + "  " + lines[n - 1])
        }
        if current == nil { out.append("(at the end, \(replTimeLabel(world.time)))") }
        return ReplOutcome(out)
    }

    /// `:frames`: every view on screen as a table, in `World.visibleFrames()` order.
    public func framesTable() -> ReplOutcome {
        let frames = world.visibleFrames()
        var rows: [[String]] = [["view", "x", "y", "width", "height", "title"]]
        for f in frames {
            let r = f.rect
            rows.append([f.name, formatFixed(r.x, 2), formatFixed(r.y, 2), formatFixed(r.width, 2),
                         formatFixed(r.height, 2), f.title.map(quoteString) ?? ""])
        }
        var widths = [Int](repeating: 0, count: 6)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], textWidth(cell)) }
        }
        var out = [replTimeLabel(world.time) + ", \(frames.count) view\(frames.count == 1 ? "" : "s") on screen"]
        for row in rows {
            var line = pad(row[0], widths[0], left: true)
            for i in 1...4 { line += "  " + pad(row[i], widths[i], left: false) }
            if !row[5].isEmpty { line += "  " + row[5] }
            out.append(line)
        }
        return ReplOutcome(out)
    }

    private func textWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + displayWidth($1) }
    }

    private func pad(_ s: String, _ width: Int, left: Bool) -> String {
        let fill = String(repeating: " ", count: max(0, width - textWidth(s)))
        return left ? s + fill : fill + s
    }
}

extension ReplCore {
    /// `:show`: the time, then the views on screen drawn by `ScreenRenderer` in
    /// `columns` × `rows` cells. A view the drawing cannot show (too small at this size)
    /// is named on a last line, for which the drawing gives up a row: never left out in
    /// silence.
    public func screen(columns: Int, rows: Int) -> ReplOutcome {
        var w = 0.0, h = 0.0
        if case .number(let x, _) = world.value(.screenWidth) { w = x }
        if case .number(let y, _) = world.value(.screenHeight) { h = y }
        let frames = world.visibleFrames()
        var picture = ScreenRenderer(columns: columns, rows: rows).draw(frames, screenWidth: w, screenHeight: h)
        var note: [String] = []
        if !picture.leftOut.isEmpty {
            picture = ScreenRenderer(columns: columns, rows: rows - 1).draw(frames, screenWidth: w, screenHeight: h)
            if !picture.leftOut.isEmpty { note = [ScreenRenderer.leftOutNote(picture.leftOut, columns: columns)] }
        }
        return ReplOutcome([replTimeLabel(world.time)] + picture.lines + note)
    }
}
