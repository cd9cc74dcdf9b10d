/// The `Decoder` handed to each `init(from:)`: what one key matched, the
/// path that led there, and the shared state.
struct TreeDecoder: Decoder {
    let matched: Matched
    let path: CodingPathNode
    let state: DecodingState

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let members = try keyedMembers(KeyedDecodingContainer<Key>.self)
        return KeyedDecodingContainer(KeyedContainer<Key>(members, path: path, state: state))
    }

    /// The members of the JSON object or XML element a keyed container
    /// reads (or of an element's `_attributes`), or the error that says why
    /// there is none.
    func keyedMembers(_ type: @autoclosure () -> Any.Type) throws -> Members {
        let node: Node
        switch matched {
        case .attributes(let element):
            return Members(of: element, attributesOnly: true)
        case .one(let one):
            node = one
        case .list(let nodes):
            guard nodes.count == 1 else { throw state.countMismatch(type(), nodes, at: path) }
            node = nodes[0]
        case .text(let text):
            throw state.typeMismatch(type(), at: path, "found the text \(Node.preview(text)), which has no keys")
        }
        switch node.kind {
        case .object, .element:
            return Members(of: node)
        case .null:
            throw state.valueNotFound(type(), at: path, "found null")
        default:
            throw state.typeMismatch(type(), at: path, "found \(node.decodingDescription), which has no keys")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch matched {
        case .one(let node):
            return try UnkeyedContainer(node: node, path: path, state: state)
        case .list(let nodes):
            // Each matched node is one element, even a lone JSON array:
            // `[[Int]]` at a path that matched one array gets that array.
            // A lone null is no array at all.
            if nodes.count == 1, nodes[0].kind == .null {
                throw state.valueNotFound([Any].self, at: path, "found null")
            }
            return UnkeyedContainer(nodes: nodes, path: path, state: state)
        case .text:
            return UnkeyedContainer(single: matched, path: path, state: state)
        case .attributes(let element):
            return UnkeyedContainer(nodes: Array(element.attributes), path: path, state: state)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(matched: matched, path: path, state: state)
    }
}

/// Reads the one value a decoder stands for.
struct SingleValueContainer: SingleValueDecodingContainer {
    let matched: Matched
    let path: CodingPathNode
    let state: DecodingState

    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { matched.isNil }

    func decode(_ type: Bool.Type) throws -> Bool { try state.decodeBool(from: matched, at: path) }
    func decode(_ type: String.Type) throws -> String { try state.decodeString(from: matched, at: path) }
    func decode(_ type: Double.Type) throws -> Double { try state.decodeFloatingPoint(type, from: matched, at: path) }
    func decode(_ type: Float.Type) throws -> Float { try state.decodeFloatingPoint(type, from: matched, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.decodeInteger(type, from: matched, at: path) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.decodeInteger(type, from: matched, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.decodeInteger(type, from: matched, at: path) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try state.decodeInteger(type, from: matched, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.decode(type, from: matched, at: path) }
}
