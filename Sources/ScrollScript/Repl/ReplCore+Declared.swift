// (v1.5) A `behaviour` block (or an `import`) typed at the prompt declares it for the
// session (spec §9): it replaces an earlier one of that name, and the worlds made after it
// see it — the session's world is made again at once from the configuration typed so far.
import Foundation
import ScrollSim

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
        var behaviours = declaredInSession
        var names: [String] = []
        for item in program.declarations {
            switch item {
            case .behaviour(let b):
                behaviours.removeAll { $0.name == b.name }
                behaviours.append(b)
                names.append(b.name)
            case .import(let path, _):
                // An import's behaviours, read relative to the current directory.
                let dir = FileManager.default.currentDirectoryPath
                let read = fileDeclarations(SourceFile(name: dir + "/<repl>", text: "import \(path.raw)\n"), base: baseRegistry)
                if !read.diagnostics.isEmpty {
                    return ReplOutcome(read.diagnostics.map { "error: " + $0.message }, failed: true)
                }
                let d = DeclaredImport(read)
                for b in d.behaviours {
                    behaviours.removeAll { $0.name == b.name }
                    behaviours.append(b)
                    names.append(b.name)
                }
            }
        }
        var checker = DeclaredChecker(base: baseRegistry)
        var entries: [BehaviourEntry] = []
        for b in behaviours {
            if let p = checker.check(b) { entries.append(p.entry) }
        }
        if !checker.diagnostics.isEmpty {
            return ReplOutcome(sortedDiagnostics(checker.diagnostics).map { chomp(renderDiagnostic($0, sourceLines: typedLines)) },
                               failed: true)
        }
        declaredInSession = behaviours
        registry = baseRegistry.appending(entries)
        // A world made again with the new behaviours, from the configuration typed so far.
        let typed = session.configuration
        let (config, _) = applyConfiguration(typed, to: SceneConfig(registry: registry))
        session = Session(config: config, statements: typed)
        installHooks()
        primeWatches()
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return ReplOutcome(["declared \(list) (use \(names.first ?? "NAME")); a fresh world at t=0.000 s (configuration kept)"])
    }
}

/// The behaviours an import brought in, as syntax (for the REPL, which keeps them).
struct DeclaredImport {
    let behaviours: [BehaviourSyntax]

    init(_ read: FileDeclarations) {
        var out: [BehaviourSyntax] = []
        for path in read.importedPaths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            for item in scanDeclarations(SourceFile(name: path, bytes: [UInt8](data)), base: .builtIn).items {
                if case .behaviour(let b) = item { out.append(b) }
            }
        }
        behaviours = out
    }
}
