import ContractModel
import Foundation
import WidgetSnapshot
import HarnessCorpus

/// A reader we cannot run in CI every time (the Kotlin end on Android's org.json) recorded
/// once through the testee runner: every case goes through one `TesteeSession`, every answer
/// must be a line for its case (a crash, hang or stray line stops the recording, naming the
/// case), and the lines are kept byte for byte — written per fixture through the view store,
/// with `RECORDING.json` naming the toolchain and the case stream.
package enum Recording {
    /// The testee's line for each request, in order; throws on the first case it failed, or
    /// when it writes a line after the last case. `session` should stop at the first failure
    /// (`brokenAfter: 1`, as `record` makes it): the cases after a hang are not worth running.
    package static func run(_ requests: [TesteeRequest], through session: TesteeSession) throws(RecordingError) -> [[UInt8]] {
        let answers = session.decode(requests: requests)
        var lines: [[UInt8]] = []
        lines.reserveCapacity(answers.count)
        for (request, answer) in zip(requests, answers) {
            guard let line = answer.line else {
                let reason: String
                if case .failure(let text) = answer.outcome { reason = text } else { reason = "no line" }
                throw RecordingError(message: "\(session.name) failed on case \(request.id): \(reason)")
            }
            // Kept byte for byte: a line the golden store cannot keep is the testee's to fix, said now (not as golden/kotlin's).
            if let problem = ViewStore.storableProblem(line) {
                throw RecordingError(message: "\(session.name)'s line for case \(request.id) cannot be recorded: \(problem); "
                                     + "the recording keeps each line byte for byte, so make \(session.name) write the id first")
            }
            lines.append(line)
        }
        if let stray = session.finishStream() {
            throw RecordingError(message: "\(session.name) after case \(requests.last?.id ?? "-"): \(stray)")
        }
        return lines
    }

    /// The case lines of a stream file as they are (each must be a JSON object with a string
    /// `id`; blank lines are skipped), for recording any stream, not only the corpus.
    package static func requests(fromStream bytes: [UInt8], file: String) throws(HarnessInputError) -> [TesteeRequest] {
        var requests: [TesteeRequest] = []
        for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let value: JSONValue
            do {
                value = try JSONParser().parse(Array(line))
            } catch {
                throw HarnessInputError(file: file, line: offset + 1, message: "not a JSON case line: \(error)")
            }
            guard case .object(let object) = value else {
                throw HarnessInputError(file: file, line: offset + 1, message: "a case line must be a JSON object")
            }
            let id = try JSONFieldReader(object, file: file, line: offset + 1).string("id").string
            requests.append(TesteeRequest(id: id, line: Array(line)))
        }
        return requests
    }

    /// Writes the recorded lines into `store` (one file per fixture, each atomically, each
    /// line sealed with the fingerprint of its case; files of fixtures no longer produced are
    /// removed), then `RECORDING.json`: the members of `about` (what it was recorded with),
    /// the case stream's SHA-256 and size, and the cases per fixture. Returns the files whose
    /// bytes changed.
    @discardableResult
    package static func write(_ lines: [(testCase: Case, line: [UInt8])], caseStream: [UInt8], about: JSONObject,
                              to store: ViewStore) throws -> [String] {
        try store.checkWritable(["RECORDING.json"])
        var changed = try store.write(lines: lines)
        var perFixture: [String: Int64] = [:]
        for (testCase, _) in lines { perFixture[String(CaseID.fixture(of: testCase.id)), default: 0] += 1 }
        var header = about
        var stream = JSONObject()
        stream["sha256"] = .string(JSONString(SHA256.hex(caseStream)))
        stream["cases"] = .integer(Int64(lines.count))
        header["caseStream"] = .object(stream)
        var fixtures = JSONObject()
        for name in perFixture.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            fixtures[name] = .integer(perFixture[name]!)
        }
        header["fixtures"] = .object(fixtures)
        let bytes = Array((PrettyJSON.render(.object(header)) + "\n").utf8)
        let url = store.folder.appendingPathComponent("RECORDING.json")
        if try AtomicFile.writeIfChanged(bytes, to: url, within: store.tree) { changed.append("RECORDING.json") }
        return changed
    }
}

/// A recording could not be made (the testee failed on a case); nothing was written.
package struct RecordingError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
