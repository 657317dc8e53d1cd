import ContractModel
import Foundation
import WidgetSnapshot

/// Any command that reads cases (JSONL) on stdin and writes one view line per case on
/// stdout, in order (CONTRACT §6): the Kotlin end, our own readers through
/// `contract-harness tool decode`, or another team's reader. It runs through a `TesteeSession`
/// (crash, hang and malformed lines blamed on one case each, restarts, stderr shown with the
/// blamed case, broken after `TesteeSession.defaultBrokenAfter` failures in a row).
package struct ExternalProcessReader: Reader {
    package let name: String
    package let command: String
    /// Seconds to wait for one line once the process is running.
    package var caseTimeout: Double
    /// Seconds to wait for the first line after a (re)start (a JVM needs a while); by default
    /// the same as `caseTimeout`.
    package var startTimeout: Double

    /// Failed cases in a row after which a testee is declared broken (its remaining cases fail at once).
    package static var brokenAfter: Int { TesteeSession.defaultBrokenAfter }

    /// The contract features the testee says it implements (`--testee NAME@SET=COMMAND`; the
    /// base when it says none): fields and questions of the others are pending for it.
    package var features: FeatureSet

    package init(name: String, command: String, caseTimeout: Double = 10, startTimeout: Double? = nil, features: FeatureSet = .base()) {
        self.name = name
        self.command = command
        self.features = features
        self.caseTimeout = caseTimeout
        self.startTimeout = startTimeout ?? caseTimeout
    }

    /// A running testee for several batches (the fuzzer's shrink candidates): no restart
    /// between `decode` calls. Close it when done.
    package func session() -> TesteeSession {
        TesteeSession(name: name, command: command, caseTimeout: caseTimeout, startTimeout: startTimeout)
    }

    package func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        let session = session()
        defer { session.close() }
        return session.outcomes(cases)
    }
}
