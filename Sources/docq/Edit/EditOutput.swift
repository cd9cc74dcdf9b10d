#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One input's edited document, held until every input is edited: bytes
/// in memory (the tree path), or a streamed edit's output in a temporary
/// file, which reaches standard output or the original file only once
/// every input succeeded. The one exception is a single input whose
/// standard output is a regular file: the output goes straight there, and
/// a failure cuts the file back to what it held (a process killed half-way
/// leaves what it wrote, as any program's redirected output does).
enum EditOutput {
    case bytes([UInt8])
    /// For standard output: an unlinked temporary file, copied out at the end.
    case spooled(descriptor: Int32)
    /// For `-i`: the temporary file beside the original, renamed over it at the end.
    case replacement(AtomicFile.Replacement)
    /// Written straight to standard output, a regular file that held
    /// `start` bytes before: a failure cuts it back to them.
    case direct(start: off_t)

    /// Drops a temporary file that will not be used, or takes back what
    /// was written straight to standard output.
    func discard() {
        switch self {
        case .bytes: break
        case .spooled(let descriptor): close(descriptor)
        case .replacement(let file): file.discard()
        case .direct(let start):
            _ = ftruncate(1, start)
            _ = lseek(1, start, SEEK_SET)
        }
    }

    /// Where a single input's streamed output can go straight to standard
    /// output: a regular file (a redirection), which a failure can cut back
    /// to its first `start` bytes, so that it still prints nothing. Spooling
    /// to a temporary file first wrote and read every byte once more (a
    /// third of a 5 GB edit's time). `nil` for a pipe or a terminal, which
    /// cannot take bytes back, and when standard output is the input itself
    /// (`>> input`), which would grow while it is read.
    static func directStart(reading path: String) -> off_t? {
        var output = stat()
        var input = stat()
        guard fstat(1, &output) == 0, output.st_mode & S_IFMT == S_IFREG,
            stat(path, &input) == 0, !(input.st_dev == output.st_dev && input.st_ino == output.st_ino)
        else { return nil }
        let start = lseek(1, 0, SEEK_CUR)
        guard start >= 0 else { return nil }
        // Appending (`>>`) writes at the end whatever the offset says.
        let flags = fcntl(1, F_GETFL)
        return flags >= 0 && flags & O_APPEND != 0 ? lseek(1, 0, SEEK_END) : start
    }

    /// Where the edited output of `source` goes: with `-i`, a temporary
    /// file beside it; for the only input, standard output when that is a
    /// regular file (``directStart(reading:)``); else a spooled temporary file.
    static func opened(for source: InputSource, inPlace: Bool, isOnlyInput: Bool) throws -> EditOutput {
        if inPlace, case .file(let path) = source {
            return .replacement(try AtomicFile.prepare(path))
        } else if isOnlyInput, case .file(let path) = source, let start = directStart(reading: path) {
            return .direct(start: start)
        }
        return .spooled(descriptor: try temporaryFile())
    }

    /// Writes the next of an output's bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        switch self {
        case .replacement(let file): try file.write(bytes)
        case .spooled(let descriptor): try AtomicFile.writeAll(descriptor, bytes, label: "the temporary output")
        case .direct: try AtomicFile.writeAll(1, bytes, label: "standard output")
        case .bytes: break
        }
    }

    /// An unlinked temporary file in `TMPDIR` (or `/tmp`).
    private static func temporaryFile() throws(AtomicFile.Failure) -> Int32 {
        let directory = environmentVariable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/docq-edit-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw AtomicFile.failure("cannot create a temporary file in", directory, errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Copies a spooled output to standard output.
    static func copyOut(_ descriptor: Int32) throws(AtomicFile.Failure) {
        defer { close(descriptor) }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw AtomicFile.failure("cannot rewind", "the temporary output", errno) }
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        while true {
            let count = read(descriptor, block.baseAddress, block.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.failure("cannot read", "the temporary output", errno)
            }
            if count == 0 { return }
            try AtomicFile.writeAll(1, UnsafeRawBufferPointer(rebasing: block[..<count]), label: "standard output")
        }
    }
}
