import ContractModel
import HarnessReaders

/// `--testee NAME[@SET]=COMMAND`, `--timeout` and `--start-timeout`, the same for every subcommand
/// that runs external testees (check, report, explain, fuzz).
enum Testee {
    static let optionsHelp = """
      --testee NAME[@SET]=COMMAND
                            an external reader, compared like ours (repeatable; SET: the contract
                            features it implements, a set of schemas/contract.json or features joined with +; default: the base)
    \(timeoutsHelp)
    """

    /// `--timeout` and `--start-timeout` alone: what `record` takes (it has no `--testee`, and
    /// a failed case stops it rather than restarting the testee).
    static let timeoutsHelp = """
      --timeout SECONDS     how long a testee may take for one line (default 10)
      --start-timeout SECONDS
                            the first line after a testee (re)starts, e.g. a JVM's (default: --timeout)
    """

    /// The testees given, with the timeouts given.
    static func options(_ arguments: inout Arguments) throws(UsageError) -> (specs: [String], readers: [ExternalProcessReader]) {
        let (specs, readers, _, _) = try optionsAndTimeouts(&arguments)
        return (specs, readers)
    }

    /// The same, with the timeouts given (for a testee made otherwise: `fuzz --kotlin`).
    static func optionsAndTimeouts(_ arguments: inout Arguments) throws(UsageError)
        -> (specs: [String], readers: [ExternalProcessReader], timeout: Double, startTimeout: Double?) {
        let timeout = try seconds(&arguments, "--timeout") ?? 10
        let startTimeout = try seconds(&arguments, "--start-timeout")
        let specs = try arguments.options("--testee")
        let readers = try specs.map { spec throws(UsageError) in try parse(spec, timeout: timeout, startTimeout: startTimeout) }
        var seen: Set<String> = []
        for reader in readers where !seen.insert(reader.name).inserted {
            // The gate's own check says the same for `check`; `fuzz` and `explain` need it here.
            throw UsageError("--testee \(reader.name): two testees are named `\(reader.name)`; each needs its own name (its views and findings are known by it)")
        }
        return (specs, readers, timeout, startTimeout)
    }

    static func parse(_ spec: String, timeout: Double, startTimeout: Double? = nil) throws(UsageError) -> ExternalProcessReader {
        let end = try EndSpec.parse(spec, option: "--testee")
        let name = end.name
        var features = FeatureSet.base()
        if let text = end.declared {
            switch FeatureSet.parse(text) {
            case .success(let set): features = set
            case .failure(let problem): throw UsageError("--testee \(name)@…: \(problem.message)")
            }
        }
        let reserved = ReaderRoster.standard.reservedNames
        guard !reserved.contains(name) else {
            throw UsageError("testee name `\(name)` must not be \(reserved.dropLast().joined(separator: ", ")) or \(reserved.last!) (built-in readers)")
        }
        return ExternalProcessReader(name: name, command: end.command, caseTimeout: timeout, startTimeout: startTimeout,
                                     features: features)
    }

    static func seconds(_ arguments: inout Arguments, _ name: String) throws(UsageError) -> Double? {
        guard let text = try arguments.option(name) else { return nil }
        guard let value = Double(text), value > 0, value.isFinite else { throw UsageError("\(name) takes a positive number of seconds, got `\(text)`") }
        return value
    }
}
