// spawn_support: fork-and-exec for the harness's children, with what posix_spawn cannot do:
// the child dies with the harness (Linux PR_SET_PDEATHSIG), and so does every process of its
// group (a watchdog in the group ends it when the harness is gone). Used by Subprocess only.
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

/// Starts `file` (looked up in PATH when it holds no '/') with `argv` and `envp`, in a process
/// group of its own, the signals at their defaults and unblocked, only descriptors 0-2 open,
/// tied to this process's life: it gets SIGKILL when this process ends (PR_SET_PDEATHSIG,
/// set from a thread that never exits), and a watchdog (/bin/sh, in the child's group, reading
/// a pipe only this process can write) kills the whole group when this process is gone.
/// Returns 0 with the child's pid in `*pid`, or an errno value (nothing was started).
int spawn_support_spawn(pid_t *pid, const char *file, char *const argv[], char *const envp[],
                        const spawn_support_stream streams[3]);

#endif
