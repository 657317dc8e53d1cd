/// Letters from other scripts that look like Latin ones, folded to the Latin letter (a small
/// skeleton in the spirit of Unicode TR 39's confusables), so that a divergence-list reason
/// `ТODO` with a Cyrillic Т or `FIXМE` with a Cyrillic М still reads as the placeholder it
/// imitates (`EntryParser.placeholderProblem`). Compatibility forms (fullwidth `ＴＯＤＯ`,
/// Roman numerals, mathematical letters) are already folded by NFKD before this runs; this
/// covers what NFKD keeps: the Cyrillic, Greek, Armenian and Cherokee look-alikes.
enum ConfusableSkeleton {
    static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(latin[scalar] ?? scalar) }
        return String(out)
    }

    private static let latin: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic capitals and small letters
            ("АВЕЅІЈКМНОРСТХУԀԌԚԜӀ", "ABESIJKMHOPCTXYDGQWI"),
            ("авеѕіјкмнорстхуԁһԛԝӏ", "abesijkmhopctxydhqwl"),
            // Greek capitals and small letters
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϜ", "ABEZHIKMNOPTYXF"),
            ("αβειικνορτυχο", "abeiiknoptuxo"),
            // Armenian and Cherokee capitals
            ("ՕՍՏ", "OUS"),
            ("ᎠᎡᎢᎥᎬᎻᏀᏃᏆᏒᏚᏞᏟᏢᏦᎪᏴᎷ", "DRTVEHGZJRSLCPKABM"),
        ]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (others, latins) in pairs {
            precondition(others.unicodeScalars.count == latins.unicodeScalars.count, "one Latin letter per look-alike")
            for (other, latin) in zip(others.unicodeScalars, latins.unicodeScalars) { map[other] = latin }
        }
        return map
    }()
}
