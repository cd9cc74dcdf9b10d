extension XMLLoader {
    /// Where each element of `document` stands in `bytes`, the UTF-8 input
    /// it was loaded from: from its start tag's `<` to just past its end tag
    /// (or its `/>`), for printing elements as they are written
    /// (`docq --xml`).
    ///
    /// The offsets come from the edit engine's own pass
    /// (``XMLStreamLocator``'s `watch`: libxml2's cursor at every element's
    /// start and end; the k-th element to start is the k-th element record)
    /// and are checked against the bytes: an element that does not stand in
    /// the input as written (one an entity reference expanded to) gets no
    /// span, and neither does any element of input that is not UTF-8.
    /// Only elements get spans.
    package static func elementSpans(of document: Document, in bytes: [UInt8], options: LoadOptions) -> NodeSpans {
        var starts: [Int] = []
        var ends: [Int] = []
        var open: [Int] = []
        do {
            try XMLStreamLocator.run(
                first: bytes, next: { _, _ in false }, selectors: [],
                watch: { cursor, isEnd in
                    if isEnd {
                        if let element = open.popLast() { ends[element] = cursor }
                    } else {
                        open.append(starts.count)
                        starts.append(cursor)
                        ends.append(-1)
                    }
                    return true
                },
                options: options, event: { _ in })
        } catch {
            return NodeSpans()
        }
        let table = document.table
        var spans = NodeSpans()
        var element = 0
        for index in 0..<table.nodes.count where table.nodes[index].kind == .element {
            defer { element += 1 }
            guard element < starts.count else { break }
            let name = Array((document.node(at: UInt32(index)).name ?? "").utf8)
            guard let tag = XMLStartTag(before: starts[element], in: bytes), bytes[tag.name].elementsEqual(name),
                let end = elementEnd(tag, cursor: ends[element], name: name, in: bytes)
            else { continue }
            spans.reserve(index)
            spans.entries[index].start = UInt32(tag.start)
            spans.entries[index].end = UInt32(end)
        }
        return spans
    }

    /// Just past the end of the element whose start tag is `tag`, given the
    /// cursor at its end event, or `nil` when the bytes there are not its
    /// end: `/>` of an empty-element tag, else `</name` and `>`.
    private static func elementEnd(_ tag: XMLStartTag, cursor: Int, name: [UInt8], in bytes: [UInt8]) -> Int? {
        guard cursor > tag.start, cursor <= bytes.count, bytes[cursor - 1] == UInt8(ascii: ">") else { return nil }
        if tag.isEmptyElement { return cursor == tag.end ? cursor : nil }
        var lt = cursor - 1
        while lt >= tag.end, bytes[lt] != UInt8(ascii: "<") { lt -= 1 }
        guard lt >= tag.end, lt + 1 < cursor, bytes[lt + 1] == UInt8(ascii: "/"),
            bytes[(lt + 2)...].starts(with: name)
        else { return nil }
        return cursor
    }
}
