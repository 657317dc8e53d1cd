import ContractModel
import Foundation
import WidgetSnapshot

/// One external testee kept running across batches of cases (the gate's whole stream, the
/// fuzzer's batches and shrink candidates, the Kotlin recording): cases go to its stdin,
/// one view line per case comes back, in order (CONTRACT §6). The process itself — restarts,
/// timeouts, crash and hang lines blamed on one case, stderr, broken after `brokenAfter`
/// failures in a row — is the one runner's, `LineSession`; this adds what a view line is:
/// a line that is not a view, or names another case, is `malformed`.
package final class TesteeSession: @unchecked Sendable {
    /// Consecutive failed cases after which a testee is declared broken.
    package static let defaultBrokenAfter = 20

    package var name: String { runner.name }
    package var command: String { runner.command }
    package var caseTimeout: Double { runner.lineTimeout }
    package var startTimeout: Double { runner.startTimeout }
    package var brokenAfter: Int { runner.brokenAfter }
    /// A longer stdout line is a failure (a runaway writer must not eat the harness's memory).
    package var maximumLineBytes: Int { runner.maximumLineBytes }
    /// What one `decode` holds of its answers (`MadeLimits.heldAnswerBytes`): past it, broken.
    package var maximumHeldBytes: Int { runner.maximumHeldBytes }
    /// When set, no line is waited for past it (a fuzz run's `--seconds` budget): once it has
    /// passed, the process is ended and the cases left fail at once as `abandoned`, which
    /// counts neither as the testee's failure nor toward `brokenAfter`.
    package var deadline: Deadline? {
        get { runner.deadline }
        set { runner.deadline = newValue }
    }
    /// The failure reason of a case left undecoded because `deadline` passed.
    package static let abandoned = "abandoned: the time budget ran out before the testee answered"
    /// Whether `outcome` is the failure of a case a broken testee never ran (not a finding).
    package static func wasNotRun(_ outcome: ReaderOutcome) -> Bool {
        outcome.wasNotRun
    }

    /// Why the testee was declared broken, once it was.
    package var brokenReason: String? { runner.brokenReason }
    /// How many times the process was started.
    package var starts: Int { runner.starts }

    private let runner: LineSession<ReaderOutcome>

    package init(name: String, command: String, caseTimeout: Double, startTimeout: Double? = nil,
                 brokenAfter: Int = TesteeSession.defaultBrokenAfter,
                 maximumLineBytes: Int = MadeLimits.viewLineBytes, maximumHeldBytes: Int = MadeLimits.heldAnswerBytes) {
        runner = LineSession(name: name, command: command, lineTimeout: caseTimeout, startTimeout: startTimeout,
                             brokenAfter: brokenAfter, maximumLineBytes: maximumLineBytes, maximumHeldBytes: maximumHeldBytes,
                             lineNoun: "a view line", abandonedReason: Self.abandoned) { line, request, number in
            Self.outcome(of: line, for: request.id, testee: name, number: number)
        }
    }

    /// Decodes `cases` through the running process (started when needed), in order.
    package func decode(_ cases: [Case]) -> [TesteeAnswer] {
        decode(requests: cases.map { TesteeRequest(id: $0.id, line: CaseStream.line($0)) })
    }

    /// Same, for case lines already encoded (a case stream read from a file).
    package func decode(requests: [TesteeRequest]) -> [TesteeAnswer] {
        runner.run(requests).map { answer in
            switch answer {
            case .value(let outcome, let line): TesteeAnswer(outcome: outcome, line: line)
            case .failure(let reason): TesteeAnswer(outcome: .failure(reason), line: nil)
            }
        }
    }

    /// After the last case: end of file on the testee's stdin, then anything more it writes
    /// (within `caseTimeout`) is a stray line, returned as the reason to refuse the stream;
    /// nil when it wrote nothing more. The process is ended either way.
    package func finishStream() -> String? { runner.finishStream() }

    /// Ends the process: end of file on its stdin, a moment to exit, then its group is killed.
    package func close() { runner.close() }

    private static func outcome(of line: [UInt8], for id: String, testee: String, number: Int)
        -> Result<ReaderOutcome, LineSession<ReaderOutcome>.LineProblem> {
        do {
            let (got, outcome) = try ViewLine.parse(line, file: "\(testee) stdout", lineNumber: number, allowingNotImplemented: true)
            guard got == id else { return .failure(.init("line names case \(got), expected \(id)")) }
            return .success(outcome.compacted())
        } catch {
            return .failure(.init("\(error)"))
        }
    }
}

/// One request as it goes to a line process: the id its answer must name (a case's, a
/// state's) and its line.
package struct TesteeRequest: Sendable {
    package var id: String
    package var line: [UInt8]

    package init(id: String, line: [UInt8]) {
        self.id = id
        self.line = line
    }
}

/// What a testee made of one case: the outcome, and the line exactly as it wrote it (nil
/// when it failed to give one), which a recording keeps byte for byte.
package struct TesteeAnswer: Sendable {
    package var outcome: ReaderOutcome
    package var line: [UInt8]?
}
