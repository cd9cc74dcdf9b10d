/// A document loaded for editing: the tree, where each node stands in the
/// parsed bytes, and those bytes.
package struct EditableSource: Sendable {
    /// The tree.
    package var document: Document
    /// Each node's span in ``text``.
    package var spans: NodeSpans
    /// The bytes the parser read (UTF-8), which edits patch.
    package var text: [UInt8]
    /// Bytes the loader dropped before ``text`` (a UTF-8 byte order mark),
    /// written back in front of the result.
    package var prefix: [UInt8]

    /// Loads `bytes` for editing.
    ///
    /// - Throws: ``LoadError`` as a load does, and
    ///   ``LoadError/Kind-swift.struct/unsupportedEncoding`` for input that
    ///   is not UTF-8 (editing writes UTF-8 only, for now).
    package init(bytes: [UInt8], options: LoadOptions) throws(LoadError) {
        try Document.checkInputSize(bytes.count, options: options)
        let prepared = try InputDecoding.prepare(bytes, charset: nil, options: options)
        if let detected = prepared.detected, !detected.encoding.isUTF8 {
            throw LoadError(
                .unsupportedEncoding,
                "editing a document in \(detected.encoding.label) is not supported; only UTF-8 documents can be edited")
        }
        let prefix = bytes.starts(with: InputDecoding.byteOrderMarkUTF8) && !prepared.bytes.starts(with: InputDecoding.byteOrderMarkUTF8)
            ? InputDecoding.byteOrderMarkUTF8 : []
        switch prepared.format {
        case .json:
            (document, spans) = try JSONScanner.parseWithSpans(prepared.bytes, options: options)
        case .xml:
            throw LoadError(.unsupportedEncoding, "editing XML documents is not supported yet; only JSON documents can be edited")
        }
        self.text = prepared.bytes
        self.prefix = prefix
    }

}
