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
        var failure: Int32 = 0
        let expected = max(Int(status.st_size), 0)
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = readFully(descriptor, into: buffer, failure: &failure)
        }
        // The size is a hint: a file that grew, or a pipe or device whose size
        // reads 0, is read on to its end.
        if failure == 0, bytes.count == expected {
            let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
            defer { chunk.deallocate() }
            while failure == 0 {
                let got = readFully(descriptor, into: chunk, failure: &failure)
                if got == 0 { break }
                bytes.append(contentsOf: chunk[..<got])
            }
        }
        if failure != 0 { throw unreadable(path, failure) }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; returns the count read.
    /// With an `offset`, reads from that file offset (`pread`, leaving the
    /// descriptor's position alone), else from the current position. A
    /// failure other than an interruption is left in `failure`.
    package static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, offset: Int? = nil, failure: inout Int32
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let result = offset.map { pread(descriptor, base + filled, buffer.count - filled, off_t($0 + filled)) }
                ?? read(descriptor, base + filled, buffer.count - filled)
            if result > 0 {
                filled += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                failure = errno
                break
            }
        }
        return filled
    }

    /// The error for a failure to read `label`, with the system's reason.
    package static func unreadable(_ label: String, _ code: Int32) -> LoadError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return LoadError(.unreadableSource, "cannot read '\(label)': \(reason)")
    }
}
