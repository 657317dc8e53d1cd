/// What `JSONScanner` reports while it validates a document, in document order: each
/// value as it completes (scalars and strings) or opens and closes (containers), and each
/// member name before its value. A sink builds whatever representation it needs — the
/// `JSONValue` tree (`JSONTreeBuilder`) or the flat tape the snapshot reader uses
/// (`JSONTapeBuilder`) — and never sees invalid input: when the scanner throws, whatever
/// the sink built is thrown away.
///
/// Offsets are byte offsets into the scanned buffer. Empty containers are opened and
/// closed at once.
protocol JSONScanSink {
    /// `[` at `start` opened an array.
    mutating func openArray(at start: Int)
    /// `{` at `start` opened an object.
    mutating func openObject(at start: Int)
    /// The innermost array closed; `end` is the offset just after its `]`.
    mutating func closeArray(at end: Int)
    /// The innermost object closed; `end` is the offset just after its `}`.
    mutating func closeObject(at end: Int)
    /// A member name of the innermost object: the raw text between its quotes is
    /// `start..<end`; `escaped` when it holds a backslash (its bytes are then not its value).
    mutating func key(start: Int, end: Int, escaped: Bool)
    /// A string value, as for `key`.
    mutating func string(start: Int, end: Int, escaped: Bool)
    /// `null`, `true`, `false` or a number, with its text at `start..<end`.
    mutating func scalar(_ value: JSONValue, start: Int, end: Int)
}
