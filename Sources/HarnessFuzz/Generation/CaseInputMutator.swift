import ContractModel
import WidgetSnapshot
import HarnessCorpus

/// Draws a fuzz case's inputs of contract revision 2 and the display question (CONTRACT.md
/// §6): the selected project (one the blob has, one it lacks, or none), tap times around the
/// 5-second grace after `doneOn` (§8.1) with or without the tap that marks the row done, the
/// widget's capacity, and the device's locale (§4: one of the `device` family's calendars,
/// digits and case mappings). Without it the selection, tap-time, capacity and device
/// questions were asked only with what an operator happened to set.
///
/// Drawn last from the case's own stream, so the rest of case `i` stays what it was.
enum CaseInputMutator {
    /// How long before `nowMs` a tap was made: on both sides of the grace's end (5 000 ms).
    static let tapAges: [Int64] = [0, 1, 4_999, 5_000, 5_001, 3_600_000]
    /// Tap times where `doneOn + 5000` wraps (Java's `long`) or is far off.
    static let edgeTapTimes: [Int64] = [.max, .max - 5_000, .min, 0]
    /// Selections no entry of a writer's blob has: deleted elsewhere, the empty id, a near miss.
    static let missingProjects: [JSONString] = ["p-deleted", "", "P1", "p1 "]
    /// Rows a widget can show besides Android's 20: none, one, a few, one more, the most.
    static let capacities = [0, 1, 3, 9, 21, 1000]

    /// Changes `inputs` for a case of `blob` at `nowMs`; the steps, for the recipe, when `describe`.
    static func mutate(_ inputs: inout MutationOperator.Output, blob: [UInt8], nowMs: Int64,
                       random: inout SeededRandom, describe: Bool) -> [String] {
        let selects = random.chance(1, in: 5)
        let taps = random.chance(1, in: 5)
        let resizes = random.chance(1, in: 12)
        var steps: [String] = []
        if selects || taps || resizes {
            steps = mutate(&inputs, selects: selects, taps: taps, resizes: resizes, blob: blob, nowMs: nowMs, random: &random, describe: describe)
        }
        // Drawn after every other input of the case, so a case of an earlier run keeps them.
        if random.chance(1, in: 16) {
            let device = random.pick(devices)
            inputs.deviceLocale = device
            if describe { steps.append("device \(device.tag)") }
        }
        return steps
    }

    /// The device settings a case may run under: the `device` family's.
    static let devices: [DeviceLocale] = DeviceMutations.allSettings

    private static func mutate(_ inputs: inout MutationOperator.Output, selects: Bool, taps: Bool, resizes: Bool, blob: [UInt8],
                               nowMs: Int64, random: inout SeededRandom, describe: Bool) -> [String] {
        var steps: [String] = []
        let ids = selects || taps ? BlobIds(blob) : BlobIds()
        if selects {
            let choice = random.below(4)
            if choice < 2, !ids.projects.isEmpty {
                inputs.selectedProjectId = random.pick(ids.projects)
            } else if choice < 3 {
                inputs.selectedProjectId = random.pick(missingProjects)
            } else {
                inputs.selectedProjectId = nil
            }
            if describe { steps.append("select " + (inputs.selectedProjectId.map { "\"\($0.string)\"" } ?? "none")) }
        }
        if taps {
            let taskId = ids.tasks.isEmpty || random.chance(1, in: 6) ? JSONString("t1") : random.pick(ids.tasks)
            let ms = random.chance(1, in: 8) ? random.pick(edgeTapTimes) : nowMs &- random.pick(tapAges)
            inputs.pendingDoneTimestamps.append(Case.PendingTimestamp(taskId: taskId, ms: ms))
            // A time counts only with a tap that marks the row done; without one it changes nothing.
            let tapped = random.chance(3, in: 4)
            if tapped { inputs.pendingDoneTargets = inputs.pendingDoneTargets.queuing(taskId, true) }
            if describe { steps.append("taptime \(taskId.string)@\(ms)" + (tapped ? " tapped" : "")) }
        }
        if resizes {
            inputs.capacity = random.pick(capacities)
            if describe { steps.append("capacity \(inputs.capacity)") }
        }
        return steps
    }
}

/// The ids a blob names, for inputs that match it: its projects' ids (and the projects its
/// tasks name), and the ids of its tasks and of its projects' tasks, in blob order.
struct BlobIds {
    var projects: [JSONString] = []
    var tasks: [JSONString] = []

    init() {}

    init(_ blob: [UInt8]) {
        guard case .object(let top)? = try? JSONParser().parse(blob) else { return }
        var projectIds: [JSONString] = []
        var taskIds: [JSONString] = []
        func read(_ tasks: JSONValue?) {
            for case .object(let task) in tasks?.arrayValue ?? [] {
                if let id = task["id"]?.stringValue { taskIds.append(id) }
                if let project = task["projectId"]?.stringValue { projectIds.append(project) }
            }
        }
        read(top["tasks"])
        for case .object(let project) in top["projects"]?.arrayValue ?? [] {
            if let id = project["id"]?.stringValue { projectIds.append(id) }
            read(project["tasks"])
        }
        var seen: Set<JSONString> = []
        projects = projectIds.filter { seen.insert($0).inserted }
        tasks = taskIds
    }
}
