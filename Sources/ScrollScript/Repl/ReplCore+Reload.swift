// :reload: the loaded file again, after an edit, back where the session was.

extension ReplCore {
    /// `:reload`: reads and checks the loaded file again and takes the same scenario (by
    /// name) from its start. When its configuration and the statements that ran before the
    /// current one are unchanged (compared without comments or layout), it is run again,
    /// quietly, to the same point: the same statement, the same frame; after a failure, to
    /// just before the statement that failed. Otherwise it stays at its start and says what
    /// changed. A file that no longer checks, or no longer has the scenario, is reported and
    /// the session stays as it was.
    public func reload() -> ReplOutcome {
        guard let old = loaded else {
            return ReplOutcome(["error: no file loaded (:load FILE loads one)"], failed: true)
        }
        let path = old.source.name
        let file: LoadedFile
        let newScenario: LoadedScenario
        switch readScenarioFile(path: path, scenario: old.scenario.name) {
        case .failure(let o):
            return ReplOutcome([o.text, "the loaded scenario stays as it was"], failed: true)
        case .success(let f):
            guard let s = f.scenario else {
                return ReplOutcome(["error: \(path) has no scenario", "the loaded scenario stays as it was"], failed: true)
            }
            file = f
            newScenario = s
        }
        // (v1.5) The file's declarations, read again, are the session's.
        if let refused = adoptDeclarations(of: file) {
            return ReplOutcome(refused + ["the loaded scenario stays as it was"], failed: true)
        }
        let target = reloadTarget(old)
        let changed = firstChange(old.scenario, newScenario.scenario, before: target.unchangedStatements)
        loaded = newScenario
        start(loaded)
        let sc = newScenario.scenario
        var lines = ["reloaded \(quoteString(sc.name)) from \(path) (\(counted(sc.statements.count, "statement")))"]
        if let changed {
            if target.advances > 0 { lines[0] += "; from its start: \(changed)" }
        } else if target.advances > 0 {
            lines += replay(to: target, in: sc)
        }
        return loadedOutcome(lines)
    }

    /// How far the session had gone, and how much of the scenario that depended on.
    struct ReloadTarget {
        /// Calls of `advance()` to repeat (0: the scenario had not started).
        var advances: Int
        /// Its top-level statements that must be unchanged to come back.
        var unchangedStatements: Int
        /// After a failure: stop before this top-level statement instead.
        var beforeStatement: Int?
    }

    private func reloadTarget(_ old: LoadedScenario) -> ReloadTarget {
        let statements = old.scenario.statements
        /// The top-level statement at or around `location`.
        func topIndex(_ location: SourceLocation) -> Int {
            statements.lastIndex { $0.location.offset <= location.offset } ?? 0
        }
        if let f = loadedFailure {
            let k = topIndex(f)
            return ReloadTarget(advances: interpreter.advances, unchangedStatements: k, beforeStatement: k)
        }
        guard let current = interpreter.currentStatement, current.location.file == old.source.name else {
            return ReloadTarget(advances: interpreter.advances, unchangedStatements: statements.count)
        }
        let k = topIndex(current.location)
        // Part-way through the statement, or inside a `repeat`: it ran in part, so it counts.
        let started = interpreter.isInsideStatement || statements[k].location != current.location
        return ReloadTarget(advances: interpreter.advances, unchangedStatements: started ? k + 1 : k)
    }

    /// What differs between the two versions of the scenario, for the first `count`
    /// top-level statements and the configuration: nil when nothing does.
    private func firstChange(_ old: CheckedScenario, _ new: CheckedScenario, before count: Int) -> String? {
        if old.config != new.config { return "its configuration changed" }
        for i in 0..<count {
            guard i < new.statements.count else { return "it has fewer statements" }
            if statementShape(old.statements[i]) != statementShape(new.statements[i]) {
                return "line \(new.statements[i].location.line) changed"
            }
        }
        return nil
    }

    /// Runs the fresh session up to `target`, with no output, watches or taps shown.
    private func replay(to target: ReloadTarget, in sc: CheckedScenario) -> [String] {
        let i = interpreter
        // Watches do not stop it on the way (they are primed afresh at the end).
        i.observer = nil
        i.restartLimits()
        defer {
            updateObserver()
            primeWatches()
        }
        var event = StepEvent.statement
        if let k = target.beforeStatement {
            let stop = k < sc.statements.count ? sc.statements[k].location : nil
            while !i.isFinished, !(stop != nil && !i.isInsideStatement && i.currentStatement?.location == stop) {
                event = i.advance()
                if event == .failed || event == .paused || event == .finished { break }
            }
        } else {
            while i.advances < target.advances && !i.isFinished {
                event = i.advance()
                if event == .failed || event == .paused || event == .finished { break }
            }
        }
        switch event {
        case .failed:
            var lines: [String] = []
            if let f = i.failure {
                lines.append(chomp(f.render(sourceLines: linesFor(f.location))))
                loadedFailure = f.location
            }
            session.recover()
            return lines + ["back where it was: it fails there again"]
        case .paused:
            session.recover()
            return ["interrupted on the way back; stopped at \(replTimeLabel(world.time))"]
        default:
            return [target.beforeStatement != nil ? "back before the statement that failed" : "back where it was"]
        }
    }
}

/// A statement as the words it runs, without comments, layout or location: two versions
/// of a file that give the same shape run the same.
private func statementShape(_ s: Stmt) -> String {
    var text = statementHead(s.kind)
    if let block = statementBlock(s.kind) {
        text += " {" + block.statements.map(statementShape).joined(separator: "; ") + "}"
    }
    return text
}
