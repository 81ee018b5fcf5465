import CSignal

/// Ctrl-C as a flag. The SIGINT handler (in the C target `CSignal`) only sets a
/// `volatile sig_atomic_t` and writes a byte to a self-pipe; everything else happens
/// when Swift code polls `isPending`: the line reader between key presses, the
/// interpreter once per frame of a long `settle`, `:continue` or `repeat`.
enum Interrupt {
    /// Installs the handler. Idempotent. Returns false if it could not be installed.
    @discardableResult
    static func install() -> Bool {
        scrollscript_sigint_install() == 0
    }

    /// True once a SIGINT arrived, until `clear()`.
    static var isPending: Bool {
        scrollscript_sigint_pending() != 0
    }

    /// Forgets a pending interrupt (the REPL calls it when it is back at the prompt).
    static func clear() {
        scrollscript_sigint_clear()
    }

    /// A file descriptor that becomes readable when a SIGINT arrives (-1 before `install`).
    static var wakeDescriptor: Int32 {
        scrollscript_sigint_fd()
    }

    /// The closure the interpreter's frame loop polls: true means "stop now".
    static let poll: () -> Bool = { Interrupt.isPending }
}
