import ContractModel
import Foundation
import HarnessReaders

/// An external testee kept running for a whole fuzz run: the generated batches and every
/// batch of shrink candidates go through the same process (a JVM starts once, not once
/// per batch), restarted only when a case crashes or hangs it (`TesteeSession`).
final class RunningTestee: Reader, @unchecked Sendable {
    let name: String
    private let session: TesteeSession
    private let lock = NSLock()

    /// `deadline`: no answer is waited for past it (`TesteeSession.deadline`).
    init(_ testee: ExternalProcessReader, deadline: Deadline? = nil) {
        name = testee.name
        session = testee.session()
        session.deadline = deadline
    }

    func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return session.outcomes(cases)
    }

    /// How many times the process was started so far.
    var starts: Int {
        lock.lock()
        defer { lock.unlock() }
        return session.starts
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        session.close()
    }
}
