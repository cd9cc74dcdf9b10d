/// The `Encoder` handed to each `encode(to:)`: the box it fills, the path
/// that led there, and the shared state.
struct TreeEncoder: Encoder {
    let box: EncodingBox
    let path: [any CodingKey]
    let state: EncodingState

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeKeyed()
        return KeyedEncodingContainer(KeyedEncoder<Key>(box: box, path: path, state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeUnkeyed()
        return UnkeyedEncoder(box: box, path: path, state: state)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoder(box: box, path: path, state: state)
    }
}

/// Writes an object's members, or an element's attributes and children, by key.
struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let path: [any CodingKey]
    let state: EncodingState

    var codingPath: [any CodingKey] { path }

    /// The new box of `key`'s member.
    private func member(_ key: Key) -> EncodingBox {
        let (name, isAttribute) = state.name(of: key, at: path)
        return box.member(name, isAttribute: isAttribute)
    }

    mutating func encodeNil(forKey key: Key) throws { member(key).value = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, forKey: key) }

    /// Encodes any value under `key` (the primitives' overloads call it by
    /// this name, which cannot resolve back to themselves).
    private func put<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.encode(value, into: member(key), at: path + [key])
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try put(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try put(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(box: member(key), path: path + [key], state: state).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(box: member(key), path: path + [key], state: state).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(box: box.member(NameKey.super.stringValue, isAttribute: false), path: path + [NameKey.super], state: state)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(box: member(key), path: path + [key], state: state)
    }
}

/// Appends the elements of an array (repeated elements in XML).
struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let box: EncodingBox
    let path: [any CodingKey]
    let state: EncodingState

    var codingPath: [any CodingKey] { path }
    var count: Int { box.count }

    /// The path of the element about to be appended.
    private var next: [any CodingKey] { path + [IndexKey(box.count)] }

    mutating func encodeNil() throws { box.appended().value = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    /// Appends any value (see `KeyedEncoder.put`).
    private func put<T: Encodable>(_ value: T) throws {
        let at = next
        try state.encode(value, into: box.appended(), at: at)
    }

    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try put(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let at = next
        return TreeEncoder(box: box.appended(), path: at, state: state).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let at = next
        return TreeEncoder(box: box.appended(), path: at, state: state).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let at = next
        return TreeEncoder(box: box.appended(), path: at, state: state)
    }
}

/// Writes the one value an encoder stands for.
struct SingleValueEncoder: SingleValueEncodingContainer {
    let box: EncodingBox
    let path: [any CodingKey]
    let state: EncodingState

    var codingPath: [any CodingKey] { path }

    mutating func encodeNil() throws { box.value = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    /// Writes any value (see `KeyedEncoder.put`).
    private func put<T: Encodable>(_ value: T) throws {
        try state.encode(value, into: box, at: path)
    }

    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try put(value) }
}
