/// The contract features this reader implements (CONTRACT.md §8): a set name of the contract
/// description (`3`) or features joined with `+`. The harness compares every feature it
/// declares and holds the others pending; a widget that implements a new feature says so here.
public enum WidgetSnapshotContract {
    public static let features = "3"
}
