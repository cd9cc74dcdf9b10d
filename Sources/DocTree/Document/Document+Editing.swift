/// A document loaded for editing: the tree, where each node stands in the
/// parsed bytes, and those bytes.
package struct EditableSource: Sendable {
    /// The tree.
    package var document: Document
    /// Each node's span in ``text`` (empty when loaded without them).
    package var spans: NodeSpans
    /// The bytes the parser read (UTF-8), which edits patch.
    package var text: [UInt8]
    /// Bytes the loader dropped before ``text`` (a UTF-8 byte order mark),
    /// written back in front of the result.
    package var prefix: [UInt8]
    /// The encoding the input came in when it is not UTF-8 (``text`` is
    /// then its transcoding), with the input itself.
    package var legacy: (encoding: CharacterEncoding, original: [UInt8])?
    /// Whether the document is XML (else JSON).
    package private(set) var isXML = false
    /// Whether the JSON was read with comments (``LoadOptions/readsJSONWithComments``).
    package private(set) var readsComments = false
    /// The bytes as given.
    package var original: [UInt8] { legacy?.original ?? (prefix + text) }

    /// Loads `bytes` for editing.
    ///
    /// - Throws: ``LoadError`` as a load does.
    ///
    /// `recordsSpans` false loads the tree only (an edit's result, read
    /// back to check it; ``spans`` stays empty until it is loaded again).
    /// JSON is read with `parser` when documents loaded one after another
    /// share one (made with the same `options`), so that their names are
    /// interned once.
    package init(
        bytes: [UInt8], options: LoadOptions, recordsSpans: Bool = true, parser: JSONRecordParser? = nil
    ) throws(LoadError) {
        try Document.checkInputSize(bytes.count, options: options)
        var prepared = try InputDecoding.prepare(bytes, charset: nil, options: options)
        // libxml2 would convert an XML document its declaration says is in
        // another encoding, and offsets would count its buffer, not these
        // bytes: transcode it here instead, as an explicit encoding does.
        if prepared.format == .xml, prepared.detected == nil, let label = XMLDeclaration.encodingLabel(in: prepared.bytes),
            !(try CharacterEncoding(label: label)).isUTF8
        {
            var declared = options
            declared.encoding = label
            prepared = try InputDecoding.prepare(bytes, charset: nil, options: declared)
        }
        if let detected = prepared.detected, !detected.encoding.isUTF8 {
            legacy = (detected.encoding, bytes)
        }
        // UTF-8 input is prepared by dropping at most a leading byte order
        // mark, so what was dropped is what precedes the prepared bytes.
        let dropped = bytes.count - prepared.bytes.count
        let prefix = dropped > 0 && bytes[dropped...].elementsEqual(prepared.bytes) ? Array(bytes[..<dropped]) : []
        switch prepared.format {
        case .json:
            readsComments = options.readsJSONWithComments
            if recordsSpans {
                (document, spans) = try JSONScanner.parseWithSpans(prepared.bytes, options: options, parser: parser)
            } else {
                (document, spans) = (try JSONScanner.parse(prepared.bytes, options: options, parser: parser), NodeSpans())
            }
        case .xml:
            // XML edits find their places in the bytes while streaming them: no spans.
            isXML = true
            (document, spans) = (try XMLLoader.parse(prepared.bytes, encoding: prepared.xmlEncoding, options: options), NodeSpans())
        }
        self.text = prepared.bytes
        self.prefix = prefix
    }

    /// A JSON document loaded elsewhere with its spans (a record of a
    /// stream, by the stream's reader): `document`'s text is the UTF-8
    /// bytes edits patch.
    package init(json document: Document, spans: NodeSpans, options: LoadOptions) {
        self.document = document
        self.spans = spans
        self.text = document.table.text
        self.prefix = []
        self.readsComments = options.readsJSONWithComments
    }

    /// The document's bytes with `replacements` (ranges of ``text``, in
    /// order, not overlapping) made: UTF-8 ``text`` patched, or, for a
    /// document in another encoding, the original bytes patched at the
    /// places those ranges map to, the new text encoded with `escape` for
    /// what the encoding cannot hold. So bytes outside the replacements stay
    /// exactly as they came, whatever the encoding.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/notEditable`` when
    ///   the original does not convert back to itself (a stateful encoding
    ///   such as ISO-2022-JP), so offsets cannot be mapped.
    package func patched(
        _ replacements: [(range: Range<Int>, bytes: [UInt8])], escape: (Unicode.Scalar) -> String
    ) throws(LoadError) -> [UInt8] {
        guard let (encoding, original) = legacy else {
            var out = prefix
            out.reserveCapacity(text.count + replacements.reduce(0) { $0 + $1.bytes.count })
            var position = 0
            for (range, bytes) in replacements {
                out.append(contentsOf: text[position..<range.lowerBound])
                out.append(contentsOf: bytes)
                position = range.upperBound
            }
            out.append(contentsOf: text[position...])
            return out
        }
        let whole = try Transcoder.encode(text, to: encoding, escape: escape)
        let lead = original.count - whole.count
        guard lead >= 0, original[lead...].elementsEqual(whole) else {
            throw LoadError(
                .notEditable,
                "a document in \(encoding.label) can be edited only when it converts back to the same bytes, and this one does not")
        }
        var out = Array(original[..<lead])
        var position = 0  // in text
        var mapped = lead  // the same place in original
        for (range, bytes) in replacements {
            let kept = try Transcoder.encode(Array(text[position..<range.lowerBound]), to: encoding, escape: escape).count
            out.append(contentsOf: original[mapped..<(mapped + kept)])
            out += try Transcoder.encode(bytes, to: encoding, escape: escape)
            let replaced = try Transcoder.encode(Array(text[range]), to: encoding, escape: escape).count
            mapped += kept + replaced
            position = range.upperBound
        }
        out.append(contentsOf: original[mapped...])
        return out
    }

}
