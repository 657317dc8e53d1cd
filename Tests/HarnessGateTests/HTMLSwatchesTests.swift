@testable import HarnessGate
import XCTest

/// The dots on screen as swatches (issue 24): one column per reader, one line per row, a
/// painted circle only for an exact `#AARRGGBB`, hostile text escaped and never a style.
final class HTMLSwatchesTests: XCTestCase {
    func testEachReadersDotsStandSideBySide() {
        let html = HTMLSwatches.render([
            .init(reader: "expected", rows: [(id: "t1", dot: nil), (id: "t2", dot: "#FFFF0000")]),
            .init(reader: "ios-example", rows: [(id: "t1", dot: "#FF90BBA5")]),
            .init(reader: "kotlin", rows: nil),
        ])
        XCTAssertTrue(html.contains("<th>expected</th><th>ios-example</th><th>kotlin</th>"), html)
        XCTAssertTrue(html.contains(#"<span style="background:rgba(144,187,165,1.000)"></span></span><code>#FF90BBA5</code>"#), html)
        XCTAssertTrue(html.contains(#"<span style="background:rgba(255,0,0,1.000)">"#), html)
        XCTAssertEqual(html.components(separatedBy: "<tr>").count - 1, 3, "a header and two rows")
        XCTAssertTrue(html.contains("<td class=\"same\">not shown</td>"), "ios-example shows one row only")
        XCTAssertTrue(html.contains("<td class=\"same\">no display</td>"), "kotlin gave no display")
        XCTAssertTrue(html.contains("no dot"))
    }

    func testAlphaIsDrawnAndOnlyAnExactColourIsPainted() {
        XCTAssertTrue(HTMLSwatches.swatch("#8090bba5").contains("rgba(144,187,165,0.502)"))
        XCTAssertEqual(HTMLSwatches.argb("#00000000"), 0)
        for hostile in ["red", "#FF90BBA", "#FF90BBA5;background:url(x)", "#ＦＦ９０ＢＢＡ５", "\"><script>"] {
            let html = HTMLSwatches.swatch(hostile)
            XCTAssertFalse(html.contains("style="), hostile)
            XCTAssertFalse(html.contains("<script>"), hostile)
        }
        XCTAssertEqual(HTMLSwatches.render([.init(reader: "a", rows: []), .init(reader: "b", rows: nil)]), "", "nothing on screen: no table")
    }
}
