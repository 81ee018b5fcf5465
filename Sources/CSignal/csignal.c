// The SIGINT flag the REPL polls: Swift cannot run code safely inside a signal handler
// (and has no longjmp), so the handler only sets a sig_atomic_t flag and pokes a pipe.
#define _GNU_SOURCE
#include "csignal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t sigint_flag = 0;
static int sigint_pipe[2] = {-1, -1};
static int installed = 0;

static void on_sigint(int signo) {
    (void)signo;
    int saved = errno;
    sigint_flag = 1;
    if (sigint_pipe[1] >= 0) {
        char byte = 'i';
        ssize_t ignored = write(sigint_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int scrollscript_sigint_install(void) {
    if (installed) return 0;
    if (pipe(sigint_pipe) != 0) {
        sigint_pipe[0] = sigint_pipe[1] = -1;
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(sigint_pipe[i], F_GETFL);
        if (flags >= 0) fcntl(sigint_pipe[i], F_SETFL, flags | O_NONBLOCK);
        fcntl(sigint_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: interrupt select()/read()
    if (sigaction(SIGINT, &sa, NULL) != 0) return -1;
    installed = 1;
    return 0;
}

int scrollscript_sigint_pending(void) {
    return sigint_flag != 0;
}

void scrollscript_sigint_clear(void) {
    sigint_flag = 0;
    if (sigint_pipe[0] >= 0) {
        char buf[64];
        while (read(sigint_pipe[0], buf, sizeof buf) > 0) {
        }
    }
}

int scrollscript_sigint_fd(void) {
    return sigint_pipe[0];
}
