#if canImport(Glibc)
import Glibc
#endif
import ContractModel
import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import XCTest

/// The C reference runs each case under its device's POSIX locale (CONTRACT.md §4): on a Turkish
/// device the thread's decimal point is `,`, where a bare `strtod` reads `1.7843256E12` as 1 —
/// the `device.number-text` case, which the C reference (it pins the `C` locale around
/// `strtod`) reads as every other reader does. Needs the POSIX locale `tr_TR.UTF-8`
/// (scripts/bootstrap generates it).
final class DevicePOSIXLocaleTests: XCTestCase {
    private func turkish() throws -> DeviceLocale {
        let device = try DeviceLocale(tag: "tr-TR")
        guard DevicePOSIXLocale.isAvailable(device) else { throw XCTSkip("this machine has no tr_TR.UTF-8: run scripts/bootstrap") }
        return device
    }

    private func decimalPoint() -> String { String(cString: localeconv().pointee.decimal_point) }

    func testTheCaseRunsUnderTheDevicesLocaleAndLeavesTheThreadAsItWas() throws {
        let device = try turkish()
        let before = decimalPoint()
        let inside = DevicePOSIXLocale.run(under: device) { (decimalPoint(), strtod("1.7843256E12", nil)) }
        XCTAssertEqual(inside.0, ",")
        XCTAssertEqual(inside.1, 1, "a bare strtod under the device's locale stops at the point")
        XCTAssertEqual(decimalPoint(), before)
        XCTAssertEqual(DevicePOSIXLocale.run(under: nil) { decimalPoint() }, before)
        XCTAssertNil(DevicePOSIXLocale.notice(for: [Case(id: "a", blob: [], nowMs: 0, timeZone: "UTC", deviceLocale: device)]))
    }

    func testTheCReferenceReadsTheNumberTextAsWithoutADevice() throws {
        _ = try turkish()
        let numberText = try XCTUnwrap(MutationCatalog.named("device.number-text"))
        let cases = CaseGenerator(fixtures: try CorpusTestSupport.fixtures(), catalog: [numberText]).cases()
        XCTAssertEqual(cases.count, 4)
        for testCase in cases {
            var bare = testCase
            bare.deviceLocale = nil
            guard case .view(let view) = CReferenceReader().outcome(testCase) else { return XCTFail(testCase.id) }
            XCTAssertEqual(view.meta.validUntil, 1_784_325_600_000, testCase.id)
            XCTAssertEqual(CReferenceReader().outcome(testCase), CReferenceReader().outcome(bare), testCase.id)
        }
    }

    /// A device locale this machine lacks is named, with its cases, for the gate's notice.
    func testALocaleThisMachineLacksIsNamed() throws {
        let device = try DeviceLocale(tag: "zz-ZZ")
        let cases = [Case(id: "a", blob: [], nowMs: 0, timeZone: "UTC", deviceLocale: device),
                     Case(id: "b", blob: [], nowMs: 0, timeZone: "UTC", deviceLocale: device), Case(id: "c", blob: [], nowMs: 0, timeZone: "UTC")]
        XCTAssertEqual(DevicePOSIXLocale.unavailable(in: cases).map(\.name), ["zz_ZZ.UTF-8"])
        XCTAssertEqual(DevicePOSIXLocale.notice(for: cases),
                       "the C reference ran 2 device cases under this process's C locale, not the device's: this machine has no zz_ZZ.UTF-8 (2 cases); scripts/bootstrap generates them")
    }
}
