/// Finding the members of a JSON object or the attributes and child
/// elements of an XML element by name, straight from the node table.
///
/// A narrow node is scanned on every lookup, which costs a few record reads.
/// A wide node (more than ``wideThreshold`` members), or any node read with
/// a converting key strategy, gets a ``MemberIndex`` built on first lookup,
/// so decoding every key of a large object stays linear.
enum MemberLookup {
    static let wideThreshold = 32

    /// The synthetic keys an XML element answers to when no attribute or
    /// child element has that name.
    enum ReservedKey: String {
        /// The element's own character data.
        case string = "_string"
        /// All descendant character data.
        case text = "_text"
        /// The element's name as written.
        case elementName = "_elementName"
        /// Every child element, in order.
        case contents = "_contents"
    }

    /// Whether a record is a member for key lookup: any JSON member, or an
    /// XML attribute or element (not text, comments or processing instructions).
    @inline(__always)
    static func isMember(_ kind: UInt8) -> Bool {
        kind != Node.Kind.text.rawValue && kind != Node.Kind.comment.rawValue
            && kind != Node.Kind.processingInstruction.rawValue
    }

    /// Calls `body` with the index and name id (for XML, the local name's id)
    /// of every member of `node`, in document order.
    @inline(__always)
    static func forEachMember(of node: Node, _ body: (_ index: UInt32, _ nameID: UInt32) throws -> Void) rethrows {
        let table = node.document.table
        let nodes = table.nodes
        let localIDs = table.names.localNameIDs
        let isXML = node.kind == .element
        var position = node.index + 1
        let end = nodes[Int(node.index)].a
        while position < end {
            let record = nodes[Int(position)]
            if isMember(record.rawKind) {
                try body(position, isXML ? localIDs[Int(record.name)] : record.name)
            }
            position = table.subtreeEnd(position)
        }
    }

    /// How many members `node` has, counting no further than `limit`.
    static func memberCount(of node: Node, upTo limit: Int) -> Int {
        if node.kind == .object { return Int(node.record.b) }
        let table = node.document.table
        var count = 0
        var position = node.index + 1
        let end = node.record.a
        while position < end && count < limit {
            if isMember(table.nodes[Int(position)].rawKind) { count += 1 }
            position = table.subtreeEnd(position)
        }
        return count
    }

    /// What `name` matches among the members of `node`, by scanning: for
    /// JSON the last member of that name; for XML every attribute and child
    /// element whose qualified or local name it is. `nil` when none does.
    /// Allocates only for a repeated XML name.
    static func scan(_ node: Node, for name: String) -> Matched? {
        let document = node.document
        let table = document.table
        guard let id = table.names.id(of: name) else { return nil }
        let nodes = table.nodes
        let localIDs = table.names.localNameIDs
        let isXML = node.kind == .element
        var first = UInt32.max
        var more: [Node] = []
        var position = node.index + 1
        let end = nodes[Int(node.index)].a
        while position < end {
            let record = nodes[Int(position)]
            if isMember(record.rawKind) {
                let memberName = record.name
                if memberName == id || (isXML && localIDs[Int(memberName)] == id) {
                    if first == .max || !isXML {
                        first = position
                    } else {
                        if more.isEmpty { more.append(document.node(at: first)) }
                        more.append(document.node(at: position))
                    }
                }
            }
            position = table.subtreeEnd(position)
        }
        if !more.isEmpty { return .list(more) }
        return first == .max ? nil : .one(document.node(at: first))
    }

    /// The distinct member names of `node` in order of first appearance
    /// (local names for XML), each with the indices of its members.
    static func groups(of node: Node) -> (names: [String], members: [String: [UInt32]]) {
        let names = node.document.table.names
        var order: [String] = []
        var members: [String: [UInt32]] = [:]
        forEachMember(of: node) { index, nameID in
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
}

/// Member names → member indices for one keyed container, built on first
/// use. The names are converted by the key strategy, if it converts.
final class MemberIndex {
    private let node: Node
    private let convert: ((String) -> String)?
    private var built: (names: [String], members: [String: [UInt32]])?

    init(node: Node, convert: ((String) -> String)?) {
        self.node = node
        self.convert = convert
    }

    private var table: (names: [String], members: [String: [UInt32]]) {
        if let built { return built }
        var (names, members) = MemberLookup.groups(of: node)
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
