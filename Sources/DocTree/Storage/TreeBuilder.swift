/// Appends records in document order while a parser runs; the JSON scanner
/// and the XML builder both feed one of these, then ``finish(format:)``
/// freezes it into a ``Document``.
///
/// The builder keeps an explicit stack of open containers (no recursion),
/// so depth is bounded only by ``maxDepth``.
package struct TreeBuilder {
    package private(set) var nodes: RecordStorage
    package var text: [UInt8]
    package var names: NameTable.Builder
    package var attributeNamespaces = AttributeNamespaces.none
    /// Indices of the open containers, innermost last; `open[0]` is the document node.
    package private(set) var open: [UInt32]
    /// The innermost open container: the last of ``open``, kept apart
    /// because every event reads it.
    package private(set) var current: UInt32 = 0
    package let maxDepth: Int

    /// Creates a builder holding only the open document node.
    ///
    /// - Parameters:
    ///   - text: the initial text buffer (the JSON scanner passes the input here).
    ///   - estimatedNodes: capacity to reserve for the records.
    ///   - names: names interned already (a stream's records share them,
    ///     see ``JSONRecordParser``); by default none.
    package init(
        text: [UInt8] = [], splitsPrefixes: Bool, maxDepth: Int, estimatedNodes: Int = 16,
        names: NameTable.Builder? = nil
    ) {
        self.nodes = RecordStorage(capacity: estimatedNodes)
        nodes.append(NodeRecord(kind: .document, name: 0, a: 0, b: 0))
        self.text = text
        self.names = names ?? NameTable.Builder(splitsPrefixes: splitsPrefixes)
        self.open = [0]
        open.reserveCapacity(64)
        self.maxDepth = maxDepth
    }

    /// Empties the builder for another document that keeps its names (a
    /// stream's next candidate): new records holding only the open document
    /// node, no text; the stack of open containers keeps its capacity.
    package mutating func restart(estimatedNodes: Int = 16) {
        precondition(open.count == 1, "restart() with open containers")
        nodes = RecordStorage(capacity: estimatedNodes)
        nodes.append(NodeRecord(kind: .document, name: 0, a: 0, b: 0))
        text = []
        attributeNamespaces = .none
    }

    /// The nesting depth of the innermost open container (the document node is 0).
    @inline(__always) package var depth: Int { open.count - 1 }

    /// Opens a container as the next child of the current one.
    ///
    /// - Returns: the new record's index, or `nil` when the nesting would
    ///   exceed ``maxDepth`` (the caller throws a located error).
    @inline(__always)
    package mutating func openContainer(_ kind: Node.Kind, name: UInt32, b: UInt32 = 0) -> UInt32? {
        guard open.count <= maxDepth else { return nil }
        let index = UInt32(truncatingIfNeeded: nodes.count)
        countChild()
        nodes.append(NodeRecord(kind: kind, name: name, a: 0, b: b))
        open.append(index)
        current = index
        return index
    }

    /// Closes the innermost open container, recording where its subtree ends.
    @inline(__always)
    package mutating func closeContainer() {
        let index = open.removeLast()
        current = open.last ?? 0
        nodes[Int(index)].a = UInt32(truncatingIfNeeded: nodes.count)
    }

    /// Appends a leaf as the next child of the current container.
    @inline(__always) @discardableResult
    package mutating func appendLeaf(_ kind: Node.Kind, flags: NodeRecord.Flags = [], name: UInt32 = 0, offset: UInt32, length: UInt32) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: nodes.count)
        countChild()
        nodes.append(NodeRecord(kind: kind, flags: flags, name: name, a: offset, b: length))
        return index
    }

    /// Copies `bytes` to the end of the text buffer and returns their offset.
    @inline(__always)
    package mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let offset = UInt32(truncatingIfNeeded: text.count)
        text.append(contentsOf: bytes)
        return offset
    }

    /// Objects and arrays (and the document node) keep their child count in `b`.
    @inline(__always)
    private mutating func countChild() {
        let parent = Int(current)
        if nodes[parent].kind != .element {
            nodes[parent].b &+= 1
        }
    }

    /// Whether the node and text counts still fit the 32-bit fields.
    package var fitsLimits: Bool {
        nodes.count < Int(UInt32.max) && text.count <= Int(UInt32.max)
    }

    /// Closes the document node and freezes everything into a document.
    ///
    /// The parsers reserve records from the input size (one per 8 or 10
    /// input bytes) so a load rarely regrows; here the capacity left unused
    /// is given back in place (``RecordStorage/trim()``), so a document
    /// holds at most a few dozen records it does not use.
    ///
    /// - Parameter frozenNames: the table to give the document, when the
    ///   caller froze ``names`` already (one table serves the records of a
    ///   stream while they add no name); by default they are frozen here.
    /// - Parameter skippedEntities: what an XML load left out (see ``Document/skippedEntities``).
    package mutating func finish(
        format: DocumentFormat, frozenNames: NameTable? = nil, skippedEntities: [SkippedEntity] = []
    ) -> Document {
        precondition(open.count == 1, "finish() with open containers")
        nodes[0].a = UInt32(truncatingIfNeeded: nodes.count)
        nodes.trim()
        let table = NodeTable(
            nodes: nodes.records, text: text, names: frozenNames ?? NameTable(names),
            attributeNamespaces: attributeNamespaces)
        table.checkInvariants()
        return Document(table: table, format: format, skippedEntities: skippedEntities)
    }
}
