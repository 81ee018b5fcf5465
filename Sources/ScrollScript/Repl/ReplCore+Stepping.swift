// :step, :tick, :continue, and the breakpoints, watches and displays they honour.

extension ReplCore {
    /// `:step N`: the next N statements (a `repeat` counts as one statement to enter).
    public func step(_ n: Int) -> ReplOutcome {
        guard !interpreter.isFinished else { return nothingLeft("step") }
        return running { i in
            for _ in 0..<max(1, n) {
                let e = i.stepStatement()
                if e != .statement && e != .frame { return e }
                if i.isFinished { return .finished }
            }
            return .statement
        }
    }

    /// `:tick N`: N display frames. Part-way through a statement (or with a loaded
    /// scenario's statements left), frames of that work; otherwise bare frames, as the
    /// statement `tick N` (a held finger stays held).
    public func tick(_ n: Int) -> ReplOutcome {
        var left = max(1, n)
        var out: [String] = []
        var failed = false
        if !interpreter.isFinished {
            let r = running { i in
                while left > 0 && !i.isFinished {
                    let before = i.world.frameIndex
                    let e = i.stepFrame()
                    // statements that take no frame (the scenario's last expects) use no tick
                    if i.world.frameIndex != before { left -= 1 }
                    if e == .failed || e == .paused { left = 0; return e }
                }
                return .statement
            }
            if left == 0 || !interpreter.isFinished { return r }
            out.append(r.text)
            failed = r.failed
        }
        if left > 0 {
            let r = enter("tick \(left)")
            if !r.text.isEmpty { out.append(r.text) }
            failed = failed || r.failed
        }
        return ReplOutcome(out.filter { !$0.isEmpty }, failed: failed)
    }

    /// `:continue`: to the next breakpoint, a watch, a failure or the end.
    public func continueRun() -> ReplOutcome {
        guard !interpreter.isFinished else { return nothingLeft("continue") }
        var hit: String?
        // From a breakpoint's stop (or :load, :step, :tick) it goes past the breakpoint
        // here; after a pause (a watch, Ctrl-C) it has not been looked at yet.
        var first = pausedAt != interpreter.advances
        pausedAt = nil
        let r = running { i in
            while true {
                if i.isFinished { return .finished }
                if !first, !i.isInsideStatement, let s = i.currentStatement, let b = self.breakpoint(at: s) {
                    hit = "breakpoint \(b.id): \(b.text)"
                    return .statement
                }
                first = false
                let e = i.advance()
                if e == .failed || e == .paused || e == .finished { return e }
            }
        }
        guard let hit else { return r }
        return ReplOutcome([hit] + (r.text.isEmpty ? [] : [r.text]) + whereLines(), failed: r.failed)
    }

    /// The breakpoint (id, condition text) that stops before `s`, if any.
    private func breakpoint(at s: Stmt) -> BreakOrWatch? {
        guard let l = loaded, s.location.file == l.source.name else { return nil }
        for b in stops where b.unchecked == nil {  // (a condition waiting for :load never stops)
            guard case .breakpoint(let line, let cond) = b.kind, line == s.location.line else { continue }
            guard let cond else { return b }
            if case .success(.bool(true)) = interpreter.evaluate(cond.expr, names: cond.names) { return b }
        }
        return nil
    }

    /// Runs `body` against the interpreter with output collected, then reports: print
    /// and tap lines, a failure, a pause, the end of a loaded scenario, what changed.
    func running(_ body: (Interpreter) -> StepEvent) -> ReplOutcome {
        let before = ReplSnapshot(world)
        var lines: [String] = []
        let i = interpreter
        // Each command's run has the limits afresh, as each typed entry does.
        i.restartLimits()
        let (e, said) = session.collectingLines(body)
        lines += said
        var failed = false
        let interrupted = e == .paused && watchHits.isEmpty
        if e == .failed, let f = i.failure {
            lines.append(chomp(f.render(sourceLines: linesFor(f.location))))
            if let l = loaded, f.location.file == l.source.name {
                lines.append("FAIL  \(quoteString(l.scenario.name))  (\(formatFixed(world.time, 3)) s)")
                loadedFailure = f.location
            }
            session.recover()
            failed = true
        } else if e == .paused {
            pausedAt = i.advances
            lines += pauseLines()
        } else if i.isFinished, let l = loaded, e == .finished || e == .statement {
            lines.append("PASS  \(quoteString(l.scenario.name))  (\(formatFixed(world.time, 3)) s)")
        }
        watchHits = []
        lines += after(before, always: true, timeAlone: !interrupted)
        return ReplOutcome(lines, failed: failed)
    }

    private func nothingLeft(_ what: String) -> ReplOutcome {
        if let l = loaded {
            return ReplOutcome(["nothing to \(what): \(quoteString(l.scenario.name)) has ended (\(replTimeLabel(world.time))); :reset starts it again"])
        }
        return ReplOutcome(["nothing to \(what): no scenario loaded (:load FILE), and nothing paused"])
    }

    // MARK: - Breakpoints, watches, displays

    /// `:break LINE [if EXPR]`.
    public func addBreakpoint(line: Int, condition: String?) -> ReplOutcome {
        var cond: CheckedExpression?
        var unchecked: String?
        if let c = condition {
            switch checkOrDefer(c) {
            case .refused(let o): return o
            case .checked(let e): cond = e
            case .deferred: unchecked = c
            }
        }
        var at = line
        var moved: String?
        if loaded != nil {
            switch breakpointLine(for: line) {
            case .failure(let r): return ReplOutcome(["error: \(r.why); no breakpoint set"], failed: true)
            case .success(let l):
                if l != line { moved = "(moved from line \(line): no statement there)" }
                at = l
            }
        }
        let id = newStopID()
        let text = "line \(at)" + (condition.map { " if \($0)" } ?? "")
        stops.append(BreakOrWatch(id: id, text: text, kind: .breakpoint(line: at, condition: cond), unchecked: unchecked))
        var lines = ["breakpoint \(id): \(text)" + (moved.map { " " + $0 } ?? "")]
        if loaded == nil {
            lines.append("note: breakpoints stop in a loaded scenario (:load FILE); the line\(unchecked == nil ? " is" : " and the condition are") checked then")
        }
        return ReplOutcome(lines)
    }

    /// Where a breakpoint asked for at `line` stops, as gdb does: at the first statement of
    /// the loaded scenario on or after that line; refused outside the scenario.
    func breakpointLine(for line: Int) -> Result<Int, BreakRefusal> {
        guard let l = loaded else { return .success(line) }
        var lines: [Int] = []
        func collect(_ ss: [Stmt]) {
            for s in ss {
                lines.append(s.location.line)
                if case .repeatBlock(_, let body) = s.kind { collect(body.statements) }
            }
        }
        collect(l.scenario.statements)
        let name = quoteString(l.scenario.name)
        guard let first = lines.min(), let last = lines.max() else {
            return .failure(BreakRefusal(why: "\(name) has no statement to stop at"))
        }
        let start = l.scenario.location.line
        if line < start || line > last {
            let span = first == last ? "line \(first)" : "lines \(first)–\(last)"
            return .failure(BreakRefusal(why: "line \(line) is not in the loaded scenario \(name) (its statements are on \(span))"))
        }
        if line <= first { return .success(first) }
        return .success(lines.filter { $0 >= line }.min() ?? last)
    }

    /// After `:load`: breakpoints set before move to a statement of the new scenario, or
    /// are deleted with a word.
    func resolveBreakpointsAfterLoad() -> [String] {
        var out: [String] = []
        var kept: [BreakOrWatch] = []
        for b in stops {
            if case .pendingWatch = b.kind, let text = b.unchecked {
                // A watch typed before :load: checked now, against the loaded configuration.
                switch parseExpression(text) {
                case .failure(let o):
                    out.append("note: watch \(b.id) deleted: \(firstMessage(o))")
                case .success(let e):
                    let resolved = interpreter.resolve(e.expr, names: e.names)
                    var last: Value?
                    if case .success(let v) = interpreter.evaluate(resolved) { last = v }
                    kept.append(BreakOrWatch(id: b.id, text: b.text, kind: .watch(resolved, last: last)))
                }
                continue
            }
            guard case .breakpoint(let line, var cond) = b.kind else { kept.append(b); continue }
            if let text = b.unchecked {
                // A condition typed before :load: checked now, as the line is.
                switch parseExpression(text) {
                case .failure(let o):
                    out.append("note: breakpoint \(b.id) deleted: its condition does not check: \(firstMessage(o))")
                    continue
                case .success(let e): cond = e
                }
            }
            switch breakpointLine(for: line) {
            case .failure(let r):
                out.append("note: breakpoint \(b.id) deleted: \(r.why)")
            case .success(let at):
                var nb = b
                nb.unchecked = nil
                nb.kind = .breakpoint(line: line, condition: cond)
                if at != line {
                    nb.kind = .breakpoint(line: at, condition: cond)
                    nb.text = nb.text.replacingOccurrences(of: "line \(line)", with: "line \(at)")
                    out.append("note: breakpoint \(b.id) moved from line \(line) to line \(at) (no statement there)")
                }
                kept.append(nb)
            }
        }
        stops = kept
        updateObserver()
        return out
    }

    /// The first line of a refusal (`error: ` dropped, and any source line and caret).
    private func firstMessage(_ o: ReplOutcome) -> String {
        let first = o.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let r = first.range(of: "error: ") else { return first }
        return String(first[r.upperBound...])
    }

    /// `:watch EXPR`: stop at the first frame where its value changes.
    public func addWatch(_ text: String) -> ReplOutcome {
        switch checkOrDefer(text) {
        case .refused(let o): return o
        case .deferred(let why):
            let id = newStopID()
            stops.append(BreakOrWatch(id: id, text: text, kind: .pendingWatch, unchecked: text))
            return ReplOutcome(["watch \(id): \(text) (checked at :load)",
                                "note: not checked here (\(why)); :load FILE checks it against the file's scenario"])
        case .checked(let e):
            let id = newStopID()
            let resolved = interpreter.resolve(e.expr, names: e.names)
            let now = interpreter.evaluate(resolved)
            var last: Value?
            if case .success(let v) = now { last = v }
            stops.append(BreakOrWatch(id: id, text: text, kind: .watch(resolved, last: last)))
            updateObserver()
            return ReplOutcome(["watch \(id): \(text) (now \(last?.formatted ?? "?"))"])
        }
    }

    /// `:delete N`: a breakpoint or a watch.
    public func deleteStop(_ id: Int) -> ReplOutcome {
        guard let i = stops.firstIndex(where: { $0.id == id }) else {
            return ReplOutcome(["error: no breakpoint or watch \(id) (see :breaks)"], failed: true)
        }
        stops.remove(at: i)
        updateObserver()
        return ReplOutcome(["deleted \(id)"])
    }

    /// `:breaks`: breakpoints and watches, by number.
    public func listStops() -> ReplOutcome {
        if stops.isEmpty { return ReplOutcome(["no breakpoints or watches"]) }
        return ReplOutcome(stops.map { s in
            switch s.kind {
            case .breakpoint: return "\(s.id)  break \(s.text)"
            case .watch(_, let last): return "\(s.id)  watch \(s.text) (now \(last?.formatted ?? "?"))"
            case .pendingWatch: return "\(s.id)  watch \(s.text) (checked at :load)"
            }
        })
    }

    /// `:display EXPR`: printed now and after everything that runs.
    public func addDisplay(_ text: String) -> ReplOutcome {
        switch parseExpression(text) {
        case .failure(let o): return o
        case .success(let e):
            let id = nextDisplay
            nextDisplay += 1
            displays.append((id, text, e))
            return ReplOutcome([displayLine(id: id, text: text, expr: e)])
        }
    }

    /// `:undisplay N`.
    public func removeDisplay(_ id: Int) -> ReplOutcome {
        guard let i = displays.firstIndex(where: { $0.id == id }) else {
            return ReplOutcome(["error: no display \(id)"], failed: true)
        }
        displays.remove(at: i)
        return ReplOutcome(["undisplayed \(id)"])
    }

    /// What `checkOrDefer` made of an expression.
    enum DeferredCheck {
        case checked(CheckedExpression)
        /// Nothing is loaded and the expression needs what the typed configuration does not
        /// declare (a behaviour, a section, a row): `:load` checks it (the first reason).
        case deferred(String)
        case refused(ReplOutcome)
    }

    /// `parseExpression`, except that with nothing loaded an expression that is only
    /// wrong for this session's configuration (`toolbar.state` with no `toolbar`,
    /// `section[3].y` in a table of one section) waits for `:load`, where breakpoints are
    /// checked too (docs/repl.md). A mistake of its own (a typo, a wrong kind) is refused now.
    func checkOrDefer(_ text: String) -> DeferredCheck {
        switch parseExpression(text, deferring: loaded == nil) {
        case .success(let e): return .checked(e)
        case .failure(let o):
            if let why = o.deferredReason { return .deferred(why) }
            return .refused(o.outcome)
        }
    }

    /// An expression typed after a command, parsed and checked against this world's
    /// configuration (as the argument of `print`, so any kind of value is allowed).
    /// Diagnostics show `text` itself, with columns counted in it (`print ` is lexed as if
    /// it stood left of column 1), on the command's line of the session.
    func parseExpression(_ text: String) -> Result<CheckedExpression, ReplOutcome> {
        parseExpression(text, deferring: false).mapError { $0.outcome }
    }

    /// Why `parseExpression` refused, and whether every reason was the configuration's.
    struct ExpressionRefusal: Error {
        var outcome: ReplOutcome
        /// Set (`deferring`) when each check error is about what the configuration
        /// declares: the first one's message.
        var deferredReason: String?
    }

    /// Check problems that a loaded scenario's configuration may answer.
    static func dependsOnConfiguration(_ p: Problem) -> Bool {
        switch p {
        case .check(.needsBehaviour), .check(.noSuchSection), .check(.noSuchRow),
             .check(.noSectionTitled), .check(.untitledSection): return true
        default: return false
        }
    }

    func parseExpression(_ text: String, deferring: Bool) -> Result<CheckedExpression, ExpressionRefusal> {
        let prefix = "print "
        var lines = TypedLines()
        lines.replace(with: [text], from: line, keeping: [])
        let lexer = Lexer(bytes: Array((prefix + text).utf8), file: "<repl>", firstLine: line, firstColumn: 1 - prefix.utf8.count)
        var parser = Parser(lexer: lexer, file: "<repl>", letNames: Set(interpreter.boundLets.keys), lexicon: Lexicon.of(registry))
        let program = parser.parseProgram()
        func shown(_ diags: [Diagnostic]) -> ReplOutcome {
            ReplOutcome(diags.map { d in
                var at = d.location
                at.column = max(at.column, 1)  // (nothing is reported at `print` itself)
                return chomp(renderDiagnostic(at: at, message: d.message, sourceLines: lines))
            }, failed: true)
        }
        let diags = parser.syntaxDiagnostics
        if !diags.isEmpty { return .failure(ExpressionRefusal(outcome: shown(diags))) }
        guard program.statements.count == 1, case .print(let es) = program.statements[0].kind, es.count == 1 else {
            return .failure(ExpressionRefusal(outcome: ReplOutcome(["error: expected one expression, not '\(text)'"], failed: true)))
        }
        let check = checkStatementsAndWarn(program.statements, config: session.config, lets: interpreter.boundLets)
        if !check.errors.isEmpty {
            let deferred = deferring && check.errors.allSatisfy { ReplCore.dependsOnConfiguration($0.problem) }
            return .failure(ExpressionRefusal(outcome: shown(check.errors), deferredReason: deferred ? check.errors[0].message : nil))
        }
        return .success(CheckedExpression(expr: es[0], names: check.names))
    }
}

/// Why a breakpoint cannot be set where asked.
struct BreakRefusal: Error {
    var why: String
}
