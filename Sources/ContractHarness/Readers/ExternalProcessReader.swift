import Foundation
import WidgetSnapshot

/// Any command that reads cases (JSONL) on stdin and writes one view line per case on
/// stdout, in order (CONTRACT §6): the Kotlin end, our own readers through
/// `contract-harness decode`, or another team's reader.
///
/// A crash, a line that is not a view (or names another case) or a hang longer than the
/// per-case timeout becomes that reader's failure for that case; the process is
/// restarted for the cases after it, so one bad case never hides the rest.
public struct ExternalProcessReader: Reader {
    public let name: String
    public let command: String
    /// Seconds to wait for one line once the process is running.
    public var caseTimeout: Double
    /// Seconds to wait for the first line after a (re)start (a JVM needs a while).
    public var startTimeout: Double

    public init(name: String, command: String, caseTimeout: Double = 10, startTimeout: Double = 60) {
        self.name = name
        self.command = command
        self.caseTimeout = caseTimeout
        self.startTimeout = startTimeout
    }

    public func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        signal(SIGPIPE, SIG_IGN)
        let lines = cases.map { CaseStream.line($0) }
        var outcomes: [ReaderOutcome] = []
        outcomes.reserveCapacity(cases.count)
        while outcomes.count < cases.count {
            let start = outcomes.count
            guard let process = ChildProcess(command: command) else {
                let reason = "failure: cannot start `\(command)`"
                outcomes += Array(repeating: .failure(reason), count: cases.count - start)
                break
            }
            process.feed(Array(lines[start...]))
            var index = start
            while index < cases.count {
                let timeout = index == start ? startTimeout : caseTimeout
                switch process.readLine(timeout: timeout) {
                case .line(let bytes):
                    outcomes.append(outcome(for: cases[index], line: bytes, number: index + 1))
                    index += 1
                    continue
                case .endOfFile:
                    let status = process.finish()
                    outcomes.append(.failure("crash: \(name) ended before answering (\(status))"))
                case .timedOut:
                    process.kill()
                    _ = process.finish()
                    outcomes.append(.failure("hang: no line within \(timeout) s"))
                }
                break
            }
            if index == cases.count { process.closeAndReap() }
        }
        return outcomes
    }

    private func outcome(for testCase: Case, line: [UInt8], number: Int) -> ReaderOutcome {
        do {
            let (id, outcome) = try ViewLine.parse(line, file: "\(name) stdout", lineNumber: number)
            guard id == testCase.id else { return .failure("malformed: line names case \(id), expected \(testCase.id)") }
            return outcome
        } catch {
            return .failure("malformed: \(error)")
        }
    }
}
