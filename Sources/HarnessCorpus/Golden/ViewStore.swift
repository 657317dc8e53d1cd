import ContractModel
import Foundation
import WidgetSnapshot

/// A folder of views, one `<fixture>.jsonl` per fixture, one canonical line per case in
/// case-stream order: `golden/expected/` (written by `update` from the C reference) and
/// `golden/kotlin/` (written by `scripts/record-kotlin`). One case per line means every
/// diff hunk a reviewer reads names its case; each line carries the fingerprint of the case
/// it came from and a seal (`GoldenLine`), so the gate tells a stale line from a deviation.
package struct ViewStore {
    package let folder: URL
    /// How files are named in messages, e.g. `golden/expected`.
    package let displayName: String

    /// Recordings of a reader may leave out fields it does not implement (CONTRACT §6);
    /// `golden/expected` may not: it is always complete.
    package let allowsNotImplemented: Bool
    /// The repository the folder belongs to: nothing is read or written through a link
    /// that leaves it, and no file is written through a link at all.
    package let tree: TreeBoundary
    /// The most one view file and the whole folder may hold, read or written
    /// (`InputLimits.goldenViewFileBytes`, `MadeLimits.goldenFolderBytes`).
    package var maximumFileBytes = InputLimits.goldenViewFileBytes
    package var maximumFolderBytes = MadeLimits.goldenFolderBytes

    package init(folder: URL, displayName: String, allowsNotImplemented: Bool = false, tree: TreeBoundary) {
        self.allowsNotImplemented = allowsNotImplemented
        self.tree = tree
        self.folder = folder
        self.displayName = displayName
    }

    /// True when the folder holds any view file (an empty, missing or unreadable folder
    /// holds none; `holdsViews()` tells unreadable apart).
    package var exists: Bool { (try? holdsViews()) ?? false }

    /// True when the folder holds any view file; false when it is missing or empty; an
    /// unreadable folder is an error (exit 2), never "no views".
    package func holdsViews() throws(HarnessInputError) -> Bool {
        let files = try GoldenText.list(folder, displayName: displayName, tree: tree) ?? []
        return files.contains { $0.hasSuffix(".jsonl") || $0 == "RECORDING.json" }
    }

    /// One stored line: what it says, where it is, and what it was produced from.
    package struct StoredLine: Sendable {
        package var outcome: ReaderOutcome
        /// `golden/expected/x.jsonl`.
        package var file: String
        package var lineNumber: Int
        package var provenance: GoldenLine.Provenance
        /// The view line as stored, provenance removed: what `outcome` was read from.
        package var view: [UInt8]
        /// Read without `allowsNotImplemented`: `outcome` is also what a lenient read of
        /// `view` gives (a complete view reads the same either way).
        package var readStrictly: Bool
    }

    /// Every stored outcome by case id (provenance stripped).
    package func load() throws -> [String: ReaderOutcome] {
        try loadLines().mapValues(\.outcome)
    }

    /// Every stored line by case id. A malformed line, a duplicate id or an unreadable
    /// file stops the run. Lines may end in LF or CRLF; a UTF-8 BOM is skipped. The lines
    /// are opened and parsed on up to `jobs` threads; what is returned, and the error thrown
    /// (the first in file and line order), is the same at any `jobs`.
    ///
    /// A view line byte-identical to the line `reusing` holds for its case (a recording
    /// that agrees with the expected output) takes that line's outcome instead of being
    /// parsed again: the same bytes read the same.
    package func loadLines(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                           reusing earlier: [String: StoredLine] = [:]) throws -> [String: StoredLine] {
        var outcomes: [String: StoredLine] = [:]
        let listed = try GoldenText.list(folder, displayName: displayName, tree: tree) ?? []
        guard listed.contains(where: { $0.hasSuffix(".jsonl") || $0 == "RECORDING.json" }) else { return outcomes }
        // Every line in file order; a file that cannot be read ends the list where it stands,
        // so an earlier file's bad line is still the error reported.
        var lines: [(display: String, fixture: Substring, number: Int, bytes: ArraySlice<UInt8>)] = []
        var unreadable: HarnessInputError?
        let files = listed.filter({ $0.hasSuffix(".jsonl") }).sorted()
        // The folder as a whole is bounded before any file is read (each file by its own limit below).
        let total = files.reduce(0) { $0 + GoldenText.size(folder.appendingPathComponent($1)) }
        guard total <= maximumFolderBytes else {
            throw HarnessInputError(file: displayName, message: "\(total) bytes of view files together, over the limit of "
                                    + "\(InputLimits.shown(maximumFolderBytes)) for a golden view folder (MadeLimits.goldenFolderBytes, docs/threat-model.md)")
        }
        for file in files {
            let display = "\(displayName)/\(file)"
            do throws(HarnessInputError) {
                let bytes = try GoldenText.require(folder.appendingPathComponent(file), displayName: display, tree: tree,
                                                   maximumBytes: maximumFileBytes)
                for (index, line) in try GoldenText.lines(bytes, file: display).enumerated() where !line.isEmpty {
                    lines.append((display, file.dropLast(".jsonl".count), index + 1, line))
                }
            } catch {
                unreadable = error
                break
            }
        }
        // Opened on every line; parsed once per distinct view text after the id (a fixture's
        // view repeats across zones and instants): SharedViewText says why that reads the same.
        let opened = ParallelMap.map(lines, jobs: jobs) { line in
            Result { () throws(HarnessInputError) -> (view: [UInt8], provenance: GoldenLine.Provenance) in
                let (view, provenance) = GoldenLine.open(line.bytes)
                if provenance == .none, let problem = GoldenLine.provenanceProblem(line.bytes) {
                    throw HarnessInputError(file: line.display, line: line.number, message: problem)
                }
                return (view, provenance)
            }
        }
        let shared = SharedViewText(opened.map { try? $0.get().view })
        /// Line `index` stored as `outcome`.
        func stored(_ outcome: ReaderOutcome, _ index: Int) throws(HarnessInputError) -> StoredLine {
            let (view, provenance) = try opened[index].get()
            return StoredLine(outcome: outcome, file: lines[index].display, lineNumber: lines[index].number, provenance: provenance,
                              view: view, readStrictly: !allowsNotImplemented)
        }
        /// Line `index` parsed on its own.
        func parse(_ index: Int) throws(HarnessInputError) -> (String, StoredLine) {
            let line = lines[index]
            let (id, outcome) = try ViewLine.parse(try opened[index].get().view, file: line.display, lineNumber: line.number,
                                                   allowingNotImplemented: allowsNotImplemented)
            return (id, try stored(outcome.compacted(storedDigests: true), index))
        }
        let parsed = ParallelMap.map(Array(lines.indices), jobs: jobs) { index in
            Result { () throws(HarnessInputError) -> (String, StoredLine)? in
                let view = try opened[index].get().view
                if let id = shared.id(of: index), let known = earlier[id], known.readStrictly || allowsNotImplemented, known.view == view {
                    return (id, try stored(known.outcome, index))
                }
                guard shared.leader(of: index) == nil else { return nil }  // read below from its leader's outcome
                return try parse(index)
            }
        }
        /// A line that shares its leader's view text: the leader's outcome under its own id, or,
        /// when the leader did not read as a view of its leading id, parsed on its own.
        func follower(_ index: Int) throws(HarnessInputError) -> (String, StoredLine) {
            if let leader = shared.leader(of: index), case .success(let read?) = parsed[leader],
               let id = shared.id(of: index), let outcome = SharedViewText.outcome(read.1.outcome, leaderID: read.0,
                                                                                  leadingID: shared.id(of: leader), as: id) {
                return (id, try stored(outcome, index))
            }
            return try parse(index)
        }
        outcomes.reserveCapacity(lines.count)
        for (index, (line, result)) in zip(lines, parsed).enumerated() {
            let (id, stored) = try result.get() ?? follower(index)
            guard CaseID.fixture(of: id) == line.fixture else {
                throw HarnessInputError(file: line.display, line: line.number, field: "id", message: "case \(id) does not belong to fixture \(line.fixture)")
            }
            guard outcomes.updateValue(stored, forKey: id) == nil else {
                throw HarnessInputError(file: line.display, line: line.number, field: "id", message: "duplicate case \(id)")
            }
        }
        if let unreadable { throw unreadable }
        return outcomes
    }

    /// The lines a reader's views would be stored as (`update`'s bytes: its outcomes are
    /// compacted already), by case id, for `loadLines(reusing:)`: a stored line with exactly
    /// these bytes reads as this outcome without being parsed. Failures are left out (an
    /// expected line is always a view).
    package static func storedLines(of outcomes: [ReaderOutcome], jobs: Int) -> [String: StoredLine] {
        let lines = ParallelMap.map(outcomes, jobs: jobs) { outcome -> (String, StoredLine)? in
            guard case .view(let view) = outcome else { return nil }
            return (view.id, StoredLine(outcome: outcome, file: "", lineNumber: 0, provenance: .none,
                                        view: view.canonicalJSON, readStrictly: true))
        }
        var byID: [String: StoredLine] = [:]
        byID.reserveCapacity(lines.count)
        for case let (id, line)? in lines { byID[id] = line }
        return byID
    }

    /// Replaces the folder's content with these views, `views[i]` produced from `cases[i]`
    /// (see `write(lines:)`), each as it is compared: its long texts already digests
    /// (`DecodedView.compacted`). Returns the names of the files whose bytes changed.
    @discardableResult
    package func write(_ views: [DecodedView], cases: [Case]) throws -> [String] {
        precondition(views.count == cases.count, "one view per case")
        return try write(lines: zip(views, cases).map { view, testCase in
            var line: [UInt8] = []
            view.appendCanonicalJSON(to: &line)
            return (testCase, line)
        }, recorded: false)
    }

    /// Replaces the folder's content with these lines (a recorded testee's lines byte for
    /// byte, but for a line holding a long text: `withDigests`), each sealed with the fingerprint of the case it was
    /// produced from (`GoldenLine`), grouped by fixture in the given order, each file written
    /// atomically; files of fixtures no longer produced are removed. Returns the names of the
    /// files whose bytes changed.
    @discardableResult
    package func write(lines: [(testCase: Case, line: [UInt8])]) throws -> [String] {
        try write(lines: lines, recorded: true)
    }

    /// `recorded`: the lines are a testee's, whose long texts are still whole (`withDigests`).
    private func write(lines: [(testCase: Case, line: [UInt8])], recorded: Bool) throws -> [String] {
        var order: [String] = []
        var byFixture: [String: [UInt8]] = [:]
        for (testCase, line) in lines {
            let fixture = String(CaseID.fixture(of: testCase.id))
            guard !fixture.isEmpty, fixture.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
                throw HarnessInputError(file: displayName, field: "id", message: "case \(testCase.id): fixture name must be [a-z0-9-]+ (refusing to write outside \(displayName))")
            }
            if let problem = Self.storableProblem(line) {
                throw HarnessInputError(file: displayName, field: "id", message: "case \(testCase.id): \(problem)")
            }
            if byFixture[fixture] == nil { order.append(fixture) }
            let stored = recorded ? try GoldenProvenance.storedForm(line, caseId: testCase.id) : line
            byFixture[fixture, default: []] += GoldenLine.seal(stored, caseFingerprint: CaseFingerprint.of(testCase))
            byFixture[fixture]!.append(UInt8(ascii: "\n"))
        }
        // What would be written is bounded before the first write: nothing is written when one
        // file or the folder would go over (a file `check` would then refuse to read).
        for fixture in order where byFixture[fixture]!.count > maximumFileBytes {
            throw HarnessInputError(file: "\(displayName)/\(fixture).jsonl", message: "would be \(byFixture[fixture]!.count) bytes, over the limit of "
                                    + "\(InputLimits.shown(maximumFileBytes)) for a golden view file (docs/threat-model.md); nothing was written")
        }
        let total = order.reduce(0) { $0 + byFixture[$1]!.count }
        guard total <= maximumFolderBytes else {
            throw HarnessInputError(file: displayName, message: "would hold \(total) bytes, over the limit of \(InputLimits.shown(maximumFolderBytes)) "
                                    + "for a golden view folder (MadeLimits.goldenFolderBytes, docs/threat-model.md); nothing was written")
        }
        // Every file this may write or remove is checked before the first write.
        try checkWritable(order.map { "\($0).jsonl" })
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed: [String] = []
        for fixture in order {
            let url = folder.appendingPathComponent("\(fixture).jsonl")
            if try AtomicFile.writeIfChanged(byFixture[fixture]!, to: url, within: tree) { changed.append(url.lastPathComponent) }
        }
        let keep = Set(order.map { "\($0).jsonl" })
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".jsonl") && !keep.contains(file) {
            // Only a file this store wrote (views of its own fixture's cases) is removed;
            // anything else someone put here is left alone (`foreignFiles`).
            guard isOwnOutput(file) else { continue }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            changed.append(file)
        }
        return changed
    }

    /// Why a view line cannot be stored as it is (nil when it can): a golden line is one
    /// JSON object whose first member is the case's `id` (the seal and the fixture's file are
    /// found by it), as CONTRACT §6 writes view lines; the other members may come in any order.
    package static func storableProblem(_ line: [UInt8]) -> String? {
        guard line.starts(with: Array("{\"id\":".utf8)), line.last == UInt8(ascii: "}") else {
            let start = String(decoding: line.prefix(24), as: UTF8.self)
            return "its line does not begin with the case's id (it begins \(UntrustedText.escape(start.debugDescription))): "
                + "a view line is one JSON object whose first member is \"id\" (CONTRACT §6)"
        }
        return nil
    }

    /// The line as a golden file keeps it: a recorded line holding a long text (or one that
    /// looks like a digest) is written again in canonical form with that text as its digest
    /// (`LongTextDigest`); any other line (and any crash line) is kept byte for byte.
    private static func withDigests(_ line: [UInt8], of testCase: Case) throws(HarnessInputError) -> [UInt8] {
        let marker = Array(LongTextDigest.prefix.utf8)
        let mayHold = line.count > LongTextDigest.maximumBytes
            || line.contains(bytes: marker)
        guard mayHold else { return line }
        let (_, outcome) = try ViewLine.parse(line, file: "the line for case \(testCase.id)", lineNumber: 1, allowingNotImplemented: true)
        // (A crash line is kept as it is: its text is the testee's, not a view's.)
        guard case .view(let view) = outcome, view.holdsLongText else { return line }
        return view.compacted().canonicalJSON
    }

    /// Refuses (exit 2, naming the path) a folder that is, or lies under, a link leaving the
    /// tree, and any of `files` or of the folder's `.jsonl` files (which `write` may remove
    /// after reading them) that is a link or not a regular file: called before any write.
    package func checkWritable(_ files: [String] = []) throws(HarnessInputError) {
        try tree.check(folder)
        let present = (try GoldenText.list(folder, displayName: displayName, tree: tree) ?? []).filter { $0.hasSuffix(".jsonl") || $0 == "RECORDING.json" }
        for file in Set(files + present).sorted() {
            try tree.checkWritable(folder.appendingPathComponent(file))
        }
    }

    /// `.jsonl` files in the folder this store did not write: not every line is a view of a
    /// case of the fixture the file is named after (`notes.jsonl`). `write` never removes them.
    package func foreignFiles() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") && !isOwnOutput($0) }.sorted()
    }

    /// True when every line of `file` is a view line of a case of its fixture.
    private func isOwnOutput(_ file: String) -> Bool {
        let fixture = String(file.dropLast(".jsonl".count))
        // (Through the boundary and within a golden file's limit, like every read of the tree.)
        guard let data = try? GoldenText.read(folder.appendingPathComponent(file), displayName: file, tree: tree,
                                              maximumBytes: InputLimits.goldenViewFileBytes),
              let lines = try? GoldenText.lines(data, file: file), !lines.isEmpty else { return false }
        return lines.allSatisfy { line in
            guard let (id, _) = try? ViewLine.parse(GoldenLine.view(Array(line)), file: file, lineNumber: 1) else { return false }
            return CaseID.fixture(of: id) == fixture
        }
    }

}
