import ContractModel
import Foundation
import HarnessCorpus
import WidgetSnapshot

/// The recorded answers of a queue writer end run where it really runs (the project's Kotlin
/// queue on Android's org.json: `golden/queue/kotlin.jsonl`, written by `scripts/queue-kotlin
/// --record` through `contract-harness record --queue`). One line per queue case,
/// `{"case":"<16 hex: SHA-256 of the case line>","answer":"<the end's answer line>"}`, in the
/// corpus's order, so a case that changed since is seen as stale, never judged.
package enum QueueRecording {
    /// The fingerprint of a case line: what a recorded answer names.
    package static func fingerprint(_ line: QueueCaseLine) -> String {
        SHA256.hex(line.line(), digits: 16)
    }

    package static func line(case line: QueueCaseLine, answer: [UInt8]) -> [UInt8] {
        var object = JSONObject()
        object["case"] = .string(JSONString(fingerprint(line)))
        object["answer"] = .string(JSONString(String(decoding: numberingRevisions(answer), as: UTF8.self)))
        return JSONWriter.compact(.object(object))
    }

    /// The answer with each random revision (a UUID, `8-4-4-4-12` hex digits) replaced by `rev-N`,
    /// N its order of first appearance in the line: the same end recorded twice writes the same
    /// bytes, and a revision still matches itself wherever it recurs (the judge reads none).
    package static func numberingRevisions(_ answer: [UInt8]) -> [UInt8] {
        let groups = [8, 4, 4, 4, 12]
        let length = 36
        var out: [UInt8] = []
        out.reserveCapacity(answer.count)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        var index = 0
        func isHex(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
        }
        func isUUID(at start: Int) -> Bool {
            guard start + length <= answer.count else { return false }
            var position = start
            for (group, count) in groups.enumerated() {
                for _ in 0..<count {
                    guard isHex(answer[position]) else { return false }
                    position += 1
                }
                if group < groups.count - 1 {
                    guard answer[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
            }
            return position == answer.count || !isHex(answer[position])
        }
        while index < answer.count {
            if (index == 0 || !isHex(answer[index - 1])) && isUUID(at: index) {
                let uuid = answer[index..<(index + length)]
                let number = numbers[uuid] ?? numbers.count + 1
                numbers[uuid] = number
                out += Array("rev-\(number)".utf8)
                index += length
                continue
            }
            out.append(answer[index])
            index += 1
        }
        return out
    }

    /// Recorded answers by fingerprint; nil when the file is missing.
    package static func load(_ paths: HarnessPaths, file: String = QueueRoster.recordingFile) throws -> [String: [UInt8]]? {
        guard let bytes = try GoldenText.read(paths.root.appendingPathComponent(file), displayName: file, tree: paths.tree,
                                              maximumBytes: InputLimits.goldenViewFileBytes) else { return nil }
        var answers: [String: [UInt8]] = [:]
        for (index, line) in try GoldenText.lines(bytes, file: file).enumerated() where !line.isEmpty {
            let fields = try QueueLines.object(Array(line), file: file, lineNumber: index + 1)
            try fields.rejectUnknownKeys(allowed: ["case", "answer"])
            answers[try fields.string("case").string] = try fields.string("answer").utf8
        }
        return answers
    }

    /// An answer with every map in key order: what threads tapping at once leave in an order of
    /// their own (a case with a `together` operation) is recorded the same way every time. Peeked
    /// maps are sorted, and every text that is a JSON object (handed texts, stored slots, tokens).
    package static func sorted(_ answer: QueueAnswer) -> QueueAnswer {
        func sortedText(_ text: JSONString?) -> JSONString? {
            guard let text, case .object? = try? QueueText.parser.parse(text.utf8), let value = try? JSONParser().parse(text.utf8) else { return text }
            func sortValue(_ value: JSONValue) -> JSONValue {
                switch value {
                case .object(let object):
                    var out = JSONObject()
                    for member in object.members.sorted(by: { $0.key < $1.key }) { out[member.key] = sortValue(member.value) }
                    return .object(out)
                case .array(let elements): return .array(elements.map(sortValue))
                default: return value
                }
            }
            return JSONString(utf8: JSONWriter.compact(sortValue(value)))
        }
        var out = answer
        out.results = answer.results.map { result in
            switch result {
            case .peeked(let targets, let times):
                return .peeked(targets: targets.sorted { $0.task < $1.task }, times: times?.sorted { $0.task < $1.task })
            case .handed(let handed):
                return .handed(QueueHandoff(targets: sortedText(handed.targets), times: sortedText(handed.times),
                                            unreadable: handed.unreadable, token: sortedText(handed.token)))
            default:
                return result
            }
        }
        out.stored = answer.stored.map { ($0.slot, sortedText($0.text)) }
        return out
    }

    /// Writes every answer, atomically.
    package static func write(_ lines: [[UInt8]], paths: HarnessPaths, file: String = QueueRoster.recordingFile) throws {
        var bytes: [UInt8] = []
        for line in lines { bytes += line; bytes.append(UInt8(ascii: "\n")) }
        let url = paths.root.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(bytes, to: url, within: paths.tree)
    }
}

extension QueueRecording {
    /// Why a recording was not written.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `command` (the project's Kotlin queue) over every queue case of its features and
    /// format and writes its answers; the first case it cannot answer (a crash line, a crash, a
    /// hang, a line for another case) stops it and nothing is written. Returns the case count.
    package static func record(_ paths: HarnessPaths, entry: QueueEndEntry, command: String, corpus: QueueCorpus = .standard(),
                               timeout: Double, startTimeout: Double?) throws -> Int {
        let format = entry.format ?? "android"
        let lines = corpus.writerCases.filter { $0.applies(toFeatures: entry.features, format: format) }.map { $0.line(for: entry.features).line }
        let session = QueueWriterSession(name: entry.name, command: command, lineTimeout: timeout, startTimeout: startTimeout ?? max(timeout, 60))
        defer { session.close() }
        var recorded: [[UInt8]] = []
        for (line, answer) in zip(lines, session.answer(lines)) {
            switch answer {
            case .failure(let crash):
                throw Failure(description: "queue case \(line.id): \(crash.text); nothing written")
            case .success(let value):
                let concurrent = line.ops.contains { if case .together = $0 { true } else { false } }
                recorded.append(Self.line(case: line, answer: (concurrent ? Self.sorted(value) : value).line()))
            }
        }
        try write(recorded, paths: paths)
        return recorded.count
    }
}
