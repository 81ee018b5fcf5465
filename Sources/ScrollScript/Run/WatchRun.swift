import Foundation
import ScrollSim
// `run --watch`: a run, then again after every burst of changes, until Ctrl-C.
//
//     --- round 1: all 12 files ---
//     PASS  scenarios/a.scroll  "..."  (0.400 s)
//     ...
//     12 passed, 0 failed
//     --- round 2: changed: scenarios/a.scroll ---
//     FAIL  scenarios/a.scroll  "..."  (0.400 s)
//     ...
//     2 passed, 1 failed
//
// Only the files that changed run again; every file when a directory was created, moved or
// deleted, or events were lost. A round whose changes are only deletions runs nothing and
// says so. Each round is a whole run (RunSummary, reporters, closing line) of its own.

/// One round of `run --watch`.
public struct WatchRound: Equatable, Sendable {
    /// 1, 2, ...
    public var number: Int
    /// What brought it about; nil for the first round.
    public var changes: FileChanges?
    /// How many inputs it runs.
    public var inputs: Int

    /// True when it runs every file (the first round, a directory changed, events lost).
    public var runsAll: Bool { changes == nil || changes?.everything != nil }

    /// `--- round 2: changed: scenarios/a.scroll ---`.
    public var separator: String {
        var parts: [String] = []
        if runsAll {
            var all = "all \(inputs) file\(inputs == 1 ? "" : "s")"
            switch changes?.everything {
            case .directory?: all += " (a directory changed)"
            case .lostEvents?: all += " (events were lost)"
            case nil: break
            }
            parts.append(all)
        } else if let c = changes {
            if !c.changed.isEmpty { parts.append("changed: " + Self.names(c.changed)) }
            if !c.deleted.isEmpty { parts.append("deleted: " + Self.names(c.deleted)) }
        }
        return "--- round \(number): " + parts.joined(separator: "; ") + " ---"
    }

    /// The separator as a JSON Lines object (`--format jsonl`).
    public var json: JSONValue {
        ["type": "round", "round": .int(number), "all": .bool(runsAll), "files": .int(inputs),
         "changed": .array((changes?.changed ?? []).map { .string($0) }),
         "deleted": .array((changes?.deleted ?? []).map { .string($0) })]
    }

    /// `a, b, c, d, e, and 3 more`.
    private static func names(_ paths: [String]) -> String {
        let shown = paths.prefix(5).joined(separator: ", ")
        return paths.count > 5 ? shown + ", and \(paths.count - 5) more" : shown
    }
}

/// How long a burst of changes lasts: it ends `quiet` seconds after its last event, or
/// `longest` seconds after its first.
public let watchQuietSeconds = 0.1
public let watchLongestBurstSeconds = 1.0

/// `run --watch`: runs the files under `paths`, then waits for `watcher` and runs what
/// changed, round after round, until Ctrl-C (`options.shouldInterrupt`, and `wakeFD`
/// readable). `begin` starts each round: it writes the round's separator and returns its
/// reporters. Returns 130.
public func watchScenarios(paths: [String], options: RunOptions, watcher: FileWatcher, wakeFD: Int32,
                           begin: (WatchRound) -> [RunReporter]) -> Int32 {
    var number = 0
    var changes: FileChanges?
    while true {
        let all = locateInputs(paths.map(InputName.path)).map(\.runInput)
        // (v1.5) A file that imports a changed one runs again too (spec §7).
        let inputs = changes.map { c in
            c.everything != nil ? all : all.filter { c.changed.contains($0.name) || imports($0, c.changed, options.selection.registry) }
        } ?? all
        // A change to nothing this run reads (a file that was not selected, a link the walk
        // does not follow) makes no round.
        if !inputs.isEmpty || !(changes?.deleted.isEmpty ?? true) || changes == nil {
            number += 1
            let reporters = begin(WatchRound(number: number, changes: changes, inputs: inputs.count))
            if inputs.isEmpty {
                // Only deletions: nothing to run; the round still ends with its closing line.
                for r in reporters { r.finish(RunSummary()) }
            } else if runScenarios(inputs, options: options, reporters: reporters).interrupted {
                return 130
            }
        }
        guard let next = watcher.next(quiet: watchQuietSeconds, longest: watchLongestBurstSeconds, wakeFD: wakeFD),
              !options.shouldInterrupt() else { return 130 }
        changes = next
    }
}

/// `input` imports (directly or through its imports) one of the `changed` files (spec §2).
func imports(_ input: RunInput, _ changed: [String], _ registry: BehaviourRegistry) -> Bool {
    guard case .path(let path) = input, !changed.isEmpty,
          let data = FileManager.default.contents(atPath: path) else { return false }
    let bytes = [UInt8](data)
    guard startsWithDeclaration(bytes) else { return false }
    let read = Set(fileDeclarations(SourceFile(name: path, bytes: bytes), base: registry).importedPaths)
    return changed.contains { read.contains(URL(fileURLWithPath: $0).standardizedFileURL.path) }
}
