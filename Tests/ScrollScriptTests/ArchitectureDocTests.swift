import Foundation
import XCTest

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
}
