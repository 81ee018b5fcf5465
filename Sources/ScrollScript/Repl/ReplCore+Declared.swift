// (v1.5) A `behaviour` block (or an `import`) typed at the prompt declares it for the
// session (spec §9): it replaces an earlier one of that name, and the worlds made after it
// see it — the session's world is made again at once from the configuration typed so far.
// A file given to `scrollscript repl FILE` or `:load` declares its behaviours (its own
// blocks and its imports') for the session too, and they stay after `:unload`. `:save`
// writes what declared them (`SessionDeclaration`) before the scene, so the file runs.
import Foundation
import ScrollSim

/// What declared some of the session's behaviours: a typed entry, or a file loaded. What
/// `:save` writes for it, and each behaviour's block as written (for when a later
/// declaration replaced some of its behaviours, not all).
struct SessionDeclaration {
    enum Piece {
        /// A block as written.
        case text(String)
        /// An `import` of the file at this absolute path (written relative to the saved file).
        case importPath(String)
    }

    /// The behaviours it declared, in order.
    var behaviours: [BehaviourSyntax]
    var pieces: [Piece]
    var blocks: [String: String]
    /// The loaded file it came from (a later load of the file replaces it).
    var file: String?

    var names: [String] { behaviours.map(\.name) }

    /// The declarations of `items` (parsed from `bytes`, a file in `directory`): imports are
    /// read (transitively); the errors of one that cannot be read.
    static func read(_ items: [DeclarationItem], bytes: [UInt8], directory: String, base: BehaviourRegistry,
                     file: String?) -> Result<SessionDeclaration, DeclarationErrors> {
        var d = SessionDeclaration(behaviours: [], pieces: [], blocks: [:], file: file)
        for item in items {
            if let errors = d.read(item, bytes: bytes, directory: directory, base: base) { return .failure(errors) }
        }
        return .success(d)
    }

    private mutating func read(_ item: DeclarationItem, bytes: [UInt8], directory: String, base: BehaviourRegistry) -> DeclarationErrors? {
        switch item {
        case .behaviour(let b):
            let text = DeclarationCopy.text(of: item, bytes: bytes, sourceDirectory: directory, destinationDirectory: directory)
            add(b, text)
            pieces.append(.text(text))
        case .import(let path, _):
            let read = fileDeclarations(SourceFile(name: directory + "/<repl>", text: "import \(path.raw)\n"), base: base)
            if !read.diagnostics.isEmpty { return DeclarationErrors(diagnostics: read.diagnostics) }
            for full in read.importedPaths {
                guard let data = FileManager.default.contents(atPath: full) else { continue }
                let source = SourceFile(name: full, bytes: [UInt8](data))
                for item in scanDeclarations(source, base: .builtIn).items {
                    if case .behaviour(let b) = item {
                        let dir = DeclarationCopy.directory(of: full)
                        add(b, DeclarationCopy.text(of: item, bytes: source.bytes, sourceDirectory: dir, destinationDirectory: dir))
                    }
                }
            }
            pieces.append(.importPath(DeclarationCopy.absolute(path.value, in: directory)))
        }
        return nil
    }

    private mutating func add(_ b: BehaviourSyntax, _ text: String) {
        behaviours.removeAll { $0.name == b.name }
        behaviours.append(b)
        blocks[b.name] = text
    }
}

/// Why the declarations of an entry or a file could not be read.
struct DeclarationErrors: Error {
    var diagnostics: [Diagnostic]
}

extension ReplCore {
    /// Checks and declares the behaviours (and imports) of `text`.
    func declare(_ text: String, firstLine: Int) -> ReplOutcome {
        let (program, diags) = parseChunk(text, firstLine: firstLine, registry: baseRegistry)
        if !diags.isEmpty {
            return ReplOutcome(diags.map { chomp(renderDiagnostic($0, sourceLines: typedLines)) }, failed: true)
        }
        if let s = program.statements.first {
            return ReplOutcome([chomp(renderDiagnostic(at: s.location, message: "a behaviour or import typed at the prompt is an entry of its own: type the statements after it on their own",
                                                       sourceLines: typedLines))], failed: true)
        }
        if loaded != nil {
            return ReplOutcome(["error: a scenario is loaded: declare the behaviour in its file (:reload reads it again), or :unload first"], failed: true)
        }
        // An import's behaviours are read relative to the current directory.
        let declaration: SessionDeclaration
        switch SessionDeclaration.read(program.declarations, bytes: Array(text.utf8),
                                       directory: FileManager.default.currentDirectoryPath, base: baseRegistry, file: nil) {
        case .failure(let e): return ReplOutcome(e.diagnostics.map { "error: " + $0.message }, failed: true)
        case .success(let d): declaration = d
        }
        switch adopt(declaration) {
        case .failure(let problems):
            return ReplOutcome(sortedDiagnostics(problems.diagnostics).map { chomp(renderDiagnostic($0, sourceLines: typedLines)) },
                               failed: true)
        case .success: break
        }
        // A world made again with the new behaviours, from the configuration typed so far.
        let typed = session.configuration
        let (config, _) = applyConfiguration(typed, to: SceneConfig(registry: registry))
        session = Session(config: config, statements: typed)
        installHooks()
        primeWatches()
        let names = declaration.names
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return ReplOutcome(["declared \(list) (use \(names.first ?? "NAME")); a fresh world at t=0.000 s (configuration kept)"])
    }

    /// Makes `declaration`'s behaviours the session's (each replacing an earlier one of its
    /// name): the registry the worlds made from now on use. Nothing changes on an error.
    func adopt(_ declaration: SessionDeclaration) -> Result<Void, DeclarationErrors> {
        var behaviours = declaredInSession
        for b in declaration.behaviours {
            behaviours.removeAll { $0.name == b.name }
            behaviours.append(b)
        }
        var checker = DeclaredChecker(base: baseRegistry)
        var entries: [BehaviourEntry] = []
        for b in behaviours {
            if let p = checker.check(b) { entries.append(p.entry) }
        }
        if !checker.diagnostics.isEmpty { return .failure(DeclarationErrors(diagnostics: checker.diagnostics)) }
        declaredInSession = behaviours
        if let file = declaration.file { sessionDeclarations.removeAll { $0.file == file } }
        sessionDeclarations.append(declaration)
        registry = baseRegistry.appending(entries)
        return .success(())
    }

    /// The registry a file that declares `names` is checked with: the session's behaviours
    /// but those (the file's own declarations replace them).
    func registry(without names: Set<String>) -> BehaviourRegistry {
        guard declaredInSession.contains(where: { names.contains($0.name) }) else { return registry }
        var checker = DeclaredChecker(base: baseRegistry)
        let entries = declaredInSession.filter { !names.contains($0.name) }.compactMap { checker.check($0)?.entry }
        return baseRegistry.appending(entries)
    }

    /// The declarations of a file read by `repl FILE`, `:load` or `:reload` (nil when it
    /// declares nothing), and the errors of an import that cannot be read.
    func fileDeclaration(_ source: SourceFile) -> Result<SessionDeclaration?, DeclarationErrors> {
        guard startsWithDeclaration(source.bytes) else { return .success(nil) }
        let items = scanDeclarations(source, base: baseRegistry).items
        guard !items.isEmpty else { return .success(nil) }
        return SessionDeclaration.read(items, bytes: source.bytes, directory: DeclarationCopy.directory(of: source.name), base: baseRegistry,
                                       file: DeclarationCopy.absolute(source.name, in: FileManager.default.currentDirectoryPath)).map { $0 }
    }

    /// What `:save` writes before the scene for the session's declarations, valid from
    /// `destinationDirectory`: each declaration's pieces while it still declares all its
    /// behaviours, else the blocks of those it still declares; empty when there are none.
    func declarationsText(destinationDirectory: String) -> String {
        var owner: [String: Int] = [:]
        for (k, d) in sessionDeclarations.enumerated() {
            for n in d.names { owner[n] = k }
        }
        var out: [String] = []
        for (k, d) in sessionDeclarations.enumerated() {
            let mine = d.names.filter { owner[$0] == k }
            if mine.isEmpty { continue }
            if mine.count == d.names.count {
                for p in d.pieces {
                    switch p {
                    case .text(let t): out.append(t)
                    case .importPath(let full): out.append(DeclarationCopy.importLine(full, destinationDirectory: destinationDirectory))
                    }
                }
            } else {
                out += mine.compactMap { d.blocks[$0] }
            }
        }
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n\n"
    }

    /// A diagnostic of a typed entry as the REPL words it: a `use` of an unknown behaviour
    /// says how to declare one here (there is no "this file" at the prompt).
    func replMessage(_ d: Diagnostic) -> String {
        guard case .check(.unknownBehaviour(let name, let known, false)) = d.problem, d.location.file == "<repl>" else {
            return chomp(renderDiagnostic(d, sourceLines: typedLines))
        }
        var message = "no behaviour named '\(name)' is known in this session"
        let declared = declaredInSession.map(\.name)
        if !declared.isEmpty { message += " (declared: " + declared.joined(separator: ", ") + ")" + didYouMean(name, known) }
        message += ": declare it at the prompt: 'import \"FILE\"' reads a file that declares it, or type its block"
            + " ('behaviour \(name) { ... }'; see README, 'Declare a behaviour'); a behaviour written in Swift needs a command"
            + " of its own (ScrollScriptCommand.main(behaviours:); see README, 'Test your own behaviour')"
        return chomp(renderDiagnostic(at: d.location, message: message, sourceLines: typedLines))
    }
}
