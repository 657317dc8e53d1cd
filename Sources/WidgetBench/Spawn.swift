import Foundation
import HarnessReaders

/// Runs a command as a child process and reports its wall time, peak resident memory
/// (`ru_maxrss` from `wait4`) and exit status.
struct ChildRun {
    var wallSeconds: Double
    /// Peak resident set of the child, in bytes (Linux reports KiB).
    var maxRSSBytes: Int
    var exitCode: Int32
    /// Killed after `timeoutSeconds`.
    var timedOut = false
    /// What it wrote to stdout (when captured).
    var output: String

    /// GNU time, when installed: the peak RSS figures come from it (see `run`).
    static let gnuTime: String? = access("/usr/bin/time", X_OK) == 0 ? "/usr/bin/time" : nil

    /// `arguments[0]` is looked up in PATH when it has no `/`. stdout is captured when
    /// `captureOutput`, else goes to /dev/null; stderr to /dev/null unless `showErrors`.
    ///
    /// Peak RSS: `ru_maxrss` of a child started straight from this process is useless here.
    /// The child starts on (a copy of) this process's memory until `exec`, and Linux carries
    /// the high-water mark of that memory into the child's `ru_maxrss`, so every
    /// child would report at least this process's own RSS. With `measureRSS` the command runs
    /// under GNU time (`%M`), whose forked child starts from time's ~2 MB; without GNU time the
    /// figure falls back to `wait4` and is only an upper bound.
    static func run(_ arguments: [String], captureOutput: Bool = false, showErrors: Bool = false,
                    stdinPath: String = "/dev/null", timeoutSeconds: Double? = nil, measureRSS: Bool = false) throws -> ChildRun {
        let rssPath = NSTemporaryDirectory() + "widgetbench-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).rss"
        defer { unlink(rssPath) }
        var arguments = arguments
        if measureRSS, let gnuTime { arguments = [gnuTime, "-f", "%M", "-o", rssPath] + arguments }
        // The harness's one process runner: its own process group (a timeout kills GNU time's
        // child too), ended with the benchmark if that is interrupted.
        let child: CommandRun
        do {
            child = try CommandRun.run(.arguments(arguments), stdin: .file(stdinPath), captureOutput: captureOutput,
                                       captureErrors: false, showErrors: showErrors, timeout: timeoutSeconds)
        } catch {
            throw BenchError(error.description)
        }
        var maxRSS = child.termination.maxRSSBytes
        if measureRSS, gnuTime != nil {
            let reported = (try? String(contentsOfFile: rssPath, encoding: .utf8))?
                .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            // GNU time prefixes "Command exited with non-zero status N" lines; the last is %M.
            maxRSS = reported.map { $0 * 1024 } ?? 0
        }
        return ChildRun(wallSeconds: child.wallSeconds, maxRSSBytes: maxRSS, exitCode: child.exitCode, timedOut: child.timedOut,
                        output: String(decoding: child.output, as: UTF8.self))
    }

    /// Is `name` an executable somewhere in PATH?
    static func inPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
