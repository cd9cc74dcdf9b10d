#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DocTree

/// Reads a streamed edit's output back as it is written, in constant
/// memory: the bytes go through a pipe to a thread of their own, where the
/// format's validating stream reader (JSON: `StreamingLoad` with a
/// selector that picks nothing; XML: `XMLStreamedEdit.checkOutput`) reads
/// them as it reads any input, checking every byte. The edit throws when
/// the output does not load.
final class StreamedReadBack: @unchecked Sendable {
    private let writeEnd: Int32
    private let done = ThreadCondition()
    /// Set by the reading thread, read after ``finished``.
    private var finished = false
    private var failure: (any Error)?

    /// Starts `check` on the output; `nil` when the system gives no pipe
    /// or thread.
    init?(check: @escaping @Sendable (ChunkedInput) throws -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let readEnd = ends[0]
        writeEnd = ends[1]
        #if os(Linux)
        // A pipe holds 64 KiB by default: the writer would wait for the
        // reader every quarter of an output block (StreamedOutputBuffer).
        // 1 MiB (the default limit for unprivileged processes) lets the two
        // run side by side; a refusal only keeps the default.
        _ = fcntl(writeEnd, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
        #endif
        let started = ReadingThread.start(stackSize: 1 << 22) { [self] in
            let input = ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(the edited document)")
            var found: (any Error)?
            do { try check(input) } catch { found = error }
            // Drain what is still written, so the writer never blocks on a full pipe.
            var scratch: [UInt8] = []
            while (try? FileSource.append(from: readEnd, upTo: 1 << 16, to: &scratch)) ?? 0 > 0 {
                scratch.removeAll(keepingCapacity: true)
            }
            close(readEnd)
            done.lock()
            failure = found
            finished = true
            done.signal()
            done.unlock()
        }
        if !started {
            close(readEnd)
            close(writeEnd)
            return nil
        }
    }

    /// Hands the reader the next bytes of the output.
    func take(_ bytes: UnsafeRawBufferPointer) {
        // A failed write means the reader has stopped: `finish` reports why.
        _ = writeFully(bytes, to: writeEnd)
    }

    /// Ends the output and waits for the reader: its error, if the output
    /// does not load.
    func finish() -> (any Error)? {
        close(writeEnd)
        done.lock()
        while !finished { done.wait() }
        done.unlock()
        return failure
    }
}
