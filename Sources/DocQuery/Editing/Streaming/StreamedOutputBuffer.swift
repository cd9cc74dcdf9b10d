/// Gathers a streamed edit's output into blocks before it goes out.
///
/// An engine writes its output in many small pieces: the bytes between two
/// matches, then each replacement. Sent one by one, each piece would cost
/// a system call for the output file and another for the read-back pipe
/// (``StreamedReadBack``), and a wake-up of the reading thread: with a
/// match every few hundred bytes, most of a run's time. Pieces are copied
/// into one block instead, which goes out when full and at the end; a
/// piece at least as large as the block goes out as it is, after what the
/// block holds, so large unchanged stretches are not copied.
package final class StreamedOutputBuffer {
    private let block: UnsafeMutableRawBufferPointer
    private var count = 0

    package init(capacity: Int = 1 << 18) {
        block = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { block.deallocate() }

    /// Adds `bytes`, handing full blocks to `deliver`.
    package func append(_ bytes: UnsafeRawBufferPointer, to deliver: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        if count + bytes.count > block.count {
            try flush(to: deliver)
            if bytes.count >= block.count { return try deliver(bytes) }
        }
        UnsafeMutableRawBufferPointer(rebasing: block[count..<(count + bytes.count)]).copyMemory(from: bytes)
        count += bytes.count
    }

    /// Hands what the block holds to `deliver` and empties it.
    package func flush(to deliver: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard count > 0 else { return }
        let held = UnsafeRawBufferPointer(rebasing: block[..<count])
        count = 0
        try deliver(held)
    }
}
