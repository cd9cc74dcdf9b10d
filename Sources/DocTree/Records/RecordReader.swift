/// Reads a stream of JSON values one record at a time: the engine behind
/// ``DocumentStream``.
///
/// ## How a record is found
///
/// JSON Lines is the common case, so the line at the cursor is tried first:
/// when it parses as one value, it is the record. Otherwise (a record over
/// several lines, several values on one line, or a malformed record) the
/// one scan with a sink that keeps nothing (``ValidatingSink``) says where
/// the record ends, resumed as more is read. That span is parsed strictly;
/// its errors are moved to the record's place in the whole input.
///
/// A malformed record ends by the recovery rule of ``JSONRecovery``, the
/// one ``JSONStreamScanner`` resumes by: a broken line of JSON Lines costs
/// only itself.
///
/// ## Memory
///
/// The buffer holds the bytes from the current record on, read in chunks
/// of ``defaultChunkSize`` (more when one record is longer). Each record is
/// parsed in place by one ``JSONRecordParser`` (so the records share a name
/// table), and its ``Document`` keeps a copy of its own bytes as its text;
/// a record that is the whole rest of the input takes the buffer itself.
package final class RecordReader {
    /// Bytes read at a time, unless a test asks for fewer.
    package static let defaultChunkSize = 1 << 20

    /// The input from the current record (`start`, the cursor) on; its
    /// mark stays at the cursor.
    private var chunks: ChunkBuffer
    /// Parses the records; they share its name table.
    private let parser: JSONRecordParser
    /// The nesting limit of the scan that finds where a record ends.
    private let maxDepth: Int
    /// The input offset at which a line that did not parse as one value
    /// ends, while the cursor is inside it.
    private var brokenLineEnd: Int?
    /// Whether the rest of the input was tried as one value and failed.
    private var triedWholeInput = false
    /// A batch's bytes handed back by ``recycle(_:)``, for the next batch.
    private var spare: [UInt8]?
    /// Whether a byte order mark may still come (at the input's start).
    private var atInputStart: Bool

    /// A reader of `input`. `origin` is where its first byte lies in a larger
    /// input (a batch cut out of a stream), for error locations.
    package init(input: ChunkedInput, options: LoadOptions, origin: SourceLocation? = nil, chunkSize: Int = defaultChunkSize) {
        self.chunks = ChunkBuffer(
            input, chunkSize: chunkSize, origin: origin ?? SourceLocation(byteOffset: 0, line: 1, column: 1))
        self.parser = JSONRecordParser(options: options)
        self.maxDepth = options.maxDepth
        self.atInputStart = (origin?.byteOffset ?? 0) == 0
    }

    private var cursor: Int {
        get { chunks.start }
        set { chunks.start = newValue }
    }

    private var input: ChunkedInput { chunks.input }

    /// Where the record ``next()`` returned last starts, when it is malformed
    /// only in that the input ended inside it (a bracket or quote never
    /// closed), as a batch's last record may be (``nextBatch(size:)``).
    package private(set) var cutOffRecord: SourceLocation?

    /// Bytes of the input consumed so far (read, not necessarily parsed).
    package var bytesRead: Int { input.bytesRead }

    /// The next record: a document, or the error that makes it malformed;
    /// `nil` at the end of the input. A failure to read ends the stream
    /// after it is returned.
    package func next() -> Result<Document, LoadError>? {
        switch next(skimming: { _ in false }) {
        case .record(let record): record
        case .skimmed, nil: nil
        }
    }

    /// What ``next(skimming:)`` did with the next record.
    package enum Item {
        /// The record was one whole line that the caller's `skim` took.
        case skimmed
        /// A document, or the error that makes the record malformed.
        case record(Result<Document, LoadError>)
    }

    /// Like ``next()``, but a record that starts a line is first offered,
    /// as the rest of that line, to `skim` (which answers without a
    /// document: ``JSONKeyPathSkimmer``). `true`, which `skim` may return
    /// only for a line of exactly one valid JSON value, consumes the line
    /// as ``Item/skimmed``; otherwise the record is parsed as by ``next()``.
    package func next(skimming skim: (UnsafeBufferPointer<UInt8>) -> Bool) -> Item? {
        do {
            return try nextRecord(skim)
        } catch {
            input.finish()
            chunks.bytes = []
            cursor = 0
            return .record(.failure(error))
        }
    }

    private func nextRecord(_ skim: (UnsafeBufferPointer<UInt8>) -> Bool) throws(LoadError) -> Item? {
        cutOffRecord = nil
        if atInputStart {
            atInputStart = false
            while chunks.bytes.count < 3, try chunks.refill() {}
            if chunks.bytes.starts(with: InputDecoding.byteOrderMarkUTF8) {
                cursor = 3
                chunks.mark.offset = 3
            }
        }
        guard try chunks.skipWhiteSpace() else { return nil }

        // JSON Lines: the line at the cursor, when it is one value. A line
        // that is not is tried once: the records cut out of it are found by
        // their boundaries, so a long broken line costs linear time.
        if let end = brokenLineEnd, chunks.mark.offset >= end { brokenLineEnd = nil }
        if brokenLineEnd == nil {
            let line = try chunks.restOfLine()
            let skimmed = chunks.bytes.withUnsafeBufferPointer { skim(UnsafeBufferPointer(rebasing: $0[line])) }
            if let item = skimmed ? .skimmed : (try? parseStrictly(line)).map({ Item.record(.success($0)) }) {
                chunks.consume(line: line)
                return item
            }
            brokenLineEnd = chunks.mark.offset + line.count

            // The whole rest of the input as one value (a single document):
            // parsed in place, with no scan for its end; tried once.
            if !triedWholeInput, cursor == 0, input.isAtEnd {
                triedWholeInput = true
                if let document = try? parser.parse(chunks.bytes) {
                    chunks.consume(upTo: chunks.bytes.count)
                    return .record(.success(document))
                }
            }
        }

        // Anything else: find the record's end, then parse it strictly.
        let (recordEnd, runsToEnd) = try endOfRecord()
        let start = chunks.mark.location
        let result: Result<Document, LoadError>
        do {
            result = .success(try parseStrictly(cursor..<recordEnd))
        } catch {
            var moved = error
            moved.location = error.location?.placed(at: start)
            result = .failure(moved)
            if runsToEnd { cutOffRecord = start }
        }
        chunks.consume(upTo: recordEnd)
        return .record(result)
    }

    /// The offset just past the record at the cursor, and whether the input
    /// ended inside it before any mistake. See "How a record is found" above.
    private func endOfRecord() throws(LoadError) -> (end: Int, runsToEnd: Bool) {
        var sink = ValidatingSink()
        var state = ScanState(root: ())
        defer { state.release() }
        var from = cursor
        while true {
            // Never final: a record that the input's end cuts short is the
            // strict parse's to report.
            let scanned = chunks.bytes.withUnsafeBufferPointer { bytes in
                Result { () throws(JSONFailure) in
                    try Scanner(bytes).resume(from: from, state: &state, maxDepth: maxDepth, isFinal: false, into: &sink)
                }
            }
            switch scanned {
            case .success(let end):
                guard state.isSuspended else { return (end, false) }
                from = end - cursor
                guard try chunks.readOn(tokenAt: end) else { return (chunks.bytes.count, true) }
                from += cursor
            case .failure(let failure):
                let offset = failure.offset
                if offset > cursor, offset < chunks.bytes.count, JSONRecovery.beginsValue(chunks.bytes[offset]),
                    JSONRecovery.beginsLine(offset, in: chunks.bytes, after: cursor) == true
                {
                    return (offset, false)
                }
                // Malformed before the input ended: not cut off by the end.
                return (try chunks.lineBreak(from: offset, keepsSearched: true) ?? chunks.bytes.count, false)
            }
        }
    }

    /// Cuts the next batch of whole lines, for JSON Lines read on several
    /// cores; `nil` at the end. Another reader parses it, with the returned
    /// byte offset at line 1, column 1 as its origin; the caller moves its
    /// locations to the batch's line (``SourceLocation/counted(from:)``)
    /// once the batches before are counted. This reader counts no lines
    /// here: ``location`` keeps the right byte offset only.
    ///
    /// A batch is what was read (at least `size` bytes, unless the input
    /// ends first) up to its last line feed, or the first after it when one
    /// line is longer; so each byte is copied once. A record that spans
    /// lines may be cut: the batch's reader reports it (``cutOffRecord``),
    /// and the caller reads it again with the next batch's bytes after it.
    package func nextBatch(size: Int) throws(LoadError) -> (bytes: [UInt8], byteOffset: Int)? {
        while chunks.bytes.count - cursor < size, try chunks.refill() {}
        guard cursor < chunks.bytes.count else { return nil }
        var end = chunks.bytes.count
        if !input.isAtEnd {
            if let newline = chunks.bytes[cursor...].lastIndex(of: 0x0A) {
                end = newline + 1
            } else {
                end = try chunks.lineFeed(from: chunks.bytes.count).map { $0 + 1 } ?? chunks.bytes.count
            }
        }
        let byteOffset = chunks.mark.offset
        let batch = chunks.take(upTo: end, reusing: &spare)
        return (batch, byteOffset)
    }

    /// ``FileLineBatches`` of the input, when it is a regular file not read
    /// from yet; `nil` otherwise (``nextBatch(size:)`` cuts them then).
    package func fileBatches(size: Int) -> FileLineBatches? {
        guard chunks.mark.offset == 0, chunks.bytes.isEmpty else { return nil }
        return FileLineBatches(input, size: size)
    }

    /// Where reading stands: the end of the last record returned and the
    /// white space after it.
    package var location: SourceLocation { chunks.mark.location }

    /// Hands back a batch's bytes, as ``FileLineBatches/recycle(_:)`` does.
    package func recycle(_ bytes: consuming [UInt8]) {
        spare = bytes
    }

    /// The document in `range`; from the buffer's start to the end of the
    /// input (white space aside) it is the buffer itself, no copy.
    private func parseStrictly(_ range: Range<Int>) throws(LoadError) -> Document {
        if range.lowerBound == 0, input.isAtEnd, chunks.bytes[range.upperBound...].allSatisfy(XMLWhitespace.contains) {
            return try parser.parse(chunks.bytes)
        }
        return try parser.parse(chunks.bytes[range])
    }
}
