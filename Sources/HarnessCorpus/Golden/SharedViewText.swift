import ContractModel

/// The lines of a golden folder that say the same after their id: a fixture's view repeats
/// across zones and instants (10,428 lines, some 2,000 distinct views), and parsing each line
/// again is most of what loading golden/expected costs. A line `{"id":"I",REST` whose id needs
/// no escape reads as the first line with the same REST (its leader) reads, but for the id: the
/// id is a plain string member, and nothing else a view line says depends on it. Only when the
/// leader read as a view or crash of its own leading id (a later `"id"` member did not replace
/// it) is its outcome taken; anything else, errors included, is parsed line by line, so what a
/// folder reads as, and the first error it stops at, are the same as parsing every line.
struct SharedViewText {
    private var leaders: [Int?]
    private var ids: [String?]

    /// `views[i]`: line i's view bytes (provenance removed), nil when it could not be opened.
    init(_ views: [[UInt8]?]) {
        leaders = Array(repeating: nil, count: views.count)
        ids = Array(repeating: nil, count: views.count)
        var first: [String: Int] = [:]  // (String: the standard library's hashing, fast in a debug build too)
        for (index, view) in views.enumerated() {
            guard let view, let (id, rest) = Self.split(view) else { continue }
            ids[index] = id
            if let leader = first[rest] { leaders[index] = leader } else { first[rest] = index }
        }
    }

    /// The earlier line whose view text after the id is the same as line `index`'s.
    func leader(of index: Int) -> Int? { leaders[index] }

    /// Line `index`'s leading id, when it needs no escape.
    func id(of index: Int) -> String? { ids[index] }

    /// The leader's outcome as the follower's, when the leader read as its own leading id.
    static func outcome(_ outcome: ReaderOutcome, leaderID: String, leadingID: String?, as id: String) -> ReaderOutcome? {
        guard leaderID == leadingID else { return nil }
        guard case .view(var view) = outcome else { return outcome }  // a crash line's outcome carries no id
        guard view.id == leaderID else { return nil }
        view.id = id
        return .view(view)
    }

    /// `{"id":"` then the id up to its closing quote, valid UTF-8 with no escape and no control
    /// byte (what a JSON string reads as itself), and the bytes after it (valid UTF-8 too: two
    /// texts are the same key only when they are the same bytes).
    private static func split(_ view: [UInt8]) -> (id: String, rest: String)? {
        let head = Array(#"{"id":""#.utf8)
        guard view.starts(with: head),
              let close = view[head.count...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
              view[close] == UInt8(ascii: "\""),
              let id = String(validating: view[head.count..<close], as: UTF8.self),
              let rest = String(validating: view[(close + 1)...], as: UTF8.self) else { return nil }
        return (id, rest)
    }
}
