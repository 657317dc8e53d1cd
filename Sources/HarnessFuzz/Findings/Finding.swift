import ContractModel
import WidgetSnapshot
import HarnessCorpus

/// A shrunk disagreement as saved under `golden/findings/<seed>-<index>.json`: the
/// minimal case (in the case-stream format, so it replays through any reader or testee),
/// which readers and field disagreed, both sides, the sizes before and after shrinking,
/// the recipe of the original case and the commands that reproduce it.
///
/// Findings are golden files: reviewed, committed, and loaded strictly like fixtures.
package struct Finding: Equatable, Sendable {
    /// The file format, written first in every file.
    package static let format = "widget-fuzz-finding/1"

    /// 0 … Int64.max.
    package var seed: UInt64
    package var index: Int
    package var disagreement: Disagreement
    /// The shrunk case (id `fuzz/<seed>-<index>@zone@instant`).
    package var shrunk: Case
    package var originalSize: Int
    package var recipe: [String]
    /// `contract-harness fuzz --seed S --case I …`: regenerates, re-runs and re-shrinks it.
    package var reproduce: String
    /// Candidates tried while shrinking.
    package var shrinkEvaluations: Int
    /// Whether `shrunk` is minimal, or shrinking stopped early (then it is a larger witness).
    package var shrinking: ShrinkState
    /// A `fuzz states` finding's shrunk app state (its writer-protocol line, CONTRACT §7.1):
    /// what the app holds when the shrunk case's blob is written. `originalSize` then counts
    /// the generated state's line.
    package var state: [UInt8]?

    package init(seed: UInt64, index: Int, disagreement: Disagreement, shrunk: Case, originalSize: Int,
                recipe: [String], reproduce: String, shrinkEvaluations: Int, shrinking: ShrinkState = .complete,
                state: [UInt8]? = nil) {
        self.seed = seed
        self.index = index
        self.disagreement = disagreement
        self.shrunk = shrunk
        self.originalSize = originalSize
        self.recipe = recipe
        self.reproduce = reproduce
        self.shrinkEvaluations = shrinkEvaluations
        self.shrinking = shrinking
        self.state = state
    }

    package var shrunkSize: Int { shrunk.blob.count }

    /// `<seed>-<index>.json`.
    package var fileName: String { "\(seed)-\(index).json" }

    /// What makes two findings the same: the shrunk blob, the disagreement signature and the
    /// case inputs beside the blob (`FindingKey`).
    package var key: String { FindingKey.of(shrunk, signature: disagreement.signature) }

    /// The file's bytes: one member per line, keys in a fixed order, values compact.
    package func fileBytes() -> [UInt8] {
        var members: [(String, [UInt8])] = []
        func add(_ key: String, _ value: JSONValue) { members.append((key, JSONWriter.compact(value))) }
        add("format", .string(JSONString(Self.format)))
        add("seed", .integer(Int64(clamping: seed)))
        add("index", .integer(Int64(index)))
        add("readers", .array([.string(JSONString(disagreement.reference)), .string(JSONString(disagreement.reader))]))
        add("field", .string(JSONString(disagreement.difference.field)))
        add("signature", .string(JSONString(disagreement.signature)))
        add("expected", .string(JSONString(disagreement.difference.expected)))
        add("got", .string(JSONString(disagreement.difference.got)))
        add("originalSize", .integer(Int64(originalSize)))
        add("shrunkSize", .integer(Int64(shrunkSize)))
        add("shrinkEvaluations", .integer(Int64(shrinkEvaluations)))
        add("shrinking", .string(JSONString(shrinking.rawValue)))
        add("key", .string(JSONString(key)))
        add("reproduce", .string(JSONString(reproduce)))
        add("replay", .string(JSONString(replayCommand)))
        add("recipe", .array(recipe.map { .string(JSONString($0)) }))
        members.append(("case", CaseStream.line(shrunk)))
        if let state { add("state", .string(JSONString(utf8: state))) }
        var out = Array("{\n".utf8)
        for (position, member) in members.enumerated() {
            out += Array("  ".utf8)
            JSONWriter.appendString(Array(member.0.utf8), to: &out)
            out += Array(": ".utf8) + member.1
            out += Array((position + 1 < members.count ? ",\n" : "\n").utf8)
        }
        out += Array("}\n".utf8)
        return out
    }

    /// Decodes the saved case again with the same readers and says whether they still differ:
    /// the reader options of `reproduce` (`--testee …`, `--kotlin`) come along, so a c/kotlin
    /// finding replays with the Kotlin end and its declared departures.
    /// A `fuzz states` finding's replay takes only the reproduce command's Kotlin options (its
    /// `--writer` writes states, which a replay does not; saved findings may carry the earlier
    /// `fuzz --writer` spelling): `WriterFindingReplay`.
    package var replayCommand: String {
        let generation = "contract-harness fuzz --seed \(seed) --case \(index)"
        let readers = reproduce.hasPrefix(generation) ? reproduce.dropFirst(generation.count)
            : ["contract-harness fuzz states ", "contract-harness fuzz --writer "].contains(where: reproduce.hasPrefix) ? Self.kotlinOptions(of: reproduce) : ""
        return "contract-harness fuzz --replay golden/findings/\(fileName)" + readers
    }

    /// ` --kotlin …`, the rest of `command` from its first `--kotlin` word outside single quotes
    /// (`fuzz states` writes the Kotlin options last); "" when it has none.
    static func kotlinOptions(of command: String) -> Substring {
        var quoted = false
        var position = command.startIndex
        while position < command.endIndex {
            if command[position] == "'" { quoted.toggle() }
            if !quoted, command[position...].hasPrefix(" --kotlin") { return command[position...] }
            position = command.index(after: position)
        }
        return ""
    }
}
