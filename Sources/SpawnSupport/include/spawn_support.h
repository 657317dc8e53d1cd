// spawn_support: fork-and-exec for the harness's children, with what posix_spawn cannot do:
// every descendant of a child ends with the harness, `kill -9` and `setsid` daemons included —
// each child is started by a keeper (keeper.c) that is its subreaper and outlives the harness
// just long enough to end them. Used by Subprocess only.
#ifndef SPAWN_SUPPORT_H
#define SPAWN_SUPPORT_H

#include <sys/types.h>

/// What one of the child's standard streams (0, 1, 2) becomes.
typedef enum {
    SPAWN_SUPPORT_INHERIT = 0,  ///< this process's own descriptor
    SPAWN_SUPPORT_DUP = 1,      ///< `fd` (a pipe end of this process), duplicated onto it
    SPAWN_SUPPORT_OPEN = 2,     ///< `path` opened with `flags` and `mode`
} spawn_support_kind;

typedef struct {
    spawn_support_kind kind;
    int fd;
    const char *path;
    int flags;
    int mode;
} spawn_support_stream;

/// Starts `file` (looked up in PATH when it holds no '/') with `argv` and `envp` under a keeper:
/// the returned pid is the keeper's, which leads the process group the program runs in, exits
/// as the program does (status, or the same signal; its resource usage includes the program's)
/// and, when the program ends or this process is gone (even by `kill -9`), kills every other
/// descendant first: the group's members and the orphans it adopted as their subreaper. The
/// program gets the signals at their defaults and unblocked, only descriptors 0-2, and dies
/// with its keeper (PR_SET_PDEATHSIG). Returns 0 with the keeper's pid in `*pid`, or an errno
/// value (nothing was started).
int spawn_support_spawn(pid_t *pid, const char *file, char *const argv[], char *const envp[],
                        const spawn_support_stream streams[3]);

#endif
