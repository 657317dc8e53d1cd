import ContractModel
import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// The seeded app-state generator of `fuzz states` (issue 25): pure in (seed, index), it
/// covers every dimension the issue names, and its states are valid for
/// schemas/app-state.schema.json and for the writer end's strict reader.
final class AppStateGeneratorTests: XCTestCase {
    static func generator(seed: UInt64 = 3) throws -> AppStateGenerator {
        let zones = try ZoneDayFile.load(root: TestRepository.root.path)
        return AppStateGenerator(seed: seed, transitions: zones.transitions)
    }

    func testStateIsAPureFunctionOfSeedAndIndex() throws {
        let one = try Self.generator(), two = try Self.generator()
        for index in [0, 1, 17, 999] { XCTAssertEqual(one.make(index).state, two.make(index).state) }
        XCTAssertNotEqual(try Self.generator(seed: 4).make(5).state, one.make(5).state)
    }

    func testThreeThousandStatesCoverEveryDimension() throws {
        let generator = try Self.generator()
        let states = (0..<3000).map { generator.make($0).state }
        let transitionZones = Set(generator.transitions.map(\.zone))
        XCTAssertGreaterThan(Set(states.map(\.timeZone)).intersection(transitionZones).count, 10, "zones of the zone dimension")
        let transitionDays = Set(generator.transitions.map(\.day))
        XCTAssertTrue(states.contains { transitionDays.contains($0.todayStr.description) }, "a transition day itself")
        let offsets = Set(states.map(\.startOfNextDayDiffMs))
        for offset: Int64 in [0, 3_600_000, -3_600_000, 14_400_000, 82_800_000] { XCTAssertTrue(offsets.contains(offset), "offset \(offset)") }
        let titles = Set(states.flatMap { $0.tasks.map(\.title) })
        for (name, title) in AppStateGeneratorTests.classes { XCTAssertTrue(titles.contains(title), "title class \(name)") }
        XCTAssertTrue(titles.contains { $0.hasLoneSurrogate }, "lone surrogates")
        let colours = Set(states.flatMap { $0.projects.compactMap(\.primary) }.map(\.description))
        for colour in ["rgb(144, 187, 165)", "#abc", "teal", "#29a1aa"] { XCTAssertTrue(colours.contains(colour), colour) }
        XCTAssertTrue(states.contains { $0.projects.contains { $0.primary == nil } }, "a project without colour")
        XCTAssertTrue(states.contains { state in state.todayTaskIds.contains { id in !state.tasks.contains { $0.id == id } } }, "a gone entity")
        XCTAssertTrue(states.contains { $0.revision == 2 && $0.projects.contains { $0.taskIds.isEmpty && $0.backlogTaskIds.isEmpty } }, "an empty project")
        for count in [0, 20, 21] { XCTAssertTrue(states.contains { $0.tasks.count == count }, "\(count) tasks") }
        let doneRows = states.filter { $0.revision == 2 }.flatMap(\.tasks).filter(\.isDone)
        XCTAssertTrue(doneRows.contains { if case .value(let ms) = $0.doneOn { return ms > 0 } else { return false } }, "done with a time")
        XCTAssertTrue(doneRows.contains { $0.doneOn == .absent || $0.doneOn == .null }, "done without a time")
        // Revision 2's project widget: a listed project of 20 and of 21 rows (the writer's cut),
        // done tasks 5000 ms before the day boundary and either side of it (the grace at the
        // instants the blob is read), archived and hidden projects.
        let meanings = states.filter { $0.revision == 2 && $0.inApp }.map(WriterState.init)
        XCTAssertTrue(meanings.contains { $0.listedProjects.contains { $0.rows.count == WriterState.projectRowLimit } }, "a project of 20 rows")
        XCTAssertTrue(states.contains { state in state.revision == 2 && state.projects.contains { project in
            !project.isArchived && !project.isHiddenFromMenu && Set(project.taskIds + project.backlogTaskIds).intersection(state.tasks.map(\.id)).count >= 21 } },
                      "a listed project of 21 tasks")
        for shift: Int64 in [-5001, -5000, -4999] {
            XCTAssertTrue(states.contains { state in
                guard state.revision == 2, let boundary = AppDayBoundary.ms(todayStr: state.todayStr.description, timeZone: state.timeZone,
                                                                            startOfNextDayDiffMs: state.startOfNextDayDiffMs) else { return false }
                return state.tasks.contains { $0.isDone && $0.doneOn == .value(boundary + shift) }
            }, "a done task at the day boundary \(shift) ms")
        }
        XCTAssertTrue(states.contains { $0.revision == 2 && $0.projects.contains(where: \.isArchived) }, "an archived project")
        XCTAssertTrue(states.contains { $0.revision == 2 && $0.projects.contains(where: \.isHiddenFromMenu) }, "a hidden project")
        XCTAssertTrue(states.contains { !$0.inApp } && states.contains { $0.inApp })
        for state in states {
            XCTAssertEqual(state.inApp, state.isHeldByApp, state.id)
            XCTAssertEqual(Set(state.tasks.map(\.id)).count, state.tasks.count, "task ids unique in \(state.id)")
            XCTAssertEqual(Set(state.projects.map(\.id)).count, state.projects.count, "project ids unique in \(state.id)")
        }
    }

    /// The state with every text's lone surrogates as U+FFFD: check-jsonschema's loader
    /// refuses them (as ends/writer/check-states.py does for its copies).
    static func withoutLoneSurrogates(_ state: AppState) -> AppState {
        func clean(_ text: AppText) -> AppText { AppText(text.description) }
        var copy = state
        copy.todayStr = clean(copy.todayStr)
        copy.todayTaskIds = copy.todayTaskIds.map(clean)
        for position in copy.tasks.indices {
            copy.tasks[position].id = clean(copy.tasks[position].id)
            copy.tasks[position].title = clean(copy.tasks[position].title)
            if case .value(let id) = copy.tasks[position].projectId { copy.tasks[position].projectId = .value(clean(id)) }
        }
        for position in copy.projects.indices {
            copy.projects[position].id = clean(copy.projects[position].id)
            copy.projects[position].title = clean(copy.projects[position].title)
            copy.projects[position].primary = copy.projects[position].primary.map(clean)
            copy.projects[position].taskIds = copy.projects[position].taskIds.map(clean)
            copy.projects[position].backlogTaskIds = copy.projects[position].backlogTaskIds.map(clean)
        }
        return copy
    }

    /// The generator's class list, read back for the coverage check (every one must be drawn).
    static var classes: [(String, AppText)] {
        [("sliced-emoji", AppText(units: Array("Party \u{1F389}".utf16.dropLast()))), ("rtl", "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{5E9}\u{5DC}\u{5D5}\u{5DD}"),
         ("del-separators", "\u{7F}\u{2028}\u{2029}"), ("nul", "a\u{0}b"), ("reversed-pair", AppText(units: [0xDE00, 0xD83D])),
         ("lone-low", AppText(units: [0xDC00] + Array(" low first".utf16))), ("noncharacters", "\u{FFFE}\u{FFFF}\u{10FFFF}")]
    }

    /// Every generated state is valid for schemas/app-state.schema.json (check-jsonschema, as
    /// scripts/check-schemas runs it; lone surrogates as U+FFFD, which its loader needs) and the
    /// writer end answers each with a blob, never a crash line.
    func testGeneratedStatesAreValidForTheSchemaAndTheWriter() throws {
        let generator = try Self.generator(seed: 11)
        let root = TestRepository.root
        let folder = Scratch.url("app-states")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        var lines: [[UInt8]] = []
        for index in 0..<300 {
            let state = generator.make(index).state
            lines.append(AppStateLine.line(state))
            let path = folder.appendingPathComponent("\(index).json").path
            try Data(AppStateLine.line(Self.withoutLoneSurrogates(state))).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["check-jsonschema", "--schemafile", root.appendingPathComponent("schemas/app-state.schema.json").path] + files
        let output = Pipe()
        check.standardOutput = output
        check.standardError = output
        try check.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0, text)

        let writer = WriterSession(command: try WriterCommand.tree.resolve(root: root))
        defer { writer.close() }
        for (index, answer) in writer.write(lines).enumerated() {
            guard case .blob(let blob) = answer else { return XCTFail("state \(index): \(answer)") }
            XCTAssertTrue(blob.starts(with: Array("{\"v\":1,".utf8)), "state \(index)")
        }
    }

    /// `fuzz states` reads what a state means from the state (`WriterState(_:)`), not from
    /// its line parsed again: both readings must be the same, for generated states and for
    /// the corners (a repeated id, `__proto__`, an empty project id, lone surrogates).
    func testWhatAStateMeansIsWhatItsLineMeans() throws {
        let generator = try Self.generator(seed: 11)
        var states = (0..<1500).map { generator.make($0).state }
        let lone = AppText(units: [0x54, 0xD83C])
        states.append(AppState(id: "fuzz/corners", inApp: true, revision: 2, timeZone: "Europe/Berlin", todayStr: lone,
                               startOfNextDayDiffMs: -3_600_000, todayTaskIds: ["a", "b", "c", "gone", "a", "d"],
                               tasks: [AppState.Task(id: "a", title: lone, isDone: true, doneOn: .value(7), projectId: .value("p")),
                                       AppState.Task(id: "a", title: "second a", isDone: false),
                                       AppState.Task(id: "b", title: "B", isDone: true, doneOn: .null, projectId: .value("__proto__")),
                                       AppState.Task(id: "c", title: "C", isDone: false, doneOn: .value(9), projectId: .value("")),
                                       AppState.Task(id: "d", title: "D", isDone: true, projectId: .null)],
                               projects: [AppState.Project(id: "p", title: "P", primary: ""),
                                          AppState.Project(id: "p", title: "P2", primary: "#abc"),
                                          AppState.Project(id: "__proto__", title: "X", primary: "red")]))
        // Ids that read alike only once read (`keysAlike`): canonically equivalent texts, and lone
        // surrogates that both read as U+FFFD.
        states.append(AppState(id: "fuzz/keys-alike", inApp: true, revision: 1, timeZone: "UTC", todayStr: "2026-07-17",
                               startOfNextDayDiffMs: 0, todayTaskIds: ["e\u{301}", AppText(units: [0x74, 0xDC01]), "K"],
                               tasks: [AppState.Task(id: "\u{E9}", title: "precomposed", isDone: false, projectId: .value("\u{212B}")),
                                       AppState.Task(id: AppText(units: [0x74, 0xDC00]), title: "lone", isDone: true, projectId: .value("A\u{30A}")),
                                       AppState.Task(id: "\u{212A}", title: "kelvin", isDone: false)],
                               projects: [AppState.Project(id: "\u{C5}", title: "Angstrom", primary: "#123456")]))
        var revisionOne = states[states.count - 2]
        revisionOne.revision = 1
        states.append(revisionOne)
        for state in states {
            XCTAssertEqual(WriterState(state), WriterState(line: AppStateLine.line(state)), state.id)
        }
    }
}
