#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Input read a chunk at a time, for loaders that never hold it whole:
/// from bytes in memory, or from a file descriptor with `read(2)` (a file,
/// a pipe, standard input). A failure to read, other than an interruption,
/// is reported with the system's reason.
package final class ChunkedInput {
    private enum Source {
        /// Bytes in memory, at most `size` a read (tests cut input at every offset with it).
        case slices([UInt8], size: Int, consumed: Int)
        case descriptor(Int32, closesOnEnd: Bool)
        /// A regular file read with `pread(2)` from `offset` on, leaving
        /// the descriptor's own offset alone (``rereading()``).
        case positioned(Int32, offset: Int)
        case finished
    }

    private var source: Source
    /// Bytes handed out before any more is read: in-memory input, and bytes handed back (``unread(_:)``).
    private var pending: [UInt8] = []
    /// A label for error messages: the path, or `(standard input)`.
    package let label: String
    /// Bytes handed out so far.
    package private(set) var bytesRead = 0
    /// A regular file's size, or the bytes in memory; 0 when unknown.
    package let expectedSize: Int
    /// A regular file's descriptor and the offset of the input's first
    /// byte in it, for reads at any offset (``FileLineBatches``).
    package let regularFile: (descriptor: Int32, start: Int)?
    /// In-memory input's bytes and slice size, kept for ``rereading()``.
    private let inMemory: (bytes: [UInt8], sliceSize: Int?)?

    /// Input already in memory, handed out in one piece, or in pieces of at most `sliceSize` bytes.
    package init(bytes: [UInt8], label: String = "(data)", sliceSize: Int? = nil) {
        if let sliceSize {
            self.source = .slices(bytes, size: sliceSize, consumed: 0)
        } else {
            self.source = .finished
            self.pending = bytes
        }
        self.label = label
        self.expectedSize = bytes.count
        self.regularFile = nil
        self.inMemory = (bytes, sliceSize)
    }

    /// Input from an open descriptor, which is closed at the end when
    /// `closesOnEnd` (else it stays open: standard input, a `FileHandle`).
    package init(descriptor: Int32, closesOnEnd: Bool, label: String) {
        self.source = .descriptor(descriptor, closesOnEnd: closesOnEnd)
        self.label = label
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        self.expectedSize = isRegular ? Int(status.st_size) : 0
        let start = isRegular ? lseek(descriptor, 0, SEEK_CUR) : -1
        self.regularFile = start >= 0 ? (descriptor, Int(start)) : nil
        self.inMemory = nil
    }

    /// A regular file's bytes from `offset`, read with `pread(2)`; the
    /// descriptor stays its owner's.
    private init(positioned file: (descriptor: Int32, start: Int), size: Int, label: String) {
        self.source = .positioned(file.descriptor, offset: file.start)
        self.label = label
        self.expectedSize = size
        self.regularFile = file
        self.inMemory = nil
    }

    /// The same input again from its first byte, for a reader that needs a
    /// pass before the one that reads this input (a count that an index
    /// from the end needs); `nil` when it can be read only once (a pipe).
    /// A file's second reading does not move this one's offset, and needs
    /// this input's descriptor open while it reads.
    package func rereading() -> ChunkedInput? {
        if let inMemory { return ChunkedInput(bytes: inMemory.bytes, label: label, sliceSize: inMemory.sliceSize) }
        guard let regularFile else { return nil }
        return ChunkedInput(positioned: regularFile, size: expectedSize, label: label)
    }

    /// Opens the file at `path` for reading.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unreadableSource`` with the
    ///   system's reason ("No such file or directory", "Is a directory").
    package convenience init(path: String) throws(LoadError) {
        switch FileSource.openForReading(path) {
        case .success(let descriptor): self.init(descriptor: descriptor, closesOnEnd: true, label: path)
        case .failure(let error): throw FileSource.unreadable(path, error.value)
        }
    }

    deinit { finish() }

    /// Puts `bytes`, read before, back in front of the rest; with nothing
    /// else pending the array itself is kept, so passing the only
    /// reference (`consume`) hands its memory over.
    package func unread(_ bytes: consuming [UInt8]) {
        bytesRead -= bytes.count
        pending = pending.isEmpty ? bytes : bytes + pending
    }

    /// Whether every byte has been handed out.
    package var isAtEnd: Bool {
        if case .finished = source { return pending.isEmpty }
        return false
    }

    /// Appends up to `limit` more bytes to `buffer` and returns how many; 0
    /// at the end. Pending bytes go all at once, as they are when `buffer` is empty.
    package func read(into buffer: inout [UInt8], limit: Int) throws(LoadError) -> Int {
        if !pending.isEmpty {
            let count = pending.count
            if buffer.isEmpty { swap(&buffer, &pending) } else { buffer.append(contentsOf: pending) }
            pending = []
            bytesRead += count
            return count
        }
        switch source {
        case .finished:
            return 0
        case .slices(let bytes, let size, let consumed):
            let end = min(bytes.count, consumed + min(limit, size))
            buffer.append(contentsOf: bytes[consumed..<end])
            source = end == bytes.count ? .finished : .slices(bytes, size: size, consumed: end)
            bytesRead += end - consumed
            return end - consumed
        case .descriptor(let descriptor, _):
            return try readFile(into: &buffer, limit: limit) { posixRead(descriptor, $0, $1) }
        case .positioned(let descriptor, let offset):
            let got = try readFile(into: &buffer, limit: limit) { pread(descriptor, $0, $1, off_t(offset)) }
            if got > 0 { source = .positioned(descriptor, offset: offset + got) }
            return got
        }
    }

    /// Appends to `buffer` what `read` (`read(2)` or `pread(2)` into the
    /// memory and count given) reads, at most `limit` bytes, retried when
    /// interrupted; 0 at the end, where the input finishes.
    private func readFile(
        into buffer: inout [UInt8], limit: Int, _ read: (UnsafeMutableRawPointer, Int) -> Int
    ) throws(LoadError) -> Int {
        // Via scratch memory: an Array cannot be read into past its count.
        let room = min(limit, Self.scratchSize)
        if scratch == nil { scratch = .allocate(byteCount: Self.scratchSize, alignment: 16) }
        var got = read(scratch!, room)
        while got < 0, errno == EINTR { got = read(scratch!, room) }
        if got <= 0 {
            let failure = errno
            finish()
            if got < 0 { throw FileSource.unreadable(label, failure) }
            return 0
        }
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: scratch, count: got))
        bytesRead += got
        return got
    }

    /// Stops reading, drops what is pending and closes an owned descriptor.
    package func finish() {
        if case .descriptor(let descriptor, true) = source { _ = close(descriptor) }
        source = .finished
        pending = []
        scratch?.deallocate()
        scratch = nil
    }

    /// The most read from a descriptor at a time.
    private static let scratchSize = 1 << 20
    private var scratch: UnsafeMutableRawPointer?
}

/// `read(2)`, named apart from Swift's many `read` methods.
@inline(__always)
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
