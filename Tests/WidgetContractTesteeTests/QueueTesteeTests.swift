import ContractModel
import Foundation
import WidgetContractTestee
import XCTest

/// The kit's queue writer protocol (CONTRACT.md §10.4): a case line in, the store's answers out,
/// its container folder seeded with the case's slots; a line that is no case answers a crash line.
final class QueueTesteeTests: XCTestCase {
    /// A store that remembers taps in memory and writes them to `taps.txt` in its container.
    private final class Recorder: QueueStoreUnderTest {
        let container: URL
        var taps: [(String, Bool)] = []
        init(_ container: URL) { self.container = container }
        func setTarget(taskId: String, isDone: Bool, atMs: Int64) throws {
            taps.append((taskId, isDone))
            try taps.map { "\($0.0)=\($0.1)" }.joined(separator: "\n").write(to: container.appendingPathComponent("taps.txt"), atomically: true, encoding: .utf8)
        }
        func peek() throws -> (targets: [(taskId: String, isDone: Bool)], times: [(taskId: String, doneAtMs: Int64)]?) {
            let seeded = (try? String(contentsOf: container.appendingPathComponent("seed.txt"), encoding: .utf8)) ?? ""
            return (taps.map { (taskId: $0.0, isDone: $0.1) } + (seeded.isEmpty ? [] : [(taskId: seeded, isDone: true)]), nil)
        }
    }

    private func respond(_ line: String) -> String {
        String(decoding: QueueTestee.respond(to: Array(line.utf8), lineNumber: 1) { Recorder($0) }, as: UTF8.self)
    }

    func testACaseIsAnsweredOperationByOperationWithTheSlotsItLeaves() {
        let answer = respond(#"{"id":"queue/x","stored":{"seed.txt":"s"},"ops":[{"op":"tap","writer":0,"task":"a","done":true,"at":1},{"op":"peek"},{"op":"handoff"}]}"#)
        XCTAssertEqual(answer, #"{"id":"queue/x","results":[{"ok":true},{"peek":{"a":true,"s":true}},{"error":"QueueTesteeError: handOff is not a call of this store"}],"stored":{"seed.txt":"s","taps.txt":"a=true"}}"#)
    }

    /// A Swift store gets an id with a lone surrogate as a `String` holds it: U+FFFD in its place.
    func testALoneSurrogateReachesTheStoreAsTheReplacementCharacter() {
        let answer = respond(#"{"id":"queue/x","ops":[{"op":"tap","task":"x\ud83c","done":true,"at":1},{"op":"peek"}]}"#)
        XCTAssertTrue(answer.contains("\"peek\":{\"x\u{fffd}\":true}"), answer)
    }

    func testALineThatIsNoCaseAnswersACrashLineWithItsId() {
        XCTAssertEqual(respond(#"{"id":"queue/y","ops":[{"op":"jump"}]}"#),
                       #"{"id":"queue/y","crash":"bad case: stdin:1: field `ops[0].op`: `jump` is not an operation (tap, together, peek, handoff, lease, ack)"}"#)
    }
}
