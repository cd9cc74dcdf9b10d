#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a regular file cut into batches that tasks on several
/// cores read for themselves (`pread`), so no core reads the whole input
/// first: docq `-P` on a JSON Lines file.
///
/// Batch `k` holds the lines that start in bytes `k × size ..< (k + 1) × size`
/// (a line starts at the input's start or after a line feed); in order the
/// batches make the whole input. Each but the last ends with a line feed;
/// one is empty when a line covers all its bytes; the last reads on to the
/// file's end, in case it grew.
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
    /// A duplicate of the input's descriptor, closed when this is freed.
    private let descriptor: Int32
    /// The file offset of the input's first byte.
    private let start: Int
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
        descriptor = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        start = file.start
        self.size = max(size, 1)
        count = (max(input.expectedSize - file.start, 0) + self.size - 1) / self.size
        label = input.label
    }

    deinit { _ = close(descriptor) }

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
            // The line that holds byte `low - 1` belongs to the batch before;
            // when it goes on past `high - 1`, so do all this batch's bytes.
            guard let lineFeed = try firstLineFeed(in: (low - 1)..<(high - 1)) else { return ([], high) }
            begin = lineFeed + 1
        }
        let isLast = index == count - 1
        var bytes = lock.withLock { spares.popLast() } ?? []
        var wanted = high - begin + Self.overlap
        var atEnd = try read(from: begin, count: wanted, into: &bytes, at: 0) < wanted
        var searched = high - 1 - begin
        while true {
            if !isLast, let lineFeed = ChunkBuffer.firstLineFeed(in: bytes, from: searched) {
                bytes.removeSubrange((lineFeed + 1)...)
                return (bytes, begin)
            }
            if atEnd { return (bytes, begin) }
            // A last line longer than the overlap, or the last batch: read on.
            searched = bytes.count
            wanted = max(bytes.count, Self.overlap)
            atEnd = try read(from: begin + bytes.count, count: wanted, into: &bytes, at: bytes.count) < wanted
        }
    }

    /// The input offset of the first line feed in `range`, or `nil`.
    private func firstLineFeed(in range: Range<Int>) throws(LoadError) -> Int? {
        var offset = range.lowerBound
        var probe = 4096
        var bytes: [UInt8] = []
        while offset < range.upperBound {
            let wanted = min(probe, range.upperBound - offset)
            let got = try read(from: offset, count: wanted, into: &bytes, at: 0)
            if let lineFeed = ChunkBuffer.firstLineFeed(in: bytes, from: 0) { return offset + lineFeed }
            if got < wanted { return nil }
            offset += wanted
            probe = min(4 * probe, 1 << 20)
        }
        return nil
    }

    /// Reads up to `count` bytes of the input from `offset` into `bytes` from index `at` on
    /// (only bytes past its count are zeroed first); returns how many, and `bytes` ends after them.
    private func read(
        from offset: Int, count: Int, into bytes: inout [UInt8], at index: Int
    ) throws(LoadError) -> Int {
        bytes.append(contentsOf: repeatElement(0, count: max(index + count - bytes.count, 0)))
        var failure: Int32 = 0
        let got = bytes.withUnsafeMutableBufferPointer { buffer in
            FileSource.readFully(
                descriptor, into: UnsafeMutableBufferPointer(rebasing: buffer[index..<(index + count)]),
                offset: start + offset, failure: &failure)
        }
        bytes.removeSubrange((index + got)...)
        if failure != 0 { throw FileSource.unreadable(label, failure) }
        return got
    }
}
