import DocTree

/// Where each element and attribute of an XML document stands in its
/// bytes, found by a plain scan of the markup: the edit tests' own map of
/// the input, apart from the parse the editor streams. An element runs
/// from its `<` to the end of its end tag (or `/>`), an attribute from its
/// name to its closing quote. `nil` when the elements written are not
/// those of the tree (an entity gives some).
func xmlTestSpans(of source: EditableSource) -> NodeSpans? {
    let text = source.text
    var starts: [XMLStartTag] = []
    var ends: [Int] = []
    var open: [Int] = []
    var position = 0
    func skip(past close: String, from start: Int) -> Int? {
        text[start...].firstRange(of: Array(close.utf8)).map(\.upperBound)
    }
    while let lt = text[position...].firstIndex(of: UInt8(ascii: "<")) {
        let rest = text[lt...]
        if rest.starts(with: "<!--".utf8) {
            guard let next = skip(past: "-->", from: lt + 4) else { return nil }
            position = next
        } else if rest.starts(with: "<![CDATA[".utf8) {
            guard let next = skip(past: "]]>", from: lt + 9) else { return nil }
            position = next
        } else if rest.starts(with: "<?".utf8) {
            guard let next = skip(past: "?>", from: lt + 2) else { return nil }
            position = next
        } else if rest.starts(with: "<!".utf8) {
            // A document type declaration: its internal subset in brackets, quoted literals in it.
            var index = lt + 2
            var depth = 0
            var quote: UInt8?
            while index < text.count {
                let byte = text[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") {
                    depth -= 1
                } else if byte == UInt8(ascii: ">"), depth == 0 {
                    break
                }
                index += 1
            }
            position = index + 1
        } else if rest.starts(with: "</".utf8) {
            guard let element = open.popLast(), let gt = text[lt...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            ends[element] = gt + 1
            position = gt + 1
        } else {
            guard let tag = XMLStartTag(at: lt, in: text) else { return nil }
            starts.append(tag)
            ends.append(tag.end)
            if !tag.isEmptyElement { open.append(starts.count - 1) }
            position = tag.end
        }
    }
    let nodes = source.document.table.nodes
    var table = SpanTable()
    var element = 0
    for index in 0..<nodes.count {
        table.spans.reserve(index)
        guard nodes[index].kind == .element else { continue }
        guard element < starts.count else { return nil }
        let tag = starts[element]
        let name = Array((source.document.node(at: UInt32(index)).name ?? "").utf8)
        guard text[tag.name].elementsEqual(name) else { return nil }
        table.begin(index, at: tag.start)
        table.end(index, at: ends[element])
        element += 1
        // Its attributes follow it, in the order written (namespace
        // declarations are none; defaulted ones come last, unwritten).
        var written = tag.attributes.filter { !$0.isNamespaceDeclaration(in: text) }.makeIterator()
        var child = index + 1
        while child < nodes.count, nodes[child].kind == .attribute {
            defer { child += 1 }
            guard let attribute = written.next(),
                text[attribute.name].elementsEqual((source.document.node(at: UInt32(child)).name ?? "").utf8)
            else { break }
            table.begin(child, at: attribute.span.lowerBound)
            table.end(child, at: attribute.span.upperBound)
        }
    }
    return element == starts.count ? table.spans : nil
}
