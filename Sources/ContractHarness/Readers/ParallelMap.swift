import Foundation

/// Order-preserving parallel map over contiguous chunks, so results are identical at any
/// thread count.
enum ParallelMap {
    static func map<Input, Output>(_ inputs: [Input], jobs: Int, _ transform: (Input) -> Output) -> [Output] {
        let jobs = max(1, min(jobs, inputs.count))
        if jobs == 1 { return inputs.map(transform) }
        let chunkCount = min(inputs.count, jobs * 8)
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let chunkSize = (inputs.count + chunkCount - 1) / chunkCount
        let chunks = (inputs.count + chunkSize - 1) / chunkSize
        withoutActuallyEscaping(transform) { transform in
            let box = UncheckedBox(inputs: inputs, transform: transform, results: results)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * chunkSize
                let end = min(start + chunkSize, box.inputs.count)
                for index in start..<end { box.results[index] = box.transform(box.inputs[index]) }
            }
        }
        return results.map { $0! }
    }

    /// Each chunk writes a disjoint range of `results`; the transform is only read.
    private struct UncheckedBox<Input, Output>: @unchecked Sendable {
        let inputs: [Input]
        let transform: (Input) -> Output
        let results: UnsafeMutableBufferPointer<Output?>
    }
}
