/// Member lookup by name: the one reading of "the members of this node
/// named so" that every reader shares: the key-path evaluator and its
/// filters, the JMESPath view, the decoder, canonical paths, explanations,
/// docq's leaf paths, ``Node/children(named:)`` and
/// ``Node/attribute(named:)``. A key selects a member when it is the
/// member's name as written or, in XML, its local part (`Body` selects
/// `soap:Body`); processing instructions are never members.
///
/// A wide node (``WideNodeIndex``) answers from the document's index from
/// its second lookup on, whoever asks; a narrow one is scanned.
///
/// Each function runs its whole loop here, beside the record layout, and is
/// called once per container: DocTree's `@inlinable package` accessors are
/// still calls when used from another module (Swift 6.3), so a loop over
/// records written in DocQuery would pay a call per record.
extension Document {
    /// The document's index of wide nodes, made on first use.
    package var wideNodeIndex: WideNodeIndex { derived.value(WideNodeIndex.self) { WideNodeIndex() } }

    /// Appends the members of the container at `node` whose name id is `id`,
    /// in document order: for XML the attributes, then the child elements,
    /// whose qualified name or local part is `id`; for JSON every member
    /// with that key (one, unless the object repeats keys). Arrays and
    /// leaves have none. A wide node (``WideNodeIndex``) answers from its
    /// index from the second lookup on.
    package func appendMembers(of node: UInt32, named id: UInt32, into out: inout [UInt32]) {
        let reader = MemberReader(self)
        reader.appendMembers(of: node, reader.records[Int(node)], id, into: &out)
    }

    /// Calls `body` with each member of the container at `node` that
    /// ``appendMembers(of:named:into:)`` appends, in document order, until
    /// `body` returns `false`; allocates nothing. With `start` (a child of
    /// `node`), only the members from it on.
    package func forEachMember(of node: UInt32, named id: UInt32, from start: UInt32? = nil, _ body: (UInt32) throws -> Bool) rethrows {
        let records = table.nodes.buffer
        let record = records[Int(node)]
        switch record.kind {
        case .object, .element, .document: break
        default: return
        }
        if WideNodeIndex.mayBeWide(node, record), let groups = wideNodeIndex.groups(for: node, in: table) {
            let group = groups[id]
            for member in group[(start.map { group.ordinal(of: $0) } ?? 0)...] where try !body(member) { return }
            return
        }
        try table.names.localNameIDs.withUnsafeBufferPointer { locals in
            var p = start ?? node &+ 1
            let end = record.a
            while p < end {
                let child = records[Int(p)]
                if Self.key(id, selects: child, locals), try !body(p) { return }
                if _slowPath(child.isContainer) { p = child.a } else { p &+= 1 }
            }
        }
    }

    /// The members of the container at `node` grouped by the keys that
    /// select them: the index's groups for a wide node (built now if need
    /// be), else grouped on the spot. For callers that need every key's
    /// members at once.
    package func memberGroups(of node: UInt32) -> ChildGroups {
        let record = table.nodes[Int(node)]
        if WideNodeIndex.mayBeWide(node, record), let groups = wideNodeIndex.groups(for: node, in: table, now: true) {
            return groups
        }
        return ChildGroups(of: node, in: table)
    }

    /// The first attribute of the element at `node` that the key `id`
    /// selects (by qualified name or local part), or `nil`.
    package func attribute(of node: UInt32, named id: UInt32) -> UInt32? {
        let records = table.nodes.buffer
        return table.names.localNameIDs.withUnsafeBufferPointer { locals in
            var p = node &+ 1
            let end = records[Int(node)].a
            while p < end, records[Int(p)].kind == .attribute {
                if Self.key(id, selects: records[Int(p)], locals) { return p }
                p &+= 1
            }
            return nil
        }
    }

    /// Whether the key with name id `id` selects a node whose record is
    /// `record`: its name as written or its local part is the key, and it
    /// is not a processing instruction. Name id 0 ("no name") is selected
    /// by nothing a caller asks for.
    @inline(__always)
    package static func key(_ id: UInt32, selects record: NodeRecord, _ locals: UnsafeBufferPointer<UInt32>) -> Bool {
        let name = record.nameID
        return (name == id || locals[Int(name)] == id) && record.kind != .processingInstruction
    }

    /// A key step over a whole sequence, in one call: for each of `items`
    /// that is a node (below `limit`), the members named `id` of an object,
    /// element or document; on a JSON array, those of each object element,
    /// through nested arrays (as key-value coding applies a key to an
    /// array's elements). Items at or above `limit` are skipped.
    package func appendKeyedMembers(ofEach items: [UInt32], below limit: UInt32, named id: UInt32, into out: inout [UInt32]) {
        let reader = MemberReader(self)
        let records = reader.records
        for item in items where item < limit {
            let record = records[Int(item)]
            switch record.kind {
            case .object, .element, .document:
                reader.appendMembers(of: item, record, id, into: &out)
            case .array:
                var p = item &+ 1
                let end = record.a
                while p < end {
                    let child = records[Int(p)]
                    let kind = child.kind
                    if kind == .array {
                        p &+= 1  // descend: its elements follow it
                        continue
                    }
                    if kind == .object { reader.appendMembers(of: p, child, id, into: &out) }
                    p = child.subtreeEnd(at: p)
                }
            default:
                break
            }
        }
    }

    /// The member of the JSON object at `index` whose key has name id `id`
    /// (the last one when keys repeat, as JSON parsers keep it), or `nil`.
    package func lastMember(ofObject index: UInt32, named id: UInt32) -> UInt32? {
        let nodes = table.nodes.buffer
        let record = nodes[Int(index)]
        let duplicates = record.hasDuplicateKeys
        if record.b == record.a &- index &- 1 {
            // Every member is a scalar (one record each): compare names only.
            // With repeated keys the last one wins, so scan from the end.
            if duplicates {
                var position = record.a
                while position > index &+ 1 {
                    position &-= 1
                    if nodes[Int(position)].nameID == id { return position }
                }
            } else {
                // Name ids are numbered in order of first appearance, so in an
                // object whose keys first appeared in this order (the first of
                // an array of alike objects, and every later one written in the
                // same order) the member sits at its id's distance from the
                // first member's: try there before scanning.
                guard record.a > index &+ 1 else { return nil }
                let guess = index &+ 1 &+ (id &- nodes[Int(index) + 1].nameID)
                if guess < record.a, guess > index, nodes[Int(guess)].nameID == id { return guess }
                var position = index &+ 1
                while position < record.a {
                    if nodes[Int(position)].nameID == id { return position }
                    position &+= 1
                }
            }
            return nil
        }
        if WideNodeIndex.mayBeWide(index, record), let groups = wideNodeIndex.groups(for: index, in: table) {
            return groups[id].last
        }
        var found: UInt32? = nil
        var position = index + 1
        while position < record.a {
            let child = nodes[Int(position)]
            if child.nameID == id {
                found = position
                if !duplicates { break }
            }
            // A branch, not `subtreeEnd(at:)` (which compiles to a
            // conditional move): stepping over a leaf then does not wait
            // for the record's load, so a scan over scalar members runs
            // several times faster.
            if _slowPath(child.isContainer) { position = child.a } else { position &+= 1 }
        }
        return found
    }
}

/// What a member lookup reads, fetched once per call from outside rather
/// than once per container.
private struct MemberReader {
    let document: Document
    let records: UnsafeBufferPointer<NodeRecord>
    let locals: [UInt32]
    let isXML: Bool
    let hasPrefixedNames: Bool

    init(_ document: Document) {
        self.document = document
        self.records = document.table.nodes.buffer
        self.locals = document.table.names.localNameIDs
        self.isXML = document.format == .xml
        self.hasPrefixedNames = document.table.names.hasPrefixedNames
    }

    /// ``Document/appendMembers(of:named:into:)`` for a container whose
    /// record is `record`.
    @inline(__always)
    func appendMembers(of node: UInt32, _ record: NodeRecord, _ id: UInt32, into out: inout [UInt32]) {
        switch record.kind {
        case .object, .element, .document: break
        default: return
        }
        if WideNodeIndex.mayBeWide(node, record) {
            appendWideMembers(of: node, record, id, into: &out)
            return
        }
        scan(node, record, id, into: &out)
    }

    /// A node that may be wide: its index when built, else a scan.
    @inline(never)
    private func appendWideMembers(of node: UInt32, _ record: NodeRecord, _ id: UInt32, into out: inout [UInt32]) {
        if let groups = document.wideNodeIndex.groups(for: node, in: document.table) {
            out.append(contentsOf: groups[id])
        } else {
            scan(node, record, id, into: &out)
        }
    }

    @inline(__always)
    private func scan(_ node: UInt32, _ record: NodeRecord, _ id: UInt32, into out: inout [UInt32]) {
        let records = self.records
        var p = node &+ 1
        let end = record.a
        if isXML {
            locals.withUnsafeBufferPointer { locals in
                if record.kind == .element {
                    // Attributes come first. Their names are unique in an
                    // element (the loader rejects a repeated one), so without
                    // prefixes the first match is the only one among them.
                    while p < end {
                        let child = records[Int(p)]
                        guard child.kind == .attribute else { break }
                        let name = child.nameID
                        p &+= 1
                        if name == id || locals[Int(name)] == id {
                            out.append(p &- 1)
                            if !hasPrefixedNames {
                                while p < end && records[Int(p)].kind == .attribute { p &+= 1 }
                                break
                            }
                        }
                    }
                    // Without child elements nothing after the attributes has a name.
                    if !record.hasElementChildren { return }
                }
                while p < end {
                    let child = records[Int(p)]
                    if Document.key(id, selects: child, locals) { out.append(p) }
                    p = child.subtreeEnd(at: p)
                }
            }
        } else if record.kind == .object && !record.hasDuplicateKeys {
            // Keys are unique here: the first match is the only one.
            while p < end {
                let child = records[Int(p)]
                if child.nameID == id {
                    out.append(p)
                    return
                }
                p = child.subtreeEnd(at: p)
            }
        } else {
            while p < end {
                let child = records[Int(p)]
                if child.nameID == id { out.append(p) }
                p = child.subtreeEnd(at: p)
            }
        }
    }
}
