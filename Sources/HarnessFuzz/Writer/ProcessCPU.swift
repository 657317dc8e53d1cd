import Foundation

/// CPU seconds (user + system) of this process and of its ended children, from `getrusage`:
/// the writer fuzz rate is per core, and the writer (a Node process) does about half the
/// work, which the harness's own rusage does not see.
package enum ProcessCPU {
    package static func ownSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Children that ended and were waited for (the writer, once its session closed).
    package static func endedChildrenSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
}
