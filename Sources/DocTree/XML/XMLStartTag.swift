/// The parts of one XML start tag (or empty-element tag), read from its
/// bytes: a small lexer over a tag already located, used to find an
/// element's and its attributes' spans for editing. It never scans more
/// than the one tag.
package struct XMLStartTag: Sendable {
    /// One attribute as written.
    package struct Attribute: Sendable {
        /// The qualified name.
        package var name: Range<Int>
        /// The value between the quotes.
        package var value: Range<Int>
        /// `"` or `'`.
        package var quote: UInt8
        /// From the name to just past the closing quote.
        package var span: Range<Int> { name.lowerBound..<(value.upperBound + 1) }
        /// Whether it declares a namespace (`xmlns`, `xmlns:p`), which is no attribute of the tree.
        package func isNamespaceDeclaration(in text: [UInt8]) -> Bool {
            let bytes = text[name]
            return bytes.elementsEqual("xmlns".utf8) || bytes.starts(with: "xmlns:".utf8)
        }
    }

    /// The `<`.
    package var start: Int
    /// The element's qualified name.
    package var name: Range<Int>
    /// The attributes in document order.
    package var attributes: [Attribute]
    /// Where the closing `>` or `/>` begins.
    package var close: Int
    /// Just past the `>`.
    package var end: Int
    /// Whether the tag ends with `/>`.
    package var isEmptyElement: Bool

    /// Reads the tag whose `<` is at `start`, or `nil` when the bytes there
    /// are not a start tag.
    package init?(at start: Int, in text: [UInt8]) {
        guard let tag = text.withUnsafeBufferPointer({ XMLStartTag(at: start, in: $0, offset: 0) }) else { return nil }
        self = tag
    }

    /// Reads the tag whose `<` is at offset `start` in bytes whose first,
    /// `text[0]`, is at offset `offset` (a window on a larger input, as the
    /// streamed editor holds); the tag's ranges are offsets too.
    package init?(at start: Int, in text: UnsafeBufferPointer<UInt8>, offset: Int) {
        let text = OffsetBytes(text, offset)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isNameEnd(_ byte: UInt8) -> Bool { isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") }
        guard start >= offset, start < text.count, text[start] == UInt8(ascii: "<") else { return nil }
        self.start = start
        var i = start + 1
        while i < text.count, !isNameEnd(text[i]) { i += 1 }
        guard i > start + 1 else { return nil }
        name = (start + 1)..<i
        attributes = []
        // One allocation for most tags, not one per doubling.
        attributes.reserveCapacity(8)
        while true {
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count else { return nil }
            if text[i] == UInt8(ascii: ">") {
                (close, end, isEmptyElement) = (i, i + 1, false)
                return
            }
            if text[i] == UInt8(ascii: "/") {
                guard i + 1 < text.count, text[i + 1] == UInt8(ascii: ">") else { return nil }
                (close, end, isEmptyElement) = (i, i + 2, true)
                return
            }
            let nameStart = i
            while i < text.count, !isNameEnd(text[i]) { i += 1 }
            guard i > nameStart else { return nil }
            let nameEnd = i
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else { return nil }
            let quote = text[i]
            let valueStart = i + 1
            i = valueStart
            while i < text.count, text[i] != quote { i += 1 }
            guard i < text.count else { return nil }
            attributes.append(Attribute(name: nameStart..<nameEnd, value: valueStart..<i, quote: quote))
            i += 1
        }
    }

    /// The tag of the element whose start event left libxml2's cursor at
    /// `cursor`: the last `<` before it starts the tag, which must end at
    /// or just past the cursor.
    package init?(before cursor: Int, in text: [UInt8]) {
        guard let tag = text.withUnsafeBufferPointer({ XMLStartTag(before: cursor, in: $0, offset: 0) }) else { return nil }
        self = tag
    }

    /// As ``init(before:in:)``, in bytes whose first is at offset `offset`
    /// (see ``init(at:in:offset:)``).
    package init?(before cursor: Int, in text: UnsafeBufferPointer<UInt8>, offset: Int) {
        guard let lt = Self.start(before: cursor, in: text, offset: offset) else { return nil }
        guard let tag = XMLStartTag(at: lt, in: text, offset: offset), tag.close <= cursor, cursor <= tag.end
        else { return nil }
        self = tag
    }
}

extension XMLStartTag {
    /// Where the tag of ``init(before:in:offset:)`` starts, without reading
    /// it: the last `<` before `cursor` (a start tag holds no other, since
    /// an attribute value cannot).
    package static func start(before cursor: Int, in text: UnsafeBufferPointer<UInt8>, offset: Int) -> Int? {
        let searched = min(cursor, offset + text.count) - offset
        guard searched > 0, let found = lastLessThan(in: UnsafeBufferPointer(rebasing: text[..<searched])) else { return nil }
        return offset + found
    }

    /// The index of the last `<` in `bytes`, read eight bytes at a time: a
    /// tag is read back from its end for every element a streamed edit
    /// reaches, and the byte loop took a fifth of reading the tag.
    private static func lastLessThan(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var end = bytes.count
        while end >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            let diff = word ^ 0x3C3C_3C3C_3C3C_3C3C
            // The top bit of each byte that is `<` (exact: no carry crosses bytes).
            let found = ~(((diff & low7) &+ low7) | diff | low7)
            if found != 0 { return end - 8 + 7 - found.leadingZeroBitCount / 8 }
            end -= 8
        }
        while end > 0 {
            end -= 1
            if base[end] == UInt8(ascii: "<") { return end }
        }
        return nil
    }
}

/// Bytes read by their offsets in a larger input: `count` is where they end.
private struct OffsetBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    let offset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The offset just past the last byte.
    var count: Int { offset + bytes.count }

    @inline(__always)
    subscript(position: Int) -> UInt8 { bytes[position - offset] }
}
