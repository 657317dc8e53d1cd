import Foundation
import HarnessGate
import HarnessReaders

/// `--kotlin` for `check` and `report`: the Kotlin end run live on the writer cases another
/// team's writer made unlike the tree's (`WriterLiveCases`), which golden/kotlin has no line
/// for. Compiled (`scripts/record-kotlin --print-command`, cached) only when there are any.
enum LiveKotlinOption {
    static let help = """
      --kotlin              run the Kotlin end live on the writer blobs judged live
    """

    /// The maker of the live Kotlin end, when `--kotlin` is given.
    static func parse(_ arguments: inout Arguments, root: URL, timeout: Double, startTimeout: Double?)
        -> (@Sendable () throws -> any Reader)? {
        guard arguments.flag("--kotlin") else { return nil }
        return {
            do {
                return try KotlinTestee.reader(repository: root, caseTimeout: timeout, startTimeout: startTimeout)
            } catch {
                throw UsageError("--kotlin: \(error)")
            }
        }
    }
}
