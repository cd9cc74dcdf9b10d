import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes any `Encodable` value, or an ``EditValue``, as a new JSON or XML
/// document: the mirror of ``NodeDecoder``, so what it writes decodes back
/// into an equal value.
///
/// ```swift
/// struct Todo: Codable { var id: Int; var title: String; var tags: [String] }
///
/// let todo = Todo(id: 7, title: "Write docs", tags: ["docs"])
/// let json = try DocumentEncoder().encode(todo, as: .json)
/// // {"id":7,"title":"Write docs","tags":["docs"]}
///
/// var encoder = DocumentEncoder()
/// encoder.attributeStrategy = .keys(["id"])
/// encoder.rootElementName = "todo"
/// let xml = try encoder.encode(todo, as: .xml)
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <todo id="7"><title>Write docs</title><tags>docs</tags></todo>
/// ```
///
/// Members keep the order the value encodes them in (for synthesized
/// `Codable`, the order of declaration); a `[String: V]` dictionary's keys
/// are sorted, so the output is the same from run to run.
///
/// ## XML
///
/// The mapping is the decoder's read backwards (see the "Building
/// documents" article):
///
/// - the value is the root element, named ``rootElementName``; a keyed
///   value is an element whose keys are its child elements, or its
///   attributes (``attributeStrategy``, a key `@name`, the members of `_attributes`);
/// - an array under a key is that many elements of the key's name (none
///   for an empty array, which the decoder reads back as `[]`);
/// - the key `_string` is the element's own text;
/// - the key `_contents` holds child elements of any names, each a keyed
///   value that names itself with `_elementName` (as the decoder reads them);
/// - a scalar is text: strings as they are, numbers in their shortest
///   exact form, Booleans as `true` and `false`, `Double.infinity` and NaN
///   as XML Schema's `INF`, `-INF` and `NaN`; `nil` (`encodeNil`) is an
///   empty element, which the decoder reads as `nil` (an absent optional
///   is no element at all);
/// - text is escaped: `&`, `<`, `>`, and in attribute values `"` and the
///   white space that attribute normalisation would change.
///
/// A name that is not an XML name (`"unit price"`, `"1st"`), a prefix no
/// `xmlns:` attribute of the element or an ancestor binds, a namespace
/// declaration libxml2 does not accept (its value must be a URI), a character
/// XML 1.0 cannot hold (U+0000 to U+001F other than tab, line feed and
/// carriage return), an array of arrays, an array at the root, or an
/// array or keyed value where an attribute must hold text throws an
/// `EncodingError` whose context names the coding path.
///
/// ## JSON
///
/// Keyed values are objects, unkeyed ones arrays. Numbers are written
/// exactly (integers of any width, `Decimal` as written, `Double` in its
/// shortest round-tripping form); infinity and NaN throw, since JSON has
/// neither. Attributes are ordinary members (a key `@id` stays `"@id"`).
public struct DocumentEncoder: Sendable {
    /// How dates are written. The default is ``DateEncodingStrategy-swift.enum/iso8601``.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// How coding keys become names. The default is ``KeyEncodingStrategy-swift.enum/useDefaultKeys``.
    public var keyEncodingStrategy: KeyEncodingStrategy
    /// Which keys are XML attributes. The default is ``AttributeStrategy-swift.enum/none``.
    public var attributeStrategy: AttributeStrategy
    /// The name of an XML document's root element, unless the value names
    /// itself with the key `_elementName`. The default is `root`.
    public var rootElementName: String
    /// Whether an XML document starts with `<?xml version="1.0" encoding="UTF-8"?>`
    /// and a line feed. The default is `true`.
    public var writesXMLDeclaration: Bool
    /// Compact or indented output. The default is ``Formatting-swift.enum/compact``.
    public var formatting: Formatting
    /// Values for `Encoder.userInfo`, passed to every `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder with the default strategies.
    public init(
        dateEncodingStrategy: DateEncodingStrategy = .iso8601,
        keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys,
        attributeStrategy: AttributeStrategy = .none,
        rootElementName: String = "root",
        writesXMLDeclaration: Bool = true,
        formatting: Formatting = .compact,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.keyEncodingStrategy = keyEncodingStrategy
        self.attributeStrategy = attributeStrategy
        self.rootElementName = rootElementName
        self.writesXMLDeclaration = writesXMLDeclaration
        self.formatting = formatting
        self.userInfo = userInfo
    }

    /// `value` as a document's bytes, in UTF-8.
    ///
    /// - Throws: `EncodingError` when the value cannot be written in
    ///   `format` (see "XML" and "JSON" above), or the value's own error.
    public func encode(_ value: some Encodable, as format: DocumentFormat) throws -> [UInt8] {
        try bytes(of: content(of: value, for: format), as: format)
    }

    /// An ``EditValue`` (literals, nodes, JSON text) as a document's bytes,
    /// in UTF-8, with the same mapping as an `Encodable` value.
    ///
    /// - Throws: `EncodingError` when the value cannot be written in `format`.
    public func encode(_ value: EditValue, as format: DocumentFormat) throws -> [UInt8] {
        try bytes(of: value.content, as: format)
    }

    /// The tree `value` encodes as; attributes are marked only for XML.
    func content(of value: some Encodable, for format: DocumentFormat) throws -> EditValue.Content {
        let state = EncodingState(options: self, format: format)
        return try state.encode(value, at: []).content
    }

    /// `content` laid out as a whole document.
    func bytes(of content: EditValue.Content, as format: DocumentFormat) throws -> [UInt8] {
        switch format {
        case .json:
            if case .compact = formatting {
                return JSONLayout.compactBytes(content)
            }
            guard case .indented(let unit) = formatting else { return [] }
            return Array(JSONLayout(unit: unit, colon: ": ").render(content, indent: "", pretty: true).utf8)
        case .xml:
            var unit: String?
            if case .indented(let indentUnit) = formatting { unit = indentUnit }
            var markup = XMLMarkup(unit: unit, newline: "\n")
            if writesXMLDeclaration { markup.out += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" }
            try markup.root(rootElementName, content)
            if unit != nil { markup.out += "\n" }
            let bytes = Array(markup.out.utf8)
            // What a namespace name may be is libxml2's URI grammar: the
            // one reader decides, rather than a second copy of its rules.
            if markup.declaresNamespaces {
                var options = LoadOptions()
                options.format = .xml
                do {
                    _ = try Document(data: Data(bytes), options: options)
                } catch {
                    throw XMLMarkup.failure(.root, "the namespace declarations do not load: \(error.message)")
                }
            }
            return bytes
        }
    }
}
