import ContractModel
import Foundation

/// What every report format says about how far a reader is, worded once (each format marks it
/// up its own way): its conformance — the share of compared field-cases it agrees on
/// (`FieldTally`) — with the listed, not-implemented, unexpected and pending ones beside it, and
/// what of the widget's screen it leaves unchecked (`WidgetFields`).
enum ConformanceText {
    /// A share as a percentage with one decimal that never rounds to a whole it is not: `0.7 %`,
    /// `<0.1 %` for a few agreeing, `>99.9 %` for all but a few, `100 %` and `0 %` only when exact.
    static func percent(_ counts: FieldTally.Counts) -> String {
        guard let share = counts.share else { return "–" }
        if counts.agree == counts.compared { return "100 %" }
        if counts.agree == 0 { return "0 %" }
        let tenths = (share * 1000).rounded() / 10
        if tenths <= 0 { return "<0.1 %" }
        if tenths >= 100 { return ">99.9 %" }
        return String(format: "%.1f %%", tenths)
    }

    /// A percentage for Markdown: `<0.1 %` and `>99.9 %` with the sign backslash-escaped, never read as markup.
    static func markdown(_ percent: String) -> String {
        percent.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>")
    }

    /// `12,345`.
    static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// "agrees on 0.7 % of 180,000 compared fields: 1,234 agree, 170,000 listed, 0 not implemented,
    /// 8,000 unexpected; 20,000 pending; 0 of 10,474 cases agree whole", `strong` marking the share.
    static func sentence(_ verdict: ReaderVerdict, strong: (String) -> String = { $0 }) -> String {
        let total = verdict.fieldTally.total
        var out = "agrees on \(strong(percent(total))) of \(count(total.compared)) compared fields: \(count(total.agree)) agree"
        out += ", \(count(total.listed)) listed, \(count(total.notImplemented)) not implemented, \(count(total.unexpected)) unexpected"
        out += "; \(count(total.pending)) pending (not compared)"
        out += "; \(count(verdict.agreeing)) of \(count(verdict.caseCount)) cases agree whole"
        return out
    }

    /// What of the widget's screen the reader leaves unchecked, nil when nothing: the labelling
    /// questions (staleness, the header) and the painted one (the display) it answered nowhere.
    static func unchecked(_ verdict: ReaderVerdict, code: (String) -> String) -> String? {
        let unchecked = WidgetFields.unchecked(verdict.fieldTally)
        guard !unchecked.isEmpty else { return nil }
        var parts: [String] = []
        let labels = unchecked.filter { $0.role == .labels }
        let paints = unchecked.filter { $0.role == .paints }
        if !labels.isEmpty {
            var text = "leaves the header unchecked: it answers no " + labels.map { code($0.question) }.joined(separator: " or ")
                + " question (" + labels.flatMap(\.fields).map(code).joined(separator: ", ") + " not implemented on every case), "
            let painted = ContractDescription.current.widgetQuestions(.paints).map { code($0.name) }.joined(separator: ", ")
            text += paints.isEmpty && !painted.isEmpty
                ? "so whether the widget says Today or outdated is compared only in what it paints (\(painted))"
                : "so whether the widget says Today or outdated is never compared: a stale list labelled Today would pass"
            parts.append(text)
        }
        if !paints.isEmpty {
            let names = paints.map { code($0.question) }.joined(separator: ", ")
            parts.append(verdict.entry.paintsWidget
                ? "answers no \(names) question though it paints a widget: no \(code("not implemented")) entry excuses what the widget paints, so the gate fails"
                : "answers no \(names) question, and paints no widget (its list says \(code("\(PaintsDeclaration.declaration) nothing"))): what a widget paints is not checked for it")
        }
        return parts.joined(separator: "; it ")
    }

    /// The failure of a reader that paints a widget and leaves painted fields out, nil when it does not.
    static func paintedButMissing(_ verdict: ReaderVerdict, code: (String) -> String) -> String? {
        let missing = verdict.paintedButMissing
        guard !missing.isEmpty else { return nil }
        return "paints a widget but its views leave out " + missing.map { "\(code($0.field)) (\($0.cases) cases)" }.joined(separator: ", ")
            + ": no \(code("not implemented")) entry excuses what the widget paints (CONTRACT.md §5); answer the question, or, if this reader paints no widget, say so with \(code("\(PaintsDeclaration.declaration) nothing")) before the first entry of \(code(verdict.listFile))"
    }
}
