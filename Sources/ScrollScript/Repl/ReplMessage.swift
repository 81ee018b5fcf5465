// The REPL's own English (besides the diagnostics and failures it renders, which carry
// their problem's `message`): one case per thing the REPL says, its wording in `message`.

enum ReplMessage {
    /// Why the session's history stopped replaying (`:save` quotes it).
    case stoppedPartWay(keyword: String, at: SourceLocation, time: Double)
    /// The value of an expression statement or a `let`: `header.height = 300.06` for a
    /// name, the value alone for anything else.
    case value(Expr, Value)
    /// What a tap reached (spec §6.6).
    case tapped(TapOutcome, BehaviourRegistry)
    /// Configuration typed after time advanced rebuilt the world.
    case rebuilt
    /// Ctrl-C stopped a run.
    case interrupted(time: Double)
    /// A watch's value changed in the frame just run.
    case watchFired(id: Int, text: String, from: Value, to: Value, time: Double)
    /// The advice after "no recorded value" for a `?` typed in the REPL (`subjects`: the
    /// left sides of its checks).
    case expectAdvice(subjects: [String])

    var message: String {
        switch self {
        case .stoppedPartWay(let keyword, let at, let time):
            return "'\(keyword)' (\(at.file):\(at.line)) was stopped part-way at \(replTimeLabel(time)), and a scenario file cannot stop it there"
        case .value(let e, let v):
            return ReplMessage.valueText(e, v)
        case .tapped(let outcome, let registry):
            return "tap: \(outcome.description(registry))"
        case .rebuilt:
            return "configuration changed after time advanced: the world was rebuilt at t=0.000 s (earlier actions dropped)"
        case .interrupted(let time):
            return "interrupted at \(replTimeLabel(time))"
        case .watchFired(let id, let text, let from, let to, let time):
            return "watch \(id): \(text) \(from.formatted) → \(to.formatted) at \(replTimeLabel(time))"
        case .expectAdvice(let subjects):
            if subjects.contains(where: { $0.contains(" ") }) {
                return "write the value, or ':expect NAME' to add a check of a name with its value now"
            }
            let these = subjects.count == 1 ? "this check with its value" : "these checks with their values"
            return "':expect \(subjects.joined(separator: " "))' adds \(these) now"
        }
    }

    private static func valueText(_ e: Expr, _ v: Value) -> String {
        switch e {
        case .name(let n, _): return "\(n) = \(v.formatted)"
        case .indexed(let base, let ix, let member, _):
            var idx: [String] = []
            for x in ix {
                if case .number(let n, _) = x { idx.append(n.raw) } else { return v.formatted }
            }
            return "\(base)[\(idx.joined(separator: ","))].\(member) = \(v.formatted)"
        default: return v.formatted
        }
    }
}
