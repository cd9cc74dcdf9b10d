/// The interned names of one document: element and attribute names, JSON
/// member keys, processing-instruction targets, and namespace URIs.
///
/// Id 0 means "no name". A qualified XML name (`soap:Body`) is interned as
/// written; ``localNameID`` maps it to the id of its local part (`Body`), so a
/// lookup can match either spelling with two integer comparisons.
package final class NameTable: Sendable {
    /// The names by id; index 0 is the empty placeholder for "no name".
    package let strings: [String]
    /// For each id, the id of its local part (itself when it has no prefix).
    package let localNameIDs: [UInt32]
    /// Name to id. Keys compare by their UTF-8 bytes (see ``NameKey``).
    package let ids: [NameKey: UInt32]
    /// Whether some name has a prefix (a local-name id other than its own),
    /// so that two different names can answer to one local name.
    package let hasPrefixedNames: Bool

    package init(_ builder: Builder) {
        self.strings = builder.strings
        self.localNameIDs = builder.localNameIDs
        self.ids = builder.ids
        self.hasPrefixedNames = builder.localNameIDs.indices.contains { builder.localNameIDs[$0] != UInt32($0) }
    }

    @inline(__always) package subscript(id: UInt32) -> String { strings[Int(id)] }

    /// The id of `name`, or `nil` if no node in the document uses it.
    @inline(__always) package func id(of name: String) -> UInt32? { ids[NameKey(name)] }

    /// Collects names while a document is built.
    package struct Builder {
        // Empty builders share these, so making one allocates nothing.
        private static let noStrings = [""]
        private static let noLocalNameIDs: [UInt32] = [0]

        package var strings: [String] = Builder.noStrings
        package var localNameIDs: [UInt32] = Builder.noLocalNameIDs
        package var ids: [NameKey: UInt32] = [:]
        /// Whether names with a `prefix:` get a separate local-name id (XML).
        package var splitsPrefixes: Bool

        package init(splitsPrefixes: Bool) {
            self.splitsPrefixes = splitsPrefixes
        }

        /// Returns the id of `name`, interning it on first use.
        ///
        /// - Throws: ``LoadError/Kind-swift.struct/tooLarge`` past ``NodeRecord/maxNameID`` names.
        package mutating func intern(_ name: String) throws(LoadError) -> UInt32 {
            if let id = ids[NameKey(name)] { return id }
            var local: UInt32? = nil
            if splitsPrefixes, let localPart = Self.localPart(of: name) {
                if !localPart.isEmpty { local = try intern(localPart) }
            }
            let id = UInt32(strings.count)
            guard id <= NodeRecord.maxNameID else {
                throw LoadError(.tooLarge, "more than \(NodeRecord.maxNameID) distinct names")
            }
            strings.append(name)
            localNameIDs.append(local ?? id)
            ids[NameKey(name)] = id
            return id
        }

        /// Returns the id of `name`, interning it on first use with
        /// `localID` as the id of its local part, or, when `localID` is
        /// `nil`, as a name without a prefix (its own local part). The caller
        /// split the name already: the XML parser hands names over as prefix
        /// and local part, so the search for a colon is saved, and a new
        /// name, the usual case here, is hashed once, not twice.
        ///
        /// - Throws: ``LoadError/Kind-swift.struct/tooLarge`` past ``NodeRecord/maxNameID`` names.
        package mutating func intern(_ name: String, localID: UInt32?) throws(LoadError) -> UInt32 {
            let id = UInt32(strings.count)
            guard id <= NodeRecord.maxNameID else {
                if let known = ids[NameKey(name)] { return known }
                throw LoadError(.tooLarge, "more than \(NodeRecord.maxNameID) distinct names")
            }
            if let known = ids.updateValue(id, forKey: NameKey(name)) {
                ids[NameKey(name)] = known
                return known
            }
            strings.append(name)
            localNameIDs.append(localID ?? id)
            return id
        }

        /// Makes room for `count` names in all, so that interning them
        /// never rehashes the table as it grows.
        package mutating func reserveCapacity(_ count: Int) {
            ids.reserveCapacity(count)
            strings.reserveCapacity(count)
            localNameIDs.reserveCapacity(count)
        }

        /// What follows the first colon of `name`, or `nil` without one.
        /// (Searches the contiguous UTF-8 bytes: the generic `UTF8View`
        /// search cost more than the rest of interning a name.)
        private static func localPart(of name: String) -> String? {
            var name = name
            return name.withUTF8 { bytes in
                guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self)
            }
        }
    }
}

/// A name as a dictionary key that compares by UTF-8 bytes.
///
/// `String` equality is Unicode canonical equivalence, so `"é"` (U+00E9) and
/// `"e\u{301}"` compare equal, yet they are two different JSON keys and two
/// different XML names; interning them under one id would rename one of them.
package struct NameKey: Hashable, Sendable {
    package let string: String

    @inline(__always) package init(_ string: String) { self.string = string }

    package static func == (lhs: NameKey, rhs: NameKey) -> Bool {
        lhs.string.utf8.count == rhs.string.utf8.count && lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
        hasher.combine(0xFF as UInt8)  // a terminator no UTF-8 text contains
    }
}
