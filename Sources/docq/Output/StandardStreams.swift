import DocTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writing to a file descriptor (standard output or error), so
/// listing millions of lines costs one system call per 64 KiB.
///
/// Not `Sendable`: each command owns its writers.
struct OutputStream {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    static func standardOutput() -> OutputStream { OutputStream(descriptor: 1) }

    /// A stream that only collects what is written (``collected``), for
    /// output made on another thread and printed later in input order.
    static func memory() -> OutputStream { OutputStream(descriptor: -1) }

    /// What a ``memory()`` stream collected.
    var collected: [UInt8] { buffer }
    static func standardError() -> OutputStream { OutputStream(descriptor: 2) }

    /// Whether the descriptor is a terminal.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Appends `text` followed by a line break.
    mutating func line(_ text: String) {
        write(text)
        buffer.append(0x0A)
        if buffer.count >= capacity { flush() }
    }

    /// Appends bytes; a large block goes out directly rather than through
    /// the buffer, so printing a huge value costs no second copy.
    mutating func write(bytes: [UInt8]) {
        if bytes.count >= capacity, descriptor >= 0 {
            flush()
            bytes.withUnsafeBytes { writeAll($0) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Appends bytes held elsewhere (a leaf's span of a document's text).
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Appends `text`.
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity { flush() }
    }

    /// Writes everything buffered. A closed pipe ends the process with
    /// SIGPIPE, as it would for grep.
    mutating func flush() {
        guard !buffer.isEmpty, descriptor >= 0 else { return }
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ raw: UnsafeRawBufferPointer) {
        // Output that cannot be written (a closed pipe) is dropped.
        _ = writeFully(raw, to: descriptor)
    }
}

/// Writes `text` to standard error at once (diagnostics are not buffered),
/// made safe for a terminal first (``Diagnostics/displayable(_:)``) unless
/// it is docq's own drawing (`asIs`: the progress bar, whose label is made
/// safe when it is set).
func writeToStandardError(_ text: String, asIs: Bool = false) {
    var stream = OutputStream.standardError()
    stream.write(asIs ? text : Diagnostics.displayable(text))
    stream.flush()
}
