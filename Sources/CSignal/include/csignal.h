#ifndef SCROLLSCRIPT_CSIGNAL_H
#define SCROLLSCRIPT_CSIGNAL_H

/// Installs a SIGINT handler (no SA_RESTART, so a blocking select/read returns EINTR)
/// that sets a `volatile sig_atomic_t` flag and writes one byte to a non-blocking
/// self-pipe, so a select() on the pipe wakes without a race. Idempotent.
/// Returns 0 on success, -1 if the pipe or the handler could not be set up.
int scrollscript_sigint_install(void);

/// 1 if a SIGINT arrived since the last clear, else 0. Async-signal-safe to read.
int scrollscript_sigint_pending(void);

/// Forgets a pending SIGINT and drains the self-pipe.
void scrollscript_sigint_clear(void);

/// The read end of the self-pipe (select on it for readability), or -1 before install.
int scrollscript_sigint_fd(void);

#endif
