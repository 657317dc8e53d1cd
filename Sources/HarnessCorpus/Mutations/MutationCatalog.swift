/// Every mutation operator, in the stable order cases are generated and listed in.
///
/// One place to see the whole catalog: `contract-harness tool list mutations` prints it, and
/// appending to a family (never reordering) keeps existing case ids and order stable.
package enum MutationCatalog {
    package static let all: [MutationOperator] =
        BaseMutations.all
        + VersionMutations.all
        + MetaMutations.all
        + DateMutations.all
        + ProjectIdMutations.all
        + ColourMutations.all
        + TaskMutations.all
        + IsDoneMutations.all
        + PendingMutations.all
        + SyntaxMutations.all
        + NumberMutations.all
        + UnicodeMutations.all
        + DuplicateKeyMutations.all
        + SizeMutations.all
        + ProjectMutations.all
        + SelectionMutations.all
        + DoneOnMutations.all
        + GraceMutations.all
        + TapTimeMutations.all
        + CurrentTaskMutations.all
        + CompatMutations.all
        + DisplayMutations.all
        + DeviceMutations.all

    /// The operator with this id.
    package static func named(_ id: String) -> MutationOperator? {
        all.first { $0.id == id }
    }
}
