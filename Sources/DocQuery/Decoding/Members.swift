/// The members a keyed container reads, found by name straight from the
/// node table: a JSON object's members, an XML element's attributes and
/// child elements, or (for the reserved key `_attributes`) an element's
/// attributes alone.
///
/// A lookup by name is DocTree's member lookup (``lookup(_:)``), which
/// indexes wide nodes once, so decoding every key of a large object stays
/// linear. A container read with a converting key strategy translates a
/// key to the names that convert to it (``ConvertedKeys``) and looks those
/// up the same way.
struct Members {

    let node: Node
    let attributesOnly: Bool

    init(of node: Node, attributesOnly: Bool = false) {
        self.node = node
        self.attributesOnly = attributesOnly
    }

    var isXML: Bool { node.kind == .element }

    /// Whether a record of this kind is a member: any JSON member; an XML
    /// attribute or element (not text, comments or processing instructions).
    @inline(__always)
    private func includes(_ kind: Node.Kind) -> Bool {
        if attributesOnly { return kind == .attribute }
        return kind != .text && kind != .comment && kind != .processingInstruction
    }

    /// Calls `body` with the index and name id (for XML, the local name's id)
    /// of every member, in document order.
    @inline(__always)
    func forEach(_ body: (_ index: UInt32, _ nameID: UInt32) throws -> Void) rethrows {
        let nodes = node.document.table.nodes
        let localIDs = node.document.table.names.localNameIDs
        let isXML = self.isXML
        var position = node.index + 1
        let end = nodes[Int(node.index)].a
        while position < end {
            let record = nodes[Int(position)]
            if includes(record.kind) {
                try body(position, isXML ? localIDs[Int(record.nameID)] : record.nameID)
            }
            position = Members.next(after: position, record)
        }
    }

    /// The index just past the subtree of the record at `position`.
    @inline(__always)
    static func next(after position: UInt32, _ record: NodeRecord) -> UInt32 {
        record.subtreeEnd(at: position)
    }

    /// What `name` matches: for JSON the last member of that name; for XML
    /// every attribute (only those, for `_attributes`) and child element
    /// whose qualified or local name it is. `nil` when none does. DocTree's
    /// member lookup finds them (with the document's one index of wide
    /// nodes); allocates only for a repeated XML name.
    func lookup(_ name: String) -> Matched? {
        guard let id = node.document.table.names.id(of: name) else { return nil }
        return lookup(anyOf: CollectionOfOne(id))
    }

    /// What the names `ids` match together, as ``lookup(_:)`` reads one
    /// name: the members of several names (a converting key strategy's
    /// names that convert alike) in document order.
    func lookup(anyOf ids: some Collection<UInt32>) -> Matched? {
        let document = node.document
        if !isXML, ids.count == 1 {
            guard node.kind == .object, let member = document.lastMember(ofObject: node.index, named: ids.first!) else { return nil }
            return .one(document.node(at: member))
        }
        var found: [UInt32] = []
        for id in ids { document.appendMembers(of: node.index, named: id, into: &found) }
        if ids.count > 1 { found.sort() }
        if attributesOnly {
            let nodes = document.table.nodes
            found.removeAll { nodes[Int($0)].kind != .attribute }
        }
        switch found.count {
        case 0: return nil
        case 1: return .one(document.node(at: found[0]))
        default: return isXML ? .list(found.map { document.node(at: $0) }) : .one(document.node(at: found[found.count - 1]))
        }
    }

    /// The distinct name ids of the members (for XML, of their local
    /// names), in order of first appearance.
    func nameIDs() -> [UInt32] {
        var order: [UInt32] = []
        var seen = Set<UInt32>()
        forEach { _, id in
            if seen.insert(id).inserted { order.append(id) }
        }
        return order
    }

    /// The distinct member names (local names for XML), in order of first
    /// appearance.
    func names() -> [String] {
        let names = node.document.table.names
        return nameIDs().map { names[$0] }
    }

    /// What a reserved key (``ReservedKey``) gives when no member has that
    /// name, or `nil` when it gives nothing here.
    func reserved(_ name: String) -> Matched? {
        guard !attributesOnly else { return nil }
        switch name {
        case ReservedKey.contents: return .list(Array(node.contents))
        case ReservedKey.string: return node.string.map { .text($0) }
        case ReservedKey.text: return .text(node.text)
        case ReservedKey.elementName: return node.name.map { .text($0) }
        case ReservedKey.attributes: return isXML ? .attributes(node) : nil
        default: return nil
        }
    }
}

/// A converting key strategy's reading of one keyed container's names:
/// each converted key with the name ids (local names' for XML) that
/// convert to it, made on first use. The members themselves come from
/// ``Members/lookup(anyOf:)``, DocTree's member lookup.
final class ConvertedKeys {
    private let source: Members
    private let convert: (String) -> String
    private var built: (keys: [String], ids: [String: [UInt32]])?

    init(_ members: Members, convert: @escaping (String) -> String) {
        self.source = members
        self.convert = convert
    }

    private var table: (keys: [String], ids: [String: [UInt32]]) {
        if let built { return built }
        let names = source.node.document.table.names
        var keys: [String] = []
        var ids: [String: [UInt32]] = [:]
        for id in source.nameIDs() {
            let key = convert(names[id])
            if ids[key] == nil { keys.append(key) }
            ids[key, default: []].append(id)
        }
        built = (keys, ids)
        return (keys, ids)
    }

    /// The name ids whose names convert to `key`.
    func ids(for key: String) -> [UInt32] { table.ids[key] ?? [] }

    /// Every distinct converted key, in order of first appearance.
    var keys: [String] { table.keys }
}
