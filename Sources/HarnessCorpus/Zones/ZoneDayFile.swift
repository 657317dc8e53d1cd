import ContractModel
import Foundation
import WidgetSnapshot

/// `golden/zones/transitions.json`: the zone dimension's picked transitions and the tzdata
/// that picked them, written by `contract-harness golden zones --write` and reviewed like expected
/// outputs (one transition per line, so a tzdata update reads as small hunks). The gate
/// builds its zone-day cases from this file, never from the machine's tzdata, so the case
/// stream stays the same on every machine.
///
/// The file ends in a seal like a golden line's (`GoldenLine`): `"seal"` is the first 8 hex
/// digits of SHA-256 over the file's text up to the seal member, so a hand edit (a dropped
/// transition, another `"tzdata"` version) shows on every machine, whatever its tzdata.
package struct ZoneDayFile: Equatable, Sendable {
    package static let path = "golden/zones/transitions.json"

    package var tzdataVersion: String
    package var zoneCount: Int
    package var counts: [ZoneScan.ClassCount]
    package var transitions: [ZoneTransition]

    /// Whether the file read carries the seal of its own text.
    package enum Seal: Equatable, Sendable {
        /// Written by `zones --write` and unchanged since.
        case intact
        /// No seal member (written by hand, or by a harness before seals).
        case missing
        /// The seal does not match the text: edited after the tool wrote it.
        case broken
    }

    /// How the file read was sealed (what the tool renders is `.intact`); not part of equality.
    package var seal: Seal = .intact

    package static func == (lhs: ZoneDayFile, rhs: ZoneDayFile) -> Bool {
        lhs.tzdataVersion == rhs.tzdataVersion && lhs.zoneCount == rhs.zoneCount && lhs.counts == rhs.counts
            && lhs.transitions == rhs.transitions
    }

    package init(_ scan: ZoneScan) {
        tzdataVersion = scan.tzdataVersion
        zoneCount = scan.zoneCount
        counts = scan.counts
        transitions = scan.picked
    }

    init(tzdataVersion: String, zoneCount: Int, counts: [ZoneScan.ClassCount], transitions: [ZoneTransition]) {
        self.tzdataVersion = tzdataVersion
        self.zoneCount = zoneCount
        self.counts = counts
        self.transitions = transitions
    }

    /// The file's exact text.
    package func render() -> String {
        func string(_ text: String) -> String { String(decoding: JSONWriter.compact(.string(JSONString(text))), as: UTF8.self) }
        var out = "{\"generatedBy\":\"contract-harness golden zones --write\",\"tzdata\":\(string(tzdataVersion)),"
        out += "\"zoneinfo\":\(string(ZoneScan.zoneinfo)),\"years\":[\(ZoneScan.years.lowerBound),\(ZoneScan.years.upperBound)],\"ruleYear\":\(ZoneScan.ruleYear),"
        out += "\"zonesPerClass\":\(ZoneScan.zonesPerClass),\"zones\":\(zoneCount),\n\"classes\":[\n"
        out += counts.map { "{\"class\":\"\($0.zoneClass.rawValue)\",\"zones\":\($0.zones),\"transitions\":\($0.transitions)}" }
            .joined(separator: ",\n")
        out += "\n],\n\"transitions\":[\n"
        out += transitions.map { t in
            "{\"class\":\"\(t.zoneClass.rawValue)\",\"zone\":\(string(t.zone)),\"day\":\"\(t.day)\",\"at\":\(t.at),"
                + "\"offsetBefore\":\(t.offsetBefore),\"offsetAfter\":\(t.offsetAfter),"
                + "\"dstBefore\":\(t.dstBefore),\"dstAfter\":\(t.dstAfter)}"
        }.joined(separator: ",\n")
        out += "\n]"
        return out + Self.sealMember(for: Array(out.utf8)) + "}\n"
    }

    /// `,\n"seal":"<8 hex>"`: the seal of the text before it.
    static func sealMember(for text: [UInt8]) -> String {
        ",\n\"seal\":\"\(SHA256.hex(text).prefix(GoldenLine.sealLength))\""
    }

    /// Whether `bytes` (the file, LF or CRLF) end in the seal of the text before it.
    static func seal(of bytes: [UInt8]) -> Seal {
        var text = bytes.filter { $0 != UInt8(ascii: "\r") }
        while text.last == UInt8(ascii: "\n") { text.removeLast() }
        let head = Array(",\n\"seal\":\"".utf8)
        let total = head.count + GoldenLine.sealLength + 2  // the hex digits, `"` and `}`
        guard text.count > total, text.last == UInt8(ascii: "}") else { return .missing }
        let start = text.count - total
        guard Array(text[start..<start + head.count]) == head else { return .missing }
        let stored = String(decoding: text[(start + head.count)..<(text.count - 2)], as: UTF8.self)
        return stored == SHA256.hex(Array(text[..<start])).prefix(GoldenLine.sealLength) ? .intact : .broken
    }

    /// Reads the file under `root`, strictly (a bad field stops the run naming it).
    package static func load(root: String) throws(HarnessInputError) -> ZoneDayFile {
        guard let bytes = try bytes(root: root) else {
            throw HarnessInputError(file: path, message: "missing: write it with `contract-harness golden zones --write`")
        }
        return try parse(bytes)
    }

    /// The file's bytes under `root` (BOM removed, read only inside the tree); nil when missing.
    package static func bytes(root: String) throws(HarnessInputError) -> [UInt8]? {
        let full = root.isEmpty ? path : "\(root)/\(path)"
        return try GoldenText.read(URL(fileURLWithPath: full), displayName: path, tree: TreeBoundary(rootPath: root),
                                   maximumBytes: InputLimits.zoneFileBytes)
    }

    package static func parse(_ bytes: [UInt8]) throws(HarnessInputError) -> ZoneDayFile {
        try JSONFieldReader.reading(bytes, file: path) { reader throws(HarnessInputError) in try parse(reader, bytes: bytes) }
    }

    private static func parse(_ reader: JSONFieldReader, bytes: [UInt8]) throws(HarnessInputError) -> ZoneDayFile {
        try reader.rejectUnknownKeys(allowed: ["generatedBy", "tzdata", "zoneinfo", "years", "ruleYear", "zonesPerClass", "zones",
                                               "classes", "transitions", "seal"])
        var counts: [ZoneScan.ClassCount] = []
        for (index, element) in try reader.array("classes").enumerated() {
            let entry = try Self.object(element, reader, "classes[\(index)]")
            counts.append(ZoneScan.ClassCount(zoneClass: try zoneClass(entry), zones: Int(try entry.integer("zones")),
                                              transitions: Int(try entry.integer("transitions"))))
        }
        var transitions: [ZoneTransition] = []
        let listed = try reader.array("transitions")
        guard listed.count <= MadeLimits.transitions else {
            throw reader.failure("transitions", "\(listed.count) transitions, over the limit of \(MadeLimits.transitions) (MadeLimits.transitions, "
                                 + "docs/threat-model.md): each makes several cases; it is written only by `contract-harness golden zones --write`")
        }
        for (index, element) in listed.enumerated() {
            let entry = try Self.object(element, reader, "transitions[\(index)]")
            try entry.rejectUnknownKeys(allowed: ["class", "zone", "day", "at", "offsetBefore", "offsetAfter",
                                                 "dstBefore", "dstAfter"])
            let day = try entry.string("day").string
            guard DayString.CalendarDay(day) != nil else { throw entry.failure("day", "expected yyyy-MM-dd") }
            func offset(_ key: String) throws(HarnessInputError) -> Int32 {
                let value = try entry.integer(key)
                guard abs(value) < 93_600 else { throw entry.failure(key, "offset beyond ±26 h") }
                return Int32(value)
            }
            let zone = try entry.string("zone").string
            // The zone becomes a case id word and a reader's zone: the same rule as a fixture's zones.
            guard TimeZone(identifier: zone) != nil else { throw entry.failure("zone", "unknown time zone `\(zone)`") }
            guard CaseID.isWord(CaseID.zoneLabel(zone)) else {
                throw entry.failure("zone", "zone label `\(CaseID.zoneLabel(zone))` is not a [a-z0-9._-] word")
            }
            transitions.append(ZoneTransition(zoneClass: try zoneClass(entry), zone: zone,
                                              at: try entry.integer("at"), offsetBefore: try offset("offsetBefore"),
                                              offsetAfter: try offset("offsetAfter"), dstBefore: try entry.bool("dstBefore"),
                                              dstAfter: try entry.bool("dstAfter"), day: day))
        }
        let version = try reader.string("tzdata").string
        guard isVersionName(version) else {
            throw reader.failure("tzdata", "`\(version)` is not a tzdata version name (four digits and a letter, as tzdata.zi's `# version` line says: 2025b); "
                                 + "it is written only by `contract-harness golden zones --write`")
        }
        var file = ZoneDayFile(tzdataVersion: version, zoneCount: Int(try reader.integer("zones")),
                               counts: counts, transitions: transitions)
        file.seal = seal(of: bytes)
        return file
    }

    /// A tzdata release name as IANA gives them: four digits and one or two lower-case ASCII
    /// letters (`2025b`). Nothing else is a claim the gate weighs (`2025b` and an invisible
    /// character is not `2025b`).
    package static func isVersionName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (5...6).contains(bytes.count) && bytes.prefix(4).allSatisfy { (0x30...0x39).contains($0) }
            && bytes.dropFirst(4).allSatisfy { (0x61...0x7A).contains($0) }
    }

    private static func object(_ value: JSONValue, _ parent: JSONFieldReader, _ path: String) throws(HarnessInputError)
        -> JSONFieldReader {
        guard case .object(let object) = value else { throw parent.failure(path, "expected an object") }
        return JSONFieldReader(object, file: parent.file, path: path)
    }

    private static func zoneClass(_ entry: JSONFieldReader) throws(HarnessInputError) -> ZoneClass {
        let name = try entry.string("class").string
        guard let zoneClass = ZoneClass(rawValue: name) else {
            throw entry.failure("class", "unknown class `\(name)` (known: \(ZoneClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return zoneClass
    }
}
