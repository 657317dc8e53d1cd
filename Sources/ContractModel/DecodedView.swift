import WidgetSnapshot

/// Everything a reader decides for one case (CONTRACT §3), in a form every reader —
/// Swift, C, Kotlin, any external process — can produce and compare field by field.
/// Lives here, not in `WidgetSnapshot`, because it is the harness's shared vocabulary,
/// not something an app reads.
public struct DecodedView: Equatable, Sendable {
    /// The outcome of `parse`: rows, or a failure with an informational reason.
    public enum Parse: Equatable, Sendable {
        case tasks([WidgetTaskRow])
        case error(String)
    }

    public var id: String
    public var parse: Parse
    public var meta: SnapshotMeta
    public var stale: Bool
    public var header: WidgetHeader

    public init(id: String, parse: Parse, meta: SnapshotMeta, stale: Bool, header: WidgetHeader) {
        self.id = id
        self.parse = parse
        self.meta = meta
        self.stale = stale
        self.header = header
    }
}
