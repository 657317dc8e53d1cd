// The keeper between the harness and each child it starts (keeper.c): internal to SpawnSupport.
#ifndef SPAWN_SUPPORT_KEEPER_H
#define SPAWN_SUPPORT_KEEPER_H

/// The name the harness's binary is re-executed under to be a keeper.
#define KEEPER_NAME "contract-harness-keeper"

/// Becomes the keeper of the program `candidates` name (the paths to try, NULL-terminated),
/// run with `argv` and `envp`: starts it, then ends every descendant when it ends or when
/// `life_fd` reads end of file, and exits as it did. An exec failure is written to `status_fd`
/// (an errno value). Never returns; async-signal-safe.
void keeper_main(int life_fd, int status_fd, char *const candidates[], char *const argv[], char *const envp[]);

/// Writes `error` to `fd` and exits 127.
void keeper_report(int fd, int error);

#endif
