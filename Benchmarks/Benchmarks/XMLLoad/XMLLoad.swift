import Benchmark
import BenchmarkRuns
import BenchmarkSupport

// "<subject> load <input>" for every XML subject on every XML input:
// shared/bench-data/xml/* and the generated documents (see Benchmarks/README.md).
let benchmarks: @Sendable () -> Void = {
    BenchmarkRuns.register(Subjects.xmlLoad, inputs: BenchmarkRuns.inputs(.xml))
}
