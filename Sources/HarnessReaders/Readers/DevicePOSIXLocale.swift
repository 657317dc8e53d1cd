#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContractModel
import Foundation

/// The device's locale as a C program has it (CONTRACT.md §4): the POSIX locale of the case's
/// device (`th_TH.UTF-8` for `th-TH-u-ca-buddhist`), made this thread's locale with
/// `uselocale` while the C reference answers the case — what a C reader meets in an app that
/// sets its C locale from the device's. A C locale has no calendar and no choice of digits; what
/// it changes is `strtod`'s and `printf`'s decimal point (`,` in `tr_TR`), `isdigit` and
/// `toupper` (`i` → `İ` in Turkish), `strftime`'s names. The C reference reads none of it (it
/// pins the `C` locale around `strtod`), and runs under it to be held to that.
///
/// A locale this machine lacks cannot be entered: the case then runs under the process's own,
/// and `unavailable(in:)` names it for the gate's notice (`scripts/bootstrap` generates the
/// `device` family's).
package enum DevicePOSIXLocale {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: locale_t?] = [:]

    /// glibc's `LC_ALL_MASK`, which Swift does not import (a macro of macros): every category's bit.
    #if canImport(Glibc)
    private static let allCategories: Int32 = [LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE, LC_MONETARY, LC_MESSAGES, LC_PAPER,
                                               LC_NAME, LC_ADDRESS, LC_TELEPHONE, LC_MEASUREMENT, LC_IDENTIFICATION]
        .reduce(0) { $0 | (1 << $1) }
    #else
    private static let allCategories = LC_ALL_MASK
    #endif

    /// This machine's locale object of that name, made once per process (never freed: a handful).
    private static func locale(named name: String) -> locale_t? {
        lock.lock()
        defer { lock.unlock() }
        if let known = made[name] { return known }
        let created = newlocale(allCategories, name, nil)
        made[name] = created
        return created
    }

    /// `body` with this thread's locale set to the device's POSIX locale, when the case names a
    /// device and this machine has its locale; else `body` as it is.
    package static func run<T>(under device: DeviceLocale?, _ body: () -> T) -> T {
        guard let device, let locale = locale(named: device.posixName) else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }

    /// Whether this machine has the device's POSIX locale.
    package static func isAvailable(_ device: DeviceLocale) -> Bool {
        locale(named: device.posixName) != nil
    }

    /// The POSIX locales of the cases' devices that this machine lacks, sorted, with how many
    /// cases each leaves under the process's own locale.
    package static func unavailable(in cases: [Case]) -> [(name: String, cases: Int)] {
        var counts: [String: Int] = [:]
        for device in cases.compactMap(\.deviceLocale) where !isAvailable(device) { counts[device.posixName, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { (name: $0.key, cases: $0.value) }
    }

    /// The gate's notice for those, or nil when every device locale was entered.
    package static func notice(for cases: [Case]) -> String? {
        let missing = unavailable(in: cases)
        guard !missing.isEmpty else { return nil }
        let names = missing.map { "\($0.name) (\($0.cases) cases)" }.joined(separator: ", ")
        return "the C reference ran \(missing.map(\.cases).reduce(0, +)) device cases under this process's C locale, not the device's: this machine has no \(names); scripts/bootstrap generates them"
    }
}
