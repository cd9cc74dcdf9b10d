/// `[String: V]` decodes straight from the members, so its keys are the
/// names as written (never converted by the key strategy) and a wide object
/// costs no per-key lookups.
protocol StringKeyedDictionary {
    static func decodeMembers(from matched: Matched, at path: CodingPathNode, state: DecodingState) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeMembers(from matched: Matched, at path: CodingPathNode, state: DecodingState) throws -> Self {
        let source = try TreeDecoder(matched: matched, path: path, state: state).keyedMembers(Self.self)
        let document = source.node.document
        let isXML = source.isXML
        let names = document.table.names
        let nodes = document.table.nodes
        let groups = document.memberGroups(of: source.node.index)
        let ids = source.nameIDs()
        var result: [String: Value] = [:]
        result.reserveCapacity(ids.count)
        for id in ids {
            let name = names[id]
            var indices = groups[id]
            if source.attributesOnly { indices.removeAll { nodes[Int($0)].kind != .attribute } }
            // JSON: the last duplicate wins. XML: a repeated name is a list.
            let value: Matched = !isXML || indices.count == 1
                ? .one(document.node(at: indices[indices.count - 1]))
                : .list(indices.map { document.node(at: $0) })
            result[name] = try state.decode(Value.self, from: value, at: path.appending(NameKey(name)))
        }
        return result
    }
}
