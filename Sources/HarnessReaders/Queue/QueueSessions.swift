import ContractModel
import Foundation

/// A queue writer end kept running through the one process runner (`LineSession`: timeouts,
/// restarts, a crash or hang blamed on one case with the end's stderr, broken after 20 failures
/// in a row, its own process group): queue case lines in, one answer line out per case.
package final class QueueWriterSession: @unchecked Sendable {
    private let runner: LineSession<Result<QueueAnswer, QueueCrash>>
    /// Operations per case id of the batch being answered: an answer must have as many results.
    private let operations = OperationCounts()

    package init(name: String, command: String, lineTimeout: Double = 10, startTimeout: Double = 60) {
        let operations = self.operations
        runner = LineSession(name: name, command: command, lineTimeout: lineTimeout, startTimeout: startTimeout,
                             brokenAfter: TesteeSession.defaultBrokenAfter, abandonedReason: TesteeSession.abandoned,
                             requestNoun: "queue cases") { line, request, number in
            do {
                let (id, answer) = try QueueAnswer.read(line, file: "\(name) stdout", lineNumber: number,
                                                        expecting: operations.counts[request.id])
                guard id == request.id || (id.isEmpty && (try? answer.get()) == nil) else {
                    return .failure(.init("line names queue case \(id.debugDescription), expected \(request.id.debugDescription)"))
                }
                return .success(answer.mapError { QueueCrash(text: "crash: " + $0.text) })
            } catch {
                return .failure(.init("\(error)"))
            }
        }
    }

    deinit { runner.close() }

    /// Each case line's answer, or why there is none.
    package func answer(_ lines: [QueueCaseLine]) -> [Result<QueueAnswer, QueueCrash>] {
        operations.counts = Dictionary(lines.map { ($0.id, $0.ops.count) }, uniquingKeysWith: { first, _ in first })
        return runner.run(lines.map { TesteeRequest(id: $0.id, line: $0.line()) }).map { answer in
            switch answer {
            case .value(let value, _): value
            case .failure(let reason): .failure(QueueCrash(text: reason))
            }
        }
    }

    package func close() { runner.close() }

    private final class OperationCounts: @unchecked Sendable {
        var counts: [String: Int] = [:]
    }
}

/// A drain end kept running through the one process runner: drain request lines in, one
/// answer line out per request.
package final class DrainSession: @unchecked Sendable {
    private let runner: LineSession<Result<DrainAnswer, QueueCrash>>

    package init(name: String, command: String, lineTimeout: Double = 10, startTimeout: Double = 30) {
        runner = LineSession(name: name, command: command, lineTimeout: lineTimeout, startTimeout: startTimeout,
                             brokenAfter: TesteeSession.defaultBrokenAfter, abandonedReason: TesteeSession.abandoned,
                             requestNoun: "drain requests") { line, request, number in
            do {
                let (id, answer) = try DrainAnswer.read(line, file: "\(name) stdout", lineNumber: number)
                guard id == request.id || (id.isEmpty && (try? answer.get()) == nil) else {
                    return .failure(.init("line names request \(id.debugDescription), expected \(request.id.debugDescription)"))
                }
                return .success(answer.mapError { QueueCrash(text: "crash: " + $0.text) })
            } catch {
                return .failure(.init("\(error)"))
            }
        }
    }

    deinit { runner.close() }

    package func drain(_ requests: [DrainRequest]) -> [Result<DrainAnswer, QueueCrash>] {
        runner.run(requests.map { TesteeRequest(id: $0.id, line: $0.line()) }).map { answer in
            switch answer {
            case .value(let value, _): value
            case .failure(let reason): .failure(QueueCrash(text: reason))
            }
        }
    }

    package func close() { runner.close() }
}
