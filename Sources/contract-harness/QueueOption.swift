import Foundation
import HarnessGate
import HarnessReaders

/// The queue contract's options, the same for every subcommand that judges it (check, report):
/// `--queue-writer NAME@FEATURES=CMD`, `--queue-drain NAME@FEATURES=CMD` (each repeatable; the
/// project's own ends are always judged), `--no-queue`.
enum QueueOption {
    static let help = """
      --queue-writer NAME@FORMAT+FEATURES=COMMAND
                            a tap queue writer beside the project's (repeatable; docs/tap-queue.md)
      --queue-drain NAME@FEATURES=COMMAND
                            a tap queue drain beside the project's (repeatable)
      --no-queue            leave the tap queue contract out
    """

    /// The queue's options for the gate, or nil and why: --no-queue, or a tree without golden/queue
    /// (a copy of the tree cut down for a test, a tree of another contract) when no end is given.
    static func parse(_ arguments: inout Arguments, root: URL, timeout: Double, startTimeout: Double?, includeRecordings: Bool,
                      jobs: Int) throws(UsageError) -> (options: QueueGate.Options?, leftOut: String) {
        let writers = try arguments.options("--queue-writer")
        let drains = try arguments.options("--queue-drain")
        if arguments.flag("--no-queue") {
            guard writers.isEmpty && drains.isEmpty else { throw UsageError("--no-queue leaves the queue out: it takes no --queue-writer or --queue-drain") }
            return (nil, "the tap queue contract (CONTRACT.md §10) was not judged: --no-queue")
        }
        if writers.isEmpty, drains.isEmpty, !FileManager.default.fileExists(atPath: root.appendingPathComponent("golden/queue").path) {
            return (nil, "the tap queue contract (CONTRACT.md §10) was not judged: this tree has no golden/queue (its recording and lists)")
        }
        var options = QueueGate.Options(jobs: jobs, timeout: timeout, startTimeout: startTimeout, includeRecordings: includeRecordings)
        do {
            options.writers += try writers.map { spec throws(QueueEndDeclaration.Problem) in try QueueEndDeclaration.parse(spec, role: .writer) }
            if !drains.isEmpty {
                options.extraDrains = try drains.map { spec throws(QueueEndDeclaration.Problem) in try QueueEndDeclaration.parse(spec, role: .drain) }
            }
        } catch {
            throw UsageError(error.description)
        }
        return (options, "")
    }
}
