/// An immutable, loaded XML or JSON document: the owner of every node.
///
/// A document stores its nodes in one flat table (see ARCHITECTURE.md and
/// the "Tree layout" article); a ``Node`` is a cheap handle into it that
/// keeps the document alive. Documents are `Sendable`: load once, then read
/// from any number of tasks.
///
/// ```swift
/// let doc = try Document(string: #"{"auth": {"user": "bob"}}"#)
/// let user = doc.root["auth"].first?["user"].first?.string   // "bob"
/// ```
public final class Document: Sendable {
    /// The flat node storage.
    package let table: NodeTable
    /// Whether the document came from JSON or XML.
    public let format: DocumentFormat
    /// Data derived from the table on demand by upper layers (query indexes).
    package let derived = DerivedDataCache()
    /// The references to external entities an XML load left out, in
    /// document order (see ``SkippedEntity``); empty for JSON, and for XML
    /// that references none.
    public let skippedEntities: [SkippedEntity]

    package init(table: NodeTable, format: DocumentFormat, skippedEntities: [SkippedEntity] = []) {
        self.table = table
        self.format = format
        self.skippedEntities = skippedEntities
    }

    /// The document node: the parent of the root value (JSON) or of the root
    /// element and any kept top-level comments and processing instructions (XML).
    public var documentNode: Node { Node(document: self, index: 0) }

    /// The root: the top-level value of a JSON document, or the root element of an XML one.
    public var root: Node { Node(document: self, index: rootIndex) }

    /// The index of ``root``: the first child of the document node that is
    /// not a comment or processing instruction. The one place the root is
    /// found (the evaluators read it without making a node).
    package var rootIndex: UInt32 {
        let nodes = table.nodes.buffer
        var index: UInt32 = 1
        while Int(index) < nodes.count {
            let record = nodes[Int(index)]
            if record.kind != .comment && record.kind != .processingInstruction { return index }
            index = record.subtreeEnd(at: index)
        }
        preconditionFailure("a loaded document always has a root")
    }

    /// How many nodes the document holds, the document node included.
    public var nodeCount: Int { table.nodes.count }

    /// The node at a position in document order (0 is the document node).
    package func node(at index: UInt32) -> Node { Node(document: self, index: index) }
}
