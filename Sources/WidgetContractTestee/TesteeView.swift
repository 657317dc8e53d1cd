import WidgetSnapshot

/// What a reader decided for one case, in the contract's vocabulary (CONTRACT.md §6). A field
/// the reader does not implement is nil and is left out of the view line ("not implemented":
/// it agrees with nothing unless the testee's divergence list excuses it).
public struct TesteeView: Sendable {
    /// Rows, or a failed parse with an informational reason (never compared).
    public enum Parse: Sendable {
        case tasks([WidgetTaskRow])
        case error(String)
    }

    public var parse: Parse
    public var meta: SnapshotMeta?
    public var stale: Bool?
    public var header: WidgetHeader?
    /// What the widget paints (CONTRACT.md §9): the rows on screen with their dots, the rows
    /// left over, the header, the empty view — an app's presentation decisions (its colour
    /// parser, its row caps) kept out of SwiftUI. Nil: not implemented.
    public var display: WidgetDisplay?

    public init(parse: Parse, meta: SnapshotMeta?, stale: Bool?, header: WidgetHeader?, display: WidgetDisplay? = nil) {
        self.parse = parse
        self.meta = meta
        self.stale = stale
        self.header = header
        self.display = display
    }
}
