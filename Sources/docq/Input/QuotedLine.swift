import DocTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The line a streamed read's error names, quoted as a load of the whole
/// file quotes it (``LoadError/snippet``). A streamed reader keeps no bytes
/// behind it, so its errors name a line and column only; on failure the
/// file is read again up to that line, a chunk at a time, so that a
/// malformed file shows the same error however it was read.
enum QuotedLine {
    /// `error` with its line quoted from `source`, or from `bytes`, the
    /// input read whole (standard input); `error` as it is when it quotes a
    /// line already, names none, or the input is not a regular file or
    /// bytes held, in the UTF-8 the reader located the error in (an input
    /// read in another encoding is converted first, and counts otherwise).
    static func quoting(
        _ error: LoadError, from source: InputSource, bytes: [UInt8]? = nil, options: LoadOptions
    ) -> LoadError {
        guard error.snippet?.isEmpty ?? true, let location = error.location, location.line >= 1, location.column >= 1,
            options.encoding == nil
        else { return error }
        var reader: LineReader
        var descriptor: Int32 = -1
        defer { if descriptor >= 0 { close(descriptor) } }
        if let bytes {
            reader = LineReader(bytes: bytes)
        } else {
            guard case .file(let path) = source else { return error }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return error }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return error }
            reader = LineReader(descriptor: descriptor)
        }
        let head = InputHead(reader.head(512), format: source.loadOptions(options).format)
        guard head.wideUnicode == nil else { return error }
        if head.format == .xml {
            // A declaration naming another encoding: read converted to UTF-8.
            do {
                if try XMLStreamLocator.legacyEncoding(of: reader.head(512), options: options) != nil { return error }
            } catch {
                return error
            }
        }
        reader.skip(head.byteOrderMark)
        guard let (window, position) = reader.line(location.line, column: location.column) else { return error }
        var quoted = error
        quoted.snippet = window.withUnsafeBufferPointer {
            // As the whole document's load cuts it (`XMLLoader.locate`, `LoadError(_:_:at:in:)`).
            SourceLocation.snippet(at: position, in: $0, limit: head.format == .xml ? 120 : 80)
        }
        return quoted
    }

    /// Reads a file a chunk at a time (or bytes held, as one chunk),
    /// counting lines by the one line rule (a line feed, a carriage return,
    /// or the two together end a line).
    private struct LineReader {
        let descriptor: Int32
        private var chunk: [UInt8] = []
        private var next = 0
        private var atEnd = false

        /// How many bytes of the line before the column are kept at most:
        /// more than a snippet shows before it, so that a line cut here
        /// shows as cut (``SourceLocation/snippet(at:in:limit:)``).
        private static let kept = 1024

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        init(bytes: [UInt8]) {
            descriptor = -1
            chunk = bytes
            atEnd = true
        }

        /// The first `count` bytes (or fewer at the end), not consumed.
        mutating func head(_ count: Int) -> [UInt8] {
            while chunk.count < count, !atEnd { readMore() }
            return Array(chunk.prefix(count))
        }

        mutating func skip(_ count: Int) {
            next = min(count, chunk.count)
        }

        /// The bytes of line `line` around the start of its `column`-th
        /// character (counted in Unicode scalars, as error columns are), and
        /// where that start is among them; `nil` when the file has fewer lines.
        mutating func line(_ line: Int, column: Int) -> (window: [UInt8], position: Int)? {
            var current = 1
            var afterReturn = false
            while current < line {
                guard let byte = nextByte() else { return nil }
                if byte == 0x0A {
                    if !afterReturn { current += 1 }
                    afterReturn = false
                } else if byte == 0x0D {
                    current += 1
                    afterReturn = true
                } else {
                    afterReturn = false
                    skipToBreak()
                }
            }
            // A line feed right after a carriage return belongs to the line before.
            if afterReturn, peek() == 0x0A { _ = nextByte() }
            var window: [UInt8] = []
            var characters = 0
            // A chunk at a time up to the column (or the line's end), keeping its last bytes.
            while peek() != nil {
                let (stop, done) = chunk.withUnsafeBufferPointer { bytes in
                    var i = next
                    while i < bytes.count {
                        let byte = bytes[i]
                        if byte == 0x0A || byte == 0x0D { return (i, true) }
                        if byte & 0xC0 != 0x80 {
                            if characters == column - 1 { return (i, true) }
                            characters += 1
                        }
                        i += 1
                    }
                    return (i, false)
                }
                if stop - next >= Self.kept {
                    window = Array(chunk[(stop - Self.kept)..<stop])
                } else {
                    window += chunk[next..<stop]
                    if window.count > 2 * Self.kept { window.removeFirst(window.count - Self.kept) }
                }
                next = stop
                if done { break }
            }
            let position = window.count
            var after = 0
            while after < Self.kept, let byte = nextByte() {
                window.append(byte)
                if byte == 0x0A || byte == 0x0D { break }
                after += 1
            }
            return (window, position)
        }

        private mutating func peek() -> UInt8? {
            if next == chunk.count { readMore() }
            return next < chunk.count ? chunk[next] : nil
        }

        private mutating func nextByte() -> UInt8? {
            guard let byte = peek() else { return nil }
            next += 1
            return byte
        }

        /// Moves to the next line break (or the end), a chunk at a time.
        private mutating func skipToBreak() {
            while true {
                let found: Int? = chunk.withUnsafeBytes { bytes in
                    let start = bytes.baseAddress! + next
                    let count = bytes.count - next
                    // The first line feed, then any carriage return before it.
                    let span = memchr(start, 0x0A, count).map { $0 - UnsafeMutableRawPointer(mutating: start) } ?? count
                    let end = memchr(start, 0x0D, span).map { $0 - UnsafeMutableRawPointer(mutating: start) } ?? span
                    return end < count ? next + end : nil
                }
                if let found {
                    next = found
                    return
                }
                next = chunk.count
                readMore()
                if next == chunk.count { return }
            }
        }

        /// Reads the next chunk in place of the bytes consumed.
        private mutating func readMore() {
            guard !atEnd else { return }
            chunk.removeFirst(next)
            next = 0
            let size = 1 << 20
            let before = chunk.count
            chunk.append(contentsOf: repeatElement(0, count: size))
            var got = 0
            chunk.withUnsafeMutableBytes { buffer in
                repeat { got = read(descriptor, buffer.baseAddress! + before, size) } while got < 0 && errno == EINTR
            }
            chunk.removeLast(size - max(got, 0))
            if got <= 0 { atEnd = true }
        }
    }
}
