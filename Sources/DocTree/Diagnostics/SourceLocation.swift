/// A position in a document's input.
///
/// Loaders record only the byte offset while they scan; line and column are
/// computed once, when an error is thrown. Lines and columns are 1-based,
/// columns count characters (not bytes), and CR LF counts as one line break.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Offset of the position in the input bytes, from 0.
    public var byteOffset: Int
    /// Line number, from 1.
    public var line: Int
    /// Column number in characters, from 1.
    public var column: Int

    /// Creates a location from its parts.
    public init(byteOffset: Int, line: Int, column: Int) {
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// This location, whose line and column were counted from line 1,
    /// column 1 at the start of a part of the input (a record, a batch of
    /// records), with its line and column counted from `start` instead:
    /// where that part starts in the whole input. The byte offset stays.
    package func counted(from start: SourceLocation) -> SourceLocation {
        SourceLocation(
            byteOffset: byteOffset,
            line: start.line + line - 1,
            column: line == 1 ? start.column + column - 1 : column)
    }

    /// This location, found in a part of the input that starts at `start`
    /// of the whole input (offset 0, line 1, column 1 being the part's
    /// first byte), moved to the same place in the whole input.
    package func placed(at start: SourceLocation) -> SourceLocation {
        var moved = counted(from: start)
        moved.byteOffset = start.byteOffset + byteOffset
        return moved
    }

    /// Computes line and column of `offset` in UTF-8 `bytes` by the one
    /// line rule (``LocationCounter``). A byte order mark is no text: lines
    /// and columns count after it.
    package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        let mark = min(InputHead.byteOrderMarkLength(bytes), end)
        var counter = LocationCounter(SourceLocation(byteOffset: mark, line: 1, column: 1))
        counter.advance(over: UnsafeBufferPointer(rebasing: bytes[mark..<end]))
        self.init(byteOffset: offset, line: counter.line, column: counter.column)
    }

    /// How many characters (Unicode scalars) at most a snippet keeps before
    /// the position it shows; a caret under a snippet stands at
    /// `min(column - 1, snippetLead)`.
    package static let snippetLead = 60

    /// The text of the line holding `offset`, used as an error snippet: at
    /// most ``snippetLead`` scalars before the offset, and after it what is
    /// left of `limit` bytes (at least a quarter of it), never cutting a
    /// character. Where the line goes on beyond the excerpt, on either side,
    /// the excerpt shows `…` (``cutMark``). Control characters show as spaces.
    package static func snippet(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, limit: Int = 80) -> String {
        let clamped = min(max(offset, 0), bytes.count)
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        // A byte order mark is no text: the first line starts after it.
        let mark = InputHead.byteOrderMarkLength(bytes)
        let first = mark <= clamped ? mark : 0
        var start = clamped
        var lead = 0
        while start > first, !isBreak(bytes[start - 1]), lead < snippetLead {
            start -= 1
            while start > first, isContinuation(bytes[start]), !isBreak(bytes[start - 1]) { start -= 1 }
            lead += 1
        }
        // What is left of `limit` after the lead, but never less than a quarter of it.
        let ahead = max(limit - (clamped - start), limit / 4)
        var end = clamped
        while end < bytes.count, !isBreak(bytes[end]), end - clamped < ahead { end += 1 }
        while end < bytes.count, isContinuation(bytes[end]) { end += 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        var text = String(decoding: slice, as: UTF8.self)
        text = String(text.map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? " " : $0 })
        if start > first, !isBreak(bytes[start - 1]) { text = cutMark + text }
        if end < bytes.count, !isBreak(bytes[end]) { text += cutMark }
        return text
    }

    /// What an excerpt shows where it cuts its line: `…`.
    package static let cutMark = "\u{2026}"
}
