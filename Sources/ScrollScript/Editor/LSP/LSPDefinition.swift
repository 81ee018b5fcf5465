// (v1.5) `textDocument/definition`: from `use fade`, `fade.alpha`, `set fade.start`,
// `tap fade.title` to the declaration in the language (spec §9) — in the document, or in a
// file it imports.
import Foundation

extension LanguageServer {
    /// Runs `body` with the words of the behaviours `doc` declares and imports (spec §9).
    func withDeclarations<T>(_ doc: TextDocument, _ body: () -> T) -> T {
        let saved = lexicon
        let declared = fileDeclarations(doc.source, base: saved.registry)
        guard declared.declares else { return body() }
        lexicon = Lexicon.of(declared.registry)
        defer { lexicon = saved }
        return body()
    }

    /// Where the behaviour or member named at `position` is declared; null when it is none.
    func definition(_ doc: TextDocument, _ position: LSPPosition) -> JSONValue {
        let cursor = doc.byteOffset(of: position)
        let (pieces, _) = linePieces(doc, around: cursor)
        guard let (lo, hi) = nameChain(pieces, at: cursor) else { return .null }
        let parts = pieces[lo...hi].filter { $0.kind == .word }.map { $0.text }
        guard let name = parts.first else { return .null }
        let member = parts.count > 1 ? parts[1] : nil
        for (b, target) in declaredBehaviours(doc) where b.name == name {
            var at = b.nameLocation
            if let member {
                for m in b.members {
                    if m.name == member { at = m.nameLocation }
                    if member == "state", case .states = m.kind { at = m.location }
                }
            }
            return ["uri": .string(target.uri), "range": target.range(at).json]
        }
        return .null
    }

    /// The behaviours `doc` declares and those its imports bring, each with the document it
    /// is written in.
    private func declaredBehaviours(_ doc: TextDocument) -> [(BehaviourSyntax, TextDocument)] {
        var out: [(BehaviourSyntax, TextDocument)] = []
        var seen: Set<String> = []
        func walk(_ d: TextDocument, depth: Int) {
            guard depth < 32, seen.insert(d.fileName).inserted else { return }
            let scan = scanDeclarations(d.source, base: registry)
            let dir = URL(fileURLWithPath: d.fileName).deletingLastPathComponent().path
            for item in scan.items {
                switch item {
                case .behaviour(let b): out.append((b, d))
                case .import(let path, _):
                    let full = URL(fileURLWithPath: path.value.hasPrefix("/") ? path.value : dir + "/" + path.value).standardizedFileURL.path
                    guard let data = FileManager.default.contents(atPath: full) else { continue }
                    walk(TextDocument(uri: "file://" + full, version: 0, text: String(decoding: data, as: UTF8.self)), depth: depth + 1)
                }
            }
        }
        walk(doc, depth: 0)
        return out
    }
}
