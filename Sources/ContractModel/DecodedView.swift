import WidgetSnapshot

/// Everything a reader decides for one case (CONTRACT §3), in a form every reader —
/// Swift, C, Kotlin, any external process — can produce and compare field by field.
/// Lives here, not in `WidgetSnapshot`, because it is the harness's shared vocabulary,
/// not something an app reads.
package struct DecodedView: Equatable, Sendable {
    /// The outcome of `parse`: rows, or a failure with an informational reason.
    package enum Parse: Equatable, Sendable {
        case tasks([WidgetTaskRow])
        case error(String)
    }

    package var id: String
    package var parse: Parse
    package var meta: SnapshotMeta
    package var stale: Bool
    package var header: WidgetHeader
    /// Fields the reader does not produce: its view line leaves them out (CONTRACT §6, "not
    /// implemented"). Each is a value that agrees with nothing; the stored value in its place
    /// (null, false, today) means nothing. Always empty for the expected views and recordings.
    package var notImplemented: Set<FieldPath.Name>
    /// The values of the top-level fields revisions after 1 add (`ContractDescription.addedMembers`),
    /// by member name. A field the reader does not produce is absent: "not implemented".
    package var added: AddedValues
    /// Per row of `parse.tasks`, in order, the values of the row fields revisions after 1 add
    /// (`ContractDescription.addedRowMembers`, e.g. `doneOn`), by member name; absent likewise.
    package var addedRowValues: [AddedValues]

    package init(id: String, parse: Parse, meta: SnapshotMeta, stale: Bool, header: WidgetHeader,
                notImplemented: Set<FieldPath.Name> = [], added: AddedValues = [:],
                addedRowValues: [AddedValues] = []) {
        self.id = id
        self.parse = parse
        self.meta = meta
        self.stale = stale
        self.header = header
        self.notImplemented = notImplemented
        self.added = added
        self.addedRowValues = addedRowValues
    }

    /// The value of an added row field on row `row`, nil when the reader gave none.
    package func addedValue(_ member: ViewMember, row: Int) -> ViewValue? {
        row < addedRowValues.count ? addedRowValues[row][member.name] : nil
    }

    /// The fields a view line may leave out: everything under `meta`, `stale`, `header`, and
    /// every field a revision after 1 adds (top level or in rows).
    package static let omittableFields: Set<FieldPath.Name> = Set([FieldPath.Name.dayStr, .validUntil, .stale, .headerKind, .headerDayMs]
        + (ContractDescription.current.addedMembers + ContractDescription.current.addedRowMembers).compactMap { FieldPath.Name(rawValue: $0.path) })
}
