import XCTest
import Glibc

/// Runs the real `scrollscript repl` on a pseudo-terminal (posix_openpt + posix_spawn with
/// POSIX_SPAWN_SETSID, so the pty becomes the child's controlling terminal and a typed
/// \x03 raises SIGINT), types into it, and checks what the terminal shows.
final class REPLPtyTests: XCTestCase {
    private var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    func testTypingTabCtrlCAndCtrlD() throws {
        let home = NSTemporaryDirectory() + "repl-pty-home-\(getpid())"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let binary = productsDirectory.appendingPathComponent("scrollscript").path

        let term = try PseudoTerminal(binary: binary, arguments: ["repl"], environment: [
            "HOME=" + home, "TERM=dumb", "INPUTRC=/dev/null", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
        ])
        defer { term.kill() }

        XCTAssertTrue(term.waitFor("scroll> ", count: 1), term.transcript)

        // A configuration, then a pull: the change line, worked out by hand:
        // offset = -(120·0.55·667)/(667 + 0.55·120) = -60.06, header 240 + 60.06 = 300.06.
        // Every wait below waits for output only the awaited event produces: the echo of
        // what was just typed after the last prompt, a line only that command prints, or
        // the prompt after such a line (issue 16: `waitFor("pull 12")` was already met by
        // the earlier `pull 120`, so Ctrl-C could go before the REPL had read the text).
        term.type("header 240 pin 60\r")
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "header 240 pin 60\r\n"), term.transcript)
        term.type("pull 120\r")
        XCTAssertTrue(term.waitFor("t=0.400 s  offset 0.00 → -60.06  header.height 240.00 → 300.06  phase idle → dragging", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "phase idle → dragging"), term.transcript)

        // Tab completes header.he → header.height (and a space); the value is printed.
        term.type("header.he\t")
        XCTAssertTrue(term.waitFor("header.height ", afterLast: "scroll> "), term.transcript)
        term.type("\r")
        XCTAssertTrue(term.waitFor("header.height = 300.06", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "header.height = 300.06"), term.transcript)

        // :fra + Tab → :frames; the table: the header and rows 0...8 (row 9 starts at
        // 300.06 + 9·44 = 696.06, below the 667 pt screen).
        term.type(":fra\t")
        XCTAssertTrue(term.waitFor(":frames ", afterLast: "scroll> "), term.transcript)
        term.type("\r")
        XCTAssertTrue(term.waitFor("t=0.400 s, 10 views on screen", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("header    0.00    0.00  375.00  300.06", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "row[0,8]  0.00  652.06  375.00   44.00"), term.transcript)

        // Ctrl-C clears the half-typed line and gives a fresh prompt; the process lives on.
        term.type("pull 12")
        XCTAssertTrue(term.waitFor("pull 12", afterLast: "scroll> "), term.transcript)
        term.type("\u{03}")
        XCTAssertTrue(term.waitFor("^C", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "^C"), term.transcript)
        XCTAssertNil(term.exitStatus(wait: false), "the REPL must survive Ctrl-C")

        // An open block shows the continuation prompt; Ctrl-C drops the whole block.
        term.type("repeat 2 {\r")
        XCTAssertTrue(term.waitFor("  ...> ", count: 1), term.transcript)
        term.type("tick\r")
        XCTAssertTrue(term.waitFor("  ...> ", count: 2), term.transcript)
        term.type("\u{03}")
        XCTAssertTrue(term.waitFor("^C", count: 2), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "^C"), term.transcript)

        // A colon command completed with Tab and run: the loop's own :help.
        term.type(":he\t")
        XCTAssertTrue(term.waitFor(":help ", afterLast: "scroll> "), term.transcript)
        term.type("tick\r")
        XCTAssertTrue(term.waitFor("advance N display frames (default 1)", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "advance N display frames (default 1)"), term.transcript)

        // Ctrl-C during a long run (5,000,000 frames, many seconds) stops it at the end of
        // a frame; the world stays and the session goes on.
        term.type("repeat 5000000 { tick }\r")
        // readline's newline after the echoed line: the line was accepted, the run starts
        // (a Ctrl-C before that would only clear the line). A Ctrl-C from then on stops the
        // run, even one that arrives before its first frame: no need to wait longer.
        XCTAssertTrue(term.waitFor("{ tick }\r\n", count: 1), term.transcript)
        term.type("\u{03}")
        XCTAssertTrue(term.waitFor("interrupted at t=", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "interrupted at t="), term.transcript)
        XCTAssertNil(term.exitStatus(wait: false), "the REPL must survive Ctrl-C during a run")
        term.type("finger.down\r")
        XCTAssertTrue(term.waitFor("finger.down = true", count: 1), term.transcript)  // still held
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "finger.down = true"), term.transcript)

        // Ctrl-C also stops a loop that runs no frame (it used to run all 9,999,999
        // statements, tens of seconds in a debug build, before the prompt came back).
        term.type("repeat 9999999 { expect offset > -1e9 }\r")
        XCTAssertTrue(term.waitFor("{ expect offset > -1e9 }\r\n", count: 1), term.transcript)
        term.type("\u{03}")
        XCTAssertTrue(term.waitFor("interrupted at t=", count: 2), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "interrupted at t="), term.transcript)

        // Ctrl-R searches the history (readline's own) and Enter runs the line found.
        term.type("\u{12}header.he")
        XCTAssertTrue(term.waitFor("(reverse-i-search)", count: 1), term.transcript)
        term.type("\r")
        XCTAssertTrue(term.waitFor("header.height = 300.06", count: 2), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", afterLast: "header.height = 300.06"), term.transcript)

        // Ctrl-D on the empty line ends the session with status 0.
        term.type("\u{04}")
        XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)

        // Lines entered are recorded (block lines too); the line thrown away with ^C is not.
        let history = try String(contentsOfFile: home + "/.scrollscript_history", encoding: .utf8)
        XCTAssertEqual(history, "header 240 pin 60\npull 120\nheader.height \n:frames \nrepeat 2 {\ntick\n:help tick\nrepeat 5000000 { tick }\nfinger.down\nrepeat 9999999 { expect offset > -1e9 }\nheader.height \n")
    }

    /// Issue 12: explore in the REPL, `:expect` the values, `:save` a scenario that passes.
    func testExpectThenSaveWritesAScenarioWithItsChecks() throws {
        let dir = NSTemporaryDirectory() + "repl-pty-expect-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let binary = productsDirectory.appendingPathComponent("scrollscript").path
        let term = try PseudoTerminal(binary: binary, arguments: ["repl"], environment: [
            "HOME=" + dir, "TERM=dumb", "INPUTRC=/dev/null", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
        ])
        defer { term.kill() }
        XCTAssertTrue(term.waitFor("scroll> ", count: 1), term.transcript)
        term.type("header 240 pin 60\r")
        XCTAssertTrue(term.waitFor("scroll> ", count: 2), term.transcript)
        // 120 pt at 300 pt/s: 24 frames; b(120) = 120·0.55·667/(667 + 66) = 60.0573.
        term.type("pull 120\r")
        XCTAssertTrue(term.waitFor("scroll> ", count: 3), term.transcript)
        // Tab completes the command, then the name.
        term.type(":exp\t")
        XCTAssertTrue(term.waitFor(":expect ", count: 1), term.transcript)
        term.type("header.hei\t")
        XCTAssertTrue(term.waitFor(":expect header.height ", count: 1), term.transcript)
        term.type("offset\r")
        XCTAssertTrue(term.waitFor("added 2 checks (:save writes them):", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("  expect header.height ~= 300.06", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("  expect offset ~= -60.06", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", count: 4), term.transcript)
        term.type(":save \(dir)/s.scroll\r")
        XCTAssertTrue(term.waitFor("saved \"repl session\"", count: 1), term.transcript)
        XCTAssertTrue(term.waitFor("scroll> ", count: 5), term.transcript)
        term.type("\u{04}")
        XCTAssertEqual(term.exitStatus(wait: true), 0, term.transcript)
        let saved = try String(contentsOfFile: dir + "/s.scroll", encoding: .utf8)
        XCTAssertEqual(saved, """
        # Saved by scrollscript repl.
        scenario "repl session" {
          header 240 pin 60
          pull 120
          expect header.height ~= 300.06
          expect offset ~= -60.06
        }

        """)
    }
}

/// A child process on a pseudo-terminal. Test helper.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    private var output: [UInt8] = []
    private var status: Int32?

    init(binary: String, arguments: [String], environment: [String]) throws {
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

        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
        guard rc == 0 else { close(master); throw NSError(domain: "pty", code: Int(rc)) }
        pid = child
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
            Glibc.kill(pid, SIGKILL)
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
