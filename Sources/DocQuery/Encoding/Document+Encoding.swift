#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DocTree

extension Document {
    /// A new document holding `value`, as JSON or as XML; see ``DocumentEncoder``.
    ///
    /// ```swift
    /// let doc = try Document(encoding: todo, as: .json)
    /// let title = doc["title"].string   // "Write docs"
    /// ```
    ///
    /// - Throws: `EncodingError` when the value cannot be written in `format`.
    public convenience init(
        encoding value: some Encodable, as format: DocumentFormat, using encoder: DocumentEncoder = DocumentEncoder()
    ) throws {
        try self.init(encoded: encoder.encode(value, as: format), format: format)
    }

    /// A new document holding an ``EditValue``, such as a literal, as JSON
    /// or as XML:
    ///
    /// ```swift
    /// let doc = try Document(["title": "Write docs", "tags": ["docs"]], as: .xml)
    /// // <?xml version="1.0" encoding="UTF-8"?>
    /// // <root><title>Write docs</title><tags>docs</tags></root>
    /// ```
    ///
    /// - Throws: `EncodingError` when the value cannot be written in `format`.
    public convenience init(_ value: EditValue, as format: DocumentFormat, using encoder: DocumentEncoder = DocumentEncoder()) throws {
        try self.init(encoded: encoder.encode(value, as: format), format: format)
    }

    /// Reads back what the encoder wrote.
    private convenience init(encoded bytes: [UInt8], format: DocumentFormat) throws {
        var options = LoadOptions()
        options.format = format
        try self.init(data: Data(bytes), options: options)
    }
}

extension DocumentEditor {
    /// An editor of a new document holding `value`, as JSON or as XML (see
    /// ``DocumentEncoder``), to change further or to send: ``bytes`` are
    /// what the encoder wrote.
    ///
    /// - Throws: `EncodingError` when the value cannot be written in `format`.
    public init(encoding value: some Encodable, as format: DocumentFormat, using encoder: DocumentEncoder = DocumentEncoder()) throws {
        var options = LoadOptions()
        options.format = format
        try self.init(bytes: encoder.encode(value, as: format), options: options)
    }

    /// An editor of a new document holding an ``EditValue``, such as a
    /// literal, as JSON or as XML:
    ///
    /// ```swift
    /// var post = try DocumentEditor(["title": "Write docs", "userId": 7], as: .json)
    /// try post.apply(.insert("docs", into: ".", key: "tag"))
    /// request.httpBody = post.data   // {"title":"Write docs","userId":7,"tag":"docs"}
    /// ```
    ///
    /// - Throws: `EncodingError` when the value cannot be written in `format`.
    public init(_ value: EditValue, as format: DocumentFormat, using encoder: DocumentEncoder = DocumentEncoder()) throws {
        var options = LoadOptions()
        options.format = format
        try self.init(bytes: encoder.encode(value, as: format), options: options)
    }
}
