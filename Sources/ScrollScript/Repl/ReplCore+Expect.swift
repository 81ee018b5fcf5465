// :expect [NAME ...] — the bridge from exploring to a scenario file: `expect` lines for
// the current values, run (they hold) and kept in the session, so `:save` writes them.
//
//     > pull 100
//     t=0.333 s  offset 0.00 → -50.81  header.height 240.00 → 290.81  phase idle → dragging
//     > :expect
//     added 4 checks (:save writes them):
//       expect offset ~= -50.81
//       ...

extension ReplCore {
    /// The names `:expect` considers without arguments: the change line's observables,
    /// then the scroll bounds and the last tap's target, then each section's `open` and
    /// `height` (as in `ReplSnapshot`).
    func expectableValues(_ world: World) -> [(name: String, value: Value)] {
        var v = ReplSnapshot(world).values
        let extra: [CoreObservable] = [.offsetMin, .offsetMax, .tapTarget]
        // After the snapshot's plain observables, before its `section[I].*` values.
        let at = min(ReplSnapshot.order(world.registry).filter { ReplSnapshot.exists($0, in: world) }.count, v.count)
        v.insert(contentsOf: extra.map { ($0.rawValue, world.value($0)) }, at: at)
        return v
    }

    /// Names whose printed value differs between two readings of the same world shape.
    func changedNames(_ a: [(name: String, value: Value)], _ b: [(name: String, value: Value)]) -> [String] {
        var old: [String: String] = [:]   // lookup only
        for (n, v) in a { old[n] = v.formatted }
        return b.compactMap { n, v in old[n].map { $0 != v.formatted ? n : nil } ?? nil }
    }

    /// `:expect [NAME ...]`.
    public func addExpectations(_ names: [String]) -> ReplOutcome {
        if let l = loaded, let next = interpreter.currentStatement, next.location.file == l.source.name {
            return ReplOutcome(["error: the loaded scenario is part-way (see :where); :step or :continue it to the end (:reset starts it again), or :unload it, before adding checks"], failed: true)
        }
        let wanted = names.isEmpty ? lastChanged : names
        if wanted.isEmpty {
            return ReplOutcome(["error: the last entry changed nothing to check; name what to check, as in ':expect offset header.height'"], failed: true)
        }
        var lines: [String] = []
        for name in wanted {
            switch expectLine(for: name) {
            case .success(let line): lines.append(line)
            case .failure(let problem): return ReplOutcome(["error: " + problem.text], failed: true)
            }
        }
        let saved = lastChanged
        let outcome = enter(lines.joined(separator: "\n"))
        lastChanged = saved
        if outcome.failed { return outcome }
        let n = lines.count
        return ReplOutcome(["added \(n) check\(n == 1 ? "" : "s") (:save writes them):"] + lines.map { "  " + $0 })
    }

    /// `expect NAME ~= VALUE` for a measured number (its printed value is within the
    /// default tolerance), `expect NAME == VALUE` for anything else.
    func expectLine(for name: String) -> Result<String, ReplOutcome> {
        // Parsed as `print NAME`, so that an unknown word is a name ("did you mean").
        let (program, diags) = parseChunk("print " + name, registry: registry)
        guard diags.isEmpty, program.statements.count == 1, case .print(let items) = program.statements[0].kind,
              items.count == 1, let e = items.first else {
            return .failure(ReplOutcome(["'\(name)' is not a name to check (as in offset, header.height, section[0].y)"]))
        }
        let check = checkStatementsAndWarn(program.statements, config: session.config, lets: interpreter.boundLets)
        if let d = check.errors.first {
            return .failure(ReplOutcome(["\(name): \(d.message)"]))
        }
        let text = exprText(e)
        switch interpreter.evaluate(e, names: check.names) {
        case .failure(let err): return .failure(ReplOutcome(["\(name): \(err.message)"]))
        case .success(let v):
            switch v {
            case .rect: return .failure(ReplOutcome(["\(text) is a rect, which cannot be compared; name its parts (as in header.y, header.height)"]))
            case .number(_, .count): return .success("expect \(text) == \(v.formatted)")
            case .number: return .success("expect \(text) ~= \(v.formatted)")
            default: return .success("expect \(text) == \(v.formatted)")
            }
        }
    }
}
