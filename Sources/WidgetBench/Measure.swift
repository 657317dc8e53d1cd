import HarnessReaders
import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// Keeps results observable so the optimiser cannot drop a decode.
nonisolated(unsafe) var benchSink = 0

/// Monotonic nanoseconds.
func nowNs() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// CPU nanoseconds of the calling thread: the throughput runs use it so that time the
/// thread spends descheduled (other builds on the machine) is not counted.
func threadCPUNs() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Median, min and max of several runs of one figure.
struct Sample {
    var values: [Double]

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    func map(_ transform: (Double) -> Double) -> Sample { Sample(values: values.map(transform)) }
}

/// The readers the throughput table compares, each doing the work one case costs.
enum BenchReader: String, CaseIterable {
    /// `SwiftReader().decode`: `DecodedView.decode` (the app API: parse, parseMeta, stale, header)
    /// plus building `PendingTargets` and the zone-cache lookup.
    case swift
    /// `CReferenceReader().outcome`: `rd_decode`, then the Swift-side conversion of the C view
    /// into a `DecodedView` (Strings for id/title/colour/dayStr), then `rd_view_free`.
    case c
    /// `rd_decode` + `rd_view_free` alone, on inputs prepared outside the timed loop.
    case cRaw = "c-raw"
    /// `FoundationReader`: JSONSerialization + the same field rules (comparison only).
    case foundation
    /// `JSONParser().parse` alone (the harness's view reader and the reader's first step):
    /// a row of the instruction counts only.
    case swiftParse = "swift-parse"

    /// The readers of the main throughput table.
    static let table: [BenchReader] = [.swift, .c, .cRaw, .foundation]

    var label: String {
        switch self {
        case .swift: return "Swift (WidgetSnapshot)"
        case .c: return "C reference + conversion"
        case .cRaw: return "C reference alone"
        case .foundation: return "JSONSerialization port"
        case .swiftParse: return "JSONParser.parse alone"
        }
    }
}

/// A set of cases prepared for every reader: Swift values, and the C inputs (pending ids,
/// zone names) whose pointers stay valid for the set's lifetime.
final class PreparedCases {
    let cases: [Case]
    let blobBytes: Int
    private var cInputs: [rd_case] = []
    private var allocations: [UnsafeMutableRawPointer] = []

    init(_ cases: [Case]) {
        self.cases = cases
        self.blobBytes = cases.reduce(0) { $0 + $1.blob.count }
        for item in cases {
            let zone = copy(Array(item.timeZone.utf8) + [0])
            var pending: UnsafeMutablePointer<rd_pending>?
            if !item.pendingDoneTargets.isEmpty {
                let targets = UnsafeMutablePointer<rd_pending>.allocate(capacity: item.pendingDoneTargets.count)
                allocations.append(UnsafeMutableRawPointer(targets))
                for (index, target) in item.pendingDoneTargets.enumerated() {
                    let id = copy(target.taskId.utf8)
                    targets[index] = rd_pending(id: UnsafeRawPointer(id).assumingMemoryBound(to: CChar.self),
                                                id_len: target.taskId.utf8.count, is_done: target.isDone ? 1 : 0)
                }
                pending = targets
            }
            // The blob pointer is filled in per decode, from the case's own array (no copy).
            cInputs.append(rd_case(blob: nil, blob_len: item.blob.count, pending: pending,
                                   pending_count: item.pendingDoneTargets.count, now_ms: item.nowMs,
                                   time_zone: UnsafeRawPointer(zone).assumingMemoryBound(to: CChar.self)))
        }
    }

    deinit { for pointer in allocations { pointer.deallocate() } }

    private func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, bytes.count))
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { pointer.initialize(from: base, count: buffer.count) }
        }
        allocations.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    /// Decodes every case once with `reader`.
    @inline(never)
    func decodeAll(_ reader: BenchReader) {
        for index in cases.indices { benchSink &+= decode(index, reader) }
    }

    /// Decodes one case; returns its row count, -1 for a parse error, -2 when C produced no view.
    @inline(__always)
    func decode(_ index: Int, _ reader: BenchReader) -> Int {
        switch reader {
        case .swift: return Self.summary(SwiftReader().decode(cases[index]))
        case .c: return CReferenceReader().outcome(cases[index]).view.map(Self.summary) ?? -2
        case .foundation: return Self.summary(FoundationBenchReader().decode(cases[index]))
        case .swiftParse:
            guard case .object(let root)? = try? JSONParser().parse(cases[index].blob) else { return -1 }
            return root.count
        case .cRaw:
            return cases[index].blob.withUnsafeBufferPointer { blob in
                cInputs[index].blob = blob.baseAddress
                guard let view = rd_decode(&cInputs[index]) else { return -1 }
                defer { rd_view_free(view) }
                return view.pointee.parse_ok != 0 ? view.pointee.row_count : -1
            }
        }
    }

    private static func summary(_ view: DecodedView) -> Int {
        if case .tasks(let rows) = view.parse { return rows.count }
        return -1
    }
}

/// How long and how often each figure is measured.
struct Budget {
    var warmUpSeconds: Double
    var runSeconds: Double
    var runs: Int

    static let full = Budget(warmUpSeconds: 0.15, runSeconds: 0.12, runs: 11)
    static let quick = Budget(warmUpSeconds: 0.03, runSeconds: 0.04, runs: 3)
}

/// One row × reader of the throughput table: ns per case over several runs.
struct Throughput {
    var nsPerCase: Sample
    var bytesPerCase: Double

    var casesPerSecond: Sample { nsPerCase.map { 1e9 / $0 } }
    /// MB/s of blob text (10^6 bytes).
    var megabytesPerSecond: Sample { nsPerCase.map { bytesPerCase / $0 * 1e3 } }

    /// For each reader a warm-up that also calibrates its iteration count; then `budget.runs`
    /// rounds, each timing every reader once in turn (interleaved, so that a change of load
    /// on the machine hits all readers alike). Thread CPU time.
    static func measure(_ prepared: PreparedCases, _ readers: [BenchReader], budget: Budget) -> [BenchReader: Throughput] {
        var counts: [BenchReader: Int] = [:]
        for reader in readers {
            var iterations = 0
            let warmStart = threadCPUNs()
            repeat {
                prepared.decodeAll(reader)
                iterations += 1
            } while Double(threadCPUNs() - warmStart) < budget.warmUpSeconds * 1e9
            let perIteration = Double(threadCPUNs() - warmStart) / Double(iterations)
            counts[reader] = Swift.max(1, Int((budget.runSeconds * 1e9 / perIteration).rounded()))
        }
        var values: [BenchReader: [Double]] = [:]
        for _ in 0..<budget.runs {
            for reader in readers {
                let count = counts[reader]!
                let start = threadCPUNs()
                for _ in 0..<count { prepared.decodeAll(reader) }
                let elapsed = Double(threadCPUNs() - start)
                values[reader, default: []].append(elapsed / Double(count * prepared.cases.count))
            }
        }
        let bytesPerCase = Double(prepared.blobBytes) / Double(prepared.cases.count)
        return values.mapValues { Throughput(nsPerCase: Sample(values: $0), bytesPerCase: bytesPerCase) }
    }
}
