import Foundation
import HarnessCorpus
import HarnessTestSupport
import XCTest

/// Tests that run the gate on a fresh copy of the small `legacy` tree (78 cases) and write
/// readers' lists into it.
class LegacyTreeTestCase: XCTestCase {
    var paths: HarnessPaths!

    override func setUpWithError() throws {
        paths = try GateTestSupport.smallTree()
    }

    override func tearDownWithError() throws {
        GateTestSupport.remove(paths)
    }

    /// Writes `golden/divergences/<name>.txt`.
    func list(_ name: String, _ text: String) throws {
        try text.write(to: paths.golden.appendingPathComponent("divergences/\(name).txt"), atomically: true, encoding: .utf8)
    }
}
