import ContractModel
import HarnessReaders

/// `--testee NAME[@SET]=COMMAND`, `--timeout` and `--start-timeout`, the same for every subcommand
/// that runs external testees (check, report, explain, fuzz).
enum Testee {
    static let optionsHelp = """
      --testee NAME@SET=COMMAND
                            a testee that implements those contract features (a set of
                            schemas/contract.json such as 1, 3, default, or features joined with +,
                            base+currentTask; default: the base): the fields and questions of the
                            others are pending for it (counted and shown, never failing), its own are
                            compared; a testee built with WidgetContractTestee prints its own with
                            `COMMAND --contract-features`;
                            a testee on Android's org.json (an app's WidgetData.kt) says so with a line
                            `# platform: org.json` atop golden/divergences/NAME.txt, whose entries may
                            then name D1-D8, each held to what golden/kotlin reads
    \(timeoutsHelp)
                            A testee that crashes, hangs or writes a line for another case fails
                            that case only (shown with its stderr) and is restarted; after
                            \(ExternalProcessReader.brokenAfter) failed cases in a row it is declared broken and
                            its remaining cases fail at once.
    """

    /// `--timeout` and `--start-timeout` alone: what `record` takes (it has no `--testee`, and
    /// a failed case stops it rather than restarting the testee).
    static let timeoutsHelp = """
      --timeout SECONDS     how long a testee may take for one line, the first line after a
                            (re)start included (default 10)
      --start-timeout SECONDS
                            the first line after a testee (re)starts instead, for a slow start
                            such as a JVM's (default: --timeout)
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
