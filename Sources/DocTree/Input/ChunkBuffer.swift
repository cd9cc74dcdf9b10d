#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The part of a ``ChunkedInput`` that a reader walking forward still needs, read on a
/// chunk at a time: the buffer of ``RecordReader`` and ``JSONStreamScanner``. A refill
/// drops the bytes before `start`, counting the line rule (``LocationCounter``) over them,
/// so any offset still held can be located. Indices into `bytes` move with a refill: a
/// caller keeps its own relative to `start`.
struct ChunkBuffer {
    let input: ChunkedInput
    /// Bytes asked for per read, or as many as are kept when that is more (a descriptor
    /// gives at most 1 MiB a read, a pipe what it holds).
    let chunkSize: Int
    private let progress: LoadProgress?
    var bytes: [UInt8]
    /// The first byte still needed.
    var start: Int
    /// The input offset of `bytes[0]`.
    private(set) var base: Int
    /// Where `bytes[0]` stands.
    private var first: LocationCounter
    /// The last location computed, counted on from by the next; a reader
    /// may move it where it knows the lines without counting.
    var mark: LocationCounter

    /// `head` (read from `input` already) from `start` on; `head[0]` stands at `origin`.
    /// The bytes before `start` (a byte order mark) are no text: lines and
    /// columns count from `start`, as a load of the whole input counts them.
    init(
        _ input: ChunkedInput, head: [UInt8] = [], start: Int = 0, chunkSize: Int, progress: LoadProgress? = nil,
        origin: SourceLocation = SourceLocation(byteOffset: 0, line: 1, column: 1)
    ) {
        self.input = input
        self.chunkSize = chunkSize
        self.progress = progress
        self.bytes = head
        self.start = start
        self.base = origin.byteOffset
        self.first = LocationCounter(
            SourceLocation(byteOffset: origin.byteOffset + start, line: origin.line, column: origin.column))
        self.mark = first
    }

    /// Whether every byte of the input has been read.
    var isAtEnd: Bool { input.isAtEnd }

    /// Whether `bytes[0]` begins a line.
    var beginsLine: Bool { first.column == 1 }

    /// Drops the bytes before `start` and reads more after the rest; `false` (dropping
    /// nothing) at the end of the input.
    mutating func refill() throws(LoadError) -> Bool {
        if input.isAtEnd { return false }
        if start > 0 {
            let newBase = base + start
            if mark.offset >= base, mark.offset <= newBase { first = mark }
            let from = first.offset - base
            bytes.withUnsafeBufferPointer { first.advance(over: UnsafeBufferPointer(rebasing: $0[from..<start])) }
            if mark.offset < newBase { mark = first }
            if start >= bytes.count { bytes.removeAll(keepingCapacity: true) } else { bytes.removeFirst(start) }
            base = newBase
            start = 0
        }
        let count = try input.read(into: &bytes, limit: max(chunkSize, bytes.count))
        progress?.report(input.bytesRead)
        return count > 0
    }

    /// Appends up to `limit` more bytes, dropping none; 0 at the end.
    mutating func readMore(limit: Int) throws(LoadError) -> Int {
        try input.read(into: &bytes, limit: limit)
    }

    /// Reads on for the token at `i` that runs past the bytes held, a string until a quote
    /// that may close it arrives (so it is not scanned again per short read); `false` at the end.
    mutating func readOn(tokenAt i: Int) throws(LoadError) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return try refill() }
        return try find(from: bytes.count, keepsSearched: true) { $0[$1...].firstIndex(of: UInt8(ascii: "\"")) } != nil
    }

    /// Moves `start` (and the mark) over white space, reading on; `false` when the input ends first.
    mutating func skipWhiteSpace() throws(LoadError) -> Bool {
        while true {
            var i = start
            while i < bytes.count, XMLWhitespace.contains(bytes[i]) { i += 1 }
            consume(upTo: i)
            if start < bytes.count { return true }
            guard try refill() else { return false }
        }
    }

    /// Moves `start` to `end`, and the mark with it, counting.
    mutating func consume(upTo end: Int) {
        if end > start { _ = location(at: base + end) }
        start = end
    }

    /// Moves `start` and the mark past the line feed at `end` (or to `end`, the input's end):
    /// one line on, uncounted, as past a JSON Lines record.
    mutating func consumeLine(endingAt end: Int) {
        guard end < bytes.count else { return consume(upTo: end) }
        start = end + 1
        mark = LocationCounter(SourceLocation(byteOffset: base + start, line: mark.line + 1, column: 1))
    }

    /// The index of the first line feed at or after `i` (``find(from:keepsSearched:_:)``).
    mutating func lineFeed(from i: Int) throws(LoadError) -> Int? {
        try find(from: i, keepsSearched: true) { Self.firstLineFeed(in: $0, from: $1) }
    }

    /// The index of the first line break, CR or LF, at or after `i` (``find(from:keepsSearched:_:)``).
    mutating func lineBreak(from i: Int, keepsSearched: Bool) throws(LoadError) -> Int? {
        try find(from: i, keepsSearched: keepsSearched) { bytes, i in
            bytes[i...].firstIndex { $0 == 0x0A || $0 == 0x0D }
        }
    }

    /// What `search` finds in `bytes` from `i` on, reading on while it finds nothing; `nil`
    /// when the input ends first. Unless `keepsSearched`, the bytes searched are dropped on a refill.
    private mutating func find(
        from i: Int, keepsSearched: Bool, _ search: ([UInt8], Int) -> Int?
    ) throws(LoadError) -> Int? {
        var searched = i - start
        while true {
            if let found = search(bytes, start + searched) { return found }
            if !keepsSearched { start = bytes.count }
            searched = bytes.count - start
            guard try refill() else { return nil }
        }
    }

    /// The location of input offset `offset` (not before the bytes held),
    /// counted on from ``mark``, or from `bytes[0]` when the mark is past it.
    mutating func location(at offset: Int) -> SourceLocation {
        if mark.offset < base || mark.offset > offset { mark = first }
        let from = mark.offset - base
        let to = min(max(offset - base, from), bytes.count)
        bytes.withUnsafeBufferPointer { mark.advance(over: UnsafeBufferPointer(rebasing: $0[from..<to])) }
        return mark.location
    }

    /// Hands out `bytes[start..<end]` and moves `start` (and the mark's offset, counting no
    /// lines) there. From the buffer's start, the bytes go out as they are, and those after
    /// `end` move into `spare`'s memory, which is taken (with room for two chunks more, in whole
    /// chunks: a buffer that grows moves to fresh pages, which the kernel must fault in).
    mutating func take(upTo end: Int, reusing spare: inout [UInt8]?) -> [UInt8] {
        mark.offset = base + end
        guard start == 0 else {
            defer { start = end }
            return Array(bytes[start..<end])
        }
        var taken = spare ?? []
        spare = nil
        taken.removeAll(keepingCapacity: true)
        let room = 2 * chunkSize + (bytes.count - end)
        taken.reserveCapacity((room + chunkSize - 1) / chunkSize * chunkSize)
        taken.append(contentsOf: bytes[end...])
        swap(&taken, &bytes)
        taken.removeSubrange(end...)
        base += end
        first = mark
        return taken
    }

    /// The index of the first line feed in `bytes` from `start` on (memchr:
    /// the generic search costs several times more per byte).
    static func firstLineFeed(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else {
                return nil
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
