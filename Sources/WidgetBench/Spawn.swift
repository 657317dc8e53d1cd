import Foundation

/// Runs a command as a child process and reports its wall time, peak resident memory
/// (`ru_maxrss` from `wait4`) and exit status.
struct ChildRun {
    var wallSeconds: Double
    /// Peak resident set of the child, in bytes (Linux reports KiB).
    var maxRSSBytes: Int
    var exitCode: Int32
    /// Killed after `timeoutSeconds`.
    var timedOut = false
    /// What it wrote to stdout (when captured).
    var output: String

    /// GNU time, when installed: the peak RSS figures come from it (see `run`).
    static let gnuTime: String? = access("/usr/bin/time", X_OK) == 0 ? "/usr/bin/time" : nil

    /// `arguments[0]` is looked up in PATH when it has no `/`. stdout goes to a temp file
    /// when `captureOutput`, else to /dev/null; stderr to /dev/null unless `showErrors`.
    ///
    /// Peak RSS: `ru_maxrss` of a child started straight from this process is useless here.
    /// `posix_spawn` runs the child on this process's memory until `exec` (vfork-style), and
    /// Linux carries the high-water mark of that memory into the child's `ru_maxrss`, so every
    /// child would report at least this process's own RSS. With `measureRSS` the command runs
    /// under GNU time (`%M`), whose forked child starts from time's ~2 MB; without GNU time the
    /// figure falls back to `wait4` and is only an upper bound.
    static func run(_ arguments: [String], captureOutput: Bool = false, showErrors: Bool = false,
                    stdinPath: String = "/dev/null", timeoutSeconds: Double? = nil, measureRSS: Bool = false) throws -> ChildRun {
        let unique = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let outputPath = NSTemporaryDirectory() + "widgetbench-\(unique).out"
        let rssPath = NSTemporaryDirectory() + "widgetbench-\(unique).rss"
        defer { unlink(outputPath); unlink(rssPath) }
        var arguments = arguments
        if measureRSS, let gnuTime { arguments = [gnuTime, "-f", "%M", "-o", rssPath] + arguments }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, captureOutput ? outputPath : "/dev/null",
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if !showErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        // Its own process group, so a timeout kills GNU time's child too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let start = nowNs()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let waited = wait4(pid, &status, timeoutSeconds == nil || timedOut ? 0 : WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0 {
                guard errno == EINTR else { throw BenchError("wait4 failed for \(arguments[0])") }
                continue
            }
            if let timeoutSeconds, Double(nowNs() - start) / 1e9 > timeoutSeconds {
                kill(-pid, SIGKILL)
                timedOut = true
            } else {
                usleep(5_000)
            }
        }
        let wall = Double(nowNs() - start) / 1e9
        // WIFEXITED / WEXITSTATUS, by hand (the macros are not imported).
        let exitCode: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        var maxRSS = Int(usage.ru_maxrss) * 1024
        if measureRSS, gnuTime != nil {
            let reported = (try? String(contentsOfFile: rssPath, encoding: .utf8))?
                .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            // GNU time prefixes "Command exited with non-zero status N" lines; the last is %M.
            maxRSS = reported.map { $0 * 1024 } ?? 0
        }
        return ChildRun(wallSeconds: wall, maxRSSBytes: maxRSS, exitCode: exitCode, timedOut: timedOut,
                        output: output)
    }

    /// Is `name` an executable somewhere in PATH?
    static func inPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
