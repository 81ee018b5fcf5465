// The behaviours a file declares and imports (spec §2, §9): read when the file is, checked
// and lowered once, and appended to the registry the file's scenarios are checked and run
// with (`ScenarioStream`, `checkSource`). A file without declarations costs a glance at its
// first word.
import Foundation
import ScrollSim

/// The registry a file's scenarios use, and what was wrong in its declarations.
public struct FileDeclarations: Sendable {
    public let registry: BehaviourRegistry
    /// Errors of the declarations (in this file, or at the `import` that brought in a bad one).
    public let diagnostics: [Diagnostic]
    /// The file holds `behaviour` or `import` items.
    public let declares: Bool
    /// The files its imports read (their paths as opened), for `--watch`.
    public let importedPaths: [String]
    /// Declared behaviours refused for an error (reported): `use` of one says nothing more.
    public var refused: Set<String> = []

    /// `diagnostics` without the ones a refused declaration causes elsewhere (`use NAME`),
    /// with `alsoRefused` the file's own behaviours its parser refused (written after a
    /// scenario: `Parser.refusedBehaviourNames`).
    package func filtered(_ d: [Diagnostic], alsoRefused: [String] = []) -> [Diagnostic] {
        let refused = alsoRefused.isEmpty ? self.refused : self.refused.union(alsoRefused)
        guard !refused.isEmpty else { return d }
        return d.filter {
            switch $0.problem {
            case .check(.unknownBehaviour(let name, _, _)): return !refused.contains(name)
            case .check(.unknownTunable(let name, _)), .check(.unknownName(let name, _)),
                 .check(.declared(.unknownTapView(let name, _, _))):
                return !refused.contains(String(name.split(separator: ".").first ?? ""))
            default: return true
            }
        }
    }
}

/// The declarations of `source` and its imports on top of `base`: a registry of their own,
/// freed with its last copy (`BehaviourRegistry.appending`), so that a language server
/// checking at every keystroke, or `run --watch`, holds only the declarations in use.
public func fileDeclarations(_ source: SourceFile, base: BehaviourRegistry) -> FileDeclarations {
    guard startsWithDeclaration(source.bytes) else {
        return FileDeclarations(registry: base, diagnostics: [], declares: false, importedPaths: [])
    }
    var reader = DeclarationReader(base: base)
    _ = reader.read(source)
    return reader.finish()
}

/// Whether the first word of the file (after blank lines and comments) is `behaviour` or
/// `import`: the one test a file without declarations pays.
package func startsWithDeclaration(_ b: [UInt8]) -> Bool {
    var i = 0
    if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
    while i < b.count {
        switch b[i] {
        case 0x20, 0x09, 0x0A, 0x0D, 0x3B: i += 1
        case 0x23:
            while i < b.count, b[i] != 0x0A { i += 1 }
        default:
            func starts(_ w: String) -> Bool {
                let u = Array(w.utf8)
                guard i + u.count < b.count, Array(b[i..<i + u.count]) == u else { return false }
                let next = b[i + u.count]
                return next == 0x20 || next == 0x09
            }
            return starts(DeclarationWords.behaviour) || starts(DeclarationWords.importWord)
        }
    }
    return false
}

/// The declaration items of a file (those before its first other item) and whether it has
/// other items; its syntax errors.
package func scanDeclarations(_ source: SourceFile, base: BehaviourRegistry)
    -> (items: [DeclarationItem], others: Bool, errors: [Diagnostic], refused: [String]) {
    var parser = Parser(lexer: Lexer(bytes: source.bytes, file: source.name), file: source.name, keepsComments: false,
                        lexicon: Lexicon(base))
    var place = Parser.TopLevelPlace()
    let other = parser.nextTopLevelStatement(&place) != nil
    return (parser.declarationItems, other, parser.syntaxDiagnostics, parser.refusedBehaviourNames)
}

/// Reads a file's declarations and, transitively, its imports' (a file reached twice is read
/// once; a cycle is an error at the import that closes it).
private struct DeclarationReader {
    let base: BehaviourRegistry
    var behaviours: [(BehaviourSyntax, importedAt: SourceLocation?)] = []
    var diagnostics: [Diagnostic] = []
    var visited: Set<String> = []
    var stack: [String] = []
    var paths: [String] = []
    var key = ""
    /// The behaviours of imports refused whole (a syntax error, or more than declarations).
    var refusedImported: Set<String> = []

    init(base: BehaviourRegistry) { self.base = base }

    /// Reads `source` and its imports; returns the text that identifies what was read.
    mutating func read(_ source: SourceFile) -> String {
        let path = DeclarationReader.canonical(source.name)
        visited.insert(path)
        stack.append(path)
        let scan = scanDeclarations(source, base: base)
        // The whole text (a change anywhere in the file is a new one).
        key = source.name + "\u{0}" + String(decoding: source.bytes, as: UTF8.self)
        collect(scan.items, directory: DeclarationReader.directory(of: source.name), importedAt: nil)
        return key
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func directory(of name: String) -> String {
        if name.hasPrefix("<") || name == "-" { return FileManager.default.currentDirectoryPath }
        return URL(fileURLWithPath: name).deletingLastPathComponent().path
    }

    mutating func collect(_ items: [DeclarationItem], directory: String, importedAt: SourceLocation?) {
        for item in items {
            switch item {
            case .behaviour(let b):
                behaviours.append((b, importedAt))
            case .import(let literal, _):
                let at = importedAt ?? literal.location
                let written = literal.value
                let full = DeclarationReader.canonical(written.hasPrefix("/") ? written : directory + "/" + written)
                if stack.contains(full) {
                    diagnostics.append(Diagnostic(at, .check(.declared(.importCycle(written)))))
                    continue
                }
                if visited.contains(full) { continue }
                visited.insert(full)
                guard let data = FileManager.default.contents(atPath: full) else {
                    let reason = FileManager.default.fileExists(atPath: full) ? "it cannot be read" : "no such file (\(full))"
                    diagnostics.append(Diagnostic(at, .check(.declared(.importUnreadable(written, reason: reason)))))
                    continue
                }
                let source = SourceFile(name: full, bytes: [UInt8](data))
                paths.append(full)
                key += "\u{0}" + full + "\u{0}" + String(decoding: source.bytes, as: UTF8.self)
                let scan = scanDeclarations(source, base: base)
                if !scan.errors.isEmpty || scan.others {
                    for case .behaviour(let b) in scan.items { refusedImported.insert(b.name) }
                    refusedImported.formUnion(scan.refused)
                }
                if let first = scan.errors.first {
                    let reason = "\(written):\(first.location.line):\(first.location.column): \(first.message)"
                    diagnostics.append(Diagnostic(at, .check(.declared(.importUnreadable(written, reason: reason)))))
                    continue
                }
                if scan.others {
                    diagnostics.append(Diagnostic(at, .check(.declared(.importNotDeclarations(written)))))
                    continue
                }
                stack.append(full)
                collect(scan.items, directory: DeclarationReader.directory(of: full), importedAt: at)
                stack.removeLast()
            }
        }
    }

    /// Checks and lowers what was read: the registry with the declared behaviours appended.
    mutating func finish() -> FileDeclarations {
        var checker = DeclaredChecker(base: base)
        checker.declaredNames = Set(behaviours.map { $0.0.name })
        var entries: [BehaviourEntry] = []
        var firstOf: [String: SourceLocation] = [:]
        var refused = refusedImported
        checker.refusedNames.formUnion(refusedImported)
        var unique: [(BehaviourSyntax, importedAt: SourceLocation?)] = []
        for (b, importedAt) in behaviours {
            if let first = firstOf[b.name] {
                let firstText = "\(first.file):\(first.line)"
                checker.error(importedAt ?? b.nameLocation, .duplicateBehaviour(b.name, first: firstText))
                continue
            }
            firstOf[b.name] = b.nameLocation
            unique.append((b, importedAt))
        }
        // A behaviour is checked after those whose members it reads (their kinds are then
        // known, spec §9); otherwise in source order.
        for k in readingOrder(unique.map { $0.0 }) {
            let (b, importedAt) = unique[k]
            let before = checker.diagnostics.count
            let program = checker.check(b)
            if program == nil {
                refused.insert(b.name)
                checker.refusedNames.insert(b.name)
            }
            if let importedAt, checker.diagnostics.count > before {
                let inner = checker.diagnostics[before]
                checker.diagnostics.removeSubrange(before...)
                let file = inner.location.file
                let reason = "\(file):\(inner.location.line):\(inner.location.column): \(inner.message)"
                checker.diagnostics.append(Diagnostic(importedAt, .check(.declared(.importUnreadable(file, reason: reason)))))
                continue
            }
            if let program {
                entries.append(program.entry)
                // Its id is the base's count plus its place: a body below may read it.
                checker.siblings.append(program.declaration)
            }
        }
        let all = sortedDiagnostics(diagnostics + checker.diagnostics)
        let registry = entries.isEmpty ? base : base.appending(entries, identity: key)
        return FileDeclarations(registry: registry, diagnostics: all, declares: true, importedPaths: paths, refused: refused)
    }
}

/// The order to check `list` in: each behaviour after the others of `list` its code names
/// (`fade.alpha`), source order otherwise; two that read each other stay in source order
/// (the first one's read is then an error).
package func readingOrder(_ list: [BehaviourSyntax]) -> [Int] {
    let index = Dictionary(list.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    var order: [Int] = []
    var state = Array(repeating: 0, count: list.count)   // 0 new, 1 in progress, 2 done
    func visit(_ k: Int) {
        guard state[k] == 0 else { return }
        state[k] = 1
        var names: Set<String> = []
        for m in list[k].members { collectNames(m, &names) }
        for n in names.sorted() {
            guard let dot = n.firstIndex(of: "."), let d = index[String(n[..<dot])], d != k else { continue }
            visit(d)
        }
        state[k] = 2
        order.append(k)
    }
    for k in list.indices { visit(k) }
    return order
}

/// Every dotted name a member reads.
private func collectNames(_ m: MemberSyntax, _ out: inout Set<String>) {
    func expr(_ e: Expr?) {
        guard let e else { return }
        switch e {
        case .name(let n, _): if n.contains(".") { out.insert(n) }
        case .paren(let x, _), .unary(_, let x, _): expr(x)
        case .binary(_, let l, let r, _): expr(l); expr(r)
        case .compare(_, let l, let r, let t, _): expr(l); expr(r); expr(t)
        case .call(_, let args, _): args.forEach { expr($0) }
        case .indexed(_, let ix, _, _): ix.forEach { expr($0) }
        default: break
        }
    }
    func body(_ list: [BodyStmt]) {
        for s in list {
            switch s.kind {
            case .assign(_, _, let v), .let(_, _, let v): expr(v)
            case .if(let branches, let otherwise):
                for (c, b) in branches { expr(c); body(b) }
                body(otherwise ?? [])
            case .animate(_, _, let to, let over, _, let then): expr(to); expr(over); body(then ?? [])
            case .scrollTo(let v, _): expr(v)
            default: break
            }
        }
    }
    switch m.kind {
    case .var(_, let v), .value(_, let v): expr(v)
    case .view(_, let r, let a, let w): expr(r); expr(a); expr(w)
    case .action(_, let b), .on(_, _, _, let b): body(b)
    case .param, .states: break
    }
}
