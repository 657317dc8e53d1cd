import ContractModel

/// What `golden zones` says of `golden/zones/transitions.json` against this machine's tzdata
/// (without `--write`): current, missing, unreadable (with the reason), edited by hand, picked
/// from another tzdata (the comparison cannot run here), or truly different from what this
/// tzdata picks — one of them, never "differs" for a file that is missing or not JSON.
package enum ZoneFileStatus: Equatable {
    case current
    case missing
    case unreadable(String)
    case editedByHand(sealMissing: Bool)
    case otherTzdata(String)
    case differs

    package static func of(_ bytes: [UInt8]?, picked text: String, scan: ZoneScan) -> ZoneFileStatus {
        guard let bytes else { return .missing }
        if String(decoding: bytes, as: UTF8.self) == text { return .current }
        let file: ZoneDayFile
        do {
            file = try ZoneDayFile.parse(bytes)
        } catch {
            return .unreadable("\(error)")
        }
        if file.seal != .intact { return .editedByHand(sealMissing: file.seal == .missing) }
        if file.tzdataVersion != scan.tzdataVersion { return .otherTzdata(file.tzdataVersion) }
        return .differs
    }

    /// The line to print (text from the file escaped) and whether the file is as it should be.
    package func said(tzdata: String) -> (line: String, current: Bool) {
        let path = ZoneDayFile.path, write = "`contract-harness golden zones --write`"
        switch self {
        case .current:
            return ("\(path) is current", true)
        case .missing:
            return ("\(path) is missing: write it with \(write), then review it and commit it", false)
        case .unreadable(let reason):
            return ("\(path) cannot be read (\(UntrustedText.escape(reason))): it is written only by \(write); run it and review the diff", false)
        case .editedByHand(let sealMissing):
            return ("\(path) was edited by hand (its seal \(sealMissing ? "is missing" : "does not match its content")): it is written only by \(write); run it and review the diff", false)
        case .otherTzdata(let version):
            return ("\(path) was picked from tzdata \(UntrustedText.escape(version)), this machine has \(tzdata): the comparison cannot run here; "
                    + "run this on a machine with tzdata \(UntrustedText.escape(version)), or \(write) here to pick it from \(tzdata)", false)
        case .differs:
            return ("\(path) differs from what tzdata \(tzdata) picks: run \(write) and review the diff", false)
        }
    }
}
