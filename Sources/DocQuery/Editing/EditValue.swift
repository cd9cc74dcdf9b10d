import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value an edit writes: a string, a number, a Boolean, `null`, an array,
/// an object, or a copy of a node of any document.
///
/// Numbers keep the text they are written with (`Decimal` and integers
/// exactly, `Double` in its shortest round-tripping form), and a copied JSON
/// node keeps its numbers as its document wrote them.
///
/// ```swift
/// let flag: EditValue = true
/// let todo = try EditValue(encoding: Todo(title: "Write", completed: false))
/// let raw = try EditValue(json: #"{"tags": ["a", "b"], "score": 1.50}"#)
/// ```
public struct EditValue: Sendable, Hashable {
    indirect enum Content: Sendable, Hashable {
        case string(String)
        /// A JSON number as written.
        case number(String)
        case bool(Bool)
        case null
        case array([Content])
        case object([Member])
    }

    /// An object member (objects keep their members' order).
    struct Member: Sendable, Hashable {
        var key: String
        var value: Content
        /// Whether XML writes it as an attribute (an encoder's
        /// ``DocumentEncoder/AttributeStrategy-swift.enum`` chose it); JSON ignores it.
        var isAttribute = false
    }

    let content: Content

    init(content: Content) { self.content = content }

    /// A string.
    public init(_ string: String) { content = .string(string) }

    /// An integer of any width, written in decimal.
    public init(_ integer: some BinaryInteger) { content = .number(String(integer)) }

    /// A `Double`, written in its shortest form that reads back the same
    /// (`numberText(_:)`).
    ///
    /// A float literal needs no `try`: `EditValue(0.5)` is the literal
    /// `0.5` as an `EditValue`.
    ///
    /// - Throws: `EncodingError.invalidValue` when `double` is infinite or
    ///   NaN, which JSON cannot hold (as ``DocumentEncoder`` and
    ///   `setValue(_:forKeyPath:)` refuse them).
    public init(_ double: Double) throws(EncodingError) {
        content = try Self.number(double)
    }

    /// A `Float`, written in its shortest form that reads back as the same
    /// `Float` (`Float(0.1)` is `0.1`, not `0.10000000149011612`).
    ///
    /// - Throws: `EncodingError.invalidValue` when `float` is infinite or NaN.
    public init(_ float: Float) throws(EncodingError) {
        content = try Self.number(float)
    }

    /// A `Decimal`, written exactly.
    public init(_ decimal: Decimal) { content = .number(decimal.description) }

    /// A Boolean.
    public init(_ bool: Bool) { content = .bool(bool) }

    /// JSON `null`.
    public static let null = EditValue(content: .null)

    /// An array of values.
    public init(_ elements: [EditValue]) { content = .array(elements.map(\.content)) }

    /// An object whose members come in the order given.
    public init(_ members: KeyValuePairs<String, EditValue>) {
        content = .object(members.map { Member(key: $0.key, value: $0.value.content) })
    }

    /// A copy of `node` and its subtree: a JSON node as its document wrote
    /// it (numbers included); an XML node as its JSON reading
    /// (`Node.jsonString(pretty:)`) gives it.
    public init(_ node: Node) {
        content = Self.content(of: node)
    }

    /// The value a JSON text holds.
    ///
    /// - Throws: `LoadError` when `json` is not one well-formed JSON value.
    public init(json: String) throws(LoadError) {
        var options = LoadOptions()
        options.format = .json
        let document = try Document(string: json, options: options)
        content = Self.content(of: document.root)
    }

    /// The value ``DocumentEncoder`` encodes `value` as, members in the
    /// order the value encodes them (for synthesized `Codable`, the order of
    /// declaration), dates as `encoder`'s strategy writes them (ISO 8601
    /// by default, which ``NodeDecoder`` reads back).
    ///
    /// The keys `encoder`'s ``DocumentEncoder/attributeStrategy`` picks are
    /// attributes when the value goes into an XML document, and ordinary
    /// members in JSON.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded (infinity
    ///   or NaN, which JSON cannot hold), or the value's own error.
    public init(encoding value: some Encodable, using encoder: DocumentEncoder = DocumentEncoder()) throws {
        let state = EncodingState(options: encoder, marksAttributes: true, allowsNonFinite: false)
        content = try state.encode(value, at: []).content
    }

    /// A value of a type key-value coding passes (`setValue(_:forKeyPath:)`):
    /// `nil` or `NSNull` is `null`; strings, integers, `Double`, `Decimal`,
    /// `Bool`, `Node`, arrays and string-keyed dictionaries (keys sorted)
    /// of those, an `EditValue`, or any other `Encodable`.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/invalidValue`` for a value of
    ///   none of these types.
    init(any value: Any?, path: String) throws {
        guard let value else { self = .null; return }
        switch value {
        case let value as EditValue: self = value
        case let value as String: self.init(value)
        case let value as Bool: self.init(value)
        case let value as Int: self.init(value)
        case let value as Int8: self.init(value)
        case let value as Int16: self.init(value)
        case let value as Int32: self.init(value)
        case let value as Int64: self.init(value)
        case let value as UInt: self.init(value)
        case let value as UInt8: self.init(value)
        case let value as UInt16: self.init(value)
        case let value as UInt32: self.init(value)
        case let value as UInt64: self.init(value)
        case let value as Double: self.init(content: try Self.number(value, path: path))
        case let value as Float: self.init(content: try Self.number(value, path: path))
        case let value as Decimal: self.init(value)
        case let value as Node: self.init(value)
        case let value as [Any?]: self.init(try value.map { try EditValue(any: $0, path: path) })
        case let value as [String: Any?]:
            let members = try value.keys.sorted().map { Member(key: $0, value: try EditValue(any: value[$0]!, path: path).content) }
            self.init(content: .object(members))
        case let value as any Encodable: try self.init(encoding: value)
        // KVC's null. Named by its type, since the module sees only
        // FoundationEssentials on Linux, where NSNull is not declared.
        case _ where String(reflecting: type(of: value)) == "Foundation.NSNull": self = .null
        default:
            throw QueryError(.invalidValue, "a value of type \(type(of: value)) cannot be written", path: path, range: 0..<0)
        }
    }

    /// The text every floating-point number is written with, whichever
    /// way it comes (``init(_:)-(Double)``, the encoder, key-value coding):
    /// a whole number below 10^15 (and exactly representable: below 2^24
    /// for `Float`) without a fraction (`3`, not `3.0`), any other the
    /// shortest text that reads back as the same value of its type
    /// (`Float(0.1)` is `0.1`). `value` must be finite.
    static func numberText<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        let exactWholeNumbers = F(sign: .plus, exponent: F.Exponent(F.significandBitCount + 1), significand: 1)
        if value == value.rounded(), abs(value) < Swift.min(1e15, exactWholeNumbers) { return String(Int64(value)) }
        return value.description
    }

    /// A finite `value` as a number, or `EncodingError.invalidValue`.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws(EncodingError) -> Content {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "JSON has no infinity or NaN: \(value)"))
        }
        return .number(numberText(value))
    }

    /// A finite `value` as a number, or ``QueryError/Kind-swift.struct/invalidValue`` at `path`.
    private static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, path: String) throws(QueryError) -> Content {
        guard value.isFinite else {
            throw QueryError(.invalidValue, "\(value) cannot be written as JSON", path: path, range: 0..<0)
        }
        return .number(numberText(value))
    }

    static func content(of node: Node) -> Content {
        guard node.document.format == .json else {
            var options = LoadOptions()
            options.format = .json
            // The JSON view of an XML node is well-formed JSON by construction.
            guard let document = try? Document(string: node.jsonString(), options: options) else {
                return .string(node.string ?? "")
            }
            return content(of: document.root)
        }
        // Built bottom-up from a list of open containers, not by recursion:
        // a value may be nested as deep as LoadOptions.maxDepth allows.
        var open: [(node: Node, children: [Node], built: [Content])] = []
        var next = node
        while true {
            var finished: Content
            if let scalar = scalarContent(of: next) {
                finished = scalar
            } else {
                let children = Array(next.children)
                if let first = children.first {
                    open.append((next, children, []))
                    next = first
                    continue
                }
                finished = container(next, children: [], built: [])
            }
            while true {
                guard var parent = open.popLast() else { return finished }
                parent.built.append(finished)
                if parent.built.count < parent.children.count {
                    next = parent.children[parent.built.count]
                    open.append(parent)
                    break
                }
                finished = container(parent.node, children: parent.children, built: parent.built)
            }
        }
    }

    /// A scalar node's content, or `nil` for an array, object, element or document.
    private static func scalarContent(of node: Node) -> Content? {
        switch node.kind {
        case .string, .attribute, .text, .comment, .processingInstruction: return .string(node.string ?? "")
        case .number: return .number(node.string ?? "0")
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        case .array, .object, .element, .document: return nil
        }
    }

    /// A container node's content, from its children's.
    private static func container(_ node: Node, children: [Node], built: [Content]) -> Content {
        if node.kind == .array { return .array(built) }
        return .object(zip(children, built).map { Member(key: $0.name ?? "", value: $1) })
    }
}

extension EditValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    /// A float literal, written as the literal's `Double`.
    ///
    /// - Precondition: the literal is finite (one too large for a `Double`,
    ///   which the compiler warns of, is not).
    public init(floatLiteral value: Double) {
        precondition(value.isFinite, "JSON has no infinity or NaN")
        content = .number(Self.numberText(value))
    }
    public init(booleanLiteral value: Bool) { self.init(value) }
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: EditValue...) { self.init(elements) }
    public init(dictionaryLiteral elements: (String, EditValue)...) {
        content = .object(elements.map { Member(key: $0.0, value: $0.1.content) })
    }
}
