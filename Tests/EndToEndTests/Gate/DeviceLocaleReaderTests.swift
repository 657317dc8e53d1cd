@testable import HarnessGate
@testable import HarnessReaders
import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import TestSupport
import WidgetContractTestee
import WidgetSnapshot
import XCTest

/// CONTRACT.md §4: every reader runs under the case's device locale (its calendar and digits)
/// and answers exactly as without one. One planted reader per kind reads the day with the
/// device's locale, and the `device` family catches each on the cases whose calendar is not
/// Gregorian or whose digits are not ASCII, in the day questions only (`header.dayMs`,
/// `display.header.day`, on the stale instants): a Swift reader on the testee kit whose
/// `DateFormatter` takes the device's locale and calendar (what `DateFormatter()` does on a
/// device), and a Kotlin reader whose `SimpleDateFormat("yyyy-MM-dd")` lacks `Locale.US` (the
/// fact the app's `WidgetData.kt` guards against; the JVM's default locale is the device's in
/// the testee). On canonical's small tree, the device family alone (52 cases).
final class DeviceLocaleReaderTests: XCTestCase {
    /// The device cases a reader of the day through the device's locale must get wrong: every
    /// setting but the Gregorian, ASCII-digit ones (`en-US`, and Turkish: case mapping, a decimal comma),
    /// at the instants where the snapshot is stale and the header carries a day.
    private static func misreadByADeviceFormatter(_ id: String) -> Bool {
        !id.contains("#en-us@") && !id.contains("#tr-tr@") && !id.hasSuffix("@before")
    }

    private static let dayFields: Set<String> = ["header.dayMs", "display.header.day"]

    private func deviceCorpus(_ paths: HarnessPaths) throws -> Corpus {
        let full = try Corpus.load(paths)
        let device = full.cases.filter { CaseID.family(of: $0.id) == "device" }
        XCTAssertEqual(Set(device.compactMap { $0.deviceLocale?.calendar }), ["buddhist", "japanese", "islamic", "gregory"],
                       "the family's explicit calendars")
        return Corpus(fixtures: full.fixtures, cases: device, zoneDays: full.zoneDays)
    }

    /// The reader's unexpected differences on the device family: case id → fields.
    private func unexpected(_ reader: any Reader, testee: Bool = false, paths: HarnessPaths, corpus: Corpus) throws -> [String: Set<String>] {
        let options = testee ? Gate.Options(readers: [], testees: [reader as! ExternalProcessReader], includeRecordings: false, jobs: 2)
                             : Gate.Options(readers: [reader], includeRecordings: false, jobs: 2)
        let result = try Gate.check(paths, corpus: corpus, options: options)
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == reader.name })
        return Dictionary(verdict.unexpected.map { ($0.caseId, Set($0.unexpectedDifferences.map(\.field))) }, uniquingKeysWith: { $0.union($1) })
    }

    private func assertCaughtOnTheDayQuestionsOnly(_ found: [String: Set<String>], corpus: Corpus, file: StaticString = #filePath, line: UInt = #line) {
        let expected = Set(corpus.cases.map(\.id).filter(Self.misreadByADeviceFormatter))
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
        XCTAssertEqual(Set(found.keys), expected, "caught on exactly the non-Gregorian and non-ASCII-digit devices' stale cases", file: file, line: line)
        for (id, fields) in found {
            XCTAssertTrue(fields.isSubset(of: Self.dayFields) && fields.contains("header.dayMs"), "\(id): \(fields.sorted())", file: file, line: line)
        }
    }

    // MARK: - Swift, through the testee kit

    func testASwiftReaderWhoseDateFormatterTakesTheDeviceCalendarFailsTheDeviceFamily() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let corpus = try deviceCorpus(paths)

        let planted = KitReader(name: "planted") { c in try DeviceDayReader.view(c, dayOnTheDevice: true) }
        assertCaughtOnTheDayQuestionsOnly(try unexpected(planted, paths: paths, corpus: corpus), corpus: corpus)

        // The same reader reading the day as WidgetSnapshot does passes: only the day differs.
        let honest = KitReader(name: "honest") { c in try DeviceDayReader.view(c, dayOnTheDevice: false) }
        XCTAssertEqual(try unexpected(honest, paths: paths, corpus: corpus), [:])

        // Without the case input the planted reader gets the process's locale (a Gregorian
        // en_001 here) and passes the very same blobs, zones and instants: the input catches it.
        let bare = corpus.cases.map { var c = $0; c.deviceLocale = nil; return c }
        let views = planted.decodeAll(bare, jobs: 2)
        let expected = honest.decodeAll(bare, jobs: 2)
        XCTAssertEqual(views, expected, "a device-calendar DateFormatter is invisible without a device setting")
    }

    // MARK: - Kotlin, as a live testee

    func testAKotlinReaderWhoseSimpleDateFormatLacksLocaleUSFailsTheDeviceFamily() throws {
        try GateTestSupport.skipUnlessKotlin()
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let corpus = try deviceCorpus(paths)
        let folder = Scratch.url("device-planted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: TestRepository.root.appendingPathComponent("ends/kotlin/WidgetData.kt"), encoding: .utf8)
        let pinned = #"SimpleDateFormat("yyyy-MM-dd", Locale.US)"#
        XCTAssertEqual(source.components(separatedBy: pinned).count, 2, "ends/kotlin/WidgetData.kt no longer builds its day format once")
        let planted = folder.appendingPathComponent("WidgetData.kt")
        try Data(source.replacingOccurrences(of: pinned, with: #"SimpleDateFormat("yyyy-MM-dd")"#).utf8).write(to: planted)

        let testee = try app(parsers: [planted.path])
        assertCaughtOnTheDayQuestionsOnly(try unexpected(testee, testee: true, paths: paths, corpus: corpus), corpus: corpus)
        // The Kotlin end itself (Locale.US) passes the same cases, run the same way.
        XCTAssertEqual(try unexpected(try app(), testee: true, paths: paths, corpus: corpus), [:])
    }

    /// The Kotlin end (or `parsers` instead of WidgetData.kt) as the testee `app`, at the Kotlin end's revision.
    private func app(parsers: [String] = []) throws -> ExternalProcessReader {
        let kotlin = try KotlinTestee.reader(repository: TestRepository.root, parsers: parsers, startTimeout: 60)
        return ExternalProcessReader(name: "app", command: kotlin.command, startTimeout: 60,
                                     features: ReaderEntry.kotlin.features)
    }
}

/// A Swift reader written on the testee kit, run in this process: each case goes to the kit as
/// its case line, and the kit's answer is read back as the harness reads a testee's line.
private struct KitReader: InProcessReader {
    let name: String
    let reader: @Sendable (TesteeCase) throws -> TesteeView

    func outcome(_ testCase: Case) -> ReaderOutcome {
        let line = Testee.respond(to: CaseStream.line(testCase), lineNumber: 1, reader: reader)
        do {
            return try ViewLine.parse(line, file: "kit", lineNumber: 1, allowingNotImplemented: true).outcome
        } catch {
            return .failure("\(error)")
        }
    }
}

/// A revision-1 reader on WidgetSnapshot (rows, meta, stale, header, display), with the stale
/// header's day read either as WidgetSnapshot reads it or, planted, through a `DateFormatter` on
/// the device's locale and calendar with the app's round trip (`format(parse(s)) == s`).
private enum DeviceDayReader {
    static func view(_ c: TesteeCase, dayOnTheDevice: Bool) throws -> TesteeView {
        let taps = PendingTargets(c.pendingDoneTargets)
        let zone = try XCTUnwrap(c.timeZone)
        let meta = WidgetData.parseMeta(c.blob)
        var header = WidgetData.headerFor(meta, nowMs: c.nowMs, timeZone: zone)
        var display = WidgetData.display(c.blob, pendingDoneTargets: taps, selectedProjectId: nil, nowMs: c.nowMs, timeZone: zone,
                                         capacity: c.capacity)
        if dayOnTheDevice, case .outdated = header {
            let dayMs = meta.dayStr.flatMap { deviceDayMs($0, c) }
            header = .outdated(dayMs: dayMs)
            display.header = .outdated(day: dayMs.map { WidgetData.localDay(ofMs: $0, timeZone: zone) })
        }
        let rows = Result { () throws(SnapshotParseError) in try WidgetData.parse(c.blob, pendingDoneTargets: taps) }
        return TesteeView(parse: (try? rows.get()).map { .tasks($0) } ?? .error("unreadable"), meta: meta,
                          stale: WidgetData.isSnapshotStale(meta, nowMs: c.nowMs), header: header, display: display)
    }

    /// `DateFormatter()` on the device: its locale and calendar are the device's.
    private static func deviceDayMs(_ dayStr: String, _ c: TesteeCase) -> Int64? {
        let formatter = DateFormatter()
        formatter.locale = c.deviceLocale
        formatter.calendar = c.deviceCalendar
        formatter.timeZone = c.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.isLenient = false
        guard let date = formatter.date(from: dayStr), formatter.string(from: date) == dayStr else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
