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
            return try readFile(descriptor, at: nil, into: &buffer, limit: limit)
        case .positioned(let descriptor, let offset):
            let got = try readFile(descriptor, at: offset, into: &buffer, limit: limit)
            if got > 0 { source = .positioned(descriptor, offset: offset + got) }
            return got
        }
    }

    /// Appends to `buffer` what one read of `descriptor` gives (at `offset`
    /// with `pread(2)`), at most `limit` bytes and 1 MiB; 0 at the end,
    /// where the input finishes. A buffer reserved for the rest of a regular
    /// file reads it, and its end, in the room it has left.
    private func readFile(_ descriptor: Int32, at offset: Int?, into buffer: inout [UInt8], limit: Int) throws(LoadError) -> Int {
        let room = FileSource.room(in: buffer, upTo: min(limit, FileSource.readSize), expected: expectedSize, read: bytesRead)
        let got: Int
        do {
            got = try FileSource.append(from: descriptor, at: offset, upTo: room, to: &buffer)
        } catch {
            finish()
            throw FileSource.unreadable(label, error.value)
        }
        if got == 0 { finish() }
        bytesRead += got
        return got
    }

    /// Stops reading, drops what is pending and closes an owned descriptor.
    package func finish() {
        if case .descriptor(let descriptor, true) = source { _ = close(descriptor) }
        source = .finished
        pending = []
    }
}
