import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollScript
@testable import ScrollScriptCommand

final class REPLLineReaderTests: XCTestCase {
    private func reader(feeding bytes: [UInt8]) -> (PlainLineReader, Int32) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        bytes.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        return (PlainLineReader(fileDescriptor: fds[0]), fds[0])
    }

    func testLinesCRLFAndLastLineWithoutNewline() {
        let (r, fd) = reader(feeding: Array("pull 120\r\nprint offset\n\nlast".utf8))
        defer { close(fd) }
        XCTAssertEqual(r.readLine(prompt: "scroll> "), .line("pull 120"))
        XCTAssertEqual(r.readLine(prompt: ""), .line("print offset"))
        XCTAssertEqual(r.readLine(prompt: ""), .line(""))
        XCTAssertEqual(r.readLine(prompt: ""), .line("last"))
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
        XCTAssertFalse(r.isInteractive)
    }

    func testInvalidUTF8BecomesReplacementCharacter() {
        let (r, fd) = reader(feeding: [0x61, 0xFF, 0x0A, 0xE5, 0xB1, 0xB1, 0x0D])  // "a\xFF\n山\r"
        defer { close(fd) }
        XCTAssertEqual(r.readLine(prompt: ""), .line("a\u{FFFD}"))
        XCTAssertEqual(r.readLine(prompt: ""), .line("山"))
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
    }

    func testLongInputAcrossManyReads() {
        var bytes: [UInt8] = []
        for i in 0..<5000 { bytes += Array("tick \(i)\n".utf8) }
        // "tick 0".."tick 9" 7 bytes each (70), 10..99 8 (720), 100..999 9 (8100),
        // 1000..4999 10 (40000): 48890 bytes, under a pipe's 64 KiB buffer, over 4096-byte reads.
        XCTAssertEqual(bytes.count, 48_890)
        let (r, fd) = reader(feeding: bytes)
        defer { close(fd) }
        var count = 0
        while case .line(let l) = r.readLine(prompt: "") {
            if count < 3 { XCTAssertEqual(l, "tick \(count)") }
            count += 1
        }
        XCTAssertEqual(count, 5000)
    }

    /// A reader on a regular file (no pipe buffer limit, so no writer thread is needed).
    private func reader(file bytes: [UInt8]) throws -> (PlainLineReader, Int32) {
        let path = NSTemporaryDirectory() + "plain-line-reader-\(getpid())-\(bytes.count)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        unlink(path)
        XCTAssertGreaterThanOrEqual(fd, 0)
        return (PlainLineReader(fileDescriptor: fd), fd)
    }

    func testAHugeLineIsReportedCutAndSkippedToItsNewline() throws {
        // 4 MiB of 'x' with no newline inside a line: before the fix the reader held it
        // all (and searched the whole buffer again after every 4 KiB read).
        let huge = 4 * 1024 * 1024
        let limit = 4 * (10_000 + 64)   // 10 000 characters (spec §1), at most 4 bytes each, + 64
        let bytes = Array("pull 1\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: huge) + Array("\ntick\n".utf8)
        let (r, fd) = try reader(file: bytes)
        defer { close(fd) }
        XCTAssertEqual(r.readLine(prompt: ""), .line("pull 1"))
        XCTAssertEqual(r.readLine(prompt: ""), .tooLong(String(repeating: "x", count: limit)))
        XCTAssertEqual(r.readLine(prompt: ""), .line("tick"))
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
        // What was held at once stays near the limit plus the 64 KiB kept before compacting,
        // not the 4 MiB line.
        XCTAssertLessThan(r.peakBufferedBytes, limit + 65_536 + 2 * 4096)
    }

    func testAHugeLastLineWithoutNewlineEndsInput() throws {
        let bytes = Array("tick\n".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 200_000)
        let (r, fd) = try reader(file: bytes)
        defer { close(fd) }
        XCTAssertEqual(r.readLine(prompt: ""), .line("tick"))
        guard case .tooLong(let start) = r.readLine(prompt: "") else { return XCTFail("expected .tooLong") }
        XCTAssertEqual(start.utf8.count, 4 * (10_000 + 64))
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
    }

    func testALineAtTheByteLimitIsPassedOn() throws {
        // Exactly the limit is still a line (the lexer then reports it as too long).
        let line = String(repeating: "z", count: 4 * (10_000 + 64))
        let (r, fd) = try reader(file: Array((line + "\nnext").utf8))
        defer { close(fd) }
        XCTAssertEqual(r.readLine(prompt: ""), .line(line))
        XCTAssertEqual(r.readLine(prompt: ""), .line("next"))
        XCTAssertEqual(r.readLine(prompt: ""), .eof)
    }

    func testInterruptFlag() {
        XCTAssertTrue(Interrupt.install())
        Interrupt.clear()
        XCTAssertFalse(Interrupt.isPending)
        XCTAssertGreaterThanOrEqual(Interrupt.wakeDescriptor, 0)
        raise(SIGINT)
        XCTAssertTrue(Interrupt.isPending)
        XCTAssertTrue(Interrupt.poll())
        // the self-pipe is readable, so a poll() waiting on it wakes
        var pfd = pollfd(fd: Interrupt.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pfd, 1, 0), 1)
        Interrupt.clear()
        XCTAssertFalse(Interrupt.isPending)
        XCTAssertEqual(poll(&pfd, 1, 0), 0)
        // the plain reader's flag is this one
        let (r, fd) = reader(feeding: [])
        defer { close(fd) }
        XCTAssertFalse(r.isInterrupted)
        raise(SIGINT)
        XCTAssertTrue(r.isInterrupted)
        r.clearInterrupt()
        XCTAssertFalse(Interrupt.isPending)
        XCTAssertEqual(r.screenSize.columns, 80)  // not a terminal: readline knows no size
        XCTAssertEqual(r.screenSize.rows, 24)
    }

    /// A real SIGINT during a long run, through the plain reader's flag, the loop and the
    /// real core: the run stops at the end of that frame and the loop clears the flag.
    func testASigintDuringARunStopsItAtThatFrame() {
        XCTAssertTrue(Interrupt.install())
        Interrupt.clear()
        let (plain, fd) = reader(feeding: Array("repeat 100000 { tick }\ntime\n".utf8))
        defer { close(fd) }
        let signalling = SignallingReader(plain, signalAtPoll: 10)
        var out = ""
        let status = ReplLoop(reader: signalling, core: ReplCore(), write: { out += $0 }).run()
        // 10 frames at 60 fps = 0.1667 s; the rest of the repeat is dropped (nothing but
        // the time changed: no change line after `interrupted at`)
        XCTAssertEqual(out, "interrupted at t=0.167 s\ntime = 0.167\n")
        XCTAssertFalse(Interrupt.isPending)
        XCTAssertEqual(status, 0)
    }
}

/// TEST DOUBLE: the plain reader, raising a real SIGINT from the core's `signalAtPoll`-th
/// poll of the flag (once per frame), as a Ctrl-C typed during a run would.
private final class SignallingReader: LineReader {
    private let inner: PlainLineReader
    private let signalAtPoll: Int
    private var polls = 0

    init(_ inner: PlainLineReader, signalAtPoll: Int) {
        self.inner = inner
        self.signalAtPoll = signalAtPoll
    }

    func readLine(prompt: String) -> LineResult { inner.readLine(prompt: prompt) }
    func addHistory(_ line: String) { inner.addHistory(line) }
    var isInteractive: Bool { inner.isInteractive }
    var isInterrupted: Bool {
        polls += 1
        if polls == signalAtPoll { raise(SIGINT) }
        return inner.isInterrupted
    }
    func clearInterrupt() { inner.clearInterrupt() }
    var screenSize: (columns: Int, rows: Int) { inner.screenSize }
    func close() { inner.close() }
}
