// See include/spawn_support.h. Between fork and exec only async-signal-safe calls are made:
// the process is multithreaded, and the child has only the forking thread. The child forked
// here is the keeper (keeper.c), which starts the program itself.
#define _GNU_SOURCE
#include "spawn_support.h"
#include "keeper.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

// ---- the spawning thread ------------------------------------------------------------------
// Every fork happens on one thread started for it that never ends (callers hand it a request
// and wait): forks stay serial, and no caller's signal mask or short-lived thread is what a
// child inherits.

typedef struct {
    const char *file;
    char *const *argv;
    char *const *envp;
    const spawn_support_stream *streams;
    pid_t pid;
    int error;
    int done;
} request;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t answered = PTHREAD_COND_INITIALIZER;
static request *pending;
static pthread_once_t started = PTHREAD_ONCE_INIT;
static int start_error;
// The life pipe: this process holds the write end (close-on-exec, never written), every
// keeper the read end, which reads end of file once this process is gone.
static int life[2] = {-1, -1};

static void run(request *r);

static int cloexec_pipe(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (pending == NULL) pthread_cond_wait(&posted, &lock);
        request *r = pending;
        pending = NULL;
        run(r);
        r->done = 1;
        pthread_cond_broadcast(&answered);
    }
    return NULL;
}

static void start(void) {
    if (cloexec_pipe(life) != 0) { start_error = errno; return; }
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);  // the thread takes no signal meant for the process
    int status = pthread_create(&thread, &attributes, spawner, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attributes);
    if (status != 0) start_error = status;
}

int spawn_support_spawn(pid_t *pid, const char *file, char *const argv[], char *const envp[],
                        const spawn_support_stream streams[3]) {
    pthread_once(&started, start);
    if (start_error != 0) return start_error;
    request r = {file, argv, envp, streams, 0, 0, 0};
    pthread_mutex_lock(&lock);
    while (pending != NULL) pthread_cond_wait(&answered, &lock);
    pending = &r;
    pthread_cond_broadcast(&posted);
    while (!r.done) pthread_cond_wait(&answered, &lock);
    pthread_mutex_unlock(&lock);
    if (r.error == 0) *pid = r.pid;
    return r.error;
}

// ---- in the child (async-signal-safe only) ------------------------------------------------

static void close_from(int lowest, int keep, int limit) {
    // close_range(2) (Linux 5.9); else one close per descriptor up to the limit.
#if defined(__linux__)
    if (keep < lowest) {
        if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
    } else if ((keep == lowest || syscall(SYS_close_range, (unsigned)lowest, (unsigned)keep - 1, 0) == 0)
               && syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0) == 0) {
        return;
    }
#endif
    for (int fd = lowest; fd < limit; fd++) if (fd != keep) close(fd);
}

static void default_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (signal_number != SIGKILL && signal_number != SIGSTOP) sigaction(signal_number, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/// The keeper-to-be (keeper.c): the child's group (which it leads), its streams, nothing else
/// open but the status pipe (3) and the life pipe (4), the signals at their defaults; then the
/// harness's own binary again as the keeper (none of the harness's memory kept), or, where that
/// cannot be executed, the keeper right here. Not tied to the harness by a death signal: it must
/// outlive it long enough to end the child's descendants.
static void child(request *r, char **candidates, char **keeper_argv, pid_t parent, int status_fd, int limit) {
    setpgid(0, 0);
    if (getppid() != parent) _exit(127);  // the harness died already: nothing to keep
    for (int target = 0; target < 3; target++) {
        const spawn_support_stream *s = &r->streams[target];
        if (s->kind == SPAWN_SUPPORT_DUP) {
            if (s->fd == target) {
                if (fcntl(target, F_SETFD, 0) != 0) keeper_report(status_fd, errno);
            } else if (dup2(s->fd, target) < 0) {
                keeper_report(status_fd, errno);
            }
        } else if (s->kind == SPAWN_SUPPORT_OPEN) {
            int fd = open(s->path, s->flags | O_CLOEXEC, (mode_t)s->mode);
            if (fd < 0) keeper_report(status_fd, errno);
            if (fd != target) {
                if (dup2(fd, target) < 0) keeper_report(status_fd, errno);
                close(fd);
            } else if (fcntl(target, F_SETFD, 0) != 0) {
                keeper_report(status_fd, errno);
            }
        }
    }
    // The status pipe to 3 and the life pipe's read end to 4 (by way of free numbers above both).
    int status_high = fcntl(status_fd, F_DUPFD, 10), life_high = fcntl(life[0], F_DUPFD, 10);
    if (status_high < 0 || life_high < 0) keeper_report(status_fd, errno);
    if (dup2(status_high, 3) < 0) _exit(127);
    if (dup2(life_high, 4) < 0) keeper_report(3, errno);
    close_from(5, -1, limit);
    default_signals();
    execve("/proc/self/exe", keeper_argv, r->envp);
    keeper_main(4, 3, candidates, r->argv, r->envp);
}

// ---- on the spawning thread ---------------------------------------------------------------

/// The paths to try, as execvp would (PATH, or /bin:/usr/bin without it); NULL-terminated.
static char **candidates_for(const char *file, char *const envp[]) {
    if (strchr(file, '/') != NULL) {
        char **list = calloc(2, sizeof *list);
        if (list != NULL && (list[0] = strdup(file)) == NULL) { free(list); return NULL; }
        return list;
    }
    const char *path = NULL;
    for (char *const *entry = envp; entry != NULL && *entry != NULL; entry++) {
        if (strncmp(*entry, "PATH=", 5) == 0) { path = *entry + 5; break; }
    }
    if (path == NULL) path = "/bin:/usr/bin";
    size_t count = 1;
    for (const char *c = path; *c; c++) count += *c == ':';
    char **list = calloc(count + 1, sizeof *list);
    if (list == NULL) return NULL;
    size_t n = 0;
    const char *begin = path;
    for (;;) {
        const char *end = strchr(begin, ':');
        size_t length = end ? (size_t)(end - begin) : strlen(begin);
        const char *directory = length == 0 ? "." : begin;
        if (length == 0) length = 1;
        char *joined = malloc(length + 1 + strlen(file) + 1);
        if (joined == NULL) break;
        memcpy(joined, directory, length);
        joined[length] = '/';
        strcpy(joined + length + 1, file);
        list[n++] = joined;
        if (end == NULL) break;
        begin = end + 1;
    }
    return list;
}

static void free_list(char **list) {
    if (list == NULL) return;
    for (char **entry = list; *entry != NULL; entry++) free(*entry);
    free(list);
}

static int read_status(int fd) {
    int error = 0;
    ssize_t got;
    while ((got = read(fd, &error, sizeof error)) < 0 && errno == EINTR) {}
    return got == (ssize_t)sizeof error ? error : 0;
}

/// `contract-harness-keeper 4 3 CANDIDATE… -- ARGV…` (keeper.c's entry), NULL-terminated;
/// its strings are the candidates' and the request's, not copies.
static char **keeper_arguments(char **candidates, char *const argv[]) {
    size_t count = 4;
    for (char **c = candidates; *c != NULL; c++) count++;
    for (char *const *a = argv; *a != NULL; a++) count++;
    char **list = calloc(count + 1, sizeof *list);
    if (list == NULL) return NULL;
    size_t n = 0;
    list[n++] = KEEPER_NAME;
    list[n++] = "4";
    list[n++] = "3";
    for (char **c = candidates; *c != NULL; c++) list[n++] = *c;
    list[n++] = "--";
    for (char *const *a = argv; *a != NULL; a++) list[n++] = *a;
    list[n] = NULL;
    return list;
}

static void run(request *r) {
    char **candidates = candidates_for(r->file, r->envp);
    if (candidates == NULL) { r->error = ENOMEM; return; }
    char **keeper_argv = keeper_arguments(candidates, r->argv);
    if (keeper_argv == NULL) { r->error = ENOMEM; free_list(candidates); return; }
    struct rlimit files;
    int limit = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < 65536 ? (int)files.rlim_cur : 65536;
    int status[2];
    if (cloexec_pipe(status) != 0) { r->error = errno; free(keeper_argv); free_list(candidates); return; }
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);  // no handler of ours may run in the child
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) child(r, candidates, keeper_argv, parent, status[1], limit);
    int fork_error = errno;
    close(status[1]);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free(keeper_argv);
    free_list(candidates);
    if (pid < 0) {
        close(status[0]);
        r->error = fork_error;
        return;
    }
    setpgid(pid, pid);  // as the child does: whichever runs first, the group exists on return
    // End of file once the keeper and the program it starts have both executed (else an errno value).
    int error = read_status(status[0]);
    close(status[0]);
    if (error != 0) {
        kill(-pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        r->error = error;
        return;
    }
    r->pid = pid;
    r->error = 0;
}
