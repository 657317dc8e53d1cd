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
    /// `--root DIR`, the tree that holds `golden/` (default: the current directory).
    static func paths(_ arguments: inout Arguments) throws -> HarnessPaths {
        HarnessPaths(root: try arguments.option("--root") ?? ".")
    }

    static func jobs(_ arguments: inout Arguments) throws -> Int {
        let jobs = try arguments.integer("--jobs") ?? ProcessInfoJobs.default
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
        return jobs
    }
}
