import Foundation
import WidgetSnapshot

/// `golden/kotlin/RECORDING.json`, written by `scripts/record-kotlin`: what a recording was
/// made with, and from which case stream.
public struct RecordingHeader: Sendable {
    public var caseStreamHash: String
    public var caseCount: Int64

    public static func load(_ url: URL, displayName: String) throws -> RecordingHeader {
        let bytes = try GoldenText.require(url, displayName: displayName,
                                           hint: "a recording must name the case stream it was made from (run scripts/record-kotlin)")
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            throw HarnessInputError(file: displayName, line: error.line, message: "not JSON: \(error.message)")
        }
        guard case .object(let object) = value else { throw HarnessInputError(file: displayName, message: "expected an object") }
        let stream = try JSONFieldReader(object, file: displayName).nested("caseStream")
        return RecordingHeader(caseStreamHash: try stream.string("sha256").string, caseCount: try stream.integer("cases"))
    }
}
