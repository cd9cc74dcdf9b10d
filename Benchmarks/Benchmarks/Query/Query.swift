import Benchmark
import BenchmarkRuns
import BenchmarkSupport

// "<subject> query <input>" on a document loaded in setup (loading is not timed):
// every statuses[*].user.screen_name of twitter.json and every node id of map.osm.
let benchmarks: @Sendable () -> Void = {
    BenchmarkRuns.register(Subjects.jsonQuery, inputs: BenchmarkRuns.inputs(.json))
    BenchmarkRuns.register(Subjects.xmlQuery, inputs: BenchmarkRuns.inputs(.xml))
}
