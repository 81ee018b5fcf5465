// What a REPL session has run, as a scenario file would replay it (`:save`): the top-level
// statements that ran to their end, in order, and why the list stopped replaying, if it did.

struct SessionHistory {
    /// Top-level statements that ran to the end without error, in order.
    private(set) var completed: [Stmt] = []
    /// Why `completed` no longer replays to the session's world, if it does not: a
    /// statement that moves a finger or taps was stopped part-way (a file cannot stop a
    /// gesture there). `:save` refuses to write then.
    private(set) var unreplayable: ReplMessage?

    mutating func finished(_ s: Stmt) {
        completed.append(s)
    }

    /// A top-level statement the interpreter dropped part-way (`Interpreter.recover()`),
    /// at simulated time `time`: frames that only advanced the clock (wait, tick, settle,
    /// expect, print ...) are kept as `tick N`; a gesture or a tap cut short cannot be
    /// written as a statement, so the history stops replaying.
    mutating func stopped(_ s: StoppedStatement, at time: Double) {
        let top = s.statement
        if SessionHistory.onlyAdvancesFrames(top) {
            if s.frames > 0 {
                let l = top.location
                let n = NumberLiteral(value: Double(s.frames), unit: .none, raw: String(s.frames))
                completed.append(Stmt(kind: .tick(.number(n, l)), location: l))
            }
        } else if s.frames > 0 || SessionHistory.isCompound(top) {
            unreplayable = unreplayable ?? .stoppedPartWay(keyword: top.kind.keyword, at: top.location, time: time)
        }
    }

    /// Forgets everything (a fresh world).
    mutating func clear() {
        self = SessionHistory()
    }

    /// True when running `s` changes the world only by running frames (so `tick N` replays it).
    static func onlyAdvancesFrames(_ s: Stmt) -> Bool {
        switch s.kind {
        case .wait, .tick, .settle, .expect, .expectWithin, .print, .frames, .expression: return true
        case .repeatBlock(_, let body): return body.statements.allSatisfy(onlyAdvancesFrames)
        // Every case by name (no `default`): a new statement must say whether `tick N` replays it.
        case .scene, .scenario, .screen, .fps, .configure, .section, .sections,
             .set, .use, .pull, .drag, .release, .fling, .swipe, .tapHeader, .tapRow, .tapView, .tap,
             .expectAlways, .let:
            return false
        }
    }

    static func isCompound(_ s: Stmt) -> Bool {
        if case .repeatBlock = s.kind { return true }
        return false
    }
}
