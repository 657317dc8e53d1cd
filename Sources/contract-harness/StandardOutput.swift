import HarnessReaders
#if canImport(Glibc)
import Glibc
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let posixWrite = Darwin.write
#endif

/// Standard output for streams a reader may stop reading early (`cases | head`): a closed
/// pipe ends the command quietly, as it would for any Unix filter, instead of trapping in
/// `FileHandle.write` (the CLI ignores SIGPIPE so that a testee's closed pipe never kills it).
enum StandardOutput {
    static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { posixWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            // EPIPE (the reader went away) or another write error: nothing more can be said.
            // (errno is read first: ending the children makes system calls that overwrite it.)
            let status: Int32 = errno == EPIPE ? 0 : 1
            LiveProcessGroups.killAll()
            exit(status)
        }
    }
}
