import Foundation
import ScrollScript

/// `swift run -c release Benchmarks declared [FRAMES]`: the cost of a frame with post
/// 003's toolbar declared in the language (`scenarios/declared/toolbar.scroll`: `use bar`)
/// against the built-in toolbar (`toolbar`), in the same paired rounds as `port`, timed by
/// the thread's CPU time (`ToolbarRounds`). That a frame allocates nothing is checked as
/// for `sim`: run `declared FRAMES only` under valgrind with two frame counts and compare
/// the "total heap usage" allocation counts.
func declaredBenchmark() {
    let path = "scenarios/declared/toolbar.scroll"
    guard let data = FileManager.default.contents(atPath: path) else { return print("declared: run from the package's root (\(path))") }
    let declared = fileDeclarations(SourceFile(name: path, bytes: [UInt8](data)), base: .builtIn)
    guard declared.diagnostics.isEmpty else { return print("declared: \(path) does not check") }
    ToolbarRounds(name: "declared", label: "declared toolbar", registry: declared.registry,
                  declareOther: { _ = $0.declareUsed("bar") }, otherY: "bar.y").run()
}
