import Foundation

/// Descendants of a testee that left its process group with `setsid` (a daemon, a
/// `(setsid sleep 300 &)`): the group kill cannot reach them, and without this they would
/// outlive the harness, re-parented to init. The command line makes itself a child subreaper
/// (Linux `PR_SET_CHILD_SUBREAPER`, `adoptOrphans`) before its first child starts, so such an
/// orphan is re-parented to the harness instead; `killAll` then ends (SIGKILL) and reaps every
/// process the harness adopted from another session, and reaps the adopted zombies of its
/// children's groups. The harness's own children never change session (each leads its own
/// group, and a group leader cannot call `setsid`) and are left to their owners. Only the CLI
/// opts in: a process that starts children with Foundation's `Process` (a test runner) must
/// not, since the sweep could not tell those children from adopted ones.
package enum Escapees {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var subreaper = false

    /// Makes this process the subreaper of its descendants (once; a no-op where unsupported).
    /// Only for a process whose every child is a `Subprocess` (the CLI).
    package static func adoptOrphans() {
        lock.lock()
        defer { lock.unlock() }
        guard !subreaper else { return }
        subreaper = true
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0)
    }

    /// Kills and reaps every adopted process from another session, again until none is left
    /// (a killed escapee's own children are adopted next). With `settle` > 0 it keeps looking
    /// that long, for escapees whose parent (killed with its group a moment ago) is still
    /// dying. Returns how many it ended. Safe from any thread.
    @discardableResult
    package static func killAll(settle: Double = 0) -> Int {
        lock.lock()
        let active = subreaper
        lock.unlock()
        guard active else { return 0 }
        let deadline = Deadline(seconds: settle)
        var ended = 0
        while true {
            // Under the spawn lock: a child just started is listed before anyone looks.
            Subprocess.spawnLock.lock()
            let (escaped, zombies) = adopted()
            for pid in escaped { kill(pid, SIGKILL) }
            for pid in escaped + zombies { reap(pid) }
            Subprocess.spawnLock.unlock()
            ended += escaped.count
            if escaped.isEmpty {
                if deadline.passed { return ended }
                usleep(10_000)
            }
        }
    }

    /// The children of this process that `Subprocess` did not start (so: adopted): those from
    /// another session (escaped), and the zombies (group members orphaned by a kill).
    static func adopted() -> (escaped: [pid_t], zombies: [pid_t]) {
        let me = getpid()
        let session = getsid(0)
        let ours = LiveProcessGroups.current
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return ([], []) }
        var escaped: [pid_t] = []
        var zombies: [pid_t] = []
        for name in names {
            guard let pid = pid_t(name), pid != me, !ours.contains(pid),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm) ": state ppid pgrp session …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let parent = pid_t(fields[1]), parent == me, let sid = pid_t(fields[3]) else { continue }
            if sid != session { escaped.append(pid) } else if fields[0] == "Z" { zombies.append(pid) }
        }
        return (escaped, zombies)
    }

    /// Waits (up to a second) for a killed adoptee and collects its status.
    private static func reap(_ pid: pid_t) {
        let deadline = Deadline(seconds: 1)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) || deadline.passed { return }
            usleep(1_000)
        }
    }
}
