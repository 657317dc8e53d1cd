@testable import HarnessGate
import XCTest

/// A writer finding is judged on the C reference's view; where that reader itself deviates
/// from golden/expected on the case, the finding says so (a planted `<=` in the C reference's
/// grace read as four writer findings blaming the writer, found planting bugs).
final class WriterFindingBlameTests: XCTestCase {
    func testAWriterFindingOnACaseTheReferenceDeviatesOnSaysSo() {
        let onDeviating = "writer finding: state done/grace (golden/states/done.jsonl:4), case states/writer.done#grace_project-1@berlin@before: the widget shows tasks [g1], the app means [g3]"
        let elsewhere = "writer finding: state done/grace (golden/states/done.jsonl:4), case states/writer.done#grace@berlin@at: task g1: the widget's doneOn is none"
        let schema = "writer finding: state colours/no-colour (golden/states/colours.jsonl:5): its blob is not valid for schemas/x.json: at /projectColors/p1: \"\" is shorter than 1"
        let other = "expected is stale: run `contract-harness golden update`"
        let noted = WriterChecks.notingReferenceDeviations([onDeviating, elsewhere, schema, other],
                                                           deviating: ["states/writer.done#grace_project-1@berlin@before"], reader: "c")
        XCTAssertEqual(noted[0], onDeviating + " [the c reader, whose view this judges, itself deviates from golden/expected on this case: look at the reader first]")
        XCTAssertEqual(Array(noted.dropFirst()), [elsewhere, schema, other])
        XCTAssertEqual(WriterChecks.notingReferenceDeviations([onDeviating], deviating: [], reader: "c"), [onDeviating])
    }
}
