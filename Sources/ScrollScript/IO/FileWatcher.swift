// Waiting for scenario files to change (`run --watch`).
//
// On Linux: inotify, through Glibc. Each watched directory has a watch (new subdirectories
// get theirs as they appear); a single file is watched through its directory, by name, so
// that an editor's atomic save (write a temporary file, rename it onto the name) is seen as
// the rename it is. A file counts when it is closed after writing, renamed in or out, or
// deleted: not when it is created, before its writer has written it. The wait is `poll()` on the inotify descriptor and the Ctrl-C pipe; a
// burst of events ends when `poll()` times out `quiet` seconds after the last one: a timer
// on the wait, no sleeping and no polling of files.
//
// Elsewhere (macOS, the BSDs), or when inotify cannot be had: `PollingWatcher` compares the
// files' status (modification time, size, inode) with the last look, every half second.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What changed under the watched paths in one burst of events.
public struct FileChanges: Equatable, Sendable {
    /// Why everything runs again.
    public enum Everything: Equatable, Sendable {
        /// A directory was created, moved or deleted under a watched path.
        case directory
        /// The system dropped events (inotify's queue overflowed).
        case lostEvents
    }

    /// `*.scroll` files written, created or renamed into place, spelt as `run` spells them
    /// (the walk's `dir/sub/a.scroll`, or the path as given), sorted by their bytes.
    public var changed: [String] = []
    /// `*.scroll` files deleted or renamed away (and not back), sorted the same way.
    public var deleted: [String] = []
    public var everything: Everything?
    /// Directories that appeared but cannot be watched, with the system's reason (changes
    /// inside them are not seen): `cannot watch 'a/b/': no space left on device`.
    public var unwatched: [String] = []

    public init(changed: [String] = [], deleted: [String] = [], everything: Everything? = nil, unwatched: [String] = []) {
        self.changed = changed
        self.deleted = deleted
        self.everything = everything
        self.unwatched = unwatched
    }

    public var isEmpty: Bool { changed.isEmpty && deleted.isEmpty && everything == nil }
}

/// Watches the paths of `run --watch PATH ...`: a directory for every `*.scroll` under it
/// at any depth (not following directory links), a file by its name.
public protocol FileWatcher: AnyObject {
    /// Waits for a change, then for its burst to end: no event for `quiet` seconds, or
    /// `longest` seconds after the first. Nil when `wakeFD` became readable first (Ctrl-C's
    /// pipe; -1 for none).
    func next(quiet: Double, longest: Double, wakeFD: Int32) -> FileChanges?
    /// (v1.5) Also watches these files by name, in place of the last list given: the files
    /// the watched ones import (spec §9), as changes will name them.
    func watchImports(_ paths: [String])
}

/// Why the paths cannot be watched.
public struct WatchError: Error, Equatable, Sendable {
    public var message: String
}

/// The watcher for this system: inotify on Linux, else `PollingWatcher`. `note` says why
/// a Linux system polls (inotify could not be had), nil otherwise.
public func makeFileWatcher(paths: [String]) -> Result<(watcher: FileWatcher, note: String?), WatchError> {
    let targets: WatchTargets
    switch WatchTargets.find(paths) {
    case .failure(let e): return .failure(e)
    case .success(let t): targets = t
    }
    #if os(Linux)
    switch InotifyWatcher.make(targets) {
    case .success(let w): return .success((w, nil))
    case .failure(let e):
        return .success((PollingWatcher(targets), "\(e.message); looking for changes every \(formatFixed(PollingWatcher.interval, 1)) s instead"))
    }
    #else
    return .success((PollingWatcher(targets), nil))
    #endif
}

/// What the paths name: directories watched as trees, files watched by name in their
/// directory.
struct WatchTargets {
    /// Directories as given (each the root of a walk).
    var trees: [String] = []
    /// A file (or a path that does not exist yet) as given: its directory and its name.
    var files: [(directory: String, name: String, path: String)] = []

    static func find(_ paths: [String]) -> Result<WatchTargets, WatchError> {
        var t = WatchTargets()
        for p in paths {
            var st = stat()
            if stat(p, &st) == 0 {
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    t.trees.append(p)
                    continue
                case S_IFREG:
                    break
                default:
                    // A FIFO or a device is a stream: it can be read once, not every round.
                    return .failure(WatchError(message: "cannot watch '\(p)': it is not a regular file or a directory (a stream can be read only once)"))
                }
            }
            let trimmed = p.hasSuffix("/") ? String(p.dropLast()) : p
            let name: String, directory: String
            if let slash = trimmed.lastIndex(of: "/") {
                name = String(trimmed[trimmed.index(after: slash)...])
                directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
            } else {
                name = trimmed
                directory = "."
            }
            func refused(_ why: String) -> Result<WatchTargets, WatchError> {
                .failure(WatchError(message: "cannot watch '\(p)': \(why)"))
            }
            var dst = stat()
            if name.isEmpty { return refused("it is not a directory") }
            if stat(directory, &dst) != 0 { return refused("cannot read its directory '\(directory)': \(systemReason(errno))") }
            if (dst.st_mode & S_IFMT) != S_IFDIR { return refused("'\(directory)' is not a directory") }
            t.files.append((directory, name, p))
        }
        return .success(t)
    }
}

/// The paths touched in a burst, sorted into changed (there now) and deleted (not).
struct ChangeCollector {
    var touched: Set<String> = []
    var everything: FileChanges.Everything?
    var unwatched: [String] = []

    var isEmpty: Bool { touched.isEmpty && everything == nil }

    func result() -> FileChanges {
        var c = FileChanges(everything: everything, unwatched: unwatched)
        for p in touched {
            var st = stat()
            if lstat(p, &st) == 0 { c.changed.append(p) } else { c.deleted.append(p) }
        }
        c.changed.sort(by: byBytes)
        c.deleted.sort(by: byBytes)
        return c
    }
}

private func byBytes(_ a: String, _ b: String) -> Bool {
    Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
}

/// Seconds on a monotonic clock: only for the debounce timer.
private func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `poll()` on `fds` for `timeout` seconds (nil: for ever), retried after a signal unless
/// `wakeFD` is readable. Returns the descriptors' `revents`, or nil when the wait failed.
private func waitFor(_ fds: [Int32], timeout: Double?) -> [Int16]? {
    var set = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ms: Int32 = timeout.map { Int32(max(0, min($0 * 1000, 3_600_000)).rounded(.up)) } ?? -1
    let r = poll(&set, nfds_t(set.count), ms)
    if r < 0 {
        // A signal (Ctrl-C): its pipe is readable now, the caller looks again.
        return errno == EINTR ? set.map { _ in 0 } : nil
    }
    return set.map(\.revents)
}

#if os(Linux)
/// inotify, through Glibc.
final class InotifyWatcher: FileWatcher {
    private enum Role: Equatable {
        /// A directory of a watched tree: the prefix of its paths (`scenarios/sub/`).
        case tree(prefix: String)
        /// A file watched by name in this directory, and the path as given.
        case file(name: String, path: String)
        /// A file a watched one imports (`watchImports`), by name in this directory.
        case imported(name: String, path: String)
    }
    private var importedFiles: [String] = []

    private let fd: Int32
    private let targets: WatchTargets
    private var roles: [Int32: [Role]] = [:]
    private static let directoryMask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    private init(fd: Int32, targets: WatchTargets) {
        self.fd = fd
        self.targets = targets
    }

    deinit { close(fd) }

    static func make(_ targets: WatchTargets) -> Result<InotifyWatcher, WatchError> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return .failure(WatchError(message: "cannot start inotify: \(systemReason(errno))")) }
        let w = InotifyWatcher(fd: fd, targets: targets)
        for root in targets.trees {
            for dir in directoriesUnder(root) {
                if let e = w.add(dir, .tree(prefix: dir)) { return .failure(e) }
            }
        }
        for f in targets.files {
            if let e = w.add(f.directory, .file(name: f.name, path: f.path)) { return .failure(e) }
        }
        return .success(w)
    }

    /// Watches `dir` in `role`; the reason when it cannot (e.g. the system's limit of
    /// watches, fs.inotify.max_user_watches).
    @discardableResult
    private func add(_ dir: String, _ role: Role) -> WatchError? {
        let wd = inotify_add_watch(fd, dir, InotifyWatcher.directoryMask)
        guard wd >= 0 else { return WatchError(message: "cannot watch '\(dir)': \(systemReason(errno))") }
        if !(roles[wd] ?? []).contains(role) { roles[wd, default: []].append(role) }
        return nil
    }

    /// Watches a directory that appeared in a tree, and every directory inside it; notes
    /// those that cannot be watched.
    private func addTree(_ dir: String, _ c: inout ChangeCollector) {
        for d in directoriesUnder(dir) {
            if let e = add(d, .tree(prefix: d)) { c.unwatched.append(e.message) }
        }
    }

    func next(quiet: Double, longest: Double, wakeFD: Int32) -> FileChanges? {
        var collected = ChangeCollector()
        var first = 0.0, last = 0.0
        while true {
            var timeout: Double?
            if !collected.isEmpty {
                timeout = min(last + quiet, first + longest) - monotonicNow()
                if timeout! <= 0 { return collected.result() }
            }
            guard let ready = waitFor([fd, wakeFD], timeout: timeout) else { return nil }
            if ready[1] & Int16(POLLIN) != 0 { return nil }
            if ready[0] & Int16(POLLIN) != 0 {
                let wasEmpty = collected.isEmpty
                if readEvents(&collected) {
                    last = monotonicNow()
                    if wasEmpty { first = last }
                }
            }
        }
    }

    /// Reads every event queued and notes what it means; true when one was about a
    /// watched file or directory (others, such as an editor's swap file, are not).
    private func readEvents(_ c: inout ChangeCollector) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var relevant = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return relevant }
            var at = 0
            while at + 16 <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: at, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(at + 16)..<min(at + 16 + length, n)].prefix { $0 != 0 }
                if handle(wd, mask, String(decoding: nameBytes, as: UTF8.self), &c) { relevant = true }
                at += 16 + length
            }
        }
    }

    /// Notes one event; true when it was about a watched file or directory.
    private func handle(_ wd: Int32, _ mask: UInt32, _ name: String, _ c: inout ChangeCollector) -> Bool {
        func has(_ bits: Int32) -> Bool { mask & UInt32(bits) != 0 }
        if has(IN_Q_OVERFLOW) {
            // Events were lost: everything runs, and every directory is watched again
            // (one created meanwhile has no watch yet).
            c.everything = .lostEvents
            for root in targets.trees { addTree(root, &c) }
            for f in targets.files {
                if let e = add(f.directory, .file(name: f.name, path: f.path)) { c.unwatched.append(e.message) }
            }
            for p in importedFiles {
                if let e = addImported(p) { c.unwatched.append(e.message) }
            }
            return true
        }
        guard let rs = roles[wd] else { return false }
        if has(IN_IGNORED) {
            roles[wd] = nil
            return false
        }
        if has(IN_DELETE_SELF) || has(IN_MOVE_SELF) {
            // The directory itself went: what was in it is gone from its place.
            c.everything = .directory
            if has(IN_MOVE_SELF) {
                inotify_rm_watch(fd, wd)
                roles[wd] = nil
            }
            return true
        }
        let isDirectory = has(IN_ISDIR)
        // A file counts once it is whole: closed after writing, renamed in or out, deleted
        // (not when it is created: its writer may not have written it yet).
        let fileChanged = has(IN_CLOSE_WRITE) || has(IN_MOVED_TO) || has(IN_MOVED_FROM) || has(IN_DELETE)
        var relevant = false
        for role in rs {
            switch role {
            case .tree(let prefix):
                if isDirectory {
                    if has(IN_CREATE) || has(IN_MOVED_TO) { addTree(prefix + name, &c) }
                    if has(IN_MOVED_FROM) { forget(under: prefix + name + "/") }
                    c.everything = .directory
                    relevant = true
                } else if fileChanged && name.hasSuffix(".scroll") {
                    c.touched.insert(prefix + name)
                    relevant = true
                }
            case .file(let watched, let path), .imported(let watched, let path):
                if !isDirectory && fileChanged && name == watched {
                    c.touched.insert(path)
                    relevant = true
                }
            }
        }
        return relevant
    }

    func watchImports(_ paths: [String]) {
        guard paths != importedFiles else { return }
        importedFiles = paths
        // The directories stay watched (a watch with no role reports nothing).
        for (wd, rs) in roles where rs.contains(where: { if case .imported = $0 { return true } else { return false } }) {
            roles[wd] = rs.filter { if case .imported = $0 { return false } else { return true } }
        }
        for p in paths { addImported(p) }
    }

    /// Watches imported file `path` by name in its directory.
    @discardableResult
    private func addImported(_ path: String) -> WatchError? {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return add(dir, .imported(name: name, path: path))
    }

    /// Stops watching a directory moved out of a tree (its watch would follow it).
    private func forget(under prefix: String) {
        for (wd, rs) in roles where rs.contains(where: { if case .tree(let p) = $0 { return p.hasPrefix(prefix) } else { return false } }) {
            inotify_rm_watch(fd, wd)
            roles[wd] = nil
        }
    }
}
#endif

/// Looks at the files' status every `interval` seconds and reports what differs from the
/// last look: the watcher where inotify is not available.
final class PollingWatcher: FileWatcher {
    static let interval = 0.5

    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    private struct Look: Equatable {
        var files: [String: Stamp] = [:]
        var directories: Set<String> = []
    }

    private let targets: WatchTargets
    private var last: Look
    private var imported: [String] = []

    init(_ targets: WatchTargets) {
        self.targets = targets
        last = Look()
        last = look()
    }

    private func look() -> Look {
        var l = Look()
        func note(_ path: String) {
            var st = stat()
            guard stat(path, &st) == 0 else { return }
            #if os(Linux)
            let mtime = st.st_mtim
            #else
            let mtime = st.st_mtimespec
            #endif
            l.files[path] = Stamp(seconds: Int(mtime.tv_sec), nanoseconds: Int(mtime.tv_nsec), size: Int64(st.st_size), inode: UInt64(st.st_ino))
        }
        for root in targets.trees {
            l.directories.formUnion(directoriesUnder(root))
            for input in locateInputs([InputName.path(root)]) {
                if case .file(let path) = input { note(path) }
            }
        }
        for f in targets.files { note(f.path) }
        for p in imported { note(p) }
        return l
    }

    func watchImports(_ paths: [String]) {
        guard paths != imported else { return }
        let old = imported
        imported = paths
        // A file no longer imported is no longer looked at (not a deletion); a newly
        // imported one starts from how it is now.
        let now = look()
        for p in old where now.files[p] == nil { last.files[p] = nil }
        for p in paths where last.files[p] == nil { last.files[p] = now.files[p] }
    }

    private func differences(from old: Look, to new: Look, into c: inout ChangeCollector) {
        if old.directories != new.directories { c.everything = .directory }
        for (path, stamp) in new.files where old.files[path] != stamp { c.touched.insert(path) }
        for path in old.files.keys where new.files[path] == nil { c.touched.insert(path) }
    }

    func next(quiet: Double, longest: Double, wakeFD: Int32) -> FileChanges? {
        var collected = ChangeCollector()
        var first = 0.0
        while true {
            let wait = collected.isEmpty ? PollingWatcher.interval : min(quiet, max(0, first + longest - monotonicNow()))
            guard let ready = waitFor([wakeFD], timeout: wait) else { return nil }
            if ready[0] & Int16(POLLIN) != 0 { return nil }
            let now = look()
            let quietAfterChange = !collected.isEmpty && now == last
            if now != last {
                if collected.isEmpty { first = monotonicNow() }
                differences(from: last, to: now, into: &collected)
                last = now
            }
            if quietAfterChange || (!collected.isEmpty && monotonicNow() >= first + longest) { return collected.result() }
        }
    }
}
