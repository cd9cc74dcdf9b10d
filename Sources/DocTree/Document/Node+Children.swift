extension Node {
    /// The children of a node, in document order, walked by jumping from
    /// each child to the end of its subtree.
    ///
    /// Iterating costs nothing per child beyond reading its record. `count`
    /// walks the children, whatever the kind of node.
    public struct Children: Sequence, Sendable {
        let document: Document
        let start: UInt32
        let end: UInt32
        /// Bit `k` set: kind `k` is included.
        let kinds: UInt16

        /// Walks the children.
        public struct Iterator: IteratorProtocol, Sendable {
            let document: Document
            var position: UInt32
            let end: UInt32
            let kinds: UInt16

            public mutating func next() -> Node? {
                let table = document.table
                while position < end {
                    let index = position
                    let kind = table.nodes[Int(index)].kind.rawValue
                    position = table.subtreeEnd(index)
                    if kinds & (1 << UInt16(kind)) != 0 {
                        return Node(document: document, index: index)
                    }
                }
                return nil
            }
        }

        public func makeIterator() -> Iterator {
            Iterator(document: document, position: start, end: end, kinds: kinds)
        }

        /// How many children there are.
        public var count: Int {
            var n = 0
            var it = makeIterator()
            while it.next() != nil { n += 1 }
            return n
        }

        /// Whether there are none.
        public var isEmpty: Bool {
            var it = makeIterator()
            return it.next() == nil
        }

        /// The first child, if any.
        public var first: Node? {
            var it = makeIterator()
            return it.next()
        }
    }

    package static func mask(_ kinds: Kind...) -> UInt16 {
        kinds.reduce(0) { $0 | (1 << UInt16($1.rawValue)) }
    }

    package static let allButAttributes: UInt16 = ~mask(.attribute)
    package static let contentKinds: UInt16 = ~mask(.attribute, .text, .comment, .processingInstruction)

    private func children(kinds: UInt16) -> Children {
        let record = self.record
        guard record.kind.isContainer else {
            return Children(document: document, start: 0, end: 0, kinds: kinds)
        }
        return Children(document: document, start: index + 1, end: record.a, kinds: kinds)
    }

    /// Every child in document order except attributes: for XML the child
    /// elements, text runs and any kept comments and processing instructions;
    /// for JSON the member values of an object or the elements of an array.
    public var children: Children { children(kinds: Node.allButAttributes) }

    /// The children that count as content, the `_contents` of a path: child
    /// elements for XML (no text, comments or processing instructions), and
    /// member values or array elements for JSON.
    public var contents: Children { children(kinds: Node.contentKinds) }

    /// The attributes of an XML element, in document order; each is a node of
    /// kind ``Kind-swift.enum/attribute`` whose ``name`` is the attribute name
    /// and ``string`` its value. Empty for anything else.
    public var attributes: Children { children(kinds: Node.mask(.attribute)) }

    /// Every attribute and child whose name is `name`, in document order:
    /// for XML, attributes first, then child elements (matching either the
    /// qualified name as written or the local name); for JSON, every member
    /// with that key, duplicates included.
    public func children(named name: String) -> [Node] {
        guard let id = document.table.names.id(of: name) else { return [] }
        var found: [UInt32] = []
        document.appendMembers(of: index, named: id, into: &found)
        return found.map { Node(document: document, index: $0) }
    }

    /// The first attribute named `name` (qualified or local), or `nil`.
    public func attribute(named name: String) -> Node? {
        guard record.kind == .element, let id = document.table.names.id(of: name),
            let attribute = document.attribute(of: index, named: id)
        else { return nil }
        return Node(document: document, index: attribute)
    }
}
