import Foundation
import WidgetSnapshot

/// A folder of views, one `<fixture>.jsonl` per fixture, one canonical line per case in
/// case-stream order: `golden/expected/` (written by `update` from the C reference) and
/// `golden/kotlin/` (written by `scripts/record-kotlin`). One case per line means every
/// diff hunk a reviewer reads names its case.
public struct ViewStore {
    public let folder: URL
    /// How files are named in messages, e.g. `golden/expected`.
    public let displayName: String

    public init(folder: URL, displayName: String) {
        self.folder = folder
        self.displayName = displayName
    }

    /// True when the folder holds any view file (an empty, missing or unreadable folder
    /// holds none; `holdsViews()` tells unreadable apart).
    public var exists: Bool { (try? holdsViews()) ?? false }

    /// True when the folder holds any view file; false when it is missing or empty; an
    /// unreadable folder is an error (exit 2), never "no views".
    public func holdsViews() throws(HarnessInputError) -> Bool {
        let files = try GoldenText.list(folder, displayName: displayName) ?? []
        return files.contains { $0.hasSuffix(".jsonl") || $0 == "RECORDING.json" }
    }

    /// Every stored outcome by case id. A malformed line, a duplicate id or an unreadable
    /// file stops the run. Lines may end in LF or CRLF; a UTF-8 BOM is skipped.
    public func load() throws -> [String: ReaderOutcome] {
        var outcomes: [String: ReaderOutcome] = [:]
        guard try holdsViews() else { return outcomes }
        let files = (try GoldenText.list(folder, displayName: displayName) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        for file in files {
            let display = "\(displayName)/\(file)"
            let fixture = String(file.dropLast(".jsonl".count))
            let bytes = try GoldenText.require(folder.appendingPathComponent(file), displayName: display)
            for (number, line) in try GoldenText.lines(bytes, file: display).enumerated() where !line.isEmpty {
                let (id, outcome) = try ViewLine.parse(line, file: display, lineNumber: number + 1)
                guard id.prefix(while: { $0 != "/" }) == fixture else {
                    throw HarnessInputError(file: display, line: number + 1, field: "id", message: "case \(id) does not belong to fixture \(fixture)")
                }
                guard outcomes.updateValue(outcome, forKey: id) == nil else {
                    throw HarnessInputError(file: display, line: number + 1, field: "id", message: "duplicate case \(id)")
                }
            }
        }
        return outcomes
    }

    /// Replaces the folder's content with these views (grouped by fixture, in the given
    /// order), each file atomically; files of fixtures that no longer exist are removed.
    /// Returns the names of the files whose bytes changed.
    @discardableResult
    public func write(_ views: [DecodedView]) throws -> [String] {
        try write(lines: views.map { view in
            var line: [UInt8] = []
            view.appendCanonicalJSON(to: &line)
            return (view.id, line)
        })
    }

    /// The same for lines already written (a recording keeps a testee's lines byte for byte):
    /// each line's case id says its fixture.
    @discardableResult
    package func write(lines: [(id: String, line: [UInt8])]) throws -> [String] {
        var order: [String] = []
        var byFixture: [String: [UInt8]] = [:]
        for (id, line) in lines {
            let fixture = Self.fixture(of: id)
            guard !fixture.isEmpty, fixture.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
                throw HarnessInputError(file: displayName, field: "id", message: "case \(id): fixture name must be [a-z0-9-]+ (refusing to write outside \(displayName))")
            }
            if byFixture[fixture] == nil { order.append(fixture) }
            byFixture[fixture, default: []] += line
            byFixture[fixture]!.append(UInt8(ascii: "\n"))
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed: [String] = []
        for fixture in order {
            let url = folder.appendingPathComponent("\(fixture).jsonl")
            let bytes = byFixture[fixture]!
            if let old = try? Data(contentsOf: url), [UInt8](old) == bytes { continue }
            try AtomicFile.write(bytes, to: url)
            changed.append(url.lastPathComponent)
        }
        let keep = Set(order.map { "\($0).jsonl" })
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".jsonl") && !keep.contains(file) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            changed.append(file)
        }
        return changed
    }

    /// The fixture a case id belongs to (the file its line is stored in).
    package static func fixture(of id: String) -> String {
        String(id.prefix { $0 != "/" })
    }
}
