import ContractModel
import Foundation
import HarnessCorpus
import WidgetSnapshot

/// The writer end kept running through the one process runner (`LineSession`), as the
/// Kotlin end and every reader testee are: app-state lines in, one blob or crash line out per
/// state, in order. Timeouts, restarts, a crash or hang blamed on one state, stderr shown with
/// it, broken after `brokenAfter` failures in a row, the child in its own group with
/// its keeper — all `LineSession`'s. The gate's `writer` family and `fuzz states` use it.
package final class WriterSession: @unchecked Sendable {
    /// Consecutive failed states after which the writer is declared broken.
    package static let defaultBrokenAfter = 20
    package static let abandoned = "abandoned: the time budget ran out before the writer answered"

    package var command: String { runner.command }
    package var name: String { runner.name }
    /// Why the writer was declared broken, once it was.
    package var brokenReason: String? { runner.brokenReason }
    /// How many times the process was started.
    package var starts: Int { runner.starts }
    /// When set, no line is waited for past it (a fuzz run's budget); the states left fail as `abandoned`.
    package var deadline: Deadline? {
        get { runner.deadline }
        set { runner.deadline = newValue }
    }

    private let runner: LineSession<WriterAnswer>

    /// `name` shows in messages (`writer`); `timeouts` from the command's flags and budget.
    package init(command: String, name: String = "writer", timeouts: WriterTimeouts = WriterTimeouts(),
                 brokenAfter: Int = WriterSession.defaultBrokenAfter,
                 maximumLineBytes: Int = MadeLimits.writerBlobBytes, maximumHeldBytes: Int = MadeLimits.heldAnswerBytes) {
        // (A blob line is the blob: its limit is a case blob's, since it becomes one.)
        runner = LineSession(name: name, command: command, lineTimeout: timeouts.line, startTimeout: timeouts.start,
                             brokenAfter: brokenAfter, maximumLineBytes: maximumLineBytes, maximumHeldBytes: maximumHeldBytes,
                             lineNoun: "a writer's blob", abandonedReason: Self.abandoned, requestNoun: "states") { line, request, _ in
            Self.answer(line, for: request.id)
        }
        runner.deadline = timeouts.deadline
    }

    deinit { close() }

    /// The answers for state lines whose ids are known: a crash line naming another state
    /// (not `""`) is malformed, blamed on that state.
    package func write(_ requests: [TesteeRequest]) -> [WriterAnswer] {
        runner.run(requests).map { answer in
            switch answer {
            case .value(let value, _): value
            case .failure(let reason): .failure(reason)
            }
        }
    }

    /// The answers for state lines (ids not checked).
    package func write(_ lines: [[UInt8]]) -> [WriterAnswer] {
        write(lines.map { TesteeRequest(id: "", line: $0) })
    }

    /// Ends the process: end of file on its stdin, a moment to exit, then its group is killed.
    package func close() { runner.close() }

    /// A crash line is exactly `{"id":<string>,"crash":<string>}`; any other line is a blob.
    static func answer(_ line: [UInt8], for id: String) -> Result<WriterAnswer, LineSession<WriterAnswer>.LineProblem> {
        guard line.starts(with: Array(#"{"id":"#.utf8)),
              case .object(let object)? = try? JSONParser().parse(line), object.keys == ["id", "crash"],
              case .string(let named)? = object["id"], case .string(let crash)? = object["crash"] else {
            return .success(.blob(line))
        }
        if !id.isEmpty, !named.isEmpty, named.string != id {
            return .failure(.init("crash line names state \(named.string.debugDescription), expected \(id.debugDescription)"))
        }
        return .success(.crash(crash.string))
    }
}

/// How long the writer end may take, from the command's flags (`--timeout`, `--start-timeout`)
/// and budget (`fuzz --writer --seconds`): one state's line, the first line after a (re)start
/// (a node start takes a moment on a loaded machine, hence the longer default), and a deadline
/// past which no line is waited for (the states left fail as `WriterSession.abandoned`).
package struct WriterTimeouts: Sendable {
    package var line: Double
    package var start: Double
    package var deadline: Deadline?

    package static let defaultLine = 10.0
    package static let defaultStart = 30.0

    /// `start` nil: the longer default, never shorter than `line`.
    package init(line: Double = WriterTimeouts.defaultLine, start: Double? = nil, deadline: Deadline? = nil) {
        self.line = line
        self.start = start ?? max(line, Self.defaultStart)
        self.deadline = deadline
    }
}
