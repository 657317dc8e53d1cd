import Foundation

// The App Group container on Linux (FileManager.containerURL(forSecurityApplicationGroupIdentifier:)
// is Apple's): APP_GROUP_CONTAINER, for a store's facade that asks for it. The testee itself hands
// the store each case's container folder.
extension FileManager {
    func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL? {
        ProcessInfo.processInfo.environment["APP_GROUP_CONTAINER"].map { URL(fileURLWithPath: $0) }
    }
}
