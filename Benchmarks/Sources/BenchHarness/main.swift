// bench-harness: runs one subject on one input in a fresh process and prints
// one JSON line (median time, memory, mallocs), for scripts/bench's table.
//
// package-benchmark (the JSONLoad, XMLLoad and Query targets) is the tool for
// tracking one benchmark over time; this harness exists because the table
// needs per-process memory figures (resident size of a loaded document in a
// process that loaded nothing else) and a plain machine-readable output.
//
//   bench-harness list                 every (subject, operation, input) to run
//   bench-harness inputs               every input, generated first if needed
//   bench-harness machine              library versions
//   bench-harness run SUBJECT OPERATION INPUT [--seconds S] [--count-mallocs]
//   bench-harness jmespath FILE EXPRESSION [--keypath PATH] [--dump-json OUT] [--seconds S] [--count-mallocs]
//                                      one JMESPath expression (and optionally the key path
//                                      that means the same) on a loaded document; see
//                                      scripts/bench_jmespath.py
//
// Malloc counts need the interposer preloaded:
//   LD_PRELOAD=.build/release/libMallocInterposerSwift.so bench-harness run … --count-mallocs

import BenchmarkSupport
import DocQuery
import Foundation

#if canImport(Glibc)
import Glibc
#endif

@_optimize(none)
func blackHole(_: some Any) {}

func emit(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-harness: \(message)\n".utf8))
    exit(2)
}

func inputs() throws -> [BenchInput] {
    try BenchInputs.all(.json) + BenchInputs.all(.xml)
}

func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
}

/// The malloc interposer's counters, when it is preloaded.
struct MallocCounter {
    typealias Toggle = @convention(c) () -> Void
    typealias Stats = @convention(c) (
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
    ) -> Void

    let enable: Toggle
    let disable: Toggle
    let reset: Toggle
    let stats: Stats

    init?() {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(nil, name) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        guard let enable = symbol("malloc_interposer_enable", as: Toggle.self),
            let disable = symbol("malloc_interposer_disable", as: Toggle.self),
            let reset = symbol("malloc_interposer_reset", as: Toggle.self),
            let stats = symbol("malloc_interposer_get_stats", as: Stats.self)
        else { return nil }
        self.enable = enable
        self.disable = disable
        self.reset = reset
        self.stats = stats
    }

    /// Mallocs and bytes requested while `body` runs.
    func count(_ body: () throws -> Void) rethrows -> (mallocs: Int64, bytes: Int64) {
        reset()
        enable()
        defer { disable() }
        try body()
        disable()
        var values = [Int64](repeating: 0, count: 6)
        values.withUnsafeMutableBufferPointer { v in
            stats(v.baseAddress!, v.baseAddress! + 1, v.baseAddress! + 2, v.baseAddress! + 3, v.baseAddress! + 4, v.baseAddress! + 5)
        }
        return (values[0], values[1])
    }
}

func run(subjectName: String, operation: String, inputName: String, budget: Double, countMallocs: Bool) {
    var result: [String: Any] = ["subject": subjectName, "operation": operation, "input": inputName]
    do {
        let input = try BenchInputs.named(inputName)
        guard let subject = Subjects.named(subjectName, operation: operation, format: input.format) else {
            fail("no subject \"\(subjectName)\" with operation \(operation) for \(input.format.rawValue)")
        }
        let data = try input.data()
        result["bytes"] = data.count
        if let reason = subject.skipReason(inputBytes: data.count) {
            result["skipped"] = reason
            emit(result)
            return
        }
        let workload = try subject.workload(input, data)

        if countMallocs {
            guard let counter = MallocCounter() else {
                fail("--count-mallocs needs LD_PRELOAD=…/libMallocInterposerSwift.so")
            }
            blackHole(try workload.run())  // warm-up: one-time and lazy allocations
            var output: Output?
            let counted = try counter.count { output = try workload.run() }
            blackHole(output)
            output = nil
            result["mallocs"] = counted.mallocs
            result["mallocBytes"] = counted.bytes
            emit(result)
            return
        }

        // Warm-up on a tiny document of the same format, so the memory of
        // the first real run below is the result's, not the one-time cost
        // of the subject's code and runtime data being paged in (on a 65 KB
        // input that cost was several times the document). Errors are
        // ignored: some subjects expect a particular document.
        if let tiny = try? subject.workload(input, TinyDocument.data(input.format)) {
            blackHole(try? tiny.run())
        }

        // First real run, in a process that has read the input and warmed
        // up on a tiny one: memory.
        ProcessMemory.resetPeak()
        let residentBefore = ProcessMemory.residentBytes()
        let heapBefore = ProcessMemory.heapInUseBytes()
        let clock = ContinuousClock()
        var start = clock.now
        var output: Output? = try workload.run()
        let first = seconds(clock.now - start)
        if let after = ProcessMemory.residentBytes(), let residentBefore {
            result["residentDelta"] = after - residentBefore
        }
        if let after = ProcessMemory.heapInUseBytes(), let heapBefore {
            result["heapDelta"] = after - heapBefore
        }
        if let peak = ProcessMemory.peakResidentBytes(), let residentBefore {
            result["peakDelta"] = max(0, peak - residentBefore)
        }
        if let count = output?.count { result["count"] = count }
        blackHole(output)
        output = nil

        // Timed runs: the median of as many as fit the budget (3 at least, 1
        // when a single run takes more than 3 s), dropping each result untimed.
        let maxRuns = operation == "load" ? 25 : 200_000
        let minRuns = first > 3 ? 1 : 3
        var times: [Double] = []
        var spent = 0.0
        while times.count < minRuns || (spent < budget && times.count < maxRuns) {
            start = clock.now
            let value = try workload.run()
            let elapsed = seconds(clock.now - start)
            blackHole(value)
            times.append(elapsed)
            spent += elapsed
        }
        times.sort()
        result["runs"] = times.count
        result["median"] = times[times.count / 2]
        result["min"] = times[0]
        result["first"] = first
    } catch {
        result["error"] = "\(error)"
    }
    emit(result)
}

/// Times one JMESPath expression, and the key path that means the same
/// when given, on a document loaded beforehand; both compiled once.
func runJMESPath(file: String, expression: String, keyPath: String?, dumpJSON: String?, budget: Double, countMallocs: Bool) {
    var result: [String: Any] = ["file": file, "expression": expression]
    do {
        let document = try Document(contentsOf: URL(fileURLWithPath: file))
        if let dumpJSON {
            try Data(document.jsonString().utf8).write(to: URL(fileURLWithPath: dumpJSON))
        }
        let compiled = try JMESPath(expression)
        var workloads: [(String, () throws -> Int)] = [("jmespath", { try compiled.evaluate(on: document).count })]
        if let keyPath {
            let query = try PathQuery(keyPath)
            result["keypath"] = keyPath
            workloads.append(("keypath", { try query.evaluate(on: document).count }))
        }
        for (name, workload) in workloads {
            result[name + "Count"] = try workload()
            if countMallocs {
                guard let counter = MallocCounter() else {
                    fail("--count-mallocs needs LD_PRELOAD=…/libMallocInterposerSwift.so")
                }
                var count = 0
                result[name + "Mallocs"] = try counter.count { count = try workload() }.mallocs
                blackHole(count)
                continue
            }
            // Each sample times a batch of runs lasting about 50 µs, so the
            // clock's own cost does not weigh on sub-microsecond evaluations.
            let clock = ContinuousClock()
            var batch = 1
            while true {
                let start = clock.now
                for _ in 0..<batch { blackHole(try workload()) }
                if seconds(clock.now - start) >= 50e-6 || batch >= 1 << 20 { break }
                batch *= 2
            }
            var times: [Double] = []
            var spent = 0.0
            while times.count < 5 || (spent < budget && times.count < 100_000) {
                let start = clock.now
                for _ in 0..<batch { blackHole(try workload()) }
                let elapsed = seconds(clock.now - start)
                times.append(elapsed / Double(batch))
                spent += elapsed
            }
            times.sort()
            result[name + "Median"] = times[times.count / 2]
            result[name + "Min"] = times[0]
            result[name + "Runs"] = times.count * batch
        }
    } catch {
        result["error"] = "\(error)"
    }
    emit(result)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let budget = Double(ProcessInfo.processInfo.environment["DOCQ_BENCH_SECONDS"] ?? "") ?? 1.0
switch arguments.first {
case "list":
    do {
        for input in try inputs() {
            for subject in Subjects.all where subject.accepts(input) {
                var row: [String: Any] = [
                    "subject": subject.name, "operation": subject.operation, "format": subject.format.rawValue,
                    "role": subject.role.rawValue, "input": input.name, "generated": input.isGenerated,
                    "summary": subject.summary,
                ]
                if let reason = subject.skipReason(inputBytes: Subject.nominalBytes(input)) { row["skipped"] = reason }
                emit(row)
            }
        }
    } catch {
        fail("\(error)")
    }
case "inputs":
    do {
        for input in try inputs() {
            let url = try input.url()
            let bytes = (try FileManager.default.attributesOfItem(atPath: url.path))[.size] as? Int ?? 0
            emit([
                "name": input.name, "format": input.format.rawValue, "path": url.path, "bytes": bytes,
                "generated": input.isGenerated,
            ])
        }
    } catch {
        fail("\(error)")
    }
case "machine":
    emit([
        "libxml2": CLibraryVersions.libxml2, "simdjson": CLibraryVersions.simdjson,
        "simdjsonImplementation": CLibraryVersions.simdjsonImplementation,
        "jsonQuery": Subjects.jsonQueryPath, "xmlQuery": Subjects.xmlQueryPath,
    ])
case "run":
    var positional: [String] = []
    var seconds: Double?
    var countMallocs = false
    var rest = arguments.dropFirst().makeIterator()
    while let argument = rest.next() {
        switch argument {
        case "--seconds": seconds = rest.next().flatMap(Double.init)
        case "--count-mallocs": countMallocs = true
        default: positional.append(argument)
        }
    }
    guard positional.count == 3 else {
        fail("usage: bench-harness run SUBJECT OPERATION INPUT [--seconds S] [--count-mallocs]")
    }
    run(
        subjectName: positional[0], operation: positional[1], inputName: positional[2],
        budget: seconds ?? budget, countMallocs: countMallocs
    )
case "jmespath":
    var positional: [String] = []
    var seconds: Double?
    var keyPath: String?
    var dumpJSON: String?
    var countMallocs = false
    var rest = arguments.dropFirst().makeIterator()
    while let argument = rest.next() {
        switch argument {
        case "--seconds": seconds = rest.next().flatMap(Double.init)
        case "--keypath": keyPath = rest.next()
        case "--dump-json": dumpJSON = rest.next()
        case "--count-mallocs": countMallocs = true
        default: positional.append(argument)
        }
    }
    guard positional.count == 2 else {
        fail("usage: bench-harness jmespath FILE EXPRESSION [--keypath PATH] [--dump-json OUT] [--seconds S] [--count-mallocs]")
    }
    runJMESPath(
        file: positional[0], expression: positional[1], keyPath: keyPath, dumpJSON: dumpJSON,
        budget: seconds ?? budget, countMallocs: countMallocs)
default:
    fail("usage: bench-harness list | inputs | machine | run SUBJECT OPERATION INPUT [--seconds S] [--count-mallocs]")
}

/// A document of a few dozen bytes that touches every kind of node.
enum TinyDocument {
    static func data(_ format: InputFormat) -> Data {
        switch format {
        case .json: Data(#"{"a": [1, -2.5e3, "x\\u00e9", true, false, null, {"b": {}}]}"#.utf8)
        case .xml: Data(#"<?xml version="1.0"?><r xmlns:p="urn:p" a="1"><p:c>x &amp; y</p:c><c><![CDATA[z]]></c></r>"#.utf8)
        }
    }
}
