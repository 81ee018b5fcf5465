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

    /// The picture as lines (trailing blanks removed). Empty for a screen size that is
    /// not a positive finite number.
    public func render(_ frames: [ViewFrame], screenWidth: Double, screenHeight: Double) -> [String] {
        guard screenWidth.isFinite, screenHeight.isFinite, screenWidth > 0, screenHeight > 0 else { return [] }
        let scale = Scale(width: screenWidth, height: screenHeight, columns: columns, rows: rows, aspect: cellAspect)
        var grid = Grid(columns: scale.usedColumns, rows: scale.usedRows)
        for frame in ScreenRenderer.paintOrder(frames) {
            draw(frame, on: &grid, scale: scale)
        }
        return grid.lines()
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

    private func draw(_ frame: ViewFrame, on grid: inout Grid, scale: Scale) {
        let r = frame.rect
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0 else { return }
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
        grid.write(label, row: labelRow, from: max(left + 2, 1), through: right - 1, onBorder: onBorder)
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

/// A grid of cells; a wide character fills its cell and marks the next one as its tail.
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

    init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(repeating: Array(repeating: .char(" "), count: self.columns), count: self.rows)
        labelled = Array(repeating: Array(repeating: false, count: self.columns), count: self.rows)
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
    }

    /// Writes `text` from column `from` to `through` (inclusive), stopping before a
    /// character that would not fit whole.
    mutating func write(_ text: String, row: Int, from: Int, through: Int, onBorder: Bool = false) {
        guard row >= 0, row < rows else { return }
        let last = min(through, columns - 1)
        var col = from
        for ch in text {
            let w = cellWidth(ch)
            if w == 0 { continue }
            if col + w - 1 > last { break }
            if col >= 0 {
                clearWide(row: row, column: col)
                if w == 2 { clearWide(row: row, column: col + 1) }
                cells[row][col] = .char(ch)
                labelled[row][col] = onBorder
                if w == 2 {
                    cells[row][col + 1] = .wideTail
                    labelled[row][col + 1] = onBorder
                }
            }
            col += w
        }
    }

    private mutating func clearWide(row: Int, column: Int) {
        switch cells[row][column] {
        case .wideTail:
            if column > 0 { cells[row][column - 1] = .char(" ") }
        case .char(let c):
            if cellWidth(c) == 2 && column + 1 < columns { cells[row][column + 1] = .char(" ") }
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
