import ContractModel
import Foundation

/// A program run to its end through `Subprocess` (git for `diff --base`, the benchmarks'
/// children): stdout and stderr captured or discarded, an optional wall-clock limit after
/// which its group is killed, and the wait status with resource usage from `wait4`.
package struct CommandRun: Sendable {
    /// The child's pid, which was also its process group's id.
    package var pid: pid_t
    package var termination: Termination
    package var wallSeconds: Double
    package var timedOut: Bool
    /// True when it wrote more than the run keeps (`maximumCapturedBytes`): it was killed, and
    /// `output`/`errors` hold the first part only.
    package var overflowed = false
    /// What it wrote to stdout / stderr, when captured.
    package var output: [UInt8]
    package var errors: [UInt8]

    package var exitCode: Int32 { termination.exitCode }
    package var succeeded: Bool { !timedOut && !overflowed && termination.status == 0 }

    /// What a run keeps of a child's stdout and stderr by default: a golden view file's limit
    /// (`git show` of one is the largest output the harness reads this way).
    package static let defaultMaximumCapturedBytes = InputLimits.goldenViewFileBytes

    /// Runs `program`; stdin is `stdin` (a file or /dev/null). Captured streams are read as
    /// they come (a chatty child never blocks on a full pipe) until the child exits; a
    /// grandchild that keeps them open cannot hold the run.
    package static func run(_ program: Subprocess.Program, stdin: Subprocess.Stream = .null,
                            captureOutput: Bool = true, captureErrors: Bool = true, showErrors: Bool = false,
                            timeout: Double? = nil, maximumCapturedBytes: Int = defaultMaximumCapturedBytes) throws(SpawnError) -> CommandRun {
        let began = DispatchTime.now().uptimeNanoseconds
        let process = try Subprocess(program, stdin: stdin, stdout: captureOutput ? .pipe : .null,
                                     stderr: captureErrors ? .pipe : (showErrors ? .inherit : .null))
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = timeout.map { Deadline(seconds: $0) }
        var timedOut = false
        var overflowed = false
        func drain(waitMilliseconds: Int32) {
            var fds: [pollfd] = []
            if let fd = process.output { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if let fd = process.errors { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            guard !fds.isEmpty else {
                if waitMilliseconds > 0 { usleep(UInt32(waitMilliseconds) * 1000) }
                return
            }
            guard poll(&fds, nfds_t(fds.count), waitMilliseconds) > 0 else { return }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &chunk, chunk.count)
                let isOutput = entry.fd == process.output
                if count > 0 {
                    // Whatever a child prints, no more than the limit is kept (then it is ended).
                    let room = max(0, maximumCapturedBytes - output.count - errors.count)
                    if count > room { overflowed = true }
                    if isOutput { output += chunk[..<min(count, room)] } else { errors += chunk[..<min(count, room)] }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    if isOutput { process.closeOutput() } else { process.closeErrors() }
                }
            }
        }
        while true {
            // Nothing left to read and no limit: wait4 below blocks until it ends.
            if process.output == nil, process.errors == nil, deadline == nil { break }
            if process.hasExited { break }
            if let deadline, deadline.passed {
                timedOut = true
                break
            }
            if overflowed { break }
            // Woken by output or by end of file; with a limit, every 5 ms at most.
            drain(waitMilliseconds: deadline == nil ? 50 : 5)
        }
        let termination = process.reap(killing: timedOut || overflowed)
        // What is still in the pipes; stops at end of file or once nothing more comes (or at the limit).
        while !overflowed, process.output != nil || process.errors != nil {
            let before = output.count + errors.count
            drain(waitMilliseconds: 0)
            if output.count + errors.count == before { break }
        }
        process.closeOutputs()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return CommandRun(pid: process.pid, termination: termination, wallSeconds: wall, timedOut: timedOut, overflowed: overflowed,
                          output: output, errors: errors)
    }
}
