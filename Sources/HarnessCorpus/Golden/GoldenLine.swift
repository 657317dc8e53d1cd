import ContractModel

/// The provenance a golden line carries (`golden/expected`, `golden/kotlin`): two trailing
/// members the golden store adds to the canonical view line and strips before anything reads
/// the view, so one case stays one reviewable line:
///
///     {"id":"…","parse":…,"header":{"kind":"today"},"case":"3f09c2a4d17e5b80","seal":"5e0c81aa"}
///
/// - `case`: `CaseFingerprint` of the case the view was produced from;
/// - `seal`: the first 8 hex digits of SHA-256 over the line up to the seal, i.e. over the
///   view and its `case` (`{…,"case":"…"}`): a line changed by hand no longer matches its seal.
///
/// A line without both members (hand-written, or from before provenance) has none; the gate
/// treats it as stale.
package enum GoldenLine {
    package static let sealLength = GoldenProvenance.sealLength

    /// What a stored line says about where it came from.
    package enum Provenance: Equatable, Sendable {
        /// No `case`/`seal` members.
        case none
        /// Sealed, and the seal matches: produced from the case with this fingerprint.
        case sealed(caseFingerprint: String)
        /// The seal does not match the line: edited after the harness wrote it.
        case broken
    }

    /// The stored line for a canonical view (or crash) line `{…}` produced from a case with
    /// this fingerprint.
    package static func seal(_ viewLine: [UInt8], caseFingerprint: String) -> [UInt8] {
        GoldenProvenance.seal(viewLine, caseFingerprint: caseFingerprint) { SHA256.hex($0, digits: $1) }
    }

    /// Splits a stored line into the view line (provenance members removed) and its
    /// provenance. A line without the exact trailing members is returned whole, `.none`.
    package static func open(_ line: some Collection<UInt8>) -> (view: [UInt8], provenance: Provenance) {
        let bytes = Array(line)
        guard let parts = split(bytes) else { return (bytes, .none) }
        let matches = SHA256.hex(parts.sealed, digits: sealLength) == parts.seal
        return (parts.view, matches ? .sealed(caseFingerprint: parts.fingerprint) : .broken)
    }

    /// Why a line that `open` found no provenance in still names `case` or `seal` (a member
    /// of that name cut, moved, or with a value of the wrong form): nil when it names neither.
    /// No view has such members, and `,"case":` cannot occur inside a JSON string (its quote
    /// would be escaped), so a line holding it meant to carry provenance.
    package static func provenanceProblem(_ line: some Collection<UInt8>) -> String? {
        let bytes = Array(line)
        for key in ["case", "seal"] where bytes.contains(bytes: Array(",\"\(key)\":".utf8)) {
            return "malformed provenance: a `\(key)` member, but the line does not end with "
                + "`,\"case\":\"<\(CaseFingerprint.length) hex digits>\",\"seal\":\"<\(sealLength) hex digits>\"}` as the harness "
                + "writes it (edited by hand? regenerate the file: `contract-harness golden update` or `scripts/record-kotlin`)"
        }
        return nil
    }

    /// The view line alone (provenance members removed, seal not checked): what `diff`
    /// compares, so a line whose case changed but whose view did not is no change.
    package static func view(_ line: [UInt8]) -> [UInt8] {
        split(line)?.view ?? line
    }

    /// `{view,"case":"f","seal":"s"}` → the view `{view}`, the sealed part `{view,"case":"f"}`, f and s.
    private static func split(_ bytes: [UInt8]) -> (view: [UInt8], sealed: [UInt8], fingerprint: String, seal: String)? {
        guard let seal = trailingMember(bytes, key: "seal", length: sealLength) else { return nil }
        var sealed = Array(bytes[..<seal.memberStart])
        sealed.append(UInt8(ascii: "}"))
        guard let fingerprint = trailingMember(sealed, key: "case", length: CaseFingerprint.length) else { return nil }
        var view = Array(sealed[..<fingerprint.memberStart])
        view.append(UInt8(ascii: "}"))
        return (view, sealed, fingerprint.value, seal.value)
    }

    /// `,"key":"<length lower-case hex>"}` at the end of `bytes`: the value and where the
    /// member's comma starts.
    private static func trailingMember(_ bytes: [UInt8], key: String, length: Int) -> (value: String, memberStart: Int)? {
        let head = Array(",\"\(key)\":\"".utf8)
        let total = head.count + length + 2
        guard bytes.count > total else { return nil }
        let start = bytes.count - total
        guard Array(bytes[start..<start + head.count]) == head,
              bytes[bytes.count - 2] == UInt8(ascii: "\""), bytes[bytes.count - 1] == UInt8(ascii: "}") else { return nil }
        let value = bytes[(start + head.count)..<(bytes.count - 2)]
        guard value.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return (String(decoding: value, as: UTF8.self), start)
    }
}
