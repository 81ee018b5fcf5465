// Which scenarios a run includes: `--filter` (substrings of the file path or the scenario
// name) and `--shard I/N` (a stable partition by a hash of path and name).

/// `--filter` and `--shard`: which scenarios of which files a run includes.
public struct RunSelection: Sendable, Equatable {
    /// Case-insensitive substrings of the file path or the scenario name; any one matching
    /// is enough. Empty: everything.
    public var filters: [String]
    public var shard: Shard?
    /// The behaviours the files' words are read against.
    public var registry: BehaviourRegistry
    /// `--strict`: a file whose check warns is a file with errors (nothing in it runs; its
    /// warnings are printed as errors, `error: MESSAGE [--strict]`; spec §5, §7).
    public var strict: Bool

    public init(filters: [String] = [], shard: Shard? = nil, registry: BehaviourRegistry = .builtIn, strict: Bool = false) {
        self.filters = filters.filter { !$0.isEmpty }
        self.shard = shard
        self.registry = registry
        self.strict = strict
        lowered = self.filters.map { $0.lowercased() }
    }

    private var lowered: [String]

    /// Whether the scenario `name` of `file` runs.
    public func includes(file: String, scenario name: String) -> Bool {
        matchesFilter(file: file, scenario: name) && (shard?.contains(file: file, scenario: name) ?? true)
    }

    /// Whether the scenario passes `--filter` (whatever its shard).
    public func matchesFilter(file: String, scenario name: String) -> Bool {
        if lowered.isEmpty { return true }
        let f = file.lowercased(), n = name.lowercased()
        return lowered.contains(where: { f.contains($0) || n.contains($0) })
    }

    /// Whether a file that could not run is reported here: always without shards; with
    /// shards, in exactly one shard (the one its path alone hashes to).
    public func reportsBrokenFile(_ file: String) -> Bool {
        shard?.contains(file: file, scenario: "") ?? true
    }
}

/// `--shard I/N`: shard I (1-based) of N. A scenario belongs to the shard its file path and
/// name hash to (64-bit FNV-1a of `path`, a 0 byte, `name`, modulo N), so shards 1...N
/// add up to the whole, none twice, and adding a file moves no other scenario.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 1_000_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `"2/4"`; nil unless both are whole numbers with 1 <= I <= N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
              let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public func contains(file: String, scenario name: String) -> Bool {
        Int(Shard.hash(file: file, scenario: name) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a over the UTF-8 of `file`, one 0 byte, and the UTF-8 of `name`: a fixed
    /// function, the same on every machine and run (Swift's `Hasher` is seeded per process).
    public static func hash(file: String, scenario name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        for b in file.utf8 { h = (h ^ UInt64(b)) &* prime }
        h = (h ^ 0) &* prime
        for b in name.utf8 { h = (h ^ UInt64(b)) &* prime }
        return h
    }
}
