#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2) by a name `BrokenPipe.write` does not shadow (`Glibc.write` names a module Darwin lacks).
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Writing to stdout or stderr whose reader has gone (`… | head -c 1`), for every program of
/// the package: plain write(2), never `FileHandle` (which traps on EPIPE when SIGPIPE is
/// ignored: SIGILL, exit 132), and a broken pipe ends the program quietly as SIGPIPE does
/// for any Unix filter (exit 141). The CLI (`StandardStreams`, which also ends its children
/// first), the testee kit, WidgetFuzz and WidgetBench all write through here.
package enum BrokenPipe {
    /// Writes all of `bytes` to `fd`; 0, or the errno of the write that failed.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return written < 0 ? errno : EIO
        }
        return 0
    }

    /// Writes `bytes` to `fd` (1 or 2); a broken pipe ends the process as SIGPIPE would, and
    /// another error on stdout (a full disk) ends it with exit 1 (on stderr nothing more can
    /// be said: the text is dropped).
    package static func write(_ bytes: [UInt8], to fd: Int32) {
        let error = writeAll(bytes, to: fd)
        if error == EPIPE { end() }
        if error != 0 && fd == STDOUT_FILENO { _exit(1) }
    }

    /// Dies of SIGPIPE (exit 141 to a shell) whatever its disposition was.
    package static func end() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeOnly, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
