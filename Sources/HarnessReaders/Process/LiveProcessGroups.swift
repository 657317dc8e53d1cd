import Foundation
import HarnessCorpus

/// The process groups of every child `Subprocess` has started and not yet reaped, so that
/// whatever ends the harness (a signal, an error exit) can end them first: a testee must
/// never outlive the command that started it.
package enum LiveProcessGroups {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []

    static func add(_ group: pid_t) {
        lock.lock()
        groups.insert(group)
        lock.unlock()
    }

    static func remove(_ group: pid_t) {
        lock.lock()
        groups.remove(group)
        lock.unlock()
    }

    /// The groups alive now (for tests and messages).
    package static var current: Set<pid_t> {
        lock.lock()
        defer { lock.unlock() }
        return groups
    }

    /// For the harness's end: no child starts any more (`Subprocess.stopSpawning`), SIGKILL
    /// to every live group, then to every descendant that left its group with `setsid`
    /// (`Escapees`, given a moment to be orphaned by the kill). Safe from any thread; the
    /// children stay unreaped zombies until their owners reap them, so no group id can have
    /// been reused.
    package static func killAll() {
        Subprocess.stopSpawning()
        lock.lock()
        let all = groups
        lock.unlock()
        for group in all { kill(-group, SIGKILL) }
        Escapees.killAll(settle: 0.1)
    }
}

/// SIGINT, SIGTERM and SIGHUP handling for every subcommand, installed once at start-up:
/// the signal ends every live child process group and removes the temporary file of an
/// atomic write under way, then the harness exits with 128 + the signal number. A command that wants to stop gently on the first SIGINT (`fuzz`) installs
/// an interrupt hook; the next SIGINT, or any SIGTERM/SIGHUP, still ends everything at once.
package enum TerminationSignals {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var interruptHook: (@Sendable () -> Bool)?
    nonisolated(unsafe) private static var ending = false

    /// Installs the handlers (again: no effect). SIGPIPE is ignored too: a testee that goes
    /// away must show up as an error on the write, not end the harness.
    package static func install() {
        lock.lock()
        defer { lock.unlock() }
        signal(SIGPIPE, SIG_IGN)
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { received(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// SIGPIPE ignored (for library users that never call `install`): writing to a testee
    /// that went away fails with EPIPE instead of ending the harness. Children get it back.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// `hook` is called on SIGINT; it returns true when it has taken the signal (a gentle
    /// stop is under way), false to end everything now. Pass nil to remove it.
    package static func onInterrupt(_ hook: (@Sendable () -> Bool)?) {
        lock.lock()
        interruptHook = hook
        lock.unlock()
    }

    private static func received(_ signalNumber: Int32) {
        lock.lock()
        let hook = interruptHook
        lock.unlock()
        if signalNumber == SIGINT, let hook, hook() { return }
        endNow(signalNumber)
    }

    /// Ends every live child group and removes half-written temporary files, then this
    /// process with 128 + `signalNumber`.
    package static func endNow(_ signalNumber: Int32) -> Never {
        lock.lock()
        ending = true
        lock.unlock()
        LiveProcessGroups.killAll()
        TemporaryFiles.removeAll()
        _exit(128 + signalNumber)
    }

    /// True once a signal has started ending the harness.
    package static var isEnding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ending
    }

    /// For the main thread's way out: while a signal is ending the harness, wait for it to
    /// exit with 128 + signal instead of exiting with what the kill caused meanwhile (a testee
    /// or the Kotlin compile that died of it and shows up as an error).
    package static func waitIfEnding() {
        lock.lock()
        let isEnding = ending
        lock.unlock()
        guard isEnding else { return }
        while true { sleep(1) }
    }
}
