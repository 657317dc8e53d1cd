// The keeper: the process between the harness and each child it starts, so that every
// descendant of the child ends with the harness, `kill -9` of the harness and daemons that left
// the child's group and session with `setsid` included.
//
// The harness forks it (in the child's process group, which it leads: the harness's group kill
// still reaches everything in it) and it re-executes the harness's own binary under the name
// `contract-harness-keeper`, so it holds none of the harness's memory; `keeper_entry` below, a
// constructor, runs it before anything else of that program. It makes itself the child
// subreaper of its descendants (Linux PR_SET_CHILD_SUBREAPER, unprivileged), starts the child,
// and waits for either end:
// - the child ends: every other descendant is killed (the ones in its group, and the orphans it
//   adopted, a `setsid` daemon among them) and reaped, and the keeper exits as the child did
//   (its status, or the same signal), so the harness reads the child's end from it;
// - the harness is gone (end of file on the life pipe it holds the write end of, never written):
//   the child and every descendant are killed and reaped the same way, then the keeper exits.
// Everything here is async-signal-safe (raw system calls, no allocation): when the binary cannot
// be re-executed (no /proc), the forked process runs the keeper where it is.
#define _GNU_SOURCE
#include "keeper.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#endif

void keeper_report(int fd, int error) {
    while (write(fd, &error, sizeof error) < 0 && errno == EINTR) {}
    _exit(127);
}

#if defined(__linux__)
/// Reads a decimal number at `*at` (advancing past it); -1 when there is none.
static long number(const char **at, const char *end) {
    long value = -1;
    while (*at < end && **at >= '0' && **at <= '9') {
        value = (value < 0 ? 0 : value * 10) + (**at - '0');
        (*at)++;
    }
    return value;
}

/// Kills (SIGKILL) every live process whose parent is `self` or whose group is `group`, but
/// `self`; returns how many it found. One pass over /proc with raw system calls.
static int kill_descendants(pid_t self, pid_t group) {
    int found = 0;
    int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return 0;
    char entries[4096];
    for (;;) {
        long count = syscall(SYS_getdents64, dir, entries, sizeof entries);
        if (count <= 0) break;
        for (long offset = 0; offset < count;) {
            const char *record = entries + offset;
            unsigned short length;
            memcpy(&length, record + 16, sizeof length);  // d_reclen, after d_ino and d_off
            const char *name = record + 19;               // d_name, after d_type
            offset += length;
            const char *at = name;
            long pid = number(&at, name + strlen(name));
            if (pid <= 0 || *at != '\0' || pid == self) continue;
            char path[40] = "/proc/";
            size_t used = 6;
            for (size_t i = 0; name[i] != '\0' && used < sizeof path - 6; i++) path[used++] = name[i];
            memcpy(path + used, "/stat", 6);
            int stat_fd = open(path, O_RDONLY | O_CLOEXEC);
            if (stat_fd < 0) continue;
            char text[512];
            ssize_t size = read(stat_fd, text, sizeof text);
            close(stat_fd);
            if (size <= 0) continue;
            // "pid (comm) state ppid pgrp …": after the last ')'.
            const char *end = text + size, *close_paren = NULL;
            for (const char *c = text; c < end; c++) if (*c == ')') close_paren = c;
            if (close_paren == NULL || close_paren + 4 >= end) continue;
            const char *field = close_paren + 2;
            char state = *field;
            field += 2;
            long parent = number(&field, end);
            if (field >= end || *field != ' ') continue;
            field++;
            long pgrp = number(&field, end);
            if (state == 'Z' || state == 'X') continue;
            if (parent == self || pgrp == group) {
                kill((pid_t)pid, SIGKILL);
                found++;
            }
        }
    }
    close(dir);
    return found;
}

/// Reaps every child that has ended; notes the child's own end in `*child_status`.
static void reap(pid_t child, int *child_status, int *child_done) {
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid <= 0) return;
        if (pid == child) {
            *child_status = status;
            *child_done = 1;
        }
    }
}

/// Kills and reaps every descendant (orphans are adopted here as their parents die, and killed
/// in the next pass) until none is left; a pass that finds none ends it once no child remains.
static void end_descendants(pid_t self, pid_t group, pid_t child, int *child_status, int *child_done) {
    for (int quiet = 0; quiet < 50;) {
        int found = kill_descendants(self, group);
        reap(child, child_status, child_done);
        if (found > 0) { quiet = 0; continue; }
        if (waitpid(-1, NULL, WNOHANG | __WALL) < 0 && errno == ECHILD) return;
        struct timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, NULL);
        quiet++;
    }
}

/// Exits as the child did: its exit status, or the signal that ended it (no core dump).
static void exit_as(int status) {
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal_number, &action, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    kill(getpid(), signal_number);
    _exit(128 + signal_number);
}
#endif

void keeper_main(int life_fd, int status_fd, char *const candidates[], char *const argv[], char *const envp[]) {
#if defined(__linux__)
    pid_t self = getpid(), group = getpgrp();
    prctl(PR_SET_NAME, "harness-keeper", 0, 0, 0);  // what `ps` shows (the binary is the harness's)
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    int signals = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
    fcntl(status_fd, F_SETFD, FD_CLOEXEC);
    fcntl(life_fd, F_SETFD, FD_CLOEXEC);
    pid_t child = fork();
    if (child == 0) {
        // The child itself: it dies with its keeper, with its signals as the harness set them.
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (getppid() != self) _exit(127);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        int error = ENOENT;
        for (char *const *candidate = candidates; *candidate != NULL; candidate++) {
            execve(*candidate, argv, envp);
            if (errno == EACCES) error = EACCES;
            else if (errno != ENOENT && errno != ENOTDIR) { error = errno; break; }
        }
        keeper_report(status_fd, error);
    }
    if (child < 0) keeper_report(status_fd, errno);
    close(status_fd);
    // The child's streams are its own: the harness reads their end when the child ends them.
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
        if (null > 2) close(null);
    }
    int child_status = 0, child_done = 0;
    for (;;) {
        struct pollfd fds[2] = {{life_fd, POLLIN, 0}, {signals, POLLIN, 0}};
        int ready = poll(fds, signals >= 0 ? 2 : 1, signals >= 0 ? -1 : 20);
        if (ready < 0 && errno != EINTR) break;
        if (signals >= 0 && (fds[1].revents & POLLIN)) {
            struct signalfd_siginfo info;
            while (read(signals, &info, sizeof info) > 0) {}
        }
        reap(child, &child_status, &child_done);
        if (child_done) {
            end_descendants(self, group, child, &child_status, &child_done);
            exit_as(child_status);
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            // The harness is gone: nothing of what it started may outlive it.
            kill(child, SIGKILL);
            end_descendants(self, group, child, &child_status, &child_done);
            _exit(128 + SIGKILL);
        }
    }
    kill(child, SIGKILL);
    end_descendants(self, group, child, &child_status, &child_done);
    _exit(127);
#else
    (void)life_fd;
    int error = ENOENT;
    for (char *const *candidate = candidates; *candidate != NULL; candidate++) {
        execve(*candidate, argv, envp);
        if (errno != ENOENT && errno != ENOTDIR) { error = errno; break; }
    }
    keeper_report(status_fd, error);
#endif
}

/// `contract-harness-keeper LIFE STATUS CANDIDATE… -- ARGV…`: the keeper, entered before the
/// program's own start-up when the harness re-executes its binary under that name.
__attribute__((constructor)) static void keeper_entry(int argc, char **argv, char **envp) {
    if (argc < 5 || argv == NULL || strcmp(argv[0], KEEPER_NAME) != 0) return;
    const char *at = argv[1];
    long life = -1, status = -1;
#if defined(__linux__)
    life = number(&at, at + strlen(at));
    at = argv[2];
    status = number(&at, at + strlen(at));
#endif
    int separator = 3;
    while (separator < argc && strcmp(argv[separator], "--") != 0) separator++;
    if (life < 0 || status < 0 || separator >= argc - 1) _exit(127);
    argv[separator] = NULL;  // ends the candidates
    keeper_main((int)life, (int)status, argv + 3, argv + separator + 1, envp);
}
