import ContractModel
import XCTest

/// `UTF8Text.decode` says "valid UTF-8" exactly when the bytes are (the portable stand-in for
/// `String(validating:as:)`, which Apple ships only with iOS 18).
final class UTF8TextTests: XCTestCase {
    func testValidBytesDecodeAndInvalidOnesDoNot() {
        let valid: [[UInt8]] = [[], Array("abc".utf8), [0], Array("é😀".utf8), [0xEF, 0xBF, 0xBD], Array("\u{10FFFF}".utf8)]
        for bytes in valid { XCTAssertEqual(UTF8Text.decode(bytes).map { Array($0.utf8) }, bytes, "\(bytes)") }
        let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x61, 0x80]]
        for bytes in invalid { XCTAssertNil(UTF8Text.decode(bytes), "\(bytes)") }
    }
}
