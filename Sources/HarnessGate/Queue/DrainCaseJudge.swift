import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// Judges a drain end on one drain case (CONTRACT.md §10.8): its changes against the contract's
/// drain for the features it declares (a change it lacks, one it should not make, a wrong target
/// or time, a task changed twice), and apart from that, every tap the handed queue holds for an
/// existing task not yet in its target that the drain does not apply — data loss, whatever the
/// drain declares (a drain that reads no `legacyArray` loses the first version's queue).
package enum DrainCaseJudge {
    package static func judge(_ drainCase: DrainCase, features: QueueFeatures,
                              answer: Result<DrainAnswer, QueueCrash>) -> [QueueFinding] {
        let got: [DrainChange]
        switch answer {
        case .failure(let crash): return [QueueFinding(drainCase.id, .crash, crash.text)]
        case .success(let value): got = value.changes
        }
        var tasks: [JSONString: Bool] = [:]
        for task in drainCase.tasks where tasks[task.id] == nil { tasks[task.id] = task.isDone }
        let expected = DrainModel.changes(queue: drainCase.queue, times: drainCase.times, tasks: tasks, features: features)
        var findings = compare(expected: expected, got: got, tasks: tasks, caseId: drainCase.id)
        let applied = Dictionary(got.map { ($0.id, $0.isDone) }, uniquingKeysWith: { _, last in last })
        // A later form than the drain reads (the object form to a drain of the first version alone)
        // is refused, not lost: nothing hands it to such a drain.
        if case .targets = DrainModel.read(drainCase.queue), !features.has("targets") { return findings }
        var lost: [String] = []
        for intent in DrainModel.intents(drainCase.queue) {
            guard let state = tasks[intent.id], state != intent.target, applied[intent.id] != intent.target else { continue }
            lost.append("\(QueueShown.text(intent.id)) (\(QueueShown.target(intent.target)))")
        }
        if !lost.isEmpty {
            let why = isArray(drainCase.queue) && !features.has("legacyArray")
                ? " (the drain reads no first-version array: it declares no legacyArray)" : ""
            findings.append(QueueFinding(drainCase.id, .dataLoss, "the handed \(lost.count == 1 ? "tap" : "taps") on \(QueueShown.list(lost)) \(lost.count == 1 ? "is" : "are") not applied\(why)"))
        }
        return findings
    }

    private static func isArray(_ text: JSONString?) -> Bool {
        if case .array = DrainModel.read(text) { return true }
        return false
    }

    /// The differences between the changes the contract's drain makes and a drain's.
    package static func compare(expected: [DrainChange], got: [DrainChange], tasks: [JSONString: Bool], caseId: String) -> [QueueFinding] {
        var findings: [QueueFinding] = []
        var seen: Set<JSONString> = []
        let expectedByID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for change in got {
            guard seen.insert(change.id).inserted else {
                findings.append(QueueFinding(caseId, .drain, "changes \(QueueShown.text(change.id)) twice"))
                continue
            }
            guard let wanted = expectedByID[change.id] else {
                let why = tasks[change.id] == nil ? "which the app does not have (deleted, or never a task)"
                    : tasks[change.id] == change.isDone ? "which is \(QueueShown.target(change.isDone)) already" : "for which the queue holds no such tap"
                findings.append(QueueFinding(caseId, .drain, "marks \(QueueShown.text(change.id)) \(QueueShown.target(change.isDone)), \(why)"))
                continue
            }
            if wanted.isDone != change.isDone {
                findings.append(QueueFinding(caseId, .drain, "marks \(QueueShown.text(change.id)) \(QueueShown.target(change.isDone)); the queue's tap is \(QueueShown.target(wanted.isDone))"))
            } else if wanted.doneOn != change.doneOn {
                findings.append(QueueFinding(caseId, .drain, "gives \(QueueShown.text(change.id)) doneOn \(change.doneOn.map(String.init) ?? "none (the app's clock at the drain)"); the tap's time is \(wanted.doneOn.map(String.init) ?? "none")"))
            }
        }
        for change in expected where !seen.contains(change.id) {
            findings.append(QueueFinding(caseId, .drain, "does not mark \(QueueShown.text(change.id)) \(QueueShown.target(change.isDone))"))
        }
        return findings
    }
}
