import Foundation
import WidgetSnapshot

/// The contract as data: its features and named sets, `schemas/contract.json`, embedded in this
/// module at build time (`Description/contract.json` links to it). The view's field names, the
/// part of the canonical line and of the comparison beyond base's typed fields, what is pending
/// for a reader, and the view schema's feature part all follow from it (CONTRACT.md §6, §8).
package struct ContractDescription: Sendable {
    /// One case input a feature adds (`blob`, `selectedProjectId` …).
    package struct CaseInput: Sendable {
        package var name: String
        /// The type as the file states it (compact JSON), for documentation.
        package var type: String
        package var note: String?
    }

    /// One question a reader answers (`parse`, `projects` …), with the inputs it takes and
    /// the top-level view members it fills. A later feature may ask a question again with
    /// more inputs (project selection's `parse`), or give it another meaning on some cases
    /// (the grace's `parse`, `when` a case has a selection).
    package struct Question: Sendable {
        package var name: String
        package var call: String
        package var inputs: [String]
        package var answers: [String]
        /// The feature that asks it.
        package var feature: String
        /// The case inputs on which its answer differs from a reader's without the feature;
        /// nil: the inputs the feature itself adds.
        package var when: [String]?
        /// What its answer is to the widget, when the description says (`widget`).
        package var widget: WidgetRole?
    }

    /// What a question's answer is to the widget on screen (`widget` in the description).
    package enum WidgetRole: String, Sendable, CaseIterable {
        /// The answer is what the widget paints (CONTRACT.md §9): a reader that paints a widget
        /// must give it, and no `not implemented` entry excuses leaving it out (CONTRACT.md §5).
        case paints
        /// The answer decides how the widget labels its rows (staleness, the header): a reader
        /// that answers none of these leaves the label unchecked, and the reports say so.
        case labels
    }

    /// One capability of the blob a pull request of the app adds (project selection, the
    /// tracked task …): what a reader or writer declares, instead of a revision number.
    package struct Feature: Sendable {
        package var name: String
        package var summary: String
        package var source: String
        /// The features it builds on: a set that holds it holds them.
        package var needs: [String]
        /// Features that give one of its questions another meaning: a set holds one of them.
        package var conflicts: [String]
        /// The writer's schema file in `schemas/` of a blob with it, nil when none of its own.
        package var writerSchema: String?
        package var caseInputs: [CaseInput]
        package var questions: [Question]
        /// The view fields as the feature declares them (top-level members, or rows' members).
        package var viewFields: [ViewMember]
    }

    /// A named set of features: an old revision number (`1`, `2`, `3`), a branch or a commit of
    /// the app (`default`, `pr-9624`).
    package struct NamedSet: Sendable {
        package var name: String
        package var features: [String]
        package var note: String?
        /// The writer schema a blob of this set is valid for, nil when none is named.
        package var writerSchema: String?
    }

    /// The file's name in messages.
    package static let file = "schemas/contract.json"
    /// The only container a later feature may add members to besides the top level.
    package static let rowContainer = "parse.tasks[]"

    package let features: [Feature]
    package let sets: [NamedSet]
    /// The whole view: base's members with every later feature's merged in, in order.
    package let view: [ViewMember]
    /// Top-level members outside base's typed part (read, written and compared generically).
    package let addedMembers: [ViewMember]
    /// Members later features add to each row of `parse.tasks`.
    package let addedRowMembers: [ViewMember]
    /// Every compared field name, in canonical (report) order, with its feature.
    package let fieldNames: [(name: String, feature: String)]
    private let featureByField: [String: String]

    /// The first feature, every reader's: the app's default branch.
    package var base: Feature { features[0] }

    /// The feature a compared field (`parse.tasks[].doneOn`) belongs to; nil for a name that is not one.
    package func feature(ofField name: String) -> String? { featureByField[name] }

    /// The feature named `name`, nil when the description has none.
    package func feature(named name: String) -> Feature? { features.first { $0.name == name } }

    /// The position of a feature in the description (its order in reports); the end for an unknown name.
    package func order(of feature: String) -> Int { features.firstIndex { $0.name == feature } ?? features.count }

    /// The named set `name`, nil when there is none.
    package func set(named name: String) -> NamedSet? { sets.first { $0.name == name } }

    /// The members of the object at `path` (`currentTask`), or of the elements of the list
    /// whose path plus `[]` it is (`projects[]`); nil when no object is there.
    package func objectMembers(at path: String) -> [ViewMember]? { membersByPath[path] }

    /// `objectMembers(at:)` for every path, made once: the first object in the view's
    /// pre-order at each path (every reader builds its view objects through it, per case).
    private let membersByPath: [String: [ViewMember]]

    private static func membersByPath(_ view: [ViewMember]) -> [String: [ViewMember]] {
        var found: [String: [ViewMember]] = [:]
        func visit(_ members: [ViewMember]) {
            for member in members {
                switch member.type {
                case .object(let inner): if found[member.path] == nil { found[member.path] = inner }
                case .list(.object(let inner)): if found[member.path + "[]"] == nil { found[member.path + "[]"] = inner }
                default: break
                }
                visit(member.members)
            }
        }
        visit(view)
        return found
    }

    /// Base's top-level members: the harness's typed part (`DecodedView.parse`, `meta`,
    /// `stale`, `header`).
    package var typedMembers: [ViewMember] { view.filter { Self.typedNames.contains($0.name) } }

    /// The members `DecodedView` holds in typed form; every other member — of any feature,
    /// base's `display` included (CONTRACT.md §9) — is generic.
    package static let typedNames: Set<String> = ["parse", "meta", "stale", "header"]

    /// The bytes of `schemas/contract.json` this module was built with.
    package static var builtInBytes: [UInt8] { PackageResources.contract_json }

    /// The description built in, as read: the description, or why it cannot be read (the file
    /// and the field). A broken file fails `ContractDescriptionTests` (which reads the file
    /// itself, naming file and field), and every entry point checks this before anything else
    /// (`problem`): the CLI exits 2 with the reason, the testee kit answers with it, so a
    /// broken description never ends a program with a trap.
    package static let builtIn = reading(builtInBytes)

    /// `bytes` read as the description built in is (never a trap: a broken one is the failure).
    package static func reading(_ bytes: [UInt8]) -> Result<ContractDescription, HarnessInputError> {
        Result { () throws(HarnessInputError) in try parse(bytes, file: file) }
    }

    /// Why the built-in description cannot be used; nil when it is whole.
    package static var problem: String? { problem(with: builtIn) }

    /// Why a description read so cannot be used, on one line (text from the file escaped: a
    /// name holding `\n::error::` starts no line of a CI log); nil when it was read.
    package static func problem(with read: Result<ContractDescription, HarnessInputError>) -> String? {
        guard case .failure(let error) = read else { return nil }
        return UntrustedText.escape("the contract description built into this program is broken (\(error)): "
                                    + "fix \(file) and rebuild; `swift test --filter ContractDescriptionTests` names the field")
    }

    /// The contract a run judges by: the one the harness was built with, unless the command line
    /// chose the tree's own first (`choose(_:)`). Read only after `problem` is known to be nil
    /// (every entry point checks it first).
    package static let current: ContractDescription = {
        chosen.fix()
        if let tree = chosen.description { return tree }
        switch builtIn {
        case .success(let description): return description
        case .failure: preconditionFailure(problem ?? "")
        }
    }()

    /// The tree's description chosen over the built-in one (the command line's `--root` tree or
    /// an app's contract folder holding its own `contract.json`), so that a contract change is an
    /// edit of the description, not a rebuild of the harness. Chosen once, before anything reads
    /// `current`; false when it is too late (then the built-in one stays).
    @discardableResult
    package static func choose(_ description: ContractDescription) -> Bool { chosen.set(description) }

    /// Whether this run judges by a tree's description rather than the built-in one.
    package static var judgesByTree: Bool { chosen.description != nil }

    private static let chosen = Choice()

    /// The one description chosen at start, behind a lock (the CLI chooses on its main thread
    /// before any other starts, but the type is shared with every thread that reads `current`).
    private final class Choice: @unchecked Sendable {
        private let lock = NSLock()
        private var value: ContractDescription?
        private var fixed = false

        var description: ContractDescription? { lock.withLock { value } }

        func set(_ description: ContractDescription) -> Bool {
            lock.withLock {
                guard !fixed else { return false }
                value = description
                return true
            }
        }

        func fix() { lock.withLock { fixed = true } }
    }

    /// Reads a description; `file` names it in errors (with the field).
    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> ContractDescription {
        try JSONFieldReader.reading(bytes, file: file) { top throws(HarnessInputError) in try description(top, file: file) }
    }

    private static func description(_ top: JSONFieldReader, file: String) throws(HarnessInputError) -> ContractDescription {
        try top.rejectUnknownKeys(allowed: ["title", "description", "features", "sets"])
        var features: [Feature] = []
        for (index, element) in try top.array("features").enumerated() {
            guard case .object(let object) = element else { throw top.failure("features[\(index)]", "expected an object") }
            let fields = top.element(object, of: "features", at: index)
            try fields.rejectUnknownKeys(allowed: ["name", "summary", "source", "needs", "conflicts", "writerSchema", "caseInputs", "questions", "viewFields"])
            let name = try Self.name(fields, "name")
            guard !features.contains(where: { $0.name == name }) else { throw fields.failure("name", "`\(name)` is named twice") }
            let needs = try names(fields, "needs", optional: index == 0)
            guard index > 0 || needs.isEmpty else { throw fields.failure("needs", "the first feature (the base) needs none") }
            guard index == 0 || !needs.isEmpty else { throw fields.failure("needs", "a feature after the base needs at least the base") }
            for need in needs where !features.contains(where: { $0.name == need }) {
                throw fields.failure("needs", "`\(need)` is not a feature above this one")
            }
            features.append(Feature(name: name, summary: try fields.string("summary").string, source: try fields.string("source").string,
                                    needs: needs, conflicts: try names(fields, "conflicts", optional: true),
                                    writerSchema: try optionalFile(fields, "writerSchema"), caseInputs: try caseInputs(fields),
                                    questions: try questions(fields, feature: name),
                                    viewFields: try members(fields, "viewFields", feature: name, parentPath: "", allowingIn: index > 0)))
        }
        guard let first = features.first else { throw top.failure("features", "expected the base feature at least") }
        for (index, feature) in features.enumerated() {
            for other in feature.conflicts where self.feature(other, in: features) == nil || other == feature.name {
                throw HarnessInputError(file: file, field: "features[\(index)].conflicts", message: "`\(other)` is not another feature")
            }
        }
        var view = first.viewFields
        for (index, feature) in features.enumerated().dropFirst() {
            for member in feature.viewFields {
                if let container = member.container {
                    guard container == rowContainer, let rows = view.firstIndex(where: { $0.name == "parse" }) else {
                        throw HarnessInputError(file: file, field: "features[\(index)].viewFields",
                                                message: "`in` may only name \(rowContainer)")
                    }
                    view[rows] = try adding(member, toRowsOf: view[rows], file: file)
                } else {
                    guard !view.contains(where: { $0.name == member.name }) else {
                        throw HarnessInputError(file: file, field: "features[\(index)].viewFields",
                                                message: "`\(member.name)` is already a view field")
                    }
                    view.append(member)
                }
            }
        }
        let sets = try namedSets(top, features: features)
        let names = view.flatMap(\.fieldNames)
        var byName: [String: String] = [:]
        for (name, feature) in names { byName[name] = feature }
        let rows = view.first { $0.name == "parse" }?.members.first { $0.name == "tasks" }?.members ?? []
        return ContractDescription(features: features, sets: sets, view: view, addedMembers: view.filter { !typedNames.contains($0.name) },
                                   addedRowMembers: rows.filter { $0.feature != first.name }, fieldNames: names, featureByField: byName,
                                   membersByPath: membersByPath(view))
    }

    private static func feature(_ name: String, in features: [Feature]) -> Feature? { features.first { $0.name == name } }

    /// `sets`: each a name and features the description has, holding what they need and no two that conflict.
    private static func namedSets(_ top: JSONFieldReader, features: [Feature]) throws(HarnessInputError) -> [NamedSet] {
        guard top.has("sets") else { return [] }
        var sets: [NamedSet] = []
        for (index, element) in try top.array("sets").enumerated() {
            guard case .object(let object) = element else { throw top.failure("sets[\(index)]", "expected an object") }
            let fields = top.element(object, of: "sets", at: index)
            try fields.rejectUnknownKeys(allowed: ["name", "features", "note", "writerSchema"])
            let name = try fields.string("name").string
            guard FeatureSet.isSetName(name) else { throw fields.failure("name", "expected letters, digits, `-` or `.`") }
            guard !sets.contains(where: { $0.name == name }) else { throw fields.failure("name", "`\(name)` is named twice") }
            let members = try names(fields, "features", optional: false)
            if let problem = FeatureSet.problem(members, in: features) { throw fields.failure("features", problem) }
            sets.append(NamedSet(name: name, features: members, note: fields.has("note") ? try fields.string("note").string : nil,
                                 writerSchema: try optionalFile(fields, "writerSchema")))
        }
        return sets
    }

    /// A list of names (`needs`, `conflicts`, a set's `features`); empty when optional and absent.
    private static func names(_ fields: JSONFieldReader, _ key: String, optional: Bool) throws(HarnessInputError) -> [String] {
        if optional, !fields.has(key) { return [] }
        var out: [String] = []
        for value in try fields.array(key) {
            guard case .string(let text) = value, isName(text.string) else { throw fields.failure(key, "expected feature names (letters and digits)") }
            out.append(text.string)
        }
        return out
    }

    /// A schema file name, or null / absent.
    private static func optionalFile(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> String? {
        guard fields.has(key) else { return nil }
        switch try fields.value(key) {
        case .string(let name): return name.string
        case .null: return nil
        default: throw fields.failure(key, "expected a file name or null")
        }
    }

    private static func caseInputs(_ fields: JSONFieldReader) throws(HarnessInputError) -> [CaseInput] {
        var inputs: [CaseInput] = []
        for (index, element) in try fields.array("caseInputs").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("caseInputs[\(index)]", "expected an object") }
            let input = fields.element(object, of: "caseInputs", at: index)
            try input.rejectUnknownKeys(allowed: ["name", "type", "nullable", "description"])
            inputs.append(CaseInput(name: try name(input, "name"), type: JSONWriter.compactString(try input.value("type")),
                                    note: input.has("description") ? try input.string("description").string : nil))
        }
        return inputs
    }

    private static func questions(_ fields: JSONFieldReader, feature: String) throws(HarnessInputError) -> [Question] {
        var questions: [Question] = []
        for (index, element) in try fields.array("questions").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("questions[\(index)]", "expected an object") }
            let question = fields.element(object, of: "questions", at: index)
            try question.rejectUnknownKeys(allowed: ["name", "call", "inputs", "answers", "description", "widget", "when"])
            func names(_ key: String) throws(HarnessInputError) -> [String] {
                var out: [String] = []
                for value in try question.array(key) {
                    guard case .string(let text) = value, isName(text.string) else { throw question.failure(key, "expected names (letters and digits)") }
                    out.append(text.string)
                }
                return out
            }
            var widget: WidgetRole?
            if question.has("widget") {
                let text = try question.string("widget").string
                guard let role = WidgetRole(rawValue: text) else {
                    throw question.failure("widget", "expected one of \(WidgetRole.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                widget = role
            }
            let inputs = try names("inputs")
            let when = question.has("when") ? try names("when") : nil
            if let when, let stray = when.first(where: { !inputs.contains($0) }) {
                throw question.failure("when", "`\(stray)` is not one of its inputs")
            }
            questions.append(Question(name: try name(question, "name"), call: try question.string("call").string,
                                      inputs: inputs, answers: try names("answers"), feature: feature, when: when, widget: widget))
        }
        return questions
    }

    /// A name the reports, messages and lines use (a view field, a case input, a question):
    /// letters and digits only, so no name can carry a line break, a control character or a
    /// workflow command into an output.
    private static func name(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> String {
        let name = try fields.string(key).string
        guard isName(name) else { throw fields.failure(key, "expected letters and digits") }
        return name
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The members of array `key`; with `allowingIn`, a member may name its container (`in`).
    private static func members(_ fields: JSONFieldReader, _ key: String, feature: String, parentPath: String,
                                allowingIn: Bool = false) throws(HarnessInputError) -> [ViewMember] {
        var members: [ViewMember] = []
        for (index, element) in try fields.array(key).enumerated() {
            guard case .object(let object) = element else { throw fields.failure("\(key)[\(index)]", "expected an object") }
            let member = fields.element(object, of: key, at: index)
            try member.rejectUnknownKeys(allowed: allowingIn ? ["name", "type", "nullable", "orError", "description", "in"]
                                                             : ["name", "type", "nullable", "orError", "description"])
            let name = try Self.name(member, "name")
            guard !members.contains(where: { $0.name == name }) else { throw member.failure("name", "`\(name)` is named twice") }
            var container: String?
            if allowingIn, member.has("in") { container = try member.string("in").string }
            let path = container.map { "\($0).\(name)" } ?? (parentPath.isEmpty ? name : "\(parentPath).\(name)")
            let type = try viewType(member, "type", feature: feature, path: path)
            let orError = member.has("orError") ? try member.bool("orError") : false
            if orError, case .object(let inner) = type, inner.contains(where: { $0.name == "error" }) {
                throw member.failure("orError", "an object that may fail cannot have a member `error`")
            }
            let note = member.has("description") ? try member.string("description").string : nil
            members.append(ViewMember(name: name, type: type, nullable: member.has("nullable") ? try member.bool("nullable") : false,
                                      orError: orError, feature: feature, path: path, container: container, note: note))
        }
        return members
    }

    private static func viewType(_ fields: JSONFieldReader, _ key: String, feature: String,
                                 path: String) throws(HarnessInputError) -> ViewType {
        switch try fields.value(key) {
        case .string("text"): return .text
        case .string("int"): return .int
        case .string("bool"): return .bool
        case .object(let object):
            let type = JSONFieldReader(object, file: fields.file, line: fields.line, path: fields.fieldPath(key))
            guard object.count == 1 else { throw type.failure(nil, "expected one of enum, object, list") }
            if type.has("enum") {
                var values: [String] = []
                for value in try type.array("enum") {
                    guard case .string(let text) = value else { throw type.failure("enum", "expected strings") }
                    values.append(text.string)
                }
                return .enumeration(values)
            }
            if type.has("object") { return .object(try members(type, "object", feature: feature, parentPath: path)) }
            if type.has("list") {
                guard !path.contains("[]") else { throw type.failure("list", "`\(path)`: no list inside a list (a field has one row number)") }
                let element = try viewType(type, "list", feature: feature, path: path + "[]")
                guard case .object = element else { throw type.failure("list", "a list's elements are objects") }
                return .list(element)
            }
            throw type.failure(nil, "expected one of enum, object, list")
        default:
            throw fields.failure(key, "expected \"text\", \"int\", \"bool\" or an object")
        }
    }

    private static func adding(_ member: ViewMember, toRowsOf parse: ViewMember, file: String) throws(HarnessInputError) -> ViewMember {
        var parse = parse
        guard case .object(var parseMembers) = parse.type, let tasks = parseMembers.firstIndex(where: { $0.name == "tasks" }),
              case .list(.object(var rowMembers)) = parseMembers[tasks].type else {
            throw HarnessInputError(file: file, message: "the base has no rows to add `\(member.name)` to")
        }
        guard !rowMembers.contains(where: { $0.name == member.name }) else {
            throw HarnessInputError(file: file, message: "`\(member.path)` is already a row field")
        }
        rowMembers.append(member)
        parseMembers[tasks].type = .list(.object(rowMembers))
        parse.type = .object(parseMembers)
        return parse
    }
}
