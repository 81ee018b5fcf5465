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
    // (v1.5) What each file imported when last looked at (a deleted import is no longer read).
    var importedBefore: [String: Set<String>] = [:]
    while true {
        let all = locateInputs(paths.map(InputName.path)).map(\.runInput)
        // (v1.5) A file that imports a changed one runs again too (spec §7), and one that
        // imported a deleted one (it now fails to read it).
        let inputs = changes.map { c in
            let deleted = Set(c.deleted.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            return c.everything != nil ? all : all.filter {
                c.changed.contains($0.name) || imports($0, c.changed, options.selection.registry)
                    || !(importedBefore[$0.name] ?? []).isDisjoint(with: deleted)
            }
        } ?? all
        // (v1.5) The files they import are watched too, whether or not under a watched path
        // (recomputed every round, before it runs: an import may have been added or removed).
        let found = importsToWatch(all, paths: paths, options.selection.registry)
        watcher.watchImports(found.watch)
        importedBefore = found.byInput
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

/// The files `inputs` import (directly or through their imports) that the watched `paths`
/// do not already cover (a `.scroll` file under a watched directory, a watched file), as a
/// change names them: from the current directory when under it, else in full (`watch`);
/// and every file each input imports, in full, by the input's name (`byInput`).
func importsToWatch(_ inputs: [RunInput], paths: [String], _ registry: BehaviourRegistry)
    -> (watch: [String], byInput: [String: Set<String>]) {
    func canonical(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
    var trees: [String] = [], files: Set<String> = []
    for p in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: p, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue { trees.append(canonical(p) + "/") } else { files.insert(canonical(p)) }
    }
    var seen: Set<String> = [], out: [String] = [], byInput: [String: Set<String>] = [:]
    for input in inputs {
        guard case .path(let path) = input, let data = FileManager.default.contents(atPath: path) else { continue }
        let bytes = [UInt8](data)
        guard startsWithDeclaration(bytes) else { continue }
        let readable = fileDeclarations(SourceFile(name: path, bytes: bytes), base: registry).importedPaths
        // With the imports that cannot be read (yet): the file that appears makes a round.
        var read = readable
        for (file, text) in [(path, bytes)] + readable.map({ ($0, FileManager.default.contents(atPath: $0).map { [UInt8]($0) } ?? []) }) {
            let directory = DeclarationCopy.directory(of: file)
            for case .import(let literal, _) in scanDeclarations(SourceFile(name: file, bytes: text), base: registry).items {
                let full = DeclarationCopy.absolute(literal.value, in: directory)
                if !read.contains(full) { read.append(full) }
            }
        }
        byInput[input.name] = Set(read)
        for full in read where !seen.contains(full) {
            seen.insert(full)
            if files.contains(full) || (full.hasSuffix(".scroll") && trees.contains { full.hasPrefix($0) }) { continue }
            out.append(declarationFileName(full))
        }
    }
    return (out.sorted(), byInput)
}
