/// The rest of a case, derived from the fuzz input: libFuzzer hands over bytes only, so the
/// zone, the instant and a queued tap are chosen from the input's length. (Not from its
/// content: every byte stays the blob, and a saved crash input replays exactly.)
struct FuzzSettings {
    static let zones = ["Europe/Berlin", "America/Los_Angeles", "America/Sao_Paulo"]
    /// Around the canonical fixture's `validUntil` (2026-07-18 00:00 Berlin), 1970, far future.
    static let instants: [Int64] = [1_784_325_599_999, 1_784_325_600_000, 0, 4_102_444_800_000]

    let timeZone: String
    let nowMs: Int64
    /// `t1` queued as done on every other instant choice.
    let pendsT1: Bool

    init(_ blob: [UInt8]) {
        let size = blob.count
        timeZone = Self.zones[size % Self.zones.count]
        nowMs = Self.instants[(size / Self.zones.count) % Self.instants.count]
        pendsT1 = (size / (Self.zones.count * Self.instants.count)) % 2 == 1
    }
}
