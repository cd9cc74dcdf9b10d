extension XMLLoader {
    /// Parses XML for editing: the document and each element's and
    /// attribute's span in `bytes` (see ``NodeSpans``).
    ///
    /// The spans come from where libxml2's cursor stood at each element
    /// event (``XMLCursorTrail``) and from reading each start tag alone
    /// (``XMLStartTag``). Every span is checked against the bytes: an
    /// element that does not stand in the input as written (one an entity
    /// reference expanded to) gets no span, and neither do its attributes,
    /// nor attributes given by a DTD default. Text, comments and processing
    /// instructions get none: the write side reaches them through their
    /// element. `bytes` and `encoding` are as for ``parse(_:encoding:options:)``;
    /// the offsets count `bytes`, so only input libxml2 reads without
    /// converting (UTF-8, or `encoding` `"UTF-8"`) gets spans that check.
    package static func parseWithSpans(_ bytes: [UInt8], encoding: String?, options: LoadOptions) throws(LoadError) -> (Document, NodeSpans) {
        let (document, trail) = try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in
            try LibXML2.parseWithCursors(buffer, encoding: encoding, options: options)
        }
        let table = document.table
        var spans = NodeSpans()
        spans.reserve(table.nodes.count - 1)
        var element = 0
        var index = 0
        while index < table.nodes.count {
            defer { index += 1 }
            guard table.nodes[index].kind == .element else { continue }
            let cursors = element < trail.cursors.count ? trail.cursors[element] : (start: -1, end: -1)
            element += 1
            let name = Array((document.node(at: UInt32(index)).name ?? "").utf8)
            guard let tag = XMLStartTag(before: cursors.start, in: bytes), bytes[tag.name].elementsEqual(name),
                let end = elementEnd(tag, cursor: cursors.end, name: name, in: bytes)
            else { continue }
            spans.entries[index].start = UInt32(tag.start)
            spans.entries[index].end = UInt32(end)
            // Its attributes follow it, in the order written (namespace
            // declarations are none; defaulted ones come last, unwritten).
            var written = tag.attributes.filter { !$0.isNamespaceDeclaration(in: bytes) }.makeIterator()
            var child = index + 1
            while child < table.nodes.count, table.nodes[child].kind == .attribute {
                defer { child += 1 }
                guard let attribute = written.next() else { break }
                guard bytes[attribute.name].elementsEqual((document.node(at: UInt32(child)).name ?? "").utf8) else { break }
                spans.entries[child].start = UInt32(attribute.span.lowerBound)
                spans.entries[child].end = UInt32(attribute.span.upperBound)
            }
        }
        return (document, spans)
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
