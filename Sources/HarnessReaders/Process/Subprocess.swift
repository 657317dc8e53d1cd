import Foundation
import SpawnSupport

/// The one way the harness and its tools start another program (testees, the Kotlin
/// recording, git, the benchmarks' children), so every child is started, watched and ended
/// the same way: in its own process group, listed in `LiveProcessGroups` until it is reaped
/// (so a signal to the harness ends it), with the harness's ignored signals back at their
/// defaults, no descriptor of the harness but the three it is given, and tied to the
/// harness's life: SpawnSupport starts it under a keeper (`pid` is the keeper's, which leads
/// the group and exits as the child does) that is the subreaper of its descendants and, when the
/// child ends or the harness is gone — even by `kill -9` — ends every one of them, daemons that
/// left the group with `setsid` included.
package final class Subprocess: @unchecked Sendable {
    /// What runs: a `/bin/sh -c` command line, or an argument vector (`[0]` looked up in PATH).
    package enum Program: Sendable {
        case shell(String)
        case arguments([String])

        var argv: [String] {
            switch self {
            case .shell(let command): return ["/bin/sh", "-c", command]
            case .arguments(let arguments): return arguments
            }
        }
    }

    /// Where one of the child's standard streams goes.
    package enum Stream: Sendable {
        /// A pipe to this process (`input`, `output`, `errors`).
        case pipe
        /// A file, opened for the child (read for stdin; created and truncated otherwise).
        case file(String)
        case null
        /// This process's own descriptor (only where the caller really wants to share it).
        case inherit
    }

    package let pid: pid_t
    /// This process's ends of the pipes asked for; `nil` for other streams. Non-blocking,
    /// close-on-exec; closed by `closeInput()` / `reap`.
    package private(set) var input: Int32?
    package private(set) var output: Int32?
    package private(set) var errors: Int32?
    private var reaped: Termination?

    /// Serialises pipe creation and spawning, so no child inherits another child's pipe ends
    /// (they are close-on-exec, but only once `fcntl` has marked them).
    static let spawnLock = NSLock()
    /// Set (under `spawnLock`) once the harness is ending: no child may start after the kill.
    nonisolated(unsafe) private static var spawningStopped = false

    /// No child starts from now on (a testee restarted while a signal ends everything would
    /// escape the kill). For the harness's last moments only.
    package static func stopSpawning() {
        spawnLock.lock()
        spawningStopped = true
        spawnLock.unlock()
    }

    package init(_ program: Program, stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null) throws(SpawnError) {
        let argv = program.argv
        guard let executable = argv.first else { throw SpawnError(program: "", reason: "no program given") }
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        guard !Self.spawningStopped else { throw SpawnError(program: executable, reason: "the harness is ending") }
        var childEnds: [Int32] = []
        var ourEnds: [Int32?] = [nil, nil, nil]
        var paths: [UnsafeMutablePointer<CChar>] = []
        defer {
            childEnds.forEach { close($0) }
            paths.forEach { free($0) }
        }
        var streams: [spawn_support_stream] = []
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            var entry = spawn_support_stream(kind: SPAWN_SUPPORT_INHERIT, fd: -1, path: nil, flags: 0, mode: 0)
            switch stream {
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    ourEnds.compactMap { $0 }.forEach { close($0) }
                    throw SpawnError(program: executable, reason: "pipe: " + String(cString: strerror(errno)))
                }
                let (child, ours) = fd == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
                childEnds.append(child)
                ourEnds[Int(fd)] = ours
                entry.kind = SPAWN_SUPPORT_DUP
                entry.fd = child
            case .file(let path):
                entry = Self.opening(path, flags: fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, keeping: &paths)
            case .null:
                entry = Self.opening("/dev/null", flags: fd == 0 ? O_RDONLY : O_WRONLY, keeping: &paths)
            case .inherit:
                break
            }
            streams.append(entry)
        }

        // The child (spawn_support_spawn): its own process group (killable as a whole,
        // untouched by the terminal's ^C), every signal at its default and unblocked, no
        // descriptor of this process's but the three it is given (a pipe to the harness's own
        // reader must not live on in the testee), and tied to this process's life — it and its
        // whole group get SIGKILL when the harness is gone, even by `kill -9`.
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var child: pid_t = 0
        let status = streams.withUnsafeBufferPointer { streams in
            spawn_support_spawn(&child, executable, &cArguments, environ, streams.baseAddress)
        }
        guard status == 0 else {
            ourEnds.compactMap { $0 }.forEach { close($0) }
            throw SpawnError(program: executable, reason: String(cString: strerror(status)))
        }
        pid = child
        LiveProcessGroups.add(child)
        input = ourEnds[0]
        output = ourEnds[1]
        errors = ourEnds[2]
    }

    /// A stream the child opens itself (`path` is copied into `paths`, freed after the spawn).
    private static func opening(_ path: String, flags: Int32, keeping paths: inout [UnsafeMutablePointer<CChar>]) -> spawn_support_stream {
        let copy = strdup(path)!
        paths.append(copy)
        return spawn_support_stream(kind: SPAWN_SUPPORT_OPEN, fd: -1, path: UnsafePointer(copy), flags: flags, mode: 0o600)
    }

    deinit {
        if reaped == nil { _ = reap(killing: true) }
        [input, output, errors].compactMap { $0 }.forEach { close($0) }
    }

    /// Closes the child's stdin (it reads end of file).
    package func closeInput() {
        if let input { close(input) }
        input = nil
    }

    /// Closes this process's end of the child's stdout and stderr.
    package func closeOutputs() {
        closeOutput()
        closeErrors()
    }

    /// Closes this process's end of the child's stdout (at its end of file).
    package func closeOutput() {
        if let output { close(output) }
        output = nil
    }

    /// Closes this process's end of the child's stderr (at its end of file).
    package func closeErrors() {
        if let errors { close(errors) }
        errors = nil
    }

    /// SIGKILL to the child's whole process group.
    package func killGroup() {
        if reaped == nil { Glibc.kill(-pid, SIGKILL) }
    }

    /// True once the child has ended (it is not reaped yet, so its pid and group stay reserved).
    package var hasExited: Bool {
        if reaped != nil { return true }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
            if errno != EINTR { return true }
        }
        return info._sifields._sigchld.si_pid == pid
    }

    /// Ends what is left of the child's group (with `killing`, the child too), then waits
    /// for the child and returns how it ended, with its resource usage (`wait4`). The group
    /// is killed while the child is still unreaped, so the group id cannot have been reused.
    @discardableResult
    package func reap(killing: Bool = false) -> Termination {
        if let reaped { return reaped }
        if killing { Glibc.kill(-pid, SIGKILL) }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        Glibc.kill(-pid, SIGKILL)  // stragglers left in its group
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        LiveProcessGroups.remove(pid)
        Escapees.killAll()  // what left the group with setsid and was orphaned by the kill
        let termination = Termination(status: status, usage: usage)
        reaped = termination
        return termination
    }

    /// Waits up to `seconds` for the child to end on its own, calling `whileWaiting` about every
    /// 10 ms (to drain its output); false when it is still running.
    package func waitForExit(seconds: Double, whileWaiting: () -> Void = {}) -> Bool {
        let deadline = Deadline(seconds: seconds)
        while !hasExited {
            if deadline.passed { return false }
            whileWaiting()
            usleep(10_000)
        }
        return true
    }
}

/// How a child ended: its wait status and resource usage.
package struct Termination: Sendable, CustomStringConvertible {
    package var status: Int32
    package var usage: rusage

    /// The signal that ended it, if one did (WTERMSIG, by hand: the macros are not imported).
    package var signal: Int32? { status & 0x7F == 0 ? nil : status & 0x7F }
    /// The exit status, or 128 + the signal number, as a shell reports it.
    package var exitCode: Int32 { signal.map { 128 + $0 } ?? (status >> 8) & 0xFF }
    /// Peak resident set size in bytes (Linux reports KiB).
    package var maxRSSBytes: Int { Int(usage.ru_maxrss) * 1024 }

    package var description: String {
        signal.map { "killed by signal \($0)" } ?? "exit status \(exitCode)"
    }
}

/// A program could not be started.
package struct SpawnError: Error, CustomStringConvertible, Sendable {
    package var program: String
    package var reason: String
    package var description: String { "cannot start \(program): \(reason)" }
}

/// A point in monotonic time some seconds from now.
package struct Deadline: Sendable {
    private let end: UInt64

    package init(seconds: Double) {
        end = Self.now() &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
    }

    package var passed: Bool { Self.now() >= end }

    /// Seconds left (0 once passed).
    package var seconds: Double {
        let now = Self.now()
        return end > now ? Double(end - now) / 1e9 : 0
    }

    /// Milliseconds left, for `poll` (at least 0, at most `cap`).
    package func milliseconds(cap: Int32 = 1000) -> Int32 {
        let now = Self.now()
        guard end > now else { return 0 }
        return Int32(min(UInt64(cap), (end - now + 999_999) / 1_000_000))
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
