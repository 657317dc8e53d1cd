import ContractModel
import HarnessCorpus
import Foundation
import HarnessGate
import HarnessReaders

/// One batch of a fuzz run, worked through case by case on every thread at once: a thread
/// makes a case, decodes it with every reader that runs in this process, judges it, and
/// keeps it only when it disagrees or a testee still has to read it, before it takes the
/// next one. Readers in other processes then read the kept cases as one batch.
///
/// (Three passes over the batch, one per phase, left a core idle at the end of each pass
/// and freed every case and view on the calling thread: `--jobs 2` kept 1.64 of 2 cores
/// busy.) The rows and the judgements are the same at any `jobs`.
struct FuzzBatch {
    /// One case of the batch, in index order.
    struct Row {
        var index: Int
        /// Kept when a reader disagrees, or a reader in another process has yet to read it.
        var fuzzCase: FuzzCase?
        /// The reference's outcome, kept while a reader in another process has yet to read the case.
        var expected: ReaderOutcome?
        /// One per compared reader, in the run's reader order; nil until that reader has read it.
        var judgements: [Disagreement.Judgement?]

        var disagrees: Bool { judgements.contains { $0?.disagreement != nil } }
    }

    var rows: [Row]
    /// Thread-seconds spent making the cases (`ParallelMap.threads` of them ran at once).
    var generationSeconds = 0.0
    /// Thread-seconds each reader spent, the reference first (in-process readers only: the
    /// run times the others itself).
    var readerSeconds: [Double]

    /// Makes and judges the cases at `indices` with the readers that run in this process.
    static func work(_ indices: [Int], generator: FuzzCaseGenerator, reference: any Reader, readers: [any Reader],
                     departures: [String: DeclaredDepartures], jobs: Int) -> FuzzBatch {
        let inProcessReference = reference as? any InProcessReader
        let inProcess = readers.map { inProcessReference == nil ? nil : $0 as? any InProcessReader }
        let keepForOthers = inProcessReference == nil || inProcess.contains { $0 == nil }
        let departures = readers.map { departures[$0.name] }
        let parts = ParallelMap.map(ParallelMap.chunks(count: indices.count, jobs: jobs), jobs: jobs) { chunk -> FuzzBatch in
            var part = FuzzBatch(rows: [], readerSeconds: Array(repeating: 0, count: readers.count + 1))
            part.rows.reserveCapacity(chunk.count)
            for index in indices[chunk] {
                var clock = DispatchTime.now().uptimeNanoseconds
                func lap() -> Double {
                    let now = DispatchTime.now().uptimeNanoseconds
                    defer { clock = now }
                    return Double(now - clock) / 1e9
                }
                // Recipes are written out only for the cases that become findings.
                let fuzzCase = generator.make(index, recipe: false)
                part.generationSeconds += lap()
                var row = Row(index: index, judgements: Array(repeating: nil, count: readers.count))
                if let inProcessReference {
                    let expected = inProcessReference.outcome(fuzzCase.testCase)
                    part.readerSeconds[0] += lap()
                    for position in readers.indices {
                        guard let reader = inProcess[position] else { continue }
                        let got = reader.outcome(fuzzCase.testCase)
                        part.readerSeconds[position + 1] += lap()
                        row.judgements[position] = Disagreement.between(
                            reference: reference.name, expected: expected, reader: reader.name, got: got,
                            testCase: fuzzCase.testCase, departures: departures[position])
                        _ = lap()  // judging is not the reader's time
                    }
                    if keepForOthers { row.expected = expected }
                }
                if keepForOthers || row.disagrees { row.fuzzCase = fuzzCase }
                part.rows.append(row)
            }
            return part
        }
        var batch = FuzzBatch(rows: [], readerSeconds: Array(repeating: 0, count: readers.count + 1))
        batch.rows.reserveCapacity(indices.count)
        for part in parts {
            batch.rows.append(contentsOf: part.rows)
            batch.generationSeconds += part.generationSeconds
            for position in batch.readerSeconds.indices { batch.readerSeconds[position] += part.readerSeconds[position] }
        }
        return batch
    }
}
