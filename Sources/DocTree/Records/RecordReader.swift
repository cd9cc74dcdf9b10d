/// Reads a stream of JSON values one record at a time: the engine behind
/// ``DocumentStream`` and docq on JSON Lines.
///
/// The stream's one ``JSONRecordParser`` (one name table) parses each record
/// from its start, more input allowed after it; when the buffer ends inside
/// the value, more is read and the record parsed again (``longRecord``). A
/// malformed record ends by the rule of ``JSONRecovery``; its error is the
/// strict parse of that span, placed in the whole input. A record's
/// ``Document`` keeps a copy of its own bytes (the buffer itself when they
/// are the whole rest of the input).
package final class RecordReader {
    /// Bytes read at a time, unless a test asks for fewer.
    package static let defaultChunkSize = 1 << 20

    /// Bytes from which a record that the buffer cuts waits for as many more
    /// before it is parsed again, so that costs amortised linear time (a read
    /// gives at most 1 MiB, 64 KiB from a pipe); a shorter one waits for one
    /// read, so a pipe's records come out as they arrive.
    static let longRecord = 1 << 16

    /// The input from the current record (`start`, the cursor) on; its
    /// mark stays at the cursor.
    private var chunks: ChunkBuffer
    private let parser: JSONRecordParser
    /// Whether comments may come between records (``LoadOptions/readsJSONWithComments``).
    private let comments: Bool
    /// The input offset where the cursor's line ends, once it turned out to
    /// hold several records: they are not offered to `skim`, nor the line
    /// searched again (a long line of many values costs linear time).
    private var sharedLineEnd: Int?
    /// A batch's bytes handed back by ``recycle(_:)``, for the next batch.
    private var spare: [UInt8]?
    /// Whether a byte order mark may still come (at the input's start); a flag, as reading
    /// `chunks.mark` instead is a dynamic exclusivity check per record (jsonl-keypath +2.5%).
    private var atInputStart: Bool

    /// A reader of `input`. `origin` is where its first byte lies in a larger
    /// input (a batch cut out of a stream), for error locations.
    package init(
        input: ChunkedInput, options: LoadOptions, origin: SourceLocation? = nil, chunkSize: Int = defaultChunkSize
    ) {
        self.chunks = ChunkBuffer(
            input, chunkSize: chunkSize, origin: origin ?? SourceLocation(byteOffset: 0, line: 1, column: 1))
        self.parser = JSONRecordParser(options: options)
        self.comments = options.readsJSONWithComments
        self.atInputStart = (origin?.byteOffset ?? 0) == 0
    }

    /// Where the record ``next()`` returned last starts, when it is malformed only in that
    /// the input ended inside it, as a batch's last record may be (``nextBatch(size:)``).
    package private(set) var cutOffRecord: SourceLocation?

    /// Where the value of the record ``next()`` returned last lies in the
    /// input (byte offsets; for a malformed record, the bytes its error
    /// covers), for editors that rewrite a stream record by record and copy
    /// what lies between the records as it is.
    package private(set) var lastValue: Range<Int> = 0..<0

    /// Whether each record is read with its spans (``lastSpans``), for
    /// editors that rewrite a stream record by record.
    package var recordsSpans = false

    /// Where each value and key of the record ``next()`` returned last
    /// stands in its document's text, when ``recordsSpans`` (else empty).
    package private(set) var lastSpans = NodeSpans()

    /// Bytes of the input consumed so far (read, not necessarily parsed).
    package var bytesRead: Int { chunks.input.bytesRead }

    /// The next record: a document, or the error that makes it malformed; `nil` at the end
    /// of the input. A failure to read ends the stream after it is returned.
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

    /// Like ``next()``, but a record that starts a line is first offered, as the rest of that
    /// line, to `skim` (``JSONKeyPathSkimmer``). `true`, which `skim` may return only for a
    /// line of exactly one valid JSON value, consumes the line as ``Item/skimmed``.
    package func next(skimming skim: (UnsafeBufferPointer<UInt8>) -> Bool) -> Item? {
        do {
            return try nextRecord(skim)
        } catch {
            chunks.input.finish()
            chunks.bytes = []
            chunks.start = 0
            return .record(.failure(error))
        }
    }

    private func nextRecord(_ skim: (UnsafeBufferPointer<UInt8>) -> Bool) throws(LoadError) -> Item? {
        cutOffRecord = nil
        if atInputStart {
            atInputStart = false
            while chunks.bytes.count < 3, try chunks.refill() {}
            if case let mark = InputHead.byteOrderMarkLength(chunks.bytes), mark > 0 {
                chunks.start = mark
                chunks.mark.offset = mark
            }
        }
        // White space first, inline: deciding on `comments` before it splits
        // the buffer's exclusive accesses (jsonl-keypath on 90-byte records +3%).
        guard try chunks.skipWhiteSpace() else { return nil }
        if comments, chunks.bytes[chunks.start] == UInt8(ascii: "/") {
            guard try skipToCommentedRecord() else { return nil }
        }
        if let end = sharedLineEnd, chunks.mark.offset >= end { sharedLineEnd = nil }

        // The rest of the line, offered to `skim`; its length sizes the tree.
        var lineEnd: Int?
        if sharedLineEnd == nil {
            let end = try chunks.lineFeed(from: chunks.start) ?? chunks.bytes.count
            if chunks.bytes.withUnsafeBufferPointer({ skim(UnsafeBufferPointer(rebasing: $0[chunks.start..<end])) }) {
                chunks.consumeLine(endingAt: end)
                return .skimmed
            }
            lineEnd = chunks.base + end
        }
        let estimate = lineEnd.map { JSONRecordParser.estimatedNodes($0 - chunks.base - chunks.start) } ?? 0
        let (record, valueEnd, end) = try readRecord(estimatedNodes: estimate)
        lastValue = (chunks.base + chunks.start)..<(chunks.base + valueEnd)

        // JSON Lines moves one line on, uncounted, past a record that fills its line.
        if let lineEnd {
            if chunks.base + valueEnd <= lineEnd, chunks.base + end > lineEnd {
                chunks.consumeLine(endingAt: lineEnd - chunks.base)
                return .record(record)
            }
            if chunks.base + end < lineEnd { sharedLineEnd = lineEnd }
        }
        chunks.consume(upTo: end)
        return .record(record)
    }

    /// Moves the cursor over the white space and comments (JSON with
    /// comments) before the next record (or after the last); `false` when
    /// the input ends first. An unterminated comment is left for the
    /// record's parse to report.
    private func skipToCommentedRecord() throws(LoadError) -> Bool {
        while true {
            guard try chunks.skipWhiteSpace() else { return false }
            guard chunks.bytes[chunks.start] == UInt8(ascii: "/") else { return true }
            switch chunks.commentsEnd(from: chunks.start) {
            case .success(let end) where end > chunks.start: chunks.consume(upTo: end)
            case .success, .failure: return true
            case nil: _ = try chunks.readOn(tokenAt: chunks.start)
            }
        }
    }

    /// The record at the cursor, and the buffer indices just past its value
    /// and past the white space after it (both where a malformed one ends).
    private func readRecord(estimatedNodes: Int) throws(LoadError) -> (Result<Document, LoadError>, Int, Int) {
        let start = chunks.mark.location
        lastSpans = NodeSpans()
        while true {
            let from = chunks.start
            // A value that ends the buffer is whole: its line was read first,
            // and a number (the one value more bytes could lengthen) is on one.
            let (read, mayGoOn) = chunks.bytes.withUnsafeBufferPointer { buffer in
                let bytes = UnsafeBufferPointer(rebasing: buffer[from...])
                func text(valueEnd: Int, end: Int) -> [UInt8] {
                    let isRest = from == 0 && end == bytes.count && chunks.input.isAtEnd
                    return isRest ? chunks.bytes : Array(bytes[..<valueEnd])
                }
                do throws(JSONFailure) {
                    let record: (document: Document, valueEnd: Int, end: Int)
                    if recordsSpans {
                        let (document, valueEnd, end, spans) = try parser.readRecord(
                            bytes, estimatedNodes: estimatedNodes, spans: SpanTable(estimatedNodes: estimatedNodes), text: text)
                        // Consumed, or finishing it copies its entries.
                        lastSpans = (consume spans).finished(for: document)
                        record = (document, valueEnd, end)
                    } else {
                        let read = try parser.readRecord(bytes, estimatedNodes: estimatedNodes, spans: NoSpans(), text: text)
                        record = (read.document, read.valueEnd, read.end)
                    }
                    return (Result<_, JSONFailure>.success(record), false)
                } catch {
                    return (.failure(error), Scanner(bytes).mayGoOn(error))
                }
            }
            let failure: JSONFailure
            switch read {
            case .success(let record): return (.success(record.document), from + record.valueEnd, from + record.end)
            case .failure(let error): failure = error
            }
            if mayGoOn, !chunks.input.isAtEnd {
                let held = chunks.bytes.count - from
                _ = try chunks.readOn(tokenAt: from + failure.offset)
                while held >= Self.longRecord, chunks.bytes.count - chunks.start < 2 * held, try chunks.refill() {}
                continue
            }
            var (recordEnd, cutOff) = (chunks.bytes.count, false)
            // The strict parse of the record alone says what is wrong, as a one-shot load would.
            var readOn: Int?
            switch failure.mistake {
            case .tooManyNodes: recordEnd = from + failure.offset
            case _ where mayGoOn: cutOff = true
            case _ where beginsNextValue(from + failure.offset):
                // Cut where a line begins the next value: the parse reads on to that line's end
                // (as held), so that its error names what is there and quotes the line.
                recordEnd = from + failure.offset
                let before = chunks.start
                let lineEnd = try chunks.lineBreak(from: recordEnd, keepsSearched: true) ?? chunks.bytes.count
                // Reading on drops the bytes before the record: indices move back by as many.
                recordEnd -= before - chunks.start
                readOn = lineEnd
            default: recordEnd = try end(ofRecordFailingAt: from + failure.offset)
            }
            let parsedEnd = readOn ?? recordEnd
            do {
                return (.success(try parser.parse(chunks.bytes[chunks.start..<parsedEnd])), recordEnd, recordEnd)
            } catch {
                var moved = error
                moved.location = error.location?.placed(at: start)
                if cutOff { cutOffRecord = start }
                return (.failure(moved), recordEnd, recordEnd)
            }
        }
    }

    /// Where a malformed record failing at buffer index `offset` ends, by the rule of ``JSONRecovery``.
    private func end(ofRecordFailingAt offset: Int) throws(LoadError) -> Int {
        if beginsNextValue(offset) { return offset }
        return try chunks.lineBreak(from: offset, keepsSearched: true) ?? chunks.bytes.count
    }

    /// Whether a record failing at buffer index `offset` fails where a line
    /// begins a value (the next record, by the rule of ``JSONRecovery``).
    private func beginsNextValue(_ offset: Int) -> Bool {
        offset > chunks.start && offset < chunks.bytes.count && JSONRecovery.beginsValue(chunks.bytes[offset])
            && JSONRecovery.beginsLine(offset, in: chunks.bytes, after: chunks.start) == true
    }

    /// Cuts the next batch of whole lines, for JSON Lines read on several cores; `nil` at the
    /// end. A batch is what was read (at least `size` bytes, unless the input ends first) up
    /// to its last *cut*, as ``FileLineBatches`` cuts a file: a line feed before a line that
    /// starts a value, so that values printed over many lines (`jq .`) are not cut in two.
    /// Without one in 16 batches' bytes, it ends at its last line feed (or the first after it,
    /// when one line is longer), so each byte is copied once. It is parsed as
    /// ``FileLineBatches/batch(_:)``'s are. This reader counts no lines here: ``location``
    /// keeps the byte offset only.
    package func nextBatch(size: Int) throws(LoadError) -> (bytes: [UInt8], byteOffset: Int)? {
        while chunks.bytes.count - chunks.start < size, try chunks.refill() {}
        guard chunks.start < chunks.bytes.count else { return nil }
        var searched = chunks.start
        var cut = Self.lastCut(in: chunks.bytes, from: searched)
        while cut == nil, !chunks.input.isAtEnd, chunks.bytes.count - chunks.start < 16 * size {
            // The last line feed searched may be a cut once the byte after it comes.
            searched = max(chunks.start, chunks.bytes.count - 1)
            guard try chunks.readMore(limit: size) > 0 else { break }
            cut = Self.lastCut(in: chunks.bytes, from: searched)
        }
        var end = chunks.bytes.count
        if !chunks.input.isAtEnd {
            if let cut {
                end = cut + 1
            } else {
                var lineFeed = chunks.bytes[chunks.start...].lastIndex(of: 0x0A)
                if lineFeed == nil { lineFeed = try chunks.lineFeed(from: chunks.bytes.count) }
                end = lineFeed.map { $0 + 1 } ?? chunks.bytes.count
            }
        }
        let byteOffset = chunks.mark.offset
        return (chunks.take(upTo: end, reusing: &spare), byteOffset)
    }

    /// The last line feed in `bytes[from...]` before a line that starts a
    /// value (``FileLineBatches/startsValue(_:)``): the byte after it must be there.
    private static func lastCut(in bytes: [UInt8], from: Int) -> Int? {
        var end = bytes.count - 1
        while end > from, let lineFeed = bytes[from..<end].lastIndex(of: 0x0A) {
            if FileLineBatches.startsValue(bytes[lineFeed + 1]) { return lineFeed }
            end = lineFeed
        }
        return nil
    }

    /// ``FileLineBatches`` of the input, when it is a regular file not read
    /// from yet; `nil` otherwise (``nextBatch(size:)`` cuts them then).
    package func fileBatches(size: Int) -> FileLineBatches? {
        guard chunks.mark.offset == 0, chunks.bytes.isEmpty else { return nil }
        return FileLineBatches(chunks.input, size: size)
    }

    /// Where reading stands: past the last record returned and the white space after it.
    package var location: SourceLocation { chunks.mark.location }

    /// Hands back a batch's bytes, as ``FileLineBatches/recycle(_:)`` does.
    package func recycle(_ bytes: consuming [UInt8]) {
        spare = bytes
    }
}
