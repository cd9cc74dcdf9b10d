extension Node {
    /// The node as JSON text: compact by default, indented by two spaces when
    /// `pretty`. Keys stay in document order, numbers exactly as written,
    /// non-ASCII characters as UTF-8. XML nodes follow the XML-to-JSON
    /// mapping described in <doc:XMLMapping> and in ARCHITECTURE.md.
    public func jsonString(pretty: Bool = false) -> String {
        String(decoding: JSONWriter.write(self, pretty: pretty), as: UTF8.self)
    }

    /// The node as XML text, or `nil` when it comes from a JSON document.
    /// The document node includes an XML declaration.
    public func xmlString() -> String? {
        XMLWriter.write(self).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Document {
    /// The whole document as JSON text; see ``Node/jsonString(pretty:)``.
    public func jsonString(pretty: Bool = false) -> String {
        root.jsonString(pretty: pretty)
    }

    /// The whole document as XML text (with an XML declaration), or `nil`
    /// for a JSON document.
    public func xmlString() -> String? {
        documentNode.xmlString()
    }
}
