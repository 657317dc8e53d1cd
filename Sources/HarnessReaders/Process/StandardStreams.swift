import Foundation
import ContractModel
import HarnessCorpus

/// The one writer of the harness's own stdout and stderr (reports, diagnostics, progress):
/// plain write(2), never `FileHandle` (which traps on EPIPE: SIGILL, exit 132). The CLI
/// ignores SIGPIPE so that a testee's closed pipe never kills it; so when the reader of our
/// own stdout or stderr goes away (`fuzz 2>&1 | head -1`), this ends the command quietly as
/// SIGPIPE would for any Unix filter (exit 141): every child's group is killed, the
/// temporary file of an atomic write under way is removed (no file is left half-written),
/// then the process dies of SIGPIPE. Once SIGINT/SIGTERM/SIGHUP is ending the harness, nothing
/// more is written (`TerminationSignals`): the exit status, 128 + the signal, says it all.
package enum StandardStreams {
    private static let lock = NSLock()

    /// `text` on stdout, whole.
    package static func out(_ text: String) { write(Array(text.utf8), to: STDOUT_FILENO) }
    package static func out(_ bytes: [UInt8]) { write(bytes, to: STDOUT_FILENO) }
    /// `text` on stderr, whole.
    package static func err(_ text: String) { write(Array(text.utf8), to: STDERR_FILENO) }

    /// Writes `bytes` to `fd` (1 or 2), all of them, one writer at a time (a progress line
    /// from a timer never lands inside a report line).
    package static func write(_ bytes: [UInt8], to fd: Int32) {
        // A signal is ending the harness: what a thread would say now is about what the kill
        // caused (a testee "ended before answering", "nothing was written"), not the signal.
        TerminationSignals.waitIfEnding()
        lock.lock()
        defer { lock.unlock() }
        // (errno is taken before the children are ended: that makes system calls that overwrite it.)
        let error = BrokenPipe.writeAll(bytes, to: fd)
        if error == 0 { return }
        if error == EPIPE { endAsBrokenPipe() }
        // Another error on stderr (a full disk): nothing more can be said there.
        guard fd == STDOUT_FILENO else { return }
        LiveProcessGroups.killAll()
        TemporaryFiles.removeAll()
        // Stdout lost (a full disk): the verdict never reached its reader, so this is not a
        // contract failure (1) but an input/output error (2), said on stderr while it still
        // works — before, a PASS written to a full disk ended as a silent exit 1.
        _ = BrokenPipe.writeAll(Array("contract-harness: cannot write to stdout: \(String(cString: strerror(error)))\n".utf8), to: STDERR_FILENO)
        _exit(2)
    }

    /// The reader of stdout or stderr is gone: end as SIGPIPE would, leaving no child and no
    /// half-written file.
    package static func endAsBrokenPipe() -> Never {
        LiveProcessGroups.killAll()
        TemporaryFiles.removeAll()
        BrokenPipe.end()
    }
}
