import ContractModel
import Foundation
import WidgetSnapshot

/// Reads `golden/fixtures/*.json` into `Fixture`s, strictly: every field is checked and a
/// bad file stops the run with a `HarnessInputError` naming file and field.
///
/// Parsed with WidgetSnapshot's `JSONParser`, not Foundation's, so that a fixture's blob
/// keeps its key order, its integer/double distinction and its exact string bytes.
package enum FixtureLoader {
    /// Where fixtures live, relative to the repository root.
    package static let directory = "golden/fixtures"

    /// CONTRACT §7: every fixture runs in at least these zones.
    package static let requiredZones = ["Europe/Berlin", "America/Los_Angeles", "America/Sao_Paulo"]

    /// Every fixture under `root/golden/fixtures`, sorted by name. The README and hidden
    /// entries not ending in `.json` (`.DS_Store`, an editor's swap file) are ignored; any other entry that is not a
    /// `*.json` file — `x.JSON`, `x.jsonc`, `x.json~`, a subfolder — is an error, since a
    /// fixture under such a name would silently never run. A `.json` file with a bad name is
    /// an error too.
    package static func load(root: String) throws(HarnessInputError) -> [Fixture] {
        let folder = root.isEmpty ? directory : "\(root)/\(directory)"
        let tree = TreeBoundary(rootPath: root)
        guard let fixtures = try load(folder: URL(fileURLWithPath: folder), shown: directory, tree: tree) else {
            // The usual cause: --root (default: the current folder) is not the repository.
            let shownRoot = root.isEmpty ? FileManager.default.currentDirectoryPath : root
            throw HarnessInputError(file: folder, message: "no fixtures folder here: \(shownRoot) does not hold golden/fixtures/ (give --root the repository's top folder)")
        }
        return fixtures
    }

    /// Every fixture in `folder` (shown as `shown` in messages, read inside `tree`), sorted by
    /// name, by the rules of `load(root:)`; nil when there is no such folder (an app's contract
    /// folder may have no `fixtures/`).
    package static func load(folder: URL, shown: String, tree: TreeBoundary) throws(HarnessInputError) -> [Fixture]? {
        let entries: [String]
        switch try GoldenText.presence(folder, displayName: shown, tree: tree) {
        case .missing: return nil
        case .file: throw HarnessInputError(file: shown, message: "is a file, expected the fixtures folder")
        case .folder: entries = try GoldenText.list(folder, displayName: shown, tree: tree) ?? []
        }
        try StrayEntries.refuse(entries, folder: shown, suffix: ".json", alsoKept: ["README.md"], what: "a fixture")
        let names = entries.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        // What the fixtures expand into is bounded before any is read (MadeLimits).
        guard names.count <= MadeLimits.fixtures else {
            throw HarnessInputError(file: shown, message: "\(names.count) fixtures, over the limit of \(MadeLimits.fixtures) (MadeLimits.fixtures, "
                                    + "docs/threat-model.md): every fixture becomes hundreds of cases; keep the ones that test something others do not")
        }
        let total = names.reduce(0) { sum, name in sum + GoldenText.size(folder.appendingPathComponent("\(name).json")) }
        guard total <= MadeLimits.fixtureBytes else {
            throw HarnessInputError(file: shown, message: "the fixtures hold \(total) bytes together, over the limit of \(InputLimits.shown(MadeLimits.fixtureBytes)) "
                                    + "(MadeLimits.fixtureBytes, docs/threat-model.md): every fixture's blob is carried by each of its hundreds of cases")
        }
        var fixtures: [Fixture] = []
        for name in names {
            fixtures.append(try load(named: name, folder: folder, shown: shown, tree: tree))
        }
        return fixtures
    }

    /// One fixture by name. The name is checked before any file is touched, so `../x`
    /// cannot reach outside the fixtures directory.
    package static func load(named name: String, root: String) throws(HarnessInputError) -> Fixture {
        let folder = root.isEmpty ? directory : "\(root)/\(directory)"
        return try load(named: name, folder: URL(fileURLWithPath: folder), shown: directory, tree: TreeBoundary(rootPath: root))
    }

    private static func load(named name: String, folder: URL, shown: String, tree: TreeBoundary) throws(HarnessInputError) -> Fixture {
        let relative = "\(shown)/\(name).json"
        guard CaseID.isName(name) else {
            throw HarnessInputError(file: relative, message: "fixture name `\(name)` is not [a-z0-9-]+")
        }
        let bytes = try GoldenText.require(folder.appendingPathComponent("\(name).json"), displayName: relative, tree: tree,
                                           maximumBytes: InputLimits.fixtureFileBytes)
        return try parse(bytes, name: name, file: relative)
    }

    /// A fixture from its file's bytes; `file` is only used in error messages.
    package static func parse(_ bytes: [UInt8], name: String, file: String) throws(HarnessInputError) -> Fixture {
        guard CaseID.isName(name) else {
            throw HarnessInputError(file: file, message: "fixture name `\(name)` is not [a-z0-9-]+")
        }
        return try JSONFieldReader.reading(GoldenText.withoutBOM(bytes), file: file) { fields throws(HarnessInputError) in
            try fixture(fields, name: name, file: file)
        }
    }

    /// The fixture `fields` (the file's top object) describes.
    private static func fixture(_ fields: JSONFieldReader, name: String, file: String) throws(HarnessInputError) -> Fixture {
        try fields.rejectUnknownKeys(allowed: ["description", "revision", "writerValid", "writer", "zones", "instants",
                                               "pendingDoneTargets", "pendingDoneTimestamps", "selectedProjectId", "blob"])

        let description = try fields.string("description").string
        if description.isEmpty || description.contains(where: \.isNewline) {
            throw fields.failure("description", "expected one non-empty line")
        }
        let revision = fields.has("revision") ? try fields.integer("revision") : Int64(Fixture.firstRevision)
        let contract = ContractDescription.current
        guard revision >= 1, let set = contract.set(named: String(revision)) else {
            let numbered = contract.sets.map(\.name).filter { Int($0) != nil }.joined(separator: ", ")
            throw fields.failure("revision", "expected a revision the contract description names as a set (\(numbered))")
        }
        let inputs = Set(set.features.compactMap(contract.feature(named:)).flatMap(\.caseInputs).map(\.name))
        let writerValid = try fields.bool("writerValid")
        var writer: Fixture.WriterStamp?
        if fields.has("writer") {
            writer = try readWriter(fields.nested("writer"))
        }
        if writerValid != (writer != nil) {
            throw fields.failure("writer", writerValid ? "required when writerValid is true"
                                                       : "only allowed when writerValid is true")
        }
        let zones = try readZones(fields)
        let instants = try readInstants(fields)
        let pending = fields.has("pendingDoneTargets") ? try fields.pendingTargets("pendingDoneTargets") : []
        let stamps = fields.has("pendingDoneTimestamps") ? try fields.pendingTimestamps("pendingDoneTimestamps") : []
        let selection = fields.has("selectedProjectId") ? try fields.string("selectedProjectId") : nil
        for (key, given) in [("pendingDoneTimestamps", !stamps.isEmpty), ("selectedProjectId", selection != nil)] where given && !inputs.contains(key) {
            throw fields.failure(key, "a case input no feature of revision \(revision)'s set adds: the fixture must say a later \"revision\"")
        }
        let blob = try fields.object("blob")
        if let writer {
            try checkStamp(of: JSONFieldReader(blob, file: file, path: "blob"), against: writer)
        }
        return Fixture(name: name, description: description, writerValid: writerValid, writer: writer, zones: zones,
                       instants: instants, pendingDoneTargets: pending, revision: Int(revision),
                       pendingDoneTimestamps: stamps, selectedProjectId: selection, blob: blob)
    }

    private static func readWriter(_ fields: JSONFieldReader) throws(HarnessInputError) -> Fixture.WriterStamp {
        try fields.rejectUnknownKeys(allowed: ["dayStr", "timeZone", "startOfNextDayOffsetMs"])
        let dayStr = try fields.string("dayStr").string
        guard isDayForm(dayStr) else { throw fields.failure("dayStr", "expected yyyy-MM-dd") }
        let zone = try fields.string("timeZone").string
        guard TimeZone(identifier: zone) != nil else { throw fields.failure("timeZone", "unknown time zone `\(zone)`") }
        let offset = try fields.integer("startOfNextDayOffsetMs")
        guard (0..<86_400_000).contains(offset) else {
            throw fields.failure("startOfNextDayOffsetMs", "expected 0 ≤ offset < 86400000")
        }
        return Fixture.WriterStamp(dayStr: dayStr, timeZone: zone, startOfNextDayOffsetMs: offset)
    }

    private static func readZones(_ fields: JSONFieldReader) throws(HarnessInputError) -> [String] {
        var zones: [String] = []
        var labels: Set<String> = []
        for (position, element) in try fields.array("zones").enumerated() {
            let field = "zones[\(position)]"
            guard case .string(let name) = element else { throw fields.failure(field, "expected a zone name") }
            guard TimeZone(identifier: name.string) != nil else {
                throw fields.failure(field, "unknown time zone `\(name)`")
            }
            let label = CaseID.zoneLabel(name.string)
            guard CaseID.isWord(label), labels.insert(label).inserted else {
                throw fields.failure(field, "zone label `\(label)` is not a unique [a-z0-9._-] word")
            }
            zones.append(name.string)
        }
        for required in requiredZones where !zones.contains(required) {
            throw fields.failure("zones", "must include \(required) (CONTRACT §7)")
        }
        guard zones.count <= MadeLimits.zonesPerFixture else {
            throw fields.failure("zones", "\(zones.count) zones, over the limit of \(MadeLimits.zonesPerFixture) (MadeLimits.zonesPerFixture): every case is made once per zone")
        }
        return zones
    }

    private static func readInstants(_ fields: JSONFieldReader) throws(HarnessInputError) -> [Fixture.Instant] {
        let members = try fields.object("instants").members
        guard !members.isEmpty else { throw fields.failure("instants", "expected at least one instant") }
        var instants: [Fixture.Instant] = []
        for member in members {
            let field = "instants.\(member.key.string)"
            guard CaseID.isName(member.key.string) else {
                throw fields.failure(field, "instant name is not [a-z0-9-]+")
            }
            guard case .integer(let epochMs) = member.value else { throw fields.failure(field, "expected an integer") }
            instants.append(Fixture.Instant(name: member.key.string, epochMs: epochMs))
        }
        guard instants.count <= MadeLimits.instantsPerFixture else {
            throw fields.failure("instants", "\(instants.count) instants, over the limit of \(MadeLimits.instantsPerFixture) (MadeLimits.instantsPerFixture): every case is made once per instant")
        }
        return instants
    }

    /// A writer fixture's blob must carry the writer's stamp: `v` 1, its `dayStr`, an
    /// integer `validUntil` (whose value the tests re-derive from the calendar).
    private static func checkStamp(of blob: JSONFieldReader, against writer: Fixture.WriterStamp) throws(HarnessInputError) {
        guard try blob.integer("v") == 1 else { throw blob.failure("v", "the writer writes 1") }
        guard try blob.string("dayStr").string == writer.dayStr else {
            throw blob.failure("dayStr", "differs from writer.dayStr")
        }
        guard try blob.integer("validUntil") > 0 else { throw blob.failure("validUntil", "expected a positive integer") }
    }

    /// `yyyy-MM-dd` with ASCII digits (the form only; the calendar is the tests' business).
    static func isDayForm(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        for (position, byte) in bytes.enumerated() {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            }
        }
        return true
    }
}
