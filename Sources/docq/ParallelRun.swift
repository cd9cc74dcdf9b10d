import DocQuery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs the query over the sources on up to ``jobs`` cores and prints in
/// input order (`-P/--jobs`).
///
/// - Several sources: up to `jobs` are loaded and evaluated at once, each
///   into a memory stream; each is printed, in order, once it and those
///   before it are done.
/// - One source that is a JSON Lines stream: it is cut into batches of
///   whole lines, `2 × jobs` at a time, whose records are read (a file's
///   by each batch's own task: ``FileLineBatches``), parsed and evaluated
///   in parallel, then printed in order; a record that spans lines across
///   a batch boundary is read again whole (see ``processBatches``).
/// - With `-P 1`, or one source that is not JSON Lines, everything happens
///   in order on one core, and diagnostics go out as they happen.
struct ParallelRun: Sendable {
    /// The cores of this machine.
    static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }
    /// Bytes of JSON Lines per batch.
    static let batchSize = 1 << 20

    let printer: RecordPrinter
    let loader: DocumentLoader
    /// `-P/--jobs`, or `nil` for the cores of this machine.
    let requestedJobs: Int?
    let prefixes: Bool

    /// How many sources or batches run at once. Read only where it matters
    /// (several sources, or a JSON Lines stream): finding the cores reads
    /// the cgroup's CPU quota, about 2 % of a one-document run's start-up.
    private var jobs: Int { max(requestedJobs ?? Self.coreCount, 1) }

    /// Processes `sources`, calling `each` with each source's outcome in order.
    func run(_ sources: [InputSource], each: (InputSource, RecordPrinter.Outcome) -> Void) async {
        var out = OutputStream.standardOutput()
        let jobs = sources.count > 1 ? self.jobs : 1
        if jobs == 1 {
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
            outcome.fail(ExitStatus(error))
            return outcome
        }
        let prefix = prefixes ? source.label + ":" : ""
        if errorsNow, records.isLineDelimitedStream, jobs > 1, let reader = records.takeStream() {
            await processBatches(reader, label: source.label, prefix: prefix, into: &out, outcome: &outcome)
        } else {
            printer.print(records, label: source.label, prefix: prefix, prefixed: prefixes, to: &out,
                          outcome: &outcome, errorsNow: errorsNow)
        }
        return outcome
    }

    /// What one batch of a stream printed, what happened, where a record
    /// cut off by the batch's end starts, and where the batch ends: all
    /// located from the origin the batch was read from. Or why it could
    /// not be read.
    private struct BatchResult: Sendable {
        var bytes: [UInt8] = []
        var output: [UInt8] = []
        var outcome = RecordPrinter.Outcome()
        var cutOff: SourceLocation?
        var end = SourceLocation(byteOffset: 0, line: 1, column: 1)
        var readFailure: LoadError?
    }

    /// The bytes from the start of a record that a batch's end cut off, to
    /// the end of the batches read since; where the record starts; and how
    /// many of the bytes were parsed last.
    private typealias Carried = (bytes: [UInt8], origin: SourceLocation, parsed: Int)

    /// The records of one JSON Lines stream, batch by batch on all cores.
    ///
    /// Up to `2 × jobs` batches are parsed and evaluated at once while this
    /// task prints finished ones in order. A regular file's batches are
    /// read by their own tasks (``RecordReader/fileBatches(size:)``);
    /// other input (a pipe) is cut into batches here as it is read.
    ///
    /// Lines are counted by the batches themselves: each is read as if it
    /// began at line 1, and this task, printing them in order, knows the
    /// line each really begins at. A batch that reported an error (whose
    /// text holds a line) is done again here from its real line, so
    /// diagnostics are exact; errors are rare, so this costs nothing in
    /// the common case.
    ///
    /// A batch ends at a line break, which may lie inside a record that
    /// spans lines: its batch then holds that record back
    /// (``RecordReader/cutOffRecord``), and the next batch, which was parsed
    /// from a wrong start, is done again here after the held-back bytes;
    /// while a record goes on over many batches, they are done again only
    /// each time the held-back bytes have doubled, so its output may come
    /// later than its last line. Output is exactly what `-P 1` prints.
    private func processBatches(
        _ reader: RecordReader, label: String, prefix: String, into out: inout OutputStream,
        outcome: inout RecordPrinter.Outcome
    ) async {
        var readFailure: LoadError?
        let jobs = self.jobs
        let fileBatches = reader.fileBatches(size: Self.batchSize)
        await withTaskGroup(of: (Int, BatchResult).self) { group in
            var finished: [Int: BatchResult] = [:]
            var launched = 0
            var printed = 0
            /// Starts the next batch's task; `false` at the end.
            func launch() -> Bool {
                let index = launched
                if let fileBatches {
                    guard index < fileBatches.count else { return false }
                    group.addTask {
                        do throws(LoadError) {
                            let batch = try fileBatches.batch(index)
                            return (index, processBatch(batch.bytes, at: batch.byteOffset, label: label, prefix: prefix))
                        } catch {
                            return (index, BatchResult(readFailure: error))
                        }
                    }
                } else {
                    do throws(LoadError) {
                        guard let batch = try reader.nextBatch(size: Self.batchSize) else { return false }
                        group.addTask { (index, processBatch(batch.bytes, at: batch.byteOffset, label: label, prefix: prefix)) }
                    } catch {
                        finished[index] = BatchResult(readFailure: error)
                        launched += 1
                        return false
                    }
                }
                launched += 1
                return true
            }
            var more = true
            while launched < 2 * jobs, more { more = launch() }
            // Where the next batch to print starts in the whole input.
            var start = SourceLocation(byteOffset: 0, line: 1, column: 1)
            var carried: Carried?
            while readFailure == nil {
                while readFailure == nil, var result = finished.removeValue(forKey: printed) {
                    printed += 1
                    if let failure = result.readFailure {
                        readFailure = failure
                        break
                    }
                    // An empty batch is one that a line covers whole: the batch before holds it.
                    if !result.bytes.isEmpty {
                        result = placed(result, start: &start, carried: &carried, label: label, prefix: prefix)
                        emit((result.output, result.outcome), to: &out)
                        outcome.merge(result.outcome)
                        // Its memory, for a later batch to be read into (held by no one else now).
                        let bytes = result.bytes
                        result.bytes = []
                        if let fileBatches { fileBatches.recycle(consume bytes) } else { reader.recycle(consume bytes) }
                    }
                    if more { more = launch() }
                }
                guard readFailure == nil, let (index, result) = await group.next() else { break }
                finished[index] = result
            }
            group.cancelAll()
            // The input ended inside the last record: report it as a one-process run would.
            if let tail = carried {
                let result = processBatch(tail.bytes, origin: tail.origin, label: label, prefix: prefix, holdsBack: false)
                emit((result.output, result.outcome), to: &out)
                outcome.merge(result.outcome)
            }
        }
        if let readFailure {
            out.flush()
            writeToStandardError(printer.diagnostics.text(for: readFailure, source: label))
            outcome.fail(ExitStatus(readFailure))
        }
    }

    /// `result`, from a batch's task that counted lines from 1, made what
    /// `-P 1` prints and reports for those bytes: `start` is where the
    /// batch really starts, and `carried` the bytes of a record that the
    /// batch before cut off, if any. Both are updated for the next batch.
    /// While `carried` holds the batch back, the result is empty.
    private func placed(
        _ result: BatchResult, start: inout SourceLocation, carried: inout Carried?,
        label: String, prefix: String
    ) -> BatchResult {
        var result = result
        var origin = start
        if var tail = carried.take() {
            // The task began inside that record: do the batch again after its start, once the
            // held-back bytes are twice what was last parsed of them, so that a record over n
            // batches is parsed about log n times, not n times (the quadratic time it was).
            tail.bytes += result.bytes
            if tail.bytes.count < 2 * tail.parsed {
                carried = tail
                return BatchResult(bytes: result.bytes)
            }
            origin = tail.origin
            result = processBatch(tail.bytes, origin: origin, label: label, prefix: prefix)
        } else if !result.outcome.errors.isEmpty {
            // Diagnostics name lines: do it again from the real line.
            result = processBatch(result.bytes, origin: start, label: label, prefix: prefix)
        } else {
            result.cutOff = result.cutOff?.counted(from: start)
            result.end = result.end.counted(from: start)
        }
        if let cut = result.cutOff {
            let held = Array(result.bytes[(cut.byteOffset - origin.byteOffset)...])
            carried = (held, cut, held.count)
        }
        start = result.end
        return result
    }

    /// ``processBatch(_:origin:label:prefix:holdsBack:stopsAtError:)`` for a
    /// batch's task: it starts at input offset `byteOffset`, counting its lines
    /// from 1, and stops at its first diagnostic, for ``placed(_:start:carried:label:prefix:)``
    /// does such a batch again (a batch that began inside a record fails on
    /// each line: all that work was lost).
    private func processBatch(_ bytes: [UInt8], at byteOffset: Int, label: String, prefix: String) -> BatchResult {
        processBatch(
            bytes, origin: SourceLocation(byteOffset: byteOffset, line: 1, column: 1), label: label, prefix: prefix,
            stopsAtError: true)
    }

    /// Parses and evaluates the records of one batch into memory, locating
    /// them from `origin`. With `holdsBack`, a last record cut off by the
    /// batch's end is not reported but returned as ``BatchResult/cutOff``;
    /// with `stopsAtError`, the first diagnostic ends the batch.
    private func processBatch(
        _ bytes: [UInt8], origin: SourceLocation, label: String, prefix: String, holdsBack: Bool = true,
        stopsAtError: Bool = false
    ) -> BatchResult {
        guard !bytes.isEmpty else { return BatchResult() }
        var unit = OutputStream.memory()
        var unitOutcome = RecordPrinter.Outcome()
        let reader = RecordReader(input: ChunkedInput(bytes: bytes), options: loader.options, origin: origin)
        let records = DocumentRecords(stream: reader, progress: nil, holdsBackCutOffRecord: holdsBack)
        printer.withOwnSkimmer(options: loader.options).print(
            records, label: label, prefix: prefix, prefixed: prefixes, to: &unit, outcome: &unitOutcome, errorsNow: false,
            stopsAtError: stopsAtError)
        return BatchResult(
            bytes: bytes, output: unit.collected, outcome: unitOutcome,
            cutOff: holdsBack ? reader.cutOffRecord : nil, end: reader.location)
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
