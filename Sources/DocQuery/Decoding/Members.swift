/// The members a keyed container reads, found by name straight from the
/// node table: a JSON object's members, an XML element's attributes and
/// child elements, or (for the reserved key `_attributes`) an element's
/// attributes alone.
///
/// A lookup by name is DocTree's (``lookup(_:)``), which indexes wide
/// nodes once, so decoding every key of a large object stays linear. A
/// node read with a converting key strategy gets a ``MemberIndex`` of its
/// converted names on first lookup.
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
        let document = node.document
        guard let id = document.table.names.id(of: name) else { return nil }
        if !isXML {
            guard node.kind == .object, let member = document.lastMember(ofObject: node.index, named: id) else { return nil }
            return .one(document.node(at: member))
        }
        var found: [UInt32] = []
        document.appendMembers(of: node.index, named: id, into: &found)
        if attributesOnly {
            let nodes = document.table.nodes
            found.removeAll { nodes[Int($0)].kind != .attribute }
        }
        switch found.count {
        case 0: return nil
        case 1: return .one(document.node(at: found[0]))
        default: return .list(found.map { document.node(at: $0) })
        }
    }

    /// The distinct member names in order of first appearance (local names
    /// for XML), each with the indices of its members.
    func groups() -> (names: [String], members: [String: [UInt32]]) {
        let names = node.document.table.names
        var order: [String] = []
        var members: [String: [UInt32]] = [:]
        forEach { index, nameID in
            let name = names[nameID]
            if members[name] == nil {
                order.append(name)
                members[name] = [index]
            } else {
                members[name]!.append(index)
            }
        }
        return (order, members)
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

/// Member names → member indices for one keyed container, built on first
/// use. The names are converted by the key strategy, if it converts.
final class MemberIndex {
    private let source: Members
    private let convert: ((String) -> String)?
    private var built: (names: [String], members: [String: [UInt32]])?

    init(_ members: Members, convert: ((String) -> String)?) {
        self.source = members
        self.convert = convert
    }

    private var table: (names: [String], members: [String: [UInt32]]) {
        if let built { return built }
        var (names, members) = source.groups()
        if let convert {
            var convertedNames: [String] = []
            var convertedMembers: [String: [UInt32]] = [:]
            for name in names {
                let key = convert(name)
                if convertedMembers[key] == nil { convertedNames.append(key) }
                convertedMembers[key, default: []].append(contentsOf: members[name]!)
            }
            // Two names that convert alike keep document order.
            for key in convertedNames where convertedMembers[key]!.count > 1 {
                convertedMembers[key]!.sort()
            }
            (names, members) = (convertedNames, convertedMembers)
        }
        built = (names, members)
        return (names, members)
    }

    /// The members whose (converted) name is `name`.
    func members(named name: String) -> [UInt32] { table.members[name] ?? [] }

    /// Every distinct (converted) name, in order of first appearance.
    var names: [String] { table.names }
}
