import Foundation
import XCTest
import ScrollScript

/// docs/architecture.md and the tree agree path by path: every Swift file of `Sources/` is
/// named in the doc (by its name, or a `World+*.swift` pattern), and every Swift file the doc
/// names exists (under `Sources/` or `Tests/`). A file added, moved or deleted without the
/// doc fails here, so a newcomer's "where is X decided" is answered from the doc alone.
final class ArchitectureDocTests: XCTestCase {
    /// The doc's templates for a file one adds (`Behaviours/NAME.swift`, `XCommand.swift`).
    let templates: Set<String> = ["Sources/ScrollSim/Behaviours/NAME.swift", "XCommand.swift"]

    func swiftFiles(under folder: String) throws -> [String] {
        let root = TestPaths.packageRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: root.path) else {
            XCTFail("cannot list \(root.path)")
            return []
        }
        var files: [String] = []
        while let p = walk.nextObject() as? String, files.count < 10_000 {
            if p.hasSuffix(".swift") { files.append(folder + "/" + p) }
        }
        return files.sorted()
    }

    /// Every backticked `….swift` the doc writes.
    func namedInDoc() throws -> [String] {
        let doc = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var names: [String] = []
        for (k, part) in doc.split(separator: "`", omittingEmptySubsequences: false).enumerated() where k % 2 == 1 {
            if part.hasSuffix(".swift"), !part.contains(" ") { names.append(String(part)) }
        }
        return names
    }

    /// `name` (a path's end, or one with a `*` in its file name: `World+*.swift`,
    /// `Sources/Benchmarks/*.swift`) names `file`.
    func matches(_ name: String, _ file: String) -> Bool {
        guard name.contains("*") else { return file == name || file.hasSuffix("/" + name) }
        let slash = name.lastIndex(of: "/")
        let folder = slash.map { String(name[...$0]) } ?? ""
        let pattern = slash.map { String(name[name.index(after: $0)...]) } ?? name
        let fileSlash = file.lastIndex(of: "/")
        let fileFolder = fileSlash.map { String(file[...$0]) } ?? ""
        let base = fileSlash.map { String(file[file.index(after: $0)...]) } ?? file
        guard folder.isEmpty || fileFolder == folder || fileFolder.hasSuffix("/" + folder),
              let star = pattern.firstIndex(of: "*") else { return false }
        let head = String(pattern[..<star]), tail = String(pattern[pattern.index(after: star)...])
        return base.hasPrefix(head) && base.hasSuffix(tail) && base.count >= head.count + tail.count
    }

    func testEverySourceFileIsInTheDoc() throws {
        let names = try namedInDoc()
        XCTAssertGreaterThan(names.count, 100)
        let files = try swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 100)
        let missing = files.filter { f in !names.contains { matches($0, f) } }
        XCTAssertEqual(missing, [], "docs/architecture.md does not name these files")
    }

    func testEveryFileTheDocNamesExists() throws {
        let files = try swiftFiles(under: "Sources") + swiftFiles(under: "Tests")
        let gone = try namedInDoc().filter { n in !templates.contains(n) && !files.contains { matches(n, $0) } }
        XCTAssertEqual(Array(Set(gone)).sorted(), [], "docs/architecture.md names files that do not exist")
    }

    // MARK: - The whole built-in and the prominence table (issue 30 item 4)

    static let wholeBuiltIn = "Sources/ScrollSim/Behaviours/Toolbar.swift"
    static let wholeMarker = "<!-- Toolbar.swift, whole -->\n```swift\n"

    /// The doc shows a complete built-in, the toolbar, as it is: its block is the file byte
    /// for byte, so it compiles (it is the file) and does not go stale.
    /// `SCROLLSCRIPT_UPDATE_DOCS=1` copies the file into the doc instead of failing.
    func testTheWholeBuiltInShownIsTheFile() throws {
        let docURL = TestPaths.packageRoot.appendingPathComponent("docs/architecture.md")
        let doc = try String(contentsOf: docURL, encoding: .utf8)
        let file = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(Self.wholeBuiltIn), encoding: .utf8)
        guard let open = doc.range(of: Self.wholeMarker),
              let close = doc.range(of: "\n```\n", range: open.upperBound..<doc.endIndex) else {
            return XCTFail("docs/architecture.md has no block after '\(Self.wholeMarker)'")
        }
        let shown = String(doc[open.upperBound..<close.lowerBound]) + "\n"
        if shown != file, ProcessInfo.processInfo.environment["SCROLLSCRIPT_UPDATE_DOCS"] == "1" {
            // The block holds the file without its last newline (the fence's line starts with it).
            let updated = String(doc[..<open.upperBound]) + String(file.dropLast()) + String(doc[close.lowerBound...])
            try updated.write(to: docURL, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(shown, file, "docs/architecture.md's copy of \(Self.wholeBuiltIn) differs from the file: SCROLLSCRIPT_UPDATE_DOCS=1 swift test --filter ArchitectureDocTests copies it")
        // It is a built-in: registered, with the word, states and views the doc says it has.
        let r = BehaviourRegistry.builtIn
        guard let id = r.ids.first(where: { r.declaration($0).name == "toolbar" }) else { return XCTFail("no toolbar built-in") }
        XCTAssertEqual(r.declaration(id).word, "toolbar")
        XCTAssertEqual(r.declaration(id).states, ["shown", "hidden", "showing", "hiding"])
        XCTAssertEqual(r.declaration(id).views.count, 2)
        XCTAssertEqual(r.declaration(id).tunables.count, 3)
        XCTAssertEqual(r.declaration(id).observables.count, 4)
    }

    /// The prominence table of the doc is the registry's: each row's observables have that
    /// prominence, and every observable with one is in a row.
    func testTheProminenceTableIsTheRegistrys() throws {
        let doc = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let head = doc.range(of: "| prominence | observables |\n") else { return XCTFail("no prominence table") }
        var table: [String: Int] = [:]
        for line in doc[head.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            let row = line.trimmingCharacters(in: .whitespaces)
            guard row.hasPrefix("|") else { break }
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, let rank = Int(cells[0]) else { return XCTFail("bad row '\(row)'") }
            for name in cells[1].split(separator: ",") {
                table[name.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = rank
            }
        }
        var registry: [String: Int] = [:]
        for o in BehaviourRegistry.builtIn.observables { if let p = o.prominence { registry[o.displayName] = p } }
        XCTAssertEqual(table, registry)
        // The change line's first three, as docs/repl.md's sessions show them (independent).
        XCTAssertEqual(table["offset"], 0)
        XCTAssertLessThan(table["header.height"] ?? 99, table["phase"] ?? 0)
    }
}
