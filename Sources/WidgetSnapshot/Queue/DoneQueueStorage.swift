#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where a `WidgetDoneQueue` keeps its slots (CONTRACT.md §10.2: `widget-done-targets.json`,
/// and a value it could not read, kept aside). The widget extension and the app share it, so
/// every read-modify-write runs inside `withExclusiveAccess`, which must exclude the other
/// process too. An iOS widget uses `FileDoneQueueStorage` on its App Group container; tests use
/// `InMemoryDoneQueueStorage`.
public protocol DoneQueueStorage: AnyObject, Sendable {
    /// Runs `body` while no other user of the same storage (thread or process) is inside it.
    func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T
    /// A slot's bytes, nil when it holds nothing.
    func read(_ slot: String) throws -> [UInt8]?
    /// Replaces a slot's bytes whole (nil: removes it). Never leaves a slot half-written.
    func write(_ slot: String, _ bytes: [UInt8]?) throws
}

/// Slots in memory, one lock for all: the storage of tests and of the contract harness.
public final class InMemoryDoneQueueStorage: DoneQueueStorage, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var slots: [String: [UInt8]]

    public init(_ slots: [String: [UInt8]] = [:]) { self.slots = slots }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public func read(_ slot: String) throws -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return slots[slot]
    }

    public func write(_ slot: String, _ bytes: [UInt8]?) throws {
        lock.lock()
        defer { lock.unlock() }
        slots[slot] = bytes
    }
}

/// Slots as files in a folder — on iOS the App Group container
/// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`), which the widget
/// extension and the app both reach. Each slot is replaced atomically (a temporary file, then
/// a rename), so a process killed mid-write leaves the old file whole. Access is exclusive
/// within the process (a lock per folder) and across processes (a POSIX record lock,
/// `lockf`, on the folder's lock file: Swift cannot call `flock`, whose name is also a struct's).
public final class FileDoneQueueStorage: DoneQueueStorage, @unchecked Sendable {
    public let directory: URL
    private let lockFile: URL
    private let processLock: NSRecursiveLock
    /// Depth of `withExclusiveAccess` on this thread's current call chain (the record lock is taken once).
    private var depth = 0

    public init(directory: URL, lockFileName: String = "widget-done-targets.lock") {
        self.directory = directory
        self.lockFile = directory.appendingPathComponent(lockFileName)
        self.processLock = Self.lock(for: directory.standardizedFileURL.path)
    }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        processLock.lock()
        defer { processLock.unlock() }
        if depth > 0 {
            depth += 1
            defer { depth -= 1 }
            return try body()
        }
        let descriptor = open(lockFile.path, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw DoneQueueStorageError.lockUnavailable(lockFile.path, errno) }
        defer { close(descriptor) }
        guard lockf(descriptor, F_LOCK, 0) == 0 else { throw DoneQueueStorageError.lockUnavailable(lockFile.path, errno) }
        defer { _ = lockf(descriptor, F_ULOCK, 0) }
        depth = 1
        defer { depth = 0 }
        return try body()
    }

    public func read(_ slot: String) throws -> [UInt8]? {
        let url = directory.appendingPathComponent(slot)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return Array(try Data(contentsOf: url))
    }

    public func write(_ slot: String, _ bytes: [UInt8]?) throws {
        let url = directory.appendingPathComponent(slot)
        guard let bytes else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        try Data(bytes).write(to: url, options: .atomic)
    }

    /// One lock per folder for every storage object of this process on it.
    private static func lock(for path: String) -> NSRecursiveLock {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let lock = locks[path] { return lock }
        let lock = NSRecursiveLock()
        locks[path] = lock
        return lock
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var locks: [String: NSRecursiveLock] = [:]
}

/// Why a storage could not give exclusive access.
public enum DoneQueueStorageError: Error, CustomStringConvertible {
    case lockUnavailable(String, Int32)

    public var description: String {
        switch self {
        case .lockUnavailable(let path, let code): "cannot lock \(path) (errno \(code))"
        }
    }
}
