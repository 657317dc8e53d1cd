/// What a fuzz run's `--seconds` budget is read on: seconds since the command started. A run
/// reads `Stopwatch` (monotonic); a test hands in a clock it moves itself, so time budgets are
/// tested by what the run does at each instant, never by how fast the machine is.
package protocol FuzzClock: Sendable {
    /// Seconds elapsed since the budget started counting.
    var seconds: Double { get }
}

extension Stopwatch: FuzzClock {}
