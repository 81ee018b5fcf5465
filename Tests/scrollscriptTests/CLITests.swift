import XCTest

/// Runs the built `scrollscript` binary (next to the .xctest bundle) on real files.
final class CLISmokeTests: XCTestCase {
    func testBinaryExists() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLI.binary.path))
    }
}

/// A test case with a fresh temporary folder, `dir`, for each test (removed after it), and
/// files written into it.
class TempFolderTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.tempDir()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Writes `text` to `name` in `dir` (making its folders), with permissions `mode` when given.
    func write(_ name: String, _ text: String, mode: Int? = nil) throws {
        try write(name, Data(text.utf8), mode: mode)
    }

    func write(_ name: String, _ data: Data, mode: Int? = nil) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path) }
    }

    /// A folder `d` whose byte order is not alphabetical (`d/B.scroll` < `d/a/z.scroll` <
    /// `d/b.scroll`: "B" 0x42 < "a" 0x61 < "b" 0x62), one level down, and a `d/notes.txt` a
    /// walk passes over; each file holds the text given for it.
    func writeByteOrderFolder(b: String, az: String, B: String, notes: String) throws {
        try write("d/b.scroll", b)
        try write("d/a/z.scroll", az)
        try write("d/B.scroll", B)
        try write("d/notes.txt", notes)
    }
}

enum CLI {
    static var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    static var binary: URL { productsDirectory.appendingPathComponent("scrollscript") }

    /// The repository (this file is Tests/scrollscriptTests/CLITests.swift).
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `scrollscript ARGS` (or `executable ARGS`: a wrapper that starts it) in `dir`,
    /// with `env` added to the inherited environment and `stdin` on standard input (an
    /// empty, closed pipe when nil), and a timeout so a hang fails instead of blocking.
    static func run(_ args: [String], executable: URL? = nil, in dir: URL? = nil, env: [String: String] = [:],
                    stdin: String? = nil, timeout: TimeInterval = 60) throws -> Output {
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = args
        if let dir { p.currentDirectoryURL = dir }
        if !env.isEmpty {
            var e = ProcessInfo.processInfo.environment
            for (k, v) in env { e[k] = v }
            p.environment = e
        }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        // Read both pipes concurrently so a large output cannot block the child.
        let outData = PipeBytes(), errData = PipeBytes()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData.set(out.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        if group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            throw NSError(domain: "CLI", code: 1, userInfo: [NSLocalizedDescriptionKey: "scrollscript \(args) timed out"])
        }
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
                      stderr: String(decoding: errData.data, as: UTF8.self))
    }

    static func tempDir() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("scrollscript-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }
}

/// The bytes a reader thread took from a pipe, handed to the thread that waits for it (a
/// lock, not a captured `var`: Swift 6 refuses a var mutated in concurrently-executing code).
final class PipeBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func set(_ d: Data) {
        lock.lock()
        bytes = d
        lock.unlock()
    }

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}
