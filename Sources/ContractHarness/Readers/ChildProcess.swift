import Foundation

/// A `/bin/sh -c` child in its own process group with piped stdin/stdout: fed by a
/// background writer, read line by line with timeouts, killable as a whole group.
final class ChildProcess: @unchecked Sendable {
    enum Read {
        case line([UInt8])
        case endOfFile
        case timedOut
    }

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var writer: Thread?

    init?(command: String) {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var child: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            return nil
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    /// Writes the lines (each followed by a newline) on a background thread, then closes
    /// stdin. Stops quietly when the child goes away.
    func feed(_ lines: [[UInt8]]) {
        let fd = input
        let thread = Thread {
            outer: for line in lines {
                var bytes = line
                bytes.append(UInt8(ascii: "\n"))
                var written = 0
                while written < bytes.count {
                    let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if count < 0 {
                        if errno == EINTR { continue }
                        break outer
                    }
                    written += count
                }
            }
            close(fd)
        }
        thread.stackSize = 1 << 20
        writer = thread
        thread.start()
    }

    func readLine(timeout: Double) -> Read {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                return .line(line)
            }
            scanned = buffer.count
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timedOut }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if !buffer.isEmpty {
                    let line = buffer
                    buffer = []
                    scanned = 0
                    return .line(line)
                }
                return .endOfFile
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    func kill() {
        Glibc.kill(-pid, SIGKILL)
    }

    /// Waits for the child and describes how it ended.
    @discardableResult
    func finish() -> String {
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalNumber = status & 0x7f
        if signalNumber != 0 { return "killed by signal \(signalNumber)" }
        return "exit status \((status >> 8) & 0xff)"
    }

    /// After the last answer: give the child a moment to exit on its own, then end it.
    func closeAndReap() {
        while true {
            switch readLine(timeout: 2) {
            case .line: continue
            case .endOfFile: break
            case .timedOut: kill()
            }
            break
        }
        finish()
    }
}
