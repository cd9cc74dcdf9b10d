#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a regular file cut into batches that tasks on several
/// cores read for themselves (`pread`), so no core reads the whole input
/// first: docq `-P` on a JSON Lines file. Bytes held in memory (standard
/// input read whole for an edit) are cut the same way.
///
/// Batch `k` holds the lines from the first *cut* (a line feed chosen by
/// ``cut(from:below:)``) at or after byte `k × size - 1` to the first at or
/// after byte `(k + 1) × size - 1`: a line feed before a line that starts a
/// value at its first column, so that values printed over many lines (as
/// `jq .` prints them) are not cut in two. In order the batches make the
/// whole input. Each but the last ends with a line feed; one is empty when
/// no cut lies in its bytes; the last reads on to the file's end, in case
/// it grew.
///
/// A batch (or one of ``RecordReader/nextBatch(size:)``) is parsed by a
/// reader of its own, whose origin is its byte offset at line 1, column 1;
/// the caller moves its locations to the batch's line
/// (``SourceLocation/counted(from:)``). A record over several lines may be
/// cut by a batch's end: the batch's reader reports it
/// (``RecordReader/cutOffRecord``), and the caller reads it again with the
/// next batch's bytes after it.
///
/// `@unchecked Sendable`: its one mutable part, ``spares``, is only touched
/// under its lock.
package final class FileLineBatches: @unchecked Sendable {
    /// Where the batches are read from.
    private enum Source {
        /// A duplicate of the input's descriptor, closed when this is freed,
        /// and the file offset of the input's first byte.
        case file(descriptor: Int32, start: Int)
        /// The input held in memory (standard input, read whole).
        case bytes([UInt8])
    }

    private let source: Source
    /// Bytes of the input per batch.
    package let size: Int
    /// How many batches the file had when they were counted.
    package let count: Int
    private let label: String
    /// Batches' bytes handed back (``recycle(_:)``) for reuse; under `lock`.
    private var spares: [[UInt8]] = []
    private let lock = Lock()
    /// More than a line, read past a batch's bytes to find its last line's end.
    private static let overlap = 1 << 16

    /// Batches of about `size` bytes of `input`; `nil` when it is not a
    /// regular file or has a size of 0 (which may be a size unknown: /proc).
    package init?(_ input: ChunkedInput, size: Int) {
        guard let file = input.regularFile, input.expectedSize > 0 else { return nil }
        let descriptor = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        source = .file(descriptor: descriptor, start: file.start)
        self.size = max(size, 1)
        count = (max(input.expectedSize - file.start, 0) + self.size - 1) / self.size
        label = input.label
    }

    /// Batches of about `size` bytes of `bytes`, an input held in memory
    /// (standard input read whole), cut as a file's are.
    package init(bytes: [UInt8], size: Int, label: String) {
        source = .bytes(bytes)
        self.size = max(size, 1)
        count = (bytes.count + self.size - 1) / self.size
        self.label = label
    }

    deinit {
        if case .file(let descriptor, _) = source { _ = close(descriptor) }
    }

    /// Hands back the bytes of a batch the caller is done with, for a later batch to be read
    /// into instead of fresh memory (whose pages the kernel must fault in).
    package func recycle(_ bytes: consuming [UInt8]) {
        lock.lock()
        spares.append(bytes)
        lock.unlock()
    }

    /// The bytes of batch `index` and the input offset of the first.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unreadableSource`` when the
    ///   file cannot be read.
    package func batch(_ index: Int) throws(LoadError) -> (bytes: [UInt8], byteOffset: Int) {
        let low = index * size
        let high = low + size
        var begin = 0
        if index > 0 {
            // The lines up to the first cut at or after byte `low - 1` belong
            // to the batch before; when it lies past `high - 1`, so do all this batch's bytes.
            guard let cut = try cut(from: low - 1, below: high - 1) else { return ([], high) }
            begin = cut + 1
        }
        var bytes = lock.withLock { spares.popLast() } ?? []
        bytes.removeAll(keepingCapacity: true)
        // The last batch reads on to the file's end, in case it grew.
        if index < count - 1, let cut = try cut(from: high - 1, below: .max) {
            let wanted = cut + 1 - begin
            guard try read(from: begin, count: wanted, into: &bytes, at: 0) == wanted else {
                throw LoadError(.unreadableSource, "\(label): the file changed while it was read")
            }
            return (bytes, begin)
        }
        while try read(from: begin + bytes.count, count: Self.overlap, into: &bytes, at: bytes.count) == Self.overlap {}
        return (bytes, begin)
    }

    /// Where a batch that reaches input offset `from` ends, and the next
    /// begins after: the first *cut* at or after `from`, when it lies
    /// before `limit`; else `nil`, as at the input's end.
    ///
    /// A cut is a line feed that the input's end follows, or a line that
    /// starts a value at its first column: every line of JSON Lines, and the
    /// first of each value printed over many lines (whose inner lines are
    /// indented or close it), so that such values are not cut in two. So
    /// that a value printed over many megabytes still comes in batches, a
    /// block of ``forcedSpacing`` bytes with no such line has its first line
    /// feed as a cut. The cuts are a fixed set of offsets: the batches
    /// either side of a boundary find the same one.
    private func cut(from: Int, below limit: Int) throws(LoadError) -> Int? {
        // The block of the last line feed met: before `from`, its own block's when it has one.
        var lastBlock = try hasLineFeed(from / forcedSpacing * forcedSpacing..<from) ? from / forcedSpacing : -1
        // The first line feed of a block, a cut unless another of its block is one.
        var blockStart: Int?
        var offset = from
        var probe = 4096
        var bytes: [UInt8] = []
        while true {
            if blockStart == nil, offset >= limit { return nil }
            // Up to the limit while no block's first line feed waits for a verdict,
            // and one byte more than the window: the one after its last line feed.
            let window = blockStart == nil ? min(probe, limit - offset) : probe
            let got = try read(from: offset, count: window + 1, into: &bytes, at: 0)
            var next = 0
            while let lineFeed = ChunkBuffer.firstLineFeed(in: bytes, from: next), lineFeed < window {
                let at = offset + lineFeed
                let block = at / forcedSpacing
                if block != lastBlock {
                    // A new block: the one before held no other cut.
                    if let blockStart { return blockStart < limit ? blockStart : nil }
                    if at >= limit { return nil }
                    blockStart = at
                    lastBlock = block
                }
                if lineFeed + 1 == got || Self.startsValue(bytes[lineFeed + 1]) { return at < limit ? at : nil }
                next = lineFeed + 1
            }
            if got <= window { return blockStart.flatMap { $0 < limit ? $0 : nil } }
            offset += window
            probe = min(4 * probe, 1 << 20)
        }
    }

    /// The size of the blocks whose first line feed is a cut when no other
    /// line feed of theirs is (see ``cut(from:below:)``).
    private var forcedSpacing: Int { size * 16 }

    /// Whether the input holds a line feed in `range`, read from its end back.
    private func hasLineFeed(_ range: Range<Int>) throws(LoadError) -> Bool {
        var end = range.upperBound
        var probe = 512
        var bytes: [UInt8] = []
        while end > range.lowerBound {
            let start = max(range.lowerBound, end - probe)
            _ = try read(from: start, count: end - start, into: &bytes, at: 0)
            if bytes.contains(0x0A) { return true }
            end = start
            probe = min(4 * probe, 1 << 20)
        }
        return false
    }

    /// Whether a line that begins with `byte` starts a value at its first
    /// column: not blank, and not what closes or continues one.
    static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"): false
        default: true
        }
    }

    /// Reads up to `count` bytes of the input from `offset` into `bytes` from index `at` on
    /// (at most its count); returns how many, and `bytes` ends after them.
    private func read(
        from offset: Int, count: Int, into bytes: inout [UInt8], at index: Int
    ) throws(LoadError) -> Int {
        let descriptor: Int32
        let start: Int
        switch source {
        case .bytes(let all):
            let end = min(offset + count, all.count)
            bytes.removeSubrange(min(index, bytes.count)...)
            if offset < end { bytes.append(contentsOf: all[offset..<end]) }
            return max(end - offset, 0)
        case .file(let fileDescriptor, let fileStart):
            (descriptor, start) = (fileDescriptor, fileStart)
        }
        bytes.removeSubrange(min(index, bytes.count)...)
        do {
            return try FileSource.append(from: descriptor, at: start + offset, upTo: count, fully: true, to: &bytes)
        } catch {
            throw FileSource.unreadable(label, error.value)
        }
    }
}
