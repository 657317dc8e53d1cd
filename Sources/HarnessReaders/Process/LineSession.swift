import ContractModel
import Foundation

/// The one process runner behind every external line protocol the harness speaks (reader
/// testees and the Kotlin end through `TesteeSession`, the writer end through
/// `WriterSession`): one child kept running across batches, one request line in, one answer
/// line out, in order. What an answer line means is the caller's `interpret`; everything else
/// is here, once.
///
/// Failures are pinned on the one request they happen on, and the process is restarted for
/// the requests after it:
/// - it ends before answering (`crash`), or gives no line within the timeout (`hang`);
///   the first line after a (re)start gets `startTimeout` (a JVM needs a moment), every
///   other line `lineTimeout`;
/// - `interpret` refuses its line (`malformed`): one extra or missing line therefore blames
///   exactly one request, not every later one.
/// Each failure is shown with the last lines the child wrote to stderr (kept in a bounded
/// ring per process, never inherited). After `brokenAfter` such failures in a row the child
/// is declared broken and every request left fails at once with that reason, so a dead child
/// costs seconds, not one timeout per request; one whose first start gives no line within the
/// start timeout is declared broken at once (restarting it would only wait again). Every child
/// runs through `Subprocess` (its own group, under a keeper), so it and all it starts end with the harness.
package final class LineSession<Value>: @unchecked Sendable {
    /// What `interpret` says about a line it refuses (the text after `malformed: `).
    package struct LineProblem: Error, Sendable {
        package var text: String
        package init(_ text: String) { self.text = text }
    }

    /// One answer: the value `interpret` made of the line (with the line exactly as written),
    /// or why there is none.
    package enum Answer {
        case value(Value, line: [UInt8])
        case failure(String)
    }

    /// Reads one answer line for `request` (the `number`th of the batch, from 1).
    package typealias Interpret = (_ line: [UInt8], _ request: TesteeRequest, _ number: Int) -> Result<Value, LineProblem>

    package let name: String
    package let command: String
    package let lineTimeout: Double
    package let startTimeout: Double
    package let brokenAfter: Int
    package let maximumLineBytes: Int
    /// What one `run` holds of the child's answers, in line bytes (`MadeLimits.heldAnswerBytes`):
    /// past it the requests left are not run and the child is declared broken, so whatever it
    /// prints, what the harness holds of it stays bounded.
    package let maximumHeldBytes: Int
    /// What a line is, for the messages when it is over the limit (`a view line`, `a writer's blob`).
    package let lineNoun: String
    /// When set, no line is waited for past it: once it has passed, the process is ended and
    /// the requests left fail at once as `abandonedReason`, which counts neither as the
    /// child's failure nor toward `brokenAfter`.
    package var deadline: Deadline?
    package let abandonedReason: String
    /// What the requests are called in messages (`cases`, `states`).
    package let requestNoun: String
    package static var brokenPrefix: String { ReaderOutcome.notRunPrefix }

    /// Why the child was declared broken, once it was.
    package private(set) var brokenReason: String?
    /// How many times the process was started.
    package private(set) var starts = 0

    private let interpret: Interpret
    private var process: LineProcess?
    private var answeredSinceStart = false
    /// Whether any process of this session ever gave a line.
    private var everAnswered = false
    private var failuresInARow = 0

    package init(name: String, command: String, lineTimeout: Double, startTimeout: Double? = nil, brokenAfter: Int,
                 maximumLineBytes: Int = LineProcess.defaultMaximumLineBytes, maximumHeldBytes: Int = MadeLimits.heldAnswerBytes,
                 lineNoun: String = "a line", abandonedReason: String, requestNoun: String = "cases", interpret: @escaping Interpret) {
        self.name = name
        self.command = command
        self.lineTimeout = lineTimeout
        self.startTimeout = startTimeout ?? lineTimeout
        self.brokenAfter = max(1, brokenAfter)
        self.maximumLineBytes = maximumLineBytes
        self.maximumHeldBytes = maximumHeldBytes
        self.lineNoun = lineNoun
        self.abandonedReason = abandonedReason
        self.requestNoun = requestNoun
        self.interpret = interpret
        TerminationSignals.ignoreBrokenPipes()
    }

    deinit { close() }

    /// Sends `requests` through the running process (started when needed), in order.
    /// `keepingLines`: each answer keeps its line as written (a recording's); without, the line
    /// is dropped once read, so what is held of the child is its values only.
    package func run(_ requests: [TesteeRequest], keepingLines: Bool = true) -> [Answer] {
        var answers: [Answer] = []
        answers.reserveCapacity(requests.count)
        var queuedUpTo = 0  // requests[..<queuedUpTo] have gone to the current process
        var held = 0  // line bytes of this run's answers
        while answers.count < requests.count {
            let index = answers.count
            if let deadline, deadline.passed {
                if let running = process { running.end() }
                process = nil
                answers += Array(repeating: .failure(abandonedReason), count: requests.count - index)
                break
            }
            if let brokenReason {
                answers += Array(repeating: .failure(brokenReason), count: requests.count - index)
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
            let timeout = answeredSinceStart ? lineTimeout : startTimeout
            let read = running.readLine(timeout: deadline.map { min(timeout, $0.seconds) } ?? timeout)
            if read == .timedOut, let deadline, deadline.passed { continue }  // abandoned above, not the child's fault
            switch read {
            case .line(let bytes):
                answeredSinceStart = true
                everAnswered = true
                switch interpret(bytes, requests[index], index + 1) {
                case .success(let value):
                    failuresInARow = 0
                    answers.append(.value(value, line: keepingLines ? bytes : []))
                    held += bytes.count
                    if held > maximumHeldBytes, answers.count < requests.count, brokenReason == nil {
                        // Whatever it prints, the harness holds no more of it than this.
                        brokenReason = Self.brokenPrefix + "\(name)'s answers to this batch passed \(InputLimits.shown(maximumHeldBytes)) "
                            + "after \(answers.count) \(requestNoun) (\(InputLimits.shown(held / answers.count)) each on average), the most the harness "
                            + "holds of one \(requestNoun == "states" ? "writer" : "reader") (docs/threat-model.md, \"Limits\"); "
                            + "its remaining \(requestNoun) were not run"
                        close()
                    }
                case .failure(let problem):
                    let stderr = stop(running)
                    answers.append(blame("malformed: " + problem.text + stderr))
                }
            case .endOfFile:
                let termination = running.end(gracePeriod: 1)
                process = nil
                // A process that answered this request's predecessor (a crash line it wrote as it
                // trapped, say) and then ended may never have read this request: it is sent again,
                // first to a fresh process, and blamed only if that one ends before answering too.
                if answeredSinceStart { continue }
                answers.append(blame("crash: \(name) ended before answering (\(termination))" + Self.shown(running.stderr, of: name)))
            case .overlong:
                let stderr = stop(running)
                answers.append(blame("malformed: \(lineNoun) longer than \(InputLimits.shown(maximumLineBytes)), the limit for \(lineNoun) "
                                     + "(docs/threat-model.md); the rest of it was not read" + stderr))
            case .timedOut:
                let unfinished = running.unfinishedLineBytes
                let stderr = stop(running)
                let begun = unfinished > 0 ? " (\(unfinished) bytes of a line without its newline)" : ""
                answers.append(blame("hang: no line within \(Self.seconds(timeout)) s" + (answeredSinceStart ? "" : " of starting") + begun + stderr))
                // A child whose first start gave no line at all (not a request's crash or hang
                // after it) will not start the next time either: one start timeout, not
                // `brokenAfter` of them.
                if !everAnswered, starts == 1, brokenReason == nil {
                    brokenReason = Self.brokenPrefix + "\(name) gave no line within \(Self.seconds(timeout)) s of starting; its remaining \(requestNoun) were not run"
                }
            }
        }
        return answers
    }

    /// After the last request: end of file on the child's stdin, then anything more it writes
    /// (within `lineTimeout`) is a stray line, returned as the reason to refuse the stream;
    /// nil when it wrote nothing more. The process is ended either way.
    package func finishStream() -> String? {
        guard let running = process else { return nil }
        running.finishInput()
        let read = running.readLine(timeout: lineTimeout)
        let stderr = Self.shown(running.stderr, of: name)
        close()
        switch read {
        case .line(let bytes):
            let shown = String(decoding: bytes.prefix(200), as: UTF8.self)
            return "stray line after the last case: \(shown.debugDescription)\(bytes.count > 200 ? " (cut)" : "")" + stderr
        case .overlong:
            return "stray output after the last case: a line longer than \(InputLimits.shown(maximumLineBytes))" + stderr
        case .endOfFile, .timedOut:
            return nil
        }
    }

    /// Ends the process: end of file on its stdin, a moment to exit, then its group is killed.
    package func close() {
        process?.end(gracePeriod: 2)
        process = nil
    }

    /// Kills the process (its stdout no longer lines up with the requests) and returns its stderr.
    private func stop(_ running: LineProcess) -> String {
        running.end()
        process = nil
        return Self.shown(running.stderr, of: name)
    }

    private func blame(_ reason: String) -> Answer {
        failuresInARow += 1
        if failuresInARow >= brokenAfter {
            let first = reason.prefix { $0 != "\n" }
            brokenReason = Self.brokenPrefix + "\(name) failed on \(failuresInARow) \(requestNoun) in a row (the last: \(first)); its remaining \(requestNoun) were not run"
            close()
        }
        return .failure(reason)
    }

    private static func shown(_ tail: StderrTail, of name: String) -> String {
        let text = tail.lastLines()
        return text.isEmpty ? "" : "\n  stderr of \(name), last lines:\n" + text
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
