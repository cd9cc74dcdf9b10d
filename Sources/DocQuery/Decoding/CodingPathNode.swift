/// The coding path of a decoder, as a linked list from the innermost key
/// outwards, so that descending one level costs one small allocation and
/// the `[CodingKey]` array is built only when someone asks (mostly errors).
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)
    case index(Int, CodingPathNode)

    func appending(_ key: any CodingKey) -> CodingPathNode { .key(key, self) }
    func appending(index: Int) -> CodingPathNode { .index(index, self) }

    /// The keys from the outermost in.
    var keys: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return reversed.reversed()
            case .key(let key, let parent):
                reversed.append(key)
                node = parent
            case .index(let index, let parent):
                reversed.append(IndexKey(index))
                node = parent
            }
        }
    }

    /// The path in the path language's notation (see `NodeDecoder.path(of:)`).
    var rendered: String { NodeDecoder.path(of: keys) }

    /// The last key's name, if the path ends in a key.
    var lastKeyName: String? {
        if case .key(let key, _) = self { return key.stringValue }
        return nil
    }
}

/// A position in an unkeyed container, spelled `Index 3` as Foundation's
/// decoders spell it.
struct IndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// A key made from a name found in a document, or from a path segment.
/// The path given to ``DocTree/Document/decode(_:at:using:)``, at the head of
/// a coding path; rendered as written, not quoted as a key.
struct QueryPathKey: CodingKey {
    let stringValue: String
    init(_ path: String) { self.stringValue = path }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}

struct NameKey: CodingKey {
    let stringValue: String
    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }

    /// The key `superDecoder()` uses.
    static let `super` = NameKey("super")
}

extension CodingKey {
    /// The array position this key stands for, when it is an unkeyed
    /// container's index key (ours, or one spelled `Index n` by another decoder).
    var arrayIndex: Int? {
        if let key = self as? IndexKey { return key.index }
        guard let int = intValue, stringValue == "Index \(int)" else { return nil }
        return int
    }
}
