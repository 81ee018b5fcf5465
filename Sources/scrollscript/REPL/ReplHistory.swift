import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which lines the history keeps: not blank lines, not a line equal to the one just
/// before it, at most `limit` lines (readline's `stifle_history` drops the oldest).
struct HistoryPolicy: Equatable {
    /// Lines kept in memory and in the file.
    var limit: Int

    static let standard = HistoryPolicy(limit: 1000)

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Whether `line` is recorded after `previous` (the newest entry, if any).
    func shouldRecord(_ line: String, previous: String?) -> Bool {
        if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }) { return false }
        return line != previous
    }
}

/// The history file, `~/.scrollscript_history` (HOME from the environment), through GNU
/// readline's history list: read at start, stifled to the policy's limit, written and
/// truncated at exit. Ctrl-R searches it (readline's own incremental search).
final class ReplHistory {
    let path: String
    let policy: HistoryPolicy
    private var last: String?

    /// The default file: `$HOME/.scrollscript_history`, or nil when HOME is unset or empty.
    static func defaultPath(environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home.hasSuffix("/") ? home + ".scrollscript_history" : home + "/.scrollscript_history"
    }

    init(path: String, policy: HistoryPolicy = .standard) {
        self.path = path
        self.policy = policy
    }

    /// Reads the file into readline's history list (a missing file is an empty history)
    /// and stifles the list to the limit.
    func load() {
        using_history()
        stifle_history(Int32(clamping: policy.limit))
        _ = read_history(path)
        if history_length > 0, let entry = history_get(history_base + history_length - 1),
           let text = entry.pointee.line {
            last = String(cString: text)
        }
    }

    /// Adds `line` unless the policy says no.
    func add(_ line: String) {
        guard policy.shouldRecord(line, previous: last) else { return }
        add_history(line)
        last = line
    }

    /// Writes the list to the file, then truncates the file to the limit.
    /// Returns false if the file could not be written.
    @discardableResult
    func save() -> Bool {
        let written = write_history(path) == 0
        _ = history_truncate_file(path, Int32(clamping: policy.limit))
        return written
    }

    /// The entries readline holds, oldest first (for tests and `:history`-like output).
    var entries: [String] {
        var out: [String] = []
        let count = Int(history_length)
        guard count > 0 else { return out }
        for i in 0..<count {
            if let entry = history_get(history_base + Int32(i)), let text = entry.pointee.line {
                out.append(String(cString: text))
            }
        }
        return out
    }

    /// Empties readline's history list (tests start from a clean list).
    func clearInMemory() {
        clear_history()
        last = nil
    }
}
