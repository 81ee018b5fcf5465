import Foundation

/// Where the tests' files are, from this file's place (`Tests/ScrollScriptTests/`), so a
/// test finds them from whichever stage's folder it sits in.
enum TestPaths {
    /// `Tests/ScrollScriptTests/` (its `Golden/` files).
    static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package's root (`scenarios/`, `docs/`, `editors/`, README.md).
    static let packageRoot = target.deletingLastPathComponent().deletingLastPathComponent()
}
