import ContractModel
import WidgetSnapshot

/// Reads a `golden/findings/*.json` file back into a `Finding`, strictly (like
/// `FixtureLoader`): unknown or missing fields, a case that is not a case, or a `key` that
/// does not match the content stop the run with a `HarnessInputError` naming the field.
package enum FindingFile {
    package static func parse(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> Finding {
        try JSONFieldReader.reading(bytes, file: file) { fields throws(HarnessInputError) in try finding(fields, file: file) }
    }

    private static func finding(_ fields: JSONFieldReader, file: String) throws(HarnessInputError) -> Finding {
        try fields.rejectUnknownKeys(allowed: ["format", "seed", "index", "readers", "field", "signature", "expected", "got",
                                               "originalSize", "shrunkSize", "shrinkEvaluations", "shrinking", "key", "reproduce",
                                               "replay", "recipe", "case", "state"])
        guard try fields.string("format").string == Finding.format else {
            throw fields.failure("format", "expected \(Finding.format)")
        }
        let seed = try fields.integer("seed")
        let index = try fields.integer("index")
        guard seed >= 0, index >= 0 else { throw fields.failure(seed < 0 ? "seed" : "index", "expected ≥ 0") }
        let readers = try fields.array("readers").compactMap { $0.stringValue?.string }
        guard readers.count == 2 else { throw fields.failure("readers", "expected two reader names") }
        let fieldText = try fields.string("field").string
        guard let path = FieldPath(fieldText) else { throw fields.failure("field", "unknown field `\(fieldText)`") }
        let difference = FieldDifference(path: path, expected: try fields.string("expected").string, got: try fields.string("got").string)
        let disagreement = Disagreement(reference: readers[0], reader: readers[1], difference: difference)
        guard try fields.string("signature").string == disagreement.signature else {
            throw fields.failure("signature", "does not match readers and field")
        }
        let shrunk = try CaseStream.readLine(JSONWriter.compact(.object(try fields.object("case"))), file: file, line: 1)
        let recipe = try fields.array("recipe").compactMap { $0.stringValue?.string }
        // Absent in findings saved before shrinking could stop early: those were complete.
        var shrinking = ShrinkState.complete
        if fields.has("shrinking") {
            let text = try fields.string("shrinking").string
            guard let state = ShrinkState(rawValue: text) else {
                throw fields.failure("shrinking", "expected one of \(ShrinkState.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))")
            }
            shrinking = state
        }
        let finding = Finding(seed: UInt64(seed), index: Int(index), disagreement: disagreement, shrunk: shrunk,
                              originalSize: Int(try fields.integer("originalSize")), recipe: recipe,
                              reproduce: try fields.string("reproduce").string,
                              shrinkEvaluations: Int(try fields.integer("shrinkEvaluations")), shrinking: shrinking,
                              state: fields.has("state") ? try fields.string("state").utf8 : nil)
        guard try fields.integer("shrunkSize") == Int64(finding.shrunkSize) else {
            throw fields.failure("shrunkSize", "does not match the case's blob")
        }
        guard try fields.string("key").string == finding.key else {
            throw fields.failure("key", "does not match the case's blob and signature")
        }
        return finding
    }
}
