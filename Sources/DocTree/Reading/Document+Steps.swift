/// The record walks of the path language's steps that visit many records:
/// children, wildcards, descendants and attributes.
///
/// They run here, beside the record layout, because a `package` accessor
/// is a call from another module (Swift 6.3 inlines only public bodies
/// across modules): the evaluator makes one call per item, not one per
/// record. Items at or above a `limit` are computed values, not nodes.
extension Document {
    /// Appends the children of the container at `node` that a step
    /// sees: for an element or the document its child elements (not
    /// attributes, text, comments or PIs); for an object or array every
    /// member or element.
    package func appendChildren(of node: UInt32, into out: inout [UInt32]) {
        appendChildren(of: node, table.nodes.buffer, into: &out)
    }

    /// A wildcard step over `items`: the children of each object, element
    /// or document; on a JSON array, those of each object element, through
    /// nested arrays (as a key step applies to an array's elements).
    package func appendWildcardChildren(ofEach items: [UInt32], below limit: UInt32, into out: inout [UInt32]) {
        let records = table.nodes.buffer
        for item in items where item < limit {
            let record = records[Int(item)]
            switch record.kind {
            case .object, .element, .document:
                appendChildren(of: item, records, into: &out)
            case .array:
                var p = item &+ 1
                let end = record.a
                while p < end {
                    let child = records[Int(p)]
                    if child.kind == .array {
                        p &+= 1  // descend: its elements follow it
                        continue
                    }
                    if child.kind == .object { appendChildren(of: p, records, into: &out) }
                    p = child.subtreeEnd(at: p)
                }
            default:
                break
            }
        }
    }

    /// `..key` (`id`) or `..*` (`id` nil) below each of `items`, which
    /// are in document order: every descendant named `id` (for XML by its
    /// qualified name or local part, never a PI), or every descendant (for
    /// XML every element), in document order. A node inside the subtree of
    /// the previous item is skipped, so nested items yield a descendant once.
    package func appendDescendants(ofEach items: [UInt32], below limit: UInt32, named id: UInt32?, into out: inout [UInt32]) {
        let records = table.nodes.buffer
        let isXML = format == .xml
        table.names.localNameIDs.withUnsafeBufferPointer { locals in
            var coveredStart = UInt32.max
            var coveredEnd: UInt32 = 0
            for item in items where item < limit {
                if item >= coveredStart && item < coveredEnd { continue }
                let end = records[Int(item)].subtreeEnd(at: item)
                coveredStart = item
                coveredEnd = end
                var p = item &+ 1
                if let id {
                    while p < end {
                        if Self.key(id, selects: records[Int(p)], locals) { out.append(p) }
                        p &+= 1
                    }
                } else if isXML {
                    while p < end {
                        if records[Int(p)].kind == .element { out.append(p) }
                        p &+= 1
                    }
                } else {
                    out.append(contentsOf: p..<end)
                }
            }
        }
    }

    /// Appends the attributes of each element among `items`.
    package func appendAttributes(ofEach items: [UInt32], below limit: UInt32, into out: inout [UInt32]) {
        let records = table.nodes.buffer
        for item in items where item < limit && records[Int(item)].kind == .element {
            var p = item &+ 1
            let end = records[Int(item)].a
            while p < end && records[Int(p)].kind == .attribute {
                out.append(p)
                p &+= 1
            }
        }
    }

    private func appendChildren(of node: UInt32, _ records: UnsafeBufferPointer<NodeRecord>, into out: inout [UInt32]) {
        let record = records[Int(node)]
        let xmlContent = record.kind == .element || record.kind == .document
        var p = node &+ 1
        let end = record.a
        while p < end {
            let child = records[Int(p)]
            if !xmlContent || child.kind == .element { out.append(p) }
            p = child.subtreeEnd(at: p)
        }
    }
}
