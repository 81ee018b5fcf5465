// :save FILE — the session as a scenario file that `scrollscript run` accepts: what
// declared the session's behaviours (typed `behaviour` blocks and `import` lines, a loaded
// file's declarations; imports made valid from FILE's folder), the configuration, then the
// statements that ran without error (no bare expressions, no colon commands), written
// atomically.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReplCore {
    /// The name of the saved scenario.
    public static let savedScenarioName = "repl session"

    /// The text `:save` writes to `destination` (its imports are valid from its folder; a
    /// name like `<repl>` stands in the current directory), checked to parse and check
    /// cleanly (nil, and the problems, otherwise).
    public func savedScenarioText(destination: String = "<repl>") -> Result<String, SaveProblems> {
        let config = (loaded?.configuration ?? []) + session.configuration
        let actions = session.actions.filter {
            if case .expression = $0.kind { return false }
            return true
        }
        let loc = SourceLocation(file: "<repl>", line: 1, column: 1)
        let name = StringLiteral(value: ReplCore.savedScenarioName, raw: quoteString(ReplCore.savedScenarioName), location: loc)
        let body = Block(statements: config + actions, open: loc, close: loc)
        let program = Program(file: "<repl>", statements: [Stmt(kind: .scenario(name: name, body: body), location: loc)])
        let declarations = declarationsText(destinationDirectory: DeclarationCopy.directory(of: destination))
        let text = "# Saved by scrollscript repl.\n" + declarations + formatProgram(program)
        // The file declares what the session declared: it is checked without those.
        let checked = checkSource(SourceFile(name: destination, text: text), registry: baseRegistry)
        if !checked.diagnostics.isEmpty {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return .failure(SaveProblems(lines: checked.diagnostics.map { chomp(renderDiagnostic($0, sourceLines: lines)) }))
        }
        return .success(text)
    }

    /// Where the saved text ends when run (nil if the run was interrupted).
    private func replayEnd(_ text: String, destination: String) -> ReplSnapshot? {
        guard let sc = checkSource(SourceFile(name: destination, text: text), registry: baseRegistry).scenarios.first else { return nil }
        let interp = Interpreter(sc)
        interp.shouldInterrupt = shouldInterrupt
        if interp.run() == .paused { return nil }
        return ReplSnapshot(interp.world)
    }

    /// `:save FILE`. The file must replay the session: `run` of it reaches the state the
    /// session is in (a statement stopped part-way after only advancing frames is written as
    /// `tick N`). When it cannot, nothing is written and the reason is given.
    public func save(path: String) -> ReplOutcome {
        if let why = session.history.unreplayable?.message {
            return ReplOutcome(["error: cannot save a file that replays this session: \(why); nothing written (:reset starts afresh; let gestures finish, e.g. :continue after a watch, before :save)"], failed: true)
        }
        switch savedScenarioText(destination: path) {
        case .failure(let problems):
            return ReplOutcome(["error: the session does not make a valid scenario; nothing written"] + problems.lines, failed: true)
        case .success(let text):
            let here = ReplSnapshot(world)
            guard let end = replayEnd(text, destination: path) else {
                return ReplOutcome(["error: interrupted while checking that the file replays the session; nothing written"], failed: true)
            }
            if end != here {
                return ReplOutcome(["error: cannot save a file that replays this session: the saved scenario would end at \(replTimeLabel(end.time)), not where this session is (\(replTimeLabel(world.time))); nothing written"], failed: true)
            }
            if let problem = writeNewOrReplace(path: path, bytes: Array(text.utf8)) {
                return ReplOutcome(["error: " + problem], failed: true)
            }
            let n = (loaded?.configuration.count ?? 0) + session.configuration.count
            let m = session.actions.filter { if case .expression = $0.kind { return false } else { return true } }.count
            return ReplOutcome(["saved \(quoteString(ReplCore.savedScenarioName)) to \(path) (\(n) configuration, \(m) action statement\(m == 1 ? "" : "s"))"])
        }
    }
}

/// Why the session could not be saved: rendered diagnostics of the would-be file.
public struct SaveProblems: Error, Equatable {
    public var lines: [String]
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename:
/// an existing file is replaced whole (`writeFileAtomically`, keeping its permissions)
/// or left untouched on failure. Returns nil on success, else a one-line reason.
public func writeNewOrReplace(path: String, bytes: [UInt8]) -> String? {
    var st = stat()
    if lstat(path, &st) == 0 { return writeFileAtomically(path: path, bytes: bytes) }
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temp = (dir.isEmpty ? "" : dir + "/") + "." + base + ".tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { return "cannot write '\(path)': \(systemReason(errno))" }
    var written = 0
    var ok = true
    bytes.withUnsafeBytes { raw in
        while written < raw.count {
            let n = write(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            if n <= 0 { ok = false; return }
            written += n
        }
    }
    let reason = systemReason(errno)
    if !ok || fsync(fd) != 0 {
        close(fd)
        unlink(temp)
        return "cannot write '\(path)': \(reason)"
    }
    close(fd)
    if rename(temp, path) != 0 {
        let why = systemReason(errno)
        unlink(temp)
        return "cannot write '\(path)': \(why)"
    }
    return nil
}

/// What `:plot` and `:replay` write.
public enum ReplPictureKind: Sendable {
    case plot
    case replay
}

extension ReplCore {
    /// `:plot FILE.svg` / `:replay FILE.html`: the session so far — the scenario `:save`
    /// would write — run again from a fresh world and drawn.
    public func picture(path: String, kind: ReplPictureKind) -> ReplOutcome {
        let text: String
        switch savedScenarioText() {
        case .failure(let problems):
            return ReplOutcome(["error: the session does not make a valid scenario; nothing written"] + problems.lines, failed: true)
        case .success(let t): text = t
        }
        guard let scenario = checkSource(SourceFile(name: "<repl>", text: text), registry: baseRegistry).scenarios.first else {
            return ReplOutcome(["error: the session does not make a valid scenario; nothing written"], failed: true)
        }
        let recording = PictureRecording(scenario, file: "<repl>", shouldInterrupt: shouldInterrupt)
        let page = kind == .plot ? PlotSVG.render(recording) : ReplayHTML.render(recording)
        if let problem = writePicture(path: path, text: page) {
            return ReplOutcome(["error: " + problem], failed: true)
        }
        let what = kind == .plot ? "plot" : "replay page"
        var line = "wrote the \(what) of the session so far (\(formatFixed(recording.duration, 3)) s, \(recording.spans.count) statement\(recording.spans.count == 1 ? "" : "s")) to \(path)"
        if let f = recording.failure { line += "; it fails at \(replTimeLabel(f.time)): \(f.message)" }
        return ReplOutcome([line])
    }
}
