/// A validated JSON document as one flat array of entries in document order, pointing into
/// the document's bytes: what the snapshot reader reads instead of a `JSONValue` tree, so
/// that a blob costs one validating pass and one allocation, and only the fields a widget
/// shows are ever decoded.
///
/// Same grammar, depth limit and errors as `JSONParser()` (the same scanner validates both):
/// a value at entry `i` materialised with `JSONTapeReader.value(_:)` equals the value
/// `JSONParser().parse` gives at that place.
package struct JSONTape: Sendable {
    package enum Kind: UInt8, Sendable {
        case null, `false`, `true`, integer, double, string, key, array, object
    }

    /// One value or member name. An object's entry is followed by its members (a key entry,
    /// then the value's entries) and an array's by its elements.
    package struct Entry: Sendable {
        package var kind: Kind
        /// Strings and keys: the first byte after the opening quote; other values: their first byte.
        package var start: Int
        /// Strings and keys: the closing quote; other values: just after their last byte.
        package var end: Int
        /// `integer`: the value; `double`: its bit pattern; strings and keys: 1 when the raw
        /// text holds an escape, else 0; containers: the index of the first entry after them.
        package var payload: Int64
    }

    private let storage: Storage

    /// Validates `bytes` as one JSON text, as `JSONParser()` does (default depth, lone
    /// surrogates replaced), and records it.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(bytes, maximumDepth: JSONParser.defaultMaximumDepth, loneSurrogates: .replace)
        var builder = JSONTapeBuilder(capacity: max(64, bytes.count / 16))
        do {
            try scanner.scanDocument(into: &builder)
        } catch {
            builder.discard()
            throw error
        }
        storage = Storage(base: builder.base, count: builder.count)
    }

    /// The first entry: the top-level value.
    package var root: Entry { storage.base[0] }

    /// Lends the entries to `body` (they live as long as the tape).
    package func withEntries<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Entry>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withExtendedLifetime(storage) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
        }
    }

    /// The entries, written once by the builder and never changed: shared between threads
    /// safely, freed with the last tape that holds them.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<Entry>
        let count: Int

        init(base: UnsafeMutablePointer<Entry>, count: Int) {
            self.base = base
            self.count = count
        }

        deinit { base.deallocate() }
    }
}

/// The sink that records a tape: one entry per value and per member name. The open
/// containers form a stack threaded through their own entries (an open container's payload
/// is the index of the one enclosing it until it closes), so recording needs no other storage.
///
/// The entries are written to memory the builder allocates (no array uniqueness checks on
/// the hot path); the tape takes it over, or `discard()` frees it when the scan fails.
struct JSONTapeBuilder: JSONScanSink {
    private(set) var base: UnsafeMutablePointer<JSONTape.Entry>
    private(set) var count = 0
    private var capacity: Int
    /// The innermost open container's index, or -1.
    private var innermost = -1

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the entries (the scan failed; no tape takes them).
    func discard() { base.deallocate() }

    @inline(__always)
    private mutating func append(_ entry: JSONTape.Entry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONTape.Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    mutating func openArray(at start: Int) { open(.array, at: start) }

    mutating func openObject(at start: Int) { open(.object, at: start) }

    mutating func closeArray(at end: Int) { close(at: end) }

    mutating func closeObject(at end: Int) { close(at: end) }

    private mutating func open(_ kind: JSONTape.Kind, at start: Int) {
        let index = count
        append(JSONTape.Entry(kind: kind, start: start, end: start, payload: Int64(innermost)))
        innermost = index
    }

    private mutating func close(at end: Int) {
        let index = innermost
        innermost = Int(base[index].payload)
        base[index].end = end
        base[index].payload = Int64(count)
    }

    mutating func key(start: Int, end: Int, escaped: Bool) {
        append(JSONTape.Entry(kind: .key, start: start, end: end, payload: escaped ? 1 : 0))
    }

    mutating func string(start: Int, end: Int, escaped: Bool) {
        append(JSONTape.Entry(kind: .string, start: start, end: end, payload: escaped ? 1 : 0))
    }

    mutating func scalar(_ value: JSONValue, start: Int, end: Int) {
        let kind: JSONTape.Kind
        var payload: Int64 = 0
        switch value {
        case .null: kind = .null
        case .bool(let flag): kind = flag ? .true : .false
        case .integer(let number): kind = .integer; payload = number
        case .double(let number): kind = .double; payload = Int64(bitPattern: number.bitPattern)
        case .string, .array, .object: preconditionFailure("not a scalar")
        }
        append(JSONTape.Entry(kind: kind, start: start, end: end, payload: payload))
    }
}
