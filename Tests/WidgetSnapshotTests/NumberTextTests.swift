import XCTest
@testable import WidgetSnapshot

/// The number-to-text and text-to-number rules the readers borrow from Java and JavaScript.
final class NumberTextTests: XCTestCase {
    func testJavaDoubleToString() {
        let expectations: [(Double, String)] = [
            (1.0, "1.0"), (1.5, "1.5"), (-0.0, "-0.0"), (0.0, "0.0"), (100.0, "100.0"), (0.001, "0.001"),
            (0.0001, "1.0E-4"), (1e-5, "1.0E-5"), (1234567.0, "1234567.0"), (9999999.0, "9999999.0"),
            (1e7, "1.0E7"), (12345678.0, "1.2345678E7"), (1e20, "1.0E20"), (1.2345678901234567e19, "1.2345678901234567E19"),
            (0.1, "0.1"), (1.7976931348623157e308, "1.7976931348623157E308"), (-2.5e-7, "-2.5E-7"),
            // Subnormals whose shortest form has one digit: the closest two-digit decimal (JDK 19+;
            // JDK 17 agrees except for 1e-323 and 1e-322, ORGJSON-FACTS §6b, CONTRACT D7).
            (5e-324, "4.9E-324"), (-5e-324, "-4.9E-324"), (1e-323, "9.9E-324"), (5e-323, "4.9E-323"),
            (6e-323, "5.9E-323"), (1e-322, "9.9E-323"), (2e-323, "2.0E-323"), (1e23, "1.0E23"),
            (2.225073858507201e-308, "2.225073858507201E-308"), (2.2250738585072014e-308, "2.2250738585072014E-308"),
        ]
        for (value, text) in expectations {
            XCTAssertEqual(DecimalDigits(value).javaText, text, "\(value)")
        }
    }

    func testJavaScriptNumberToString() {
        let expectations: [(Double, String)] = [
            (1.0, "1"), (1.5, "1.5"), (-0.0, "0"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
            (1e-7, "1e-7"), (1e-6, "0.000001"), (1.25e-7, "1.25e-7"), (123.456, "123.456"),
        ]
        for (value, text) in expectations {
            XCTAssertEqual(DecimalDigits(value).javaScriptText, text, "\(value)")
        }
    }

    func testJavaParseDoubleGrammar() {
        let numbers: [(String, Double)] = [
            ("1", 1), (" 1 ", 1), ("\t1\n", 1), ("1f", 1), ("1.5D", 1.5), ("+2", 2), ("-3", -3), ("1.", 1), (".5", 0.5),
            ("1e3", 1000), ("1E+3", 1000), ("0x1p0", 1), ("0x1.8p1", 3), ("0X10P-4", 1), ("Infinity", .infinity),
            ("-Infinity", -.infinity), ("1784325600000", 1_784_325_600_000),
        ]
        for (text, value) in numbers {
            XCTAssertEqual(JavaDoubleGrammar.parse(Array(text.utf8)), value, text)
        }
        XCTAssertTrue(JavaDoubleGrammar.parse(Array("NaN".utf8))!.isNaN)
        for text in ["", " ", "inf", "nan", "1_0", "1e", "e5", "0x10", "0x", "1.5.5", "١", "true", "1ff", "--1", "infinity"] {
            XCTAssertNil(JavaDoubleGrammar.parse(Array(text.utf8)), text)
        }
    }

    func testJavaNarrowingConversions() {
        XCTAssertEqual(OrgJSONCoercion.javaInt(1.9), 1)
        XCTAssertEqual(OrgJSONCoercion.javaInt(-1.9), -1)
        XCTAssertEqual(OrgJSONCoercion.javaInt(.nan), 0)
        XCTAssertEqual(OrgJSONCoercion.javaInt(1e30), .max)
        XCTAssertEqual(OrgJSONCoercion.javaInt(-1e30), .min)
        XCTAssertEqual(OrgJSONCoercion.javaLong(1e30), .max)
        XCTAssertEqual(OrgJSONCoercion.javaLong(-.infinity), .min)
        XCTAssertEqual(OrgJSONCoercion.int32(.integer(4_294_967_297)), 1)
        XCTAssertEqual(OrgJSONCoercion.int32(.string("1.9")), 1)
        XCTAssertNil(OrgJSONCoercion.int32(.bool(true)))
        XCTAssertEqual(OrgJSONCoercion.int64(.string("Infinity")), .max)
    }

    func testOrgJSONTextOfContainers() throws {
        let value = try JSONParser().parse(#"{"a":"x/y","b":[1.0,-0.0,2.5,1e20,null,"\u0001"],"a":true}"#)
        XCTAssertEqual(OrgJSONCoercion.text(value), #"{"a":true,"b":[1,-0,2.5,1.0E20,null,"\u0001"]}"#)
    }
}
