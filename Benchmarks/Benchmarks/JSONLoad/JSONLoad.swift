import Benchmark
import BenchmarkRuns
import BenchmarkSupport

// "<subject> load <input>" for every JSON subject on every JSON input:
// shared/bench-data/json/* and the generated documents (see Benchmarks/README.md).
let benchmarks: @Sendable () -> Void = {
    BenchmarkRuns.register(Subjects.jsonLoad, inputs: BenchmarkRuns.inputs(.json))
}
