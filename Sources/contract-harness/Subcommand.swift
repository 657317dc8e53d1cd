import HarnessCorpus

/// One `contract-harness` subcommand: its help text and how it runs.
protocol Subcommand {
    static var name: String { get }
    /// One line, for the command list.
    static var summary: String { get }
    /// Full `--help` text.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name; returns the exit code.
    static func run(_ arguments: inout Arguments) throws -> Int32
}

/// Exit codes shared by every subcommand.
enum ExitCode {
    static let passed: Int32 = 0
    static let contractFailure: Int32 = 1
    static let usageOrInput: Int32 = 2
}

extension Subcommand {
    /// `--root DIR`, the tree that holds `golden/` (default: the current directory). A command
    /// that works on the harness's own tree (update, refresh, zones, …) refuses `--contract`:
    /// an app's folder has no golden files of the harness.
    static func paths(_ arguments: inout Arguments) throws -> HarnessPaths {
        if try arguments.option("--contract") != nil {
            throw UsageError("\(name) works on the harness's own tree; an app's contract folder (--contract) has none of its golden files (see docs/adopting.md)")
        }
        return HarnessPaths(root: try arguments.option("--root") ?? ".")
    }

    /// The same for a command that also runs for an app (`AppOption`).
    static func appPaths(_ arguments: inout Arguments) throws -> HarnessPaths {
        try AppOption.paths(&arguments)
    }

    static func jobs(_ arguments: inout Arguments) throws -> Int {
        let jobs = try arguments.integer("--jobs") ?? ProcessInfoJobs.default
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
        return jobs
    }
}
