import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process on a pseudo-terminal. Test helper.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    private var output: [UInt8] = []
    private var status: Int32?

    /// `directory`: the child's working directory (the test's when nil).
    init(binary: String, arguments: [String], environment: [String], directory: String? = nil) throws {
        // posix_openpt & co. sit behind _XOPEN_SOURCE in Glibc's headers, which Swift's
        // Glibc module does not define: look them up by name.
        typealias IntOfInt = @convention(c) (Int32) -> Int32
        typealias NameOfInt = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let openpt = PseudoTerminal.function("posix_openpt", as: IntOfInt.self),
              let grantpt = PseudoTerminal.function("grantpt", as: IntOfInt.self),
              let unlockpt = PseudoTerminal.function("unlockpt", as: IntOfInt.self),
              let ptsname = PseudoTerminal.function("ptsname", as: NameOfInt.self) else {
            throw NSError(domain: "pty", code: 2)
        }
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw NSError(domain: "pty", code: 1)
        }
        let slavePath = String(cString: name)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, PseudoTerminal.spawnSetSID)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // setsid runs before the file actions, so opening the slave makes it the controlling tty.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        if let directory {
            // glibc 2.29's posix_spawn_file_actions_addchdir_np, looked up by name as above.
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let addchdir = PseudoTerminal.function("posix_spawn_file_actions_addchdir_np", as: AddChdir.self),
                  addchdir(&actions, directory) == 0 else {
                close(master)
                throw NSError(domain: "pty", code: 3)
            }
        }

        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
        guard rc == 0 else { close(master); throw NSError(domain: "pty", code: Int(rc)) }
        pid = child
    }

    /// `scrollscript repl` (the built binary) on a terminal, with HOME (for the history
    /// file) set to `home`, no `~/.inputrc`, a dumb terminal and a UTF-8 locale.
    /// `arguments` follow `repl`; `directory` is its working directory (the test's when nil).
    static func repl(home: String, arguments: [String] = [], directory: String? = nil) throws -> PseudoTerminal {
        try PseudoTerminal(binary: CLI.binary.path, arguments: ["repl"] + arguments, environment: [
            "HOME=" + home, "TERM=dumb", "INPUTRC=/dev/null", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
        ], directory: directory)
    }

    /// Runs `body` with `scrollscript repl` at its first prompt, its home a new directory
    /// named after `name` (removed afterwards), and kills the REPL if it is still running.
    static func withRepl(_ name: String, file: StaticString = #filePath, line: UInt = #line,
                         _ body: (PseudoTerminal, String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + name + "-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let term = try PseudoTerminal.repl(home: dir)
        defer { term.kill() }
        term.expect(.once("scroll> "), file: file, line: line)
        try body(term, dir)
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h; also hidden behind _GNU_SOURCE).
    static let spawnSetSID: Int16 = 0x80

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    var transcript: String { String(decoding: output, as: UTF8.self) }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Output a wait is for: `text` shown `times` times in the whole transcript, or shown
    /// after the last `anchor` (output only the awaited event produces).
    enum Shown {
        case times(String, Int)
        case afterLast(String, anchor: String)

        static func once(_ text: String) -> Shown { .times(text, 1) }
        /// The prompt drawn after the last `anchor`: the answer that ends with it is complete.
        static func prompt(after anchor: String) -> Shown { .afterLast("scroll> ", anchor: anchor) }
    }

    /// Types `text`, then waits for each of `waits` in turn (each for at most 60 s), failing
    /// the test at the caller's line with the transcript when one does not come.
    func type(_ text: String, until waits: Shown..., file: StaticString = #filePath, line: UInt = #line) {
        type(text)
        expect(waits, file: file, line: line)
    }

    /// Waits for each of `waits` in turn, as `type(_:until:)` does.
    func expect(_ waits: Shown..., file: StaticString = #filePath, line: UInt = #line) {
        expect(waits, file: file, line: line)
    }

    private func expect(_ waits: [Shown], file: StaticString, line: UInt) {
        for w in waits {
            let seen: Bool
            switch w {
            case .times(let text, let n): seen = waitFor(text, count: n)
            case .afterLast(let text, let anchor): seen = waitFor(text, afterLast: anchor)
            }
            XCTAssertTrue(seen, "waited for \(w): " + transcript, file: file, line: line)
        }
    }

    /// Types `line` and Return at the REPL, then waits for the session's prompt number
    /// `prompt` (the REPL's answer is complete when its next prompt is drawn).
    func enter(_ line: String, thenPrompt prompt: Int, file: StaticString = #filePath, line callLine: UInt = #line) {
        type(line + "\r", until: .times("scroll> ", prompt), file: file, line: callLine)
    }

    /// How long a wait may take (10 ms steps): 60 s, generous on a loaded machine. A wait
    /// ends as soon as its event shows; only a failing test waits this long.
    static let waitSteps = 6000

    /// Reads until `needle` has appeared `count` times, for at most 60 s.
    func waitFor(_ needle: String, count: Int) -> Bool {
        for _ in 0..<PseudoTerminal.waitSteps {
            if occurrences(of: needle) >= count { return true }
            pump(milliseconds: 10)
        }
        return occurrences(of: needle) >= count
    }

    /// Reads until `needle` appears after the last `anchor`, for at most 60 s.
    func waitFor(_ needle: String, afterLast anchor: String) -> Bool {
        func found() -> Bool {
            let text = transcript
            guard let a = text.range(of: anchor, options: .backwards) else { return false }
            return text[a.upperBound...].contains(needle)
        }
        for _ in 0..<PseudoTerminal.waitSteps {
            if found() { return true }
            pump(milliseconds: 10)
        }
        return found()
    }

    /// The exit status once the child has exited (waiting up to 60 s if `wait`), else nil.
    func exitStatus(wait: Bool) -> Int32? {
        for _ in 0..<(wait ? PseudoTerminal.waitSteps : 1) {
            if let s = status { return s }
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                return status
            }
            pump(milliseconds: 10)
        }
        return status
    }

    func kill() {
        if exitStatus(wait: false) == nil {
            #if canImport(Glibc)
            Glibc.kill(pid, SIGKILL)
            #else
            Darwin.kill(pid, SIGKILL)
            #endif
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }

    private func pump(milliseconds: Int32) {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 {
            output += buffer[0..<n]
        } else {
            // The child closed the terminal (it is exiting): poll() now returns at once
            // with POLLHUP, so wait here, or a 15 s wait would be over in microseconds.
            usleep(UInt32(milliseconds) * 1000)
        }
    }

    /// After the child has exited: reads what it wrote until the terminal reports its end
    /// (read() gives 0 or EIO once no process holds the other side), for at most 60 s.
    /// The event is the end of the output, not a time.
    func readToEnd() {
        for _ in 0..<PseudoTerminal.waitSteps {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 10) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            output += buffer[0..<n]
        }
    }

    private func occurrences(of needle: String) -> Int {
        transcript.components(separatedBy: needle).count - 1
    }
}
