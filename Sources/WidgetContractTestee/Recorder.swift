import ContractModel
import Foundation
import WidgetSnapshot

extension Testee {
    /// What a recording run wrote.
    public struct Recorded: Sendable {
        /// Cases recorded.
        public let cases: Int
        /// Cases the reader threw or trapped on (recorded as crash lines, as the harness would).
        public let crashes: Int
        /// Files written in the recording folder.
        public let files: [String]
    }

    /// Why a recording could not be made (nothing is left half-written but the resumable
    /// progress file).
    public struct RecordingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Records the reader's views of every case of `cases` into `folder`, where the reader
    /// really runs: the iOS reader on Apple's Foundation, in an XCTest on macOS or a simulator
    /// (docs/adopting.md, "Recordings"). `cases` is the app's case stream, as
    /// `contract-harness tool cases --contract DIR --out FILE` writes it; `folder` is the app's
    /// `recordings/NAME` (e.g. found from `#filePath`). The recording is what the gate compares
    /// like the harness's own Kotlin recording: one file per fixture, each line sealed with
    /// the fingerprint of its case (a case changed since is named stale, with the command to
    /// run), and `RECORDING.json` saying what it was recorded on. A case the reader throws on
    /// is recorded as a crash line; one it traps on ends the process — run the recording again
    /// and it resumes after that case (recorded as a crash line too), from the progress file
    /// `.recording-in-progress.jsonl` it keeps in the folder until the end. `sources`: the files
    /// the reader is made of (its `WidgetData.swift`): RECORDING.json names each one's SHA-256, and
    /// the gate calls the recording stale once they change (give the same files as the reader's
    /// `"sources"` or `"swift"` in widget-contract.json).
    @discardableResult
    public static func record(cases: URL, into folder: URL, revision: Int, sources: [URL] = [],
                              _ reader: (TesteeCase) throws -> TesteeView) throws -> Recorded {
        try record(cases: cases, into: folder, features: String(revision), sources: sources, reader)
    }

    @discardableResult
    /// `record` for a reader that implements the contract features `features` (a set's name or
    /// features joined with `+`, as `run(features:)` takes them).
    public static func record(cases: URL, into folder: URL, features: String = "1", sources: [URL] = [],
                              _ reader: (TesteeCase) throws -> TesteeView) throws -> Recorded {
        try Recorder(cases: cases, folder: folder, features: features, sources: sources).run(reader)
    }
}

/// The work of `Testee.record`: the case stream read strictly, each answer sealed as the
/// harness seals a golden line (`GoldenProvenance`, with the portable SHA-256: the harness's
/// OpenSSL is not here), appended to a progress file a trap cannot lose, then the files of
/// the recording written whole.
struct Recorder {
    static let progressFile = ".recording-in-progress.jsonl"

    let cases: URL
    let folder: URL
    /// The features the reader declares, as `Testee.run(features:)` takes them.
    let features: String
    var sources: [URL] = []

    func run(_ reader: (TesteeCase) throws -> TesteeView) throws -> Testee.Recorded {
        let stream: [UInt8]
        do {
            stream = [UInt8](try Data(contentsOf: cases))
        } catch {
            throw Testee.RecordingError(description: "cannot read the case stream \(cases.path): \(error.localizedDescription) "
                                        + "(write it with `contract-harness tool cases --contract DIR --out FILE`)")
        }
        var items: [Case] = []
        for (offset, line) in stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do {
                items.append(try CaseStream.readLine(Array(line), file: cases.lastPathComponent, line: offset + 1))
            } catch {
                throw Testee.RecordingError(description: "\(error)")
            }
        }
        guard !items.isEmpty else { throw Testee.RecordingError(description: "\(cases.path) holds no case") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let progress = folder.appendingPathComponent(Self.progressFile)
        var lines = resumed(progress, items)
        var crashes = zip(items, lines).filter { Self.isCrash($1, id: $0.id) }.count
        if lines.isEmpty { FileManager.default.createFile(atPath: progress.path, contents: Data()) }
        guard let handle = try? FileHandle(forWritingTo: progress) else {
            throw Testee.RecordingError(description: "cannot write \(progress.path)")
        }
        handle.seekToEndOfFile()
        CrashGuard.install()
        CrashGuard.descriptor = handle.fileDescriptor
        for item in items.dropFirst(lines.count) {
            let testeeCase = TesteeCase(item)
            let fingerprint = PortableSHA256.hex(GoldenProvenance.fingerprintInput(of: item), digits: GoldenProvenance.fingerprintLength)
            let trapped = ReaderOutcome.failure("the reader trapped (signal) in reader").canonicalLine(id: item.id)
            CrashGuard.arm(Self.sealed(trapped, fingerprint) + [UInt8(ascii: "\n")])
            var line: [UInt8]
            do {
                line = ViewLineWriter.bytes(id: item.id, view: try reader(testeeCase))
            } catch {
                line = ReaderOutcome.failure("\(type(of: error)): \(error) in reader").canonicalLine(id: item.id)
                crashes += 1
            }
            CrashGuard.disarm()
            let stored = Self.sealed(try GoldenProvenance.storedForm(line, caseId: item.id), fingerprint)
            handle.write(Data(stored + [UInt8(ascii: "\n")]))
            lines.append(stored)
        }
        CrashGuard.descriptor = 1
        handle.closeFile()

        let files = try write(lines, items, stream: stream, crashes: crashes)
        try? FileManager.default.removeItem(at: progress)
        return Testee.Recorded(cases: items.count, crashes: crashes, files: files)
    }

    /// The lines a progress file holds for the stream's first cases, in order (a file from
    /// another stream, or cut inside a line, is used up to where it still matches).
    private func resumed(_ progress: URL, _ items: [Case]) -> [[UInt8]] {
        guard let data = try? Data(contentsOf: progress) else { return [] }
        var lines: [[UInt8]] = []
        for line in [UInt8](data).split(separator: UInt8(ascii: "\n")) {
            guard lines.count < items.count else { break }
            let id = Self.idPrefix(items[lines.count].id)
            let fingerprint = PortableSHA256.hex(GoldenProvenance.fingerprintInput(of: items[lines.count]), digits: GoldenProvenance.fingerprintLength)
            guard line.starts(with: id), line.count > 40,
                  String(decoding: line.suffix(45), as: UTF8.self).contains(#""case":"\#(fingerprint)""#) else { break }
            lines.append(Array(line))
        }
        return lines
    }

    /// Writes one file per fixture (in stream order) and RECORDING.json; removes the `.jsonl`
    /// files of fixtures the stream no longer has. Each file lands whole (written beside, then renamed).
    private func write(_ lines: [[UInt8]], _ items: [Case], stream: [UInt8], crashes: Int) throws -> [String] {
        var order: [String] = []
        var byFixture: [String: [UInt8]] = [:]
        for (item, line) in zip(items, lines) {
            let fixture = String(CaseID.fixture(of: item.id))
            guard CaseID.isName(fixture) else { throw Testee.RecordingError(description: "case \(item.id): its fixture name is not [a-z0-9-]+") }
            if byFixture[fixture] == nil { order.append(fixture) }
            byFixture[fixture, default: []] += line + [UInt8(ascii: "\n")]
        }
        var written: [String] = []
        for fixture in order {
            try Data(byFixture[fixture]!).write(to: folder.appendingPathComponent("\(fixture).jsonl"), options: .atomic)
            written.append("\(fixture).jsonl")
        }
        let keep = Set(order.map { "\($0).jsonl" })
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".jsonl") && !keep.contains(file) && file != Self.progressFile {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        var digests: [String: String] = [:]
        for source in sources {
            guard let data = try? Data(contentsOf: source) else { throw Testee.RecordingError(description: "cannot read the source \(source.path)") }
            digests[source.lastPathComponent] = PortableSHA256.hex([UInt8](data))
        }
        var counts: [String: Int] = [:]
        for item in items { counts[String(CaseID.fixture(of: item.id)), default: 0] += 1 }
        var about: [String: Any] = [
            "recordedBy": "WidgetContractTestee \(HarnessRelease.version) (Testee.record)",
            "features": features,
            "platform": RecordingPlatform.current,
            "caseStream": ["sha256": PortableSHA256.hex(stream), "cases": items.count],
            "fixtures": counts,
            "crashes": crashes,
        ]
        if !digests.isEmpty { about["sources"] = digests }
        var json = try JSONSerialization.data(withJSONObject: about, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        json.append(UInt8(ascii: "\n"))
        try json.write(to: folder.appendingPathComponent("RECORDING.json"), options: .atomic)
        return written + ["RECORDING.json"]
    }

    private static func sealed(_ line: [UInt8], _ fingerprint: String) -> [UInt8] {
        GoldenProvenance.seal(line, caseFingerprint: fingerprint) { PortableSHA256.hex($0, digits: $1) }
    }

    /// `{"id":"<the id, escaped as every line writes it>"`.
    private static func idPrefix(_ id: String) -> [UInt8] {
        let line = ReaderOutcome.failure("").canonicalLine(id: id)
        return Array(line.prefix(line.count - #","crash":""}"#.utf8.count))
    }

    /// A crash line for case `id` (`{"id":…,"crash":…}`), sealed or not.
    private static func isCrash(_ line: [UInt8], id: String) -> Bool {
        line.starts(with: idPrefix(id) + Array(#","crash":"#.utf8))
    }
}

/// Where a recording was made: what RECORDING.json says, so the gate can tell a recording made
/// on Apple's Foundation from a stand-in made on Linux's.
enum RecordingPlatform {
    static var current: [String: String] {
        var facts: [String: String] = ["os": ProcessInfo.processInfo.operatingSystemVersionString]
        #if canImport(Darwin)
        facts["foundation"] = "apple"
        #else
        facts["foundation"] = "swift-corelibs-foundation"
        #endif
        #if os(iOS)
        facts["system"] = "iOS"
        #elseif os(macOS)
        facts["system"] = "macOS"
        #elseif os(Linux)
        facts["system"] = "Linux"
        #endif
        #if arch(arm64)
        facts["arch"] = "arm64"
        #elseif arch(x86_64)
        facts["arch"] = "x86_64"
        #endif
        #if swift(>=6.3)
        facts["swift"] = "6.3+"
        #elseif swift(>=6.0)
        facts["swift"] = "6.0+"
        #endif
        return facts
    }
}

extension TesteeCase {
    /// The case as a reader gets it.
    init(_ item: Case) {
        self.init(id: item.id, blob: item.blob,
                  pendingDoneTargets: item.pendingDoneTargets.map { (taskId: $0.taskId.string, isDone: $0.isDone) },
                  pendingDoneTimestamps: item.pendingDoneTimestamps.map { (taskId: $0.taskId.string, doneAtMs: $0.ms) },
                  selectedProjectId: item.selectedProjectId?.string, capacity: item.capacity, nowMs: item.nowMs,
                  timeZoneName: item.timeZone, deviceLocaleIdentifier: item.deviceLocale?.tag)
    }
}
