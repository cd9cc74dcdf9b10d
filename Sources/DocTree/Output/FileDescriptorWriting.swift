#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor`, again after a short write or an
/// interrupted one (`EINTR`), as `write(2)` requires of its callers.
///
/// - Returns: `nil` once every byte is written, else the `errno` of the
///   write that failed.
package func writeFully(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let result = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if result < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += result
    }
    return nil
}
