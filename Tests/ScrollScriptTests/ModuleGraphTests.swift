import Foundation
import XCTest

/// The modules by stage (docs/architecture.md, "Modules") hold to their graph: a module
/// imports only the modules below it. The graph is stated here, edge by edge; every Swift
/// file of every stage's folder is read for its `import` lines (`@_exported`, `@testable`
/// and `import struct M.X` too), and Package.swift must declare the same edges. The
/// compiler alone does not hold a module to its declared dependencies: a module built
/// before may be found and imported all the same, and the stages would then reach back.
final class ModuleGraphTests: XCTestCase {
    /// Each stage module and the package modules it depends on directly, bottom up.
    static let graph: [(module: String, imports: [String])] = [
        ("ScrollSim", []),
        ("ScrollScriptSyntax", ["ScrollSim"]),
        ("ScrollScriptGuesses", ["ScrollScriptSyntax"]),
        ("ScrollScriptBehaviours", ["ScrollScriptSyntax", "CThreadContext"]),
        ("ScrollScriptChecker", ["ScrollScriptSyntax", "ScrollScriptGuesses", "ScrollScriptBehaviours"]),
        ("ScrollScriptRuntime", ["ScrollScriptChecker"]),
        ("ScrollScript", ["ScrollSim", "ScrollScriptSyntax", "ScrollScriptGuesses", "ScrollScriptBehaviours",
                          "ScrollScriptChecker", "ScrollScriptRuntime", "CThreadContext"]),
    ]

    /// What `module` may import: the modules below it (its edges, and theirs).
    static func below(_ module: String) -> Set<String> {
        var seen = Set<String>(), todo = graph.first { $0.module == module }?.imports ?? []
        while let m = todo.popLast() {
            guard seen.insert(m).inserted else { continue }
            todo += graph.first { $0.module == m }?.imports ?? []
        }
        return seen
    }

    func packageText() throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// Every target Package.swift names (`name: "…"` of a `.target`, `.executableTarget`,
    /// `.testTarget` or `.systemLibrary`): the modules a stage must not import unless they
    /// are below it.
    func packageModules() throws -> Set<String> {
        let text = try packageText()
        var names = Set<String>()
        let re = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        for m in re.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let r = Range(m.range(at: 1), in: text) { names.insert(String(text[r]).replacingOccurrences(of: "-", with: "_")) }
        }
        return names
    }

    /// The package modules `text` imports, with the line of each.
    static func imports(in text: String, among modules: Set<String>) -> [(module: String, line: Int)] {
        var found: [(String, Int)] = []
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let w = words.first, w.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            // `import M`, `import struct M.X`, `import M.Sub`.
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            let module = String(path.split(separator: ".").first ?? "")
            if modules.contains(module) { found.append((module, k + 1)) }
        }
        return found
    }

    func swiftFiles(_ folder: String) -> [String] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources").appendingPathComponent(folder)
        var files: [String] = []
        if let walk = FileManager.default.enumerator(atPath: root.path) {
            while let p = walk.nextObject() as? String, files.count < 10_000 {
                if p.hasSuffix(".swift") { files.append(root.appendingPathComponent(p).path) }
            }
        }
        return files.sorted()
    }

    /// Every source file of every stage imports only modules below its own.
    func testEveryImportIsOfAModuleBelow() throws {
        let modules = try packageModules()
        XCTAssertTrue(modules.isSuperset(of: Self.graph.map(\.module)), "Package.swift lacks a stage module")
        var wrong: [String] = []
        var filesRead = 0
        for (module, _) in Self.graph {
            let allowed = Self.below(module)
            let files = swiftFiles(module)
            XCTAssertFalse(files.isEmpty, "no source files in Sources/\(module)")
            for f in files {
                filesRead += 1
                let text = try String(contentsOfFile: f, encoding: .utf8)
                for (m, line) in Self.imports(in: text, among: modules) where !allowed.contains(m) {
                    wrong.append("\(f.replacingOccurrences(of: TestPaths.packageRoot.path + "/", with: "")):\(line): \(module) imports \(m), which is not below it")
                }
            }
        }
        XCTAssertGreaterThan(filesRead, 150)
        XCTAssertEqual(wrong, [], "a module imports one at or above its stage (docs/architecture.md, \"Modules\")")
    }

    /// Package.swift declares each stage's dependencies as the graph states them.
    func testPackageDeclaresTheGraph() throws {
        let text = try packageText()
        for (module, imports) in Self.graph where module != "ScrollSim" {
            let re = try NSRegularExpression(pattern: #"\.target\(\s*name:\s*""# + module + #""\s*,\s*dependencies:\s*\[([^\]]*)\]"#)
            guard let m = re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                  let r = Range(m.range(at: 1), in: text) else {
                XCTFail("Package.swift has no .target(name: \"\(module)\", dependencies: [...])")
                continue
            }
            let declared = text[r].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                .filter { !$0.isEmpty }
            XCTAssertEqual(Set(declared), Set(imports), "\(module)'s dependencies in Package.swift")
        }
    }

    /// The reading of import lines, on lines written for it: an import below passes, one at
    /// or above is found with its line, whatever its attributes or kind.
    func testImportLinesAreRead() {
        let modules: Set<String> = ["ScrollSim", "ScrollScriptSyntax", "ScrollScriptRuntime", "ScrollScript"]
        let text = """
        // import ScrollScript is a comment here
        import Foundation
        @_exported import ScrollSim
        @testable import ScrollScriptRuntime
          import struct ScrollScript.Recording
        let imported = "import ScrollScript"
        """
        let found = Self.imports(in: text, among: modules)
        XCTAssertEqual(found.map(\.module), ["ScrollSim", "ScrollScriptRuntime", "ScrollScript"])
        XCTAssertEqual(found.map(\.line), [3, 4, 5])
        XCTAssertEqual(Self.below("ScrollScriptRuntime"),
                       ["ScrollScriptChecker", "ScrollScriptSyntax", "ScrollScriptGuesses", "ScrollScriptBehaviours", "ScrollSim", "CThreadContext"])
        XCTAssertEqual(Self.below("ScrollScriptSyntax"), ["ScrollSim"])
    }
}
