import Foundation

/// Monotonic elapsed time for throughput figures and `--seconds` (never the wall clock:
/// a clock change must not end a run early or make a rate negative). `fuzz` starts one as
/// the command starts, so `--seconds` counts what comes before the first case (the Kotlin
/// compile) too.
package struct Stopwatch: Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds

    package init() {}

    package var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Runs `body` and adds its duration to `total`.
    static func measure<Result>(_ total: inout Double, _ body: () throws -> Result) rethrows -> Result {
        let watch = Stopwatch()
        defer { total += watch.seconds }
        return try body()
    }
}
