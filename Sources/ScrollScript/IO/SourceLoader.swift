// Finding and reading scenario files (spec §7): the one input loader of `run`, `check`,
// `fmt` (`locateInputs`), the REPL's `:load` (`loadSource(path:)`) and the one FILE of
// `trace`, `plot`, `replay` and `explore` (`loadSource(argument:)`), so that they agree on
// every file error. `locateInputs` finds; a regular file is read when its turn comes
// (`LocatedInput.load`), so memory does not grow with the number of files; `loadInputs`
// is the two together.
//
// - `-` is standard input, read to its end; `run -e TEXT` is TEXT, named `<-e>` (then
//   `<-e2>`, ...).
// - A path named on the command line that is a FIFO, a pipe or a character device
//   (`run <(echo 'pull 10')`, `/dev/stdin`) is a stream: read to its end, as `-` is.
// - A directory gives every `*.scroll` inside it, recursively, not following directory
//   links, sorted by the bytes of their paths.
// - Whatever cannot be read is an error naming the path, with the system's reason
//   (`cannot read 'x.scroll': permission denied`): a missing file, a folder the walk
//   cannot open, a `*.scroll` that is a broken link, a loop of links, or (inside a folder)
//   not a regular file. Nothing is skipped in silence.
// - At most SourceLimits.maxFileBytes + 1 bytes are read from anything (the lexer then
//   says the file is too large): `yes | scrollscript run -` ends.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input of `run`, `check`, `fmt` or `:load`, read or not.
public enum LoadedInput: Sendable {
    /// A regular file's contents (its name is the path as given or found by the walk).
    case file(SourceFile)
    /// Standard input (`-`, named `<stdin>`), a stream named on the command line (a FIFO,
    /// a pipe, a character device: named by its path) or a `-e` text. `fmt -w` cannot
    /// rewrite these.
    case stream(SourceFile)
    /// A path that could not be read, and the one-line message that says why.
    case unreadable(path: String, message: String)
}

/// One input named on a command line, found but not read yet when it is a regular file.
public enum LocatedInput: Sendable {
    /// A regular file (named, or found by a walk): read when its turn comes (`load()`), so
    /// memory does not grow with the number of files.
    case file(path: String)
    /// Standard input or a stream named as a path (a FIFO, a pipe, a character device):
    /// read at once, to its end, since a stream can be read only once.
    case stream(SourceFile)
    /// The text of `run -e TEXT`.
    case text(SourceFile)
    /// A path that cannot be read, and the one-line message that says why.
    case unreadable(path: String, message: String)

    /// Reads the input (a regular file now; the others were read when found).
    public func load() -> LoadedInput {
        switch self {
        case .file(let path): return loadFile(path: path)
        case .stream(let s): return .stream(s)
        case .text(let s): return .stream(s)  // not a file: `fmt -w` cannot rewrite it
        case .unreadable(let path, let message): return .unreadable(path: path, message: message)
        }
    }

}

/// An input as a command line names it.
public enum InputName: Sendable, Equatable {
    /// A file, a directory, or a stream such as `/dev/stdin` or `<(...)`.
    case path(String)
    /// `-`.
    case standardInput
    /// `-e TEXT`.
    case text(String)

    /// `-` is standard input; anything else a path.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .path(argument)
    }
}

/// Finds every input named on a command line, in order (directories expanded, see
/// above), without reading regular files yet. `-e` texts are named `<-e>`, `<-e2>`, ...
/// in order. `readStandardInput` reads `-` (the tests give their own). The one loader of
/// `run`, `check`, `fmt` (and, for one path, the REPL's `:load`, through `loadFile`).
public func locateInputs(_ names: [InputName], readStandardInput: () -> [UInt8] = { readStream(fd: 0) }) -> [LocatedInput] {
    var out: [LocatedInput] = []
    var texts = 0
    for name in names {
        let p: String
        switch name {
        case .standardInput:
            out.append(.stream(SourceFile(name: "<stdin>", bytes: readStandardInput())))
            continue
        case .text(let t):
            texts += 1
            out.append(.text(SourceFile(name: texts == 1 ? "<-e>" : "<-e\(texts)>", text: t)))
            continue
        case .path(let path):
            p = path
        }
        var st = stat()
        if stat(p, &st) != 0 {
            out.append(.unreadable(path: p, message: "cannot read '\(p)': \(systemReason(errno))"))
            continue
        }
        switch fileType(st) {
        case S_IFDIR:
            for e in walk(p) {
                out.append(e.error.map { .unreadable(path: e.path, message: $0) } ?? .file(path: e.path))
            }
        case S_IFREG:
            out.append(.file(path: p))
        default:
            // A stream is read now; anything else is unreadable, with the reason.
            switch loadFile(path: p) {
            case .file(let s), .stream(let s): out.append(.stream(s))
            case .unreadable(let path, let message): out.append(.unreadable(path: path, message: message))
            }
        }
    }
    return out
}

/// `locateInputs` for paths as a command line gives them (`-` is standard input).
public func locateInputs(_ paths: [String], readStandardInput: () -> [UInt8] = { readStream(fd: 0) }) -> [LocatedInput] {
    locateInputs(paths.map(InputName.init(argument:)), readStandardInput: readStandardInput)
}

/// Loads every input named on a command line, in order: `locateInputs`, each read.
public func loadInputs(_ paths: [String], readStandardInput: () -> [UInt8] = { readStream(fd: 0) }) -> [LoadedInput] {
    locateInputs(paths, readStandardInput: readStandardInput).map { $0.load() }
}

/// Reads one file (`:load FILE`, a path on the command line, or a file a walk found): a
/// regular file, or a stream read to its end; a directory or anything else unreadable is
/// `.unreadable` with the reason. (A walk never hands out a stream: see `walkDirectory`.)
public func loadFile(path: String) -> LoadedInput {
    func failure(_ reason: String) -> LoadedInput {
        .unreadable(path: path, message: "cannot read '\(path)': \(reason)")
    }
    var st = stat()
    guard stat(path, &st) == 0 else { return failure(systemReason(errno)) }
    let type = fileType(st)
    let isStream = type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    if type == S_IFDIR { return failure("it is a directory") }
    if type != S_IFREG && !isStream { return failure("it is \(typeName(type)), not a regular file") }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return failure(systemReason(errno)) }
    defer { close(fd) }
    switch readAll(fd: fd) {
    case .success(let bytes):
        let source = SourceFile(name: path, bytes: bytes)
        return isStream ? .stream(source) : .file(source)
    case .failure(let f):
        return failure(systemReason(f.code))
    }
}

/// `loadFile` as a source, or the message (the REPL's `:load` and `repl FILE`). `-` is
/// refused with its reason rather than looked for as a file named `-`: standard input is
/// where the REPL reads its commands.
public func loadSource(path: String) -> Result<SourceFile, SourceLoadError> {
    if path == "-" {
        return .failure(SourceLoadError(message: "cannot read '-': standard input is where the REPL reads its commands; give the file's path (or './-' for a file named '-')"))
    }
    return source(of: loadFile(path: path))
}

/// The one FILE of `trace`, `plot`, `replay` and `explore`: `-` is standard input (read to
/// its end, bounded as for `run`), anything else `loadFile` (a directory is an error there:
/// these commands take one file).
public func loadSource(argument: String, readStandardInput: () -> [UInt8] = { readStream(fd: 0) }) -> Result<SourceFile, SourceLoadError> {
    argument == "-" ? .success(SourceFile(name: "<stdin>", bytes: readStandardInput())) : source(of: loadFile(path: argument))
}

private func source(of input: LoadedInput) -> Result<SourceFile, SourceLoadError> {
    switch input {
    case .file(let s), .stream(let s): return .success(s)
    case .unreadable(_, let message): return .failure(SourceLoadError(message: message))
    }
}

public struct SourceLoadError: Error, Equatable, Sendable {
    public var message: String
}

/// The system's reason for `code`, as a message ends: `permission denied`, `no such file or
/// directory`, `too many levels of symbolic links` (strerror, first letter in lower case).
public func systemReason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    guard let first = text.first else { return "error \(code)" }
    return first.lowercased() + text.dropFirst()
}

/// Reads `fd` to its end (at most SourceLimits.maxFileBytes + 1 bytes: more is refused
/// by the lexer anyway). Retries reads interrupted by a signal.
public func readStream(fd: Int32) -> [UInt8] {
    (try? readAll(fd: fd).get()) ?? []
}

// MARK: - Internals

private struct WalkEntry {
    var path: String
    /// Set when the entry cannot be read (the walk found it but cannot go on with it).
    var error: String?
}

/// A directory's walk, sorted by the bytes of the paths.
private func walk(_ dir: String) -> [WalkEntry] {
    var found: [WalkEntry] = []
    var directories: [String] = []
    walkDirectory(dir, into: &found, directories: &directories)
    found.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    return found
}

private func fileType(_ st: stat) -> mode_t {
    st.st_mode & S_IFMT
}

/// What a file type is called in a message.
private func typeName(_ t: mode_t) -> String {
    switch t {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFDIR: return "a directory"
    default: return "not a regular file"
    }
}

/// Every directory a walk of `dir` enters (`dir` itself first), each spelt as the prefix of
/// the paths the walk gives inside it (`scenarios/`, `scenarios/sub/`): what `run --watch`
/// watches. Directories that cannot be opened are left out.
func directoriesUnder(_ dir: String) -> [String] {
    var found: [WalkEntry] = []
    var directories: [String] = []
    walkDirectory(dir, into: &found, directories: &directories)
    return directories
}

/// Every `*.scroll` under `dir` (not following directory links), and every path under it
/// that cannot be read; `directories` gets each directory entered, as its paths' prefix.
/// Entries other than directories and `*.scroll` names are not looked at (a link that is
/// not called `*.scroll` is never followed, so it is not read).
private func walkDirectory(_ dir: String, into found: inout [WalkEntry], directories: inout [String]) {
    guard let d = opendir(dir) else {
        found.append(WalkEntry(path: dir, error: "cannot read directory '\(dir)': \(systemReason(errno))"))
        return
    }
    defer { closedir(d) }
    let base = dir.hasSuffix("/") ? dir : dir + "/"
    directories.append(base)
    var names: [String] = []
    while true {
        errno = 0
        guard let e = readdir(d) else {
            if errno != 0 {
                found.append(WalkEntry(path: dir, error: "cannot read directory '\(dir)': \(systemReason(errno))"))
            }
            break
        }
        let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    for name in names {
        let path = base + name
        var st = stat()
        guard lstat(path, &st) == 0 else {
            found.append(WalkEntry(path: path, error: "cannot read '\(path)': \(systemReason(errno))"))
            continue
        }
        let type = fileType(st)
        if type == S_IFDIR {
            walkDirectory(path, into: &found, directories: &directories)
            continue
        }
        guard name.hasSuffix(".scroll") else { continue }
        var target = st
        if type == S_IFLNK {
            // A link to a file counts; a link to a directory is not followed; a broken link
            // or a loop of links is an error.
            guard stat(path, &target) == 0 else {
                found.append(WalkEntry(path: path, error: "cannot read '\(path)': \(systemReason(errno))"))
                continue
            }
            if fileType(target) == S_IFDIR { continue }
        }
        // Only regular files are read in a walk (a FIFO there could block it for ever).
        if fileType(target) != S_IFREG {
            found.append(WalkEntry(path: path, error: "cannot read '\(path)': it is \(typeName(fileType(target))), not a regular file"))
            continue
        }
        found.append(WalkEntry(path: path, error: nil))
    }
}

private struct ReadFailure: Error {
    var code: Int32
}

private func readAll(fd: Int32) -> Result<[UInt8], ReadFailure> {
    let limit = SourceLimits.maxFileBytes + 1
    // A regular file's size is known: read into one buffer of that size (plus one byte, to
    // see the end), not through a doubling series of copies (a 60 MB file passed through
    // a 64 MB and a 128 MB buffer). A stream, or a file that grows, goes on in steps.
    var st = stat()
    let known = fstat(fd, &st) == 0 && fileType(st) == S_IFREG ? max(0, Int(st.st_size)) : 0
    var bytes: [UInt8] = []
    var capacity = min(max(known + 1, 65536), limit)
    while true {
        var failure: Int32 = 0
        let old = bytes.count
        // Reads until the buffer is full, the input ends or a read fails.
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            if old > 0 { _ = buffer.initialize(fromContentsOf: bytes) }
            count = old
            while count < capacity {
                let n = read(fd, buffer.baseAddress! + count, capacity - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 { return .failure(ReadFailure(code: failure)) }
        if bytes.count < capacity || capacity == limit { return .success(bytes) }
        capacity = min(capacity * 2, limit)
    }
}
