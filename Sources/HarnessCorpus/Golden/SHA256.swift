import CCrypto

/// SHA-256 (FIPS 180-4) in lower-case hex, for the harness's fingerprints: golden seals
/// (`GoldenLine`), case fingerprints (`CaseFingerprint`) and the case stream a recording
/// names. Taken from OpenSSL's libcrypto (`CCrypto`; Foundation on Linux has no digest API),
/// which hashes a golden file's worth of lines in a fraction of what a hand-written Swift
/// loop took; the digests are the same bytes (`SHA256Tests`).
package enum SHA256 {
    /// Hex digits of a whole digest.
    package static let hexLength = 64

    /// The digest as `digits` (at most 64) lower-case hex digits: the first `digits` of the
    /// full digest's hex.
    package static func hex(_ message: some Collection<UInt8>, digits: Int = hexLength) -> String {
        precondition((0...hexLength).contains(digits), "a SHA-256 digest has 64 hex digits")
        return message.withContiguousStorageIfAvailable { hex(UnsafeRawBufferPointer($0), digits: digits) }
            ?? Array(message).withUnsafeBytes { hex($0, digits: digits) }
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer, digits: Int) -> String {
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &digest) { digest in
            let out = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
            _ = CCrypto.SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, out)
            return String(unsafeUninitializedCapacity: digits) { text in
                for index in 0..<digits {
                    let byte = out[index / 2]
                    text[index] = hexDigits[Int(index % 2 == 0 ? byte >> 4 : byte & 0x0F)]
                }
                return digits
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
