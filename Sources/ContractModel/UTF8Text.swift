/// Bytes as text only when they are valid UTF-8. Not `String(validating:as:)`: Apple ships
/// that with iOS 18 / macOS 15, above what a widget extension targets, and this module is in
/// the testee kit's closure (`AppleCleanTests`).
package enum UTF8Text {
    /// The text, or nil when the bytes are not valid UTF-8. Decoding repairs every invalid
    /// sequence with U+FFFD, so the text re-encodes to the same bytes exactly when none was
    /// repaired (a literal U+FFFD in the input is valid and stays as it was).
    package static func decode(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
