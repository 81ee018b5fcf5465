import Foundation
import ScrollScript
import SafariToolbarPort

/// `swift run -c release Benchmarks port [FRAMES]`: the cost of a frame with post 003's
/// toolbar ported to the UIKit-shaped API (Examples/SafariToolbar: `use safari`) against
/// the built-in toolbar (`toolbar`), in paired rounds timed by the thread's CPU time
/// (`ToolbarRounds`). `port FRAMES only` / `port FRAMES builtin`: rounds of one of them
/// alone, for a profiler.
func portBenchmark() {
    guard let registry = try? BehaviourRegistry.with([SafariToolbar.self]) else { return print("port: not registered") }
    ToolbarRounds(name: "port", label: "ported toolbar", registry: registry,
                  declareOther: { _ = $0.declareUsed("safari") }, otherY: "safari.y").run()
}
