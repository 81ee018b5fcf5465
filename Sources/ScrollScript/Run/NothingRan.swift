// The one place that decides what a run (or `run --list`) says when no scenario ran.

/// Why no scenario ran, when none did and no file failed.
public enum NothingRan: Equatable, Sendable {
    /// `--filter` matched no scenario of any file.
    case noFilterMatch([String])
    /// This shard is empty, but the suite (after `--filter`) has scenarios in other shards:
    /// a small suite over many CI jobs leaves some shards empty, and that is not an error.
    case emptyShard(Shard)
    /// No input has a scenario.
    case noScenario
    /// (v1.5) Every input only declares behaviours (spec §2): these files.
    case onlyDeclarations([String])

    /// What a run or a list decides when nothing ran: `filterMatches` is how many
    /// scenarios of the inputs pass `--filter`, in any shard.
    public init(selection: RunSelection, filterMatches: Int) {
        if !selection.filters.isEmpty && filterMatches == 0 {
            self = .noFilterMatch(selection.filters)
        } else if let s = selection.shard, filterMatches > 0 {
            self = .emptyShard(s)
        } else {
            self = .noScenario
        }
    }

    /// False only for an empty shard: everything else exits with status 2.
    public var isError: Bool {
        if case .emptyShard = self { return false }
        return true
    }

    /// `no scenario matches --filter "a" or --filter "b"`, `shard 2/4 has no scenarios`,
    /// `no scenario found` (after `scrollscript: ` on standard error).
    public var message: String {
        switch self {
        case .noFilterMatch(let filters):
            return "no scenario matches " + filters.map { "--filter \(quoteString($0))" }.joined(separator: " or ")
        case .emptyShard(let s): return "shard \(s.index)/\(s.count) has no scenarios"
        case .noScenario: return "no scenario found"
        case .onlyDeclarations(let files):
            return "no scenario found: \(files.joined(separator: ", ")) only declare\(files.count == 1 ? "s" : "") behaviours (run the files that use them)"
        }
    }
}
