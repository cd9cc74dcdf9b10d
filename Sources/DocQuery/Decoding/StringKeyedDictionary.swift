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
        let (names, members) = source.groups()
        var result: [String: Value] = [:]
        result.reserveCapacity(names.count)
        for name in names {
            let indices = members[name]!
            // JSON: the last duplicate wins. XML: a repeated name is a list.
            let value: Matched = !isXML || indices.count == 1
                ? .one(document.node(at: indices[indices.count - 1]))
                : .list(indices.map { document.node(at: $0) })
            result[name] = try state.decode(Value.self, from: value, at: path.appending(NameKey(name)))
        }
        return result
    }
}
