import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import TestSupport
import WidgetSnapshot
import XCTest

/// Issue 38's must-show for the device input (CONTRACT.md §4): for each day question — the
/// instant read from `dayStr` (`header.dayMs`) and the day printed back from it
/// (`display.header.day`) — and each non-Gregorian calendar of the `device` family, a case asks
/// it in every reader's view: the Swift reader and the C reference answer it with a day, and the
/// Kotlin end's recording (golden/kotlin) holds a line with the same answer.
final class DeviceFamilyTests: XCTestCase {
    func testEachDayQuestionIsAskedUnderEachNonGregorianCalendarInEveryReadersView() throws {
        let device = MutationCatalog.all.filter { $0.family == .device }
        let cases = CaseGenerator(fixtures: try CorpusTestSupport.fixtures(), catalog: device).cases()
        // The family's calendars but its Gregorian control (fa-IR and ar-SA: Persian and Islamic on Apple's platforms).
        let calendars = Set(cases.filter { $0.id.contains("/device.calendar#") }.compactMap { $0.deviceLocale?.tag }).subtracting(["en-US"])
        XCTAssertEqual(calendars, ["th-TH-u-ca-buddhist", "th-TH", "ja-JP-u-ca-japanese", "fa-IR", "ar-SA", "ar-SA-u-ca-islamic"])
        let recorded = try kotlinLines(for: Set(cases.map(\.id)))
        for tag in calendars {
            let under = cases.filter { $0.deviceLocale?.tag == tag }
            var asked: [String: Int] = ["header.dayMs": 0, "display.header.day": 0]
            for testCase in under {
                guard case .view(let swift) = SwiftReader().outcome(testCase), case .view(let c) = CReferenceReader().outcome(testCase),
                      let line = recorded[testCase.id] else { return XCTFail("\(testCase.id): no view from every reader") }
                XCTAssertEqual(swift, c, testCase.id)
                guard case .outdated(let dayMs?) = c.header else { continue }
                asked["header.dayMs", default: 0] += 1
                XCTAssertTrue(line.contains(#""header":{"kind":"outdated","dayMs":\#(dayMs)}"#), "\(testCase.id): \(line)")
                let cLine = String(decoding: ReaderOutcome.view(c).canonicalLine(id: testCase.id), as: UTF8.self)
                if let day = cLine.firstMatch(of: /"header":\{"kind":"outdated","title":null,"day":"[0-9]{4}-[0-9]{2}-[0-9]{2}"\}/) {
                    asked["display.header.day", default: 0] += 1
                    XCTAssertTrue(line.contains(day.output), "\(testCase.id): \(line)")
                }
            }
            XCTAssertTrue(asked.values.allSatisfy { $0 > 0 }, "\(tag): \(asked)")
        }
    }

    /// golden/kotlin's lines of these cases, by id.
    private func kotlinLines(for ids: Set<String>) throws -> [String: String] {
        let folder = TestRepository.root.appendingPathComponent("golden/kotlin")
        var lines: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".jsonl") {
            for line in try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                guard line.hasPrefix(#"{"id":""#), let end = line.dropFirst(7).firstIndex(of: "\"") else { continue }
                let id = String(line[line.index(line.startIndex, offsetBy: 7)..<end])
                if ids.contains(id) { lines[id] = String(line) }
            }
        }
        return lines
    }
}
