import ContractModel
import Foundation
import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest

/// A Swift reader run live on Linux runs on swift-corelibs-foundation: where that is known to
/// differ from Apple's (its Scanner trap on a colour starting outside the BMP, its JSONSerialization
/// depth of 512), the gate says "Linux Foundation" and leaves the case to the reader's recording on
/// Apple's; any other difference of the reader still fails.
final class LinuxFoundationTests: XCTestCase {
    private func testCase(_ blob: String) -> Case { Case(id: "x/y@berlin@before", blob: Array(blob.utf8), nowMs: 0, timeZone: "Europe/Berlin") }
    private let trapped = ReaderOutcome.failure("crash: the reader trapped (signal) in reader")
    private let view = ReaderOutcome.view(DecodedView(id: "x", parse: .tasks([]), meta: .unknown, stale: false, header: .today))
    private let refused = ReaderOutcome.view(DecodedView(id: "x", parse: .error("too deep"), meta: .unknown, stale: false, header: .today))

    func testTheKnownDifferencesAndNothingElse() {
        let emoji = testCase(##"{"v":1,"tasks":[],"projectColors":{"p":"#😀12"}}"##)
        let ascii = testCase(##"{"v":1,"tasks":[],"projectColors":{"p":"#ff0000"}}"##)
        XCTAssertEqual(LinuxFoundation.explaining(emoji, expected: view, got: trapped), LinuxFoundation.scannerTrap)
        XCTAssertNil(LinuxFoundation.explaining(ascii, expected: view, got: trapped), "a trap on a plain colour is the reader's")
        XCTAssertNil(LinuxFoundation.explaining(emoji, expected: view, got: view))
        let deep = testCase("{\"v\":1,\"x\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}")
        let shallow = testCase("{\"v\":1,\"x\":" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}")
        XCTAssertEqual(LinuxFoundation.explaining(deep, expected: view, got: refused), LinuxFoundation.depthLimit)
        XCTAssertNil(LinuxFoundation.explaining(shallow, expected: view, got: refused), "512 levels and under are read on Linux too")
        XCTAssertNil(LinuxFoundation.explaining(deep, expected: refused, got: refused), "the contract refuses it too")
        XCTAssertEqual(LinuxFoundation.nestingDepth(Array(#"{"a":"[[[[","b":[{}]}"#.utf8)), 3, "brackets inside strings do not count")
    }

    /// A reader that traps where the corpus's colours start outside the BMP, and on one other case.
    private struct TrappingReader: InProcessReader {
        let name = "ios"
        func outcome(_ testCase: Case) -> ReaderOutcome {
            if testCase.id.contains("display.colour#emoji-then-six-digits") || testCase.id.contains("display.colour#math-bold-digit-surrogates")
                || testCase.id.contains("display.colour#plane-four-zeros") || testCase.id == "canonical/base@berlin@before" {
                return .failure("crash: the reader trapped (signal) in reader")
            }
            return CReferenceReader().outcome(testCase)
        }
    }

    /// On canonical's colour cases and its base case only (where the reader traps, and some 90 cases
    /// where it does not): the mark is judged case by case, so the rest of the corpus adds nothing
    /// but seconds of every reader (the other cases' golden lines are left over, which only the
    /// gate's problems count, not the reader's verdict).
    func testTheGateSaysLinuxFoundationAndStillFailsTheReadersOwnTrap() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let full = try Corpus.load(paths)
        let corpus = Corpus(fixtures: full.fixtures, cases: full.cases.filter { $0.id.contains("display.colour") || $0.id.hasPrefix("canonical/base@") },
                            zoneDays: full.zoneDays)
        XCTAssertGreaterThan(corpus.cases.count, 20)
        var options = Gate.Options(jobs: 2)
        options.readers += [TrappingReader()]
        let plain = try Gate.check(paths, corpus: corpus, options: options).verdicts.first { $0.reader == "ios" }
        XCTAssertEqual(plain?.unexpected.count, 4, "without the mark every trap is the reader's")

        options.linuxFoundation = ["ios"]
        let result = try Gate.check(paths, corpus: corpus, options: options)
        let ios = try XCTUnwrap(result.verdicts.first { $0.reader == "ios" })
        XCTAssertEqual(ios.unexpected.map(\.caseId), ["canonical/base@berlin@before"], "a trap no known difference explains still fails")
        let notice = try XCTUnwrap(result.notices.first { $0.hasPrefix("ios runs on Linux Foundation") }, "\(result.notices)")
        XCTAssertTrue(notice.contains("3 cases where swift-corelibs-foundation's Scanner.scanHexInt64 traps") && notice.contains("not the reader's"), notice)
    }
}
