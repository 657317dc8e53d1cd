#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the current case's crash line when the reader traps, so the harness blames that
/// case with a reason instead of "ended before answering". Only async-signal-safe work
/// happens in the handler: one `write(2)` of bytes prepared before the reader ran, then the
/// signal's default action (the process ends with it, as it would have).
enum CrashGuard {
    nonisolated(unsafe) private static var line = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private static var capacity = 1
    nonisolated(unsafe) private static var armed: sig_atomic_t = 0
    /// Where the crash line goes: stdout for a testee the harness runs, the progress file of a
    /// recording (`Testee.record`).
    nonisolated(unsafe) static var descriptor: Int32 = 1

    /// Swift traps end in SIGTRAP (Darwin and Linux `brk`/`ud2` variants) or SIGILL; a C
    /// abort in SIGABRT; the others are memory faults.
    static let signals: [Int32] = [SIGTRAP, SIGILL, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    static func install() {
        for number in signals {
            signal(number) { received in
                if CrashGuard.armed != 0 {
                    _ = write(CrashGuard.descriptor, CrashGuard.line, CrashGuard.length)
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func arm(_ bytes: [UInt8]) {
        armed = 0
        if bytes.count > capacity {
            line.deallocate()
            line = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            capacity = bytes.count
        }
        bytes.withUnsafeBufferPointer { line.update(from: $0.baseAddress!, count: bytes.count) }
        length = bytes.count
        armed = 1
    }

    static func disarm() { armed = 0 }
}
