import Foundation
import XCTest
@testable import ScrollScript

/// The file watchers as a library. inotify is driven end to end by WatchCLITests; here the
/// polling watcher (what other systems use) runs on real files too, and both stop when the
/// wake descriptor (Ctrl-C's pipe) becomes readable.
final class FileWatcherTests: XCTestCase {
    private func tempDir() throws -> String {
        let d = NSTemporaryDirectory() + "watcher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    private func targets(_ paths: [String]) throws -> WatchTargets {
        switch WatchTargets.find(paths) {
        case .success(let t): return t
        case .failure(let e): throw e
        }
    }

    /// Each change is made before `next` is called: the watcher finds it at its next look,
    /// whenever that is.
    func testPollingWatcherSeesWritesRenamesDeletesAndDirectories() throws {
        let d = try tempDir()
        try "scenario \"a\" { tick }\n".write(toFile: d + "/a.scroll", atomically: false, encoding: .utf8)
        try "x".write(toFile: d + "/notes.txt", atomically: false, encoding: .utf8)
        let w = PollingWatcher(try targets([d]))

        try "scenario \"a\" { tick 2 }\n".write(toFile: d + "/a.scroll", atomically: false, encoding: .utf8)
        try "scenario \"b\" { tick }\n".write(toFile: d + "/b.tmp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(d + "/b.tmp", d + "/b.scroll"), 0)
        try "y".write(toFile: d + "/notes.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(w.next(quiet: 0.05, longest: 1, wakeFD: -1), FileChanges(changed: [d + "/a.scroll", d + "/b.scroll"]))

        try FileManager.default.removeItem(atPath: d + "/a.scroll")
        XCTAssertEqual(w.next(quiet: 0.05, longest: 1, wakeFD: -1), FileChanges(deleted: [d + "/a.scroll"]))

        try FileManager.default.createDirectory(atPath: d + "/sub", withIntermediateDirectories: true)
        XCTAssertEqual(w.next(quiet: 0.05, longest: 1, wakeFD: -1), FileChanges(everything: .directory))
    }

    func testEveryWatcherStopsWhenWoken() throws {
        let d = try tempDir()
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        XCTAssertEqual(write(fds[1], &byte, 1), 1)
        let t = try targets([d])
        guard case .success(let made) = makeFileWatcher(paths: [d]) else { return XCTFail("no watcher") }
        XCTAssertNil(made.note, "inotify is there on Linux")
        for w in [made.watcher, PollingWatcher(t)] {
            XCTAssertNil(w.next(quiet: 0.05, longest: 1, wakeFD: fds[0]))
        }
    }

    func testTargets() throws {
        let d = try tempDir()
        try "".write(toFile: d + "/a.scroll", atomically: false, encoding: .utf8)
        let t = try targets([d, d + "/a.scroll", d + "/later.scroll"])
        XCTAssertEqual(t.trees, [d])
        XCTAssertEqual(t.files.map { "\($0.directory) \($0.name) \($0.path)" }, ["\(d) a.scroll \(d)/a.scroll", "\(d) later.scroll \(d)/later.scroll"])
        XCTAssertEqual(try targets(["a.scroll"]).files.map(\.directory), ["."])
        XCTAssertEqual(try targets(["/a.scroll"]).files.map(\.directory), ["/"])
        guard case .failure(let e) = WatchTargets.find([d + "/a.scroll/x.scroll"]) else { return XCTFail("a file is not a directory") }
        XCTAssertEqual(e.message, "cannot watch '\(d)/a.scroll/x.scroll': '\(d)/a.scroll' is not a directory")
    }
}
