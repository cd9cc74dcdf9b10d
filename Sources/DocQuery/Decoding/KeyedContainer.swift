/// Reads a JSON object's members or an XML element's attributes and child
/// elements by key.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: Members
    let path: CodingPathNode
    let state: DecodingState
    /// The converted keys, for a converting key strategy; `nil` when keys
    /// are names as written.
    private let converted: ConvertedKeys?

    init(_ members: Members, path: CodingPathNode, state: DecodingState) {
        self.members = members
        self.path = path
        self.state = state
        if !state.usesDefaultKeys, let convert = state.options.keyDecodingStrategy.converter(at: path.keys) {
            converted = ConvertedKeys(members, convert: convert)
        } else {
            converted = nil
        }
    }

    private var node: Node { members.node }

    var codingPath: [any CodingKey] { path.keys }

    private var isXML: Bool { node.kind == .element }

    var allKeys: [Key] {
        let names = converted?.keys ?? members.names()
        return names.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { lookup(key.stringValue) != nil }

    /// What `name` matches: the last member of that name in JSON, every
    /// attribute and child element of that name in XML, else what a
    /// reserved key gives; `nil` when nothing.
    private func lookup(_ name: String) -> Matched? {
        if let converted {
            if let matched = members.lookup(anyOf: converted.ids(for: name)) { return matched }
        } else if let matched = members.lookup(name) {
            return matched
        }
        return name.first == "_" ? members.reserved(name) : nil
    }

    /// What `key` matches, or `keyNotFound` naming the closest name present.
    private func require(_ key: Key) throws -> Matched {
        if let matched = lookup(key.stringValue) { return matched }
        let what = members.attributesOnly ? "the element has no attribute named"
            : isXML ? "the element has no attribute or child element named" : "the object has no member named"
        var message = "\(NodeDecoder.path(of: path.appending(key).keys)): required, but \(what) \(Node.preview(key.stringValue))"
        if ReservedKey.all.contains(key.stringValue) {
            message += ", and the reserved key gives nothing here"
        }
        let available = converted?.keys ?? members.names()
        let limit = max(1, key.stringValue.count / 3)
        if let suggestion = Suggestions.closest(to: key.stringValue, in: available, limit: limit) {
            message += " (did you mean \(Node.preview(suggestion))?)"
        }
        throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: path.keys, debugDescription: message))
    }

    /// What `key` matches when it is present and not nil.
    private func present(_ key: Key) -> Matched? {
        guard let matched = lookup(key.stringValue), !matched.isNil else { return nil }
        return matched
    }

    func decodeNil(forKey key: Key) throws -> Bool { lookup(key.stringValue)?.isNil ?? true }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try state.decodeBool(from: require(key), at: path.appending(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try state.decodeString(from: require(key), at: path.appending(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try state.decodeFloatingPoint(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try state.decodeFloatingPoint(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try state.decodeInteger(type, from: require(key), at: path.appending(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // A repeated element that is absent is an empty list (`<items/>` has no `<item>`).
        if T.self is any DecodableArray.Type, lookup(key.stringValue) == nil {
            return try state.decode(type, from: .list([]), at: path.appending(key))
        }
        return try state.decode(type, from: require(key), at: path.appending(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map { try state.decodeBool(from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map { try state.decodeString(from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key).map { try state.decodeFloatingPoint(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key).map { try state.decodeFloatingPoint(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try present(key).map { try state.decodeInteger(type, from: $0, at: path.appending(key)) } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key).map { try state.decode(type, from: $0, at: path.appending(key)) } }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(matched: require(key), path: path.appending(key), state: state).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(matched: require(key), path: path.appending(key), state: state).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(matched: lookup(NameKey.super.stringValue) ?? .list([]), path: path.appending(NameKey.super), state: state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(matched: lookup(key.stringValue) ?? .list([]), path: path.appending(key), state: state)
    }
}

/// Array types, for which a missing key decodes as an empty array.
protocol DecodableArray {}
extension Array: DecodableArray where Element: Decodable {}
