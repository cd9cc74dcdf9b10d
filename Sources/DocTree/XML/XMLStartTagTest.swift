/// A filter's test that a streamed edit decides on its candidate's start
/// tag, without building the candidate as a tree (see
/// ``XMLEditSelector/filter(_:decide:startTag:)``): one that reads only
/// keys of the element (`[?id == 7]`, `[?k == 'x' && !deleted]`). A key
/// selects the attributes and the child elements so named; until a child
/// element so named starts, the attributes decide, and the locator needs
/// nothing of the element's content. When one starts, the test is run on a
/// small tree instead: the element, the attributes the keys select and the
/// child elements they select, which is all that the test reads.
package struct XMLStartTagTest {
    /// The names the test reads (at most 64).
    package let keys: [[UInt8]]
    /// The key of the step after the filter, if there is one: its matches
    /// in a candidate that passes are the attributes and the child
    /// elements so named; none: the candidate itself.
    package let then: [UInt8]?
    /// Which of the candidates that pass, numbered from 0 in document
    /// order, the index or slice between the filter and that key picks
    /// (`[?id > 7][0]`: the first to pass); `nil`: every one.
    package let picks: Range<Int>?
    /// Decides from the values of the attributes the keys select.
    package let decide: (XMLStartTagValues) -> Bool
    /// Decides on a tree whose root element holds the attributes and the
    /// child elements the keys select.
    package let decideTree: (Document) throws -> Bool

    package init(
        keys: [[UInt8]], then: [UInt8]?, picks: Range<Int>? = nil, decide: @escaping (XMLStartTagValues) -> Bool,
        decideTree: @escaping (Document) throws -> Bool
    ) {
        precondition(keys.count <= 64, "a start-tag test reads at most 64 keys")
        self.keys = keys
        self.then = then
        self.picks = picks
        self.decide = decide
        self.decideTree = decideTree
    }
}

/// The attributes of a start tag that the keys of an ``XMLStartTagTest``
/// select, their values as the document's tree holds them (references
/// decoded, normalised), copied into one buffer reused from one candidate
/// to the next.
package struct XMLStartTagValues {
    fileprivate struct Entry {
        /// The keys (by their place, as bits) that select the attribute.
        var keys: UInt64
        /// The parser's names, valid until the parse ends.
        var local: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        /// The namespace URI in ``bytes`` with its zero byte (`-1`: none).
        var uri: Int
        var value: Range<Int>
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// Whether `body` holds for the value of some attribute key `key` selects.
    package func any(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let bit: UInt64 = 1 << UInt64(key)
        return bytes.withUnsafeBufferPointer { all in
            for entry in entries where entry.keys & bit != 0 {
                if body(UnsafeBufferPointer(rebasing: all[entry.value])) { return true }
            }
            return false
        }
    }

    mutating func append(
        keys: UInt64, local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) {
        var uri = -1
        if let namespaceURI {
            uri = bytes.count
            var length = 0
            while namespaceURI[length] != 0 { length += 1 }
            bytes.append(contentsOf: UnsafeBufferPointer(start: namespaceURI, count: length + 1))
        }
        let start = bytes.count
        bytes.append(contentsOf: value)
        entries.append(Entry(keys: keys, local: local, prefix: prefix, uri: uri, value: start..<bytes.count))
    }

    /// Adds the attributes to the element `builder` just started.
    func add(to builder: inout XMLTreeBuilder) throws(LoadError) {
        try bytes.withUnsafeBufferPointer { (all) throws(LoadError) in
            let base = all.baseAddress
            for entry in entries {
                try builder.addAttribute(
                    local: entry.local, prefix: entry.prefix, namespaceURI: entry.uri < 0 ? nil : base! + entry.uri,
                    value: UnsafeBufferPointer(rebasing: all[entry.value]))
            }
        }
    }

    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}
