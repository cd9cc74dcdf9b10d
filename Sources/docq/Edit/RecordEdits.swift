import Dispatch
import DocQuery
import DocTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A stream of JSON values (JSON Lines, or values laid out on many lines)
/// edited record by record: each record the stream's reader cuts
/// (``RecordReader``, the reader queries use) is edited on its own, and
/// what lies between the records (white space, line ends) stays. A record
/// the paths miss stays as it was; when every record misses, the first
/// record's error is thrown. A malformed record fails as a query of the
/// input does: at its line and column in the whole input.
///
/// Output is written as the records are read, so a file of JSON Lines is
/// edited in memory bounded by its longest record, whatever its size.
/// A regular file, and standard input held whole, are edited on all cores,
/// in 1 MiB batches of whole lines (``FileLineBatches``, as `-P` cuts a
/// query's), written in input order; from the first batch that does not
/// edit cleanly on its own (a record it cuts off, a malformed record, a
/// failed edit), the rest of the input is edited in order, so what is
/// written and thrown is what one core gives.
struct RecordEdits {
    let edits: [Edit]
    let options: LoadOptions

    /// The most output gathered before it is written.
    private static let outputBlock = 1 << 20

    /// What the records of a stretch of the input came to.
    private struct Outcome {
        var matched = false
        /// The first record's miss, in input order.
        var firstMiss: QueryError?

        mutating func merge(_ later: Outcome) {
            matched = matched || later.matched
            if firstMiss == nil { firstMiss = later.firstMiss }
        }

        /// Throws the first miss when no record matched.
        func check() throws {
            if !matched, let firstMiss { throw firstMiss }
        }
    }

    /// Edits the records of `bytes`, in memory, on all cores as a file's.
    func edit(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        func append(_ part: ArraySlice<UInt8>) { out.append(contentsOf: part) }
        var outcome = Outcome()
        var rest: SourceLocation? = SourceLocation(byteOffset: 0, line: 1, column: 1)
        let jobs = ParallelRun.coreCount
        if jobs > 1, bytes.count > ParallelRun.batchSize {
            let batches = FileLineBatches(bytes: bytes, size: ParallelRun.batchSize, label: InputSource.standardInput.label)
            rest = try editInBatches(batches, jobs: jobs, outcome: &outcome, append: append)
        }
        if let rest {
            let reader = RecordReader(
                input: ChunkedInput(bytes: rest.byteOffset == 0 ? bytes : Array(bytes[rest.byteOffset...])),
                options: options, origin: rest)
            outcome.merge(try run(reader, from: rest.byteOffset, bytes: { bytes[$0] }, append: append))
        }
        try outcome.check()
        return out
    }

    /// Edits the records of the regular file at `path`, writing the output
    /// to `write` in blocks as it goes.
    func edit(file path: String, write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var block: [UInt8] = []
        block.reserveCapacity(Self.outputBlock)
        func append(_ bytes: ArraySlice<UInt8>) throws {
            block.append(contentsOf: bytes)
            if block.count >= Self.outputBlock {
                try block.withUnsafeBytes(write)
                block.removeAll(keepingCapacity: true)
            }
        }
        let reader = RecordReader(input: try ChunkedInput(path: path), options: options)
        var outcome = Outcome()
        // Where the part still to edit in order begins; `nil` once every batch is done.
        var rest: SourceLocation? = SourceLocation(byteOffset: 0, line: 1, column: 1)
        let jobs = ParallelRun.coreCount
        if jobs > 1, let batches = reader.fileBatches(size: ParallelRun.batchSize), batches.count > 1 {
            rest = try editInBatches(batches, jobs: jobs, outcome: &outcome, append: append)
        }
        if let rest {
            let window = try FileWindow(path)
            let inOrder = rest.byteOffset == 0 ? reader : try RecordReader(input: Self.input(path, from: rest.byteOffset), options: options, origin: rest)
            outcome.merge(try run(inOrder, from: rest.byteOffset, bytes: { try window.bytes($0) }, append: append))
        }
        try block.withUnsafeBytes(write)
        try outcome.check()
    }

    /// Edits `batches` on `jobs` cores, `2 × jobs` at a time, handing each
    /// one's output to `append` in order; returns where the first batch that
    /// must be edited in order begins, or `nil` when none must.
    private func editInBatches(
        _ batches: FileLineBatches, jobs: Int, outcome: inout Outcome, append: (ArraySlice<UInt8>) throws -> Void
    ) throws -> SourceLocation? {
        var start = SourceLocation(byteOffset: 0, line: 1, column: 1)
        var next = 0
        while next < batches.count {
            let window = next..<min(next + 2 * jobs, batches.count)
            let results = BatchResults(count: window.count)
            DispatchQueue.concurrentPerform(iterations: window.count) { k in
                results.set(k, editBatch(batches, window.lowerBound + k))
            }
            for result in results.all {
                guard let result else { return start }
                // An empty batch is one that a line covers whole: the batch before holds it.
                guard let end = result.end else { continue }
                guard result.byteOffset == start.byteOffset else { return start }
                try append(result.output[...])
                outcome.merge(result.outcome)
                batches.recycle(result.bytes)
                start = end.counted(from: start)
            }
            next = window.upperBound
        }
        return nil
    }

    /// One batch edited on its own, its lines counted from 1.
    private struct BatchEdit: Sendable {
        var bytes: [UInt8] = []
        var byteOffset = 0
        var output: [UInt8] = []
        var outcome = Outcome()
        /// Where the batch ends, counted from its start; `nil` for an empty batch.
        var end: SourceLocation?
    }

    /// The results of a window of batches, filled in by the cores that edit them.
    private final class BatchResults: @unchecked Sendable {
        private let lock = Lock()
        private var results: [BatchEdit?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func set(_ k: Int, _ result: BatchEdit?) { lock.withLock { results[k] = result } }

        var all: [BatchEdit?] { lock.withLock { results } }
    }

    /// Batch `index` edited on its own; `nil` when it must be edited in
    /// order instead: it cut a record off, holds a malformed one, or an edit
    /// of it failed (its error would count lines from the batch's start).
    private func editBatch(_ batches: FileLineBatches, _ index: Int) -> BatchEdit? {
        guard let batch = try? batches.batch(index) else { return nil }
        let (bytes, byteOffset) = batch
        guard !bytes.isEmpty else { return BatchEdit() }
        let reader = RecordReader(
            input: ChunkedInput(bytes: bytes), options: options, origin: SourceLocation(byteOffset: byteOffset, line: 1, column: 1))
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        guard let outcome = try? run(
            reader, from: byteOffset, bytes: { bytes[($0.lowerBound - byteOffset)..<($0.upperBound - byteOffset)] },
            append: { output.append(contentsOf: $0) })
        else { return nil }
        return BatchEdit(bytes: bytes, byteOffset: byteOffset, output: output, outcome: outcome, end: reader.location)
    }

    /// The file at `path` read from byte `offset` on.
    private static func input(_ path: String, from offset: Int) throws -> ChunkedInput {
        let descriptor = try DocumentLoader.open(path)
        guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            let failure = errno
            close(descriptor)
            throw FileSource.unreadable(path, failure)
        }
        return ChunkedInput(descriptor: descriptor, closesOnEnd: true, label: path)
    }

    /// Edits each record `reader` cuts, from input offset `from` on;
    /// `bytes` gives the input's bytes in a range (ranges come in the
    /// input's order), `append` takes the output.
    private func run(
        _ reader: RecordReader, from: Int, bytes: (Range<Int>) throws -> ArraySlice<UInt8>,
        append: (ArraySlice<UInt8>) throws -> Void
    ) throws -> Outcome {
        var outcome = Outcome()
        var copied = from
        // The reader loads each record for editing (its spans too), in UTF-8;
        // each record's edit is checked as a load would check it, with one
        // parser of the records' own for the loads that checking makes.
        reader.recordsSpans = options.encoding == nil
        let parser = JSONRecordParser(options: options)
        while let record = reader.next() {
            let document = try record.get()
            let value = reader.lastValue
            try append(try bytes(copied..<value.lowerBound))
            copied = value.upperBound
            let text = try bytes(value)
            do {
                // The reader's document holds the white space after a record
                // that ends the input: that record is loaded on its own.
                let source = reader.recordsSpans && document.table.text.count == text.count
                    ? EditableSource(json: document, spans: reader.lastSpans, options: options)
                    : try EditableSource(bytes: Array(text), options: options, parser: parser)
                try append(try DocumentEditor.edited(record: source, by: edits, options: options, parser: parser)[...])
                outcome.matched = true
            } catch let error as QueryError where error.kind == .noMatch {
                if outcome.firstMiss == nil { outcome.firstMiss = error }
                try append(text)
            }
        }
        try append(try bytes(copied..<(from + reader.bytesRead)))
        return outcome
    }
}

/// The bytes of a file read again by offset, as a reader of it goes on: a
/// window of at least a block, moved forward when a range leaves it.
private final class FileWindow {
    private let descriptor: Int32
    private let path: String
    private var window: [UInt8] = []
    private var start = 0
    private static let block = 1 << 20

    init(_ path: String) throws(LoadError) {
        self.path = path
        descriptor = try DocumentLoader.open(path)
    }

    deinit { close(descriptor) }

    /// The file's bytes in `range`, which starts at or after the last range's start.
    func bytes(_ range: Range<Int>) throws(LoadError) -> ArraySlice<UInt8> {
        if range.lowerBound < start || range.upperBound > start + window.count {
            start = range.lowerBound
            let count = max(range.count, Self.block)
            window.removeAll(keepingCapacity: true)
            do {
                try FileSource.append(from: descriptor, at: start, upTo: count, fully: true, to: &window)
            } catch {
                throw FileSource.unreadable(path, error.value)
            }
            guard range.upperBound <= start + window.count else {
                throw LoadError(.unreadableSource, "\(path): the file changed while it was edited")
            }
        }
        return window[(range.lowerBound - start)..<(range.upperBound - start)]
    }
}
