// Picking a scenario for a picture, and `run --artifacts DIR`: a failed scenario's plot
// and replay page, under names safe for any file system.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a picture (or `--artifacts`) cannot be made: a case with its data, worded in `message`.
public enum PictureError: Error, Equatable, Sendable {
    case noScenario(file: String)
    /// `--scenario NAME` names none of the file's `scenarios`; `near` are the nearest names.
    case noScenarioNamed(String, file: String, near: [String], scenarios: [String])
    case artifactsNotADirectory(String)
    /// `--artifacts DIR` could not be created: the system's reason.
    case artifactsCannotCreate(String, reason: String)

    public var message: String {
        switch self {
        case .noScenario(let file):
            return "\(file) has no scenario"
        case .noScenarioNamed(let name, let file, let near, let names):
            let hint = near.isEmpty
                ? " (it has " + names.prefix(8).map(quoteString).joined(separator: ", ") + (names.count > 8 ? ", ..." : "") + ")"
                : "; did you mean " + near.map(quoteString).joined(separator: " or ") + "?"
            return "no scenario \(quoteString(name)) in \(file)\(hint)"
        case .artifactsNotADirectory(let directory):
            return "--artifacts: '\(directory)' is not a directory"
        case .artifactsCannotCreate(let directory, let reason):
            return "--artifacts: cannot create '\(directory)': \(reason)"
        }
    }
}

/// The scenario named `name`, else the first. A name that is not there gets the
/// nearest names.
public func selectScenario(_ scenarios: [CheckedScenario], named name: String?, file: String) -> Result<CheckedScenario, PictureError> {
    guard let first = scenarios.first else { return .failure(.noScenario(file: file)) }
    guard let name else { return .success(first) }
    if let sc = scenarios.first(where: { $0.name == name }) { return .success(sc) }
    let names = scenarios.map { $0.name }
    return .failure(.noScenarioNamed(name, file: file, near: suggestions(for: name, among: names), scenarios: names))
}

/// The base name of a scenario's artifacts: the file's name without its directory and
/// `.scroll`, `--`, the scenario's name, each reduced to lower-case ASCII letters, digits
/// and `-` (anything else becomes `-`; at most 40 and 60 characters), then `-` and 8 hex
/// digits of a hash (FNV-1a, 32 bits) of the exact file path and scenario name. The hash
/// tells apart names that reduce alike (`a/b` and `a:b`, `Pull` and `pull` on a
/// case-insensitive disk, two files `x.scroll` in different directories) whatever order
/// scenarios fail in; the result has no `/`, `:`, control character or leading dot, and
/// is at most 111 bytes.
public func artifactBaseName(file: String, scenario: String) -> String {
    var base = file
    if let slash = base.lastIndex(of: "/") { base = String(base[base.index(after: slash)...]) }
    if base.hasSuffix(".scroll") { base.removeLast(".scroll".count) }
    var hash: UInt32 = 2_166_136_261
    for b in Array(file.utf8) + [0] + Array(scenario.utf8) {
        hash ^= UInt32(b)
        hash = hash &* 16_777_619
    }
    let hex = String(hash, radix: 16)
    let f = slug(base, max: 40), s = slug(scenario, max: 60)
    return (f.isEmpty ? "file" : f) + "--" + (s.isEmpty ? "scenario" : s) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
}

private func slug(_ s: String, max: Int) -> String {
    var out = ""
    var dash = false
    for u in s.unicodeScalars {
        let v = u.value
        let keep = (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
        if keep {
            if dash && !out.isEmpty { out += "-" }
            dash = false
            out.unicodeScalars.append(Unicode.Scalar(v >= 0x41 && v <= 0x5A ? v + 32 : v)!)
            if out.count >= max { break }
        } else {
            dash = true
        }
    }
    return out
}

/// `run --artifacts DIR`: for each failed scenario, `BASE.svg` (its plot) and `BASE.html`
/// (its replay page) in DIR, BASE from `artifactBaseName`. A run reporter: the run hands
/// it each scenario's outcome; it records a failed one again and writes its two files.
/// Safe to call from several threads. Problems writing are collected in `problems`, not
/// fatal to the run.
public final class FailureArtifacts: RunReporter, @unchecked Sendable {
    public let directory: String
    private let lock = NSLock()
    private var _problems: [String] = []
    private var _written: [String] = []

    /// Creates DIR (and its parents) if needed; a reason when that is impossible.
    public init(directory: String) throws {
        self.directory = directory
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) {
            guard isDir.boolValue else { throw PictureError.artifactsNotADirectory(directory) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PictureError.artifactsCannotCreate(directory, reason: String(cString: strerror(errno)))
        }
    }

    /// Why files could not be written, one line each.
    public var problems: [String] { lock.lock(); defer { lock.unlock() }; return _problems }
    /// The paths written, in the order they were.
    public var written: [String] { lock.lock(); defer { lock.unlock() }; return _written }

    public func handle(_ event: RunEvent) {
        // An interrupted scenario (Ctrl-C) is not drawn: the user asked the run to stop.
        if case .scenario(let o) = event, let f = o.result.failure, f.problem != .interrupted {
            write(file: o.file, scenario: o.scenario)
        }
    }

    public func finish(_ summary: RunSummary) {}

    /// Records `scenario` (of `file`) again and writes its plot and replay page.
    public func write(file: String, scenario: CheckedScenario) {
        let recording = PictureRecording(scenario, file: file)
        let base = (directory.hasSuffix("/") ? directory : directory + "/") + artifactBaseName(file: file, scenario: scenario.name)
        for (path, text) in [(base + ".svg", PlotSVG.render(recording)), (base + ".html", ReplayHTML.render(recording))] {
            let problem = writePicture(path: path, text: text)
            lock.lock()
            if let problem { _problems.append(problem) } else { _written.append(path) }
            lock.unlock()
        }
    }
}

/// Writes a picture (`plot`, `replay`, `:plot`, `:replay`, `--artifacts`) to `path` through
/// a temporary file and a rename; nil, or a one-line reason.
public func writePicture(path: String, text: String) -> String? {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
        return "cannot write '\(path)': it is a directory"
    }
    return writeNewOrReplace(path: path, bytes: Array(text.utf8))
}
