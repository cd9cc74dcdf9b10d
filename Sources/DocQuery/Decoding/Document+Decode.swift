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
    ///   - type: the type to decode.
    ///   - path: a path in the path language, from the root (the root element
    ///     for XML, the top-level value for JSON); `""` or `.` is the root itself.
    ///   - decoder: the decoder whose strategies to use.
    /// - Throws: ``QueryError`` for a malformed path; `DecodingError`, whose
    ///   coding path starts with `path` (so a failure reads
    ///   `body.items.item[3].price`).
    public func decode<T: Decodable>(
        _ type: T.Type, at path: String, using decoder: NodeDecoder = NodeDecoder()
    ) throws -> T {
        try root.decode(type, at: path, using: decoder)
    }
}

extension Document {
    /// Decodes the whole document, from its root (the root element of XML,
    /// the top-level value of JSON): `try doc.decode(Response.self)`.
    ///
    /// A key whose target is an array and that is absent decodes as `[]`:
    /// `<items/>` gives `items.item == []`, as an XML API's empty list must.
    ///
    /// - Throws: `DecodingError` with the coding path of the failure.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: NodeDecoder = NodeDecoder()) throws -> T {
        try decode(type, at: "", using: decoder)
    }
}

extension Node {
    /// Decodes a value of `type` from what `path` finds below this node;
    /// see ``DocTree/Document/decode(_:at:using:)``.
    public func decode<T: Decodable>(
        _ type: T.Type, at path: String, using decoder: NodeDecoder = NodeDecoder()
    ) throws -> T {
        try PathQuery(path).evaluate(on: self).decode(type, using: decoder, codingPath: path)
    }
}

extension QueryResult {
    /// Decodes a value of `type` from the matched nodes: each match is one
    /// element of an array type; any other type needs exactly one match (an
    /// `Optional` is `nil` when there is none). Computed values (such as
    /// `@count`) are not nodes and are skipped.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: NodeDecoder = NodeDecoder()) throws -> T {
        try decode(type, using: decoder, codingPath: "")
    }

    fileprivate func decode<T: Decodable>(_ type: T.Type, using decoder: NodeDecoder, codingPath: String) throws -> T {
        // `nodes` already stands a lone JSON array for its elements (one level).
        let path = codingPath == "." ? "" : codingPath
        return try decoder.decode(type, from: nodes, codingPath: path.isEmpty ? [] : [QueryPathKey(path)])
    }
}
