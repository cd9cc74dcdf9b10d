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
            reader = LineReader(ChunkedInput(bytes: bytes))
        } else {
            guard case .file(let path) = source else { return error }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return error }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return error }
            reader = LineReader(ChunkedInput(descriptor: descriptor, closesOnEnd: false, label: path))
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

    /// Reads an input a chunk at a time, finding a line by the one line
    /// rule (``LocationCounter``).
    private struct LineReader {
        private let input: ChunkedInput
        private var chunk: [UInt8] = []
        private var next = 0

        /// How many bytes of the line before the column are kept at most:
        /// more than a snippet shows before it, so that a line cut here
        /// shows as cut (``SourceLocation/snippet(at:in:limit:)``).
        private static let kept = 1024

        init(_ input: ChunkedInput) {
            self.input = input
        }

        /// The first `count` bytes (or fewer at the end), not consumed.
        mutating func head(_ count: Int) -> [UInt8] {
            while chunk.count < count, readMore() {}
            return Array(chunk.prefix(count))
        }

        mutating func skip(_ count: Int) {
            next = min(count, chunk.count)
        }

        /// The bytes of line `line` around the start of its `column`-th
        /// character (counted in Unicode scalars, as error columns are), and
        /// where that start is among them; `nil` when the input has fewer lines.
        mutating func line(_ line: Int, column: Int) -> (window: [UInt8], position: Int)? {
            var counter = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
            while true {
                let found = chunk.withUnsafeBufferPointer {
                    counter.advance(over: UnsafeBufferPointer(rebasing: $0[next...]), untilLine: line)
                }
                if let found {
                    next += found
                    break
                }
                next = chunk.count
                guard readMore() else { return nil }
            }
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
            if next == chunk.count { _ = readMore() }
            return next < chunk.count ? chunk[next] : nil
        }

        private mutating func nextByte() -> UInt8? {
            guard let byte = peek() else { return nil }
            next += 1
            return byte
        }

        /// Reads the next chunk in place of the bytes consumed; `false` at the end.
        private mutating func readMore() -> Bool {
            chunk.removeFirst(next)
            next = 0
            return ((try? input.read(into: &chunk, limit: 1 << 20)) ?? 0) > 0
        }
    }
}
