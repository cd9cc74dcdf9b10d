#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens and reads files with POSIX calls, so a failure reports the
/// system's reason ("No such file or directory", "Permission denied").
package enum FileSource {
    /// An `errno` value, as an error.
    package struct SystemError: Error {
        package var value: Int32
    }

    /// Opens `path` for reading: a descriptor, or the `errno` of the
    /// failure (`EISDIR` for a directory, which `open` itself accepts).
    package static func openForReading(_ path: String) -> Result<Int32, SystemError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(value: errno)) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            _ = close(descriptor)
            return .failure(SystemError(value: EISDIR))
        }
        return .success(descriptor)
    }

    /// The bytes of the file at `url`.
    package static func bytes(of url: URL) throws(LoadError) -> [UInt8] {
        let path = url.path
        let descriptor: Int32
        switch openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw unreadable(path, error.value)
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        do {
            return try readAll(descriptor, sizeHint: max(Int(status.st_size), 0))
        } catch {
            throw unreadable(path, error.value)
        }
    }

    /// Reads `descriptor` to its end, into memory reserved once from
    /// `sizeHint`; the size is a hint: a file that grew, or a pipe or device
    /// whose size reads 0, is read on to its end. `progress` is told the
    /// count read so far after each read.
    package static func readAll(
        _ descriptor: Int32, sizeHint: Int, progress: ((Int) -> Void)? = nil
    ) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        // One byte more than the size, so the read that finds the end needs no room of its own.
        bytes.reserveCapacity(sizeHint + 1)
        while true {
            // At most 1 MiB a read, so the bar moves.
            let next = room(in: bytes, upTo: readSize, expected: sizeHint, read: bytes.count)
            guard try append(from: descriptor, upTo: next, to: &bytes) > 0 else { return bytes }
            progress?(bytes.count)
        }
    }

    /// The most one read asks for when reading on to the end.
    package static let readSize = 1 << 20

    /// How much the next read into `bytes` asks for, at most `limit`: only
    /// the spare capacity when the rest of an input of `expected` bytes (0:
    /// not known), `read` of them read already, fits there, so that its
    /// last read, and the one that finds its end, do not grow the array
    /// (which would double memory reserved for a whole file).
    package static func room(in bytes: [UInt8], upTo limit: Int, expected: Int, read: Int) -> Int {
        let spare = bytes.capacity - bytes.count
        return spare > 0 && spare < limit && expected > 0 && expected - read < spare ? spare : limit
    }

    /// Reads from `descriptor` straight into the spare capacity of
    /// `bytes`, after its last byte: at most `limit` bytes, in one read, or
    /// with `fully` until `limit` or the end. With an `offset`, reads from
    /// that file offset (`pread`, leaving the descriptor's position alone),
    /// else from its position. Interrupted reads are retried; the capacity
    /// grows (by doubling) when less than `limit` is spare. Returns the
    /// count appended, 0 at the end.
    ///
    /// - Throws: the failure's `errno`; with `fully`, what was read before
    ///   it stays appended.
    @discardableResult
    package static func append(
        from descriptor: Int32, at offset: Int? = nil, upTo limit: Int, fully: Bool = false, to bytes: inout [UInt8]
    ) throws(SystemError) -> Int {
        guard limit > 0 else { return 0 }
        if bytes.capacity - bytes.count < limit { bytes.reserveCapacity(max(bytes.count + limit, 2 * bytes.capacity)) }
        var failure: Int32 = 0
        let before = bytes.count
        withUnsafeMutablePointer(to: &failure) { failure in
            bytes.append(contentsOf: SpareCapacityRead(
                descriptor: descriptor, offset: offset, limit: limit, fully: fully, failure: failure))
        }
        if failure != 0 { throw SystemError(value: failure) }
        return bytes.count - before
    }

    /// Reads until `buffer` is full, or the file ends, or (unless `fully`) after
    /// the first read that gets bytes; returns the count read. With an
    /// `offset`, reads from that file offset, else from the current
    /// position. A failure other than an interruption is left in `failure`.
    private static func fill(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32, offset: Int?, fully: Bool, failure: inout Int32
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let result = offset.map { pread(descriptor, base + filled, buffer.count - filled, off_t($0 + filled)) }
                ?? read(descriptor, base + filled, buffer.count - filled)
            if result > 0 {
                filled += result
                if !fully { break }
            } else if result == 0 {
                break
            } else if errno != EINTR {
                failure = errno
                break
            }
        }
        return filled
    }

    /// A read from a descriptor, as a sequence that `Array.append(contentsOf:)`
    /// hands its spare capacity to fill (`_copyContents(initializing:)`): the
    /// bytes go from the system straight into the array, with no copy and
    /// no zeroing first. It claims no count in advance, so a short read is no error.
    private struct SpareCapacityRead: Sequence {
        let descriptor: Int32
        let offset: Int?
        let limit: Int
        let fully: Bool
        /// Where a failure's `errno` goes.
        let failure: UnsafeMutablePointer<Int32>

        var underestimatedCount: Int { 0 }

        func makeIterator() -> EmptyCollection<UInt8>.Iterator { EmptyCollection().makeIterator() }

        func _copyContents(
            initializing buffer: UnsafeMutableBufferPointer<UInt8>
        ) -> (EmptyCollection<UInt8>.Iterator, Int) {
            let room = UnsafeMutableBufferPointer(rebasing: buffer.prefix(limit))
            return (makeIterator(), FileSource.fill(room, from: descriptor, offset: offset, fully: fully, failure: &failure.pointee))
        }
    }

    /// The error for a failure to read `label`, with the system's reason.
    package static func unreadable(_ label: String, _ code: Int32) -> LoadError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return LoadError(.unreadableSource, "cannot read '\(label)': \(reason)")
    }
}
