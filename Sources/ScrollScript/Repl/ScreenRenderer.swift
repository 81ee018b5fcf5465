import ScrollSim

/// Draws view frames as boxes in a character grid, for `:show`. Pure and deterministic.
///
/// The screen (W × H points) is scaled to fit `columns` × `rows` cells, keeping its
/// aspect with cells `cellAspect` times taller than wide. Point 0 maps to the first
/// column/row and W (H) to the last one used, so neighbouring views share a border line.
/// Views are drawn bottom to top — rows, section headers, the header, the toolbar (the
/// order taps see them, spec §6.6) — each clearing what it covers; edges outside the
/// screen are not drawn. A view's name (and title) sits on its first visible inner line,
/// or on its top border when it has no inner line, clipped to the box; East Asian wide
/// characters take two cells and are never cut in half.
///
/// A view whose name does not survive whole in the picture (too small at this scale, so
/// that a neighbour drew over it, or too narrow for its name) is `leftOut`, unless a
/// view drawn above it covers all of its visible part (then the screen hides it too):
/// `:show` says which, so no view is left out in silence.
public struct ScreenRenderer {
    public var columns: Int
    public var rows: Int
    /// Cell height / cell width (terminal cells are about twice as tall as wide).
    public var cellAspect: Double

    public init(columns: Int, rows: Int, cellAspect: Double = 2) {
        self.columns = min(max(columns, 2), 2000)
        self.rows = min(max(rows, 2), 2000)
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    }

    /// A drawing: its lines, and the names of the views it could not show.
    public struct Picture: Equatable {
        public var lines: [String]
        /// Views on screen whose name is not in `lines` although nothing covers them, in
        /// paint order (`row[0,9]`, `section[5]`).
        public var leftOut: [String]
    }

    /// The picture as lines (trailing blanks removed). Empty for a screen size that is
    /// not a positive finite number.
    public func render(_ frames: [ViewFrame], screenWidth: Double, screenHeight: Double) -> [String] {
        draw(frames, screenWidth: screenWidth, screenHeight: screenHeight).lines
    }

    /// The picture, and what it left out (see above).
    public func draw(_ frames: [ViewFrame], screenWidth: Double, screenHeight: Double) -> Picture {
        guard screenWidth.isFinite, screenHeight.isFinite, screenWidth > 0, screenHeight > 0 else { return Picture(lines: [], leftOut: []) }
        let scale = Scale(width: screenWidth, height: screenHeight, columns: columns, rows: rows, aspect: cellAspect)
        var grid = Grid(columns: scale.usedColumns, rows: scale.usedRows)
        let painted = ScreenRenderer.paintOrder(frames)
        var names: [LabelCells?] = []
        for (k, frame) in painted.enumerated() {
            names.append(draw(frame, on: &grid, scale: scale, owner: k))
        }
        let screen = Rect(x: 0, y: 0, width: screenWidth, height: screenHeight)
        let unnamed = painted.indices.filter { k in !(names[k].map { grid.owns($0, owner: k) } ?? false) }
        // What can cover a view: a section header, the header or the toolbar drawn above it
        // (rows never overlap). Bounded: past a million comparisons (thousands of views a
        // few points tall) every unnamed view is reported, none is checked for cover.
        let coverers = painted.indices.filter { if case .row = painted[$0].kind { return false } else { return true } }
        let checksCover = unnamed.count * coverers.count <= 1_000_000
        var missing: [Bool] = Array(repeating: false, count: painted.count)
        for k in unnamed {
            guard let visible = ScreenRenderer.intersection(painted[k].rect, screen) else { continue }
            let covered = checksCover && coverers.contains { $0 > k && ScreenRenderer.contains(painted[$0].rect, visible) }
            missing[k] = !covered
        }
        // In paint order: rows, section headers, the header, the toolbar.
        let leftOut = painted.indices.filter { missing[$0] }.map { painted[$0].name }
        return Picture(lines: grid.lines(), leftOut: leftOut)
    }

    /// One line that says which views `draw` left out, at most `columns` cells wide when
    /// it can be: `not drawn, too small at this size: row[0,9], section[5]; :frames lists
    /// every view`, else `not drawn (too small): row[0,9], +3 more`, else `4 views not
    /// drawn (too small)`.
    public static func leftOutNote(_ names: [String], columns: Int) -> String {
        func width(_ s: String) -> Int { s.unicodeScalars.reduce(0) { $0 + displayWidth($1) } }
        let full = "not drawn, too small at this size: " + names.joined(separator: ", ") + "; :frames lists every view"
        if width(full) <= columns { return full }
        var k = names.count
        while k > 0 {
            let more = names.count - k
            let text = "not drawn (too small): " + names.prefix(k).joined(separator: ", ") + (more > 0 ? ", +\(more) more" : "")
            if width(text) <= columns { return text }
            k -= 1
        }
        return "\(names.count) view\(names.count == 1 ? "" : "s") not drawn (too small)"
    }

    /// The part of `a` inside `b`; nil when none is.
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        guard a.x.isFinite, a.y.isFinite, a.width.isFinite, a.height.isFinite else { return nil }
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Whether `outer` holds all of `inner`.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width
            && outer.y + outer.height >= inner.y + inner.height
    }

    /// Behaviours' background views, rows, section headers, their content views (the
    /// header), then their screen views (the toolbar); input order within each.
    static func paintOrder(_ frames: [ViewFrame]) -> [ViewFrame] {
        func layer(_ f: ViewFrame) -> Int {
            switch f.kind {
            case .row: return 1
            case .section: return 2
            case .view:
                switch f.layer ?? .screen {
                case .background: return 0
                case .content: return 3
                case .screen: return 4
                }
            }
        }
        return (0..<5).flatMap { l in frames.filter { layer($0) == l } }
    }

    /// Draws one view; returns where its name was written whole (nil: nowhere).
    private func draw(_ frame: ViewFrame, on grid: inout Grid, scale: Scale, owner: Int) -> LabelCells? {
        let r = frame.rect
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0 else { return nil }
        let left = scale.column(r.x), right = scale.column(r.x + r.width)
        let top = scale.row(r.y), bottom = scale.row(r.y + r.height)
        // Loops run over the visible part only (a view may reach far off screen).
        let visibleColumns = clamp(left, right, to: grid.columns)
        let innerRows = clamp(top + 1, bottom - 1, to: grid.rows)
        if bottom - top >= 2 && right - left >= 2 {
            grid.fill(rows: innerRows, columns: clamp(left + 1, right - 1, to: grid.columns))
        }
        // Boxes that touch share a border line; a box too short for an inside row (a
        // 28 pt section header) writes its label on its own border, and a later box's
        // horizontal border along that line does not cover it.
        for row in [top, bottom] {
            for col in visibleColumns {
                let corner = col == left || col == right
                grid.put(corner ? "+" : "-", row: row, column: col, keepingBorderLabels: !corner)
            }
        }
        if bottom - top >= 2 {
            for row in innerRows {
                grid.put("|", row: row, column: left)
                grid.put("|", row: row, column: right)
            }
        }
        let label = ScreenRenderer.label(frame)
        let firstInner = max(top + 1, 0)
        let labelRow: Int
        if firstInner < bottom && firstInner < grid.rows {
            labelRow = firstInner
        } else if top >= 0 && top < grid.rows {
            labelRow = top
        } else {
            labelRow = bottom
        }
        let onBorder = labelRow == top || labelRow == bottom
        if onBorder {
            // This box is on top along its own label line: nothing shows through there.
            for col in visibleColumns where col != left && col != right {
                grid.put("-", row: labelRow, column: col)
            }
        }
        let written = grid.write(label, row: labelRow, from: max(left + 2, 1), through: right - 1, onBorder: onBorder, owner: owner)
        let nameWidth = frame.name.reduce(0) { $0 + cellWidth($1) }
        return written.count >= nameWidth ? LabelCells(row: labelRow, columns: written.prefix(nameWidth)) : nil
    }

    /// `lower...upper` cut to `0..<count` (empty when nothing of it is visible).
    private func clamp(_ lower: Int, _ upper: Int, to count: Int) -> [Int] {
        let lo = max(lower, 0)
        let hi = min(upper, count - 1)
        return lo <= hi ? Array(lo...hi) : []
    }

    /// `row[0,3] 渋谷`, `section[1] 山手線`, `header`; control characters become `?`.
    static func label(_ frame: ViewFrame) -> String {
        var text = frame.name
        if let title = frame.title, !title.isEmpty { text += " " + title }
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) ? "?" : scalar)
        }
        return out
    }
}

/// Points → cells.
private struct Scale {
    let pointsPerColumn: Double
    let pointsPerRow: Double
    let usedColumns: Int
    let usedRows: Int

    init(width: Double, height: Double, columns: Int, rows: Int, aspect: Double) {
        let px = max(width / Double(columns - 1), height / (aspect * Double(rows - 1)))
        pointsPerColumn = px
        pointsPerRow = px * aspect
        usedColumns = min(columns, Scale.cell(width / px) + 1)
        usedRows = min(rows, Scale.cell(height / (px * aspect)) + 1)
    }

    func column(_ x: Double) -> Int { Scale.cell(x / pointsPerColumn) }
    func row(_ y: Double) -> Int { Scale.cell(y / pointsPerRow) }

    /// Nearest cell, halves away from zero, clamped far outside any grid (no overflow trap).
    static func cell(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? 100_000 : -100_000 }
        return Int(min(max(v.rounded(.toNearestOrAwayFromZero), -100_000), 100_000))
    }
}

/// The cells of a view's name in the grid.
private struct LabelCells {
    var row: Int
    var columns: ArraySlice<Int>
}

/// A grid of cells; a wide character fills its cell and marks the next one as its tail.
/// Each cell knows which view's label it holds, if any (`owner`), so that a label drawn
/// over can be told.
private struct Grid {
    enum Cell: Equatable {
        case char(Character)
        case wideTail
    }

    let columns: Int
    let rows: Int
    private var cells: [[Cell]]
    /// Cells holding a label written on its box's border line (see `draw`).
    private var labelled: [[Bool]]
    /// The view whose label a cell holds; -1 for none.
    private var owners: [[Int]]

    init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(repeating: Array(repeating: .char(" "), count: self.columns), count: self.rows)
        labelled = Array(repeating: Array(repeating: false, count: self.columns), count: self.rows)
        owners = Array(repeating: Array(repeating: -1, count: self.columns), count: self.rows)
    }

    /// Whether every cell of `label` still holds `owner`'s label.
    func owns(_ label: LabelCells, owner: Int) -> Bool {
        label.columns.allSatisfy { owners[label.row][$0] == owner }
    }

    mutating func fill(rows rr: [Int], columns cc: [Int]) {
        for row in rr { for col in cc { put(" ", row: row, column: col) } }
    }

    /// Sets a one-cell character; does nothing outside the grid; repairs a wide
    /// character it cuts in half.
    mutating func put(_ ch: Character, row: Int, column: Int, keepingBorderLabels: Bool = false) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        if labelled[row][column] {
            if keepingBorderLabels { return }
            labelled[row][column] = false
        }
        clearWide(row: row, column: column)
        cells[row][column] = .char(ch)
        owners[row][column] = -1
    }

    /// Writes `text` from column `from` to `through` (inclusive), stopping before a
    /// character that would not fit whole; the cells written hold `owner`'s label.
    /// Returns the columns written, in order.
    @discardableResult
    mutating func write(_ text: String, row: Int, from: Int, through: Int, onBorder: Bool = false, owner: Int = -1) -> [Int] {
        guard row >= 0, row < rows else { return [] }
        let last = min(through, columns - 1)
        var col = from
        var written: [Int] = []
        for ch in text {
            let w = cellWidth(ch)
            if w == 0 { continue }
            if col + w - 1 > last { break }
            if col >= 0 {
                clearWide(row: row, column: col)
                if w == 2 { clearWide(row: row, column: col + 1) }
                cells[row][col] = .char(ch)
                labelled[row][col] = onBorder
                owners[row][col] = owner
                written.append(col)
                if w == 2 {
                    cells[row][col + 1] = .wideTail
                    labelled[row][col + 1] = onBorder
                    owners[row][col + 1] = owner
                    written.append(col + 1)
                }
            }
            col += w
        }
        return written
    }

    private mutating func clearWide(row: Int, column: Int) {
        switch cells[row][column] {
        case .wideTail:
            if column > 0 {
                cells[row][column - 1] = .char(" ")
                owners[row][column - 1] = -1
            }
        case .char(let c):
            if cellWidth(c) == 2 && column + 1 < columns {
                cells[row][column + 1] = .char(" ")
                owners[row][column + 1] = -1
            }
        }
    }

    func lines() -> [String] {
        cells.map { line in
            var s = ""
            for cell in line { if case .char(let c) = cell { s.append(c) } }
            while s.last == " " { s.removeLast() }
            return s
        }
    }
}

/// Terminal cells a character takes, judged by its first scalar with the front end's
/// `displayWidth` (the same table as diagnostics' carets).
func cellWidth(_ ch: Character) -> Int {
    guard let scalar = ch.unicodeScalars.first else { return 0 }
    return displayWidth(scalar)
}
