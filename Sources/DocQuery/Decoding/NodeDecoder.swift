#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes any `Decodable` type from a node of an XML or JSON document.
///
/// The decoder reads the document's flat node table directly: no
/// intermediate dictionary or JSON text is built. It is a value type; set
/// its strategies once and share it between tasks.
///
/// ```swift
/// struct Schedule: Decodable { let sgName: String; let sgDate: Date; let price: Int? }
///
/// var decoder = NodeDecoder()
/// decoder.dateDecodingStrategy = .formatted("yyyyMMdd")   // the API sends 20180613
/// let schedules = try doc.decode([Schedule].self, at: "body.items.item", using: decoder)
/// ```
///
/// ## JSON
///
/// Objects decode as keyed containers and arrays as unkeyed ones. When an
/// object repeats a key, the **last** member wins, as in JavaScript's
/// `JSON.parse`. JSON is typed: by default a number decodes only into a
/// numeric type, a string only into `String` (or a `Date`, `URL`, `Data`
/// or raw-value enum built from one), `true`/`false` only into `Bool`; set
/// ``jsonScalarStrategy`` to ``JSONScalarStrategy/lenient`` to read numbers
/// and booleans out of strings as XML text is read.
///
/// ## XML
///
/// An element decodes as a keyed container whose keys are its attributes
/// and its child elements, matched by local name (or by the qualified name
/// as written).
///
/// An element without child elements, an attribute and a text node decode
/// as a single value from their text: `String` as written; `Int`, `Double`,
/// `Decimal`, `Bool` and `Date` after trimming XML whitespace. `Bool`
/// accepts `true`, `false`, `1` and `0`, as XML Schema does.
///
/// ## Reserved keys
///
/// The path language's reserved keys (`ReservedName`) reach what is not a
/// member, attribute or child, in either format, unless a real one has that
/// name:
///
/// | key            | value |
/// |----------------|-------|
/// | `_string`      | an element's own character data |
/// | `_text`        | all descendant character data |
/// | `_elementName` | an element's name as written, or a JSON member's key |
/// | `_contents`    | every child element, member value or array element, in order |
/// | `_attributes`  | an element's attributes alone, as a keyed container |
///
/// ```swift
/// struct Price: Decodable {          // <price currency="KRW">1200</price>
///     let currency: String
///     let amount: Decimal
///     enum CodingKeys: String, CodingKey { case currency, amount = "_string" }
/// }
/// ```
///
/// ## One element or many
///
/// XML has no arrays, so a key matches every attribute and child element of
/// that name. Decoding into an array type gives all of them, so
/// `struct Items { let item: [Item] }` reads one `<item>` or fifty alike. A
/// single value of any kind (an XML element, a JSON object or scalar)
/// decoded as an array is an array of one. Decoding several matches into a
/// non-array type throws `DecodingError.typeMismatch`.
///
/// ## Missing values
///
/// An absent key decodes an `Optional` as `nil` and throws
/// `DecodingError.keyNotFound` for anything else; an absent
/// array property is an error too, not an empty array. JSON `null` is nil.
/// In XML, emptiness means absence: an element with no attributes, no child
/// elements and only whitespace text, an attribute whose value is blank, and
/// an element marked `xsi:nil="true"` all decode an `Optional` as `nil`; a
/// non-optional `String` reads an empty element as its (blank) text.
///
/// ## Numbers
///
/// Numbers decode exactly or not at all, in both formats. An integer type
/// accepts any integral value however it is written (`1`, `1.0`, `1e2`) and
/// throws `DecodingError.dataCorrupted` for `1.5` or a value
/// out of its range; `Double` and `Float` throw for a finite value too large
/// to represent (`1e400`); `Decimal` accepts up to 38 significant digits
/// with an exponent from -128 to 127 and never rounds. XML text may also
/// spell `INF`, `-INF` and `NaN` for `Double` and `Float`.
///
/// ## Errors
///
/// Errors are `DecodingError`s whose `codingPath` leads from the decoded
/// node (or from the document root, for `Document.decode(_:at:using:)`)
/// to the value that failed. Their `debugDescription` starts with that path
/// in the path language's notation, such as `body.items.item[3].price`;
/// `path(of:)` renders any coding path the same way.
public struct NodeDecoder: Sendable {
    /// How dates are read. The default is ``DateDecodingStrategy-swift.enum/iso8601``.
    public var dateDecodingStrategy: DateDecodingStrategy
    /// How coding keys map to attribute, element and member names. The
    /// default is ``KeyDecodingStrategy-swift.enum/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy
    /// Whether JSON scalars must match the Swift type. The default is
    /// ``JSONScalarStrategy-swift.enum/strict``.
    public var jsonScalarStrategy: JSONScalarStrategy
    /// Values for `Decoder.userInfo`, passed to every `init(from:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder with the default strategies.
    public init(
        dateDecodingStrategy: DateDecodingStrategy = .iso8601,
        keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys,
        jsonScalarStrategy: JSONScalarStrategy = .strict,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.keyDecodingStrategy = keyDecodingStrategy
        self.jsonScalarStrategy = jsonScalarStrategy
        self.userInfo = userInfo
    }

    /// Decodes a value of `type` from `node`.
    ///
    /// A document node stands for its root. An array type decodes a JSON
    /// array's elements; any other single node is an array of one.
    ///
    /// - Throws: `DecodingError`, with a coding path relative to `node`.
    public func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        let node = node.kind == .document ? node.document.root : node
        let state = DecodingState(options: self)
        return try state.decode(type, from: .one(node), at: .root)
    }

    /// Decodes a value of `type` from the nodes one path matched, as though
    /// a key had matched them: an array type gets one element per node (a
    /// lone JSON array gets its elements), no node at all decodes an
    /// `Optional` as `nil` and an array as empty, and any other type needs
    /// exactly one node.
    ///
    /// - Parameter codingPath: the keys that led to `nodes`, which start the
    ///   coding path of any error.
    package func decode<T: Decodable>(
        _ type: T.Type, from nodes: [Node], codingPath: [any CodingKey]
    ) throws -> T {
        let state = DecodingState(options: self)
        var path = CodingPathNode.root
        for key in codingPath { path = path.appending(key) }
        return try state.decode(type, from: .list(nodes), at: path)
    }

    /// Renders a coding path in the path language's notation: keys joined
    /// by dots, array positions in brackets, and keys that are not plain
    /// names quoted (`body.items.item[3]."unit price"`).
    package static func path(of codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.arrayIndex {
                result += "[\(index)]"
                continue
            }
            if !result.isEmpty { result += "." }
            // The decoder reads reserved keys as such (unless a real key of
            // that name exists), so they are written bare.
            let raw = key is QueryPathKey || ReservedKey.all.contains(key.stringValue)
            result += raw ? key.stringValue : Syntax.quotedIfNeeded(key.stringValue)
        }
        return result
    }
}

extension Node {
    /// Decodes a value of `type` from this node.
    ///
    /// ```swift
    /// let user = try doc.root.decode(User.self)
    /// ```
    ///
    /// - Throws: `DecodingError` naming the path, relative to this node, that failed.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: NodeDecoder = NodeDecoder()) throws -> T {
        try decoder.decode(type, from: self)
    }
}
