import ContractModel
import Foundation
import WidgetSnapshot

/// One external testee kept running across batches of cases (the gate's whole stream, the
/// fuzzer's batches and shrink candidates, the Kotlin recording): cases go to its stdin,
/// one view line per case comes back, in order (CONTRACT §6).
///
/// Failures are pinned on the one case they happen on, and the process is restarted for the
/// cases after it:
/// - it ends before answering (`crash`), or gives no line within the timeout (`hang`);
///   the first line after a (re)start gets `startTimeout` (a JVM needs a moment), every
///   other line `caseTimeout`;
/// - its line is not a view, or names another case (`malformed`): one extra or missing line
///   therefore blames exactly one case, not every later one.
/// Each failure is shown with the last lines the testee wrote to stderr (kept in a bounded
/// ring per process, never inherited). After `brokenAfter` such failures in a row the testee
/// is declared broken and every case left fails at once with that reason, so a dead testee
/// costs seconds, not one timeout per case; one whose first start gives no line within the
/// start timeout is declared broken at once (restarting it would only wait again).
package final class TesteeSession: @unchecked Sendable {
    /// Consecutive failed cases after which a testee is declared broken.
    package static let defaultBrokenAfter = 20

    package let name: String
    package let command: String
    package let caseTimeout: Double
    package let startTimeout: Double
    package let brokenAfter: Int
    /// A longer stdout line is a failure (a runaway writer must not eat the harness's memory).
    package let maximumLineBytes: Int
    /// When set, no line is waited for past it (a fuzz run's `--seconds` budget): once it has
    /// passed, the process is ended and the cases left fail at once as `abandoned`, which
    /// counts neither as the testee's failure nor toward `brokenAfter`.
    package var deadline: Deadline?
    /// The failure reason of a case left undecoded because `deadline` passed.
    package static let abandoned = "abandoned: the time budget ran out before the testee answered"
    /// Whether `outcome` is the failure of a case a broken testee never ran (not a finding).
    package static func wasNotRun(_ outcome: ReaderOutcome) -> Bool {
        if case .failure(let reason) = outcome { return reason.hasPrefix(brokenPrefix) }
        return false
    }
    static let brokenPrefix = "broken: "

    /// Why the testee was declared broken, once it was.
    package private(set) var brokenReason: String?
    /// How many times the process was started.
    package private(set) var starts = 0

    private var process: LineProcess?
    private var answeredSinceStart = false
    /// Whether any process of this session ever gave a line.
    private var everAnswered = false
    private var failuresInARow = 0

    package init(name: String, command: String, caseTimeout: Double, startTimeout: Double? = nil,
                 brokenAfter: Int = TesteeSession.defaultBrokenAfter,
                 maximumLineBytes: Int = LineProcess.defaultMaximumLineBytes) {
        self.maximumLineBytes = maximumLineBytes
        self.name = name
        self.command = command
        self.caseTimeout = caseTimeout
        self.startTimeout = startTimeout ?? caseTimeout
        self.brokenAfter = max(1, brokenAfter)
        TerminationSignals.ignoreBrokenPipes()
    }

    deinit { close() }

    /// Decodes `cases` through the running process (started when needed), in order.
    package func decode(_ cases: [Case]) -> [TesteeAnswer] {
        decode(requests: cases.map { TesteeRequest(id: $0.id, line: CaseStream.line($0)) })
    }

    /// Same, for case lines already encoded (a case stream read from a file).
    package func decode(requests: [TesteeRequest]) -> [TesteeAnswer] {
        var answers: [TesteeAnswer] = []
        answers.reserveCapacity(requests.count)
        var queuedUpTo = 0  // requests[..<queuedUpTo] have gone to the current process
        while answers.count < requests.count {
            let index = answers.count
            if let deadline, deadline.passed {
                if let running = process { running.end() }
                process = nil
                answers += Array(repeating: TesteeAnswer(outcome: .failure(Self.abandoned), line: nil), count: requests.count - index)
                break
            }
            if let brokenReason {
                answers += Array(repeating: TesteeAnswer(outcome: .failure(brokenReason), line: nil), count: requests.count - index)
                break
            }
            if process == nil {
                do {
                    process = try LineProcess(command: command, maximumLineBytes: maximumLineBytes)
                } catch {
                    answers.append(blame("failure: cannot start `\(command)`: \(error.reason)"))
                    continue
                }
                starts += 1
                answeredSinceStart = false
                queuedUpTo = index
            }
            guard let running = process else { continue }
            if queuedUpTo <= index {
                running.send(requests[index...].lazy.map(\.line))
                queuedUpTo = requests.count
            }
            let timeout = answeredSinceStart ? caseTimeout : startTimeout
            let read = running.readLine(timeout: deadline.map { min(timeout, $0.seconds) } ?? timeout)
            if read == .timedOut, let deadline, deadline.passed { continue }  // abandoned above, not the testee's fault
            switch read {
            case .line(let bytes):
                answeredSinceStart = true
                everAnswered = true
                switch Self.outcome(of: bytes, for: requests[index].id, testee: name, number: index + 1) {
                case .success(let outcome):
                    failuresInARow = 0
                    answers.append(TesteeAnswer(outcome: outcome, line: bytes))
                case .failure(let reason):
                    let stderr = stop(running)
                    answers.append(blame(reason.text + stderr))
                }
            case .endOfFile:
                let termination = running.end(gracePeriod: 1)
                process = nil
                answers.append(blame("crash: \(name) ended before answering (\(termination))" + Self.shown(running.stderr, of: name)))
            case .overlong:
                let stderr = stop(running)
                answers.append(blame("malformed: a line longer than \(maximumLineBytes) bytes" + stderr))
            case .timedOut:
                let stderr = stop(running)
                answers.append(blame("hang: no line within \(Self.seconds(timeout)) s" + (answeredSinceStart ? "" : " of starting") + stderr))
                // A testee whose first start gave no line at all (not a case's crash or hang
                // after it) will not start the next time either: one start timeout, not
                // `brokenAfter` of them.
                if !everAnswered, starts == 1, brokenReason == nil {
                    brokenReason = Self.brokenPrefix + "\(name) gave no line within \(Self.seconds(timeout)) s of starting; its remaining cases were not run"
                }
            }
        }
        return answers
    }

    /// After the last case: end of file on the testee's stdin, then anything more it writes
    /// (within `caseTimeout`) is a stray line, returned as the reason to refuse the stream;
    /// nil when it wrote nothing more. The process is ended either way.
    package func finishStream() -> String? {
        guard let running = process else { return nil }
        running.finishInput()
        let read = running.readLine(timeout: caseTimeout)
        let stderr = Self.shown(running.stderr, of: name)
        close()
        switch read {
        case .line(let bytes):
            let shown = String(decoding: bytes.prefix(200), as: UTF8.self)
            return "stray line after the last case: \(shown.debugDescription)\(bytes.count > 200 ? " (cut)" : "")" + stderr
        case .overlong:
            return "stray output after the last case: a line longer than \(maximumLineBytes) bytes" + stderr
        case .endOfFile, .timedOut:
            return nil
        }
    }

    /// Ends the process: end of file on its stdin, a moment to exit, then its group is killed.
    package func close() {
        process?.end(gracePeriod: 2)
        process = nil
    }

    /// Kills the process (its stdout no longer lines up with the cases) and returns its stderr.
    private func stop(_ running: LineProcess) -> String {
        running.end()
        process = nil
        return Self.shown(running.stderr, of: name)
    }

    private func blame(_ reason: String) -> TesteeAnswer {
        failuresInARow += 1
        if failuresInARow >= brokenAfter {
            let first = reason.prefix { $0 != "\n" }
            brokenReason = Self.brokenPrefix + "\(name) failed on \(failuresInARow) cases in a row (the last: \(first)); its remaining cases were not run"
            close()
        }
        return TesteeAnswer(outcome: .failure(reason), line: nil)
    }

    private struct LineProblem: Error { var text: String }

    private static func outcome(of line: [UInt8], for id: String, testee: String, number: Int) -> Result<ReaderOutcome, LineProblem> {
        do {
            let (got, outcome) = try ViewLine.parse(line, file: "\(testee) stdout", lineNumber: number, allowingNotImplemented: true)
            guard got == id else { return .failure(LineProblem(text: "malformed: line names case \(got), expected \(id)")) }
            return .success(outcome.compacted())
        } catch {
            return .failure(LineProblem(text: "malformed: \(error)"))
        }
    }

    private static func shown(_ tail: StderrTail, of name: String) -> String {
        let text = tail.lastLines()
        return text.isEmpty ? "" : "\n  stderr of \(name), last lines:\n" + text
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// One case as it goes to a testee: its id (which the answer must name) and its line.
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
