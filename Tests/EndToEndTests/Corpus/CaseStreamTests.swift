import HarnessCorpus
import ContractModel
import WidgetSnapshot
import XCTest
import HarnessTestSupport

final class CaseStreamTests: XCTestCase {
    private let sample = Case(id: "canonical/base@berlin@at", blob: Array(#"{"v":1}"#.utf8),
                              pendingDoneTargets: [Case.PendingTarget(taskId: "t1", isDone: true)],
                              nowMs: 1_784_325_600_000, timeZone: "Europe/Berlin")

    func testLineFormat() {
        XCTAssertEqual(CorpusTestSupport.text(CaseStream.line(sample)),
                       #"{"id":"canonical/base@berlin@at","blob":"{\"v\":1}","pendingDoneTargets":{"t1":true},"#
                           + #""nowMs":1784325600000,"timeZone":"Europe/Berlin"}"#)
        var noTaps = sample
        noTaps.pendingDoneTargets = []
        XCTAssertFalse(CorpusTestSupport.text(CaseStream.line(noTaps)).contains("pendingDoneTargets"))
    }

    func testARepeatedTapIsARepeatedKeyInQueueOrderAndReadsBackSo() throws {
        var repeated = sample
        repeated.pendingDoneTargets = [Case.PendingTarget(taskId: "t1", isDone: true), Case.PendingTarget(taskId: "t2", isDone: true),
                                       Case.PendingTarget(taskId: "t1", isDone: false)]
        let line = CorpusTestSupport.text(CaseStream.line(repeated))
        XCTAssertTrue(line.contains(#""pendingDoneTargets":{"t1":true,"t2":true,"t1":false}"#), line)
        XCTAssertEqual(try CaseStream.read(CaseStream.write([repeated]), file: "t.jsonl"), [repeated])
        // Any other repeated field reads its last value, as before.
        let twice = try CaseStream.readLine(Array(#"{"id":"a","id":"b","blob":"","nowMs":1,"timeZone":"UTC"}"#.utf8), file: "t", line: 1)
        XCTAssertEqual(twice.id, "b")
    }

    func testRevisionTwoInputsFollowTheTapsInOrderRepeatedKeysKeptAndReadBack() throws {
        var selected = sample
        selected.pendingDoneTimestamps = [Case.PendingTimestamp(taskId: "t1", ms: 5), Case.PendingTimestamp(taskId: "t2", ms: -1),
                                          Case.PendingTimestamp(taskId: "t1", ms: 9_007_199_254_740_993)]
        selected.selectedProjectId = ""
        let line = CorpusTestSupport.text(CaseStream.line(selected))
        XCTAssertEqual(line, #"{"id":"canonical/base@berlin@at","blob":"{\"v\":1}","pendingDoneTargets":{"t1":true},"#
                           + #""pendingDoneTimestamps":{"t1":5,"t2":-1,"t1":9007199254740993},"selectedProjectId":"","#
                           + #""nowMs":1784325600000,"timeZone":"Europe/Berlin"}"#)
        XCTAssertEqual(try CaseStream.read(CaseStream.write([selected]), file: "t.jsonl"), [selected])
        // Left out when empty / absent, so a revision-1 case's line and fingerprint do not change.
        XCTAssertEqual(CaseStream.line(sample), CaseStream.line(Case(id: sample.id, blob: sample.blob,
            pendingDoneTargets: sample.pendingDoneTargets, pendingDoneTimestamps: [], selectedProjectId: nil,
            nowMs: sample.nowMs, timeZone: sample.timeZone)))
        var project = sample
        project.selectedProjectId = "p1"
        var stamped = sample
        stamped.pendingDoneTimestamps = [Case.PendingTimestamp(taskId: "t1", ms: 5)]
        XCTAssertEqual(Set([sample, project, selected, stamped].map(CaseFingerprint.of)).count, 4)
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","pendingDoneTimestamps":{"t1":1.5},"nowMs":1,"timeZone":"UTC"}"#])?.field,
                       "pendingDoneTimestamps.t1")
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","selectedProjectId":7,"nowMs":1,"timeZone":"UTC"}"#])?.message,
                       "expected a string")
    }

    /// The display question's capacity (CONTRACT.md §9.1): written only when not 20, after the
    /// selection, read back; a capacity outside 0…1000 or not an integer is a bad case.
    func testCapacityIsWrittenOnlyWhenNotTwentyAndReadBack() throws {
        var small = sample
        small.selectedProjectId = "p1"
        small.capacity = 0
        let line = CorpusTestSupport.text(CaseStream.line(small))
        XCTAssertEqual(line, #"{"id":"canonical/base@berlin@at","blob":"{\"v\":1}","pendingDoneTargets":{"t1":true},"#
                           + #""selectedProjectId":"p1","capacity":0,"nowMs":1784325600000,"timeZone":"Europe/Berlin"}"#)
        XCTAssertEqual(try CaseStream.read(CaseStream.write([small]), file: "t.jsonl"), [small])
        var twenty = sample
        twenty.capacity = 20
        XCTAssertEqual(CaseStream.line(twenty), CaseStream.line(sample), "20 is the default, left out")
        XCTAssertEqual(CaseFingerprint.of(twenty), CaseFingerprint.of(sample))
        var three = sample
        three.capacity = 3
        XCTAssertNotEqual(CaseFingerprint.of(three), CaseFingerprint.of(sample))
        XCTAssertEqual(try CaseStream.read(Array(#"{"id":"a","blob":"{}","capacity":20,"nowMs":1,"timeZone":"UTC"}"#.utf8),
                                           file: "t.jsonl").first?.capacity, 20)
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","capacity":-1,"nowMs":1,"timeZone":"UTC"}"#])?.message,
                       "expected 0 to 1000 rows, got -1")
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","capacity":1001,"nowMs":1,"timeZone":"UTC"}"#])?.field, "capacity")
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","capacity":3.5,"nowMs":1,"timeZone":"UTC"}"#])?.field, "capacity")
    }

    func testInvalidUTF8GoesAsBase64AndRoundTrips() throws {
        var bytes = sample
        bytes.blob = [0x7B, 0xFF, 0x00, 0xC0, 0xAF, 0x7D]
        let line = CorpusTestSupport.text(CaseStream.line(bytes))
        XCTAssertTrue(line.contains(#""blobBase64":"e/8AwK99""#), line)
        XCTAssertFalse(line.contains(#""blob":"#), line)
        XCTAssertEqual(try CaseStream.read(CaseStream.write([bytes]), file: "t.jsonl"), [bytes])
    }

    func testControlCharactersAndNonASCIIRoundTripAsAString() throws {
        var odd = sample
        odd.blob = Array("{\"t\":\"\u{0}\u{1}\n\u{7F}\u{2028}é\"}\r\n".utf8)
        XCTAssertFalse(CorpusTestSupport.text(CaseStream.line(odd)).contains("blobBase64"))
        XCTAssertEqual(try CaseStream.read(CaseStream.write([odd]), file: "t.jsonl"), [odd])
    }

    func testWholeCorpusRoundTrips() throws {
        let cases = CaseGenerator(fixtures: try CorpusTestSupport.fixtures()).cases()
        let stream = CaseStream.write(cases)
        XCTAssertEqual(try CaseStream.read(stream, file: "cases.jsonl"), cases)
        XCTAssertTrue(cases.contains { String(validating: $0.blob, as: UTF8.self) == nil }, "no invalid-UTF-8 case")
        // The final newline is optional (shown on the stream's last lines: reading them all again cost seconds).
        let tail = Array(CaseStream.write(Array(cases.suffix(50))).dropLast())
        XCTAssertEqual(try CaseStream.read(tail, file: "cases.jsonl"), Array(cases.suffix(50)))
        XCTAssertEqual(CaseStream.encode(cases), stream)
    }

    private func failure(_ lines: [String]) -> HarnessInputError? {
        do {
            _ = try CaseStream.read(Array(lines.joined(separator: "\n").utf8), file: "cases.jsonl")
            return nil
        } catch {
            return error
        }
    }

    /// CONTRACT.md §6: `deviceLocale` follows `timeZone`, only when the case names one, so a
    /// case without it keeps its line and fingerprint; a tag is refused unless it is a device
    /// setting in canonical case, naming the field and what is wrong.
    func testTheDeviceLocaleIsWrittenOnlyWhenSetAndReadBack() throws {
        var thai = sample
        thai.deviceLocale = try DeviceLocale(tag: "th-TH-u-ca-buddhist")
        XCTAssertEqual(CorpusTestSupport.text(CaseStream.line(thai)),
                       #"{"id":"canonical/base@berlin@at","blob":"{\"v\":1}","pendingDoneTargets":{"t1":true},"#
                           + #""nowMs":1784325600000,"timeZone":"Europe/Berlin","deviceLocale":"th-TH-u-ca-buddhist"}"#)
        XCTAssertEqual(try CaseStream.read(CaseStream.write([thai]), file: "t.jsonl"), [thai])
        XCTAssertFalse(CorpusTestSupport.text(CaseStream.line(sample)).contains("deviceLocale"))
        XCTAssertNotEqual(CaseFingerprint.of(thai), CaseFingerprint.of(sample))
        var persian = thai
        persian.deviceLocale = try DeviceLocale(tag: "fa-IR")
        XCTAssertNotEqual(CaseFingerprint.of(thai), CaseFingerprint.of(persian))

        func refusal(_ tag: String) -> String? {
            failure([#"{"id":"a","blob":"{}","nowMs":1,"timeZone":"UTC","deviceLocale":"\#(tag)"}"#]).map { "\($0.field ?? ""): \($0.message)" }
        }
        XCTAssertEqual(refusal("th_TH@calendar=buddhist"),
                       "deviceLocale: `th_TH@calendar=buddhist` is not a BCP 47 language tag: only ASCII letters, digits and `-` (an ICU or POSIX name such as th_TH@calendar=buddhist is written th-TH-u-ca-buddhist)")
        XCTAssertEqual(refusal("th-th-u-ca-buddhist"), "deviceLocale: `th-th-u-ca-buddhist` is spelled `th-TH-u-ca-buddhist` (canonical case and keyword order: language, Script, REGION, -u-ca-, -u-nu-)")
        XCTAssertEqual(refusal("th-TH-u-nu-thai-ca-buddhist"), "deviceLocale: `th-TH-u-nu-thai-ca-buddhist` is spelled `th-TH-u-ca-buddhist-nu-thai` (canonical case and keyword order: language, Script, REGION, -u-ca-, -u-nu-)")
        XCTAssertEqual(refusal("en-US-u-fw-mon"), "deviceLocale: `en-US-u-fw-mon`: only the calendar (-u-ca-) and the digits (-u-nu-) are device settings, not -u-fw-")
        XCTAssertEqual(refusal("en-US-x-mine"), "deviceLocale: `en-US-x-mine`: `x` is not a script, region or -u- keyword (variants, other extensions and private use are not device settings)")
        XCTAssertEqual(refusal("en-US-u-ca"), "deviceLocale: `en-US-u-ca`: -u-ca- has no value of 3 to 8 letters or digits")
        XCTAssertEqual(refusal(""), "deviceLocale: expected a BCP 47 language tag such as th-TH-u-ca-buddhist, got an empty text")
        XCTAssertEqual(refusal(String(repeating: "a", count: 65)), "deviceLocale: 65 bytes, over the limit of 64 for a device locale")
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","nowMs":1,"timeZone":"UTC","deviceLocale":7}"#])?.message, "expected a string")
    }

    func testBadInputNamesFileLineAndField() {
        let good = CorpusTestSupport.text(CaseStream.line(sample))
        let notJSON = failure([good, "{\"id\":"])
        XCTAssertEqual(notJSON?.file, "cases.jsonl")
        XCTAssertEqual(notJSON?.line, 2)

        let missing = failure([#"{"id":"a","blob":"{}","timeZone":"Europe/Berlin"}"#])
        XCTAssertEqual(missing?.line, 1)
        XCTAssertEqual(missing?.field, "nowMs")
        XCTAssertEqual(missing?.description, "cases.jsonl:1: field `nowMs`: missing")

        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","nowMs":"5","timeZone":"Europe/Berlin"}"#])?.message,
                       "expected an integer")
        XCTAssertEqual(failure([#"{"id":"a","blob":"{}","blobBase64":"e30=","nowMs":5,"timeZone":"UTC"}"#])?.field,
                       "blobBase64")
        XCTAssertEqual(failure([#"{"id":"a","blobBase64":"e30","nowMs":5,"timeZone":"UTC"}"#])?.field, "blobBase64")
        XCTAssertEqual(failure([#"{"id":"a","nowMs":5,"timeZone":"UTC"}"#])?.field, "blob")
        XCTAssertEqual(failure([#"{"id":"a","blob":"","nowMs":5,"timeZone":"UTC","extra":1}"#])?.field, "extra")
        XCTAssertEqual(failure([#"{"id":"a","blob":"","nowMs":5,"timeZone":"Mars/Olympus"}"#])?.field, "timeZone")
        XCTAssertEqual(failure([#"{"id":"a","blob":"","pendingDoneTargets":{"t1":1},"nowMs":5,"timeZone":"UTC"}"#])?.field,
                       "pendingDoneTargets.t1")
        let repeated = failure([good, good])
        XCTAssertEqual(repeated?.line, 2)
        XCTAssertEqual(repeated?.field, "id")
        XCTAssertEqual(failure([good, "", good])?.line, 2)
        XCTAssertEqual(failure(["[1]"])?.message, "expected a JSON object")
    }
}
