/// The JSON view of the tree that JMESPath reads (the "XML to tree mapping"
/// article, ``Node/jsonString(pretty:)``): a node's type and its members by
/// name, each decided in one call beside the record layout.
///
/// A `package` accessor is a call from another module (Swift 6.3 inlines
/// only public bodies across modules), so the JMESPath evaluator asks here
/// once per member or projection step rather than reading records itself.
///
/// JSON nodes are what they are. An XML element with attributes or child
/// elements is an object, any other element a string (its text); an
/// attribute, text run, comment or processing instruction is a string; the
/// document node is its root. As in key paths, a name without a prefix also
/// finds a prefixed XML name by its local part (`Body` finds `soap:Body`)
/// when nothing has that exact name. Name id 0 ("no name") finds nothing.
extension Document {
    /// What ``viewMember(of:named:)`` finds.
    package enum ViewMember: Equatable {
        /// No member has the name.
        case missing
        /// No member has the name, and the node is an element with text
        /// that is not only whitespace: its `_string` member is that text.
        case missingBesideText
        /// One node.
        case node(UInt32)
        /// Several children of the element share the name (an attribute
        /// and child elements of its name included): one array, whose
        /// elements ``appendNamedChildren(of:named:byLocalName:into:)`` finds.
        /// `byLocalName` when they answer by their local part.
        case repeated(byLocalName: Bool)
    }

    /// The kind the node at `index` has in the JSON view: `.object`,
    /// `.array`, `.string`, `.number`, `.true`, `.false` or `.null`.
    package func viewKind(of index: UInt32) -> Node.Kind {
        let records = table.nodes.buffer
        let record = records[Int(index)]
        switch record.kind {
        case .object, .array, .string, .number, .true, .false, .null:
            return record.kind
        case .attribute, .text, .comment, .processingInstruction:
            return .string
        case .element:
            return Self.isObjectElement(index, record, records) ? .object : .string
        case .document:
            return viewKind(of: rootIndex)
        }
    }

    /// The member named `id` of the node at `index` in the JSON view: of a
    /// JSON object the member with that key (the last one when keys repeat,
    /// as JSON parsers keep it); of an element that is an object its
    /// attribute or child elements of that name (the attribute alone when
    /// it has no child elements); nothing for any other node.
    package func viewMember(of index: UInt32, named id: UInt32) -> ViewMember {
        let records = table.nodes.buffer
        let node = index == 0 ? rootIndex : index
        let record = records[Int(node)]
        switch record.kind {
        case .object:
            guard id != 0, let member = lastMember(ofObject: node, named: id) else { return .missing }
            return .node(member)
        case .element:
            guard Self.isObjectElement(node, record, records) else { return .missing }
            return elementMember(of: node, record, named: id)
        default:
            return .missing
        }
    }

    /// `items[*].a.b` in one call: follows the names `ids[slots[0]]`,
    /// `ids[slots[1]]`, … (a compiled expression's slots) from each
    /// element of a JSON array at `parent` (`name` nil) or of the children
    /// of the element at `parent` named `name` (by local part with
    /// `byLocalName`), and appends each node reached that is not a JSON
    /// null, in order. An element missing a step is left out, also when it
    /// has text: the caller takes this way only for paths without `_string`.
    ///
    /// Returns `false`, having appended some, when a step reaches a
    /// repeated name: its value is an array, not one node, and the caller
    /// evaluates the projection in general instead.
    package func appendViewPaths(
        ofElementsOf parent: UInt32, named name: UInt32?, byLocalName: Bool, following slots: [Int], of ids: [UInt32], into out: inout [UInt32]
    ) -> Bool {
        let records = table.nodes.buffer
        if let name {
            var complete = true
            forEachMember(of: parent, named: name) { member in
                guard byLocalName || records[Int(member)].nameID == name else { return true }
                switch follow(slots, of: ids, from: member, records) {
                case .node(let found): out.append(found)
                case .repeated:
                    complete = false
                    return false
                case .missing, .missingBesideText: break
                }
                return true
            }
            return complete
        }
        var p = parent &+ 1
        let end = records[Int(parent)].a
        while p < end {
            switch follow(slots, of: ids, from: p, records) {
            case .node(let found): out.append(found)
            case .repeated: return false
            case .missing, .missingBesideText: break
            }
            p = records[Int(p)].subtreeEnd(at: p)
        }
        return true
    }

    /// The node `ids[slots[0]]`, `ids[slots[1]]`, … reach from `start`:
    /// `.node` when it is one node other than a JSON null, `.repeated` at
    /// a repeated name, else `.missing`.
    @inline(__always)
    private func follow(_ slots: [Int], of ids: [UInt32], from start: UInt32, _ records: UnsafeBufferPointer<NodeRecord>) -> ViewMember {
        var current = start
        for slot in slots {
            let id = ids[slot]
            let record = records[Int(current)]
            switch record.kind {
            case .object:
                guard id != 0, let member = lastMember(ofObject: current, named: id) else { return .missing }
                current = member
            case .element where Self.isObjectElement(current, record, records):
                switch elementMember(of: current, record, named: id) {
                case .node(let member): current = member
                case .missing, .missingBesideText: return .missing
                case .repeated: return .repeated(byLocalName: false)
                }
            default:
                return .missing
            }
        }
        return records[Int(current)].kind == .null ? .missing : .node(current)
    }

    /// Whether an element is an object in the JSON view: it has attributes
    /// or child elements.
    @inline(__always)
    private static func isObjectElement(_ index: UInt32, _ record: NodeRecord, _ records: UnsafeBufferPointer<NodeRecord>) -> Bool {
        record.hasElementChildren || (index &+ 1 < record.a && records[Int(index) + 1].kind == .attribute)
    }

    /// ``viewMember(of:named:)`` for an element that is an object: the
    /// members named `id` as written; when none is, in documents with
    /// prefixes, those whose local part is `id`. One pass of the member
    /// lookup, which stops at a second member named as written.
    private func elementMember(of index: UInt32, _ record: NodeRecord, named id: UInt32) -> ViewMember {
        if id != 0 {
            let records = table.nodes.buffer
            var exact: UInt32? = nil
            var exactCount = 0
            var local: UInt32? = nil
            var localCount = 0
            forEachMember(of: index, named: id) { member in
                guard records[Int(member)].nameID == id else {
                    if local == nil { local = member }
                    localCount += 1
                    return true
                }
                if exact == nil { exact = member }
                exactCount += 1
                return exactCount < 2
            }
            if exactCount > 1 { return .repeated(byLocalName: false) }
            // Attributes come first: with no child element of its name, it is the value.
            if let exact { return .node(exact) }
            if localCount > 1 { return .repeated(byLocalName: true) }
            if let local { return .node(local) }
        }
        return record.flags.contains(.hasText) ? .missingBesideText : .missing
    }

    /// Appends the children of the element at `parent` that are elements
    /// or attributes named `id` (by local part with `byLocalName`): the
    /// elements of a repeated name, in one call.
    package func appendNamedChildren(of parent: UInt32, named id: UInt32, byLocalName: Bool, into out: inout [UInt32]) {
        let records = table.nodes.buffer
        forEachMember(of: parent, named: id) { member in
            if byLocalName || records[Int(member)].nameID == id { out.append(member) }
            return true
        }
    }
}
