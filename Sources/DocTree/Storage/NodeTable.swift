/// The flat storage behind a ``Document``: node records, one UTF-8 text
/// buffer that leaf spans point into, and the interned names.
///
/// Size caps that follow from the 32-bit fields: at most `UInt32.max - 1`
/// nodes, a text buffer of at most 4 GiB, and at most 16 777 215 distinct
/// names per document. Loading past a cap throws
/// ``LoadError/Kind-swift.struct/tooLarge``.
package struct NodeTable: Sendable {
    /// The records in document order; index 0 is the document node.
    package let nodes: NodeRecords
    /// UTF-8 text that leaf records point into. For JSON this is the input
    /// itself (spans exclude the quotes); for XML the decoded character data.
    package let text: [UInt8]
    /// Interned names.
    package let names: NameTable
    /// Namespace URI ids of attributes that have one (most have none).
    package let attributeNamespaces: AttributeNamespaces

    package init(nodes: NodeRecords, text: [UInt8], names: NameTable, attributeNamespaces: AttributeNamespaces) {
        self.nodes = nodes
        self.text = text
        self.names = names
        self.attributeNamespaces = attributeNamespaces
    }

    /// The index one past the subtree at `index`.
    @inline(__always) package func subtreeEnd(_ index: UInt32) -> UInt32 {
        let record = nodes[Int(index)]
        return record.isContainer ? record.a : index &+ 1
    }

    /// The UTF-8 bytes of a leaf's span.
    @inline(__always) package func bytes(of record: NodeRecord) -> ArraySlice<UInt8> {
        text[Int(record.a)..<Int(record.a) + Int(record.b)]
    }

    /// Calls `body` with the UTF-8 bytes of a leaf's span, without copying:
    /// the one place that turns a record's `a`/`b` into a buffer.
    @inlinable package func withSpan<R>(of record: NodeRecord, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try text.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[Int(record.a)..<Int(record.a) + Int(record.b)]))
        }
    }
}
