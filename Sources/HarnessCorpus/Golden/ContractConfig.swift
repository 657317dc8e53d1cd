import ContractModel
import Foundation
import WidgetSnapshot

/// What an app's contract folder says about the app (`widget-contract.json`, docs/adopting.md):
/// the harness release it was made for, the contract its branch has, which of the harness's
/// fixtures it runs, and how to run each of its ends. Read strictly: an unknown field, a
/// missing end or two ends for one reader is bad input naming the file and field (exit 2),
/// since a typo would otherwise leave a reader out of the gate in silence.
///
/// Paths and commands in it are relative to the contract folder (a command runs there).
package struct ContractConfig: Sendable, Equatable {
    /// The harness release the folder was made with (`init` writes it; the reusable workflow
    /// and the container install that one).
    package var harness: String
    /// The contract the app's branch has: what every end is held to unless it declares
    /// otherwise (a revision today; a feature set once the description names features).
    package var contract: String
    /// The harness's fixtures the gate runs (names in its golden/fixtures, or `zones`, `states`
    /// for the zone-day and writer families); nil: all of them. The folder's own fixtures and
    /// states always run.
    package var corpus: [String]?
    /// The app's readers, by name (the name keys its list `lists/NAME.txt` and its recording).
    package var readers: [Reader]
    package var writer: Writer?

    /// One reader of the app and how the gate gets its views.
    package struct Reader: Sendable, Equatable {
        package var name: String
        /// The contract it implements, when not the branch's.
        package var declares: String?
        /// How it runs live here, if it can.
        package var live: LiveEnd?
        /// Recorded where it really runs (`recordings/NAME/`): the command that re-records it
        /// there, which the gate names when the recording is stale.
        package var recorded: String?
        /// Seconds for its first answer after a start (a JVM's), when not the default.
        package var startTimeout: Double?

        package init(name: String, declares: String? = nil, live: LiveEnd? = nil, recorded: String? = nil, startTimeout: Double? = nil) {
            self.name = name
            self.declares = declares
            self.live = live
            self.recorded = recorded
            self.startTimeout = startTimeout
        }
    }

    /// A reader end the harness can run on this machine.
    package enum LiveEnd: Sendable, Equatable {
        /// Any line process (CONTRACT.md §6), run in the contract folder.
        case command(String)
        /// A Kotlin `WidgetData` object: the files, compiled on Android's org.json with the
        /// harness's generated glue (`scripts/record-kotlin --parser`).
        case kotlin([String])
        /// A Swift `WidgetData` type: the files, built with the testee kit and a generated
        /// adapter (`scripts/build-swift-testee`), on this machine's Foundation.
        case swift([String])
    }

    /// The app's writer end.
    package struct Writer: Sendable, Equatable {
        package var declares: String?
        package var end: WriterEnd

        package init(declares: String? = nil, end: WriterEnd) {
            self.declares = declares
            self.end = end
        }
    }

    package enum WriterEnd: Sendable, Equatable {
        /// A writer-protocol process (CONTRACT.md §7.3), run in the contract folder.
        case command(String)
        /// A TypeScript selector (`createSelector(…, projector)`) with its imports: compiled
        /// with a generated adapter (`scripts/build-app-writer`), by the app's own TypeScript
        /// (`tsc`, else the one in the app's node_modules); `inputs`: the app's own mapping of
        /// input selectors the adapter does not know.
        case typescript(file: String, selector: String, tsc: String? = nil, inputs: String? = nil)
    }

    package init(harness: String, contract: String, corpus: [String]? = nil, readers: [Reader] = [], writer: Writer? = nil) {
        self.harness = harness
        self.contract = contract
        self.corpus = corpus
        self.readers = readers
        self.writer = writer
    }

    /// The config as `init` writes it (indented JSON, members in the order the format documents).
    package var rendered: String {
        func text(_ value: String) -> JSONValue { .string(JSONString(value)) }
        func declaration(_ value: String) -> JSONValue { Int64(value).map { .integer($0) } ?? text(value) }
        func files(_ list: [String]) -> JSONValue { list.count == 1 ? text(list[0]) : .array(list.map(text)) }
        var top = JSONObject()
        top["harness"] = text(harness)
        top["contract"] = declaration(contract)
        if let corpus { top["corpus"] = .array(corpus.map(text)) }
        if !readers.isEmpty {
            var section = JSONObject()
            for reader in readers {
                var fields = JSONObject()
                if let declares = reader.declares { fields["declares"] = declaration(declares) }
                switch reader.live {
                case .command(let command)?: fields["command"] = text(command)
                case .kotlin(let list)?: fields["kotlin"] = files(list)
                case .swift(let list)?: fields["swift"] = files(list)
                case nil: break
                }
                if let recorded = reader.recorded { fields["recorded"] = text(recorded) }
                if let seconds = reader.startTimeout { fields["startTimeout"] = .double(seconds) }
                section[reader.name] = .object(fields)
            }
            top["readers"] = .object(section)
        }
        if let writer {
            var fields = JSONObject()
            if let declares = writer.declares { fields["declares"] = declaration(declares) }
            switch writer.end {
            case .command(let command): fields["command"] = text(command)
            case .typescript(let file, let selector, let tsc, let inputs):
                fields["typescript"] = text(file)
                fields["selector"] = text(selector)
                if let tsc { fields["tsc"] = text(tsc) }
                if let inputs { fields["inputs"] = text(inputs) }
            }
            top["writer"] = .object(fields)
        }
        return PrettyJSON.render(.object(top)) + "\n"
    }

    /// A reader's name: lower-case letters, digits, `-` and `_`, as a `--testee` name.
    package static func isReaderName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Parses the file's bytes; `file` names it in errors.
    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> ContractConfig {
        // Repeated keys are kept, to be refused: in a config the first of two would be lost in silence.
        let document: JSONValue
        do {
            document = try JSONParser(keepsRepeatedKeys: true).parse(GoldenText.withoutBOM(bytes))
        } catch {
            throw HarnessInputError(file: file, line: error.line, message: "not JSON: \(error.message)")
        }
        guard case .object(let object) = document else { throw HarnessInputError(file: file, line: 1, message: "expected a JSON object") }
        try refuseRepeatedKeys(.object(object), path: "", file: file)
        let top = JSONFieldReader(object, file: file)
        try top.rejectUnknownKeys(allowed: ["//", "harness", "contract", "corpus", "readers", "writer"])
        let harness = try top.string("harness").string
        guard isVersion(harness) else { throw top.failure("harness", "expected a release version such as \(HarnessRelease.version)") }
        let contract = try declaration(top, "contract")
        var corpus: [String]?
        if top.has("corpus") {
            var names: [String] = []
            for (index, element) in try top.array("corpus").enumerated() {
                guard case .string(let name) = element, CaseID.isName(name.string) else {
                    throw top.failure("corpus[\(index)]", "expected a fixture name ([a-z0-9-]+)")
                }
                guard !names.contains(name.string) else { throw top.failure("corpus[\(index)]", "`\(name.string)` is named twice") }
                names.append(name.string)
            }
            guard !names.isEmpty else { throw top.failure("corpus", "names no fixture: leave it out to run every fixture") }
            corpus = names
        }
        var readers: [Reader] = []
        if top.has("readers") {
            let section = try top.nested("readers")
            for member in section.object.members {
                let name = member.key.string
                        guard isReaderName(name) else {
                    throw section.failure(name, "a reader's name is [a-z0-9_-]+ (it names lists/\(name).txt and recordings/\(name)/)")
                }
                readers.append(try reader(name, try section.nested(name)))
            }
        }
        let writer = top.has("writer") ? try writerEnd(try top.nested("writer")) : nil
        guard !readers.isEmpty || writer != nil else {
            throw top.failure("readers", "the folder names no reader and no writer: nothing of the app would be gated")
        }
        return ContractConfig(harness: harness, contract: contract, corpus: corpus, readers: readers, writer: writer)
    }

    private static func reader(_ name: String, _ fields: JSONFieldReader) throws(HarnessInputError) -> Reader {
        try fields.rejectUnknownKeys(allowed: ["//", "declares", "command", "kotlin", "swift", "recorded", "startTimeout"])
        var reader = Reader(name: name)
        if fields.has("declares") { reader.declares = try declaration(fields, "declares") }
        let kinds = ["command", "kotlin", "swift"].filter(fields.has)
        guard kinds.count <= 1 else {
            throw fields.failure(kinds[1], "a reader runs one way: \(kinds.map { "`\($0)`" }.joined(separator: " and ")) both given")
        }
        switch kinds.first {
        case "command": reader.live = .command(try nonEmpty(fields, "command"))
        case "kotlin": reader.live = .kotlin(try files(fields, "kotlin", suffix: ".kt"))
        case "swift": reader.live = .swift(try files(fields, "swift", suffix: ".swift"))
        default: break
        }
        if fields.has("recorded") { reader.recorded = try nonEmpty(fields, "recorded") }
        guard reader.live != nil || reader.recorded != nil else {
            throw fields.failure(nil, "says neither how it runs here (`command`, `kotlin` or `swift`) nor how it is recorded (`recorded`)")
        }
        if fields.has("startTimeout") {
            let value: Double
            switch try fields.value("startTimeout") {
            case .integer(let number): value = Double(number)
            case .double(let number): value = number
            default: throw fields.failure("startTimeout", "expected a number of seconds")
            }
            guard value > 0, value <= 3600 else { throw fields.failure("startTimeout", "expected seconds above 0, at most 3600") }
            reader.startTimeout = value
        }
        return reader
    }

    private static func writerEnd(_ fields: JSONFieldReader) throws(HarnessInputError) -> Writer {
        try fields.rejectUnknownKeys(allowed: ["//", "declares", "command", "typescript", "selector", "tsc", "inputs"])
        let declares = fields.has("declares") ? try declaration(fields, "declares") : nil
        switch (fields.has("command"), fields.has("typescript")) {
        case (true, true): throw fields.failure("typescript", "a writer runs one way: `command` and `typescript` both given")
        case (true, false):
            for key in ["selector", "tsc", "inputs"] where fields.has(key) { throw fields.failure(key, "goes with `typescript`, not `command`") }
            return Writer(declares: declares, end: .command(try nonEmpty(fields, "command")))
        case (false, true):
            let file = try nonEmpty(fields, "typescript")
            guard file.hasSuffix(".ts") else { throw fields.failure("typescript", "expected the selector's .ts file") }
            let selector = try nonEmpty(fields, "selector")
            guard isIdentifier(selector) else { throw fields.failure("selector", "expected the exported selector's name (an identifier)") }
            let tsc = fields.has("tsc") ? try nonEmpty(fields, "tsc") : nil
            let inputs = fields.has("inputs") ? try nonEmpty(fields, "inputs") : nil
            if let inputs, !inputs.hasSuffix(".ts") { throw fields.failure("inputs", "expected a .ts file") }
            return Writer(declares: declares, end: .typescript(file: file, selector: selector, tsc: tsc, inputs: inputs))
        case (false, false):
            throw fields.failure(nil, "says not how the writer runs: `command` (the writer protocol) or `typescript` (a selector file)")
        }
    }

    /// A contract declaration: a revision number (`1`, or the string `"1"`), or a set's name.
    private static func declaration(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> String {
        switch try fields.value(key) {
        case .integer(let number): return String(number)
        case .string(let text) where !text.string.isEmpty && text.string.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x3D }):
            return text.string
        default: throw fields.failure(key, "expected the contract it implements (a revision such as 1, or a set's name)")
        }
    }

    private static func nonEmpty(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> String {
        let text = try fields.string(key).string
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, !text.contains("\n"), !text.contains("\0") else {
            throw fields.failure(key, "expected one non-empty line")
        }
        return text
    }

    private static func files(_ fields: JSONFieldReader, _ key: String, suffix: String) throws(HarnessInputError) -> [String] {
        let elements: [JSONValue]
        switch try fields.value(key) {
        case .string: elements = [try fields.value(key)]
        case .array(let list): elements = list
        default: throw fields.failure(key, "expected a \(suffix) file, or a list of them")
        }
        var paths: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let path) = element, path.string.hasSuffix(suffix), !path.string.contains("\0"), !path.string.contains("\n") else {
                throw fields.failure(elements.count == 1 ? key : "\(key)[\(index)]", "expected a path to a \(suffix) file")
            }
            paths.append(path.string)
        }
        guard !paths.isEmpty else { throw fields.failure(key, "names no file") }
        return paths
    }

    private static func refuseRepeatedKeys(_ value: JSONValue, path: String, file: String) throws(HarnessInputError) {
        switch value {
        case .object(let object):
            var seen = Set<String>()
            for member in object.members {
                let key = member.key.string
                let field = path.isEmpty ? key : "\(path).\(key)"
                guard seen.insert(key).inserted else {
                    throw HarnessInputError(file: file, field: field, message: "given twice (the first would be lost)")
                }
                try refuseRepeatedKeys(member.value, path: field, file: file)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { try refuseRepeatedKeys(element, path: "\(path)[\(index)]", file: file) }
        default:
            break
        }
    }

    private static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x24 }
    }
}
