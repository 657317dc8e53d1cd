import Foundation
import XCTest
@testable import WidgetSnapshot

/// Accept/reject cases in the spirit of JSONTestSuite (y_ must parse, n_ must not),
/// written here for this scanner's RFC 8259 decisions.
final class JSONScannerTests: XCTestCase {
    static let accepted: [(name: String, text: String)] = [
        ("y_object_empty", "{}"), ("y_array_empty", "[]"), ("y_array_nested_empty", "[[],[[]]]"),
        ("y_string_empty", #""""#), ("y_number_zero", "0"), ("y_number_negative_zero", "-0"),
        ("y_number_fraction", "1.5"), ("y_number_exponent", "1e5"), ("y_number_exponent_upper_plus", "1E+5"),
        ("y_number_exponent_minus", "1e-5"), ("y_number_fraction_exponent", "-12.5e-3"),
        ("y_number_int64_max", "9223372036854775807"), ("y_number_int64_min", "-9223372036854775808"),
        ("y_number_beyond_int64", "9223372036854775808"), ("y_number_huge_integer", "123456789012345678901234567890"),
        ("y_number_underflow", "1e-400"), ("y_number_max_double", "1.7976931348623157e308"),
        ("y_literal_true", "true"), ("y_literal_false", "false"), ("y_literal_null", "null"),
        ("y_whitespace_around", " \t\r\n{} \t\r\n"), ("y_whitespace_inside", "{ \"a\" : [ 1 , 2 ] }"),
        ("y_string_escapes", #""\"\\\/\b\f\n\r\t""#), ("y_string_unicode_escape", #""\u00e9""#),
        ("y_string_surrogate_pair", #""\ud83d\ude00""#), ("y_string_upper_hex", #""\uD83D\uDE00""#),
        ("y_string_nul_escape", #""a\u0000b""#), ("y_string_raw_utf8_2", "\"é\""), ("y_string_raw_utf8_3", "\"€\""),
        ("y_string_raw_utf8_4", "\"😀\""), ("y_string_del", "\"\u{7F}\""), ("y_string_u2028", "\"\u{2028}\""),
        ("y_string_lone_high", #""\ud800""#), ("y_string_lone_low", #""\udc00""#),
        ("y_string_high_then_high", #""\ud800\ud800\udc00""#), ("y_object_duplicate_keys", #"{"a":1,"a":2}"#),
        ("y_object_many_keys", "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"),
        ("y_array_mixed", #"[1,"a",true,null,{},[],2.5]"#), ("y_key_empty", #"{"":0}"#),
        ("y_depth_2048", String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048)),
    ]

    static let rejected: [(name: String, bytes: [UInt8])] = [
        ("n_empty", []), ("n_whitespace_only", Array(" \n".utf8)), ("n_trailing_comma_array", Array("[1,]".utf8)),
        ("n_trailing_comma_object", Array(#"{"a":1,}"#.utf8)), ("n_leading_comma", Array("[,1]".utf8)),
        ("n_double_comma", Array("[1,,2]".utf8)), ("n_missing_colon", Array(#"{"a" 1}"#.utf8)),
        ("n_missing_value", Array(#"{"a":}"#.utf8)), ("n_unquoted_key", Array("{a:1}".utf8)),
        ("n_single_quotes", Array("['a']".utf8)), ("n_comment_line", Array("[1]//c".utf8)),
        ("n_comment_block", Array("/*c*/[1]".utf8)), ("n_hash_comment", Array("#c\n[1]".utf8)),
        ("n_bom", [0xEF, 0xBB, 0xBF] + Array("{}".utf8)), ("n_trailing_garbage", Array("{}x".utf8)),
        ("n_two_values", Array("{} {}".utf8)), ("n_nan", Array("NaN".utf8)), ("n_infinity", Array("[Infinity]".utf8)),
        ("n_number_plus", Array("+1".utf8)), ("n_number_leading_zero", Array("01".utf8)),
        ("n_number_dot_start", Array(".5".utf8)), ("n_number_dot_end", Array("1.".utf8)),
        ("n_number_exponent_empty", Array("1e".utf8)), ("n_number_minus_alone", Array("-".utf8)),
        ("n_number_hex", Array("0x10".utf8)), ("n_number_overflow", Array("1e400".utf8)),
        ("n_number_negative_overflow", Array("[-1e400]".utf8)),
        ("n_number_400_digits", Array(String(repeating: "9", count: 400).utf8)),
        ("n_literal_capital", Array("True".utf8)), ("n_literal_truncated", Array("nul".utf8)),
        ("n_string_unterminated", Array(#""abc"#.utf8)), ("n_string_raw_newline", Array("\"a\nb\"".utf8)),
        ("n_string_raw_tab", Array("\"a\tb\"".utf8)), ("n_string_raw_nul", [0x22, 0x00, 0x22]),
        ("n_string_bad_escape", Array(#""\x41""#.utf8)), ("n_string_short_unicode", Array(#""\u12""#.utf8)),
        ("n_string_bad_hex", Array(#""\u12G4""#.utf8)), ("n_string_escape_at_end", Array("\"\\".utf8)),
        ("n_utf8_invalid_lead", [0x22, 0xFF, 0x22]), ("n_utf8_continuation_alone", [0x22, 0x80, 0x22]),
        ("n_utf8_overlong_2", [0x22, 0xC0, 0xAF, 0x22]), ("n_utf8_overlong_3", [0x22, 0xE0, 0x80, 0xAF, 0x22]),
        ("n_utf8_encoded_surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]), ("n_utf8_above_10ffff", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
        ("n_utf8_truncated", [0x22, 0xE2, 0x82, 0x22]), ("n_utf8_outside_string", [0x5B, 0xC3, 0xA9, 0x5D]),
        ("n_depth_2049", Array((String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049)).utf8)),
        ("n_depth_scalar_at_2049", Array((String(repeating: "[", count: 2048) + "1" + String(repeating: "]", count: 2048)).utf8)),
        ("n_unclosed_array", Array("[1,2".utf8)), ("n_unclosed_object", Array(#"{"a":1"#.utf8)),
        ("n_close_mismatch", Array("[1}".utf8)), ("n_object_array_key", Array("{[]:1}".utf8)),
        ("n_equals_separator", Array(#"{"a"=1}"#.utf8)), ("n_semicolon_separator", Array("[1;2]".utf8)),
    ]

    func testAcceptsEveryYCase() {
        for (name, text) in Self.accepted {
            XCTAssertNoThrow(try JSONParser().parse(text), name)
        }
    }

    func testRejectsEveryNCase() {
        for (name, bytes) in Self.rejected {
            XCTAssertThrowsError(try JSONParser().parse(bytes), name)
        }
    }

    func testThereAreAtLeastSixtyCases() {
        XCTAssertGreaterThanOrEqual(Self.accepted.count + Self.rejected.count, 60)
    }

    func testDepthOneHundredThousandIsAnErrorNotACrash() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        XCTAssertThrowsError(try JSONParser().parse(deep)) { error in
            XCTAssertTrue("\(error)".contains("nesting deeper than 2048"), "\(error)")
        }
        let deepObjects = String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertThrowsError(try JSONParser().parse(deepObjects))
    }

    func testIntegersAndFractionsStayApartWithExactValues() throws {
        XCTAssertEqual(try JSONParser().parse("[1, 1.0, 1e0, -0, -0.0, 9223372036854775807, 9223372036854775808]"),
                       .array([.integer(1), .double(1), .double(1), .integer(0), .double(-0.0),
                               .integer(.max), .double(9223372036854775808)]))
        guard case .array(let values) = try JSONParser().parse("[-0.0]"), case .double(let zero) = values[0] else {
            return XCTFail("not a double")
        }
        XCTAssertEqual(zero.sign, .minus)
        XCTAssertEqual(try JSONParser().parse("1784325600000"), .integer(1_784_325_600_000))
        XCTAssertEqual(try JSONParser().parse("0.1"), .double(0.1))
        XCTAssertEqual(try JSONParser().parse("1e-400"), .double(0))
    }

    func testDuplicateKeysKeepTheLastValueAtTheFirstPosition() throws {
        let object = try JSONParser().parse(#"{"a":1,"b":2,"a":3}"#).objectValue
        XCTAssertEqual(object?.keys, ["a", "b"])
        XCTAssertEqual(object?["a"], .integer(3))
        let many = "{" + (0..<30).map { "\"k\($0 % 20)\":\($0)" }.joined(separator: ",") + "}"
        let large = try JSONParser().parse(many).objectValue
        XCTAssertEqual(large?.count, 20)
        XCTAssertEqual(large?["k3"], .integer(23))
        XCTAssertEqual(large?.keys.first, "k0")
    }

    func testKeepingRepeatedKeysKeepsEveryMemberInOrderAndLooksUpTheLast() throws {
        let parser = JSONParser(keepsRepeatedKeys: true)
        let object = try parser.parse(#"{"a":1,"b":2,"a":3}"#).objectValue
        XCTAssertEqual(object?.keys, ["a", "b", "a"])
        XCTAssertEqual(object?["a"], .integer(3))
        let many = "{" + (0..<30).map { "\"k\($0 % 20)\":\($0)" }.joined(separator: ",") + "}"
        let large = try parser.parse(many).objectValue
        XCTAssertEqual(large?.count, 30)
        XCTAssertEqual(large?["k3"], .integer(23))
        XCTAssertEqual(large?["k19"], .integer(19))
        var written: [UInt8] = []
        JSONWriter.append(try parser.parse(#"{"t1":true,"t1":false}"#), to: &written)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), #"{"t1":true,"t1":false}"#)
    }

    func testEscapesDecodeToExactUTF8() throws {
        XCTAssertEqual(try JSONParser().parse(#""\ud83d\ude00""#), .string(JSONString("😀")))
        XCTAssertEqual(try JSONParser().parse(#""\u00e9\/\t""#), .string(JSONString("é/\t")))
        XCTAssertEqual(try JSONParser().parse(#""a\u0000b""#).stringValue?.utf8, [0x61, 0x00, 0x62])
    }

    func testLoneSurrogatesBecomeReplacementCharacters() throws {
        XCTAssertEqual(try JSONParser().parse(#""\ud800""#), .string(JSONString("\u{FFFD}")))
        XCTAssertEqual(try JSONParser().parse(#""\udc00x""#), .string(JSONString("\u{FFFD}x")))
        XCTAssertEqual(try JSONParser().parse(#""\ud800\ud83d\ude00""#), .string(JSONString("\u{FFFD}😀")))
        XCTAssertEqual(try JSONParser().parse(#""\ud800\n""#), .string(JSONString("\u{FFFD}\n")))
    }

    func testKeysCompareByCodePointsNotCanonicalEquivalence() throws {
        let object = try JSONParser().parse("{\"\u{E9}\":1,\"e\u{301}\":2}").objectValue
        XCTAssertEqual(object?.count, 2)
    }

    func testErrorsNameLineAndColumn() {
        XCTAssertThrowsError(try JSONParser().parse("{\n  \"a\": tru\n}")) { error in
            guard let error = error as? JSONSyntaxError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 8)
        }
    }

    /// Every byte at every offset of the writer's eight-byte words, in both dialects, against
    /// the rule written out one byte at a time.
    func testWriterEscapesEveryByteAtEveryOffset() {
        func expected(_ bytes: [UInt8], solidus: Bool) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for byte in bytes {
                switch byte {
                case 0x22, 0x5C: out += [0x5C, byte]
                case 0x2F where solidus: out += [0x5C, byte]
                case 0x08: out += Array(#"\b"#.utf8)
                case 0x09: out += Array(#"\t"#.utf8)
                case 0x0A: out += Array(#"\n"#.utf8)
                case 0x0C: out += Array(#"\f"#.utf8)
                case 0x0D: out += Array(#"\r"#.utf8)
                case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            return out + [0x22]
        }
        for byte in UInt8.min...UInt8.max {
            for offset in 0..<17 {
                let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: offset) + [byte] + [UInt8](repeating: UInt8(ascii: "z"), count: 19 - offset)
                for solidus in [false, true] {
                    var out: [UInt8] = []
                    JSONWriter.appendString(bytes, to: &out, escapingSolidus: solidus)
                    XCTAssertEqual(out, expected(bytes, solidus: solidus), "byte \(byte) at \(offset)")
                }
            }
        }
        var out: [UInt8] = []
        JSONWriter.appendString([], to: &out)
        XCTAssertEqual(out, [0x22, 0x22])
        let mixed = Array("é\u{2028}/\"\\\n\u{1F}x".utf8) + [0xFF, 0x80] + Array(repeating: 0x41, count: 30) + [0x0B]
        for solidus in [false, true] {
            var written: [UInt8] = []
            JSONWriter.appendString(mixed, to: &written, escapingSolidus: solidus)
            XCTAssertEqual(written, expected(mixed, solidus: solidus))
        }
    }

    func testWriterEscapesCanonically() {
        let value = JSONValue.string(JSONString(utf8: Array("\"\\/\u{08}\u{0C}\n\r\t\u{01}\u{1F}\u{7F}é\u{2028}".utf8)))
        XCTAssertEqual(JSONWriter.compactString(value), #""\"\\/\b\f\n\r\t\u0001\u001f"# + "\u{7F}é\u{2028}\"")
        XCTAssertEqual(JSONWriter.compactString(.object(JSONObject(["b": .integer(1), "a": .array([.null, .bool(true)])]))),
                       #"{"b":1,"a":[null,true]}"#)
    }
}
