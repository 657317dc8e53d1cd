import ContractModel
import XCTest

/// The device locale's other spellings (CONTRACT.md §4): the ICU identifier the testee kit
/// builds Foundation's `Locale` from, and the POSIX locale a C reader runs under.
final class DeviceLocaleTests: XCTestCase {
    func testEachSettingHasItsICUAndPOSIXSpelling() throws {
        let cases: [(tag: String, icu: String, posix: String)] = [
            ("en-US", "en_US", "en_US.UTF-8"),
            ("th-TH-u-ca-buddhist", "th_TH@calendar=buddhist", "th_TH.UTF-8"),
            ("th-TH-u-ca-gregory-nu-thai", "th_TH@calendar=gregory;numbers=thai", "th_TH.UTF-8"),
            ("ar-SA-u-ca-islamic-umalqura", "ar_SA@calendar=islamic-umalqura", "ar_SA.UTF-8"),
            ("sr-Latn-RS", "sr_Latn_RS", "sr_RS.UTF-8"),
            ("es-419", "es_419", "es_419.UTF-8"),
            ("fa", "fa", "fa.UTF-8"),
        ]
        for (tag, icu, posix) in cases {
            let device = try DeviceLocale(tag: tag)
            XCTAssertEqual(device.icuIdentifier, icu, tag)
            XCTAssertEqual(device.posixName, posix, tag)
            XCTAssertEqual(device.tag, tag)
        }
        let thai = try DeviceLocale(tag: "th-TH-u-ca-gregory-nu-thai")
        XCTAssertEqual([thai.language, thai.region, thai.calendar, thai.numbers], ["th", "TH", "gregory", "thai"])
    }
}
