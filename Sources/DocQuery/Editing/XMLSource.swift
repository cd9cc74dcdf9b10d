import DocTree

/// An XML document loaded for editing, read through its node spans and
/// the start tags they point at.
struct XMLSource {
    let document: Document
    let spans: NodeSpans
    let text: [UInt8]

    init(_ source: EditableSource) {
        document = source.document
        spans = source.spans
        text = source.text
    }

    func kind(_ i: UInt32) -> Node.Kind { document.table.nodes[Int(i)].kind }

    /// The element holding node `i` (0, the document node, for the root).
    func parent(of i: UInt32) -> UInt32 { document.node(at: i).parent?.index ?? 0 }

    /// The children of node `i` (attributes first), in order.
    func children(of i: UInt32) -> [UInt32] { document.childIndexes(of: i) }

    /// Node `i`'s span, or `nil` when it has none.
    func span(_ i: UInt32) -> Range<Int>? { spans.hasSpan(i) ? spans.range(i) : nil }

    /// The start tag of element `i`, which has a span.
    func startTag(_ i: UInt32) -> XMLStartTag { XMLStartTag(at: spans.start(i), in: text)! }

    /// The `<` of element `i`'s end tag, or `nil` for an empty-element tag.
    func endTagStart(_ i: UInt32) -> Int? {
        let tag = startTag(i)
        guard !tag.isEmptyElement else { return nil }
        return Self.endTagStart(before: spans.end(i), in: text)
    }

    /// The `<` of the end tag that ends just before `end` in `text` (the
    /// last `<` before it). The streamed editor reads its copy of the
    /// input through this too.
    static func endTagStart<Text: RandomAccessCollection<UInt8>>(before end: Int, in text: Text) -> Int where Text.Index == Int {
        var lt = end - 1
        while text[lt] != UInt8(ascii: "<") { lt -= 1 }
        return lt
    }

    /// Attribute `i` as written in its element's start tag.
    func attribute(_ i: UInt32) -> XMLStartTag.Attribute {
        let start = spans.start(i)
        return startTag(parent(of: i)).attributes.first { $0.name.lowerBound == start }!
    }

    /// The white space that begins the line holding `offset`, and where that line begins.
    func lineIndent(at offset: Int) -> (indent: Range<Int>, onlySpaceBefore: Bool) {
        Self.lineIndent(at: offset, in: text, byteBefore: nil)
    }

    /// ``lineIndent(at:)`` in `text`, which may begin in the middle of a
    /// document (the streamed editor's copy of the input): `byteBefore` is
    /// the byte just before it, `nil` at the start of the document. When
    /// the line begins before `text`, only whether the bytes up to `offset`
    /// are white space is known: the result then says they are not.
    static func lineIndent<Text: RandomAccessCollection<UInt8>>(
        at offset: Int, in text: Text, byteBefore: UInt8?
    ) -> (indent: Range<Int>, onlySpaceBefore: Bool) where Text.Index == Int {
        let lineStart = LineIndent.lineStart(before: offset, in: text)
        if lineStart == text.startIndex, let byteBefore, byteBefore != 0x0A, byteBefore != 0x0D {
            return (offset..<offset, false)
        }
        let indent = LineIndent.indent(from: lineStart, upTo: offset, in: text)
        return (indent, indent.upperBound == offset)
    }

    /// Where the comments that follow `offset` on its line end, when only
    /// spaces and comments stand between `offset` and the line's end (they
    /// belong to what ends at `offset`, as in `<a/> <!-- note -->`); else
    /// `offset`.
    func endOfTrailingComments(after offset: Int) -> Int {
        Self.endOfTrailingComments(after: offset, in: text, atEnd: true)!
    }

    /// ``endOfTrailingComments(after:)`` in `text`, which may end before the
    /// document does (the streamed editor's copy of the input): `nil` when
    /// it ends before that is known and more is to come (`atEnd` false).
    static func endOfTrailingComments<Text: RandomAccessCollection<UInt8>>(
        after offset: Int, in text: Text, atEnd: Bool
    ) -> Int? where Text.Index == Int {
        let open = Array("<!--".utf8)
        var end = offset
        var position = offset
        while true {
            while position < text.endIndex, text[position] == 0x20 || text[position] == 0x09 { position += 1 }
            let left = text.endIndex - position
            if !atEnd, left < open.count, open.starts(with: text[position...]) { return nil }
            guard text[position...].starts(with: open) else { break }
            // The comment's close, unless a line break comes first.
            var close = position + 4
            var closed = false
            while close + 3 <= text.endIndex {
                if text[close] == 0x0A || text[close] == 0x0D { break }
                if text[close] == UInt8(ascii: "-"), text[close + 1] == UInt8(ascii: "-"), text[close + 2] == UInt8(ascii: ">") {
                    closed = true
                    break
                }
                close += 1
            }
            if !closed {
                let brokeLine = close + 3 <= text.endIndex || text[close...].contains(where: { $0 == 0x0A || $0 == 0x0D })
                if !atEnd, !brokeLine { return nil }
                break
            }
            position = close + 3
            end = position
        }
        if position == text.endIndex, !atEnd { return nil }
        let lineEnds = position == text.endIndex || text[position] == 0x0A || text[position] == 0x0D
        return lineEnds ? end : offset
    }
}
