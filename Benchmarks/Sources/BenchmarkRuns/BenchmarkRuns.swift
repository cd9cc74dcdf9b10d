import Benchmark
import BenchmarkSupport
import Foundation

/// Registers the shared subjects with package-benchmark, one benchmark per
/// (subject, input), named "<subject> <operation> <input>".
public enum BenchmarkRuns {
    /// What every benchmark records. Throughput is runs per second: multiply
    /// by the input size for bytes per second (scripts/bench prints MB/s).
    public static let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal]

    /// The inputs of a format: bench-data files, then generated documents.
    public static func inputs(_ format: InputFormat) -> [BenchInput] {
        do {
            return try BenchInputs.all(format)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Registers every subject on every input it accepts.
    public static func register(_ subjects: [Subject], inputs: [BenchInput]) {
        for input in inputs {
            for subject in subjects where subject.accepts(input) {
                let bytes = Subject.nominalBytes(input)
                let large = bytes > 20_000_000
                let configuration = Benchmark.Configuration(
                    metrics: metrics,
                    warmupIterations: 1,
                    maxDuration: .seconds(large ? 10 : 2),
                    maxIterations: subject.operation == "load" ? (large ? 3 : 25) : 10_000,
                    skip: subject.skipReason(inputBytes: bytes) != nil
                )
                Benchmark(subject.benchmarkName(input), configuration: configuration) { benchmark, workload in
                    // Results live until measurement stops: freeing them is not part of a load.
                    var kept: [Output] = []
                    kept.reserveCapacity(benchmark.scaledIterations.count)
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        kept.append(try workload.run())
                    }
                    benchmark.stopMeasurement()
                    blackHole(kept)
                } setup: {
                    try subject.workload(input, input.data())
                }
            }
        }
    }
}
