/// Whether a byte string holds another: the one search golden lines (provenance members, long-text
/// digests) and tests over blobs need, written once.
extension Array where Element == UInt8 {
    package func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { start in
            self[start] == first && self[start..<start + needle.count].elementsEqual(needle)
        }
    }
}
