import Foundation

/// Polls `condition` every 50 ms for up to `seconds` (a process that is ending, a file that
/// is being written): true as soon as it holds, else what it says at the end.
package func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}
