import WidgetSnapshot

/// The tap queue's contract as data: `schemas/queue-contract.json`, embedded at build time
/// (`Description/queue-contract.json` links to it; CONTRACT.md §10). Its features, formats,
/// operations and named sets are what the harness knows of the queue by name: an end's
/// declaration (`NAME@FEATURES=CMD`) is checked against it, and the operations a writer end is
/// sent follow from the features it declares — nothing in code names a feature by a number.
package struct QueueDescription: Sendable {
    /// Which end a feature applies to.
    package enum Role: String, Sendable, CaseIterable {
        case writer, drain
    }

    package struct Feature: Sendable {
        package var name: String
        package var roles: Set<Role>
        package var summary: String
        package var source: String
        package var needs: [String]
    }

    /// One stored slot of a format: a SharedPreferences key, a file in the container.
    package struct Slot: Sendable {
        package var name: String
        /// The feature whose data it holds, or `unreadable` (a value kept aside).
        package var holds: String
        package var note: String
    }

    package struct Format: Sendable {
        package var name: String
        package var summary: String
        package var source: String
        package var slots: [Slot]
    }

    package struct Operation: Sendable {
        package var name: String
        package var feature: String
        package var call: String
    }

    package struct Question: Sendable {
        package var name: String
        package var of: String
        package var summary: String
    }

    /// A named set: what a writer and a drain of it declare (a role it says nothing of has none).
    package struct NamedSet: Sendable {
        package var name: String
        package var summary: String
        package var writerFeatures: [String]?
        /// The stored format a writer of the set uses.
        package var format: String?
        package var drainFeatures: [String]?

        package init(name: String, summary: String) {
            self.name = name
            self.summary = summary
        }

        package func features(for role: Role) -> [String]? { role == .writer ? writerFeatures : drainFeatures }
    }

    package static let file = "schemas/queue-contract.json"

    package let features: [Feature]
    package let formats: [Format]
    package let operations: [Operation]
    package let questions: [Question]
    package let sets: [NamedSet]

    package func feature(_ name: String) -> Feature? { features.first { $0.name == name } }
    package func format(_ name: String) -> Format? { formats.first { $0.name == name } }
    package func operation(_ name: String) -> Operation? { operations.first { $0.name == name } }
    package func namedSet(_ name: String) -> NamedSet? { sets.first { $0.name == name } }

    /// The slot of `format` that holds `what` (a feature's data, or `unreadable`).
    package func slot(of format: String, holding what: String) -> String? {
        self.format(format)?.slots.first { $0.holds == what }?.name
    }

    /// The bytes of `schemas/queue-contract.json` this harness was built with.
    package static var builtInBytes: [UInt8] { PackageResources.queue_contract_json }

    /// The description the harness was built with.
    package static let current: QueueDescription = {
        do {
            return try parse(PackageResources.queue_contract_json, file: file)
        } catch {
            // QueueDescriptionTests reads the file first: a broken one fails there.
            fatalError("the queue contract description is broken: \(error)")
        }
    }()

    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> QueueDescription {
        try JSONFieldReader.reading(bytes, file: file) { top throws(HarnessInputError) in try description(top) }
    }

    private static func description(_ top: JSONFieldReader) throws(HarnessInputError) -> QueueDescription {
        try top.rejectUnknownKeys(allowed: ["title", "description", "features", "formats", "operations", "questions", "sets"])
        var features: [Feature] = []
        for fields in try objects(top, "features") {
            try fields.rejectUnknownKeys(allowed: ["name", "roles", "summary", "source", "needs"])
            var roles: Set<Role> = []
            for name in try strings(fields, "roles") {
                guard let role = Role(rawValue: name) else { throw fields.failure("roles", "`\(name)` is not a role (writer, drain)") }
                roles.insert(role)
            }
            let feature = Feature(name: try name(fields), roles: roles, summary: try fields.string("summary").string,
                                  source: try fields.string("source").string, needs: try strings(fields, "needs"))
            guard !features.contains(where: { $0.name == feature.name }) else { throw fields.failure("name", "`\(feature.name)` is named twice") }
            for need in feature.needs where !features.contains(where: { $0.name == need }) {
                throw fields.failure("needs", "`\(need)` is not a feature named before `\(feature.name)`")
            }
            features.append(feature)
        }
        let featureNames = Set(features.map(\.name))
        var formats: [Format] = []
        for fields in try objects(top, "formats") {
            try fields.rejectUnknownKeys(allowed: ["name", "summary", "source", "slots"])
            var slots: [Slot] = []
            for slot in try objects(fields, "slots") {
                try slot.rejectUnknownKeys(allowed: ["name", "holds", "description"])
                let holds = try slot.string("holds").string
                guard featureNames.contains(holds) || holds == "unreadable" else {
                    throw slot.failure("holds", "`\(holds)` is neither a feature nor `unreadable`")
                }
                slots.append(Slot(name: try slot.string("name").string, holds: holds, note: try slot.string("description").string))
            }
            formats.append(Format(name: try name(fields), summary: try fields.string("summary").string,
                                  source: try fields.string("source").string, slots: slots))
        }
        var operations: [Operation] = []
        for fields in try objects(top, "operations") {
            try fields.rejectUnknownKeys(allowed: ["name", "feature", "call", "answers"])
            let feature = try fields.string("feature").string
            guard featureNames.contains(feature) else { throw fields.failure("feature", "`\(feature)` is not a feature") }
            operations.append(Operation(name: try name(fields), feature: feature, call: try fields.string("call").string))
        }
        var questions: [Question] = []
        for fields in try objects(top, "questions") {
            try fields.rejectUnknownKeys(allowed: ["name", "of", "call", "summary"])
            questions.append(Question(name: try name(fields), of: try fields.string("of").string, summary: try fields.string("summary").string))
        }
        var sets: [NamedSet] = []
        for fields in try objects(top, "sets") {
            try fields.rejectUnknownKeys(allowed: ["name", "summary", "writer", "drain"])
            let named = try fields.string("name").string
            guard !featureNames.contains(named) else { throw fields.failure("name", "`\(named)` is already a feature's name") }
            var set = NamedSet(name: named, summary: try fields.string("summary").string)
            for role in Role.allCases where fields.has(role.rawValue) {
                let part = try fields.nested(role.rawValue)
                try part.rejectUnknownKeys(allowed: role == .writer ? ["features", "format"] : ["features"])
                let members = try strings(part, "features")
                for member in members {
                    guard let feature = features.first(where: { $0.name == member }) else { throw part.failure("features", "`\(member)` is not a feature") }
                    guard feature.roles.contains(role) else { throw part.failure("features", "`\(member)` is not a feature of a \(role.rawValue)") }
                }
                if role == .writer {
                    set.writerFeatures = members
                    if part.has("format") {
                        let format = try part.string("format").string
                        guard formats.contains(where: { $0.name == format }) else { throw part.failure("format", "`\(format)` is not a format") }
                        set.format = format
                    }
                } else {
                    set.drainFeatures = members
                }
            }
            sets.append(set)
        }
        return QueueDescription(features: features, formats: formats, operations: operations, questions: questions, sets: sets)
    }

    private static func name(_ fields: JSONFieldReader) throws(HarnessInputError) -> String {
        let name = try fields.string("name").string
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw fields.failure("name", "expected letters, digits and `-`")
        }
        return name
    }

    private static func objects(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> [JSONFieldReader] {
        var out: [JSONFieldReader] = []
        for (index, element) in try fields.array(key).enumerated() {
            guard case .object(let object) = element else { throw fields.failure("\(key)[\(index)]", "expected an object") }
            out.append(fields.element(object, of: key, at: index))
        }
        return out
    }

    private static func strings(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> [String] {
        var out: [String] = []
        for value in try fields.array(key) {
            guard case .string(let text) = value else { throw fields.failure(key, "expected strings") }
            out.append(text.string)
        }
        return out
    }
}
