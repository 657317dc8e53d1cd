import ContractModel
import HarnessReaders
import Dispatch
import Foundation
import HarnessFuzz

/// `fuzz`'s progress on stderr: redrawn at most 5 times a second on a terminal, a plain line
/// every 10 s otherwise, nothing with --quiet — in every phase: a heartbeat repeats the last
/// state (with the time now) when nothing new came for 10 s, so compiling the Kotlin testee,
/// a JVM that is slow to start or a long batch still shows the run is alive.
final class ProgressPrinter: @unchecked Sendable {
    private let quiet: Bool
    private let terminal = isatty(2) != 0
    private let clock: Stopwatch
    private let plannedSeconds: Double?
    private let lock = NSLock()
    private var last: FuzzProgress?
    private var currentPhase: String?
    private var lastShown = -1.0
    private var drew = false
    private var heartbeat: DispatchSourceTimer?

    /// `clock` is the command's (elapsed time is shown on it); `plannedSeconds` the budget.
    init(quiet: Bool, clock: Stopwatch, plannedSeconds: Double?) {
        self.quiet = quiet
        self.clock = clock
        self.plannedSeconds = plannedSeconds
        guard !quiet else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in self?.beat() }
        timer.resume()
        heartbeat = timer
    }

    private var interval: Double { terminal ? 0.2 : 10 }

    /// What the command does before or besides the run (nil when the run's own state says it).
    func phase(_ text: String?) {
        lock.lock()
        currentPhase = text
        lock.unlock()
    }

    func update(_ progress: FuzzProgress) {
        guard !quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        last = progress
        guard lastShown < 0 || clock.seconds - lastShown >= interval else { return }
        show(progress)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        heartbeat?.cancel()
        heartbeat = nil
        if drew { write("\n") }
        drew = false
    }

    /// Every second: when nothing was shown for `interval` (at least 1 s), the last state again.
    private func beat() {
        lock.lock()
        defer { lock.unlock() }
        guard heartbeat != nil, clock.seconds - max(0, lastShown) >= max(1, interval) else { return }
        var progress = last ?? FuzzProgress(cases: 0, plannedCases: nil, elapsed: 0, plannedSeconds: plannedSeconds,
                                            disagreements: 0, newFindings: 0, phase: nil)
        progress.elapsed = clock.seconds
        progress.phase = currentPhase ?? progress.phase ?? "decoding a batch"
        show(progress)
    }

    /// Shows `progress` (the lock is held).
    private func show(_ progress: FuzzProgress) {
        lastShown = clock.seconds
        if terminal {
            write("\r\u{1B}[2K" + UntrustedText.escape(progress.terminalLine))
            drew = true
        } else {
            write(UntrustedText.escape(progress.logLine) + "\n")
        }
    }

    private func write(_ text: String) {
        StandardStreams.err(text)
    }
}
