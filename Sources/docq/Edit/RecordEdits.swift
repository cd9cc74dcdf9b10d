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
struct RecordEdits {
    let edits: [Edit]
    let options: LoadOptions

    /// The most output gathered before it is written.
    private static let outputBlock = 1 << 20

    /// Edits the records of `bytes`, in memory.
    func edit(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        try run(RecordReader(input: ChunkedInput(bytes: bytes), options: options), bytes: { bytes[$0] }) {
            out.append(contentsOf: $0)
        }
        return out
    }

    /// Edits the records of the regular file at `path`, writing the output
    /// to `write` in blocks as it goes.
    func edit(file path: String, write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let window = try FileWindow(path)
        var block: [UInt8] = []
        block.reserveCapacity(Self.outputBlock)
        try run(RecordReader(input: try ChunkedInput(path: path), options: options), bytes: { try window.bytes($0) }) { bytes in
            block.append(contentsOf: bytes)
            if block.count >= Self.outputBlock {
                try block.withUnsafeBytes(write)
                block.removeAll(keepingCapacity: true)
            }
        }
        try block.withUnsafeBytes(write)
    }

    /// Edits each record `reader` cuts; `bytes` gives the input's bytes in
    /// a range (ranges come in the input's order), `append` takes the output.
    private func run(
        _ reader: RecordReader, bytes: (Range<Int>) throws -> ArraySlice<UInt8>, append: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        var firstMiss: QueryError?
        var matched = false
        var copied = 0
        // The reader loads each record for editing (its spans too), in UTF-8;
        // the records' edits are read back with one parser of their own.
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
                matched = true
            } catch let error as QueryError where error.kind == .noMatch {
                if firstMiss == nil { firstMiss = error }
                try append(text)
            }
        }
        try append(try bytes(copied..<reader.bytesRead))
        if !matched, let firstMiss { throw firstMiss }
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
            window = [UInt8](repeating: 0, count: count)
            var got = 0
            while got < count {
                let n = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + got, count - got, off_t(start + got)) }
                if n < 0, errno == EINTR { continue }
                if n < 0 { throw FileSource.unreadable(path, errno) }
                if n == 0 { break }
                got += n
            }
            window.removeLast(count - got)
            guard range.upperBound <= start + window.count else {
                throw LoadError(.unreadableSource, "\(path): the file changed while it was edited")
            }
        }
        return window[(range.lowerBound - start)..<(range.upperBound - start)]
    }
}
