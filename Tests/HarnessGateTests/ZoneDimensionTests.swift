import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport
import TestSupport

/// The zone dimension: classifying offset changes, the golden transitions file, and the
/// zone-day cases built from it.
final class ZoneDimensionTests: XCTestCase {
    private func classes(_ at: Int64, _ before: Int32, _ after: Int32, dst: (Bool, Bool) = (false, false)) -> [String] {
        ZoneClassifier.classes(of: .init(at: at, offsetBefore: before, offsetAfter: after, dstBefore: dst.0, dstAfter: dst.1))
            .map { "\($0.0.rawValue) \(CalendarArithmetic.dayString($0.1))" }
    }

    func testClassifiesRealTransitions() {
        // Pacific/Apia 2011-12-29 24:00 -10 → 2011-12-31 00:00 +14.
        XCTAssertEqual(classes(1_325_239_200, -36_000, 50_400, dst: (true, true)),
                       ["day-skipped 2011-12-30", "midnight-skipped 2011-12-30", "date-line-east 2011-12-31"])
        // Africa/Tunis 1990-09-30 01:00 +02 → 00:00 +01: midnight twice.
        XCTAssertEqual(classes(654_649_200, 7200, 3600, dst: (true, false)), ["midnight-repeated 1990-09-30"])
        // America/Sao_Paulo 2018-11-04 00:00 -03 → 01:00 -02: the gap starts at midnight.
        XCTAssertEqual(classes(1_541_300_400, -10_800, -7200, dst: (false, true)), ["midnight-skipped 2018-11-04"])
        // Asia/Colombo 2006-04-15 00:30 +06 → 00:00 +0530.
        XCTAssertEqual(classes(1_145_039_400, 21_600, 19_800), ["midnight-repeated 2006-04-15", "non-hour-offset 2006-04-15"])
        // Europe/Dublin 2037-10-25 02:00 IST (+01, standard) → 01:00 GMT (+00, DST).
        XCTAssertEqual(classes(2_140_045_200, 3600, 0, dst: (false, true)), ["negative-dst 2037-10-25"])
        // Europe/Berlin 2026-03-29 02:00 → 03:00: nothing near midnight, whole hours.
        XCTAssertEqual(classes(1_774_746_000, 3600, 7200, dst: (false, true)), [])
        // A made-up gap 23:30 → 00:30 holds midnight inside it.
        XCTAssertEqual(classes(84_600 - 3600, 3600, 7200),
                       ["midnight-skipped 1970-01-02", "midnight-inside-gap 1970-01-02"])
        XCTAssertEqual(classes(0, 0, -13 * 3600), ["date-line-west 1969-12-31"])
    }

    func testSpreadKeepsSmallClassesWhole() {
        XCTAssertEqual(ZoneScan.spread(["a", "b", "c", "d", "e"]), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(ZoneScan.spread(["a", "b", "c", "d", "e", "f", "g"]), ["a", "d", "g"])
    }

    func testGoldenFileIsWhatThisTzdataPicks() throws {
        let file = try ZoneDayFile.load(root: TestRepository.root.path)
        let scan = try ZoneScan.run()
        try XCTSkipIf(scan.tzdataVersion != file.tzdataVersion,
                      "machine tzdata \(scan.tzdataVersion), golden file from \(file.tzdataVersion)")
        XCTAssertEqual(ZoneDayFile(scan), file, "run `contract-harness golden zones --write` and review golden/zones")
        XCTAssertEqual(try ZoneDayFile.parse(Array(ZoneDayFile(scan).render().utf8)), file)
        let onDisk = try Data(contentsOf: TestRepository.root.appendingPathComponent(ZoneDayFile.path))
        XCTAssertEqual(ZoneDayFile(scan).render(), String(decoding: onDisk, as: UTF8.self), "zones --write writes the file as it is")
        XCTAssertEqual(file.seal, .intact)
        XCTAssertEqual(file.transitions.filter { $0.zoneClass == .daySkipped }.count,
                       file.counts.first { $0.zoneClass == .daySkipped }?.transitions, "every whole-day skip is picked")
    }

    /// The posix-rule class: every rule zone changes twice in the rule year, into and out of DST
    /// (a tzdata that dropped a zone's DST would leave its shape untested: review the list), and
    /// a southern rule keeps its summer across the year end — Sydney is in DST from January to
    /// its April change (the footer's events of two years, sorted), out of it until October.
    /// The fixed-rule zones have no change in the rule year and names a case id can carry.
    func testRuleZonesChangeTwiceAndSydneyKeepsItsSummerAcrossTheYearEnd() throws {
        for (zone, shape) in ZoneScan.ruleZones {
            let changes = try ZoneScan.ruleTransitions(of: zone)
            XCTAssertEqual(changes.count, 2, "\(zone) (\(shape))")
            XCTAssertEqual(changes.map(\.dstBefore), changes.map { !$0.dstAfter }, zone)
            XCTAssertTrue(changes.allSatisfy { $0.day.hasPrefix("\(ZoneScan.ruleYear)-") }, zone)
        }
        for (zone, shape) in ZoneScan.fixedZones {
            XCTAssertTrue(CaseID.isWord(CaseID.zoneLabel(zone)), "\(zone) (\(shape))")
            XCTAssertNoThrow(try ZoneScan.fixedReading(of: zone), zone)
        }
        XCTAssertEqual(try ZoneScan.fixedReading(of: "Etc/GMT-14").offsetAfter, 14 * 3600)
        XCTAssertEqual(try ZoneScan.fixedReading(of: "Etc/GMT-14").day, "2038-01-01")
        let sydney = try ZoneScan.ruleTransitions(of: "Australia/Sydney")
        XCTAssertEqual(sydney.map(\.day), ["2038-04-04", "2038-10-03"])
        XCTAssertEqual(sydney.map(\.offsetBefore), [39_600, 36_000])
        XCTAssertEqual(sydney.map(\.dstBefore), [true, false])
    }

    /// A zone the C reference cannot read part-way (-1: an I/O error, out of memory) fails the
    /// scan naming the zone; it never ends the zone's list early as if it had no more changes.
    func testUnreadableZoneFailsTheScanInsteadOfStoppingShort() throws {
        let calls = Counter()
        let planted: ZoneScan.NextChange = { zone, t, change in
            calls.add()
            return calls.value > 3 ? -1 : ZoneScan.nextChange(zone, t, &change)
        }
        XCTAssertGreaterThan(try ZoneScan.transitions(of: "America/Sao_Paulo").count, 3, "the real lookup finds more")
        XCTAssertThrowsError(try ZoneScan.transitions(of: "America/Sao_Paulo", next: planted)) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("America/Sao_Paulo"), message)
            XCTAssertTrue(message.contains("could not read"), message)
        }
    }

    /// A hand-picked zone dimension (a transition deleted from the golden file, expected
    /// outputs regenerated after it) fails the gate where this machine's tzdata is the file's.
    func testAHandPickedZoneDimensionFailsTheGate() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.root.appendingPathComponent(ZoneDayFile.path)
        let golden = try ZoneDayFile.load(root: paths.root.path)
        try XCTSkipIf(try ZoneScan.run().tzdataVersion != golden.tzdataVersion, "the machine's tzdata is not the golden file's")
        let text = try String(contentsOf: file, encoding: .utf8)
        let kept = text.components(separatedBy: "\n").filter { !$0.contains(#""zone":"Pacific/Apia""#) }
        XCTAssertLessThan(kept.count, text.components(separatedBy: "\n").count)
        try kept.joined(separator: "\n").replacingOccurrences(of: "},\n]}", with: "}\n]}").write(to: file, atomically: true, encoding: .utf8)
        _ = try Gate.update(paths)
        let result = try Gate.check(paths, options: Gate.Options(includeRecordings: false))
        XCTAssertFalse(result.passed)
        let problem = try XCTUnwrap(result.problems.first { $0.hasPrefix(ZoneDayFile.path) && $0.contains("picks") }, "\(result.problems)")
        XCTAssertTrue(problem.contains("picked transitions missing (first: day-skipped Pacific/Apia 2011-12-30)"), problem)
        XCTAssertTrue(problem.contains("contract-harness golden zones --write"), problem)
        XCTAssertTrue(result.problems.contains { $0.hasPrefix("\(ZoneDayFile.path) was edited by hand") }, "\(result.problems)")
        XCTAssertEqual(ZoneDimensionCheck.assess(golden), .init(), "the real golden file is sealed and what this tzdata picks")
    }

    /// The zone file's seal shows a hand edit whatever the machine's tzdata: a dropped
    /// transition and another `"tzdata"` version (so the tzdata comparison is skipped), with
    /// `update` run after it, fail the gate as "edited by hand".
    func testAHandEditedZoneFileFailsOnAnyMachine() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.root.appendingPathComponent(ZoneDayFile.path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let kept = text.components(separatedBy: "\n").filter { !$0.contains(#""zone":"Pacific/Apia""#) }
        let edited = kept.joined(separator: "\n").replacingOccurrences(of: #""tzdata":"2025b""#, with: #""tzdata":"2099z""#)
        XCTAssertNotEqual(edited, text)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        _ = try Gate.update(paths)
        let result = try Gate.check(paths, options: Gate.Options(includeRecordings: false))
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.problems.contains { $0.hasPrefix("\(ZoneDayFile.path) was edited by hand: its seal does not match") }, "\(result.problems)")
        // Without a seal at all it is no better.
        let cut = try XCTUnwrap(edited.range(of: ",\n\"seal\":", options: .backwards))
        try (edited[..<cut.lowerBound] + "}\n").write(to: file, atomically: true, encoding: .utf8)
        let unsealed = try ZoneDayFile.load(root: paths.root.path)
        XCTAssertEqual(unsealed.seal, .missing)
        XCTAssertTrue(ZoneDimensionCheck.assess(unsealed).problems.contains { $0.contains("has no seal") })
    }

    /// A zone file picked (and sealed) from another tzdata version passes, but the tzdata
    /// comparison cannot run here, and every report says so instead of staying silent.
    func testAnotherTzdataVersionIsSaidInEveryReport() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        var other = try ZoneDayFile.load(root: paths.root.path)
        other.tzdataVersion = "2099z"
        try other.render().write(to: paths.root.appendingPathComponent(ZoneDayFile.path), atomically: true, encoding: .utf8)
        let result = try Gate.check(paths, options: Gate.Options(includeRecordings: false))
        XCTAssertTrue(result.passed, "\(result.problems)")
        // (Besides the note that --no-recordings left the recording out.)
        XCTAssertEqual(result.notices.filter { $0.hasPrefix("the tzdata comparison") }.count, 1, "\(result.notices)")
        let said = "the file was picked from tzdata 2099z, this machine has"
        let facts = ReportFacts(result)
        XCTAssertTrue(TextSummary.render(facts).contains("\nnote: the tzdata comparison of \(ZoneDayFile.path) cannot run here: \(said)"))
        XCTAssertTrue(MarkdownReport.render(facts).contains("**Not checked here:** "))
        XCTAssertTrue(MarkdownReport.render(facts).contains(said))
        XCTAssertTrue(String(decoding: JSONReport.render(facts), as: UTF8.self).contains(#""notChecked":["the tzdata comparison of golden/zones/transitions.json cannot run here: "#))
        XCTAssertTrue(JUnitReport.render(facts).contains(#"name="not-checked-1"><skipped message="the tzdata comparison"#))
        XCTAssertTrue(HTMLReport.render(facts).contains("not checked here: the tzdata comparison"))
    }

    func testBadFileNamesTheField() {
        let text = #"{"tzdata":"x","zones":1,"classes":[],"transitions":[{"class":"nope","zone":"UTC","day":"2026-01-01","at":0,"offsetBefore":0,"offsetAfter":0,"dstBefore":false,"dstAfter":false}]}"#
        XCTAssertThrowsError(try ZoneDayFile.parse(Array(text.utf8))) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("golden/zones/transitions.json"), message)
            XCTAssertTrue(message.contains("transitions[0].class"), message)
        }
    }

    /// A zone name from the file becomes a case id word and a reader's zone: an unknown name, a path
    /// or control characters are refused naming the field (it once trapped in CaseID, raw text on stderr).
    func testAZoneNameThatIsNoZoneIsRefusedNamingTheField() {
        for zone in [#"Pacific/A\n::error::zone\u001b[31m"#, "", #"Pacific/Kwajalein\u0000"#, "../../../../etc/passwd"] {
            let text = #"{"tzdata":"x","zones":1,"classes":[],"transitions":[{"class":"day-skipped","zone":"\#(zone)","day":"2026-01-01","at":0,"offsetBefore":0,"offsetAfter":0,"dstBefore":false,"dstAfter":false}]}"#
            XCTAssertThrowsError(try ZoneDayFile.parse(Array(text.utf8)), zone) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains("transitions[0].zone"), message)
            }
        }
    }

    func testSixCasesPerTransitionWithUniqueIds() throws {
        let file = try ZoneDayFile.load(root: TestRepository.root.path)
        let cases = ZoneDayCases.cases(file)
        XCTAssertEqual(cases.count, file.transitions.count * 6)
        XCTAssertEqual(Set(cases.map(\.id)).count, cases.count)
        let apia = try XCTUnwrap(cases.first { $0.id == "zones/zone.day-skipped#2011-12-30.day@apia@at" })
        XCTAssertEqual(apia.timeZone, "Pacific/Apia")
        XCTAssertEqual(apia.nowMs, 1_325_239_200_000)
        XCTAssertTrue(String(decoding: apia.blob, as: UTF8.self).contains("\"dayStr\":\"2011-12-30\""))
    }
}

/// Swift and C read every classified transition day of this machine's tzdata alike (not only
/// the picked ones the gate runs): the day before, the day and the day after.
final class ZoneDayAgreementTests: XCTestCase {
    func testSwiftAndCAgreeOnEveryTransitionDay() throws {
        var zones = KnownZones()
        var checked = 0
        var seen = Set<String>()
        let all = try zoneNames().flatMap { try ZoneScan.transitions(of: $0) }
        for transition in all where zones.contains(transition.zone) {
            guard let day = DayString.CalendarDay(transition.day), let zone = TimeZone(identifier: transition.zone) else { continue }
            for shift in Int64(-1)...1 {
                let text = CalendarArithmetic.dayString(day.daysSinceEpoch + shift)
                guard seen.insert("\(transition.zone) \(text)").inserted else { continue }
                var cMs: Int64 = 0
                let cKnows = transition.zone.withCString { rd_day_str_to_ms(text, 10, $0, &cMs) } == 1
                XCTAssertEqual(DayString.startOfDayMs(text, timeZone: zone), cKnows ? cMs : nil, "\(transition.zone) \(text)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3000)
    }

    private func zoneNames() throws -> [String] {
        let text = try String(contentsOfFile: "\(ZoneScan.zoneinfo)/tzdata.zi", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0] == "Z" ? String(words[1]) : nil
        }
    }
}


/// A thread-safe call counter for planted lookups.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
