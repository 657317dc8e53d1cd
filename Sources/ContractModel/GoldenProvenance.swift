/// The provenance format of a golden line (`golden/expected`, `golden/kotlin`, an app's
/// recording), shared by the harness's golden store (`GoldenLine`, `CaseFingerprint`, hashing
/// with OpenSSL) and the testee kit's recorder (`Testee.record`, hashing with
/// `PortableSHA256` where the harness does not run): what a case's fingerprint is the digest
/// of, and how a view line is sealed. The digest is the caller's: SHA-256 as `hex(bytes, digits)`.
package enum GoldenProvenance {
    /// Hex digits of a case fingerprint (`"case":"…"`).
    package static let fingerprintLength = 16
    /// Hex digits of a seal (`"seal":"…"`).
    package static let sealLength = 8

    /// The bytes a case's fingerprint is the SHA-256 of (`CaseFingerprint` says what goes in).
    package static func fingerprintInput(of testCase: Case) -> [UInt8] {
        var input: [UInt8] = Array("widget-case/1\n".utf8)
        func field(_ name: String, _ bytes: [UInt8]) {
            input += Array("\(name) \(bytes.count)\n".utf8)
            input += bytes
            input.append(UInt8(ascii: "\n"))
        }
        field("blob", testCase.blob)
        input += Array("taps \(testCase.pendingDoneTargets.count)\n".utf8)
        for target in testCase.pendingDoneTargets {
            input += Array("\(target.taskId.utf8.count)\n".utf8)
            input += target.taskId.utf8
            input += Array((target.isDone ? "1\n" : "0\n").utf8)
        }
        input += Array("now \(testCase.nowMs)\n".utf8)
        field("zone", Array(testCase.timeZone.utf8))
        if !testCase.pendingDoneTimestamps.isEmpty {
            input += Array("stamps \(testCase.pendingDoneTimestamps.count)\n".utf8)
            for stamp in testCase.pendingDoneTimestamps {
                input += Array("\(stamp.taskId.utf8.count)\n".utf8)
                input += stamp.taskId.utf8
                input += Array("\(stamp.ms)\n".utf8)
            }
        }
        if let selected = testCase.selectedProjectId { field("project", selected.utf8) }
        if testCase.capacity != Case.androidCapacity { input += Array("capacity \(testCase.capacity)\n".utf8) }
        if let device = testCase.deviceLocale { field("locale", Array(device.tag.utf8)) }
        return input
    }

    /// The stored line for a canonical view (or crash) line `{…}` produced from a case with
    /// this fingerprint: `{…,"case":"<fingerprint>","seal":"<first 8 hex of SHA-256 over the line up to the seal>"}`.
    package static func seal(_ viewLine: [UInt8], caseFingerprint: String, hex: (_ bytes: [UInt8], _ digits: Int) -> String) -> [UInt8] {
        precondition(viewLine.last == UInt8(ascii: "}"), "a view line is a JSON object")
        var line = viewLine
        line.removeLast()
        line += Array(#","case":""#.utf8) + Array(caseFingerprint.utf8) + Array(#""}"#.utf8)
        let seal = hex(line, sealLength)
        line.removeLast()
        line += Array(#","seal":""#.utf8) + Array(seal.utf8) + Array(#""}"#.utf8)
        return line
    }

    /// A recorded line as a golden file keeps it: a line holding a long text (or one that looks
    /// like a digest) is written again in canonical form with that text as its digest
    /// (`LongTextDigest`); any other line, and any crash line, byte for byte.
    package static func storedForm(_ line: [UInt8], caseId: String) throws(HarnessInputError) -> [UInt8] {
        let marker = Array(LongTextDigest.prefix.utf8)
        let mayHold = line.count > LongTextDigest.maximumBytes || contains(line, marker)
        guard mayHold else { return line }
        let (_, outcome) = try ViewLine.parse(line, file: "the line for case \(caseId)", lineNumber: 1, allowingNotImplemented: true)
        // (A crash line is kept as it is: its text is the testee's, not a view's.)
        guard case .view(let view) = outcome, view.holdsLongText else { return line }
        return view.compacted().canonicalJSON
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && bytes[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
