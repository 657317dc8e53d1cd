import Foundation

/// A child that talks in lines: cases written to its stdin as fast as it takes them, its
/// stdout read line by line with a deadline, its stderr drained into a `StderrTail` — all
/// from one `poll` loop on the caller's thread, so a child that answers while it is still
/// being fed never deadlocks and no helper thread outlives it.
package final class LineProcess {
    package enum Read: Equatable {
        case line([UInt8])
        case endOfFile
        case timedOut
        /// More than `maximumLineBytes` without a newline (a runaway writer must not eat memory).
        case overlong
    }

    /// The longest line `readLine` accepts by default (views are kilobytes; 64 MiB is far beyond any).
    package static let defaultMaximumLineBytes = 64 << 20
    package let maximumLineBytes: Int

    private let process: Subprocess
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Bytes read from stdout; `buffer[consumed...]` are not handed out yet, and
    /// `buffer[consumed..<scanned]` hold no newline.
    private var buffer: [UInt8] = []
    private var consumed = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var outputEnded = false
    package private(set) var stderr: StderrTail

    package init(command: String, stderrCapacity: Int = 16 * 1024,
                 maximumLineBytes: Int = LineProcess.defaultMaximumLineBytes) throws(SpawnError) {
        self.maximumLineBytes = maximumLineBytes
        process = try Subprocess(.shell(command), stdin: .pipe, stdout: .pipe, stderr: .pipe)
        stderr = StderrTail(capacity: stderrCapacity)
    }

    package var pid: pid_t { process.pid }

    /// Queues `lines` for the child's stdin, each followed by a newline; they are written while
    /// `readLine` waits. Dropped silently once the child has closed its stdin.
    package func send(_ lines: some Sequence<[UInt8]>) {
        guard process.input != nil else { return }
        for line in lines {
            pending += line
            pending.append(UInt8(ascii: "\n"))
        }
        flushInput()
    }

    /// Closes the child's stdin once everything queued is written (it then reads end of file).
    package func finishInput() {
        closeWhenFlushed = true
        flushInput()
    }
    private var closeWhenFlushed = false

    /// The next line of stdout (without its newline), end of file, or a timeout after `seconds`.
    /// A last line without a newline counts as a line.
    package func readLine(timeout seconds: Double) -> Read {
        let deadline = Deadline(seconds: seconds)
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[consumed..<newline])
                consumed = newline + 1
                scanned = consumed
                if consumed == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    consumed = 0
                    scanned = 0
                } else if consumed >= 1 << 16, consumed * 2 >= buffer.count {
                    buffer.removeSubrange(..<consumed)
                    scanned -= consumed
                    consumed = 0
                }
                return .line(line)
            }
            scanned = buffer.count
            if scanned - consumed > maximumLineBytes { return .overlong }
            if outputEnded {
                guard consumed == buffer.count else {
                    defer { buffer = []; consumed = 0; scanned = 0 }
                    return .line(Array(buffer[consumed...]))
                }
                return .endOfFile
            }
            if deadline.passed { return .timedOut }
            pollOnce(milliseconds: deadline.milliseconds())
        }
    }

    /// Bytes of stdout read after the last newline: a line begun and not ended (what a
    /// timeout says, so a runaway writer is not told it wrote nothing).
    package var unfinishedLineBytes: Int { buffer.count - consumed }

    /// Drains stderr (and stdout into the line buffer) without waiting.
    package func drain() {
        pollOnce(milliseconds: 0)
    }

    /// Ends the child: with `gracePeriod` > 0 it first gets stdin's end of file and that long to
    /// exit on its own (draining its output meanwhile); then its group is killed and it is reaped.
    /// Returns how it ended.
    @discardableResult
    package func end(gracePeriod: Double = 0) -> Termination {
        if gracePeriod > 0 {
            finishInput()
            _ = process.waitForExit(seconds: gracePeriod) { drain() }
        }
        let termination = process.reap(killing: !process.hasExited)
        drain()  // whatever it wrote last; never waits for a grandchild that keeps the pipe open
        process.closeInput()
        process.closeOutputs()
        return termination
    }

    private func flushInput() {
        guard let input = process.input else { return }
        while pendingStart < pending.count {
            let count = pending[pendingStart...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { break }
                // EPIPE: the child closed its stdin or went away; what it answered still counts.
                pending = []
                pendingStart = 0
                process.closeInput()
                return
            }
            pendingStart += count
        }
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
            pendingStart = 0
            if closeWhenFlushed { process.closeInput() }
        } else if pendingStart > 1 << 20 {
            pending.removeSubrange(..<pendingStart)
            pendingStart = 0
        }
    }

    private func pollOnce(milliseconds: Int32) {
        var fds: [pollfd] = []
        if let output = process.output, !outputEnded { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
        if let errors = process.errors { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
        if let input = process.input, pendingStart < pending.count { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        guard !fds.isEmpty else {
            if milliseconds > 0 { usleep(UInt32(milliseconds) * 1000) }
            return
        }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return }
        for entry in fds where entry.revents != 0 {
            if entry.fd == process.input {
                flushInput()
            } else if entry.fd == process.output {
                let count = read(entry.fd, &chunk, chunk.count)
                if count > 0 {
                    buffer += chunk[..<count]
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    outputEnded = true
                }
            } else if entry.fd == process.errors {
                let count = read(entry.fd, &chunk, chunk.count)
                if count > 0 {
                    chunk.withUnsafeBytes { stderr.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // End of stderr: stop watching it.
                    process.closeErrors()
                }
            }
        }
    }
}
