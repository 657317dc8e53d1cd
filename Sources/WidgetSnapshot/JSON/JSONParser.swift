/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written here rather than taken from Foundation, whose parsers differ between Linux and
/// Apple platforms and accept more than RFC 8259. Decisions (see CONTRACT.md §1):
/// the last duplicate key wins at its first position; integers keep int64 exactness and
/// fall back to `Double` beyond it; non-finite numbers are errors; a lone escaped surrogate
/// becomes U+FFFD; `\u0000` is allowed; nesting is bounded by `maximumDepth` and never
/// recurses, so hostile depth costs heap, not stack.
public struct JSONParser {
    /// The deepest value accepted, counting the value itself: a scalar inside 2047 arrays is
    /// at depth 2048. Equal to jansson's compiled `JSON_PARSER_MAX_DEPTH`, so that the Swift
    /// and C readers draw the same line.
    public static let defaultMaximumDepth = 2048

    public var maximumDepth: Int

    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON text: a single value with optional surrounding whitespace.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var scanner = JSONScanner(buffer, maximumDepth: maximumDepth)
            return try scanner.parseDocument()
        }
    }

    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
