/// Large inputs: many tasks, a long title, deep nesting in a field no reader looks at.
/// Canonical fixture only, at one zone and one instant, to keep golden files small.
enum SizeMutations {
    static let all: [MutationOperator] = [
        .edit("size.many-tasks", .size, "10 000 tasks (every third done, odd ones in project p1)",
              reach: .canonicalSingleCase) { draft, _ in
            let tasks = (1...10_000).map { number -> BlobDraft in
                var task: [BlobDraft.Member] = [
                    BlobDraft.Member("id", .string("t\(number)")),
                    BlobDraft.Member("title", .string("Task \(number)")),
                    BlobDraft.Member("isDone", .bool(number % 3 == 0)),
                ]
                if number % 2 == 1 { task.append(BlobDraft.Member("projectId", .string("p1"))) }
                return .object(task)
            }
            return draft.replace("tasks", with: .array(tasks))
        },
        .edit("size.long-title", .size, "a 102 400-byte title on the first task", reach: .canonicalSingleCase) {
            draft, input in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.replace("title", with: longTitle) }
        },
        .edit("size.deep-nesting", .size,
              "an ignored field holding N nested arrays (document depth N+1; the limit is 2048)",
              reach: .canonicalSingleCase, [("1000", 1000), ("2047", 2047), ("2048", 2048), ("3000", 3000)]) {
            draft, _, depth in
            // (Bytes, not `String(repeating:)`: appending a string character by character was
            // most of the fuzzer's cost of a chain that ends here.)
            draft.append("extra", .raw([UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)))
        },
        // Past 64 open containers the scanner keeps which are objects in an array, not a
        // register: objects all the way down, and objects and arrays taking turns (both ways
        // round), cross that line where a level read from the wrong place shows (holes
        // generated mutants found).
        .edit("size.deep-mixed-nesting", .size, "an ignored field holding 100 nested objects, or objects and arrays taking turns",
              reach: .canonicalSingleCase, [("objects", ("{\"a\":", "}", 100)), ("object-array", ("{\"a\":[", "]}", 50)),
                                            ("array-object", ("[{\"a\":", "}]", 50))]) { draft, _, spec in
            let (open, close, count) = spec
            return draft.append("extra", .raw(Array((String(repeating: open, count: count) + "1" + String(repeating: close, count: count)).utf8)))
        },
    ]

    /// `size.long-title`'s title, made once.
    private static let longTitle = BlobDraft.string(String(repeating: "0123456789abcdef", count: 6400))
}
