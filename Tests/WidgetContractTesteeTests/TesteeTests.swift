import Foundation
import WidgetSnapshot
import XCTest
@testable import WidgetContractTestee

/// The testee kit's promises (CONTRACT.md §6): what the reader is handed, the canonical line
/// it answers with (fields it does not implement left out), and one line per case whatever
/// goes wrong — a bad case line, a throwing reader — so views stay aligned with cases.
final class TesteeTests: XCTestCase {
    private let canonicalBlob = #"{\"v\":1,\"dayStr\":\"2026-07-17\",\"validUntil\":5,\"tasks\":[{\"id\":\"t1\",\"title\":\"A\"}]}"#

    private func line(_ fields: String) -> [UInt8] { Array("{\(fields)}".utf8) }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private let fullView: (TesteeCase) throws -> TesteeView = { _ in
        TesteeView(parse: .tasks([WidgetTaskRow(id: "t1", title: "A", isDone: true, projectColor: nil)]),
                   meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 5), stale: true, header: .outdated(dayMs: nil))
    }

    func testAValidCaseReachesTheReaderExactlyAndItsViewIsTheCanonicalLine() throws {
        var seen: TesteeCase?
        let out = Testee.respond(to: line(#""id":"f/op@berlin@at","blob":"\#(canonicalBlob)","pendingDoneTargets":{"e\u0301":true,"\u00e9":false,"e\u0301":false},"nowMs":10,"timeZone":"Europe/Berlin""#),
                                 lineNumber: 1) { c in
            seen = c
            return try self.fullView(c)
        }
        XCTAssertEqual(text(out), #"{"id":"f/op@berlin@at","parse":{"tasks":[{"id":"t1","title":"A","isDone":true,"projectColor":null}]},"meta":{"dayStr":"2026-07-17","validUntil":5},"stale":true,"header":{"kind":"outdated","dayMs":null}}"#)
        let c = try XCTUnwrap(seen)
        XCTAssertEqual(c.id, "f/op@berlin@at")
        XCTAssertEqual(c.blobText, #"{"v":1,"dayStr":"2026-07-17","validUntil":5,"tasks":[{"id":"t1","title":"A"}]}"#)
        XCTAssertEqual(c.pendingDoneTargets.map { Array($0.taskId.unicodeScalars) }, [["e", "\u{301}"], ["\u{e9}"], ["e", "\u{301}"]],
                       "three taps, in order, exact code points, a repeated id kept")
        XCTAssertEqual(c.pendingDoneTargets.map(\.isDone), [true, false, false])
        XCTAssertEqual(c.nowMs, 10)
        XCTAssertEqual(c.timeZoneName, "Europe/Berlin")
        XCTAssertEqual(c.timeZone?.identifier, "Europe/Berlin")
    }

    /// The device (CONTRACT.md §4): the case's tag, and Foundation's `Locale` and `Calendar` for
    /// it, the ones a reader uses where it would use `.current`; the process's own without one.
    func testTheDeviceLocaleAndCalendarReachTheReader() throws {
        var seen: [TesteeCase] = []
        for device in [#","deviceLocale":"th-TH-u-ca-buddhist""#, #","deviceLocale":"fa-IR""#, #","deviceLocale":"th-TH-u-ca-gregory-nu-thai""#, ""] {
            _ = Testee.respond(to: line(#""id":"d","blob":"","nowMs":0,"timeZone":"Asia/Bangkok"\#(device)"#), lineNumber: 1) { c in
                seen.append(c)
                return try self.fullView(c)
            }
        }
        XCTAssertEqual(seen.map(\.deviceLocaleIdentifier), ["th-TH-u-ca-buddhist", "fa-IR", "th-TH-u-ca-gregory-nu-thai", nil])
        XCTAssertEqual(seen.map(\.deviceCalendar.identifier), [.buddhist, .persian, .gregorian, Calendar.current.identifier])
        XCTAssertEqual(seen[0].deviceCalendar.timeZone.identifier, "Asia/Bangkok")
        XCTAssertEqual(seen[2].deviceLocale.numberingSystem.identifier, "thai")
        XCTAssertEqual(seen[3].deviceLocale.identifier, Locale.current.identifier)
        // What a DateFormatter left on the device's defaults makes of the case's day: 2026 read as a Buddhist year.
        let formatter = DateFormatter()
        formatter.locale = seen[0].deviceLocale
        formatter.calendar = seen[0].deviceCalendar
        formatter.timeZone = seen[0].timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        let date = try XCTUnwrap(formatter.date(from: "2026-07-17"))
        XCTAssertEqual(Calendar(identifier: .gregorian).component(.year, from: date), 1483)
        // A device tag the kit cannot read is a bad case: one line naming the field, never the reader.
        let bad = text(Testee.respond(to: line(#""id":"x","blob":"","nowMs":0,"timeZone":"UTC","deviceLocale":"th_TH""#), lineNumber: 2) { _ in
            XCTFail("a bad case must not reach the reader"); throw CancellationError()
        })
        XCTAssertTrue(bad.hasPrefix(#"{"id":"x","crash":"bad case: stdin:2: field `deviceLocale`: "#), bad)
    }

    func testABase64BlobArrivesAsItsBytes() throws {
        var blob: [UInt8] = []
        var text: String? = "unset"
        _ = Testee.respond(to: line(#""id":"b","blobBase64":"/wB7","nowMs":0,"timeZone":"UTC""#), lineNumber: 1) { c in
            blob = c.blob
            text = c.blobText
            return try self.fullView(c)
        }
        XCTAssertEqual(blob, [0xFF, 0x00, 0x7B])
        XCTAssertNil(text, "not UTF-8")
    }

    func testFieldsTheReaderDoesNotImplementAreLeftOut() {
        // a title holding the writer's own markers must not confuse the cut
        let tricky = #",\"meta\":{\"dayStr\":\"x\"},\"stale\":true,\"header\":{\"kind\":"#
        let row = WidgetTaskRow(id: "t", title: #","meta":{"dayStr":"x"},"stale":true,"header":{"kind":"#, isDone: false, projectColor: "red")
        let answers: [(TesteeView, String)] = [
            (TesteeView(parse: .tasks([row]), meta: nil, stale: nil, header: nil),
             #"{"id":"p","parse":{"tasks":[{"id":"t","title":"\#(tricky)","isDone":false,"projectColor":"red"}]}}"#),
            (TesteeView(parse: .error("no"), meta: SnapshotMeta(dayStr: nil, validUntil: 7), stale: nil, header: nil),
             #"{"id":"p","parse":{"error":"no"},"meta":{"dayStr":null,"validUntil":7}}"#),
            (TesteeView(parse: .error("no"), meta: .unknown, stale: false, header: nil),
             #"{"id":"p","parse":{"error":"no"},"meta":{"dayStr":null,"validUntil":null},"stale":false}"#),
            (TesteeView(parse: .error("no"), meta: .unknown, stale: nil, header: .today),
             #"{"id":"p","parse":{"error":"no"},"meta":{"dayStr":null,"validUntil":null},"header":{"kind":"today"}}"#),
        ]
        for (view, expected) in answers {
            let out = Testee.respond(to: line(#""id":"p","blob":"","nowMs":0,"timeZone":"UTC""#), lineNumber: 1) { _ in view }
            XCTAssertEqual(text(out), expected)
        }
    }

    func testABadCaseLineStillGetsOneLineNamingWhatIsWrong() {
        let reader: (TesteeCase) throws -> TesteeView = { _ in XCTFail("a bad case must not reach the reader"); throw CancellationError() }
        let notJSON = text(Testee.respond(to: Array("{nope".utf8), lineNumber: 3, reader: reader))
        XCTAssertTrue(notJSON.hasPrefix(#"{"id":"","crash":"bad case: stdin:3"#), notJSON)
        let noNow = text(Testee.respond(to: line(#""id":"x","blob":"","timeZone":"UTC""#), lineNumber: 4, reader: reader))
        XCTAssertTrue(noNow.hasPrefix(#"{"id":"x","crash":"bad case: stdin:4"#), noNow)
        XCTAssertTrue(noNow.contains("nowMs"), noNow)
        let both = text(Testee.respond(to: line(#""id":"y","blob":"","blobBase64":"","nowMs":0,"timeZone":"UTC""#), lineNumber: 5, reader: reader))
        XCTAssertTrue(both.contains("only one of blob and blobBase64"), both)
        XCTAssertTrue(both.hasPrefix(#"{"id":"y","crash":"#), both)
    }

    func testAThrowingReaderGivesTheCasesCrashLine() {
        struct Broken: Error, CustomStringConvertible { var description: String { "index 3 out of range" } }
        let out = text(Testee.respond(to: line(#""id":"z","blob":"{}","nowMs":0,"timeZone":"UTC""#), lineNumber: 1) { _ in throw Broken() })
        XCTAssertEqual(out, #"{"id":"z","crash":"Broken: index 3 out of range in reader"}"#)
    }

    /// A reader that traps (here a failed precondition) cannot be caught in Swift; the kit's
    /// signal handler writes the case's crash line before the process ends, so the harness
    /// blames that case with a reason. Run in a child copy of this test process.
    func testATrappingReaderStillWritesTheCasesCrashLine() throws {
        if ProcessInfo.processInfo.environment["TESTEE_TRAP_CHILD"] == "1" {
            CrashGuard.install()
            let out = Testee.respond(to: line(#""id":"trap","blob":"{}","nowMs":0,"timeZone":"UTC""#), lineNumber: 1) { c in
                precondition(c.blob.isEmpty, "planted trap")
                return try self.fullView(c)
            }
            XCTFail("the reader should have trapped, answered \(text(out))")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["WidgetContractTesteeTests.TesteeTests/testATrappingReaderStillWritesTheCasesCrashLine"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TESTEE_TRAP_CHILD": "1"]) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, out)
        XCTAssertTrue(out.split(separator: "\n").contains(#"{"id":"trap","crash":"the reader trapped (signal) in reader"}"#), out)
    }

    /// The worked example end to end, as the gate runs it: one line per case, in order, a bad
    /// line in the middle answered with a crash line, and the process ending at end of input. It
    /// paints as the app's iOS port (CONTRACT.md §9.7): an expired snapshot and one without
    /// `validUntil` show no rows, under the Today header the port always shows.
    func testTheExampleTesteeAnswersEveryLineInOrder() throws {
        let unstamped = #"{\"v\":1,\"dayStr\":\"2026-07-17\",\"tasks\":[{\"id\":\"t1\",\"title\":\"A\"}]}"#
        let input = [#"{"id":"a","blob":"\#(canonicalBlob)","nowMs":10,"timeZone":"Europe/Berlin"}"#,
                     "not a case", "",
                     #"{"id":"c","blob":"[]","nowMs":0,"timeZone":"UTC"}"#,
                     #"{"id":"d","blob":"\#(unstamped)","nowMs":10,"timeZone":"Europe/Berlin"}"#].joined(separator: "\n") + "\n"
        let (status, stdout) = try ExampleTesteeProcess.run("ios-example-testee", input: Data(input.utf8))
        let out = String(decoding: stdout, as: UTF8.self)
        XCTAssertEqual(status, 0)
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, out)
        XCTAssertEqual(lines[0], #"{"id":"a","parse":{"tasks":[{"id":"t1","title":"A","isDone":false,"projectColor":null}]},"meta":{"dayStr":"2026-07-17","validUntil":5},"stale":true,"header":{"kind":"outdated","dayMs":1784239200000},"#
                       + #""display":{"rows":[],"more":0,"header":{"kind":"today","title":null,"day":null},"empty":true}}"#)
        XCTAssertTrue(lines[1].hasPrefix(#"{"id":"","crash":"bad case: stdin:2"#), lines[1])
        XCTAssertTrue(lines[2].hasPrefix(#"{"id":"c","parse":{"error":"#), lines[2])
        // Android never goes stale without validUntil and shows the row under Today; the port has expired.
        XCTAssertEqual(lines[3], #"{"id":"d","parse":{"tasks":[{"id":"t1","title":"A","isDone":false,"projectColor":null}]},"meta":{"dayStr":"2026-07-17","validUntil":null},"stale":true,"header":{"kind":"outdated","dayMs":1784239200000},"#
                       + #""display":{"rows":[],"more":0,"header":{"kind":"today","title":null,"day":null},"empty":true}}"#)
    }
}
