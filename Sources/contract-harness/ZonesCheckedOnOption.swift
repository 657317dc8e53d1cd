import Foundation
import HarnessGate

/// `--zones-checked-on NAME`, for the commands that run the gate (check, report): who compares
/// golden/zones/transitions.json with its tzdata when this machine cannot (another version).
/// Without it a contributor gets a notice and CI (`CI` set) a failure (`ForeignTzdata`).
enum ZonesCheckedOnOption {
    static let help = """
      --zones-checked-on NAME
                            the machine or CI job that checks golden/zones when this tzdata differs
    """

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> ForeignTzdata {
        if let machine = try arguments.option("--zones-checked-on") {
            guard !machine.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--zones-checked-on names the machine or job that checks the zone file") }
            return .checkedOn(machine)
        }
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        return ci.isEmpty || ci == "false" ? .notice : .failInCI
    }
}
