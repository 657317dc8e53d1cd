import HarnessCorpus
import ContractModel
import WidgetSnapshot
import XCTest
import HarnessTestSupport
import TestSupport

final class FixtureLoaderTests: XCTestCase {
    private var expectedNames: [String] { CorpusTestSupport.familyFixtures }


    func testLoadsEveryFixtureSortedByName() throws {
        let names = try CorpusTestSupport.fixtures().map(\.name)
        let files = try FileManager.default.contentsOfDirectory(atPath: TestRepository.url("golden/fixtures").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        XCTAssertEqual(names, files.sorted(), "every fixture file is loaded, none twice")
        XCTAssertTrue(Set(expectedNames).isSubset(of: names), "the fixtures the families are written for are there")
        XCTAssertEqual(names, names.sorted())
    }

    func testEveryFixtureRunsInTheContractZonesAndHasAOneLineDescription() throws {
        for fixture in try CorpusTestSupport.fixtures() {
            for zone in FixtureLoader.requiredZones {
                XCTAssertTrue(fixture.zones.contains(zone), "\(fixture.name) lacks \(zone)")
            }
            XCTAssertFalse(fixture.description.isEmpty)
            XCTAssertFalse(fixture.description.contains("\n"))
            XCTAssertTrue(fixture.instant(named: "far") != nil, "\(fixture.name) has no far-future instant")
        }
    }

    func testCanonicalIsTheContractBlobExtendedToThreeTasks() throws {
        let canonical = try CorpusTestSupport.fixture("canonical")
        XCTAssertEqual(CorpusTestSupport.text(canonical.blobText),
                       #"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":["#
                           + #"{"id":"t1","title":"Task one","isDone":false,"projectId":"p1"},"#
                           + #"{"id":"t2","title":"Task two","isDone":true},"#
                           + #"{"id":"t3","title":"Task three","isDone":false,"projectId":"p2"}],"#
                           + ##""projectColors":{"p1":"#ff0000"}}"##)
        XCTAssertEqual(canonical.writer, Fixture.WriterStamp(dayStr: "2026-07-17", timeZone: "Europe/Berlin",
                                                             startOfNextDayOffsetMs: 0))
    }

    func testLegacyHasNoStampAndNoWriter() throws {
        let legacy = try CorpusTestSupport.fixture("legacy")
        XCTAssertFalse(legacy.writerValid)
        XCTAssertNil(legacy.writer)
        XCTAssertNil(legacy.blob["dayStr"])
        XCTAssertNil(legacy.blob["validUntil"])
        XCTAssertFalse(legacy.blob["tasks"]?.arrayValue?.isEmpty ?? true)
    }

    func testCoverageFixturesHoldWhatTheirNamesSay() throws {
        XCTAssertEqual(try CorpusTestSupport.fixture("no-tasks").blob["tasks"], .array([]))
        XCTAssertGreaterThanOrEqual(try CorpusTestSupport.fixture("many-tasks").blob["tasks"]?.arrayValue?.count ?? 0, 20)
        XCTAssertEqual(try CorpusTestSupport.fixture("offset-4h").writer?.startOfNextDayOffsetMs, 14_400_000)

        let text = CorpusTestSupport.text(try CorpusTestSupport.fixture("non-ascii").blobText)
        let scalars = text.unicodeScalars.map(\.value)
        XCTAssertTrue(scalars.contains(0x200D), "no ZWJ sequence")
        XCTAssertTrue(scalars.contains { (0x1F300...0x1FAFF).contains($0) }, "no emoji")
        XCTAssertTrue(scalars.contains { (0x0600...0x06FF).contains($0) }, "no Arabic")
        XCTAssertTrue(scalars.contains { (0x0590...0x05FF).contains($0) }, "no Hebrew")
        XCTAssertTrue(scalars.contains(0x0301), "no combining acute accent")
        XCTAssertTrue(scalars.contains { (0x4E00...0x9FFF).contains($0) }, "no CJK")
    }

    // MARK: - Refusing bad files

    /// The canonical fixture's file as a JSON object, to break one field at a time.
    private func canonicalFile() throws -> JSONObject {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestRepository.root.path + "/golden/fixtures/canonical.json"))
        return try XCTUnwrap(JSONParser().parse(Array(data)).objectValue)
    }

    private func refusal(_ file: JSONObject, name: String = "x") -> HarnessInputError? {
        do {
            _ = try FixtureLoader.parse(JSONWriter.compact(.object(file)), name: name, file: "golden/fixtures/\(name).json")
            return nil
        } catch {
            return error
        }
    }

    func testTheCanonicalFileItselfIsAccepted() throws {
        XCTAssertNil(refusal(try canonicalFile()))
    }

    func testAWrongKindNamesFileAndField() throws {
        var file = try canonicalFile()
        var instants = try XCTUnwrap(file["instants"]?.objectValue)
        instants["at"] = .string("soon")
        file["instants"] = .object(instants)
        let error = try XCTUnwrap(refusal(file))
        XCTAssertEqual(error.file, "golden/fixtures/x.json")
        XCTAssertEqual(error.field, "instants.at")
        XCTAssertEqual(error.description, "golden/fixtures/x.json:1: field `instants.at`: expected an integer")
    }

    /// The committed canonical.json's text with `edit` applied; the refusal of it.
    private func refusalOfEditedText(_ edit: (String) -> String) throws -> (HarnessInputError?, [String]) {
        let text = edit(try String(contentsOfFile: TestRepository.root.path + "/golden/fixtures/canonical.json", encoding: .utf8))
        do {
            _ = try FixtureLoader.parse(Array(text.utf8), name: "x", file: "golden/fixtures/x.json")
            return (nil, text.components(separatedBy: "\n"))
        } catch {
            return (error, text.components(separatedBy: "\n"))
        }
    }

    /// A field error names the line a person opens the file at: the field's own line, or, for a
    /// missing field, the line of the object that lacks it.
    func testAFieldErrorNamesTheLineOfTheField() throws {
        let (zone, zoneLines) = try refusalOfEditedText { $0.replacingOccurrences(of: "\"America/Sao_Paulo\"", with: "\"America/Sao_Pablo\"") }
        let zoneLine = try XCTUnwrap(zoneLines.firstIndex { $0.contains("Sao_Pablo") }) + 1
        XCTAssertGreaterThan(zoneLine, 1)
        XCTAssertEqual(zone?.description, "golden/fixtures/x.json:\(zoneLine): field `zones[2]`: unknown time zone `America/Sao_Pablo`")

        let (unknown, unknownLines) = try refusalOfEditedText { $0.replacingOccurrences(of: "\"timeZone\":", with: "\"timeZon\":") }
        let unknownLine = try XCTUnwrap(unknownLines.firstIndex { $0.contains("\"timeZon\"") }) + 1
        XCTAssertGreaterThan(unknownLine, 1)
        XCTAssertEqual(unknown?.line, unknownLine)
        XCTAssertEqual(unknown?.field, "writer.timeZon")

        let (kind, kindLines) = try refusalOfEditedText { $0.replacingOccurrences(of: "\"startOfNextDayOffsetMs\": 0", with: "\"startOfNextDayOffsetMs\": \"0\"") }
        XCTAssertEqual(kind?.line, try XCTUnwrap(kindLines.firstIndex { $0.contains("startOfNextDayOffsetMs") }) + 1)

        // `instants` removed whole: the top-level object that lacks it starts on line 1.
        let (missing, _) = try refusalOfEditedText { text in
            let start = text.range(of: "  \"instants\": {")!.lowerBound
            let end = text.range(of: "},\n", range: start..<text.endIndex)!.upperBound
            return text.replacingCharacters(in: start..<end, with: "")
        }
        XCTAssertEqual(missing?.description, "golden/fixtures/x.json:1: field `instants`: missing")
    }

    func testAPathLikeNameIsRefusedBeforeReadingAnything() throws {
        XCTAssertThrowsError(try FixtureLoader.load(named: "../x", root: TestRepository.root.path)) { error in
            let error = error as? HarnessInputError
            XCTAssertEqual(error?.file, "golden/fixtures/../x.json")
            XCTAssertTrue(error?.message.contains("`../x` is not [a-z0-9-]+") ?? false, "\(String(describing: error))")
        }
        XCTAssertNotNil(refusal(try canonicalFile(), name: "Canonical"))
    }

    /// A scratch tree whose `folder` (a golden/ folder) holds the repository's `file` of it plus
    /// `kept` (entries that must stay ignored); removed by the caller.
    private func scratchFolder(_ folder: String, file: String, kept: [String]) throws -> (root: URL, folder: URL, file: Data) {
        let root = Scratch.url("folder-entries")
        let url = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: TestRepository.root.path).appendingPathComponent("\(folder)/\(file)"))
        try data.write(to: url.appendingPathComponent(file))
        for name in kept { try Data("x".utf8).write(to: url.appendingPathComponent(name)) }
        return (root, url, data)
    }

    /// The stray entry's refusal: it names `folder/entry` and says what the entry is not.
    private func assertRefused(_ load: () throws -> Any?, entry: String, folder: String, saying text: String) {
        XCTAssertThrowsError(try load(), entry) { error in
            let error = error as? HarnessInputError
            XCTAssertEqual(error?.file, "\(folder)/\(entry)")
            XCTAssertTrue(error?.message.contains(text) ?? false, "\(String(describing: error))")
        }
    }

    /// A fixture saved under another extension, or in a subfolder, would never run and the gate
    /// would pass without it: refused, naming the entry (found attacking the CLI with broken trees).
    func testAnEntryThatIsNotAFixtureFileIsRefusedNotSkipped() throws {
        for entry in ["extra.JSON", "extra.jsonc", "canonical.json~", "sub"] {
            let (root, folder, canonical) = try scratchFolder(FixtureLoader.directory, file: "canonical.json",
                                                              kept: ["README.md", ".DS_Store", ".canonical.json.swp"])
            defer { try? FileManager.default.removeItem(at: root) }
            XCTAssertEqual(try FixtureLoader.load(root: root.path).map(\.name), ["canonical"], "README and hidden entries are not fixtures")
            if entry == "sub" {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(entry), withIntermediateDirectories: false)
            } else {
                try canonical.write(to: folder.appendingPathComponent(entry))
            }
            assertRefused({ try FixtureLoader.load(root: root.path) }, entry: entry, folder: FixtureLoader.directory, saying: "not a fixture")
        }
    }

    /// The same for golden/states: a state file saved as `more.json` would never reach the writer.
    func testAStateFolderEntryThatIsNotAStateFileIsRefused() throws {
        let (root, folder, colours) = try scratchFolder(StateLines.directory, file: "colours.jsonl",
                                                        kept: ["README.md", "fixture-findings.txt", ".DS_Store"])
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertFalse(try XCTUnwrap(StateLines.load(root: root)).isEmpty)
        try colours.write(to: folder.appendingPathComponent("more.json"))
        assertRefused({ try StateLines.load(root: root) }, entry: "more.json", folder: StateLines.directory, saying: "not a state file")
    }

    func testNotJSONGivesTheLine() {
        XCTAssertThrowsError(try FixtureLoader.parse(Array("{\n\"description\": \"x\",\n}".utf8), name: "x",
                                                     file: "golden/fixtures/x.json")) { error in
            XCTAssertEqual((error as? HarnessInputError)?.line, 3)
        }
    }

    func testUnknownFieldsAndMissingZonesAndStampMismatchesAreRefused() throws {
        var unknown = try canonicalFile()
        unknown["instant"] = .integer(1)
        XCTAssertEqual(refusal(unknown)?.field, "instant")

        var zones = try canonicalFile()
        zones["zones"] = .array([.string("Europe/Berlin"), .string("America/Los_Angeles")])
        XCTAssertEqual(refusal(zones)?.field, "zones")

        var badZone = try canonicalFile()
        badZone["zones"] = .array([.string("Europe/Berlin"), .string("Mars/Olympus"), .string("America/Sao_Paulo")])
        XCTAssertEqual(refusal(badZone)?.field, "zones[1]")

        var noWriter = try canonicalFile()
        noWriter["writer"] = nil
        XCTAssertEqual(refusal(noWriter)?.field, "writer")

        var otherDay = try canonicalFile()
        var blob = try XCTUnwrap(otherDay["blob"]?.objectValue)
        blob["dayStr"] = .string("2026-07-18")
        otherDay["blob"] = .object(blob)
        XCTAssertEqual(refusal(otherDay)?.field, "blob.dayStr")

        var badPending = try canonicalFile()
        badPending["pendingDoneTargets"] = .object(JSONObject(["t1": .string("yes")]))
        XCTAssertEqual(refusal(badPending)?.field, "pendingDoneTargets.t1")

        var twoLines = try canonicalFile()
        twoLines["description"] = .string("one\ntwo")
        XCTAssertEqual(refusal(twoLines)?.field, "description")
    }

    func testRevisionAndItsCaseInputsAreChecked() throws {
        var future = try canonicalFile()
        let numbered = ContractDescription.current.sets.compactMap { Int($0.name) }
        future["revision"] = .integer(Int64((numbered.max() ?? 0) + 1))  // no set of the description has that name
        XCTAssertEqual(refusal(future)?.field, "revision")
        var zero = try canonicalFile()
        zero["revision"] = .integer(0)
        XCTAssertEqual(refusal(zero)?.field, "revision")
        // Revision 2's inputs need a fixture of revision 2.
        var early = try canonicalFile()
        early["selectedProjectId"] = .string("p1")
        XCTAssertEqual(refusal(early)?.field, "selectedProjectId")
        var stamps = try canonicalFile()
        stamps["revision"] = .integer(2)
        stamps["pendingDoneTimestamps"] = .object(JSONObject(["t1": .string("soon")]))
        XCTAssertEqual(refusal(stamps)?.field, "pendingDoneTimestamps.t1")
        stamps["pendingDoneTimestamps"] = .object(JSONObject(["t1": .integer(5)]))
        stamps["selectedProjectId"] = .string("p1")
        let bytes = JSONWriter.compact(.object(stamps))
        let fixture = try FixtureLoader.parse(bytes, name: "canonical", file: "canonical.json")
        XCTAssertEqual(fixture.revision, 2)
        XCTAssertEqual(fixture.selectedProjectId, "p1")
        XCTAssertEqual(fixture.pendingDoneTimestamps, [Case.PendingTimestamp(taskId: "t1", ms: 5)])
        XCTAssertEqual(try CorpusTestSupport.fixture("canonical").revision, Fixture.firstRevision, "no revision field: the first")
    }
}
