#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stream of JSON values one record at a time: the engine behind
/// ``DocumentStream``.
///
/// ## How a record is found
///
/// JSON Lines is the common case, so the line at the cursor is tried first:
/// when it parses as one value, it is the record. Otherwise (a record over
/// several lines, several values on one line, or a malformed record) the
/// one scan with a sink that keeps nothing (``ValidatingSink``) says where
/// the record ends, resumed over each read (at least as many bytes as the
/// buffer holds) while the record runs past the bytes at hand. That span is parsed strictly; its errors are moved to the
/// record's place in the whole input.
///
/// A malformed record ends where the scan failed, when the token there
/// begins a line and can begin a value (`{"a":1⏎{"b":2}`: the second record
/// is intact); otherwise at the first line break at or after the failure.
/// So a broken line of JSON Lines costs only itself. It is the rule
/// ``JSONStreamScanner`` resumes by.
///
/// ## Memory
///
/// The buffer holds the bytes from the current record on, read in chunks
/// of ``defaultChunkSize`` (more when one record is longer). Each record is parsed
/// in place by one ``JSONRecordParser`` (so the records share a name table),
/// and its ``Document`` keeps a copy of its own bytes as its text; a record
/// that is the whole rest of the input takes the buffer itself.
package final class RecordReader {
    /// Bytes read at a time, unless a test asks for fewer.
    package static let defaultChunkSize = 1 << 20

    private let chunkSize: Int
    private let input: ChunkedInput
    /// Parses the records; they share its name table.
    private let parser: JSONRecordParser
    /// The nesting limit of the scan that finds where a record ends.
    private let maxDepth: Int
    /// Bytes of the input from the current record on; the cursor indexes it.
    private var buffer: [UInt8] = []
    private var cursor = 0
    /// The input offset at which a line that did not parse as one value
    /// ends, while the cursor is inside it.
    private var brokenLineEnd: Int?
    /// Whether the rest of the input was tried as one value and failed.
    private var triedWholeInput = false
    /// A batch's bytes handed back by ``recycle(_:)``, for the next batch.
    private var spare: [UInt8]?
    private var position: LocationCounter

    /// A reader of `input`. `origin` is where its first byte lies in a larger
    /// input (a batch cut out of a stream), for error locations.
    package init(input: ChunkedInput, options: LoadOptions, origin: SourceLocation? = nil, chunkSize: Int = defaultChunkSize) {
        self.input = input
        self.chunkSize = chunkSize
        self.parser = JSONRecordParser(options: options)
        self.maxDepth = options.maxDepth
        self.position = LocationCounter(origin ?? SourceLocation(byteOffset: 0, line: 1, column: 1))
    }

    /// Where the record ``next()`` returned last starts, when it is malformed
    /// only in that the input ended inside it (a bracket or quote never
    /// closed); `nil` otherwise. A batch cut out of a stream
    /// (``nextBatch(size:)``) whose last record is cut off this way ends
    /// inside a record that goes on in the next batch.
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
    /// as the bytes of the rest of that line, to `skim` (a caller that can
    /// answer it without a document, such as ``JSONKeyPathSkimmer``). When
    /// `skim` returns `true` the line is consumed as a valid record and
    /// ``Item/skimmed`` returned; `skim` must return `true` only for a line
    /// that holds exactly one valid JSON value. Otherwise the record is
    /// parsed as ``next()`` parses it.
    package func next(skimming skim: (UnsafeBufferPointer<UInt8>) -> Bool) -> Item? {
        do {
            return try nextRecord(skim)
        } catch {
            input.finish()
            buffer = []
            cursor = 0
            return .record(.failure(error))
        }
    }

    private func nextRecord(_ skim: (UnsafeBufferPointer<UInt8>) -> Bool) throws(LoadError) -> Item? {
        cutOffRecord = nil
        try skipWhiteSpace()
        guard cursor < buffer.count else { return nil }

        // JSON Lines: the line at the cursor, when it is one value. A line
        // that is not is tried once: the records cut out of it are found by
        // their boundaries, so a long broken line costs linear time.
        if let end = brokenLineEnd, position.offset >= end { brokenLineEnd = nil }
        if brokenLineEnd == nil {
            let lineEnd = try endOfLine()
            let lineLength = lineEnd - cursor
            let skimmed = buffer.withUnsafeBufferPointer { skim(UnsafeBufferPointer(rebasing: $0[cursor..<lineEnd])) }
            if skimmed {
                consume(lineLength, endsLine: lineEnd < buffer.count)
                return .skimmed
            }
            if let document = parseQuietly(cursor..<lineEnd) {
                consume(lineLength, endsLine: lineEnd < buffer.count)
                return .record(.success(document))
            }
            brokenLineEnd = position.offset + lineLength

            // The whole rest of the input as one value (a single document):
            // parsed in place, with no scan for its end; tried once.
            if !triedWholeInput, cursor == 0, input.isAtEnd {
                triedWholeInput = true
                if let document = try? parser.parse(buffer) {
                    consume(buffer.count, endsLine: false)
                    return .record(.success(document))
                }
            }
        }

        // Anything else: find the record's end, then parse it strictly.
        let (recordEnd, runsToEnd) = try endOfRecord()
        let start = position.location
        let result = parse(cursor..<recordEnd)
        if runsToEnd, case .failure = result { cutOffRecord = start }
        consume(recordEnd - cursor, endsLine: false)
        return .record(result)
    }

    // MARK: Where a record ends

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
            let scanned = buffer.withUnsafeBufferPointer { bytes in
                Result { () throws(JSONFailure) in
                    try Scanner(bytes).resume(from: from, state: &state, maxDepth: maxDepth, isFinal: false, into: &sink)
                }
            }
            switch scanned {
            case .success(let end):
                guard state.isSuspended else { return (end, false) }
                // Read on from where the scan stopped; the refill drops the
                // bytes before the cursor.
                from = end - cursor
                guard try refill() else { return (buffer.count, true) }
                from += cursor
            case .failure(let failure):
                return try endOfMalformedRecord(failingAt: failure.offset)
            }
        }
    }

    /// Where a record whose scan failed at `offset` ends: at `offset` when
    /// the token there begins a line and can begin a value; otherwise at
    /// the first line break (CR or LF) at or after it, or the input's end.
    private func endOfMalformedRecord(failingAt offset: Int) throws(LoadError) -> (end: Int, runsToEnd: Bool) {
        if offset > cursor, offset < buffer.count, JSONRecovery.beginsValue(buffer[offset]),
            JSONRecovery.beginsLine(offset, in: buffer, after: cursor) == true
        {
            return (offset, false)
        }
        var from = offset - cursor
        while true {
            if let lineBreak = buffer[(cursor + from)...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                return (lineBreak, false)
            }
            from = buffer.count - cursor
            // Malformed before the input ended: not cut off by the end.
            guard try refill() else { return (buffer.count, false) }
        }
    }

    /// Cuts the next batch of whole lines for another reader to parse: a
    /// ``RecordReader`` over the bytes, whose origin is the returned byte
    /// offset at line 1, column 1 (a batch starts a line). That reader
    /// counts the batch's lines while it parses; the caller moves its
    /// locations to the batch's line in the whole input
    /// (``SourceLocation/counted(from:)``) once the batches before it are
    /// counted. For JSON Lines read on several cores. `nil` at the end.
    ///
    /// A batch is what was read (at least `size` bytes, unless the input
    /// ends first) up to its last line break, or up to the first line
    /// break after it when one line is longer; so what stays for the next
    /// batch is part of one line, and each byte read is copied once. A
    /// line break may lie inside a record that spans lines: the batch's
    /// reader then reports that record as cut off (``cutOffRecord``), and
    /// the caller reads it again from its start with the next batch's
    /// bytes after it.
    ///
    /// The reader counts no lines here: after a batch, ``location`` has
    /// the right byte offset only.
    package func nextBatch(size: Int) throws(LoadError) -> (bytes: [UInt8], byteOffset: Int)? {
        while buffer.count - cursor < size, try refill() {}
        guard cursor < buffer.count else { return nil }
        var end = buffer.count
        if !input.isAtEnd {
            if let newline = Self.lastLineFeed(in: buffer, cursor..<buffer.count) {
                end = newline + 1
            } else {
                var from = buffer.count
                while true {
                    if let newline = Self.firstLineFeed(in: buffer, from: from) { end = newline + 1; break }
                    let seen = buffer.count - cursor
                    guard try refill() else { end = buffer.count; break }
                    from = cursor + seen
                }
            }
        }
        let byteOffset = position.offset
        let batch = take(upTo: end)
        position.offset += batch.count
        return (batch, byteOffset)
    }

    /// Batches of whole lines that tasks on several cores read for
    /// themselves, when the input is a regular file and nothing has been
    /// read from it yet (see ``FileLineBatches``); `nil` otherwise, and
    /// then ``nextBatch(size:)`` cuts them.
    package func fileBatches(size: Int) -> FileLineBatches? {
        guard position.offset == 0, buffer.isEmpty else { return nil }
        return FileLineBatches(input, size: size)
    }

    /// Where reading stands: the end of the last record returned and the
    /// white space after it.
    package var location: SourceLocation { position.location }

    /// The bytes from the cursor to `end`, moving the cursor there. When
    /// the cursor is at the buffer's start (as after a refill) they are the
    /// buffer itself, and only the bytes after `end` (usually part of a
    /// line) are copied into a new buffer; otherwise a copy.
    private func take(upTo end: Int) -> [UInt8] {
        guard cursor == 0 else {
            defer { cursor = end }
            return Array(buffer[cursor..<end])
        }
        // Room for the bytes after `end` and two whole chunks, so the next
        // refills do not grow it. Rounded up to whole chunks, so a recycled
        // batch (which had the same room) always has it: growing would move
        // the bytes to fresh pages, which the kernel must fault in.
        var taken = spare ?? []
        spare = nil
        taken.removeAll(keepingCapacity: true)
        let room = 2 * chunkSize + (buffer.count - end)
        taken.reserveCapacity((room + chunkSize - 1) / chunkSize * chunkSize)
        taken.append(contentsOf: buffer[end...])
        swap(&taken, &buffer)
        taken.removeSubrange(end...)
        return taken
    }

    /// Hands back the bytes of a batch from ``nextBatch(size:)`` that the
    /// caller is done with, so the next batch reuses their memory instead
    /// of a fresh allocation (whose pages the kernel must fault in). When
    /// someone else still shares them, copy-on-write leaves theirs intact.
    package func recycle(_ bytes: consuming [UInt8]) {
        spare = bytes
    }

    // MARK: Parsing

    /// The document in `range`, or `nil` when it is not exactly one value.
    private func parseQuietly(_ range: Range<Int>) -> Document? {
        try? parseStrictly(range)
    }

    /// The document in `range`, or its error placed in the whole input.
    private func parse(_ range: Range<Int>) -> Result<Document, LoadError> {
        do {
            return .success(try parseStrictly(range))
        } catch {
            return .failure(relocated(error))
        }
    }

    private func parseStrictly(_ range: Range<Int>) throws(LoadError) -> Document {
        // The rest of the input in one piece: parse the buffer itself, no copy.
        if range.lowerBound == 0, input.isAtEnd, Self.onlyWhiteSpace(buffer, from: range.upperBound) {
            return try parser.parse(buffer)
        }
        return try parser.parse(buffer[range])
    }

    /// `error`, located in a record that starts at the cursor, moved to the
    /// same place in the whole input.
    private func relocated(_ error: LoadError) -> LoadError {
        var moved = error
        moved.location = error.location?.placed(at: position.location)
        return moved
    }

    // MARK: The buffer

    /// Skips white space (and a UTF-8 byte order mark at the very start),
    /// reading more as needed.
    private func skipWhiteSpace() throws(LoadError) {
        while true {
            if position.offset == 0, cursor == 0, buffer.count < 3, !input.isAtEnd {
                _ = try refill()
                continue
            }
            if position.offset == 0, cursor == 0, buffer.starts(with: InputDecoding.byteOrderMarkUTF8) {
                cursor = 3
                position.offset = 3
            }
            var i = cursor
            while i < buffer.count, XMLWhitespace.contains(buffer[i]) { i += 1 }
            consume(i - cursor, endsLine: false)
            if cursor < buffer.count { return }
            guard try refill() else { return }
        }
    }

    /// The offset of the line feed that ends the line at the cursor (reading
    /// on until one arrives), or the end of the input.
    private func endOfLine() throws(LoadError) -> Int {
        var from = cursor
        while true {
            if let newline = Self.firstLineFeed(in: buffer, from: from) { return newline }
            let seen = buffer.count - cursor
            guard try refill() else { return buffer.count }
            from = cursor + seen
        }
    }

    /// Reads another chunk after the bytes at hand, first dropping the
    /// records already read. Returns `false` at the end of the input.
    /// Moves the cursor to the start of the buffer.
    private func refill() throws(LoadError) -> Bool {
        if input.isAtEnd { return false }
        if cursor > 0 {
            buffer.removeFirst(cursor)
            cursor = 0
        }
        // At least as much as is held, so a long record is read in linear time.
        let limit = max(chunkSize, buffer.count)
        return try input.read(into: &buffer, limit: limit) > 0
    }

    /// Moves the cursor `count` bytes on, keeping the line and column.
    private func consume(_ count: Int, endsLine: Bool) {
        if endsLine {
            position.offset += count + 1
            position.line += 1
            position.column = 1
            position.afterCarriageReturn = false
            cursor += count + 1
            return
        }
        buffer.withUnsafeBufferPointer { bytes in
            position.advance(over: UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + count)]))
        }
        cursor += count
    }

    /// The offset of the first line feed in `bytes` from `start` on (memchr:
    /// the generic search costs several times more per byte).
    static func firstLineFeed(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else {
                return nil
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The offset of the last line feed in `bytes[range]` (usually less
    /// than a line from its end).
    private static func lastLineFeed(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var i = range.upperBound
            while i > range.lowerBound {
                i -= 1
                if buffer[i] == 0x0A { return i }
            }
            return nil
        }
    }

    private static func onlyWhiteSpace(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes[start...].allSatisfy(XMLWhitespace.contains)
    }
}
