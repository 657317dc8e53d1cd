import ContractModel
import Foundation
import HarnessCorpus

/// One end of the queue contract as the harness knows it (CONTRACT.md §10.4): a queue writer
/// (the widget's store) or a drain (the app's), its name (keying its list
/// `golden/queue/divergences/<name>.txt` and its section of the reports), the features it
/// declares, a writer's stored format, and how it answers. The project's own ends are the
/// roster's; a team's come from `--queue-writer` / `--queue-drain NAME@FEATURES=CMD`.
package struct QueueEndEntry: Sendable {
    package enum Role: String, Sendable {
        case writer
        case drain
    }

    /// Where its answers come from.
    package enum Source: Sendable {
        /// Run in this process: each case line to its answer (the project's Swift queue; a test's planted one).
        case inProcess(@Sendable (QueueCaseLine) -> QueueAnswer)
        /// Replayed from a recording (`golden/queue/<name>.jsonl`), made where the end runs.
        case recorded(String)
        /// A command speaking the queue protocol, run live.
        case command(String)
    }

    package var name: String
    package var role: Role
    package var features: QueueFeatures
    /// A writer's stored format (`android`, `ios`); nil for a drain.
    package var format: String?
    package var source: Source
    /// The project's own end (its findings are the project's to fix, never a team's to list away).
    package var isProjects: Bool

    package init(name: String, role: Role, features: QueueFeatures, format: String?, source: Source, isProjects: Bool = false) {
        self.name = name
        self.role = role
        self.features = features
        self.format = format
        self.source = source
        self.isProjects = isProjects
    }

    /// `golden/queue/divergences/<name>.txt`.
    package var listFile: String { "golden/queue/divergences/\(name).txt" }

    package var declaration: String {
        "\(name)@\(format.map { "\($0)+" } ?? "")\(features)"
    }
}

/// The project's queue ends: its Swift queue (WidgetSnapshot's `WidgetDoneQueue`, in process,
/// format `ios`), its Kotlin queue (ends/kotlin/WidgetDoneQueue.kt on Android's org.json,
/// recorded in golden/queue/kotlin.jsonl by `scripts/queue-kotlin --record`, format `android`)
/// and its drain (ends/writer's drain-main, `scripts/build-writer --print-drain-command`).
package enum QueueRoster {
    package static let swiftName = "swift"
    package static let kotlinName = "kotlin"
    package static let drainName = "drain"
    package static let recordingFile = "golden/queue/kotlin.jsonl"

    package static var swift: QueueEndEntry {
        QueueEndEntry(name: swiftName, role: .writer, features: .all(.writer), format: "ios",
                      source: .inProcess { WidgetDoneQueueEnd.answer($0) }, isProjects: true)
    }

    package static var kotlin: QueueEndEntry {
        QueueEndEntry(name: kotlinName, role: .writer, features: .all(.writer), format: "android", source: .recorded(recordingFile), isProjects: true)
    }

    package static func drain(command: String) -> QueueEndEntry {
        QueueEndEntry(name: drainName, role: .drain, features: .all(.drain), format: nil, source: .command(command), isProjects: true)
    }

    /// Names a team's end may not take.
    package static let reservedNames: Set<String> = [swiftName, kotlinName, drainName, "expected"]
}
