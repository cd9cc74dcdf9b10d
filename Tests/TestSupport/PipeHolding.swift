import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The read end of a pipe that holds `bytes` (at most a pipe's buffer, 64
/// KiB on Linux) and then ends: input that can be read only once, as
/// standard input from another program is.
///
/// ```swift
/// let input = ChunkedInput(descriptor: pipeHolding(bytes), closesOnEnd: true, label: "(pipe)")
/// ```
public func pipeHolding(_ bytes: [UInt8]) -> Int32 {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "no pipe")
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    precondition(written == bytes.count, "the bytes do not fit the pipe's buffer")
    close(ends[1])
    return ends[0]
}

/// The read end of a pipe that a thread of its own fills with `bytes`
/// (any number) and then ends: input read once, larger than a pipe's
/// buffer. Read it through ``drainAndClose(_:)`` when done, so that the
/// writer ends.
public func pipeFedByThread(_ bytes: [UInt8]) -> Int32 {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "no pipe")
    let writeEnd = ends[1]
    let writer = Thread {
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        close(writeEnd)
    }
    writer.start()
    return ends[0]
}

/// Reads what is left of the pipe `descriptor` reads, then closes it.
public func drainAndClose(_ descriptor: Int32) {
    var rest = [UInt8](repeating: 0, count: 1 << 16)
    while rest.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    close(descriptor)
}
