extension Document {
    /// Decodes a value of `type` from what `path` finds in this document.
    ///
    /// When `type` is an array type, every node the path matches becomes one
    /// element, so a response that sends one `<item>` decodes exactly as one
    /// that sends fifty, and a path that matches nothing gives an empty
    /// array. A lone JSON array that the path ends on stands for its elements, so
    /// `"item": {…}` and `"item": [{…}, …]` decode alike too. An `Optional`
    /// is `nil` when nothing matches. Any other type needs exactly one match.
    ///
    /// ```swift
    /// let schedules = try doc.decode([Schedule].self, at: "body.items.item")
    /// let total = try doc.decode(Int.self, at: "body.totalCount")
    /// ```
    ///
    /// - Parameters:
    ///   - path: a path from the root (the root element for XML, the
    ///     top-level value for JSON); `""` is the root itself.
    ///   - decoder: the decoder whose strategies to use.
    /// - Throws: `DecodingError`, whose coding path starts with the keys of
    ///   `path` (so a failure reads `body.items.item[3].price`).
    public func decode<T: Decodable>(
        _ type: T.Type, at path: String, using decoder: NodeDecoder = NodeDecoder()
    ) throws -> T {
        // TODO(query): use PathQuery once it lands
        let keys = try DottedPath.keys(of: path)
        var nodes = DottedPath.walk(keys, from: root)
        if nodes.count == 1, nodes[0].kind == .array {
            // A lone JSON array is the collection of its elements (one level).
            nodes = Array(nodes[0].contents)
        }
        return try decoder.decode(type, from: nodes, codingPath: keys.map { NameKey($0) })
    }
}

// TODO(query): use PathQuery once it lands, and delete this walker.
/// A stand-in for the path language: dot-separated keys only.
private enum DottedPath {
    /// The keys of `path`; `""` has none.
    static func keys(of path: String) throws -> [String] {
        if path.isEmpty { return [] }
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if keys.contains(where: \.isEmpty) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "the path \(Node.preview(path)) has an empty key"))
        }
        return keys
    }

    /// Applies each key to each node in turn: a JSON array's elements
    /// (at any depth) stand in for the array, a JSON object gives its last
    /// member of that name, an XML element every attribute and child
    /// element of that name.
    static func walk(_ keys: [String], from root: Node) -> [Node] {
        var current = [root]
        for key in keys {
            var next: [Node] = []
            var pending = current[...]
            while let node = pending.popFirst() {
                switch node.kind {
                case .array:
                    pending = ArraySlice(Array(node.contents) + pending)
                case .object:
                    if let member = node.children(named: key).last { next.append(member) }
                case .element:
                    next.append(contentsOf: node.children(named: key))
                default:
                    break
                }
            }
            current = next
        }
        return current
    }
}
