import DocQuery
import Foundation

/// Runs the query over the sources on up to ``jobs`` cores and prints in
/// input order (`-P/--jobs`).
///
/// - Several sources: up to `jobs` are loaded and evaluated at once, each
///   into a memory stream; each is printed, in order, once it and those
///   before it are done.
/// - One source that is a JSON Lines stream: it is cut into batches of
///   whole lines (``RecordReader/nextBatch(size:)``), `2 × jobs` at a time,
///   whose records are parsed and evaluated in parallel, then printed in
///   order. A record that spans lines may be cut at a batch boundary and
///   then reads as two malformed records: use `-P 1` for such streams.
/// - With `-P 1`, or one source that is not JSON Lines, everything happens
///   in order on one core, and diagnostics go out as they happen.
struct ParallelRun: Sendable {
    /// The cores of this machine.
    static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }
    /// Bytes of JSON Lines per batch.
    static let batchSize = 1 << 20

    let printer: RecordPrinter
    let loader: DocumentLoader
    let jobs: Int
    let prefixes: Bool

    /// Processes `sources`, calling `each` with each source's outcome in order.
    func run(_ sources: [InputSource], each: (InputSource, RecordPrinter.Outcome) -> Void) async {
        var out = OutputStream.standardOutput()
        if jobs == 1 || sources.count == 1 {
            for source in sources {
                each(source, await process(source, into: &out, errorsNow: true))
            }
        } else {
            var start = 0
            while start < sources.count {
                let window = Array(sources[start..<min(start + jobs, sources.count)])
                let units = await inParallel(window.count) { k in
                    var unit = OutputStream.memory()
                    let outcome = await process(window[k], into: &unit, errorsNow: false)
                    return (unit.collected, outcome)
                }
                for (k, unit) in units.enumerated() {
                    emit(unit, to: &out)
                    each(window[k], unit.1)
                }
                start += window.count
            }
        }
        out.flush()
    }

    /// Loads `source` and prints what the path matches in each of its documents.
    private func process(_ source: InputSource, into out: inout OutputStream, errorsNow: Bool) async -> RecordPrinter.Outcome {
        var outcome = RecordPrinter.Outcome()
        var records: DocumentRecords
        do {
            records = try await loader.records(source)
        } catch {
            let text = printer.diagnostics.text(for: error, source: source.label)
            if errorsNow {
                out.flush()
                writeToStandardError(text)
            } else {
                outcome.errors += text
            }
            outcome.unreadable = true
            return outcome
        }
        let prefix = prefixes ? source.label + ":" : ""
        if jobs > 1, errorsNow, let reader = records.takeStream() {
            await processBatches(reader, label: source.label, prefix: prefix, into: &out, outcome: &outcome)
        } else {
            printer.print(records, label: source.label, prefix: prefix, prefixed: prefixes, to: &out,
                          outcome: &outcome, errorsNow: errorsNow)
        }
        return outcome
    }

    /// The records of one JSON Lines stream, batch by batch on all cores.
    private func processBatches(
        _ reader: RecordReader, label: String, prefix: String, into out: inout OutputStream,
        outcome: inout RecordPrinter.Outcome
    ) async {
        var readFailure: LoadError?
        while readFailure == nil {
            var batches: [(bytes: [UInt8], origin: SourceLocation)] = []
            do {
                while batches.count < 2 * jobs, let batch = try reader.nextBatch(size: Self.batchSize) {
                    batches.append(batch)
                }
            } catch {
                readFailure = error
            }
            if batches.isEmpty { break }
            let options = loader.options
            let work = batches
            let units = await inParallel(work.count) { k in
                var unit = OutputStream.memory()
                var unitOutcome = RecordPrinter.Outcome()
                let records = DocumentRecords(
                    stream: RecordReader(input: ChunkedInput(bytes: work[k].bytes), options: options, origin: work[k].origin),
                    progress: nil)
                printer.print(records, label: label, prefix: prefix, prefixed: prefixes, to: &unit,
                              outcome: &unitOutcome, errorsNow: false)
                return (unit.collected, unitOutcome)
            }
            for unit in units {
                emit(unit, to: &out)
                outcome.merge(unit.1)
            }
        }
        if let readFailure {
            out.flush()
            writeToStandardError(printer.diagnostics.text(for: readFailure, source: label))
            outcome.unreadable = true
        }
    }

    /// Prints one unit's output, then its diagnostics.
    private func emit(_ unit: ([UInt8], RecordPrinter.Outcome), to out: inout OutputStream) {
        out.write(bytes: unit.0)
        if !unit.1.errors.isEmpty {
            out.flush()
            writeToStandardError(unit.1.errors)
        }
    }

    /// Runs `body` for 0..<count concurrently; the results in index order.
    private func inParallel<T: Sendable>(
        _ count: Int, _ body: @escaping @Sendable (Int) async -> T
    ) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for k in 0..<count { group.addTask { (k, await body(k)) } }
            var results = [T?](repeating: nil, count: count)
            for await (k, value) in group { results[k] = value }
            return results.map { $0! }
        }
    }
}
