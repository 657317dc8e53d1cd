import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import WidgetSnapshot

/// The gate's judgement of the writer side, over the corpus's `writer` family
/// (CONTRACT.md §7): each is a problem that fails `check`, the writer's ones starting
/// `writer finding:` and naming the state (its file and line) and the case.
/// - the writer end must answer every state with a blob (a crash line is a writer finding);
/// - every blob of a state the app can hold (`inApp`) must be valid for its revision's writer
///   schema (`WriterSchema`);
/// - what the widget shows for it (the C reference's view, the contract's authority) must be
///   what the state means (`WriterIntent`);
/// - every fixture that claims to be the writer's output (`writerValid`) must be, byte for
///   byte, the writer's blob of state `fixtures/<fixture>` unless `golden/states/fixture-findings.txt`
///   lists it with its reason (another team's writer, `foreign`: the same JSON, key order,
///   whitespace and escapes free); the other fixtures are hand-made (robustness inputs).
/// Blobs of states outside the app are read by every reader, not judged here.
package enum WriterChecks {
    package static let fixtureFindingsFile = "golden/states/fixture-findings.txt"

    /// What the checks found: problems (failing the gate) and notices (shown, not failing).
    package struct Result: Sendable {
        package var problems: [String] = []
        package var notices: [String] = []
    }

    package static func run(_ corpus: Corpus, root: URL, reference: any InProcessReader = CReferenceReader(), jobs: Int = 1,
                            writer: WriterRevision = WriterRevision(), foreign: Bool = false) throws -> Result {
        guard let family = corpus.writer else { return Result() }
        var result = Result()
        let inApp = family.entries.filter { $0.state.state?.inApp == true && $0.blob != nil }
        let judge = try WriterBlobJudge(root: root, revisions: Set(inApp.compactMap { $0.state.state?.revision }), writer: writer, reference: reference)
        let judged = inApp.filter { !judge.isPending($0.state.state!) }
        result.notices += revisionNotices(family, judged: judged.count, inApp: inApp.count, writer: writer)
        let casesById = Dictionary(corpus.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // The reference's views of every judged case, on `jobs` threads; in entry order.
        let work = judged.flatMap { entry in entry.caseIds.map { (entry, $0) } }
        let intent = ParallelMap.map(work, jobs: jobs) { entry, id -> [String] in
            guard let state = entry.state.state, let testCase = casesById[id] else { return [] }
            let instant = String(id.split(separator: "@").last ?? "")
            return judge.intentProblems(state, boundary: entry.boundary, instant: instant, testCase: testCase)
                .map { "writer finding: \(named(entry)), case \(id): \($0)" }
        }
        var intentByState: [String: [String]] = [:]
        for ((entry, _), found) in zip(work, intent) { intentByState[entry.state.id, default: []] += found }
        for entry in family.entries {
            switch entry.answer {
            case .failure(let reason):
                result.problems.append("the writer end failed on \(named(entry)): \(UntrustedText.escape(reason)) (`\(family.command)`)")
            case .crash(let crash):
                result.problems.append("writer finding: \(named(entry)): the writer wrote a crash line, no blob: \(UntrustedText.escape(crash))")
            case .blob(let blob):
                // Outside the app: read, not judged; of a later revision than declared: pending (noticed).
                guard let state = entry.state.state, state.inApp, !judge.isPending(state) else { continue }
                result.problems += judge.schemaProblems(state, blob: blob).map { "writer finding: \(named(entry)): \($0)" }
                result.problems += intentByState[entry.state.id] ?? []
            }
        }
        let fixtures = try fixtureRegeneration(corpus.fixtures, family: family, root: root, writer: writer, foreign: foreign)
        result.problems += fixtures.problems
        result.notices += fixtures.notices
        return result
    }

    /// Writer findings on a case where the reference reader (whose view is "what the widget
    /// shows") deviates unexpectedly from golden/expected get a note saying so: a planted
    /// reference bug otherwise reads as a writer bug and sends the reader of the report to the
    /// writer first. Other problems are returned as they are.
    package static func notingReferenceDeviations(_ problems: [String], deviating: Set<String>, reader: String) -> [String] {
        problems.map { problem in
            guard problem.hasPrefix("writer finding: "), let start = problem.range(of: ", case ")?.upperBound,
                  let end = problem[start...].range(of: ": ")?.lowerBound, deviating.contains(String(problem[start..<end])) else { return problem }
            return problem + " [the \(reader) reader, whose view this judges, itself deviates from golden/expected on this case: look at the reader first]"
        }
    }

    /// The writer's declared revision, shown in the summary with what it held it to (CONTRACT.md §7.5).
    private static func revisionNotices(_ family: WriterFamily, judged: Int, inApp: Int, writer: WriterRevision) -> [String] {
        guard let declared = writer.declared else { return [] }
        let pending = family.entries.filter { ($0.state.state?.revision ?? 0) > declared && $0.state.state?.inApp == true }
        var text = "writer at revision \(declared) (`\(family.command)`): \(judged) of \(inApp) in-app states judged at revision \(declared)'s writer schema and intent"
        if let first = pending.first {
            text += "; \(pending.count) pending, of a later revision than it declares (not judged: not checked), first \(first.state.id) (\(first.state.location))"
        }
        return [text]
    }

    private static func named(_ entry: WriterFamily.Entry) -> String { "state \(entry.state.id) (\(entry.state.location))" }

    /// Each `writerValid` fixture's base blob against the writer's blob of `fixtures/<name>`.
    /// A writer declared at a later revision than a fixture's state writes that revision's fields
    /// too, so its blob is not compared byte for byte (a notice; the state is judged as any).
    static func fixtureRegeneration(_ fixtures: [Fixture], family: WriterFamily, root: URL,
                                    writer: WriterRevision = WriterRevision(), foreign: Bool = false) throws -> Result {
        var result = Result()
        var otherRevision: [String] = []
        var sameMeaning: [String] = []
        let listed = try knownFindings(root: root)
        let written = Dictionary(family.entries.compactMap { entry in
            entry.state.id.hasPrefix("fixtures/") ? (String(entry.state.id.dropFirst("fixtures/".count)), entry) : nil
        }, uniquingKeysWith: { first, _ in first })
        for fixture in fixtures where fixture.writerValid {
            let file = "\(FixtureLoader.directory)/\(fixture.name).json"
            guard let entry = written[fixture.name] else {
                result.problems.append("\(file) is writerValid, but golden/states/fixtures.jsonl has no state fixtures/\(fixture.name) to regenerate it from")
                continue
            }
            guard let blob = entry.blob else { continue }  // the writer's failure is a problem already
            if let declared = writer.declared, let revision = entry.state.state?.revision, revision != declared {
                otherRevision.append(fixture.name)
                continue
            }
            let claimed = fixture.blobText
            if blob == claimed {
                if listed[fixture.name] != nil {
                    result.problems.append("\(fixtureFindingsFile): \(fixture.name) is listed, but its blob is now the writer's: remove the line")
                }
            } else if foreign, BlobMeaning.same(claimed, blob) {
                sameMeaning.append(fixture.name)
            } else if let reason = listed[fixture.name] {
                result.notices.append("known writer finding, listed in \(fixtureFindingsFile): \(file) is not the writer's blob of state fixtures/\(fixture.name): \(UntrustedText.escape(reason))")
            } else {
                result.problems.append("writer finding: \(file) claims to be the writer's output (writerValid), but the writer's blob of state fixtures/\(fixture.name) (\(entry.state.location)) differs: \(difference(claimed, blob))")
            }
        }
        if let declared = writer.declared, let first = otherRevision.first {
            result.notices.append("\(otherRevision.count) writerValid fixture(s) not compared byte for byte with the writer's blob of their state (of another revision than the writer's \(declared)): \(first)"
                                  + (otherRevision.count > 1 ? " and \(otherRevision.count - 1) more" : ""))
        }
        if let first = sameMeaning.first {
            result.notices.append("\(sameMeaning.count) writerValid fixture(s) are this writer's blob of their state as JSON, not byte for byte (key order, whitespace or escapes differ): \(first)"
                                  + (sameMeaning.count > 1 ? " and \(sameMeaning.count - 1) more" : ""))
        }
        let valid = Set(fixtures.filter(\.writerValid).map(\.name))
        for name in written.keys.sorted() where !valid.contains(name) {
            result.problems.append("state fixtures/\(name) (\(written[name]!.state.location)): \(FixtureLoader.directory)/\(name).json is not a writerValid fixture (hand-made fixtures have no state)")
        }
        for name in listed.keys.sorted() where !valid.contains(name) {
            result.problems.append("\(fixtureFindingsFile): \(name) is not a writerValid fixture")
        }
        return result
    }

    /// `golden/states/fixture-findings.txt`: `<fixture>  <reason>` per line, `#` comments.
    static func knownFindings(root: URL) throws -> [String: String] {
        let url = root.appendingPathComponent(fixtureFindingsFile)
        guard let bytes = try GoldenText.read(url, displayName: fixtureFindingsFile, tree: TreeBoundary(root: root)) else { return [:] }
        var listed: [String: String] = [:]
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let name = String(text.prefix { $0 != " " })
            let reason = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw HarnessInputError(file: fixtureFindingsFile, line: index + 1, message: "\(name) has no reason")
            }
            listed[name] = reason
        }
        return listed
    }

    /// Where two blob texts part, with a little of each.
    static func difference(_ claimed: [UInt8], _ written: [UInt8]) -> String {
        let at = zip(claimed, written).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(claimed.count, written.count)
        func piece(_ bytes: [UInt8]) -> String {
            UntrustedText.escape(String(decoding: bytes[at...].prefix(60), as: UTF8.self)).debugDescription
        }
        return "from byte \(at), the fixture has \(piece(claimed)), the writer \(piece(written))"
    }
}
