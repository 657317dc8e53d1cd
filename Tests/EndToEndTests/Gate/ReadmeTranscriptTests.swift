import HarnessCorpus
import HarnessGate
import HarnessTestSupport
import TestSupport
import XCTest

/// README's transcript of `check` comes from `golden refresh`: it must be there, and its header must
/// be the corpus this tree builds (a hand edit, or a corpus changed without refresh, is seen here).
final class ReadmeTranscriptTests: XCTestCase {
    func testReadmesTranscriptIsTheCorpusThisTreeBuilds() throws {
        let readme = try String(contentsOf: TestRepository.url("README.md"), encoding: .utf8)
        let transcript = try XCTUnwrap(DocTranscript.current(in: readme), "README has no generated transcript: run `contract-harness golden refresh`")
        let corpus = try GateTestSupport.repositoryCorpus()
        XCTAssertTrue(transcript.contains("contract-harness check: \(corpus.cases.count) cases from \(corpus.fixtures.count) fixtures"),
                      "README's transcript is not this tree's corpus (\(corpus.cases.count) cases): run `contract-harness golden refresh`\n\(transcript)")
        for reader in ["swift", "c", "kotlin"] { XCTAssertTrue(transcript.contains("\n\(reader) "), reader) }
        XCTAssertTrue(transcript.hasSuffix("PASS\n```"), transcript)
    }
}
