import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollScript

/// Reads lines with GNU readline's callback interface: poll() on standard input and on
/// the SIGINT self-pipe, `rl_callback_read_char` for each key. Readline catches no
/// signals itself (`rl_catch_signals = 0`); on Ctrl-C the half-typed line is thrown away
/// (`rl_callback_sigcleanup`), `^C` is shown and `.interrupted` returned, so the loop
/// shows a fresh prompt. Tab completes through the library's `Completer` (this file is
/// only the glue to readline); history through `ReplHistory`.
///
/// Readline is process-global, so only one instance should exist at a time.
final class ReadlineLineReader: LineReader {
    private let history: ReplHistory?

    /// Sets readline up (completion, word breaks, signals) and loads the history.
    init(history: ReplHistory?, completer: Completer = Completer()) {
        self.history = history
        ReadlineState.completer = completer
        rl_readline_name = UnsafePointer(ReadlineState.name)
        rl_catch_signals = 0
        rl_catch_sigwinch = 1
        rl_getc_function = readlineGetc
        rl_basic_word_break_characters = UnsafePointer(ReadlineState.wordBreaks)
        rl_completer_word_break_characters = UnsafePointer(ReadlineState.wordBreaks)
        rl_attempted_completion_function = readlineAttemptedCompletion
        rl_completion_word_break_hook = readlineWordBreaks
        Interrupt.install()
        history?.load()
    }

    var isInteractive: Bool { true }

    var isInterrupted: Bool { Interrupt.isPending }

    func clearInterrupt() { Interrupt.clear() }

    /// What readline knows of the terminal (it tracks SIGWINCH).
    var screenSize: (columns: Int, rows: Int) { TerminalSize.current() }

    func readLine(prompt: String) -> LineResult {
        ReadlineState.result = nil
        fflush(stdout)
        rl_callback_handler_install(prompt, readlineLineHandler)
        var quietHangups = 0
        while ReadlineState.result == nil {
            if Interrupt.isPending { return abandonLine() }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: Interrupt.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .eof
            }
            if Interrupt.isPending { return abandonLine() }
            let events = Int32(fds[0].revents)
            if events & Int32(POLLIN) != 0 {
                quietHangups = 0
                rl_callback_read_char()
            } else if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal went away: give readline a chance to see end of file, then stop.
                quietHangups += 1
                if quietHangups > 2 {
                    rl_callback_handler_remove()
                    return .eof
                }
                rl_callback_read_char()
            }
        }
        return ReadlineState.result ?? .eof
    }

    func addHistory(_ line: String) {
        history?.add(line)
    }

    func close() {
        history?.save()
    }

    /// Ctrl-C while typing: forget the line, restore the terminal, show `^C`.
    private func abandonLine() -> LineResult {
        // `^C` where the cursor is (after the typed text, as a shell shows it); the
        // clean-up below returns the cursor to column 0, so it must come first.
        fputs("^C", stdout)
        fflush(stdout)
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        rl_point = 0
        rl_cleanup_after_signal()
        rl_callback_handler_remove()
        fputs("\n", stdout)
        fflush(stdout)
        Interrupt.clear()
        return .interrupted
    }
}

/// Readline calls plain C functions, which cannot capture context: the state they share
/// with the reader lives here.
enum ReadlineState {
    nonisolated(unsafe) static var result: LineResult?
    nonisolated(unsafe) static var completer = Completer()
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var nextCandidate = 0
    /// Word breaks for readline: no `.`, `[`, `]`, `,` or `:` (so `header.h`, `row[0,1].y`
    /// and `:lo` are one word; `Completer` finds the exact word start itself).
    static let wordBreaks: UnsafeMutablePointer<CChar> = permanentCString(" \t\n\"();{}+-*/%=<>!~#")
    /// The break set last handed to readline by `readlineWordBreaks` (freed on the next call).
    nonisolated(unsafe) static var dynamicBreaks: UnsafeMutablePointer<CChar>?
    static let name = permanentCString("scrollscript")

    /// A C string that lives as long as the process (readline keeps the pointer).
    private static func permanentCString(_ s: String) -> UnsafeMutablePointer<CChar> {
        if let copy = strdup(s) { return copy }
        let empty = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        empty.initialize(to: 0)
        return empty
    }
}

/// `rl_callback_handler_install`'s line handler: nil means end of file.
private let readlineLineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    if let line = line {
        ReadlineState.result = .line(String(cString: line))
        free(line)
    } else {
        ReadlineState.result = .eof
    }
    rl_callback_handler_remove()
}

/// `rl_completion_word_break_hook`: a break set that makes readline's word start the
/// completer's (`row[0,1].y` keeps its comma; `a,b` breaks at it): the static set, plus
/// the byte just before the completer's word, minus the bytes inside it.
private let readlineWordBreaks: @convention(c) () -> UnsafeMutablePointer<CChar>? = {
    guard let buffer = rl_line_buffer, rl_point >= 0 else { return nil }
    let cursor = Int(rl_point)
    let raw = Array(UnsafeRawBufferPointer(start: buffer, count: cursor))
    let line = String(decoding: raw, as: UTF8.self)
    guard line.utf8.count == cursor else { return nil }
    let start = max(0, min(ReadlineState.completer.complete(line: line, cursor: cursor).wordStart, cursor))
    var breaks = Set(" \t\n\"();{}+-*/=<>!~#".utf8)
    breaks.subtract(raw[start..<cursor])
    if start > 0 { breaks.insert(raw[start - 1]) }
    breaks.remove(0)
    let bytes = breaks.sorted().map { CChar(bitPattern: $0) } + [0]
    free(ReadlineState.dynamicBreaks)
    ReadlineState.dynamicBreaks = strdup(bytes)
    return ReadlineState.dynamicBreaks
}

/// `rl_attempted_completion_function`: asks `Completer`, then hands the words to
/// `rl_completion_matches`. Readline's own file-name fallback is turned off.
private let readlineAttemptedCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, end in
    rl_attempted_completion_over = 1
    guard let text = text, let buffer = rl_line_buffer, end >= start, start >= 0 else { return nil }
    let cursor = Int(end)
    let raw = UnsafeRawBufferPointer(start: buffer, count: cursor)
    let beforeCursor = String(decoding: raw, as: UTF8.self)
    guard beforeCursor.utf8.count == cursor else { return nil }  // not UTF-8: no completion
    let completion = ReadlineState.completer.complete(line: beforeCursor, cursor: cursor)
    ReadlineState.candidates = adjust(completion, line: Array(beforeCursor.utf8), readlineStart: Int(start))
    ReadlineState.nextCandidate = 0
    guard !ReadlineState.candidates.isEmpty else { return nil }
    rl_completion_append_character = 32  // a space after a finished word ...
    rl_completion_suppress_append = completion.suppressesSpace ? 1 : 0  // ... not after `dir/`, `section[`
    return rl_completion_matches(text, readlineCandidate)
}

/// Readline replaces from its own word start; rebase the completer's words onto it.
private func adjust(_ completion: Completion, line: [UInt8], readlineStart: Int) -> [String] {
    let mine = max(0, min(completion.wordStart, line.count))
    let theirs = max(0, min(readlineStart, line.count))
    if theirs == mine { return completion.candidates }
    if theirs < mine {
        let prefix = String(decoding: line[theirs..<mine], as: UTF8.self)
        return completion.candidates.map { prefix + $0 }
    }
    let drop = theirs - mine
    return completion.candidates.compactMap { c in
        let bytes = Array(c.utf8)
        return bytes.count >= drop ? String(decoding: bytes[drop...], as: UTF8.self) : nil
    }
}

/// `rl_completion_matches`' generator: one malloc'd candidate per call, nil at the end.
private let readlineCandidate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
    if state == 0 { ReadlineState.nextCandidate = 0 }
    let i = ReadlineState.nextCandidate
    guard i < ReadlineState.candidates.count else { return nil }
    ReadlineState.nextCandidate = i + 1
    return strdup(ReadlineState.candidates[i])
}

/// Readline's key reader. Readline's own (`rl_getc`) retries a read interrupted by a
/// signal, so a Ctrl-C typed right after text could be lost until the next key: the
/// terminal's INTR flushes the bytes poll() had just reported, readline's read() then
/// blocks, and the SIGINT's EINTR only sent it back to read() (issue 16: the pty test's
/// `pull 12` + Ctrl-C showed `pullrepeat 2 {` later, with no `^C`). This one waits on
/// standard input and the SIGINT self-pipe together and, on Ctrl-C, returns a NUL key
/// (set-mark: changes nothing) so that `rl_callback_read_char` returns and the reader
/// abandons the line.
private let readlineGetc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
    while true {
        if Interrupt.isPending { return 0 }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: Interrupt.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
            if errno == EINTR { continue }
            return EOF
        }
        if Interrupt.isPending { return 0 }
        guard fds[0].revents != 0 else { continue }
        var byte: UInt8 = 0
        let n = read(0, &byte, 1)
        if n == 1 { return Int32(byte) }
        if n == 0 { return EOF }
        if errno == EINTR || errno == EAGAIN { continue }
        return EOF
    }
}
