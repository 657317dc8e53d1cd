/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written here rather than taken from Foundation, whose parsers differ between Linux and
/// Apple platforms and accept more than RFC 8259. Decisions (see CONTRACT.md §1):
/// the last duplicate key wins at its first position; integers keep int64 exactness and
/// fall back to `Double` beyond it; non-finite numbers are errors; a lone escaped surrogate
/// becomes U+FFFD; `\u0000` is allowed; nesting is bounded by `maximumDepth` and never
/// recurses, so hostile depth costs heap, not stack.
package struct JSONParser {
    /// The deepest value accepted, counting the value itself: a scalar inside 2047 arrays is
    /// at depth 2048. Equal to jansson's compiled `JSON_PARSER_MAX_DEPTH`, so that the Swift
    /// and C readers draw the same line.
    package static let defaultMaximumDepth = 2048

    /// What a lone escaped surrogate (`\ud800` without its pair) becomes.
    package enum LoneSurrogates: Sendable {
        /// U+FFFD, as the readers decide (CONTRACT.md §5 D1).
        case replace
        /// The six characters of the escape itself (`\ud800`, lower-case hex): lets the
        /// harness read a view from a reader that kept the surrogate and still see that it did.
        case keepAsEscapeText
    }

    package var maximumDepth: Int
    package var loneSurrogates: LoneSurrogates
    /// Keep every member of an object in order, a repeated key included (lookups see the
    /// last): what the harness reads a case line with, whose tap queue may repeat an id.
    /// Off for everything else (the last duplicate wins at its first position).
    package var keepsRepeatedKeys: Bool

    package init(maximumDepth: Int = JSONParser.defaultMaximumDepth, loneSurrogates: LoneSurrogates = .replace,
                 keepsRepeatedKeys: Bool = false) {
        self.maximumDepth = maximumDepth
        self.loneSurrogates = loneSurrogates
        self.keepsRepeatedKeys = keepsRepeatedKeys
    }

    /// Parses one JSON text: a single value with optional surrounding whitespace.
    package func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var scanner = JSONScanner(buffer, maximumDepth: maximumDepth, loneSurrogates: loneSurrogates)
            var builder = JSONTreeBuilder(buffer, loneSurrogates: loneSurrogates, keepsRepeatedKeys: keepsRepeatedKeys)
            try scanner.scanDocument(into: &builder)
            return builder.result
        }
    }

    package func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
