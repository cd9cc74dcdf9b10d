/// Reads the elements of a JSON array, the nodes one key or path matched,
/// or a single value as an array of one.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    private enum Elements {
        /// A JSON array's elements, walked by subtree jumps.
        case array(Document, next: UInt32, end: UInt32)
        /// Matched nodes (XML's repeated elements, a path's matches).
        case list([Node])
        /// One value standing for an array of one.
        case single(Matched)
    }

    private var elements: Elements
    let path: CodingPathNode
    let state: DecodingState
    let count: Int?
    private(set) var currentIndex = 0

    /// The elements of a JSON array, or any other single node as an array of one.
    init(node: Node, path: CodingPathNode, state: DecodingState) throws {
        self.path = path
        self.state = state
        switch node.kind {
        case .array:
            let record = node.record
            elements = .array(node.document, next: node.index + 1, end: record.a)
            count = Int(record.b)
        case .null:
            throw state.valueNotFound([Any].self, at: path, "found null")
        case .comment, .processingInstruction, .document:
            throw state.typeMismatch([Any].self, at: path, "found \(node.decodingDescription)")
        default:
            elements = .single(.one(node))
            count = 1
        }
    }

    /// Every node of a list, in order.
    init(nodes: [Node], path: CodingPathNode, state: DecodingState) {
        self.path = path
        self.state = state
        elements = .list(nodes)
        count = nodes.count
    }

    /// One value (reserved-key text) as an array of one.
    init(single: Matched, path: CodingPathNode, state: DecodingState) {
        self.path = path
        self.state = state
        elements = .single(single)
        count = 1
    }

    var codingPath: [any CodingKey] { path.keys }

    var isAtEnd: Bool { currentIndex >= count! }

    /// The current element, or `valueNotFound` past the end.
    private func current(_ type: Any.Type) throws -> Matched {
        guard !isAtEnd else {
            throw state.valueNotFound(
                type, at: path.appending(index: currentIndex),
                "the array has only \(count!) element\(count == 1 ? "" : "s")")
        }
        switch elements {
        case .array(let document, let next, _): return .one(document.node(at: next))
        case .list(let nodes): return .one(nodes[currentIndex])
        case .single(let matched): return matched
        }
    }

    private mutating func advance() {
        if case .array(let document, let next, let end) = elements {
            elements = .array(document, next: Members.next(after: next, document.table.nodes[Int(next)]), end: end)
        }
        currentIndex += 1
    }

    /// Decodes the current element with `read` and moves past it on success.
    private mutating func next<T>(_ type: T.Type, _ read: (DecodingState, Matched, CodingPathNode) throws -> T) throws -> T {
        let value = try read(state, current(type), path.appending(index: currentIndex))
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Any?.self).isNil else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decodeBool(from: $1, at: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decodeString(from: $1, at: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decodeFloatingPoint(type, from: $1, at: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decodeFloatingPoint(type, from: $1, at: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try next(type) { try $0.decodeInteger(type, from: $1, at: $2) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type, from: $1, at: $2) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) {
            try TreeDecoder(matched: $1, path: $2, state: $0).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) {
            try TreeDecoder(matched: $1, path: $2, state: $0).unkeyedContainer()
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { TreeDecoder(matched: $1, path: $2, state: $0) }
    }
}
